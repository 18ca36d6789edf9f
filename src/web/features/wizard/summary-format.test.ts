import { describe, expect, test } from "bun:test";
import { formatCalendarDate, readerLocale } from "./summary-format.ts";

describe("summary dates", () => {
  test("an ISO date reads as a date in the locale; other text stays", () => {
    expect(formatCalendarDate("2027-03-01", "en-GB")).toBe("1 March 2027");
    expect(formatCalendarDate("2027-03-01", "en-US")).toBe("March 1, 2027");
    expect(formatCalendarDate("2027-03-01", "de-DE")).toBe("1. März 2027");
    expect(formatCalendarDate("soon", "en-GB")).toBe("soon");
    expect(formatCalendarDate(null, "en-GB")).toBe("");
    expect(formatCalendarDate("2027-03-01", "not a locale!")).toBe("March 1, 2027");
  });

  test("the reader's variant of the app's language", () => {
    expect(readerLocale("en", ["de-DE", "en-GB"])).toBe("en-GB");
    expect(readerLocale("en", ["de-DE"])).toBe("en");
    expect(readerLocale("fr", [])).toBe("fr");
  });
});
