import { describe, expect, test } from "bun:test";
import { AppError } from "../errors.ts";
import {
  addMoney,
  convert,
  displayRound,
  formatMoney,
  isCurrencyCode,
  minorUnitsOf,
  MONEY_MAX_MINOR,
  MONEY_TOO_LARGE,
  parseAmount,
  roundHalfUp,
  splitLastAbsorbs,
  sumMoney,
  toMajorString,
  toMinor,
} from "./money.ts";

function appErrorOf(fn: () => unknown): AppError {
  try {
    fn();
  } catch (error) {
    expect(error).toBeInstanceOf(AppError);
    return error as AppError;
  }
  throw new Error("expected an AppError");
}

describe("roundHalfUp", () => {
  test.each([
    ["2.345", 2, "2.35"],
    ["2.344", 2, "2.34"],
    ["2.5", 0, "3"],
    ["3.5", 0, "4"], // half-up, not banker's rounding
    ["-2.345", 2, "-2.35"], // half away from zero
    ["-2.5", 0, "-3"],
    ["1.005", 2, "1.01"], // exact decimal arithmetic: a binary double would give 1.00
    ["0.125", 2, "0.13"],
    ["7", 2, "7.00"],
  ] as const)("%s to %d places is %s", (value, places, expected) => {
    expect(roundHalfUp(value, places)).toBe(expected);
  });
});

describe("currencies", () => {
  test("minor units follow ISO 4217", () => {
    expect(minorUnitsOf("USD")).toBe(2);
    expect(minorUnitsOf("EUR")).toBe(2);
    expect(minorUnitsOf("JPY")).toBe(0);
    expect(minorUnitsOf("BHD")).toBe(3);
    expect(minorUnitsOf("jpy")).toBe(0);
  });

  test("an unknown code is refused", () => {
    const error = appErrorOf(() => minorUnitsOf("QQQ"));
    expect(error.code).toBe("VALIDATION");
    expect(error.message).toBe("Unknown currency QQQ");
  });

  test("isCurrencyCode", () => {
    expect(isCurrencyCode("GBP")).toBe(true);
    expect(isCurrencyCode("gbp")).toBe(false);
    expect(isCurrencyCode("QQQ")).toBe(false);
    expect(isCurrencyCode("GBPX")).toBe(false);
  });
});

describe("toMinor and toMajorString", () => {
  test("USD to cents, rounding half-up once", () => {
    expect(toMinor("1234.5", "USD")).toEqual({ amount: 123450, currency: "USD" });
    expect(toMinor("0.005", "USD")).toEqual({ amount: 1, currency: "USD" });
    expect(toMinor("0.0049", "usd")).toEqual({ amount: 0, currency: "USD" });
  });

  test("JPY has no decimals", () => {
    expect(toMinor("1234.5", "JPY")).toEqual({ amount: 1235, currency: "JPY" });
    expect(toMajorString({ amount: 1235, currency: "JPY" })).toBe("1235");
  });

  test("BHD has three decimals", () => {
    expect(toMinor("1.2345", "BHD")).toEqual({ amount: 1235, currency: "BHD" });
    expect(toMajorString({ amount: 1235, currency: "BHD" })).toBe("1.235");
  });

  test("major string keeps the currency's places", () => {
    expect(toMajorString({ amount: 123450, currency: "USD" })).toBe("1234.50");
    expect(toMajorString({ amount: -5, currency: "EUR" })).toBe("-0.05");
  });

  test("amounts beyond the one money bound are refused (issue 23 item 3), in the currency's own minor units", () => {
    expect(appErrorOf(() => toMinor("1e20", "USD")).message).toBe(MONEY_TOO_LARGE);
    expect(toMinor("99999999999.99", "USD").amount).toBe(MONEY_MAX_MINOR);
    expect(appErrorOf(() => toMinor("100000000000.00", "USD")).message).toBe(MONEY_TOO_LARGE);
    expect(appErrorOf(() => toMinor("-100000000000.00", "USD")).message).toBe(MONEY_TOO_LARGE);
    expect(toMinor("9999999999999", "JPY").amount).toBe(MONEY_MAX_MINOR);
    expect(appErrorOf(() => toMinor("10000000000000", "JPY")).message).toBe(MONEY_TOO_LARGE);
    expect(toMinor("9999999999.999", "BHD").amount).toBe(MONEY_MAX_MINOR);
    expect(appErrorOf(() => toMinor("10000000000", "BHD")).message).toBe(MONEY_TOO_LARGE);
    expect(appErrorOf(() => parseAmount("21474836480000.00", "USD")).message).toBe(MONEY_TOO_LARGE);
  });
});

describe("parseAmount", () => {
  test("accepts thousands separators", () => {
    expect(parseAmount("1,234.50", "USD")).toEqual({ amount: 123450, currency: "USD" });
    expect(parseAmount(" 1,000,000 ", "JPY")).toEqual({ amount: 1000000, currency: "JPY" });
  });

  test("accepts fewer decimals than the currency has, and negatives", () => {
    expect(parseAmount("12.5", "EUR")).toEqual({ amount: 1250, currency: "EUR" });
    expect(parseAmount("-5", "EUR")).toEqual({ amount: -500, currency: "EUR" });
  });

  test("refuses more decimals than the currency has", () => {
    expect(appErrorOf(() => parseAmount("1,234.567", "USD")).message).toBe("At most 2 decimal places are allowed for USD.");
    expect(appErrorOf(() => parseAmount("12.5", "JPY")).message).toBe("At most 0 decimal places are allowed for JPY.");
  });

  test.each(["", "abc", "1.2.3", "1e5", "12.", ".5", "$12", "12 34"])("refuses %p", (text) => {
    const error = appErrorOf(() => parseAmount(text, "USD"));
    expect(error.code).toBe("VALIDATION");
    expect(error.message).toBe("This is not a valid number.");
  });
});

describe("convert", () => {
  test("with a decimal rate", () => {
    expect(convert({ amount: 10000, currency: "USD" }, "0.9200", "EUR")).toEqual({ amount: 9200, currency: "EUR" });
    // 123.45 × 0.7912 = 97.67364 → 97.67
    expect(convert({ amount: 12345, currency: "USD" }, "0.7912", "GBP")).toEqual({ amount: 9767, currency: "GBP" });
  });

  test("into JPY rounds to whole yen", () => {
    // 0.01 × 151.2 = 1.512 → 2
    expect(convert({ amount: 1, currency: "USD" }, "151.2000", "JPY")).toEqual({ amount: 2, currency: "JPY" });
    expect(convert({ amount: 100, currency: "USD" }, "151.2000", "JPY")).toEqual({ amount: 151, currency: "JPY" });
  });

  test("out of JPY", () => {
    // 1000 × 0.0066137 = 6.6137 → 6.61
    expect(convert({ amount: 1000, currency: "JPY" }, "0.0066137", "USD")).toEqual({ amount: 661, currency: "USD" });
  });

  test("rounds once, at the end", () => {
    // 0.01 × 0.49999 = 0.0049999: one rounding gives 0.00; rounding to 4 places first would give 0.01.
    expect(convert({ amount: 1, currency: "USD" }, "0.49999", "EUR")).toEqual({ amount: 0, currency: "EUR" });
    expect(convert({ amount: 1, currency: "USD" }, "0.5", "EUR")).toEqual({ amount: 1, currency: "EUR" });
  });
});

describe("adding", () => {
  test("same currency", () => {
    expect(addMoney({ amount: 150, currency: "EUR" }, { amount: 250, currency: "EUR" })).toEqual({ amount: 400, currency: "EUR" });
    expect(sumMoney([{ amount: 1, currency: "GBP" }, { amount: 2, currency: "GBP" }, { amount: 3, currency: "GBP" }], "GBP")).toEqual({ amount: 6, currency: "GBP" });
    expect(sumMoney([], "GBP")).toEqual({ amount: 0, currency: "GBP" });
  });

  test("different currencies are refused", () => {
    const error = appErrorOf(() => addMoney({ amount: 1, currency: "EUR" }, { amount: 1, currency: "USD" }));
    expect(error.message).toBe("Cannot add EUR to USD.");
    expect(() => sumMoney([{ amount: 1, currency: "EUR" }], "USD")).toThrow("Cannot add USD to EUR.");
  });
});

describe("display rounding", () => {
  test("rates 4 decimals, tax whole percent, budget 2 decimals, totals whole units", () => {
    expect(displayRound.exchangeRate("1.23456")).toBe("1.2346");
    expect(displayRound.taxRatePercent("22.5")).toBe("23");
    expect(displayRound.taxRatePercent("22.49")).toBe("22");
    expect(displayRound.remainingBudget("99.995")).toBe("100.00");
    expect(displayRound.estimateTotal("1234.5")).toBe("1235");
  });
});

describe("formatMoney", () => {
  test("code first, thousands separators, the currency's decimals", () => {
    expect(formatMoney({ amount: 600000, currency: "USD" })).toBe("USD 6,000.00");
    expect(formatMoney({ amount: 123456789, currency: "EUR" })).toBe("EUR 1,234,567.89");
    expect(formatMoney({ amount: 1235, currency: "JPY" })).toBe("JPY 1,235");
    expect(formatMoney({ amount: 5, currency: "GBP" })).toBe("GBP 0.05");
    expect(formatMoney({ amount: -150000, currency: "USD" })).toBe("USD -1,500.00");
    expect(formatMoney({ amount: 1234567, currency: "BHD" })).toBe("BHD 1,234.567");
  });
});

describe("splitLastAbsorbs", () => {
  test("the last part absorbs the remainder", () => {
    expect(splitLastAbsorbs({ amount: 10000, currency: "USD" }, 3).map((m) => m.amount)).toEqual([3333, 3333, 3334]);
    expect(splitLastAbsorbs({ amount: 1000, currency: "JPY" }, 7).map((m) => m.amount)).toEqual([142, 142, 142, 142, 142, 142, 148]);
    expect(splitLastAbsorbs({ amount: -1001, currency: "EUR" }, 2).map((m) => m.amount)).toEqual([-500, -501]);
    expect(splitLastAbsorbs({ amount: 5, currency: "USD" }, 1)).toEqual([{ amount: 5, currency: "USD" }]);
  });
  test("refuses zero or fractional parts", () => {
    expect(appErrorOf(() => splitLastAbsorbs({ amount: 5, currency: "USD" }, 0)).code).toBe("VALIDATION");
    expect(appErrorOf(() => splitLastAbsorbs({ amount: 5, currency: "USD" }, 1.5)).code).toBe("VALIDATION");
  });
});
