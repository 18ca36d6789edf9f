import { describe, expect, test } from "bun:test";
import fc from "fast-check";
import { nextRunAt, PLACEHOLDERS, reminderMessages, renderPlaceholders, renderReminderBody, scheduleFields, statisticsDate, validateReminder } from "./reminders.ts";
import { signTrackingToken, signUnsubscribeToken, verifyTrackingToken, verifyUnsubscribeToken } from "./reminders-tokens.ts";

const iso = (d: Date) => d.toISOString();

describe("nextRunAt (part 2 §9 frequencies)", () => {
  test("DAILY: today at 08:00 when still ahead, else tomorrow", () => {
    expect(iso(nextRunAt("DAILY", null, null, new Date("2026-12-07T07:59:00Z")))).toBe("2026-12-07T08:00:00.000Z");
    expect(iso(nextRunAt("DAILY", null, null, new Date("2026-12-07T08:00:00Z")))).toBe("2026-12-08T08:00:00.000Z");
    expect(iso(nextRunAt("DAILY", null, null, new Date("2026-12-31T09:00:00Z")))).toBe("2027-01-01T08:00:00.000Z");
  });
  test("WEEKLY: the next chosen weekday (ISO 1 = Monday)", () => {
    // 2026-12-07 is a Monday.
    expect(iso(nextRunAt("WEEKLY", 3, null, new Date("2026-12-07T12:00:00Z")))).toBe("2026-12-09T08:00:00.000Z");
    expect(iso(nextRunAt("WEEKLY", 1, null, new Date("2026-12-07T07:00:00Z")))).toBe("2026-12-07T08:00:00.000Z");
    expect(iso(nextRunAt("WEEKLY", 1, null, new Date("2026-12-07T08:00:00Z")))).toBe("2026-12-14T08:00:00.000Z");
    expect(iso(nextRunAt("WEEKLY", 7, null, new Date("2026-12-07T12:00:00Z")))).toBe("2026-12-13T08:00:00.000Z");
  });
  test("MONTHLY: a month day beyond the month's length runs on its last day", () => {
    expect(iso(nextRunAt("MONTHLY", null, 31, new Date("2027-04-02T00:00:00Z")))).toBe("2027-04-30T08:00:00.000Z");
    expect(iso(nextRunAt("MONTHLY", null, 31, new Date("2027-02-01T00:00:00Z")))).toBe("2027-02-28T08:00:00.000Z");
    expect(iso(nextRunAt("MONTHLY", null, 30, new Date("2028-02-01T00:00:00Z")))).toBe("2028-02-29T08:00:00.000Z");
    expect(iso(nextRunAt("MONTHLY", null, 15, new Date("2026-12-15T08:00:00Z")))).toBe("2027-01-15T08:00:00.000Z");
    expect(iso(nextRunAt("MONTHLY", null, 31, new Date("2026-12-31T09:00:00Z")))).toBe("2027-01-31T08:00:00.000Z");
  });
  test("property: the next run is strictly later, within its period, at 08:00 on the right day", () => {
    fc.assert(
      fc.property(
        fc.date({ min: new Date("2000-01-01T00:00:00Z"), max: new Date("2100-01-01T00:00:00Z"), noInvalidDate: true }),
        fc.constantFrom("DAILY", "WEEKLY", "MONTHLY" as const),
        fc.integer({ min: 1, max: 7 }),
        fc.integer({ min: 1, max: 31 }),
        (after, frequency, weekDay, monthDay) => {
          const next = nextRunAt(frequency, weekDay, monthDay, after);
          expect(next.getTime()).toBeGreaterThan(after.getTime());
          expect(next.getUTCHours()).toBe(8);
          expect(next.getUTCMinutes()).toBe(0);
          const limit = frequency === "DAILY" ? 1 : frequency === "WEEKLY" ? 7 : 31;
          expect(next.getTime() - after.getTime()).toBeLessThanOrEqual(limit * 86_400_000);
          if (frequency === "WEEKLY") expect(((next.getUTCDay() + 6) % 7) + 1).toBe(weekDay);
          if (frequency === "MONTHLY") {
            const last = new Date(Date.UTC(next.getUTCFullYear(), next.getUTCMonth() + 1, 0)).getUTCDate();
            expect(next.getUTCDate()).toBe(Math.min(monthDay, last));
          }
        },
      ),
    );
  });
});

describe("scheduleFields (§4 frequency change clears selections)", () => {
  test("each frequency keeps only its own select", () => {
    expect(scheduleFields("DAILY", 3, 12)).toEqual({ weekDay: null, monthDay: null });
    expect(scheduleFields("WEEKLY", 3, 12)).toEqual({ weekDay: 3, monthDay: null });
    expect(scheduleFields("MONTHLY", 3, 12)).toEqual({ weekDay: null, monthDay: 12 });
  });
});

describe("validateReminder (part 2 §5 reminder popup)", () => {
  const report = { type: "REPORTING_REMINDER" as const, reportId: 4, subject: "Moves", body: "Hi {firstName}: {reportLink}", frequencyType: "DAILY" as const, alertStatus: "ALWAYS" as const };
  test("a complete report reminder is valid", () => expect(validateReminder(report)).toEqual({}));
  test("subject, body, frequency and alert status are required", () => {
    expect(validateReminder({ ...report, subject: " ", body: "", frequencyType: null, alertStatus: null })).toEqual({
      subject: reminderMessages.subjectRequired,
      body: reminderMessages.bodyRequired,
      frequencyType: reminderMessages.frequencyRequired,
      alertStatus: reminderMessages.alertStatusRequired,
    });
  });
  test("weekday when weekly, month day when monthly", () => {
    expect(validateReminder({ ...report, frequencyType: "WEEKLY" })).toEqual({ weekDay: reminderMessages.weekDayRequired });
    expect(validateReminder({ ...report, frequencyType: "MONTHLY" })).toEqual({ monthDay: reminderMessages.monthDayRequired });
    expect(validateReminder({ ...report, frequencyType: "WEEKLY", weekDay: 2 })).toEqual({});
  });
  test("a report reminder's body needs the report link placeholder", () => {
    expect(validateReminder({ ...report, body: "Hi {firstName}" })).toEqual({ body: reminderMessages.reportLinkRequired });
  });
  test("an HR e-mail reminder's body needs the first name and link placeholders", () => {
    const hr = { ...report, type: "HR_EMAIL_REMINDER" as const, reportId: null, hrEmailId: 1 };
    expect(validateReminder({ ...hr, body: "Hi {firstName}: {reportLink}" })).toEqual({ body: reminderMessages.hrEmailPlaceholdersRequired });
    expect(validateReminder({ ...hr, body: "Hello: {hrEmailLink}" })).toEqual({ body: reminderMessages.hrEmailPlaceholdersRequired });
    expect(validateReminder({ ...hr, body: "Hi {firstName}: {hrEmailLink}" })).toEqual({});
    expect(validateReminder({ ...hr, hrEmailId: 99, body: "Hi {firstName}: {hrEmailLink}" })).toEqual({ hrEmailId: reminderMessages.hrEmailRequired });
  });
});

describe("placeholders", () => {
  const values = { firstName: "Ana", lastName: "<Silva>", reportLink: "https://m.example/r?t=a&b", hrEmailLink: "https://m.example/acme/dashboard" };
  test("all four are replaced, every time they occur", () => {
    expect(renderPlaceholders("{firstName} {lastName} {firstName} {reportLink} {hrEmailLink}", values)).toBe(
      "Ana <Silva> Ana https://m.example/r?t=a&b https://m.example/acme/dashboard",
    );
  });
  test("the HTML escapes the body and turns links into anchors", () => {
    const { html, text } = renderReminderBody(`<b>Dear</b> ${PLACEHOLDERS.lastName}\n\nSee ${PLACEHOLDERS.reportLink}`, values);
    expect(html).not.toContain("<b>");
    expect(html).toContain("&#60;b&#62;Dear&#60;/b&#62; &#60;Silva&#62;");
    expect(html).toContain('<a href="https://m.example/r?t=a&#38;b">Open the report</a>');
    expect(html.match(/<p /g)?.length).toBe(2);
    expect(text).toBe("<b>Dear</b> <Silva>\n\nSee https://m.example/r?t=a&b");
  });
});

describe("statisticsDate (§9 YYYY-MM-DD HH:mm)", () => {
  test("formats an ISO timestamp", () => {
    expect(statisticsDate("2026-12-07T09:05:33.120Z")).toBe("2026-12-07 09:05");
    expect(statisticsDate(null)).toBeNull();
  });
});

describe("signed tokens", () => {
  const secret = "s".repeat(40);
  test("an unsubscribe token carries the user and the report or all", () => {
    expect(verifyUnsubscribeToken(secret, signUnsubscribeToken(secret, { userId: 12, reportId: 5 }))).toEqual({ userId: 12, reportId: 5 });
    expect(verifyUnsubscribeToken(secret, signUnsubscribeToken(secret, { userId: 12, reportId: null }))).toEqual({ userId: 12, reportId: null });
  });
  test("the token is opaque (no readable user id)", () => {
    const token = signUnsubscribeToken(secret, { userId: 4242, reportId: 77 });
    expect(token).not.toContain("4242");
    expect(token).toMatch(/^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/);
  });
  test("tampering, another secret, another purpose and junk are refused", () => {
    const token = signUnsubscribeToken(secret, { userId: 12, reportId: 5 });
    const [payload, mac] = token.split(".") as [string, string];
    const forged = `${Buffer.from("13:5").toString("base64url")}.${mac}`;
    expect(verifyUnsubscribeToken(secret, forged)).toBeNull();
    expect(verifyUnsubscribeToken(secret, `${payload}.${mac.slice(0, -2)}AA`)).toBeNull();
    expect(verifyUnsubscribeToken(secret, `${payload}.${mac.slice(0, 10)}`)).toBeNull();
    expect(verifyUnsubscribeToken("t".repeat(40), token)).toBeNull();
    expect(verifyUnsubscribeToken(secret, signTrackingToken(secret, { kind: "preview", sendId: 12 }))).toBeNull();
    expect(verifyTrackingToken(secret, token)).toBeNull();
    for (const junk of ["", ".", "a.b.c", "!!.??", "x".repeat(600)]) expect(verifyUnsubscribeToken(secret, junk)).toBeNull();
  });
  test("property: any single-character change of a token is refused", () => {
    const token = signTrackingToken(secret, { kind: "download", sendId: 991 });
    expect(verifyTrackingToken(secret, token)).toEqual({ kind: "download", sendId: 991 });
    fc.assert(
      fc.property(fc.integer({ min: 0, max: token.length - 1 }), fc.constantFrom(..."ABCxyz019-_"), (at, ch) => {
        if (token[at] === ch || token[at] === ".") return;
        const changed = token.slice(0, at) + ch + token.slice(at + 1);
        const claim = verifyTrackingToken(secret, changed);
        // base64url's last character may carry unused bits: a change there that decodes to the same bytes is the same token.
        if (claim) expect(Buffer.from(changed.split(".")[1]!, "base64url")).toEqual(Buffer.from(token.split(".")[1]!, "base64url"));
      }),
    );
  });
});
