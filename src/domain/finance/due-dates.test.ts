import { describe, expect, test } from "bun:test";
import { daysOfPeriod, dueDateOf } from "./due-dates.ts";
import { DUE_DATE_PERIODS } from "./schemas-accounts.ts";

describe("dueDateOf", () => {
  test("NEXT_45_DAYS (the default) is 45 days after the day the bill is made", () => {
    expect(dueDateOf("2026-11-03", "NEXT_45_DAYS")).toBe("2026-12-18");
    expect(dueDateOf("2026-12-07", "NEXT_45_DAYS")).toBe("2027-01-21");
  });

  test("each period counts its own days, across months, years and leap days", () => {
    expect(dueDateOf("2026-12-20", "NEXT_15_DAYS")).toBe("2027-01-04");
    expect(dueDateOf("2028-02-14", "NEXT_15_DAYS")).toBe("2028-02-29");
    expect(dueDateOf("2026-01-31", "NEXT_30_DAYS")).toBe("2026-03-02");
    expect(dueDateOf("2026-12-07", "NEXT_60_DAYS")).toBe("2027-02-05");
    expect(dueDateOf("2026-12-07", "NEXT_90_DAYS")).toBe("2027-03-07");
    for (const p of DUE_DATE_PERIODS) expect(daysOfPeriod(p)).toBe(Number(p.split("_")[1]));
  });

  test("a missing or unknown period is the default NEXT_45_DAYS", () => {
    expect(dueDateOf("2026-11-03", null)).toBe("2026-12-18");
    expect(dueDateOf("2026-11-03", undefined)).toBe("2026-12-18");
    expect(dueDateOf("2026-11-03", "NEXT_7_DAYS")).toBe("2026-12-18");
    expect(dueDateOf("2026-11-03", "SOON")).toBe("2026-12-18");
  });

  test("a day that is not a date is refused", () => {
    expect(() => dueDateOf("2026-13-45", "NEXT_30_DAYS")).toThrow(RangeError);
    expect(() => dueDateOf("yesterday", "NEXT_30_DAYS")).toThrow(RangeError);
  });
});
