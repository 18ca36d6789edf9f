import { describe, expect, test } from "bun:test";
import { AppError } from "../../errors.ts";
import { expenseMessages } from "./messages.ts";
import { EXPENSE_STATUSES, canDeleteExpense, expenseAmounts, submittedStatus } from "./rules.ts";

describe("deletion rules (part 1 §6, §8)", () => {
  test("only what finance has not started may be deleted", () => {
    const allowed = EXPENSE_STATUSES.filter(canDeleteExpense);
    expect(allowed).toEqual(["SUBMITTED", "SUBMITTED_WITHOUT_RECEIPT"]);
    for (const s of ["IN_PROCESS", "APPROVED", "REJECTED", "PAID", "UNKNOWN"]) expect(canDeleteExpense(s)).toBe(false);
  });
  test("a receipt makes SUBMITTED, none SUBMITTED_WITHOUT_RECEIPT", () => {
    expect(submittedStatus(true)).toBe("SUBMITTED");
    expect(submittedStatus(false)).toBe("SUBMITTED_WITHOUT_RECEIPT");
  });
  test("the processing text is the spec's", () => {
    expect(expenseMessages.processing).toBe("Unable to delete expense as it is being processed by the finance team.");
  });
});

describe("expenseAmounts (part 2 §5 bill amounts) in minor units", () => {
  test("gross alone: net = gross, tax 0", () => {
    expect(expenseAmounts({ currency: "EUR", gross: "120.50" })).toEqual({ net: { amount: 12050, currency: "EUR" }, tax: { amount: 0, currency: "EUR" }, gross: { amount: 12050, currency: "EUR" } });
  });
  test("net + tax must equal gross", () => {
    expect(expenseAmounts({ currency: "USD", gross: "1,210.00", net: "1000", tax: "210" }).tax.amount).toBe(21000);
    const e = (() => { try { expenseAmounts({ currency: "USD", gross: "100", net: "80", tax: "10" }); } catch (x) { return x; } })();
    expect(e).toBeInstanceOf(AppError);
    expect((e as AppError).message).toBe(expenseMessages.netTaxGross);
  });
  test("one of net or tax alone must equal gross", () => {
    expect(expenseAmounts({ currency: "USD", gross: "50", net: "50" })).toMatchObject({ net: { amount: 5000 }, tax: { amount: 0 } });
    expect(() => expenseAmounts({ currency: "USD", gross: "50", tax: "5" })).toThrow(expenseMessages.netTaxGross);
  });
  test("zero, negative, too many decimals and text are refused; JPY has no decimals", () => {
    expect(() => expenseAmounts({ currency: "USD", gross: "0" })).toThrow(expenseMessages.grossPositive);
    expect(() => expenseAmounts({ currency: "USD", gross: "-5" })).toThrow(expenseMessages.notNegative);
    expect(() => expenseAmounts({ currency: "USD", gross: "1.234" })).toThrow();
    expect(() => expenseAmounts({ currency: "USD", gross: "abc" })).toThrow("This is not a valid number.");
    expect(expenseAmounts({ currency: "JPY", gross: "1500" }).gross.amount).toBe(1500);
    expect(() => expenseAmounts({ currency: "JPY", gross: "15.5" })).toThrow();
  });
});

