import { describe, expect, test } from "bun:test";
import fc from "fast-check";
import { applyLedgerAction, balanceOf, emptyLedger, runningBalances, type Ledger, type LedgerAction } from "./ledger.ts";
import { financeMessages as M } from "./messages.ts";

function run(actions: LedgerAction[]): Ledger {
  let l = emptyLedger();
  for (const a of actions) {
    const r = applyLedgerAction(l, a);
    if (!r.ok) throw new Error(r.message);
    l = r.ledger;
  }
  return l;
}

const usd = (amount: number) => ({ amount, currency: "USD" });

describe("ledger", () => {
  test("balance is the sum of entries; running balance in order", () => {
    const l = run([
      { type: "createBill", billId: 1, billType: "Expense", accountId: 7, amount: usd(10000), date: "2026-04-02" },
      { type: "adjust", accountId: 7, amount: "-12.50", currency: "USD", date: "2026-04-03" },
      { type: "markPaymentPending", billId: 1 },
      { type: "pay", billId: 1, paymentDate: "2026-04-10" },
    ]);
    expect(balanceOf(l.entries, 7, "USD")).toEqual(usd(-1250));
    expect(l.balances[7]).toEqual(usd(-1250));
    expect(runningBalances(l.entries, 7, "USD").map((r) => r.balance.amount)).toEqual([10000, 8750, -1250]);
    expect(l.bills[1]!.status).toBe("Paid");
  });
  test("a second payment of the same bill is refused and adds nothing", () => {
    const l = run([
      { type: "createBill", billId: 1, billType: "Expense", accountId: 7, amount: usd(500), date: "2026-04-02" },
      { type: "recordPayment", billId: 1, paymentDate: "2026-04-05" },
    ]);
    expect(applyLedgerAction(l, { type: "recordPayment", billId: 1, paymentDate: "2026-04-06" })).toEqual({ ok: false, message: M.alreadyPaid });
    expect(applyLedgerAction(l, { type: "pay", billId: 1, paymentDate: "2026-04-06" })).toEqual({ ok: false, message: M.alreadyPaid });
  });
  test("nothing on or before a lock date is created, changed or paid", () => {
    const l = run([
      { type: "createBill", billId: 1, billType: "Expense", accountId: 7, amount: usd(500), date: "2026-03-20" },
      { type: "createBill", billId: 2, billType: "CashAllowances", accountId: 7, amount: usd(700), date: "2026-04-20" },
      { type: "lock", periodName: "Q1", lockDate: "2026-03-31" },
    ]);
    const refused = (a: LedgerAction) => {
      const r = applyLedgerAction(l, a);
      expect(r.ok).toBe(false);
      if (!r.ok) expect(r.message).toContain("Q1");
    };
    refused({ type: "adjust", accountId: 7, amount: "5", currency: "USD", date: "2026-03-31" });
    refused({ type: "createBill", billId: 3, billType: "Expense", accountId: 7, amount: usd(1), date: "2026-01-01" });
    refused({ type: "void", billId: 1, rejectionId: 1 });
    refused({ type: "moveBill", billId: 1, newDate: "2026-05-01" });
    refused({ type: "moveBill", billId: 2, newDate: "2026-03-01" });
    refused({ type: "recordPayment", billId: 2, paymentDate: "2026-03-15" });
    expect(applyLedgerAction(l, { type: "recordPayment", billId: 2, paymentDate: "2026-04-21" }).ok).toBe(true);
    expect(applyLedgerAction(l, { type: "lock", periodName: "", lockDate: "2026-04-30" })).toEqual({ ok: false, message: M.lockPeriodFields });
  });
  test("adjustments follow the manual-adjustment rules", () => {
    const l = emptyLedger();
    expect(applyLedgerAction(l, { type: "adjust", accountId: 1, amount: "0", currency: "USD", date: "2026-01-01" })).toEqual({ ok: false, message: M.amountNonZero });
    expect(applyLedgerAction(l, { type: "adjust", accountId: 1, amount: "", currency: "USD", date: "2026-01-01" })).toEqual({ ok: false, message: "Please enter an amount" });
    expect(applyLedgerAction(l, { type: "adjust", accountId: 1, amount: "1.5", currency: "JPY", date: "2026-01-01" })).toEqual({ ok: false, message: M.amountDecimalsJpy });
  });

  test("property: balances equal the sum of entries, no bill is paid twice, nothing inside a lock period changes", () => {
    const day = fc.integer({ min: 0, max: 364 }).map((d) => new Date(Date.UTC(2026, 0, 1 + d)).toISOString().slice(0, 10));
    const billId = fc.integer({ min: 1, max: 6 });
    const accountId = fc.integer({ min: 1, max: 3 });
    const currencyOfAccount = (a: number) => (a === 3 ? "JPY" : "USD");
    const action: fc.Arbitrary<LedgerAction> = fc.oneof(
      fc.record({ type: fc.constant("adjust" as const), accountId, amount: fc.oneof(fc.integer({ min: -99999, max: 99999 }).map(String), fc.constantFrom("0", "", "1.005", "abc", "12.34")), currency: fc.constant("USD"), date: day }).map((a) => ({ ...a, currency: currencyOfAccount(a.accountId) })),
      fc.record({ type: fc.constant("createBill" as const), billId, billType: fc.constantFrom("VendorBooking" as const, "Expense" as const, "CashAllowances" as const), accountId, amount: fc.integer({ min: -50000, max: 500000 }), date: day }).map((a) => ({ ...a, amount: { amount: a.amount, currency: currencyOfAccount(a.accountId) } })),
      fc.record({ type: fc.constant("markPaymentPending" as const), billId }),
      fc.record({ type: fc.constantFrom("pay" as const, "recordPayment" as const), billId, paymentDate: day }),
      fc.record({ type: fc.constant("moveBill" as const), billId, newDate: day }),
      fc.record({ type: fc.constant("void" as const), billId, rejectionId: fc.option(fc.integer({ min: 1, max: 3 })) }),
      fc.record({ type: fc.constant("lock" as const), periodName: fc.constantFrom("P1", "P2", ""), lockDate: day }),
    );
    fc.assert(
      fc.property(fc.array(action, { maxLength: 60 }), (actions) => {
        let l = emptyLedger();
        for (const a of actions) {
          const before = l;
          const r = applyLedgerAction(before, a);
          if (!r.ok) {
            expect(typeof r.message).toBe("string");
            continue; // a refusal returns no ledger: the old one stands unchanged
          }
          l = r.ledger;
          // append-only: every earlier entry is still there, unchanged
          expect(l.entries.slice(0, before.entries.length)).toEqual([...before.entries]);
          // nothing new dated on or before a lock date that existed before the action
          const lockDate = before.lockPeriods.reduce((m, p) => (p.lockDate > m ? p.lockDate : m), "");
          for (const e of l.entries.slice(before.entries.length)) expect(e.date > lockDate).toBe(true);
          // a locked bill keeps its status and date
          for (const [id, b] of Object.entries(before.bills)) {
            if (b.date <= lockDate) {
              expect(l.bills[Number(id)]!.date).toBe(b.date);
              expect(l.bills[Number(id)]!.status).toBe(b.status);
            }
          }
        }
        for (const acc of [1, 2, 3]) {
          const cur = currencyOfAccount(acc);
          expect(l.balances[acc] ?? { amount: 0, currency: cur }).toEqual(balanceOf(l.entries, acc, cur));
        }
        for (const b of Object.values(l.bills)) {
          const payments = l.entries.filter((e) => e.billId === b.id && e.kind === "payment");
          expect(payments.length).toBe(b.status === "Paid" || b.status === "PaidPendingAudit" ? 1 : 0);
        }
      }),
      { numRuns: 400 },
    );
  });
});
