/**
 * Notifications (issue 24 §3), on the dialect under test: each decision tells the right user in the
 * decision's own transaction (a decision whose notification fails is not made; a refused decision
 * tells nobody), e-mail follows the recipient's choice (off: no e-mail, the in-app row stays), a user
 * never reads or marks another's notification, and N parallel identical decisions give one notification.
 */
import { describe, expect, test } from "bun:test";
import type { DB } from "../../db/index.ts";
import { createMailer } from "../../services/mail.ts";
import { sendPendingNotificationMails } from "../../services/identity/notifications/notify.ts";
import { callerFor, testConfig } from "../../test/db.ts";
import { expectTrpcError } from "../../test/errors.ts";
import { failingWrites } from "../../test/fail-midway.ts";
import { DEMO, demoEmployeeMove, useTestDatabase } from "../../test/fixtures.ts";
import { race } from "../../test/race.ts";
import { dayFromNow, newEmployeeWithMove } from "../employee/welcome.fixtures.ts";

const t = useTestDatabase();
const NOW = new Date().toISOString();
let seq = 0;

async function userId(db: DB, email: string) {
  return (await db.selectFrom("users").select("id").where("email", "=", email).executeTakeFirstOrThrow()).id;
}

async function newExpense(db: DB, over: Record<string, unknown> = {}) {
  const m = await demoEmployeeMove(db);
  const row = await db
    .insertInto("expenses")
    .values({
      group_id: m.groupId, move_id: m.moveId, employee_user_id: m.employeeId, service_key: "SETTLINGIN", move_stage: 1, budget_group: 1, category: "TRAVEL",
      category_other: null, description: `Taxi ${++seq}`, expense_date: "2026-11-20", currency: "USD", net_amount: 12345, tax_amount: 0, gross_amount: 12345,
      budget_currency: "USD", budget_amount: 12345, exchange_rate: "1", receipt_file_id: null, status: "SUBMITTED", request_id: null,
      created_at: NOW, updated_at: NOW, ...over,
    } as never)
    .returning("id")
    .executeTakeFirstOrThrow();
  return row.id;
}

const rowsFor = (db: DB, userIdOf: number, kind?: string) => {
  let q = db.selectFrom("notifications").selectAll().where("user_id", "=", userIdOf);
  if (kind) q = q.where("kind", "=", kind);
  return q.orderBy("id").execute();
};

async function rejectReason(db: DB) {
  return db.selectFrom("finance_rejection_reasons").select(["id", "label"]).where("scope", "=", "REJECT").orderBy("id").executeTakeFirstOrThrow();
}

describe("finance decisions tell the employee", () => {
  test("approve → EXPENSE_APPROVED linking to the expense; the employee sees it in the bell and the list", async () => {
    const employee = await userId(t.db, DEMO.EMPLOYEE);
    const id = await newExpense(t.db);
    const before = (await (await t.employee()).notifications.unreadCount()).unread;
    await (await t.finance()).finance.approval.approve({ kind: "expense", id } as never);
    const rows = (await rowsFor(t.db, employee, "EXPENSE_APPROVED")).filter((r) => r.entity_id === id);
    expect(rows).toHaveLength(1);
    expect(rows[0]!.link).toBe(`/expenses?expense=${id}`);
    expect(JSON.parse(rows[0]!.vars)).toMatchObject({ amount: "USD 123.45" });
    const me = await t.employee();
    expect((await me.notifications.unreadCount()).unread).toBe(before + 1);
    const list = await me.notifications.list({});
    expect(list.rows[0]).toMatchObject({ kind: "EXPENSE_APPROVED", link: `/expenses?expense=${id}`, read: false });
  });

  test("reject → EXPENSE_REJECTED with the reason; paying a bill → EXPENSE_PAID with the amount and date", async () => {
    const employee = await userId(t.db, DEMO.EMPLOYEE);
    const f = await t.finance();
    const reason = await rejectReason(t.db);
    const rejected = await newExpense(t.db);
    await f.finance.approval.reject({ kind: "expense", id: rejected, rejectionId: reason.id, rejectionReason: "Receipt is unreadable" } as never);
    const r = (await rowsFor(t.db, employee, "EXPENSE_REJECTED")).find((n) => n.entity_id === rejected)!;
    expect(JSON.parse(r.vars).reason).toBe(`${reason.label}: Receipt is unreadable`);

    const paid = await newExpense(t.db);
    const { billIds } = await f.finance.approval.approve({ kind: "expense", id: paid } as never);
    const today = new Date().toISOString().slice(0, 10);
    const pending = await f.finance.bills.updateStatus({ bills: [{ id: billIds[0]!, status: "PaymentPending" }] } as never);
    expect(pending[0]!.success).toBe(true);
    const done = await f.finance.bills.updateStatus({ bills: [{ id: billIds[0]!, status: "Paid", paymentDate: today, ignoreErrors: true }] } as never);
    expect(done[0]!.success).toBe(true);
    const p = (await rowsFor(t.db, employee, "EXPENSE_PAID")).filter((n) => n.entity_id === paid);
    expect(p).toHaveLength(1);
    expect(JSON.parse(p[0]!.vars)).toMatchObject({ amount: "USD 123.45", paidOn: today });
  });

  test("a refused decision tells nobody; a decision whose notification fails is not made", async () => {
    const employee = await userId(t.db, DEMO.EMPLOYEE);
    const reason = await rejectReason(t.db);
    const id = await newExpense(t.db);
    const f = await t.finance();
    await f.finance.approval.reject({ kind: "expense", id, rejectionId: reason.id } as never);
    await expectTrpcError(f.finance.approval.reject({ kind: "expense", id, rejectionId: reason.id } as never), "CONFLICT");
    expect((await rowsFor(t.db, employee)).filter((n) => n.entity_id === id && n.entity === "expense")).toHaveLength(1);

    const other = await newExpense(t.db);
    const broken = failingWrites(t.db, { table: "notifications", kind: "insert" });
    await expect(callerFor(broken.db, DEMO.FINANCE).then((c) => c.finance.approval.approve({ kind: "expense", id: other } as never))).rejects.toThrow();
    expect(broken.fired()).toBe(true);
    const still = await t.db.selectFrom("expenses").select("status").where("id", "=", other).executeTakeFirstOrThrow();
    expect(still.status).toBe("SUBMITTED");
    expect(await t.db.selectFrom("bills").select("id").where("source_kind", "=", "expense").where("source_id", "=", other).execute()).toHaveLength(0);
    expect((await rowsFor(t.db, employee)).filter((n) => n.entity_id === other && n.entity === "expense")).toHaveLength(0);
  });

  test("8 parallel identical rejections: one rejection, one notification", async () => {
    const employee = await userId(t.db, DEMO.EMPLOYEE);
    const reason = await rejectReason(t.db);
    const id = await newExpense(t.db);
    const callers = await Promise.all(Array.from({ length: 8 }, () => t.finance()));
    const results = await race(8, (i) => callers[i]!.finance.approval.reject({ kind: "expense", id, rejectionId: reason.id, rejectionReason: "Twice" } as never));
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    for (const r of results) if (r.status === "rejected") expect(String((r.reason as { code?: string }).code ?? r.reason)).not.toContain("INTERNAL");
    expect((await rowsFor(t.db, employee, "EXPENSE_REJECTED")).filter((n) => n.entity_id === id)).toHaveLength(1);
  });
});

describe("e-mail follows each user's choice", () => {
  test("on: one e-mail with a link from PUBLIC_URL; off: no e-mail, the in-app notification stays", async () => {
    const employee = await userId(t.db, DEMO.EMPLOYEE);
    const me = await t.employee();
    const config = testConfig({ PUBLIC_URL: "https://meridian.example.com" });
    const mailer = createMailer({ smtpUrl: undefined, mailFrom: "Meridian <no-reply@meridian.local>" });
    await sendPendingNotificationMails({ db: t.db, config, mailer }, 1000);

    const on = await newExpense(t.db);
    await (await t.finance()).finance.approval.approve({ kind: "expense", id: on } as never);
    expect(await sendPendingNotificationMails({ db: t.db, config, mailer })).toBe(1);
    const mail = await t.db.selectFrom("outbox").selectAll().where("template", "=", "notifyExpenseApproved").orderBy("id", "desc").executeTakeFirstOrThrow();
    expect(mail.to_address).toBe(DEMO.EMPLOYEE);
    expect(mail.link).toBe(`https://meridian.example.com/expenses?expense=${on}`);
    expect(mail.text).toContain("was approved");
    // Sent once: a second run finds nothing to send.
    expect(await sendPendingNotificationMails({ db: t.db, config, mailer })).toBe(0);

    const prefs = await me.notifications.setPreference({ kind: "EXPENSE_APPROVED", email: false });
    expect(prefs.email.find((p) => p.kind === "EXPENSE_APPROVED")!.email).toBe(false);
    expect(prefs.email.find((p) => p.kind === "EXPENSE_REJECTED")!.email).toBe(true);
    const off = await newExpense(t.db);
    await (await t.finance()).finance.approval.approve({ kind: "expense", id: off } as never);
    const row = (await rowsFor(t.db, employee, "EXPENSE_APPROVED")).find((n) => n.entity_id === off)!;
    expect(row.email_status).toBe("OFF");
    const mailsBefore = (await t.db.selectFrom("outbox").select("id").where("template", "=", "notifyExpenseApproved").execute()).length;
    expect(await sendPendingNotificationMails({ db: t.db, config, mailer })).toBe(0);
    expect((await t.db.selectFrom("outbox").select("id").where("template", "=", "notifyExpenseApproved").execute()).length).toBe(mailsBefore);
    expect((await me.notifications.list({})).rows.some((n) => n.link === `/expenses?expense=${off}`)).toBe(true);
    await me.notifications.setPreference({ kind: "EXPENSE_APPROVED", email: true });
  });
});

describe("a user only ever sees their own notifications", () => {
  test("another user's notification cannot be read or marked; mark read and mark all read", async () => {
    const id = await newExpense(t.db);
    await (await t.finance()).finance.approval.approve({ kind: "expense", id } as never);
    const employee = await userId(t.db, DEMO.EMPLOYEE);
    const n = (await rowsFor(t.db, employee, "EXPENSE_APPROVED")).find((r) => r.entity_id === id)!;
    const hr = await t.hrAcme();
    await expectTrpcError(hr.notifications.markRead({ id: n.id }), "NOT_FOUND");
    expect((await hr.notifications.list({})).rows.some((r) => r.id === n.id)).toBe(false);
    await expectTrpcError((await t.hrGlobex()).notifications.markRead({ id: n.id }), "NOT_FOUND");
    expect((await t.db.selectFrom("notifications").select("read_at").where("id", "=", n.id).executeTakeFirstOrThrow()).read_at).toBeNull();

    const me = await t.employee();
    const marked = await me.notifications.markRead({ id: n.id });
    expect(marked.read).toBe(true);
    // Again: no change, no error.
    await me.notifications.markRead({ id: n.id });
    const all = await me.notifications.markAllRead();
    expect(all.unread).toBe(0);
    expect((await me.notifications.unreadCount()).unread).toBe(0);
    // Queries change nothing.
    await me.notifications.list({ unreadOnly: true });
    expect((await me.notifications.unreadCount()).unread).toBe(0);
  });

  test("signed out: refused", async () => {
    const anon = await callerFor(t.db, null);
    await expectTrpcError(anon.notifications.unreadCount(), "UNAUTHORIZED");
    await expectTrpcError(anon.notifications.markAllRead(), "UNAUTHORIZED");
  });
});

describe("welcome calls, incidents", () => {
  test("a welcome-call request tells the group's HR and the CRM agents (not another group's HR); booking it tells the employee once", async () => {
    const { email, userId: employeeId, moveId } = await newEmployeeWithMove(t.db);
    const emp = await callerFor(t.db, email);
    const offered = (await emp.welcome.state({ moveId })).interestsOffered;
    expect(offered.length).toBeGreaterThan(0);
    await emp.welcome.answer({ moveId, action: "BOOK", date: dayFromNow(3), time: "10:30", timeZone: "Europe/London", phone: "+44 20 7946 0958", interests: [offered[0]!.key] } as never);
    const hr = await userId(t.db, DEMO.HR);
    const crm = await userId(t.db, "crm@meridian.test");
    const globex = await userId(t.db, DEMO.GLOBEX);
    const hrRow = (await rowsFor(t.db, hr, "WELCOME_CALL_REQUESTED")).at(-1)!;
    expect(hrRow.link).toBe(`/acme/employeefile/summaryView?employeeId=${employeeId}&moveId=${moveId}`);
    expect(JSON.parse(hrRow.vars).employee).toBe("Wendy Welcome");
    const crmRow = (await rowsFor(t.db, crm, "WELCOME_CALL_REQUESTED")).at(-1)!;
    expect(crmRow.link).toBe(`/crm/welcome-calls?request=${crmRow.entity_id}`);
    expect((await rowsFor(t.db, globex, "WELCOME_CALL_REQUESTED")).filter((r) => r.entity_id === crmRow.entity_id)).toHaveLength(0);

    // The CRM list and HR's move page show it; another group's HR cannot read it.
    const crmCaller = await callerFor(t.db, "crm@meridian.test");
    const listed = (await crmCaller.welcomeCalls.list({})).rows.find((r) => r.id === crmRow.entity_id)!;
    expect(listed).toMatchObject({ status: "REQUESTED", employeeName: "Wendy Welcome", groupDisplayName: expect.any(String) });
    // The interests as the employee chose them in the popup (the same titles), the slot in their zone.
    expect(listed.interests).toEqual([offered[0]!.title]);
    expect(listed.slot).toMatch(/10:30 (GMT|UTC)/);
    expect(JSON.parse(hrRow.vars).interests).toBe(offered[0]!.title);
    expect((await (await t.hrAcme()).welcomeCalls.forMove({ group: "acme", moveId })).request?.id).toBe(crmRow.entity_id);
    await expectTrpcError((await t.hrGlobex()).welcomeCalls.forMove({ group: "acme", moveId }), "FORBIDDEN");
    await expectTrpcError((await t.hrAcme()).welcomeCalls.list({}), "FORBIDDEN");
    await expectTrpcError(emp.welcomeCalls.book({ id: crmRow.entity_id }), "FORBIDDEN");

    const callers = await Promise.all(Array.from({ length: 6 }, () => callerFor(t.db, "crm@meridian.test")));
    const results = await race(6, (i) => callers[i]!.welcomeCalls.book({ id: crmRow.entity_id }));
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    expect((await rowsFor(t.db, employeeId, "WELCOME_CALL_BOOKED"))).toHaveLength(1);
    expect((await emp.welcome.state({ moveId })).request?.status).toBe("BOOKED");
  });

  test("an incident raised and escalated by an admin tells the group's HR", async () => {
    const hr = await userId(t.db, DEMO.HR);
    const m = await demoEmployeeMove(t.db);
    const admin = await t.admin();
    const { incident } = await admin.incidents.raise({ group: "acme", moveId: m.moveId, kind: "SERVICE_ISSUE", title: "Van late", description: "" } as never);
    const raised = (await rowsFor(t.db, hr, "INCIDENT_RAISED")).at(-1)!;
    expect(JSON.parse(raised.vars).title).toBe("Van late");
    expect(raised.link).toBe(`/acme/employeefile/summaryView?employeeId=${m.employeeId}&moveId=${m.moveId}`);
    await admin.incidents.escalate({ group: "acme", incidentId: (incident as { id: number }).id } as never);
    expect((await rowsFor(t.db, hr, "INCIDENT_ESCALATED")).at(-1)!.created_at >= raised.created_at).toBe(true);
  });
});
