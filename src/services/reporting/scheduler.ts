/**
 * Sending reminders (issue 26 "Scheduled reports and reminders"; part 2 §4 "Reminders", §7 send-reminder-now,
 * send-group-reminder-now; DESIGN.md "Background work"): the scheduler (croner, every minute) and send now.
 *
 * - One instance runs the scheduler's tick at a time: it takes the `scheduler_leases` row first (insert … on
 *   conflict do update where expired or its own). Each due reminder is then claimed by a conditional update of
 *   its next_run_at, and each mail by a unique (reminder, recipient, key) row, so even two instances that both
 *   ran a tick would mail each recipient once.
 * - A recipient is an active manager of the group who opted in to the item (§4: an opted-out manager is never
 *   mailed) and did not unsubscribe from it (or from all reports).
 * - A report reminder runs the report now, with the recipient's permissions (`runReport` with a ReportViewer
 *   built from the recipient: their restrictions read at send time), and sends its row count and the rows as a
 *   CSV attachment; an HR e-mail lists the recipient's visible moves whose assignment ends (or starts) soon.
 * - Links come from PUBLIC_URL (publicBaseUrl), never from a request; each mail carries RFC 8058
 *   `List-Unsubscribe` (a signed token) and `List-Unsubscribe-Post: List-Unsubscribe=One-Click`.
 */
import { randomUUID } from "node:crypto";
import { Cron } from "croner";
import type { Config } from "../../config.ts";
import type { DB } from "../../db/index.ts";
import type { GroupRef } from "../../db/schema.ts";
import {
  advanceReminder,
  claimSend,
  findAssignmentMoves,
  findDueReminders,
  findGroupManager,
  findGroupManagers,
  findGroupReport,
  findOptIns,
  findReminderFor,
  findOwnReminderUsers,
  findUnsubscriptions,
  releaseLease,
  releaseSend,
  setSendRowCount,
  takeLease,
  userRowOf,
  type ManagerRow,
  type ReminderRow,
} from "../../db/queries/reporting/reminders.ts";
import { restrictionScopeOf } from "../../db/queries/restrictions.ts";
import { AppError } from "../../domain/errors.ts";
import { messages } from "../../domain/messages.ts";
import { ALL_USERS, hrEmailById, nextRunAt, reminderMessages, renderPlaceholders, renderReminderBody, type FrequencyType, type ReminderType } from "../../domain/reporting/reminders.ts";
import { signTrackingToken, signUnsubscribeToken } from "../../domain/reporting/reminders-tokens.ts";
import type { TSendResponse } from "../../domain/reporting/reminders-schemas.ts";
import type { ReportRow } from "../../domain/reporting/types.ts";
import { escapeHtml } from "../../domain/mail/render.ts";
import { publicBaseUrl, type Mailer } from "../mail.ts";
import { csvStream } from "./export.ts";
import { itemOf, optInKindOf, reminderOfGroup } from "./reminders.ts";
import { runReport } from "./run.ts";
import { linkSecret } from "./unsubscribe.ts";

export type SendDeps = { db: DB; config: Config; mailer: Mailer };

/** Rows attached to a reminder e-mail at most (the mail says how many rows the report has in all). */
export const ATTACHMENT_ROW_LIMIT = 10_000;
/** The scheduler's lease: its name and how long a tick may hold it. */
export const LEASE_NAME = "report-reminders";
const LEASE_MS = 2 * 60_000;

type Outcome = "sent" | "duplicate" | "skipped";

/** Why a recipient gets no mail (opted out, unsubscribed, no longer a manager), or null: they may be mailed. */
async function refusalFor(db: DB, reminder: ReminderRow, recipientId: number): Promise<string | null> {
  const manager = await findGroupManager(db, reminder.group_id, recipientId);
  if (!manager) return reminderMessages.notManager;
  const type = reminder.type as ReminderType;
  const optIn = (await findOptIns(db, [recipientId], optInKindOf(type))).find((o) => o.item_id === itemOf(reminder));
  if (optIn && optIn.opted_in === 0) return reminderMessages.managerOptedOut;
  const unsubscribed = await findUnsubscriptions(db, [recipientId]);
  if (unsubscribed.some((u) => u.scope === "all" || (type === "REPORTING_REMINDER" && u.report_id === reminder.report_id))) return reminderMessages.managerUnsubscribed;
  return null;
}

/** The report's rows read as the recipient: their count and a CSV of the first ATTACHMENT_ROW_LIMIT. */
async function reportFor(db: DB, reminder: ReminderRow, recipient: { id: number; role: "MANAGER"; groupId: number }, now: Date) {
  const viewer = { userId: recipient.id, role: recipient.role, groupId: recipient.groupId, lang: "en" };
  const result = await runReport(db, viewer, reminder.report_id!, JSON.parse(reminder.filter_values) as Record<string, string>, now);
  const kept: ReportRow[] = [];
  let count = 0;
  for await (const row of result.rows) {
    count++;
    if (kept.length < ATTACHMENT_ROW_LIMIT) kept.push(row);
  }
  const rows = (async function* () {
    yield* kept;
  })();
  const csv = new Uint8Array(await new Response(csvStream({ columns: result.columns, rows })).arrayBuffer());
  return { count, csv };
}

function slug(name: string): string {
  return name.replace(/[^A-Za-z0-9]+/g, "-").replace(/^-|-$/g, "").slice(0, 60) || "report";
}

/**
 * Mails one reminder to one recipient, once per `sendKey`: "sent", "duplicate" (already sent for this key) or
 * "skipped" (not a recipient now, the report is not theirs to read, or no data with alert status WITH_DATA).
 */
export async function sendReminderTo(deps: SendDeps, reminder: ReminderRow, recipientId: number, sendKey: string, now = new Date()): Promise<Outcome> {
  const { db, config, mailer } = deps;
  if (await refusalFor(db, reminder, recipientId)) return "skipped";
  const user = await userRowOf(db, recipientId);
  if (!user || user.group_id !== reminder.group_id || user.role !== "MANAGER" || !user.group_name) return "skipped";
  const claim = await claimSend(db, { reminder_id: reminder.id, group_id: reminder.group_id, recipient_id: recipientId, send_key: sendKey, created_at: now.toISOString() });
  if (!claim) return "duplicate";
  try {
    const base = publicBaseUrl(config);
    const secret = await linkSecret(db, config);
    const type = reminder.type as ReminderType;
    const unsubscribeToken = signUnsubscribeToken(secret, { userId: recipientId, reportId: type === "REPORTING_REMINDER" ? reminder.report_id : null });
    const unsubscribeUrl = `${base}/unsubscribe/reporting?token=${encodeURIComponent(unsubscribeToken)}`;
    let reportLink = "";
    let hrEmailLink = "";
    let extraText = "";
    let extraHtml = "";
    let attachments: { filename: string; contentType: string; content: Uint8Array }[] = [];
    let rowCount: number;
    if (type === "REPORTING_REMINDER") {
      const report = await findGroupReport(db, reminder.group_id, reminder.report_id!);
      if (!report) throw new AppError("NOT_FOUND", messages.notFound);
      const { count, csv } = await reportFor(db, reminder, { id: recipientId, role: "MANAGER", groupId: reminder.group_id }, now);
      rowCount = count;
      reportLink = `${base}/reporting/reminder-report?t=${encodeURIComponent(signTrackingToken(secret, { kind: "preview", sendId: claim.id }))}`;
      const name = report.display_name ?? report.name;
      extraText = `${name}: ${count} ${count === 1 ? "row" : "rows"}.`;
      extraHtml = `<p style="margin:0 0 16px"><strong>${escapeHtml(name)}</strong>: ${count} ${count === 1 ? "row" : "rows"}.</p>`;
      attachments = [{ filename: `${slug(name)}-${now.toISOString().slice(0, 10)}.csv`, contentType: "text/csv; charset=utf-8", content: csv }];
    } else {
      const hrEmail = hrEmailById(reminder.hr_email_id ?? 0);
      if (!hrEmail) throw new AppError("NOT_FOUND", messages.notFound);
      const scope = await restrictionScopeOf(db, { id: recipientId, role: "MANAGER" });
      const today = now.toISOString().slice(0, 10);
      const until = new Date(now.getTime() + hrEmail.days * 86_400_000).toISOString().slice(0, 10);
      const moves = await findAssignmentMoves(db, reminder.group_id, scope, hrEmail.key === "END_OF_ASSIGNMENT" ? "END" : "START", today, until);
      rowCount = moves.length;
      hrEmailLink = `${base}/${user.group_name}/${hrEmail.linkPath}`;
      const lines = moves.map((m) => `${m.first_name} ${m.last_name}: ${hrEmail.key === "END_OF_ASSIGNMENT" ? m.assignment_end_date : m.assignment_start_date}`);
      extraText = `${hrEmail.name}, next ${hrEmail.days} days: ${moves.length} ${moves.length === 1 ? "assignment" : "assignments"}.${lines.length ? `\n${lines.join("\n")}` : ""}`;
      extraHtml =
        `<p style="margin:0 0 8px"><strong>${escapeHtml(hrEmail.name)}</strong>, next ${hrEmail.days} days: ${moves.length}.</p>` +
        (lines.length ? `<ul>${lines.map((l) => `<li>${escapeHtml(l)}</li>`).join("")}</ul>` : "");
    }
    if (reminder.alert_status === "WITH_DATA" && rowCount === 0) {
      await releaseSend(db, claim.id);
      return "skipped";
    }
    const values = { firstName: user.first_name, lastName: user.last_name, reportLink, hrEmailLink };
    const body = renderReminderBody(reminder.body, values);
    const footerText = `Unsubscribe: ${unsubscribeUrl}`;
    const html =
      `<!doctype html><html lang="en"><body style="font-family:Arial,Helvetica,sans-serif;color:#1f2937;max-width:560px;margin:0 auto;padding:24px">` +
      `${body.html}${extraHtml}<p style="margin:32px 0 0;font-size:12px;color:#4b5563"><a href="${escapeHtml(unsubscribeUrl)}">Unsubscribe</a></p></body></html>`;
    await mailer.send(
      db,
      {
        to: user.email,
        template: type === "REPORTING_REMINDER" ? "reportReminder" : "hrEmailReminder",
        vars: {},
        link: reportLink || hrEmailLink || null,
        groupId: reminder.group_id,
        groupName: user.group_name,
        userId: recipientId,
        content: { subject: renderPlaceholders(reminder.subject, values), text: `${body.text}\n\n${extraText}\n\n${footerText}\n`, html },
        headers: { "List-Unsubscribe": `<${unsubscribeUrl}>`, "List-Unsubscribe-Post": "List-Unsubscribe=One-Click" },
        attachments,
      },
      now,
    );
    await setSendRowCount(db, claim.id, rowCount);
    return "sent";
  } catch (error) {
    await releaseSend(db, claim.id);
    // A report the recipient may no longer read (reporting switched off, report withdrawn): no mail.
    if (error instanceof AppError && (error.code === "FORBIDDEN" || error.code === "NOT_FOUND")) return "skipped";
    throw error;
  }
}

/** A request's send key: the page's key for the click, else the minute (parallel repeats of one request send once). */
const sendKeyOf = (requestKey: string | undefined, now: Date) => `now:${requestKey ?? now.toISOString().slice(0, 16)}`;

/**
 * POST send-reminder-now: the reminder (the manager's own or the group's) to the selected manager, now. An
 * opted-out or unsubscribed manager is refused (§4); a repeat of the same request answers CONFLICT.
 */
export async function sendReminderNow(
  deps: SendDeps,
  group: GroupRef,
  input: { reminderId: number; managerId: number; reportingReminderType: ReminderType; requestKey?: string | undefined },
  now = new Date(),
): Promise<TSendResponse> {
  const reminder = await reminderOfGroup(deps.db, group, input.reminderId);
  if (reminder.type !== input.reportingReminderType) throw new AppError("NOT_FOUND", messages.notFound);
  if (reminder.user_id !== null && reminder.user_id !== input.managerId) throw new AppError("NOT_FOUND", messages.notFound);
  const refusal = await refusalFor(deps.db, reminder, input.managerId);
  if (refusal === reminderMessages.notManager) throw new AppError("NOT_FOUND", refusal);
  if (refusal) throw new AppError("CONFLICT", refusal);
  const outcome = await sendReminderTo(deps, reminder, input.managerId, sendKeyOf(input.requestKey, now), now);
  if (outcome === "duplicate") throw new AppError("CONFLICT", reminderMessages.alreadySent);
  if (outcome === "skipped") return { success: true, resultMessage: reminderMessages.nothingToSend, sent: 0 };
  return { success: true, resultMessage: reminderMessages.reminderSent, sent: 1 };
}

/** The managers a group reminder goes to: every manager of the group without an own reminder for the item. */
async function groupRecipients(db: DB, reminder: ReminderRow): Promise<ManagerRow[]> {
  const managers = await findGroupManagers(db, reminder.group_id);
  const own = new Set(await findOwnReminderUsers(db, reminder.group_id, reminder.type, reminder.report_id, reminder.hr_email_id));
  return managers.filter((m) => !own.has(m.id));
}

/**
 * POST send-group-reminder-now: the group's ('ALL') reminder of a report or HR e-mail, now, to every manager who
 * receives it (or to `managerId` only). Opted-out and unsubscribed managers are passed over.
 */
export async function sendGroupReminderNow(
  deps: SendDeps,
  group: GroupRef,
  input: { reportId?: number | undefined; hrEmailId?: number | undefined; managerId: typeof ALL_USERS | number; reportingReminderType: ReminderType; requestKey?: string | undefined },
  now = new Date(),
): Promise<TSendResponse> {
  const type = input.reportingReminderType;
  const reportId = type === "REPORTING_REMINDER" ? (input.reportId ?? null) : null;
  const hrEmailId = type === "HR_EMAIL_REMINDER" ? (input.hrEmailId ?? null) : null;
  if (type === "REPORTING_REMINDER" && reportId === null) throw new AppError("VALIDATION", reminderMessages.reportRequired, { reportId: reminderMessages.reportRequired });
  if (type === "HR_EMAIL_REMINDER" && hrEmailId === null) throw new AppError("VALIDATION", reminderMessages.hrEmailRequired, { hrEmailId: reminderMessages.hrEmailRequired });
  const reminder = await findReminderFor(deps.db, { groupId: group.id, type, reportId, hrEmailId, userId: null });
  if (!reminder) throw new AppError("NOT_FOUND", reminderMessages.noReminder);
  let recipients = await groupRecipients(deps.db, reminder);
  if (input.managerId !== ALL_USERS) {
    if (!(await findGroupManager(deps.db, group.id, input.managerId))) throw new AppError("NOT_FOUND", reminderMessages.notManager);
    recipients = recipients.filter((m) => m.id === input.managerId);
  }
  const key = sendKeyOf(input.requestKey, now);
  let sent = 0;
  let duplicates = 0;
  for (const m of recipients) {
    const outcome = await sendReminderTo(deps, reminder, m.id, key, now);
    if (outcome === "sent") sent++;
    if (outcome === "duplicate") duplicates++;
  }
  if (sent === 0 && duplicates > 0) throw new AppError("CONFLICT", reminderMessages.alreadySent);
  if (sent === 0) throw new AppError("CONFLICT", reminderMessages.nothingToSend);
  return { success: true, resultMessage: reminderMessages.groupReminderSent, sent };
}

/**
 * One scheduler tick: with the lease, claims each due reminder (conditional update of next_run_at to its next
 * run) and mails its recipients with the key of the run it claimed. Answers the number of mails sent.
 */
export async function runDueReminders(deps: SendDeps, holder: string, now = new Date()): Promise<number> {
  const nowIso = now.toISOString();
  if (!(await takeLease(deps.db, LEASE_NAME, holder, nowIso, new Date(now.getTime() + LEASE_MS).toISOString()))) return 0;
  let sent = 0;
  for (const reminder of await findDueReminders(deps.db, nowIso, 100)) {
    const next = nextRunAt(reminder.frequency_type as FrequencyType, reminder.week_day, reminder.month_day, now).toISOString();
    if (!(await advanceReminder(deps.db, reminder.id, reminder.next_run_at, next, nowIso))) continue;
    const recipients = reminder.user_id !== null ? [reminder.user_id] : (await groupRecipients(deps.db, reminder)).map((m) => m.id);
    for (const recipientId of recipients) {
      try {
        if ((await sendReminderTo(deps, reminder, recipientId, `due:${reminder.next_run_at}`, now)) === "sent") sent++;
      } catch (error) {
        console.error("[reminders] sending failed", reminder.id, recipientId, error instanceof Error ? error.message : error);
      }
    }
  }
  return sent;
}

/** Starts the reminder scheduler (every minute, croner; overlapping ticks skipped). Answers its stop. */
export function startReminderScheduler(deps: SendDeps, options: { pattern?: string } = {}): () => void {
  const holder = randomUUID();
  const job = new Cron(options.pattern ?? "* * * * *", { protect: true, timezone: "UTC" }, async () => {
    try {
      await runDueReminders(deps, holder);
    } catch (error) {
      console.error("[reminders] scheduler tick failed", error);
    }
  });
  return () => {
    job.stop();
    releaseLease(deps.db, LEASE_NAME, holder).catch(() => undefined);
  };
}
