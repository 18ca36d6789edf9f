import { describe, expect, test } from "bun:test";
import { currencyLabel, currencyName, formatDecimalText } from "./format.ts";
import { timeZoneLabel, utcOffsetMinutes, utcOffsetText } from "./time-zones.ts";

describe("currency names (issue 24 §6)", () => {
  test("a picker's option is the code and the name in the reader's language", () => {
    expect(currencyLabel("USD", "en-US")).toBe("USD — US Dollar");
    expect(currencyLabel("EUR", "en-GB")).toBe("EUR — Euro");
    expect(currencyName("JPY", "de-DE")).toBe("Japanischer Yen");
    expect(currencyLabel("QQQ", "en-US")).toBe("QQQ");
  });
});

describe("time zones (issue 24 §6)", () => {
  const winter = new Date("2027-01-15T12:00:00Z");
  const summer = new Date("2027-07-15T12:00:00Z");
  test("a zone reads as its city and its UTC offset at that moment, never the IANA name", () => {
    expect(timeZoneLabel("Europe/Berlin", winter)).toBe("Berlin (UTC+01:00)");
    expect(timeZoneLabel("Europe/Berlin", summer)).toBe("Berlin (UTC+02:00)");
    expect(timeZoneLabel("America/Argentina/Buenos_Aires", winter)).toBe("Buenos Aires (UTC-03:00)");
    expect(timeZoneLabel("Asia/Kolkata", winter)).toBe("Kolkata (UTC+05:30)");
    expect(timeZoneLabel("UTC", winter)).toBe("Coordinated Universal Time (UTC)");
    expect(timeZoneLabel("Europe/London", winter)).toMatch(/^London \(UTC(\+00:00)?\)$/);
    expect(timeZoneLabel("Not/A_Zone", winter)).toBe("A Zone");
  });
  test("offsets order a picker", () => {
    expect(utcOffsetText("America/St_Johns", winter)).toBe("UTC-03:30");
    expect(utcOffsetMinutes("America/St_Johns", winter)).toBe(-210);
    expect(utcOffsetMinutes("Asia/Tokyo", winter)).toBe(540);
    expect(utcOffsetMinutes("Not/A_Zone", winter)).toBe(0);
  });
});

describe("amounts with the locale's separators", () => {
  test("one grouping for every amount text", () => {
    expect(formatDecimalText("1800.00", "en-US")).toBe("1,800.00");
    expect(formatDecimalText("-1758.64", "en-GB")).toBe("-1,758.64");
    expect(formatDecimalText("1234567.5", "de-DE")).toBe("1.234.567,5");
  });
});
