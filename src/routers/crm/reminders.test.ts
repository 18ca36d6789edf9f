import { describe, expect, test } from "bun:test";
import { crmReminderMessages as M } from "../../domain/crm/reminders.ts";
import { messages } from "../../domain/messages.ts";
import { sendDueCrmReminders } from "../../services/crm/reminders.ts";
import { sendPendingNotificationMails } from "../../services/identity/notifications/notify.ts";
import { createMailer } from "../../services/mail.ts";
import { expectAudit, groupIdOf, userIdOf } from "../../test/audit.ts";
import { callerFor, testConfig } from "../../test/db.ts";
import { expectInputError, expectTrpcError } from "../../test/errors.ts";
import type { ZodError } from "zod";
import { DEMO, demoEmployeeMove, useTestDatabase } from "../../test/fixtures.ts";
import { expectNoServerError, outcomesOf, race } from "../../test/race.ts";

const t = useTestDatabase();
const CRM = "crm@meridian.test";
const crm = () => callerFor(t.db, CRM);

/** A due time on the quarter hour, `hours` from now. */
function dueIn(hours: number): string {
  const step = 15 * 60_000;
  return new Date(Math.ceil((Date.now() + hours * 3_600_000) / step) * step).toISOString();
}

async function newReminder(text: string, hours = 24) {
  const move = await demoEmployeeMove(t.db);
  const owner = await userIdOf(t.db, CRM);
  const saved = await (await crm()).crmReminders.save({ userId: move.employeeId, moveId: move.moveId, owner, datePicker: dueIn(hours), reminder: text });
  return { ...saved.reminder, move, ownerId: owner };
}

const notificationsOf = (userId: number, reminderId: number) =>
  t.db.selectFrom("notifications").selectAll().where("user_id", "=", userId).where("kind", "=", "CRM_REMINDER_DUE").where("entity_id", "=", reminderId).execute();

describe("crmReminders: happy paths", () => {
  test("a CRM agent saves a reminder; it is listed by employee and move; audited", async () => {
    const r = await newReminder("Call back about the school search");
    expect(r.status).toBe("OPEN");
    expect(r.ownerName).toBe("Carl Caller");
    expect(r.groupName).toBe("acme");
    const list = await (await crm()).crmReminders.list({ userId: r.move.employeeId, moveId: r.move.moveId });
    expect(list.success).toBe(true);
    expect(list.reminders.map((x) => x.id)).toContain(r.id);
    await expectAudit(t.db, {
      action: "crm-reminder-saved",
      actor: CRM,
      groupId: r.move.groupId,
      entity: "crm_reminder",
      entityId: r.id,
      oldValues: null,
      newValues: { userId: r.move.employeeId, moveId: r.move.moveId, owner: r.ownerId, dueAt: r.datePicker, reminder: "Call back about the school search" },
    });
  });

  test("filters: owner, status and the due range", async () => {
    const r = await newReminder("Filter me", 24 * 9);
    const c = await crm();
    const day = r.datePicker.slice(0, 10);
    expect((await c.crmReminders.list({ dueFrom: day, dueTo: day })).reminders.map((x) => x.id)).toContain(r.id);
    expect((await c.crmReminders.list({ dueTo: new Date(Date.now() - 86_400_000).toISOString().slice(0, 10) })).reminders.map((x) => x.id)).not.toContain(r.id);
    expect((await c.crmReminders.list({ owner: r.ownerId, status: "OPEN" })).reminders.map((x) => x.id)).toContain(r.id);
    expect((await c.crmReminders.list({ status: "SENT" })).reminders.map((x) => x.id)).not.toContain(r.id);
  });

  test("send: SENT, the owner is told in the app and by one e-mail; audited", async () => {
    const r = await newReminder("Send me now");
    const sent = await (await crm()).crmReminders.send({ id: r.id });
    expect(sent.success).toBe(true);
    expect(sent.reminder.status).toBe("SENT");
    expect(sent.reminder.sentAt).not.toBeNull();
    const rows = await notificationsOf(r.ownerId, r.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]!.link).toBe(`/crm/reminders?userId=${r.move.employeeId}&moveId=${r.move.moveId}`);
    await expectAudit(t.db, { action: "crm-reminder-sent", actor: CRM, groupId: r.move.groupId, entity: "crm_reminder", entityId: r.id, oldValues: { status: "OPEN" }, newValues: { status: "SENT", owner: r.ownerId } });
    const config = testConfig();
    const mailer = createMailer(config);
    await sendPendingNotificationMails({ db: t.db, config, mailer });
    const mails = await t.db.selectFrom("outbox").select(["subject", "text"]).where("to_address", "=", CRM).where("template", "=", "notifyCrmReminderDue").execute();
    expect(mails.filter((m) => m.text.includes("Send me now"))).toHaveLength(1);
    expect(mails.every((m) => m.subject === "Reminder: Emma Lindqvist")).toBe(true);
  });

  test("delete: DELETED, gone from the default list; audited", async () => {
    const r = await newReminder("Delete me");
    const deleted = await (await crm()).crmReminders.delete({ id: r.id });
    expect(deleted.reminder.status).toBe("DELETED");
    expect((await (await crm()).crmReminders.list({ userId: r.move.employeeId, moveId: r.move.moveId })).reminders.map((x) => x.id)).not.toContain(r.id);
    expect((await (await crm()).crmReminders.list({ status: "DELETED" })).reminders.map((x) => x.id)).toContain(r.id);
    await expectAudit(t.db, { action: "crm-reminder-deleted", actor: CRM, groupId: r.move.groupId, entity: "crm_reminder", entityId: r.id, oldValues: { status: "OPEN" }, newValues: { status: "DELETED" } });
  });

  test("due reminders are sent by the due check, once even when two instances check", async () => {
    const r = await newReminder("Due soon", 1);
    expect(await sendDueCrmReminders(t.db, new Date(Date.now() - 60_000))).toBe(0);
    const later = new Date(Date.parse(r.datePicker) + 1000);
    const counts = await Promise.all([sendDueCrmReminders(t.db, later), sendDueCrmReminders(t.db, later)]);
    expect(counts.reduce((a, b) => a + b, 0)).toBeGreaterThanOrEqual(1);
    expect(await notificationsOf(r.ownerId, r.id)).toHaveLength(1);
    const row = await t.db.selectFrom("crm_reminders").select(["status"]).where("id", "=", r.id).executeTakeFirstOrThrow();
    expect(row.status).toBe("SENT");
    await expectAudit(t.db, { action: "crm-reminder-sent-when-due", actor: null, groupId: r.move.groupId, entity: "crm_reminder", entityId: r.id, oldValues: { status: "OPEN" }, newValues: { status: "SENT", owner: r.ownerId } });
  });

  test("owners and the move search", async () => {
    const c = await crm();
    const owners = await c.crmReminders.owners();
    expect(owners.owners.map((o) => o.role).every((role) => role === "CRM" || role === "ADMIN")).toBe(true);
    const move = await demoEmployeeMove(t.db);
    const found = await c.crmReminders.moves({ query: DEMO.EMPLOYEE });
    expect(found.moves.some((m) => m.moveId === move.moveId && m.userId === move.employeeId)).toBe(true);
    expect((await c.crmReminders.moves({ query: String(move.moveId) })).moves.some((m) => m.moveId === move.moveId)).toBe(true);
  });
});

describe("crmReminders: errors", () => {
  test("a due time off the quarter hour, in the past or unreadable is refused", async () => {
    const move = await demoEmployeeMove(t.db);
    const owner = await userIdOf(t.db, CRM);
    const c = await crm();
    const base = { userId: move.employeeId, moveId: move.moveId, owner, reminder: "x" };
    const off = new Date(Date.parse(dueIn(24)) + 7 * 60_000).toISOString();
    const issue = async (call: Promise<unknown>, path: string, message: string) => {
      const error = await expectInputError(call, path);
      expect((error.cause as ZodError).issues.map((i) => i.message)).toContain(message);
    };
    await issue(c.crmReminders.save({ ...base, datePicker: off }), "datePicker", M.dueStep);
    await issue(c.crmReminders.save({ ...base, datePicker: "2026-02-31T10:00" }), "datePicker", M.dueInvalid);
    await issue(c.crmReminders.save({ ...base, datePicker: dueIn(2), reminder: "   " }), "reminder", M.textRequired);
    await expectTrpcError(c.crmReminders.save({ ...base, datePicker: "2020-01-01T10:00:00.000Z" }), "BAD_REQUEST", M.duePast);
  });

  test("the move must exist and be the employee's; the owner a CRM agent or admin", async () => {
    const move = await demoEmployeeMove(t.db);
    const c = await crm();
    const owner = await userIdOf(t.db, CRM);
    await expectTrpcError(c.crmReminders.save({ userId: move.employeeId, moveId: 2_000_000_000, owner, datePicker: dueIn(3), reminder: "x" }), "NOT_FOUND", M.moveNotFound);
    const hr = await userIdOf(t.db, DEMO.HR);
    await expectTrpcError(c.crmReminders.save({ userId: hr, moveId: move.moveId, owner, datePicker: dueIn(3), reminder: "x" }), "BAD_REQUEST", M.moveMismatch);
    await expectTrpcError(c.crmReminders.save({ userId: move.employeeId, moveId: move.moveId, owner: hr, datePicker: dueIn(3), reminder: "x" }), "BAD_REQUEST", M.ownerInvalid);
  });

  test("send or delete twice, or a reminder that does not exist", async () => {
    const r = await newReminder("Twice");
    const c = await crm();
    await c.crmReminders.send({ id: r.id });
    await expectTrpcError(c.crmReminders.send({ id: r.id }), "CONFLICT", M.alreadySent);
    await c.crmReminders.delete({ id: r.id });
    await expectTrpcError(c.crmReminders.delete({ id: r.id }), "CONFLICT", M.alreadyDeleted);
    await expectTrpcError(c.crmReminders.send({ id: r.id }), "CONFLICT", M.alreadyDeleted);
    await expectTrpcError(c.crmReminders.send({ id: 2_000_000_000 }), "NOT_FOUND", M.notFound);
  });
});

describe("crmReminders: access", () => {
  test("HR (of the reminder's group or another), managers, employees and finance are refused; admins may", async () => {
    const r = await newReminder("Access");
    for (const email of [DEMO.HR, DEMO.GLOBEX, "manager@acme.test", DEMO.EMPLOYEE, DEMO.FINANCE]) {
      const c = await callerFor(t.db, email);
      await expectTrpcError(c.crmReminders.list({ userId: r.move.employeeId, moveId: r.move.moveId }), "FORBIDDEN", messages.forbidden);
      await expectTrpcError(c.crmReminders.send({ id: r.id }), "FORBIDDEN", messages.forbidden);
      await expectTrpcError(c.crmReminders.delete({ id: r.id }), "FORBIDDEN", messages.forbidden);
      await expectTrpcError(c.crmReminders.save({ userId: r.move.employeeId, moveId: r.move.moveId, owner: r.ownerId, datePicker: dueIn(3), reminder: "x" }), "FORBIDDEN", messages.forbidden);
    }
    await expectTrpcError((await callerFor(t.db, null)).crmReminders.list({}), "UNAUTHORIZED");
    const admin = await callerFor(t.db, DEMO.ADMIN);
    expect((await admin.crmReminders.list({ userId: r.move.employeeId })).reminders.some((x) => x.id === r.id)).toBe(true);
    const row = await t.db.selectFrom("crm_reminders").select("status").where("id", "=", r.id).executeTakeFirstOrThrow();
    expect(row.status).toBe("OPEN");
    expect(await groupIdOf(t.db, "acme")).toBe(r.move.groupId);
  });
});

describe("crmReminders: races", () => {
  test("8 parallel sends: one notification, one SENT, 7 clear refusals, no 500", async () => {
    const r = await newReminder("Race send");
    const callers = await Promise.all(Array.from({ length: 8 }, () => crm()));
    const outcomes = await outcomesOf(await race(8, (i) => callers[i]!.crmReminders.send({ id: r.id })));
    expectNoServerError(outcomes);
    expect(outcomes.filter((o) => o.ok)).toHaveLength(1);
    expect(outcomes.filter((o) => !o.ok).every((o) => o.code === "CONFLICT" && o.message === M.alreadySent)).toBe(true);
    expect(await notificationsOf(r.ownerId, r.id)).toHaveLength(1);
    const audits = await t.db.selectFrom("audit_log").select("id").where("entity", "=", "crm_reminder").where("entity_id", "=", String(r.id)).where("action", "=", "crm-reminder-sent").execute();
    expect(audits).toHaveLength(1);
  });

  test("8 parallel deletes: one effect, 7 clear refusals", async () => {
    const r = await newReminder("Race delete");
    const callers = await Promise.all(Array.from({ length: 8 }, () => crm()));
    const outcomes = await outcomesOf(await race(8, (i) => callers[i]!.crmReminders.delete({ id: r.id })));
    expectNoServerError(outcomes);
    expect(outcomes.filter((o) => o.ok)).toHaveLength(1);
    expect(outcomes.filter((o) => !o.ok).every((o) => o.code === "CONFLICT" && o.message === M.alreadyDeleted)).toBe(true);
    const audits = await t.db.selectFrom("audit_log").select("id").where("entity", "=", "crm_reminder").where("entity_id", "=", String(r.id)).where("action", "=", "crm-reminder-deleted").execute();
    expect(audits).toHaveLength(1);
  });
});
