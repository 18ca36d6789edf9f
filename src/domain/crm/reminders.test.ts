import { describe, expect, test } from "bun:test";
import { crmReminderMessages as M, currentStepStart, deleteRefusal, dueProblem, nextStepAfter, onReminderStep, parseDatePicker, sendRefusal, ZSaveCrmReminderRequest } from "./reminders.ts";

const now = new Date("2026-12-07T10:07:30.000Z");

describe("the date picker (part 2 §9: not earlier than today, with time; 15-minute steps)", () => {
  test("reads ISO with a zone, or without one as UTC; refuses impossible dates", () => {
    expect(parseDatePicker("2026-12-08T09:15:00.000Z")?.toISOString()).toBe("2026-12-08T09:15:00.000Z");
    expect(parseDatePicker("2026-12-08T10:15+01:00")?.toISOString()).toBe("2026-12-08T09:15:00.000Z");
    expect(parseDatePicker("2026-12-08T04:00+0545")?.toISOString()).toBe("2026-12-07T22:15:00.000Z");
    expect(parseDatePicker("2026-12-08 09:15")?.toISOString()).toBe("2026-12-08T09:15:00.000Z");
    for (const bad of ["2026-02-31T10:00", "2026-12-08", "tomorrow", "2026-12-08T25:00", ""]) expect(parseDatePicker(bad)).toBeNull();
  });

  test("steps: a quarter hour on the clock, whole minutes", () => {
    expect(onReminderStep(new Date("2026-12-08T09:45:00Z"))).toBe(true);
    expect(onReminderStep(new Date("2026-12-08T09:50:00Z"))).toBe(false);
    expect(onReminderStep(new Date("2026-12-08T09:45:30Z"))).toBe(false);
    expect(currentStepStart(now).toISOString()).toBe("2026-12-07T10:00:00.000Z");
    expect(nextStepAfter(now).toISOString()).toBe("2026-12-07T10:15:00.000Z");
  });

  test("due problems: required, readable, on a step, not in the past (the current step is not past)", () => {
    expect(dueProblem("", now)).toBe(M.dueRequired);
    expect(dueProblem("soon", now)).toBe(M.dueInvalid);
    expect(dueProblem("2026-12-07T10:20:00Z", now)).toBe(M.dueStep);
    expect(dueProblem("2026-12-07T09:45:00Z", now)).toBe(M.duePast);
    expect(dueProblem("2026-12-07T10:00:00Z", now)).toBeNull();
    expect(dueProblem("2026-12-07T10:15:00Z", now)).toBeNull();
  });
});

describe("states", () => {
  test("only an OPEN reminder is sent; a DELETED one is not deleted again", () => {
    expect(sendRefusal("OPEN")).toBeNull();
    expect(sendRefusal("SENT")).toBe(M.alreadySent);
    expect(sendRefusal("DELETED")).toBe(M.alreadyDeleted);
    expect(deleteRefusal("OPEN")).toBeNull();
    expect(deleteRefusal("SENT")).toBeNull();
    expect(deleteRefusal("DELETED")).toBe(M.alreadyDeleted);
  });

  test("the save schema: form text fields, the texts of §8", () => {
    const ok = ZSaveCrmReminderRequest.safeParse({ userId: "5", moveId: "7", owner: "2", datePicker: "2026-12-08T09:15", reminder: " Call " });
    expect(ok.success && ok.data).toEqual({ userId: 5, moveId: 7, owner: 2, datePicker: "2026-12-08T09:15", reminder: "Call" });
    const bad = ZSaveCrmReminderRequest.safeParse({ userId: "5", moveId: "7", owner: "2", datePicker: "2026-12-08T09:10", reminder: "x".repeat(2001) });
    expect(bad.success).toBe(false);
    expect(bad.error!.issues.map((i) => i.message).sort()).toEqual([M.dueStep, M.textTooLong].sort());
  });
});
