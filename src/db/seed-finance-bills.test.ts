/**
 * Bill Management demo data (issue 16): on a fresh seeded database, bills in every status for acme and
 * globex, each paid bill with one payment and its ledger entry, every account's running balance equal to
 * the sum of its entries; every bill made from the source its type names (an approved booking cost,
 * ad-hoc cash spend, lump sum or expense) on the employee's live move, through the approval service
 * (its audit row); a second run writes nothing.
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
    const SOURCE: Record<string, string> = { VendorBooking: "bookingCost", CashAllowances: "adhocCashSpend", CashLumpSumBill: "lumpSum", Expense: "expense", ExpenseBill: "expense" };
    const full = await t.db.selectFrom("bills").selectAll().where("reference", "like", "DEMO-BM-%").execute();
    expect(new Set<string>(full.map((b) => b.bill_type))).toEqual(new Set(Object.keys(SOURCE)));
    for (const b of full) {
      expect(b.source_kind).toBe(SOURCE[b.bill_type]!);
      expect(b.move_id).not.toBeNull();
      expect(b.service_key).not.toBeNull();
      expect(b.move_stage).not.toBeNull();
      const move = await t.db.selectFrom("moves as m").innerJoin("users as u", "u.id", "m.employee_user_id").select(["u.email", "m.status"]).where("m.id", "=", b.move_id!).executeTakeFirstOrThrow();
      expect(move.email).toMatch(/^employee@(acme|globex)\.test$/);
      expect(["open", "on_assignment"]).toContain(move.status);
      const source =
        b.source_kind === "expense"
          ? await t.db.selectFrom("expenses").select(["status", "move_id", "service_key", "move_stage", "gross_amount", "currency"]).where("id", "=", b.source_id).executeTakeFirstOrThrow()
          : await t.db.selectFrom("finance_items").select(["status", "move_id", "service_key", "move_stage", "gross_amount", "currency", "adhoc_type", "vendor_name"]).where("id", "=", b.source_id).where("kind", "=", b.source_kind as "bookingCost").executeTakeFirstOrThrow();
      expect(source).toMatchObject({ status: "APPROVED", move_id: b.move_id, service_key: b.service_key, move_stage: b.move_stage, gross_amount: b.gross_amount, currency: b.currency });
      if (b.bill_type === "CashAllowances") expect((source as { adhoc_type: string }).adhoc_type).toBe("CashAllowance");
      if (b.bill_type === "VendorBooking") expect((source as { vendor_name: string }).vendor_name).toBe(b.vendor_name!);
      // Bills of November went through the approval service (its audit row names the bill).
      if (b.bill_date >= "2026-11-01" && b.bill_type !== "ExpenseBill") {
        const approvals = await t.db.selectFrom("audit_log").select("new_values").where("action", "=", "finance.approve").where("entity_id", "=", String(b.source_id)).execute();
        expect(approvals.some((a) => (JSON.parse(a.new_values!) as { billIds: number[] }).billIds.includes(b.id))).toBe(true);
      }
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
