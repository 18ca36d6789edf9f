import { describe, expect, test } from "bun:test";
import fc from "fast-check";
import {
  adhocAmount,
  adhocChargeSchema,
  checkAdhocCharge,
  checkAuditPayment,
  checkBillAmounts,
  checkBillLines,
  checkLockPeriodInput,
  checkManualAdjustment,
  checkRejection,
  checkVoidReason,
  readAmount,
  withinTolerance,
} from "./amounts.ts";
import { financeMessages as M } from "./messages.ts";

const line = { gross: "100.00", net: "80.00", tax: "20.00", notes: "", spendCategoryId: 12 };

describe("readAmount (§5/§9 two decimals, JPY none)", () => {
  test("reads major units into minor units", () => {
    expect(readAmount("1,234.5", "USD")).toEqual({ money: { amount: 123450, currency: "USD" } });
    expect(readAmount("1235", "JPY")).toEqual({ money: { amount: 1235, currency: "JPY" } });
  });
  test("refuses three decimals, any JPY decimals, text and blanks", () => {
    expect(readAmount("1.234", "USD")).toEqual({ error: M.amountDecimals });
    expect(readAmount("1.5", "JPY")).toEqual({ error: M.amountDecimalsJpy });
    expect(readAmount("abc", "USD")).toEqual({ error: M.amountNotNumber });
    expect(readAmount("  ", "USD")).toEqual({ error: M.amountRequired });
    // The currency's ISO 4217 places (issue 23 item 6): BHD and its kind have 3, KRW none; the same table every step reads.
    expect(readAmount("1.234", "BHD")).toEqual({ money: { amount: 1234, currency: "BHD" } });
    expect(readAmount("12.50", "BHD")).toEqual({ money: { amount: 12500, currency: "BHD" } });
    expect(readAmount("1.2345", "KWD")).toEqual({ error: "KWD amounts can have at most 3 decimal places" });
    expect(readAmount("1.5", "KRW")).toEqual({ error: "KRW amounts cannot have decimal places" });
    for (const c of ["BHD", "KWD", "OMR", "TND"]) expect(readAmount("0.001", c)).toEqual({ money: { amount: 1, currency: c } });
    // Past the one money bound: refused, never thrown.
    expect(readAmount("100000000000", "USD")).toEqual({ error: "The amount is too large." });
  });
});

describe("withinTolerance (§9 0.005)", () => {
  test("equal minor units agree, one cent apart does not", () => {
    expect(withinTolerance({ amount: 100, currency: "USD" }, { amount: 100, currency: "USD" })).toBe(true);
    expect(withinTolerance({ amount: 101, currency: "USD" }, { amount: 100, currency: "USD" })).toBe(false);
    expect(withinTolerance({ amount: 1, currency: "JPY" }, { amount: 0, currency: "JPY" })).toBe(false);
  });
});

describe("checkBillAmounts (§5 bill amounts and lines)", () => {
  const ok = { currency: "USD", gross: "100.00", net: "80.00", tax: "20.00", reference: "INV-1", lines: [line] };
  test("a consistent bill passes", () => {
    expect(checkBillAmounts(ok)).toEqual({});
  });
  test("net + tax ≠ gross gives the spec text", () => {
    expect(checkBillAmounts({ ...ok, tax: "20.01", lines: [] }).gross).toBe(M.netTaxGross);
    expect(M.netTaxGross).toBe("The net and tax amounts do not sum up to the gross amount...");
  });
  test("only one of net or tax must equal gross", () => {
    expect(checkBillAmounts({ ...ok, net: "100.00", tax: "", lines: [] })).toEqual({});
    expect(checkBillAmounts({ ...ok, net: "90.00", tax: undefined, lines: [] }).gross).toBe(M.onlyOneOfNetTax);
  });
  test("credit or negative gross: nothing positive; otherwise nothing negative", () => {
    expect(checkBillAmounts({ ...ok, isCredit: true, lines: [] }).gross).toBe(M.creditNotPositive);
    expect(checkBillAmounts({ ...ok, isCredit: true, gross: "-100", net: "-80", tax: "-20", lines: [] })).toEqual({});
    expect(checkBillAmounts({ ...ok, gross: "-100", net: "-120", tax: "20", lines: [] }).tax).toBe(M.creditNotPositive);
    expect(checkBillAmounts({ ...ok, gross: "100", net: "120", tax: "-20", lines: [] }).tax).toBe(M.notNegative);
  });
  test("reference required, at most 255", () => {
    expect(checkBillAmounts({ ...ok, reference: "" }).reference).toBe(M.referenceRequired);
    expect(checkBillAmounts({ ...ok, reference: "x".repeat(255) }).reference).toBeUndefined();
    expect(checkBillAmounts({ ...ok, reference: "x".repeat(256) }).reference).toBe(M.referenceMax);
  });
  test("line notes ≤ 250, spend category required, net and tax both or neither", () => {
    expect(checkBillAmounts({ ...ok, lines: [{ ...line, notes: "n".repeat(250) }] })).toEqual({});
    expect(checkBillAmounts({ ...ok, lines: [{ ...line, notes: "n".repeat(251) }] })["lines.0.notes"]).toBe(M.lineNotesMax);
    expect(checkBillAmounts({ ...ok, lines: [{ ...line, spendCategoryId: null }] })["lines.0.spendCategoryId"]).toBe(M.spendCategoryRequired);
    expect(checkBillAmounts({ ...ok, lines: [{ ...line, tax: undefined }] })["lines.0.tax"]).toBe(M.netAndTaxBoth);
    expect(checkBillAmounts({ ...ok, lines: [{ ...line, net: undefined, tax: undefined }] })).toEqual({});
  });
  test("lines total must match the bill total", () => {
    const two = [{ ...line, gross: "60", net: "50", tax: "10" }, { ...line, gross: "40", net: "30", tax: "10" }];
    expect(checkBillAmounts({ ...ok, lines: two })).toEqual({});
    expect(checkBillAmounts({ ...ok, lines: [two[0]!] }).lines).toBe(M.linesTotalMismatch);
  });
  test("JPY bills have no decimals", () => {
    expect(checkBillAmounts({ currency: "JPY", gross: "1000", net: "900", tax: "100", reference: "r" })).toEqual({});
    expect(checkBillAmounts({ currency: "JPY", gross: "1000.5", reference: "r" }).gross).toBe(M.amountDecimalsJpy);
  });
  test("property: net + tax = gross whenever built so, and differs by a cent is always refused", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 10_000_000 }), fc.integer({ min: 0, max: 10_000_000 }), (n, t) => {
        const s = (x: number) => (x / 100).toFixed(2);
        const base = { currency: "EUR", net: s(n), tax: s(t), reference: "r" };
        expect(checkBillAmounts({ ...base, gross: s(n + t) })).toEqual({});
        expect(checkBillAmounts({ ...base, gross: s(n + t + 1) }).gross).toBe(M.netTaxGross);
      }),
    );
  });
});

describe("checkBillLines (§5 bill lines one at a time, §9 0.005; issue 23 item 15)", () => {
  test("each line: spend category, net and tax both or neither, net + tax = gross within 0.005, notes ≤ 250; no bill total", () => {
    expect(checkBillLines("USD", [line, { ...line, gross: "50.00", net: "40.00", tax: "10.00" }])).toEqual({});
    expect(checkBillLines("USD", [{ ...line, tax: "19.99" }])).toEqual({ "lines.0.gross": M.netTaxGross });
    expect(checkBillLines("USD", [{ ...line, tax: null }])).toEqual({ "lines.0.tax": M.netAndTaxBoth });
    expect(checkBillLines("USD", [{ ...line, spendCategoryId: null }])).toEqual({ "lines.0.spendCategoryId": M.spendCategoryRequired });
    expect(checkBillLines("USD", [{ ...line, notes: "x".repeat(251) }])).toEqual({ "lines.0.notes": M.lineNotesMax });
    expect(checkBillLines("USD", [{ ...line, gross: "", net: "", tax: "" }])).toEqual({ "lines.0.gross": M.amountRequired });
  });
  test("0.005 in a three-decimal currency: five thousandths pass, six do not", () => {
    expect(checkBillLines("BHD", [{ ...line, gross: "10.000", net: "9.000", tax: "0.995" }])).toEqual({});
    expect(checkBillLines("BHD", [{ ...line, gross: "10.000", net: "9.000", tax: "0.994" }])).toEqual({ "lines.0.gross": M.netTaxGross });
  });
});

describe("checkManualAdjustment (§5)", () => {
  test("amount required, numeric, two decimals, non-zero; date required", () => {
    expect(checkManualAdjustment({ amount: "", currency: "USD", timestamp: "2026-01-01" }).errors.amount).toBe("Please enter an amount");
    expect(checkManualAdjustment({ amount: "x", currency: "USD", timestamp: "2026-01-01" }).errors.amount).toBe(M.amountNotNumber);
    expect(checkManualAdjustment({ amount: "1.001", currency: "USD", timestamp: "2026-01-01" }).errors.amount).toBe(M.amountDecimals);
    expect(checkManualAdjustment({ amount: "0.00", currency: "USD", timestamp: "2026-01-01" }).errors.amount).toBe(M.amountNonZero);
    expect(checkManualAdjustment({ amount: "5", currency: "USD", timestamp: "" }).errors.timestamp).toBe(M.dateRequired);
    expect(checkManualAdjustment({ amount: "5", currency: "USD", timestamp: "2026-02-30" }).errors.timestamp).toBe(M.dateInvalid);
    // Read strictly, never by its first ten characters; a timestamp counts as its UTC day (issue 23 item 7).
    expect(checkManualAdjustment({ amount: "5", currency: "USD", timestamp: "2026-12-05 junk" }).errors.timestamp).toBe(M.dateInvalid);
    expect(checkManualAdjustment({ amount: "5", currency: "USD", timestamp: "9999-12-31" }).errors.timestamp).toBe(M.dateInvalid);
    expect(checkManualAdjustment({ amount: "5", currency: "USD", timestamp: "2026-11-01T01:00:00+05:00" }).date).toBe("2026-10-31");
    const good = checkManualAdjustment({ amount: "-12.50", currency: "USD", timestamp: "2026-01-01T10:00:00Z" });
    expect(good).toEqual({ errors: {}, amount: { amount: -1250, currency: "USD" }, date: "2026-01-01" });
  });
});

describe("checkAuditPayment (§5 PaidPendingAudit)", () => {
  const today = "2026-11-26";
  const ok = { amount: "10.00", currency: "USD", paymentDate: "2026-11-26" };
  test("valid payment passes", () => expect(checkAuditPayment(ok, today)).toEqual({}));
  test("non-zero, currency and date required, not in the future", () => {
    expect(checkAuditPayment({ ...ok, amount: "0" }, today).amount).toBe(M.amountNonZero);
    expect(checkAuditPayment({ ...ok, currency: "" }, today).currency).toBe(M.currencyRequired);
    expect(checkAuditPayment({ ...ok, paymentDate: null }, today).paymentDate).toBe(M.dateRequired);
    expect(checkAuditPayment({ ...ok, paymentDate: "2026-11-27" }, today).paymentDate).toBe(M.dateInFuture);
  });
  test("recipient amount and currency when a different recipient currency", () => {
    expect(checkAuditPayment({ ...ok, differentRecipientCurrency: true }, today).recipientCurrency).toBe(M.recipientRequired);
    expect(checkAuditPayment({ ...ok, differentRecipientCurrency: true, recipientCurrency: "JPY" }, today).recipientAmount).toBe(M.recipientRequired);
    expect(checkAuditPayment({ ...ok, differentRecipientCurrency: true, recipientCurrency: "JPY", recipientAmount: "1500.5" }, today).recipientAmount).toBe(M.amountDecimalsJpy);
    expect(checkAuditPayment({ ...ok, differentRecipientCurrency: true, recipientCurrency: "JPY", recipientAmount: "1500" }, today)).toEqual({});
  });
});

describe("void, rejection and lock-period inputs", () => {
  test("void needs a reason for VendorBooking and Expense only; text ≤ 250", () => {
    expect(checkVoidReason("VendorBooking", null).rejectionId).toBe(M.voidReasonRequired);
    expect(checkVoidReason("Expense", undefined).rejectionId).toBe(M.voidReasonRequired);
    expect(checkVoidReason("CashAllowances", null)).toEqual({});
    expect(checkVoidReason("Expense", 3, "r".repeat(251)).rejectionReason).toBe(M.voidReasonMax);
  });
  test("rejection reason mandatory with the spec text; notes capped", () => {
    expect(checkRejection(null).rejectionId).toBe("It is mandatory to select a rejection reason");
    expect(checkRejection(1, "x".repeat(251)).rejectionReason).toBe("Notes field can take a maximum 250 characters");
    expect(checkRejection(1, "fine")).toEqual({});
  });
  test("lock period name and date both required", () => {
    expect(checkLockPeriodInput("", "2026-01-01").lockPeriod).toBe("Please fill in both period name and lock date");
    expect(checkLockPeriodInput("Q1", "").lockPeriod).toBe("Please fill in both period name and lock date");
    expect(checkLockPeriodInput("Q1", "2026-03-31")).toEqual({});
  });
});

describe("ad-hoc charges (§5, §9 580 and 255)", () => {
  test("budget group and cash-out category 580 together", () => {
    expect(checkAdhocCharge({ amount: "5", currency: "USD", budgetGroupId: 4, spendCategoryId: 580 })).toEqual({});
    expect(checkAdhocCharge({ amount: "5", currency: "USD", budgetGroupId: 4, spendCategoryId: 12 }).spendCategoryId).toBe(M.adhocBudgetTogether);
    expect(checkAdhocCharge({ amount: "5", currency: "USD", spendCategoryId: 580 }).budgetGroupId).toBe(M.adhocBudgetTogether);
    expect(checkAdhocCharge({ amount: "5", currency: "USD", spendCategoryId: 12 })).toEqual({});
  });
  test("255-character limits with the spec text", () => {
    for (const key of ["internalRef", "externalRef", "notes"] as const) {
      expect(checkAdhocCharge({ amount: "5", currency: "USD", [key]: "x".repeat(255) })).toEqual({});
      expect(checkAdhocCharge({ amount: "5", currency: "USD", [key]: "x".repeat(256) })[key]).toBe("Input fields can have maximum 255 characters!");
    }
    const parsed = adhocChargeSchema.safeParse({ amount: "1", currency: "USD", notes: "x".repeat(256) });
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues[0]?.message).toBe("Input fields can have maximum 255 characters!");
  });
  test("amounts are brought to the currency's places by the money module", () => {
    expect(adhocAmount("10.005", "USD")).toEqual({ money: { amount: 1001, currency: "USD" } });
    expect(adhocAmount("10.5", "JPY")).toEqual({ money: { amount: 11, currency: "JPY" } });
    expect(adhocAmount("ten", "USD")).toEqual({ error: M.amountNotNumber });
  });
});
