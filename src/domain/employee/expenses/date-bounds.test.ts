import { describe, expect, test } from "bun:test";
import { expenseMessages } from "./messages.ts";
import { addCalendarDays, earliestExpenseDate, expenseDateProblem, expenseDateTooEarly, isCalendarDate, latestToday } from "./rules.ts";
import { ZSubmitExpenseRequest } from "./schemas.ts";

describe("an expense's date bounds (issue 24 §6)", () => {
  test("a calendar date is a real day written YYYY-MM-DD", () => {
    expect(isCalendarDate("2028-02-29")).toBe(true);
    expect(isCalendarDate("2027-02-29")).toBe(false);
    expect(isCalendarDate("2027-13-01")).toBe(false);
    expect(isCalendarDate("1 March 2027")).toBe(false);
  });

  test("the latest today is the calendar day at UTC+14", () => {
    expect(latestToday(new Date("2026-12-07T09:59:59Z"))).toBe("2026-12-07");
    expect(latestToday(new Date("2026-12-07T10:00:00Z"))).toBe("2026-12-08");
  });

  test("the earliest date is the move's start (move date, else the day it started) minus the window", () => {
    expect(earliestExpenseDate({ moveDate: "2027-03-01", startedAt: "2026-11-01T10:00:00Z" }, 365)).toBe("2026-03-01");
    expect(earliestExpenseDate({ moveDate: null, startedAt: "2026-11-01T10:00:00Z" }, 30)).toBe("2026-10-02");
    expect(earliestExpenseDate({ moveDate: "not a date", startedAt: null }, 30)).toBeNull();
    expect(addCalendarDays("2028-03-01", -1)).toBe("2028-02-29");
  });

  test("the problem: not a date, after today, before the window; the bounds themselves are allowed", () => {
    const bounds = { today: "2026-12-07", earliest: "2026-01-01", windowDays: 365 };
    expect(expenseDateProblem("2026-12-07", bounds)).toBeNull();
    expect(expenseDateProblem("2026-01-01", bounds)).toBeNull();
    expect(expenseDateProblem("2026-12-08", bounds)).toBe(expenseMessages.dateInFuture);
    expect(expenseDateProblem("2025-12-31", bounds)).toBe(expenseDateTooEarly(365));
    expect(expenseDateTooEarly(365)).toBe("The expense date can be at most 365 days before the move's start.");
    expect(expenseDateProblem("2026-02-30", bounds)).toBe(expenseMessages.dateRequired);
    expect(expenseDateProblem("2020-01-01", { ...bounds, earliest: null })).toBeNull();
  });

  test("the submit schema refuses a date after the latest today and a day that does not exist", () => {
    const base = { serviceName: "SETTLINGIN", moveStageId: 1, category: "TRAVEL", currency: "USD", gross: "10" };
    const issue = (expenseDate: string) => {
      const r = ZSubmitExpenseRequest.safeParse({ ...base, expenseDate });
      return r.success ? null : (r.error.issues.find((i) => i.path[0] === "expenseDate")?.message ?? null);
    };
    expect(issue(new Date().toISOString().slice(0, 10))).toBeNull();
    expect(issue(addCalendarDays(latestToday(), 1))).toBe(expenseMessages.dateInFuture);
    expect(issue("2026-02-30")).toBe(expenseMessages.dateRequired);
  });
});
