/**
 * Demo data of the finance accounts (issue 16): vendor companies per category (the ad-hoc company lookup),
 * subgroups of acme and globex, client accounts (acme USD and GBP, globex EUR), vendor accounts, the demo
 * employees' accounts, employee bank accounts (one locked and paid, one not confirmed), the lock periods
 * "2026-09" and "2026-10", and opening balances and manual adjustments as ledger entries (balances are
 * never stored). Accounts use the natural keys `ensureAccount` uses, so the approval and bill services find
 * them. Idempotent: skipped when the demo companies exist. Runs after the wizard demo (it needs its people);
 * a missing person or group is skipped.
 */
import { appendEntry, naturalKeyOf } from "../services/finance/core.ts";
import type { DB } from "./index.ts";

export const DEMO_COMPANIES: Record<string, string[]> = {
  REMOVALS: ["Atlas International Removals", "Swift Global Movers"],
  IMMIGRATION: ["VisaPath Advisors", "Borderless Immigration Partners"],
  FLATSEARCH: ["HomeFinder Relocation", "KeyStone Flat Search"],
  TEMPORARY_ACCOMMODATION: ["Citadel Serviced Apartments", "StayWell Corporate Housing"],
  SCHOOL_SEARCH: ["EduMove School Search"],
  TAX: ["Harbour Tax Partners"],
};

export const DEMO_SUBGROUPS: Record<string, string[]> = {
  acme: ["Acme London", "Acme New York", "Acme Singapore"],
  globex: ["Globex Berlin", "Globex Paris"],
};

export const DEMO_LOCK_PERIODS = [
  { periodName: "2026-09", lockDate: "2026-09-30" },
  { periodName: "2026-10", lockDate: "2026-10-31" },
];

type Movement = { date: string; amount: number; notes: string };
/** Bank details (issue 24 §5): published example IBANs, or a US account number with its ABA routing number. */
type DemoBank = { iban?: string; bic?: string; accountNumber?: string; bankCode?: string };
type DemoAccount = { type: "Client" | "Vendor" | "Employee"; name: string; currency: string; group?: string; subgroup?: string; company?: string; employee?: string; billingType?: "Drawdown" | "Other"; float?: number; bank?: DemoBank; movements: Movement[] };

export const DEMO_ACCOUNTS: DemoAccount[] = [
  { type: "Client", name: "Acme Corporation (USD)", currency: "USD", group: "acme", subgroup: "Acme New York", billingType: "Drawdown", float: 5_000_000, bank: { accountNumber: "483101090345", bankCode: "021000021", bic: "CHASUS33" }, movements: [{ date: "2026-09-01", amount: 25_000_000, notes: "Opening balance" }, { date: "2026-10-15", amount: -1_250_000, notes: "Drawdown correction after the September reconciliation" }] },
  { type: "Client", name: "Acme Corporation (GBP)", currency: "GBP", group: "acme", subgroup: "Acme London", bank: { iban: "GB29NWBK60161331926819", bic: "NWBKGB2L" }, movements: [{ date: "2026-09-01", amount: 8_000_000, notes: "Opening balance" }] },
  { type: "Client", name: "Globex (EUR)", currency: "EUR", group: "globex", subgroup: "Globex Berlin", bank: { iban: "DE89370400440532013000", bic: "COBADEFFXXX" }, movements: [{ date: "2026-09-01", amount: 12_000_000, notes: "Opening balance" }, { date: "2026-11-03", amount: 45_000, notes: "Bank charges refunded" }] },
  { type: "Vendor", name: "Atlas International Removals (GBP)", currency: "GBP", company: "Atlas International Removals", group: "acme", bank: { iban: "GB82WEST12345698765432", bic: "WESTGB2L" }, movements: [{ date: "2026-09-01", amount: 0, notes: "" }] },
  { type: "Vendor", name: "VisaPath Advisors (USD)", currency: "USD", company: "VisaPath Advisors", group: "acme", bank: { accountNumber: "000123456789", bankCode: "026009593", bic: "BOFAUS3N" }, movements: [{ date: "2026-11-05", amount: -15_000, notes: "Credit note CN-2211 applied" }] },
  { type: "Employee", name: "Emma Lindqvist (USD)", currency: "USD", employee: "employee@acme.test", movements: [{ date: "2026-09-01", amount: 0, notes: "" }, { date: "2026-11-10", amount: 12_550, notes: "Per diem shortfall reimbursed manually" }] },
  { type: "Employee", name: "Mei Tanaka (GBP)", currency: "GBP", employee: "mei.tanaka@acme.test", movements: [{ date: "2026-11-12", amount: -4_000, notes: "Duplicate taxi claim recovered" }] },
  { type: "Employee", name: "Grace Okafor (EUR)", currency: "EUR", employee: "employee@globex.test", movements: [] },
];

/** Bank accounts of demo employees: one locked and paid, one not yet confirmed by the payment system, one confirmed. */
export const DEMO_BANK_ACCOUNTS = [
  { employee: "employee@acme.test", alias: "Salary account", number: "US12 3456 7890 1234 5678", currency: "USD", locked: 1, paid: 1, unConfirmed: 0, bankCode: "021000021", bic: "CHASUS33", iban: null },
  { employee: "employee@acme.test", alias: "London current account", number: "GB29 NWBK 6016 1331 9268 19", currency: "GBP", locked: 0, paid: 0, unConfirmed: 1, bankCode: null, bic: "NWBKGB2L", iban: "GB29NWBK60161331926819" },
  { employee: "employee@globex.test", alias: "Girokonto", number: "DE89 3704 0044 0532 0130 00", currency: "EUR", locked: 0, paid: 0, unConfirmed: 0, bankCode: null, bic: "COBADEFFXXX", iban: "DE89370400440532013000" },
];

/** Writes the demo; answers how many accounts it created (0 when the demo is already there). */
export async function seedFinanceAccountsDemo(db: DB): Promise<number> {
  const marker = await db.selectFrom("finance_companies").select("id").where("company_name", "=", DEMO_COMPANIES.REMOVALS![0]!).executeTakeFirst();
  if (marker) return 0;
  const at = new Date().toISOString();
  return db.transaction().execute(async (trx) => {
    for (const [category, names] of Object.entries(DEMO_COMPANIES)) {
      await trx.insertInto("finance_companies").values(names.map((company_name) => ({ company_name, category, created_at: at }))).onConflict((oc) => oc.columns(["category", "company_name"]).doNothing()).execute();
    }
    const groups = new Map((await trx.selectFrom("groups").select(["id", "name"]).execute()).map((g) => [g.name, g.id]));
    for (const [group, names] of Object.entries(DEMO_SUBGROUPS)) {
      const groupId = groups.get(group);
      if (groupId === undefined) continue;
      await trx.insertInto("finance_subgroups").values(names.map((name) => ({ group_id: groupId, name, created_at: at }))).onConflict((oc) => oc.columns(["group_id", "name"]).doNothing()).execute();
    }
    for (const p of DEMO_LOCK_PERIODS) {
      await trx.insertInto("finance_lock_periods").values({ period_name: p.periodName, lock_date: p.lockDate, created_by: null, created_at: at }).onConflict((oc) => oc.column("period_name").doNothing()).execute();
    }
    let created = 0;
    for (const a of DEMO_ACCOUNTS) {
      let groupId = a.group ? (groups.get(a.group) ?? null) : null;
      let userId: number | null = null;
      let companyId: number | null = null;
      if (a.employee) {
        const user = await trx.selectFrom("users").select(["id", "group_id"]).where("email", "=", a.employee).executeTakeFirst();
        if (!user) continue;
        userId = user.id;
        groupId = user.group_id;
      }
      if (a.company) companyId = (await trx.selectFrom("finance_companies").select("id").where("company_name", "=", a.company).executeTakeFirstOrThrow()).id;
      if (a.group && groupId === null) continue;
      const subgroupId = a.subgroup && groupId !== null ? ((await trx.selectFrom("finance_subgroups").select("id").where("group_id", "=", groupId).where("name", "=", a.subgroup).executeTakeFirst())?.id ?? null) : null;
      const inserted = await trx
        .insertInto("finance_accounts")
        .values({
          name: a.name,
          type: a.type,
          group_id: groupId,
          subgroup_id: subgroupId,
          company_id: companyId,
          user_id: userId,
          currency: a.currency,
          billing_type: a.billingType ?? "Other",
          float_amount: a.float ?? 0,
          natural_key: naturalKeyOf({ type: a.type, currency: a.currency, groupId, userId, companyId }),
          iban: a.bank?.iban ?? null,
          bic: a.bank?.bic ?? null,
          bank_account_number: a.bank?.accountNumber ?? null,
          bank_code: a.bank?.bankCode ?? null,
          created_by: null,
          created_at: at,
          updated_at: at,
        })
        .onConflict((oc) => oc.column("natural_key").doNothing())
        .returning("id")
        .executeTakeFirst();
      if (!inserted) continue;
      created++;
      for (const m of a.movements) {
        if (m.amount === 0) continue;
        await appendEntry(trx, { accountId: inserted.id, date: m.date, kind: "adjustment", amount: m.amount, currency: a.currency, notes: m.notes, actorUserId: null, at });
      }
    }
    for (const b of DEMO_BANK_ACCOUNTS) {
      const user = await trx.selectFrom("users").select(["id", "group_id"]).where("email", "=", b.employee).executeTakeFirst();
      if (!user || user.group_id === null) continue;
      await trx
        .insertInto("employee_bank_accounts")
        .values({ group_id: user.group_id, employee_user_id: user.id, account_alias: b.alias, account_number: b.number, account_currency: b.currency, iban: b.iban, bic: b.bic, bank_code: b.bankCode, locked: b.locked, payment_completed: b.paid, un_confirmed: b.unConfirmed, created_at: at, updated_at: at })
        .execute();
    }
    return created;
  });
}
