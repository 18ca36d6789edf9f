import { describe, expect, test } from "bun:test";
import { isValidBudgetGroupNumber, parseBudgetAmount, validateBudget } from "./budget.ts";

describe("parseBudgetAmount", () => {
  test("parses into minor units of the currency, commas stripped", () => {
    expect(parseBudgetAmount("1,234.50", "USD")).toEqual({ ok: true, minor: 123450 });
    expect(parseBudgetAmount("12500", "EUR")).toEqual({ ok: true, minor: 1250000 });
    expect(parseBudgetAmount(" 1,000,000 ", "GBP")).toEqual({ ok: true, minor: 100000000 });
    expect(parseBudgetAmount(".5", "USD")).toEqual({ ok: true, minor: 50 });
    expect(parseBudgetAmount("7.", "USD")).toEqual({ ok: true, minor: 700 });
  });
  test("one upper bound for every money input (issue 23 item 3): 64-bit columns hold past 2^31, the money bound refuses", () => {
    expect(parseBudgetAmount("21,474,836.48", "USD")).toEqual({ ok: true, minor: 2_147_483_648 });
    expect(parseBudgetAmount("99,999,999,999.99", "USD")).toEqual({ ok: true, minor: 9_999_999_999_999 });
    expect(parseBudgetAmount("100,000,000,000", "USD")).toEqual({ ok: false, message: "The amount is too large." });
    expect(parseBudgetAmount("12.345", "BHD")).toEqual({ ok: true, minor: 12_345 });
  });

  test("respects the currency's decimals: JPY has none, BHD three", () => {
    expect(parseBudgetAmount("1,500", "JPY")).toEqual({ ok: true, minor: 1500 });
    expect(parseBudgetAmount("1,500.00", "JPY")).toEqual({ ok: true, minor: 1500 });
    expect(parseBudgetAmount("1500.5", "JPY")).toEqual({ ok: false, message: "At most 0 decimal places are allowed for JPY." });
    expect(parseBudgetAmount("1.234", "BHD")).toEqual({ ok: true, minor: 1234 });
    expect(parseBudgetAmount("1.234", "USD")).toEqual({ ok: false, message: "At most 2 decimal places are allowed for USD." });
  });

  test("empty and zero mean no amount (the spec blanks zero)", () => {
    expect(parseBudgetAmount("", "USD")).toEqual({ ok: true, minor: null });
    expect(parseBudgetAmount("   ", "USD")).toEqual({ ok: true, minor: null });
    expect(parseBudgetAmount("0", "USD")).toEqual({ ok: true, minor: null });
    expect(parseBudgetAmount("0.00", "USD")).toEqual({ ok: true, minor: null });
    expect(parseBudgetAmount("-0", "USD")).toEqual({ ok: true, minor: null });
  });

  test("not a number", () => {
    for (const text of ["abc", "12a", "1.2.3", "1e5", "--1", "$100", "1 000", "."]) {
      expect(parseBudgetAmount(text, "USD")).toEqual({ ok: false, message: "This is not a valid number." });
    }
  });

  test("negative amounts", () => {
    expect(parseBudgetAmount("-5", "USD")).toEqual({ ok: false, message: "The amount cannot be a negative number." });
    expect(parseBudgetAmount("-1,000.50", "USD")).toEqual({ ok: false, message: "The amount cannot be a negative number." });
  });

  test("an unknown currency is refused", () => {
    expect(parseBudgetAmount("10", "XXY")).toEqual({ ok: false, message: "Unknown currency XXY" });
  });
});

describe("validateBudget", () => {
  const ok = { currency: "USD", amount: 5000, minAmount: 1000, maxAmount: 8000 };

  test("a consistent budget has no errors", () => {
    expect(validateBudget(ok)).toEqual({});
    expect(validateBudget({ currency: "USD", amount: 5000, minAmount: 5000, maxAmount: 5000 })).toEqual({});
    expect(validateBudget({ currency: "USD", amount: 5000, minAmount: null, maxAmount: null })).toEqual({});
    expect(validateBudget({ currency: null, amount: null, minAmount: null, maxAmount: null })).toEqual({});
  });

  test("max below min", () => {
    expect(validateBudget({ currency: "USD", amount: null, minAmount: 3000, maxAmount: 2000 })).toEqual({
      amount: "Please set budget amount for this budget",
      maxAmount: "The Budget max must be greater than or equal to the Budget min.",
    });
    expect(validateBudget({ ...ok, amount: null, currency: null, minAmount: 3000, maxAmount: 2000 })).toEqual({
      maxAmount: "The Budget max must be greater than or equal to the Budget min.",
    });
  });

  test("min above amount", () => {
    expect(validateBudget({ ...ok, minAmount: 6000 })).toEqual({ minAmount: "The Budget min must be less than or equal to the Amount." });
  });

  test("max below amount", () => {
    expect(validateBudget({ ...ok, maxAmount: 4000 })).toEqual({ maxAmount: "The Budget max must be greater than or equal to the Amount." });
  });

  test("max below min wins over max below amount on the same field", () => {
    expect(validateBudget({ ...ok, minAmount: 3000, maxAmount: 2000 })).toEqual({
      maxAmount: "The Budget max must be greater than or equal to the Budget min.",
    });
  });

  test("negative values", () => {
    expect(validateBudget({ currency: "USD", amount: -1, minAmount: -2, maxAmount: -3 })).toEqual({
      amount: "The amount cannot be a negative number.",
      minAmount: "The amount cannot be a negative number.",
      maxAmount: "The amount cannot be a negative number.",
    });
  });

  test("amount without currency, currency without amount", () => {
    expect(validateBudget({ currency: null, amount: 100, minAmount: null, maxAmount: null })).toEqual({
      currency: "Please set budget currency for this budget",
    });
    expect(validateBudget({ currency: " ", amount: 100, minAmount: null, maxAmount: null })).toEqual({
      currency: "Please set budget currency for this budget",
    });
    expect(validateBudget({ currency: "EUR", amount: null, minAmount: null, maxAmount: null })).toEqual({
      amount: "Please set budget amount for this budget",
    });
  });
});

describe("isValidBudgetGroupNumber", () => {
  test("1 to 20 or 99", () => {
    for (const n of [1, 2, 10, 20, 99]) expect(isValidBudgetGroupNumber(n)).toBe(true);
    for (const n of [0, -1, 21, 98, 100, 1.5, Number.NaN]) expect(isValidBudgetGroupNumber(n)).toBe(false);
  });
});
