/**
 * reportReminders.* (issue 26; part 2 §7 reminders calls) on both databases: every call's happy, error and
 * access cases (wrong role; another group's HR refused), opt-out and unsubscribe stop mail, send-now once per
 * request key under a race, the report read with the recipient's permissions at send time, token tampering.
 */
import { beforeAll, describe, expect, test } from "bun:test";
import { TRPCError } from "@trpc/server";
import { reminderMessages } from "../../domain/reporting/reminders.ts";
import { expectOneEffect, race } from "../../test/race.ts";
import { DEMO, useTestDatabase } from "../../test/fixtures.ts";
import { callerFor, insertTestUser } from "../../test/db.ts";

const t = useTestDatabase({ poolSize: 10 });
let acmeId = 0;
let managerId = 0;
let manager2Id = 0;
let reportId = 0;
const MANAGER = "manager@acme.test";
const MANAGER2 = "reminders-manager2@acme.test";

async function setRestrictions(userId: number, view: "ALL" | "OWN" | "NONE", reporting: "ON" | "OFF" = "ON") {
  const now = new Date().toISOString();
  await t.db
    .insertInto("manager_restrictions")
    .values({ user_id: userId, group_id: acmeId, view_restriction: view, reporting_restriction: reporting, updated_at: now })
    .onConflict((oc) => oc.column("user_id").doUpdateSet({ view_restriction: view, reporting_restriction: reporting, updated_at: now }))
    .execute();
}

async function code(p: Promise<unknown>): Promise<{ code: string; message: string }> {
  try {
    await p;
  } catch (e) {
    if (e instanceof TRPCError) return { code: e.code, message: e.message };
    throw e;
  }
  throw new Error("expected a refusal");
}

/** Mails the outbox holds for an address, newest last. */
const mailsTo = (to: string) => t.db.selectFrom("outbox").selectAll().where("to_address", "=", to).orderBy("id").execute();

const weekly = () => ({
  group: "acme",
  type: "REPORTING_REMINDER" as const,
  reportId,
  userId: "ALL" as const,
  subject: "Weekly moves for {firstName}",
  body: "Dear {firstName} {lastName},\n\nYour report: {reportLink}",
  frequencyType: "WEEKLY" as const,
  weekDay: 3,
  alertStatus: "ALWAYS" as const,
  enabled: true,
  filterValues: {},
});

beforeAll(async () => {
  acmeId = (await t.db.selectFrom("groups").select("id").where("name", "=", "acme").executeTakeFirstOrThrow()).id;
  managerId = (await t.db.selectFrom("users").select("id").where("email", "=", MANAGER).executeTakeFirstOrThrow()).id;
  manager2Id = await insertTestUser(t.db, { email: MANAGER2, role: "MANAGER", group: "acme", firstName: "Second", lastName: "Manager" });
  await setRestrictions(managerId, "ALL");
  await setRestrictions(manager2Id, "ALL");
  reportId = (await t.db.selectFrom("reports").select("id").where("report_key", "=", "moves-by-status-stage").executeTakeFirstOrThrow()).id;
});

describe("getHrManagers", () => {
  test("HR of the group and admins read the group's managers", async () => {
    const hr = await (await t.hrAcme()).reportReminders.getHrManagers({ group: "acme" });
    expect(hr.managers.map((m) => m.email)).toContain(MANAGER);
    expect(hr.managers.map((m) => m.email)).toContain(MANAGER2);
    const admin = await (await t.admin()).reportReminders.getHrManagers({ group: "acme" });
    expect(admin.managers.length).toBe(hr.managers.length);
  });
  test("another group's HR and other roles are refused", async () => {
    expect((await code((await t.hrGlobex()).reportReminders.getHrManagers({ group: "acme" }))).code).toBe("FORBIDDEN");
    expect((await code((await t.employee()).reportReminders.getHrManagers({ group: "acme" }))).code).toBe("FORBIDDEN");
    expect((await code((await callerFor(t.db, MANAGER)).reportReminders.getHrManagers({ group: "acme" }))).code).toBe("FORBIDDEN");
    expect((await code((await callerFor(t.db, null)).reportReminders.getHrManagers({ group: "acme" }))).code).toBe("UNAUTHORIZED");
  });
});

describe("save-reminder and the tab rows", () => {
  test("the §5 checks refuse with the spec's messages", async () => {
    const hr = await t.hrAcme();
    expect(await code(hr.reportReminders.saveReminder({ ...weekly(), body: "No link here" }))).toEqual({ code: "BAD_REQUEST", message: reminderMessages.reportLinkRequired });
    expect(await code(hr.reportReminders.saveReminder({ ...weekly(), weekDay: null }))).toEqual({ code: "BAD_REQUEST", message: reminderMessages.weekDayRequired });
    expect(await code(hr.reportReminders.saveReminder({ ...weekly(), subject: "" }))).toEqual({ code: "BAD_REQUEST", message: reminderMessages.subjectRequired });
    expect((await code(hr.reportReminders.saveReminder({ ...weekly(), reportId: 999_999 }))).code).toBe("NOT_FOUND");
    expect((await code(hr.reportReminders.saveReminder({ ...weekly(), userId: 999_999 }))).code).toBe("NOT_FOUND");
  });

  test("a weekly group reminder is saved, listed and filtered by status; a manager sees it inherited", async () => {
    const hr = await t.hrAcme();
    const saved = await hr.reportReminders.saveReminder({ ...weekly(), monthDay: 12 });
    expect(saved.reminder).toMatchObject({ reportId, frequencyType: "WEEKLY", weekDay: 3, monthDay: null, enabled: true, userId: "ALL" });
    const next = new Date(saved.reminder!.nextRunAt!);
    expect(next.getUTCDay()).toBe(3);
    const rows = await hr.reportReminders.groupReportReminders({ group: "acme", reportType: "BASE" });
    const row = rows.reminders.find((r) => r.reportId === reportId)!;
    expect(row.id).toBe(saved.reminder!.id);
    expect(rows.reminders.some((r) => r.id === null)).toBe(true);
    const enabled = await hr.reportReminders.groupReportReminders({ group: "acme", reportType: "BASE", status: "ENABLED" });
    expect(enabled.reminders.map((r) => r.reportId)).toEqual([reportId]);
    const notConfigured = await hr.reportReminders.groupReportReminders({ group: "acme", reportType: "BASE", status: "NOT_CONFIGURED" });
    expect(notConfigured.reminders.some((r) => r.reportId === reportId)).toBe(false);
    const forManager = await hr.reportReminders.groupUserReportReminders({ group: "acme", reportType: "BASE", userId: managerId });
    expect(forManager.reminders.find((r) => r.reportId === reportId)).toMatchObject({ id: saved.reminder!.id, inherited: true, managerOptedIn: true });
    // Saving again (no id) updates the same row.
    const again = await hr.reportReminders.saveReminder({ ...weekly(), subject: "Changed" });
    expect(again.reminder!.id).toBe(saved.reminder!.id);
    expect(again.reminder!.subject).toBe("Changed");
  });

  test("two parallel first saves of one item give one reminder", async () => {
    const hr = await t.hrAcme();
    const results = await race(6, () => hr.reportReminders.saveReminder({ ...weekly(), userId: manager2Id, frequencyType: "DAILY", weekDay: null }));
    expect(results.filter((r) => r.status === "rejected").every((r) => (r as PromiseRejectedResult).reason.code === "CONFLICT")).toBe(true);
    const rows = await t.db.selectFrom("report_reminders").select("id").where("user_id", "=", manager2Id).execute();
    expect(rows.length).toBe(1);
    await t.db.deleteFrom("report_reminders").where("user_id", "=", manager2Id).execute();
  });

  test("another group's HR is refused; another group's reminder reads as missing", async () => {
    expect((await code((await t.hrGlobex()).reportReminders.saveReminder(weekly()))).code).toBe("FORBIDDEN");
    const globex = await t.hrGlobex();
    const theirs = await globex.reportReminders.saveReminder({ ...weekly(), group: "globex" });
    expect((await code((await t.hrAcme()).reportReminders.updateReminderStatus({ group: "acme", reminderId: theirs.reminder!.id!, enabled: false }))).code).toBe("NOT_FOUND");
    expect((await code((await t.hrAcme()).reportReminders.sendReminderNow({ group: "acme", reminderId: theirs.reminder!.id!, managerId, reportingReminderType: "REPORTING_REMINDER" }))).code).toBe("NOT_FOUND");
  });
});

describe("opt-in, status and send now", () => {
  test("an opted-out manager's reminder cannot be toggled or sent, and gets no mail", async () => {
    const hr = await t.hrAcme();
    const own = await hr.reportReminders.saveReminder({ ...weekly(), userId: managerId, frequencyType: "DAILY" });
    expect(await hr.reportReminders.optIn({ group: "acme", reportId, managerId, optIn: false, reportingReminderType: "REPORTING_REMINDER" })).toEqual({
      success: true,
      resultMessage: reminderMessages.optInSaved,
    });
    const row = (await hr.reportReminders.groupUserReportReminders({ group: "acme", reportType: "BASE", userId: managerId })).reminders.find((r) => r.reportId === reportId)!;
    expect(row.managerOptedIn).toBe(false);
    expect(await code(hr.reportReminders.updateReminderStatus({ group: "acme", reminderId: own.reminder!.id!, enabled: false }))).toEqual({ code: "CONFLICT", message: reminderMessages.managerOptedOut });
    const before = (await mailsTo(MANAGER)).length;
    expect(await code(hr.reportReminders.sendReminderNow({ group: "acme", reminderId: own.reminder!.id!, managerId, reportingReminderType: "REPORTING_REMINDER" }))).toEqual({
      code: "CONFLICT",
      message: reminderMessages.managerOptedOut,
    });
    expect((await mailsTo(MANAGER)).length).toBe(before);
    await hr.reportReminders.optIn({ group: "acme", reportId, managerId, optIn: true, reportingReminderType: "REPORTING_REMINDER" });
    expect((await hr.reportReminders.updateReminderStatus({ group: "acme", reminderId: own.reminder!.id!, enabled: false })).success).toBe(true);
    const disabled = (await hr.reportReminders.groupUserReportReminders({ group: "acme", reportType: "BASE", userId: managerId, status: "DISABLED" })).reminders;
    expect(disabled.map((r) => r.id)).toEqual([own.reminder!.id]);
    await hr.reportReminders.updateReminderStatus({ group: "acme", reminderId: own.reminder!.id!, enabled: true });
  });

  test("opt-in needs a manager of the group and a report of the group", async () => {
    const hr = await t.hrAcme();
    const hrId = (await t.db.selectFrom("users").select("id").where("email", "=", DEMO.HR).executeTakeFirstOrThrow()).id;
    expect(await code(hr.reportReminders.optIn({ group: "acme", reportId, managerId: hrId, optIn: false, reportingReminderType: "REPORTING_REMINDER" }))).toEqual({
      code: "NOT_FOUND",
      message: reminderMessages.notManager,
    });
    expect((await code(hr.reportReminders.optIn({ group: "acme", managerId, optIn: false, reportingReminderType: "REPORTING_REMINDER" }))).code).toBe("BAD_REQUEST");
    expect((await code((await t.employee()).reportReminders.optIn({ group: "acme", reportId, managerId, optIn: false, reportingReminderType: "REPORTING_REMINDER" }))).code).toBe("FORBIDDEN");
  });

  test("send now mails the report's rows read with the recipient's permissions at send time", async () => {
    const hr = await t.hrAcme();
    const own = (await hr.reportReminders.groupUserReportReminders({ group: "acme", reportType: "BASE", userId: managerId })).reminders.find((r) => r.reportId === reportId)!;
    await setRestrictions(managerId, "ALL");
    const wide = await hr.reportReminders.sendReminderNow({ group: "acme", reminderId: own.id!, managerId, reportingReminderType: "REPORTING_REMINDER", requestKey: "wide-request-1" });
    expect(wide).toEqual({ success: true, resultMessage: reminderMessages.reminderSent, sent: 1 });
    const mailWide = (await mailsTo(MANAGER)).at(-1)!;
    expect(mailWide.subject).toBe("Weekly moves for Marco");
    const wideRows = Number(/: (\d+) rows?\./.exec(mailWide.text)![1]);
    expect(wideRows).toBeGreaterThan(0);
    expect(JSON.parse(mailWide.attachments as unknown as string)[0].filename).toMatch(/\.csv$/);
    expect(mailWide.text).toMatch(/reporting\/reminder-report\?t=/);
    // The manager's restrictions narrow: the next mail reads the narrower rows.
    await setRestrictions(managerId, "NONE");
    await hr.reportReminders.sendReminderNow({ group: "acme", reminderId: own.id!, managerId, reportingReminderType: "REPORTING_REMINDER", requestKey: "narrow-request-1" });
    const mailNarrow = (await mailsTo(MANAGER)).at(-1)!;
    expect(Number(/: (\d+) rows?\./.exec(mailNarrow.text)![1])).toBe(0);
    await setRestrictions(managerId, "ALL");
    // Reporting switched off: no mail.
    await setRestrictions(managerId, "ALL", "OFF");
    const off = await hr.reportReminders.sendReminderNow({ group: "acme", reminderId: own.id!, managerId, reportingReminderType: "REPORTING_REMINDER", requestKey: "off-request-1" });
    expect(off.sent).toBe(0);
    await setRestrictions(managerId, "ALL");
    const stats = await hr.reportReminders.managerStatistics({ group: "acme", managerId });
    const dto = stats.reportingReminderStatisticsDTOs.find((d) => d.reminderId === own.id)!;
    expect(dto.emailsSent).toBe(2);
    expect(dto.lastSent).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}$/);
    const flags = (await hr.reportReminders.groupUserReportReminders({ group: "acme", reportType: "BASE", userId: managerId })).reminders.find((r) => r.reportId === reportId)!;
    expect(flags.emailSent).toBe(true);
  });

  test("parallel send-now of one request mails once; the rest are refused clearly", async () => {
    const hr = await t.hrAcme();
    const own = (await hr.reportReminders.groupUserReportReminders({ group: "acme", reportType: "BASE", userId: managerId })).reminders.find((r) => r.reportId === reportId)!;
    const before = (await mailsTo(MANAGER)).length;
    const results = await race(8, () =>
      hr.reportReminders.sendReminderNow({ group: "acme", reminderId: own.id!, managerId, reportingReminderType: "REPORTING_REMINDER", requestKey: "race-request-1" }),
    );
    await expectOneEffect(results, { refusal: { code: "CONFLICT", message: reminderMessages.alreadySent } });
    expect((await mailsTo(MANAGER)).length).toBe(before + 1);
  });

  test("group send now mails every manager without an own reminder, once per request", async () => {
    const hr = await t.hrAcme();
    const before2 = (await mailsTo(MANAGER2)).length;
    const beforeM = (await mailsTo(MANAGER)).length;
    const result = await hr.reportReminders.sendGroupReminderNow({ group: "acme", reportId, managerId: "ALL", reportingReminderType: "REPORTING_REMINDER", requestKey: "group-request-1" });
    expect(result.resultMessage).toBe(reminderMessages.groupReminderSent);
    expect((await mailsTo(MANAGER2)).length).toBe(before2 + 1);
    // manager@acme.test has an own reminder for this report: the group's passes them over.
    expect((await mailsTo(MANAGER)).length).toBe(beforeM);
    expect(await code(hr.reportReminders.sendGroupReminderNow({ group: "acme", reportId, managerId: "ALL", reportingReminderType: "REPORTING_REMINDER", requestKey: "group-request-1" }))).toEqual({
      code: "CONFLICT",
      message: reminderMessages.alreadySent,
    });
    expect((await code(hr.reportReminders.sendGroupReminderNow({ group: "acme", hrEmailId: 2, managerId: "ALL", reportingReminderType: "HR_EMAIL_REMINDER" }))).code).toBe("NOT_FOUND");
  });
});

describe("HR general e-mails", () => {
  test("an end-of-assignment reminder needs its placeholders and is sent with the manager's moves", async () => {
    const hr = await t.hrAcme();
    const tab = await hr.reportReminders.groupUserHrEmailReminders({ group: "acme", userId: "ALL" });
    expect(tab.reminders.map((r) => r.reportName)).toContain("End of assignment");
    const base = { group: "acme", type: "HR_EMAIL_REMINDER" as const, hrEmailId: 1, userId: "ALL" as const, subject: "Ending soon", frequencyType: "MONTHLY" as const, monthDay: 31, alertStatus: "ALWAYS" as const };
    expect(await code(hr.reportReminders.saveReminder({ ...base, body: "Hello {hrEmailLink}" }))).toEqual({ code: "BAD_REQUEST", message: reminderMessages.hrEmailPlaceholdersRequired });
    const saved = await hr.reportReminders.saveReminder({ ...base, body: "Hi {firstName}, see {hrEmailLink}" });
    expect(saved.reminder).toMatchObject({ type: "HR_EMAIL_REMINDER", hrEmailId: 1, monthDay: 31 });
    const sent = await hr.reportReminders.sendGroupReminderNow({ group: "acme", hrEmailId: 1, managerId: manager2Id, reportingReminderType: "HR_EMAIL_REMINDER" });
    expect(sent.sent).toBe(1);
    const mail = (await mailsTo(MANAGER2)).at(-1)!;
    expect(mail.text).toContain("Hi Second, see http");
    expect(mail.text).toContain("/acme/dashboard");
    expect(mail.text).toMatch(/End of assignment, next 90 days: \d+ assignments?\./);
  });
});

describe("unsubscribe", () => {
  const tokenOf = (text: string) => decodeURIComponent(/unsubscribe\/reporting\?token=([^\s]+)/.exec(text)![1]!);

  test("the page's info, a report-only unsubscribe, then no mail for that report", async () => {
    const mail = (await mailsTo(MANAGER2)).find((m) => m.template === "reportReminder")!;
    const token = tokenOf(mail.text);
    const anon = await callerFor(t.db, null);
    expect(await anon.reportReminders.unsubscribeInfo({ tokenKey: token })).toEqual({ valid: true, reportId, reportName: "Moves by status and stage" });
    expect(await anon.reportReminders.unsubscribeInfo({ tokenKey: `${token}x` })).toEqual({ valid: false, reportId: null, reportName: null });
    expect(await anon.reportReminders.unsubscribe({ tokenKey: token, fromAllReports: false, reportId })).toEqual({
      success: true,
      fromAllReports: false,
      resultMessage: reminderMessages.unsubscribedOne,
    });
    // Repeating it answers the same, one row.
    await anon.reportReminders.unsubscribe({ tokenKey: token, fromAllReports: false });
    const hr = await t.hrAcme();
    const data = await hr.reportReminders.managerUnsubscriptions({ group: "acme", managerId: manager2Id });
    expect(data.unsubscribeFromAllReports).toBe(false);
    expect(data.reportsUnsubscribedFrom.map((r) => r.reportId)).toEqual([reportId]);
    const before = (await mailsTo(MANAGER2)).length;
    expect(await code(hr.reportReminders.sendGroupReminderNow({ group: "acme", reportId, managerId: manager2Id, reportingReminderType: "REPORTING_REMINDER", requestKey: "after-unsub-1" }))).toEqual({
      code: "CONFLICT",
      message: reminderMessages.nothingToSend,
    });
    expect((await mailsTo(MANAGER2)).length).toBe(before);
    // HR e-mails still go (only the report was unsubscribed)…
    expect((await hr.reportReminders.sendGroupReminderNow({ group: "acme", hrEmailId: 1, managerId: manager2Id, reportingReminderType: "HR_EMAIL_REMINDER", requestKey: "after-unsub-2" })).sent).toBe(1);
    // …until all are.
    expect((await anon.reportReminders.unsubscribe({ tokenKey: token, fromAllReports: true })).resultMessage).toBe(reminderMessages.unsubscribedAll);
    expect((await hr.reportReminders.managerUnsubscriptions({ group: "acme", managerId: manager2Id })).unsubscribeFromAllReports).toBe(true);
    expect((await code(hr.reportReminders.sendGroupReminderNow({ group: "acme", hrEmailId: 1, managerId: manager2Id, reportingReminderType: "HR_EMAIL_REMINDER", requestKey: "after-unsub-3" }))).code).toBe("CONFLICT");
  });

  test("a tampered or foreign token is refused with the spec's text", async () => {
    const anon = await callerFor(t.db, null);
    const mail = (await mailsTo(MANAGER)).find((m) => m.template === "reportReminder")!;
    const token = tokenOf(mail.text);
    const [payload, mac] = token.split(".") as [string, string];
    const forged = `${Buffer.from(`${manager2Id}:all`).toString("base64url")}.${mac}`;
    for (const bad of [forged, `${payload}.${mac.slice(0, -3)}abc`, "nonsense"]) {
      expect(await code(anon.reportReminders.unsubscribe({ tokenKey: bad, fromAllReports: true }))).toEqual({ code: "BAD_REQUEST", message: reminderMessages.unsubscribeFailed });
    }
    // A report token cannot unsubscribe another report.
    expect(await code(anon.reportReminders.unsubscribe({ tokenKey: token, fromAllReports: false, reportId: reportId + 1 }))).toEqual({ code: "BAD_REQUEST", message: reminderMessages.unsubscribeFailed });
    expect((await t.db.selectFrom("report_unsubscriptions").selectAll().where("user_id", "=", managerId).execute()).length).toBe(0);
  });

  test("statistics and unsubscriptions need a manager of the group and the group's HR", async () => {
    expect((await code((await t.hrGlobex()).reportReminders.managerStatistics({ group: "acme", managerId }))).code).toBe("FORBIDDEN");
    expect((await code((await t.hrAcme()).reportReminders.managerUnsubscriptions({ group: "acme", managerId: 999_999 }))).code).toBe("NOT_FOUND");
    expect((await code((await t.finance()).reportReminders.managerUnsubscriptions({ group: "acme", managerId }))).code).toBe("FORBIDDEN");
  });
});
