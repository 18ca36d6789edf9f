import { describe, expect, test } from "bun:test";
import { currencyOptionLabel, isPayableCurrency, isoCurrencyName, NON_PAYABLE_CURRENCY_CODES, payableCurrencyCodes } from "./currencies.ts";
import { isCurrencyCode } from "./money.ts";

describe("payable currencies (issue 24 §6)", () => {
  test("metals, test, 'no currency', units of account and fund units are not offered", () => {
    for (const code of ["XAU", "XAG", "XPT", "XPD", "XTS", "XXX", "XDR", "XBA", "XBB", "XBC", "XBD", "XSU", "XUA", "CLF", "USN"]) {
      expect(isPayableCurrency(code)).toBe(false);
    }
    for (const code of ["USD", "EUR", "JPY", "CHF", "XOF", "XAF", "XCD", "XPF"]) expect(isPayableCurrency(code)).toBe(true);
    expect(isPayableCurrency("usd")).toBe(false);
    expect(isPayableCurrency("ABC")).toBe(false);
  });

  test("the list holds every ISO code but the excluded ones, sorted", () => {
    const codes = payableCurrencyCodes();
    expect(codes).toEqual([...codes].sort());
    expect(codes).toContain("USD");
    expect(codes.some((c) => NON_PAYABLE_CURRENCY_CODES.has(c))).toBe(false);
    expect(codes.every(isCurrencyCode)).toBe(true);
    expect(codes.length).toBeGreaterThan(140);
  });

  test("an option reads 'USD — US Dollar'; an unnamed code reads alone", () => {
    expect(isoCurrencyName("USD")).toBe("US Dollar");
    expect(currencyOptionLabel("USD")).toBe("USD — US Dollar");
    expect(currencyOptionLabel("EUR", "euro")).toBe("EUR — euro");
    expect(currencyOptionLabel("QQQ")).toBe("QQQ");
  });
});
