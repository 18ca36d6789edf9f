/**
 * The reminders' documented paths (part 2 §7): /reporting/… and POST /unsubscribe/reporting, through the Hono
 * app on both databases: happy, error and access cases, the one-click POST (RFC 8058), and the mail's report
 * link (GET changes nothing; its POSTs record preview and download).
 */
import { beforeAll, describe, expect, test } from "bun:test";
import { reminderMessages } from "../../../domain/reporting/reminders.ts";
import { get, postForm, postJson, send } from "../../../test/app.ts";
import { expectLegacyFailure } from "../../../test/errors.ts";
import { DEMO, useTestApp } from "../../../test/fixtures.ts";
import { cookieFor } from "../../../test/app.ts";

const t = useTestApp();
const MANAGER = "manager@acme.test";
let managerId = 0;
let reportId = 0;
let reminderId = 0;
let managerCookie = "";

beforeAll(async () => {
  const acmeId = (await t.db.selectFrom("groups").select("id").where("name", "=", "acme").executeTakeFirstOrThrow()).id;
  managerId = (await t.db.selectFrom("users").select("id").where("email", "=", MANAGER).executeTakeFirstOrThrow()).id;
  const now = new Date().toISOString();
  await t.db
    .insertInto("manager_restrictions")
    .values({ user_id: managerId, group_id: acmeId, view_restriction: "ALL", reporting_restriction: "ON", updated_at: now })
    .onConflict((oc) => oc.column("user_id").doUpdateSet({ view_restriction: "ALL", reporting_restriction: "ON", updated_at: now }))
    .execute();
  reportId = (await t.db.selectFrom("reports").select("id").where("report_key", "=", "moves-by-status-stage").executeTakeFirstOrThrow()).id;
  managerCookie = await cookieFor(t.db, MANAGER);
});

const json = async (res: Response) => ({ status: res.status, body: (await res.json()) as any });

describe("configuring", () => {
  test("save-reminder (JSON), the three reads, getHrManagers", async () => {
    const saved = await json(
      await postJson(t.app, "/reporting/save-reminder", {
        type: "REPORTING_REMINDER", reportId, userId: managerId, subject: "Moves", body: "Hi {firstName}: {reportLink}",
        frequencyType: "MONTHLY", monthDay: 31, alertStatus: "ALWAYS", enabled: true, filterValues: {},
      }, t.as(DEMO.HR)),
    );
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({ success: true, resultMessage: reminderMessages.saved, reminder: { monthDay: 31, userId: managerId } });
    reminderId = saved.body.reminder.id;
    const user = await json(await get(t.app, `/reporting/get-group-user-report-reminder?userId=${managerId}&reportType=BASE`, t.as(DEMO.HR)));
    expect(user.body.reminders.find((r: any) => r.reportId === reportId).id).toBe(reminderId);
    const group = await json(await get(t.app, "/reporting/get-group-report-reminder?group=acme&reportType=BASE", t.as(DEMO.ADMIN)));
    expect(group.body.reminders.find((r: any) => r.reportId === reportId).id).toBeNull();
    const hrEmails = await json(await get(t.app, "/reporting/get-group-user-hr-email-reminder?userId=ALL", t.as(DEMO.HR)));
    expect(hrEmails.body.reminders.map((r: any) => r.hrEmailId)).toEqual([1, 2]);
    const managers = await json(await get(t.app, "/reporting/getHrManagers", t.as(DEMO.HR)));
    expect(managers.body.managers.map((m: any) => m.email)).toContain(MANAGER);
  });

  test("validation, role, group: refused with the documented shape", async () => {
    const bad = await expectLegacyFailure(
      await postJson(t.app, "/reporting/save-reminder", { type: "REPORTING_REMINDER", reportId, subject: "x", body: "no link", frequencyType: "DAILY", alertStatus: "ALWAYS" }, t.as(DEMO.HR)),
      400,
      { messageKey: "resultMessage", message: reminderMessages.reportLinkRequired },
    );
    expect(bad.fields.body).toBe(reminderMessages.reportLinkRequired);
    await expectLegacyFailure(await get(t.app, "/reporting/getHrManagers", t.as(DEMO.ADMIN)), 400, { messageKey: "resultMessage", message: reminderMessages.selectGroupFirst });
    await expectLegacyFailure(await get(t.app, "/reporting/getHrManagers?group=acme", t.as(DEMO.GLOBEX)), 403, { messageKey: "resultMessage" });
    await expectLegacyFailure(await get(t.app, "/reporting/get-group-report-reminder", t.as(DEMO.EMPLOYEE)), 403, { messageKey: "resultMessage" });
    await expectLegacyFailure(await get(t.app, "/reporting/load-manager-statistics-data?managerId=1"), 401, { messageKey: "resultMessage" });
    await expectLegacyFailure(await postForm(t.app, "/reporting/opt-in", { reportId: String(reportId), managerId: String(managerId), optIn: "false" }, { cookie: managerCookie }), 403, { messageKey: "resultMessage" });
  });

  test("opt-in, update-reminder-status, the two manager reads", async () => {
    const optOut = await json(await postForm(t.app, "/reporting/opt-in", { reportId: String(reportId), managerId: String(managerId), optIn: "false", reportingReminderType: "REPORTING_REMINDER" }, t.as(DEMO.HR)));
    expect(optOut.body).toEqual({ success: true, resultMessage: reminderMessages.optInSaved });
    await expectLegacyFailure(await postForm(t.app, "/reporting/update-reminder-status", { reminderId: String(reminderId), enabled: "false" }, t.as(DEMO.HR)), 409, {
      messageKey: "resultMessage",
      message: reminderMessages.managerOptedOut,
    });
    await postForm(t.app, "/reporting/opt-in", { reportId: String(reportId), managerId: String(managerId), optIn: "true" }, t.as(DEMO.HR));
    expect((await json(await postForm(t.app, "/reporting/update-reminder-status", { reminderId: String(reminderId), enabled: "true" }, t.as(DEMO.HR)))).body.success).toBe(true);
    const unsub = await json(await get(t.app, `/reporting/load-manager-unsubscriptions-data?managerId=${managerId}`, t.as(DEMO.HR)));
    expect(unsub.body).toEqual({ success: true, unsubscribeFromAllReports: false, reportsUnsubscribedFrom: [] });
    const stats = await json(await get(t.app, `/reporting/load-manager-statistics-data?managerId=${managerId}`, t.as(DEMO.HR)));
    expect(stats.body.reportingReminderStatisticsDTOs).toEqual([]);
    await expectLegacyFailure(await get(t.app, "/reporting/load-manager-statistics-data?managerId=999999", t.as(DEMO.HR)), 404, { messageKey: "resultMessage" });
  });
});

describe("sending, the report link and one-click unsubscribe", () => {
  test("send-reminder-now, the report link's GET (no state), preview and download POSTs, one-click unsubscribe", async () => {
    const sent = await json(await postForm(t.app, "/reporting/send-reminder-now", { reminderId: String(reminderId), managerId: String(managerId), reportingReminderType: "REPORTING_REMINDER" }, t.as(DEMO.HR)));
    expect(sent.body).toEqual({ success: true, resultMessage: reminderMessages.reminderSent, sent: 1 });
    await expectLegacyFailure(
      await postForm(t.app, "/reporting/send-reminder-now", { reminderId: String(reminderId), managerId: String(managerId), reportingReminderType: "REPORTING_REMINDER" }, t.as(DEMO.HR)),
      409,
      { messageKey: "resultMessage", message: reminderMessages.alreadySent },
    );
    const mail = await t.db.selectFrom("outbox").selectAll().where("to_address", "=", MANAGER).where("template", "=", "reportReminder").orderBy("id", "desc").executeTakeFirstOrThrow();
    const link = new URL(/(http\S+reporting\/reminder-report\?t=\S+)/.exec(mail.text)![1]!);
    const tToken = link.searchParams.get("t")!;
    const page = await get(t.app, `${link.pathname}${link.search}`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain("Moves by status and stage");
    const sendRow = () => t.db.selectFrom("report_reminder_sends").selectAll().where("reminder_id", "=", reminderId).executeTakeFirstOrThrow();
    expect((await sendRow()).preview_clicked_at).toBeNull();
    const preview = await postForm(t.app, "/reporting/reminder-report/preview", { t: tToken });
    expect(preview.status).toBe(200);
    expect(await preview.text()).toMatch(/<table>/);
    expect((await sendRow()).preview_clicked_at).not.toBeNull();
    const download = await postForm(t.app, "/reporting/reminder-report/download", { t: tToken });
    expect(download.headers.get("content-type")).toContain("text/csv");
    expect(await download.text()).toContain("Policy");
    expect((await sendRow()).downloaded_at).not.toBeNull();
    const stats = await json(await get(t.app, `/reporting/load-manager-statistics-data?managerId=${managerId}`, t.as(DEMO.HR)));
    expect(stats.body.reportingReminderStatisticsDTOs[0]).toMatchObject({ emailsSent: 1, previewClicked: 1, reportDownloaded: 1 });
    expect((await postForm(t.app, "/reporting/reminder-report/preview", { t: `${tToken}x` })).status).toBe(400);

    const unsubscribeUrl = new URL(/Unsubscribe: (\S+)/.exec(mail.text)![1]!);
    // One click from a mail client: a POST to the List-Unsubscribe URL, no cookie, no Origin.
    const oneClick = await send(t.app, "POST", `${unsubscribeUrl.pathname}${unsubscribeUrl.search}`, "List-Unsubscribe=One-Click", { headers: { "Sec-Fetch-Site": "" } }, "application/x-www-form-urlencoded");
    expect(await json(oneClick)).toEqual({ status: 200, body: { success: true, fromAllReports: false, resultMessage: reminderMessages.unsubscribedOne } });
    const page2 = await json(await postForm(t.app, "/unsubscribe/reporting", { tokenKey: unsubscribeUrl.searchParams.get("token")!, fromAllReports: "true" }));
    expect(page2.body).toEqual({ success: true, fromAllReports: true, resultMessage: reminderMessages.unsubscribedAll });
    const refused = await expectLegacyFailure(await postForm(t.app, "/unsubscribe/reporting", { tokenKey: "forged.token", fromAllReports: "true" }), 400, { messageKey: "resultMessage", message: reminderMessages.unsubscribeFailed });
    expect(refused.fromAllReports).toBe(false);
    await expectLegacyFailure(
      await postForm(t.app, "/reporting/send-group-reminder-now", { reportId: String(reportId), managerId: "ALL", reportingReminderType: "REPORTING_REMINDER" }, t.as(DEMO.HR)),
      404,
      { messageKey: "resultMessage", message: reminderMessages.noReminder },
    );
  });
});
