import { describe, expect, test } from "bun:test";
import { formatDate, formatDateTime, formatDecimalText, formatMajorMoney, formatMoney, formatNumber, formatWholeMoney, readerLocale } from "./format.ts";

describe("the reader's locale", () => {
  test("the browser's variant of the app's language", () => {
    expect(readerLocale("en", ["de-DE", "en-GB"])).toBe("en-GB");
    expect(readerLocale("en", ["de-DE"])).toBe("en");
    expect(readerLocale("fr", [])).toBe("fr");
    expect(readerLocale("en", ["not a locale!"])).toBe("en");
  });
});

describe("dates", () => {
  test("a calendar date reads the same day in every locale", () => {
    expect(formatDate("2027-03-01", "en-GB")).toBe("1 March 2027");
    expect(formatDate("2027-03-01", "en-US")).toBe("March 1, 2027");
    expect(formatDate("2027-03-01", "de-DE")).toBe("1. März 2027");
    expect(formatDate("soon", "en-GB")).toBe("soon");
    expect(formatDate(null, "en-GB")).toBe("");
  });
  test("a moment carries the time; a bare date stays a date", () => {
    const text = formatDateTime("2026-11-25T20:59:00.000Z", "en-GB");
    expect(text).toContain("2026");
    expect(text).toMatch(/\d{2}:\d{2}/);
    expect(formatDateTime("2027-03-01", "en-GB")).toBe("1 March 2027");
    expect(formatDateTime("", "en-GB")).toBe("");
  });
});

describe("money and numbers", () => {
  test("money keeps the currency's decimals and takes the locale's separators", () => {
    expect(formatMoney({ amount: 600000, currency: "USD" }, "en-US")).toBe("USD 6,000.00");
    expect(formatMoney({ amount: -1547811, currency: "GBP" }, "en-GB")).toBe("GBP -15,478.11");
    expect(formatMoney({ amount: 1235, currency: "JPY" }, "en-US")).toBe("JPY 1,235");
    expect(formatMoney({ amount: 123456789, currency: "EUR" }, "de-DE")).toBe("EUR 1.234.567,89");
  });
  test("estimate totals in whole units", () => {
    expect(formatWholeMoney({ amount: 1_250_050, currency: "USD" }, "en-US")).toBe("USD 12,501");
    expect(formatWholeMoney({ amount: -1_249_949, currency: "GBP" }, "en-GB")).toBe("GBP -12,499");
  });
  test("a result in major units reads as money", () => {
    expect(formatMajorMoney("6000", "USD", "en-US")).toBe("USD 6,000.00");
    expect(formatMajorMoney("-15478.11", "GBP", "en-GB")).toBe("GBP -15,478.11");
    expect(formatMajorMoney("n/a", "GBP", "en-GB")).toBe("GBP n/a");
  });
  test("decimal texts and numbers are grouped, digits unchanged", () => {
    expect(formatDecimalText("156271.59", "en-US")).toBe("156,271.59");
    expect(formatDecimalText("-0.00", "en-US")).toBe("0.00");
    expect(formatNumber(37920, "en-US")).toBe("37,920");
    expect(formatNumber(156271.59, "en-GB")).toBe("156,271.59");
    expect(formatNumber(0.3, "en-US")).toBe("0.3");
  });
});
