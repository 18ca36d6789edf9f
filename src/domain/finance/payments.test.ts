import { describe, expect, test } from "bun:test";
import fc from "fast-check";
import { financeMessages as M } from "./messages.ts";
import { checkCreateRecipientAccount, checkMultiBillPayment, checkPaidPopup, distinctBills, paidPopupTotalFrom, totalsByCurrency, type PayableBill } from "./payments.ts";

const bill = (id: number, amount: number, over: Partial<PayableBill> = {}): PayableBill => ({
  id,
  amount: { amount, currency: "EUR" },
  fromAccountCurrency: "EUR",
  toAccountCurrency: "GBP",
  invoiceCurrency: "EUR",
  ...over,
});

describe("multi-bill payment (§5)", () => {
  test("at least one bill", () => {
    expect(checkMultiBillPayment([])).toBe("Please select at least one bill");
  });
  test("uniform bill, from-account, to-account and invoice currencies", () => {
    expect(checkMultiBillPayment([bill(1, 100), bill(2, 250)])).toBeNull();
    expect(checkMultiBillPayment([bill(1, 100), bill(2, 250, { amount: { amount: 250, currency: "USD" } })])).toBe(M.mixedBillCurrencies);
    expect(checkMultiBillPayment([bill(1, 100), bill(2, 250, { fromAccountCurrency: "USD" })])).toBe(M.mixedFromAccountCurrencies);
    expect(checkMultiBillPayment([bill(1, 100), bill(2, 250, { toAccountCurrency: "EUR" })])).toBe(M.mixedToAccountCurrencies);
    expect(checkMultiBillPayment([bill(1, 100), bill(2, 250, { invoiceCurrency: "CHF" })])).toBe(M.mixedInvoiceCurrencies);
  });
  test("held bills cannot be paid; a bill selected twice counts once", () => {
    expect(checkMultiBillPayment([bill(1, 100), bill(2, 5, { onHold: true })])).toBe(M.billOnHold);
    expect(distinctBills([bill(1, 100), bill(1, 100), bill(2, 5)]).map((b) => b.id)).toEqual([1, 2]);
    expect(paidPopupTotalFrom([bill(1, 100), bill(1, 100), bill(2, 5)])).toEqual({ amount: 105, currency: "EUR" });
  });
  test("Paid popup: same currency with differing totals is blocked", () => {
    expect(checkPaidPopup({ amount: 105, currency: "EUR" }, { amount: 105, currency: "EUR" })).toBeNull();
    expect(checkPaidPopup({ amount: 105, currency: "EUR" }, { amount: 104, currency: "EUR" })).toBe(M.paidTotalsDiffer);
    expect(checkPaidPopup({ amount: 105, currency: "EUR" }, { amount: 90, currency: "GBP" })).toBeNull();
  });
  test("recipient-currency account needs exactly one invoice and a currency", () => {
    expect(checkCreateRecipientAccount(1, "JPY")).toBeNull();
    expect(checkCreateRecipientAccount(2, "JPY")).toBe(M.recipientAccountNeedsOneInvoice);
    expect(checkCreateRecipientAccount(1, "")).toBe(M.recipientAccountNeedsOneInvoice);
  });
  test("property: totals per currency sum every amount exactly, one row per currency", () => {
    const money = fc.record({ amount: fc.integer({ min: -1e9, max: 1e9 }), currency: fc.constantFrom("USD", "EUR", "JPY") });
    fc.assert(
      fc.property(fc.array(money, { maxLength: 40 }), (items) => {
        const totals = totalsByCurrency(items);
        expect(totals.map((t) => t.currency)).toEqual([...new Set(items.map((i) => i.currency))].sort());
        for (const t of totals) expect(t.amount).toBe(items.filter((i) => i.currency === t.currency).reduce((a, i) => a + i.amount, 0));
      }),
    );
  });
});
