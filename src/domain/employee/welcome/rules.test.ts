/** The welcome popup's pure rules (src/domain/employee/welcome/rules.ts): stages, the schedule window and time zones, phone numbers. */
import { describe, expect, test } from "bun:test";
import { welcomeMessages } from "./messages.ts";
import { bookableDays, checkSchedule, isCalendarDate, isTimeZone, localToUtc, nextPopupState, normalisePhone, showsPopup } from "./rules.ts";

describe("stages", () => {
  test("the first answer opens the popup at its stage; Back and Next move within it", () => {
    expect(nextPopupState(null, { action: "STAGE", stage: 1 })).toEqual({ stage: 1, status: "OPEN" });
    expect(nextPopupState({ stage: 1, status: "OPEN" }, { action: "STAGE", stage: 2 })).toEqual({ stage: 2, status: "OPEN" });
    expect(nextPopupState({ stage: 2, status: "OPEN" }, { action: "STAGE", stage: 1 })).toEqual({ stage: 1, status: "OPEN" });
  });

  test("dismissing keeps the stage and closes it for good; a finished popup stays finished", () => {
    expect(nextPopupState(null, { action: "DISMISS" })).toEqual({ stage: 1, status: "DISMISSED" });
    expect(nextPopupState({ stage: 2, status: "OPEN" }, { action: "DISMISS" })).toEqual({ stage: 2, status: "DISMISSED" });
    expect(nextPopupState({ stage: 3, status: "FINISHED" }, { action: "DISMISS" })).toEqual({ stage: 3, status: "FINISHED" });
  });

  test("reaching a stage on the full page never reopens a dismissed or finished popup", () => {
    expect(nextPopupState({ stage: 1, status: "DISMISSED" }, { action: "STAGE", stage: 2 })).toEqual({ stage: 2, status: "DISMISSED" });
    expect(nextPopupState({ stage: 3, status: "FINISHED" }, { action: "STAGE", stage: 2 })).toEqual({ stage: 2, status: "FINISHED" });
  });

  test("booking finishes at stage 3 from anywhere", () => {
    for (const current of [null, { stage: 2, status: "OPEN" }, { stage: 1, status: "DISMISSED" }] as const) {
      expect(nextPopupState(current, { action: "BOOK" })).toEqual({ stage: 3, status: "FINISHED" });
    }
  });

  test("shown only for an open move whose policy has a welcome call, until finished or dismissed", () => {
    const open = { status: "open", noWelcomeCall: false };
    expect(showsPopup(open, null)).toBe(true);
    expect(showsPopup(open, { stage: 2, status: "OPEN" })).toBe(true);
    expect(showsPopup(open, { stage: 2, status: "DISMISSED" })).toBe(false);
    expect(showsPopup(open, { stage: 3, status: "FINISHED" })).toBe(false);
    expect(showsPopup({ status: "on_assignment", noWelcomeCall: false }, null)).toBe(false);
    expect(showsPopup({ status: "open", noWelcomeCall: true }, null)).toBe(false);
  });
});

describe("date, time and time zone", () => {
  const now = new Date("2026-03-20T12:00:00Z");

  test("calendar dates and zones", () => {
    expect(isCalendarDate("2026-02-28")).toBe(true);
    expect(isCalendarDate("2026-02-29")).toBe(false);
    expect(isCalendarDate("2026-13-01")).toBe(false);
    expect(isCalendarDate("26-01-01")).toBe(false);
    expect(isTimeZone("Europe/London")).toBe(true);
    expect(isTimeZone("UTC")).toBe(true);
    expect(isTimeZone("America/Argentina/Buenos_Aires")).toBe(true);
    expect(isTimeZone("Mars/Olympus")).toBe(false);
    expect(isTimeZone("../etc")).toBe(false);
  });

  test("a local time becomes the right UTC instant, daylight saving included", () => {
    expect(localToUtc("2026-01-15", "09:30", "Europe/London")!.toISOString()).toBe("2026-01-15T09:30:00.000Z");
    expect(localToUtc("2026-07-15", "09:30", "Europe/London")!.toISOString()).toBe("2026-07-15T08:30:00.000Z");
    expect(localToUtc("2026-07-15", "09:30", "America/New_York")!.toISOString()).toBe("2026-07-15T13:30:00.000Z");
    expect(localToUtc("2026-07-15", "09:30", "Asia/Kolkata")!.toISOString()).toBe("2026-07-15T04:00:00.000Z");
    // London skips 01:00–02:00 on 29 March 2026; New York repeats 01:00–02:00 on 1 November 2026 (the earlier one is taken).
    expect(localToUtc("2026-03-29", "01:30", "Europe/London")).toBeNull();
    expect(localToUtc("2026-11-01", "01:30", "America/New_York")!.toISOString()).toBe("2026-11-01T05:30:00.000Z");
  });

  test("the call must be in the future and within 60 days", () => {
    expect(checkSchedule({ date: "2026-03-21", time: "10:00", timeZone: "Europe/Paris" }, now)).toEqual({ ok: true, scheduledAt: new Date("2026-03-21T09:00:00Z") });
    expect(checkSchedule({ date: "2026-03-20", time: "12:00", timeZone: "UTC" }, now)).toEqual({ ok: false, field: "time", message: welcomeMessages.inPast });
    expect(checkSchedule({ date: "2026-03-19", time: "18:00", timeZone: "UTC" }, now)).toEqual({ ok: false, field: "date", message: welcomeMessages.inPast });
    expect(checkSchedule({ date: "2026-05-19", time: "12:00", timeZone: "UTC" }, now).ok).toBe(true);
    expect(checkSchedule({ date: "2026-05-19", time: "12:01", timeZone: "UTC" }, now)).toEqual({ ok: false, field: "date", message: welcomeMessages.tooFar });
    expect(checkSchedule({ date: "2026-03-29", time: "01:30", timeZone: "Europe/London" }, now)).toEqual({ ok: false, field: "time", message: welcomeMessages.noSuchTime });
    expect(checkSchedule({ date: "2026-02-30", time: "10:00", timeZone: "UTC" }, now)).toEqual({ ok: false, field: "date", message: welcomeMessages.dateInvalid });
    expect(checkSchedule({ date: "2026-03-25", time: "24:00", timeZone: "UTC" }, now)).toEqual({ ok: false, field: "time", message: welcomeMessages.timeInvalid });
    expect(checkSchedule({ date: "2026-03-25", time: "10:00", timeZone: "Nowhere/City" }, now)).toEqual({ ok: false, field: "timeZone", message: welcomeMessages.timeZone });
  });

  test("the bookable days follow the employee's zone", () => {
    const late = new Date("2026-03-20T23:30:00Z");
    expect(bookableDays(late, "UTC")).toEqual({ min: "2026-03-20", max: "2026-05-19" });
    expect(bookableDays(late, "Asia/Tokyo")).toEqual({ min: "2026-03-21", max: "2026-05-20" });
  });
});

describe("phone", () => {
  test("7 to 15 digits, an optional +, common separators", () => {
    expect(normalisePhone("+44 20 7946 0958")).toBe("+442079460958");
    expect(normalisePhone("(020) 7946-0958")).toBe("02079460958");
    expect(normalisePhone("  555.123.4567 ")).toBe("5551234567");
    expect(normalisePhone("123456")).toBeNull();
    expect(normalisePhone("+1234567890123456")).toBeNull();
    expect(normalisePhone("call me")).toBeNull();
    expect(normalisePhone("+44 20 7946 0958 ext 1")).toBeNull();
    expect(normalisePhone("++4420794609")).toBeNull();
  });
});
