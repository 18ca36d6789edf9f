/**
 * Finance accounts demo data (issue 16): on a fresh seeded database with the wizard demo, the companies per
 * category, subgroups of acme and globex, client/vendor/employee accounts whose balances are the sums of
 * their entries (never stored), the bank accounts (one locked and paid, one not confirmed) and the two lock
 * periods; a second run writes nothing.
 */
import { describe, expect, test } from "bun:test";
import { useTestDatabase } from "../test/fixtures.ts";
import { DEMO_ACCOUNTS, DEMO_BANK_ACCOUNTS, DEMO_COMPANIES, DEMO_LOCK_PERIODS, seedFinanceAccountsDemo } from "./seed-finance-accounts.ts";

const t = useTestDatabase({ wizardDemo: true });

describe("seedFinanceAccountsDemo", () => {
  test("companies, subgroups, accounts with ledger balances, bank accounts and lock periods; idempotent", async () => {
    expect(await seedFinanceAccountsDemo(t.db)).toBe(DEMO_ACCOUNTS.length);
    const companies = await t.db.selectFrom("finance_companies").select(["company_name", "category"]).execute();
    for (const [category, names] of Object.entries(DEMO_COMPANIES)) {
      for (const name of names) expect(companies).toContainEqual({ company_name: name, category });
    }
    const subgroups = await t.db.selectFrom("finance_subgroups as s").innerJoin("groups as g", "g.id", "s.group_id").select(["g.name as group", "s.name"]).execute();
    expect(subgroups.filter((s) => s.group === "acme").length).toBeGreaterThanOrEqual(2);
    expect(subgroups.filter((s) => s.group === "globex").length).toBeGreaterThanOrEqual(2);

    for (const a of DEMO_ACCOUNTS) {
      const row = await t.db.selectFrom("finance_accounts").selectAll().where("name", "=", a.name).executeTakeFirstOrThrow();
      expect(row.type).toBe(a.type);
      expect(row.natural_key).not.toBeNull();
      const entries = await t.db.selectFrom("finance_entries").select(["seq", "amount", "balance_after"]).where("account_id", "=", row.id).orderBy("seq").execute();
      const expected = a.movements.filter((m) => m.amount !== 0).map((m) => m.amount);
      expect(entries.map((e) => e.amount)).toEqual(expected);
      let sum = 0;
      for (const e of entries) expect(e.balance_after).toBe((sum += e.amount));
    }
    const acmeUsd = await t.db.selectFrom("finance_accounts as a").innerJoin("groups as g", "g.id", "a.group_id").select(["a.natural_key"]).where("g.name", "=", "acme").where("a.type", "=", "Client").where("a.currency", "=", "USD").executeTakeFirstOrThrow();
    expect(acmeUsd.natural_key).toMatch(/^Client:\d+:USD$/);

    const banks = await t.db.selectFrom("employee_bank_accounts").select(["account_alias", "locked", "payment_completed", "un_confirmed"]).execute();
    expect(banks.length).toBe(DEMO_BANK_ACCOUNTS.length);
    expect(banks.some((b) => b.locked === 1 && b.payment_completed === 1)).toBe(true);
    expect(banks.some((b) => b.un_confirmed === 1)).toBe(true);
    const periods = await t.db.selectFrom("finance_lock_periods").select(["period_name", "lock_date"]).orderBy("lock_date").execute();
    expect(periods).toEqual(DEMO_LOCK_PERIODS.map((p) => ({ period_name: p.periodName, lock_date: p.lockDate })));

    const counts = async () => ({
      accounts: (await t.db.selectFrom("finance_accounts").select("id").execute()).length,
      entries: (await t.db.selectFrom("finance_entries").select("id").execute()).length,
      banks: (await t.db.selectFrom("employee_bank_accounts").select("id").execute()).length,
    });
    const before = await counts();
    expect(await seedFinanceAccountsDemo(t.db)).toBe(0);
    expect(await counts()).toEqual(before);
  });
});
