/**
 * Bill Management demo data (issue 16): on a fresh seeded database, bills in every status for acme and
 * globex, each paid bill with one payment and its ledger entry, every account's running balance equal to
 * the sum of its entries; a second run writes nothing.
 */
import { describe, expect, test } from "bun:test";
import { useTestDatabase } from "../test/fixtures.ts";
import { seedFinanceBillsDemo } from "./seed-finance-bills.ts";

const t = useTestDatabase();

describe("seedFinanceBillsDemo", () => {
  test("bills in every status for both groups, consistent payments and ledger, idempotent", async () => {
    const written = await seedFinanceBillsDemo(t.db);
    expect(written).toBe(24);
    const bills = await t.db.selectFrom("bills as b").innerJoin("groups as g", "g.id", "b.group_id").select(["g.name", "b.id", "b.status", "b.audited", "b.hold_reason", "b.gross_amount"]).where("b.reference", "like", "DEMO-BM-%").execute();
    for (const group of ["acme", "globex"]) {
      const mine = bills.filter((b) => b.name === group);
      expect(new Set(mine.map((b) => b.status))).toEqual(new Set(["Open", "PaymentPending", "Paid", "PaidPendingAudit", "Void"]));
      expect(mine.some((b) => b.audited === 1)).toBe(true);
      expect(mine.some((b) => b.hold_reason !== null)).toBe(true);
    }
    for (const b of bills.filter((x) => x.status === "Paid" || x.status === "PaidPendingAudit")) {
      const payments = await t.db.selectFrom("payments").select(["amount"]).where("bill_id", "=", b.id).execute();
      expect(payments.map((p) => p.amount)).toEqual([b.gross_amount]);
      const entries = await t.db.selectFrom("finance_entries").select(["kind", "amount"]).where("bill_id", "=", b.id).orderBy("id").execute();
      expect(entries).toEqual([
        { kind: "charge", amount: b.gross_amount },
        { kind: "payment", amount: -b.gross_amount },
      ]);
    }
    const accounts = await t.db.selectFrom("finance_entries").select("account_id").distinct().execute();
    for (const { account_id } of accounts) {
      const rows = await t.db.selectFrom("finance_entries").select(["amount", "balance_after"]).where("account_id", "=", account_id).orderBy("seq").execute();
      let sum = 0;
      for (const r of rows) {
        sum += r.amount;
        expect(r.balance_after).toBe(sum);
      }
    }
    expect(await seedFinanceBillsDemo(t.db)).toBe(0);
  });
});
