/**
 * Bill Approval demo data (issue 16 "Demo data": employee expenses — some over budget, some out of
 * policy, some on hold — vendor booking costs and lump sums waiting for approval, for acme and globex).
 * Per group, on each employee's live move: an expense within budget, one over its budget, one for a
 * service that is not on the employee's policy, one on hold (Info Requested - E'ee); on the first move
 * the within-budget taxi claimed a second time (a likely duplicate, issue 24 §1); a vendor booking
 * cost and a lump sum. The demo has no booked supplier quotes, so the booking costs carry no quote
 * (booking a quote in the app makes its own through the quotes service). Amounts follow each move's
 * first budget (its currency; over budget = the budget plus 15%).
 * Idempotent: every row carries a request id "demo-approval-…" (unique per creator), so a second run
 * inserts nothing. Runs after seedFinanceAccountsDemo; approving makes any account it needs.
 */
import type { DB } from "./index.ts";
import type { SessionUser } from "../services/identity/auth.ts";
import { ledgerMoveForCaller } from "../services/employee/budgets/access.ts";
import { loadLedger } from "../services/employee/budgets/ledger.ts";

const SYSTEM: SessionUser = { id: 0, email: "seed@meridian.test", firstName: "Seed", lastName: "", role: "ADMIN", groupId: null, groupName: null, groupDisplayName: null, termsAccepted: true };
const VENDORS: Record<string, string> = { acme: "Atlas Relocation Services", globex: "Globe Movers GmbH" };
/**
 * The demo employees people sign in as (README): their budgets keep room, so an expense submitted in the app
 * is not refused by a hard budget the demo itself used up. Their moves come last and get no over-budget item;
 * the booking cost and the lump sum go on the group's first other live move.
 */
const DEMO_LOGINS = new Set(["employee@acme.test", "employee@globex.test"]);

/** Inserts the demo approval items; answers how many rows it wrote (0 on a second run). */
export async function seedFinanceApprovalDemo(db: DB, now = new Date()): Promise<number> {
  const at = now.toISOString();
  let written = 0;
  for (const groupName of ["acme", "globex"]) {
    const group = await db.selectFrom("groups").select(["id"]).where("name", "=", groupName).executeTakeFirst();
    if (!group) continue;
    const moves = await db
      .selectFrom("moves as m")
      .innerJoin("users as u", "u.id", "m.employee_user_id")
      .select(["m.id", "m.employee_user_id", "u.email"])
      .where("m.group_id", "=", group.id)
      .where("m.status", "in", ["open", "on_assignment"])
      .orderBy("m.id")
      .execute();
    const ordered = [...moves].sort((a, b) => Number(DEMO_LOGINS.has(a.email)) - Number(DEMO_LOGINS.has(b.email)));
    for (const [i, m] of ordered.slice(0, 3).entries()) {
      const move = await ledgerMoveForCaller(db, SYSTEM, { moveId: m.id });
      if (!move) continue;
      const ledger = await loadLedger(db, move);
      const budget = ledger.budgets[0];
      if (!budget) continue;
      const service = budget.services.find((s) => s !== "MOVEHUB") ?? budget.services[0]!;
      const onPolicy = new Set([...ledger.serviceGroups.keys()].map((k) => k.slice(k.indexOf(":") + 1)));
      const offPolicy = (await db.selectFrom("services").select("key").orderBy("key").execute()).map((s) => s.key).find((k) => !onPolicy.has(k)) ?? "OTHERSERVICE";
      const c = budget.budget.currency;
      const small = Math.max(100, Math.round(budget.budget.amount * 0.04));
      const expenses = [
        { key: "within", service, group: budget.group, gross: small, description: "Taxi from the airport", hold: null },
        { key: "over", service, group: budget.group, gross: Math.round(budget.budget.amount * 1.15), description: "Furniture rental for three months", hold: null },
        { key: "policy", service: offPolicy, group: 99, gross: small * 2, description: "Golf club membership", hold: null },
        { key: "hold", service, group: budget.group, gross: small + 1250, description: "Hotel, two extra nights", hold: "Info Requested - E'ee" },
        // Issue 24 §1: the taxi claimed twice (same employee, amount, date and category): Bill Approval flags the pair.
        ...(i === 0 ? [{ key: "again", service, group: budget.group, gross: small, description: "Taxi from the airport", hold: null }] : []),
      ].filter((e) => !(e.key === "over" && DEMO_LOGINS.has(m.email)));
      for (const e of expenses) {
        const row = await db
          .insertInto("expenses")
          .values({
            group_id: group.id, move_id: m.id, employee_user_id: m.employee_user_id, service_key: e.service, move_stage: budget.stage, budget_group: e.group,
            category: "OTHER", category_other: e.description, description: e.description, expense_date: at.slice(0, 10), currency: c,
            net_amount: e.gross, tax_amount: 0, gross_amount: e.gross, budget_currency: e.group === 99 ? null : c, budget_amount: e.group === 99 ? null : e.gross,
            exchange_rate: e.group === 99 ? null : "1", receipt_file_id: null, status: "SUBMITTED_WITHOUT_RECEIPT", hold_reason: e.hold,
            request_id: `demo-approval-${groupName}-${i}-${e.key}`, created_at: at, updated_at: at,
          })
          .onConflict((oc) => oc.columns(["employee_user_id", "request_id"]).doNothing())
          .returning("id")
          .executeTakeFirst();
        if (row) written++;
      }
      if (i > 0) continue;
      const company = await db
        .insertInto("finance_companies")
        .values({ company_name: VENDORS[groupName]!, category: "Vendor", created_at: at })
        .onConflict((oc) => oc.columns(["category", "company_name"]).doNothing())
        .returning("id")
        .executeTakeFirst();
      const companyId = company?.id ?? (await db.selectFrom("finance_companies").select("id").where("category", "=", "Vendor").where("company_name", "=", VENDORS[groupName]!).executeTakeFirstOrThrow()).id;
      const items = [
        { kind: "bookingCost" as const, key: "booking", service, group: budget.group, gross: Math.round(budget.budget.amount * 0.3), description: `${VENDORS[groupName]} — removal booking`, vendor: VENDORS[groupName]!, companyId },
        { kind: "lumpSum" as const, key: "lumpsum", service: null, group: null, gross: Math.round(budget.budget.amount * 0.25), description: "Relocation lump sum", vendor: null, companyId: null },
      ];
      for (const it of items) {
        // created_by is null (the seed), and nulls never collide in a unique index: look first.
        const requestId = `demo-approval-${groupName}-${it.key}`;
        if (await db.selectFrom("finance_items").select("id").where("request_id", "=", requestId).executeTakeFirst()) continue;
        const row = await db
          .insertInto("finance_items")
          .values({
            kind: it.kind, group_id: group.id, move_id: m.id, employee_user_id: m.employee_user_id, service_key: it.service, move_stage: budget.stage, budget_group: it.group,
            company_id: it.companyId, vendor_name: it.vendor, description: it.description, currency: c, net_amount: it.gross, tax_amount: 0, gross_amount: it.gross,
            request_id: requestId, created_by: null, created_at: at, updated_at: at,
          })
          .returning("id")
          .executeTakeFirst();
        if (row) written++;
      }
    }
  }
  return written;
}
