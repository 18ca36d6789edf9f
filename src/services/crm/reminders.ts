/**
 * CRM reminders (issue 26; rules, shapes and texts in src/domain/crm/reminders.ts, queries in
 * src/db/queries/crm/reminders.ts). Both transports call these: the `crmReminders` procedures and the
 * documented paths (/crm/saveReminder, /reporting/get-reminders, send-reminder, delete-reminder).
 * - `listCrmReminders`: the admin table and get-reminders (reads only);
 * - `saveCrmReminder`: a new OPEN reminder about an employee's move (the move must exist and be the
 *   employee's; the owner a CRM agent or an administrator; due on a 15-minute step, not in the past),
 *   with its audit row;
 * - `sendCrmReminder`: sends it to its owner now: OPEN → SENT (a conditional update), its audit row and
 *   the owner's notification (in app, and by e-mail through the notification mailer after commit) in one
 *   transaction, so N parallel sends give one notification, one mail and N − 1 clear refusals;
 * - `deleteCrmReminder`: → DELETED (a conditional update) with its audit row;
 * - `sendDueCrmReminders` / `startCrmReminderDueCheck`: reminders whose time has come are sent the same
 *   way, each claimed by the conditional update, so several instances send each once.
 */
import type { Transaction } from "kysely";
import type { DB } from "../../db/index.ts";
import type { Database } from "../../db/schema.ts";
import { insertAudit } from "../../db/queries/audit.ts";
import {
  findCrmReminder,
  findCrmReminders,
  findDueCrmReminderIds,
  findMoveForReminder,
  findReminderOwners,
  insertCrmReminder,
  markCrmReminderDeleted,
  markCrmReminderSent,
  searchMovesForReminder,
  type CrmReminderRow,
} from "../../db/queries/crm/reminders.ts";
import {
  CRM_REMINDER_OWNER_ROLES,
  CRM_REMINDER_ROLES,
  crmReminderMessages as M,
  deleteRefusal,
  dueProblem,
  parseDatePicker,
  REMINDERS_PAGE_SIZE,
  reminderStatusOf,
  sendRefusal,
  type TCrmReminder,
  type TCrmReminderActionResponse,
  type TCrmReminderListRequest,
  type TCrmReminderListResponse,
  type TSaveCrmReminderRequest,
} from "../../domain/crm/reminders.ts";
import { AppError } from "../../domain/errors.ts";
import { messages } from "../../domain/messages.ts";
import { formatCallSlot } from "../../domain/identity/notifications/kinds.ts";
import type { Role } from "../../domain/roles.ts";
import { notify } from "../identity/notifications/notify.ts";

type Trx = Transaction<Database> | DB;
export type ReminderActor = { id: number; role: Role; ip?: string | null };

function requireCrm(user: { role: Role }): void {
  if (!(CRM_REMINDER_ROLES as readonly string[]).includes(user.role)) throw new AppError("FORBIDDEN", messages.forbidden);
}

const name = (first: string, last: string) => `${first} ${last}`.trim();

function toReminder(r: CrmReminderRow): TCrmReminder {
  return {
    id: r.id,
    userId: r.user_id,
    moveId: r.move_id,
    employeeName: name(r.employee_first_name, r.employee_last_name),
    groupName: r.group_name,
    groupDisplayName: r.group_display_name,
    owner: r.owner_user_id,
    ownerName: name(r.owner_first_name, r.owner_last_name),
    datePicker: r.due_at,
    reminder: r.text,
    status: reminderStatusOf(r.status),
    sentAt: r.sent_at,
    createdAt: r.created_at,
  };
}

const dayAfter = (day: string) => new Date(Date.parse(`${day}T00:00:00.000Z`) + 86_400_000).toISOString();

/** The admin table and GET get-reminders?userId&moveId: filtered, soonest due first, a page at a time. Reads only. */
export async function listCrmReminders(db: DB, user: { role: Role }, input: TCrmReminderListRequest): Promise<TCrmReminderListResponse> {
  requireCrm(user);
  const page = input.page ?? 1;
  const { rows, total } = await findCrmReminders(
    db,
    {
      userId: input.userId,
      moveId: input.moveId,
      owner: input.owner,
      status: input.status,
      dueFrom: input.dueFrom ? `${input.dueFrom}T00:00:00.000Z` : undefined,
      dueBefore: input.dueTo ? dayAfter(input.dueTo) : undefined,
    },
    { limit: REMINDERS_PAGE_SIZE, offset: (page - 1) * REMINDERS_PAGE_SIZE },
  );
  return { success: true, reminders: rows.map(toReminder), total, page, pageSize: REMINDERS_PAGE_SIZE };
}

async function reminderOrNotFound(db: Trx, id: number): Promise<CrmReminderRow> {
  const row = await findCrmReminder(db, id);
  if (!row) throw new AppError("NOT_FOUND", M.notFound);
  return row;
}

/** POST /crm/saveReminder and `crmReminders.save`: a new OPEN reminder, with its audit row. */
export async function saveCrmReminder(db: DB, actor: ReminderActor, input: TSaveCrmReminderRequest, now = new Date()): Promise<TCrmReminderActionResponse> {
  requireCrm(actor);
  const problem = dueProblem(input.datePicker, now);
  if (problem) throw new AppError("VALIDATION", problem, { datePicker: problem });
  const due = parseDatePicker(input.datePicker)!.toISOString();
  const move = await findMoveForReminder(db, input.moveId);
  if (!move) throw new AppError("NOT_FOUND", M.moveNotFound);
  if (move.employee_user_id !== input.userId) throw new AppError("VALIDATION", M.moveMismatch, { moveId: M.moveMismatch });
  const owners = await findReminderOwners(db, CRM_REMINDER_OWNER_ROLES);
  if (!owners.some((o) => o.id === input.owner)) throw new AppError("VALIDATION", M.ownerInvalid, { owner: M.ownerInvalid });
  const at = now.toISOString();
  const id = await db.transaction().execute(async (trx) => {
    const id = await insertCrmReminder(trx, { groupId: move.group_id, userId: input.userId, moveId: input.moveId, ownerUserId: input.owner, dueAt: due, text: input.reminder, createdBy: actor.id, at });
    await insertAudit(trx, {
      actorUserId: actor.id,
      groupId: move.group_id,
      entity: "crm_reminder",
      entityId: id,
      action: "crm-reminder-saved",
      newValues: { userId: input.userId, moveId: input.moveId, owner: input.owner, dueAt: due, reminder: input.reminder },
      ip: actor.ip ?? null,
      at,
    });
    return id;
  });
  return { success: true, reminder: toReminder(await reminderOrNotFound(db, id)) };
}

/**
 * Inside a transaction: OPEN → SENT, the audit row and the owner's notification. False when the row was
 * not OPEN any more (another send, the due check or a delete came first): nothing is written then.
 */
async function sendInTransaction(trx: Trx, row: CrmReminderRow, actor: ReminderActor | null, at: string): Promise<boolean> {
  if (!(await markCrmReminderSent(trx, row.id, at))) return false;
  await insertAudit(trx, {
    actorUserId: actor?.id ?? null,
    groupId: row.group_id,
    entity: "crm_reminder",
    entityId: row.id,
    action: actor ? "crm-reminder-sent" : "crm-reminder-sent-when-due",
    oldValues: { status: row.status },
    newValues: { status: "SENT", owner: row.owner_user_id },
    ip: actor?.ip ?? null,
    at,
  });
  await notify(trx, {
    kind: "CRM_REMINDER_DUE",
    target: { type: "crmReminder", id: row.id, userId: row.user_id, moveId: row.move_id },
    recipients: [row.owner_user_id],
    vars: { employee: name(row.employee_first_name, row.employee_last_name), moveId: row.move_id, due: formatCallSlot(row.due_at, "UTC"), reminder: row.text },
    groupId: row.group_id,
    dedupeKey: `crm-reminder:${row.id}:sent`,
    at,
  });
  return true;
}

/** POST send-reminder {id} and `crmReminders.send`: sends the reminder to its owner now (once). */
export async function sendCrmReminder(db: DB, actor: ReminderActor, id: number, now = new Date()): Promise<TCrmReminderActionResponse> {
  requireCrm(actor);
  const at = now.toISOString();
  await db.transaction().execute(async (trx) => {
    const row = await reminderOrNotFound(trx, id);
    const refusal = sendRefusal(row.status);
    if (refusal) throw new AppError("CONFLICT", refusal);
    if (!(await sendInTransaction(trx, row, actor, at))) {
      const after = await reminderOrNotFound(trx, id);
      throw new AppError("CONFLICT", sendRefusal(after.status) ?? M.alreadySent);
    }
  });
  return { success: true, reminder: toReminder(await reminderOrNotFound(db, id)) };
}

/** POST delete-reminder {id} and `crmReminders.delete`: takes the reminder off the table (once). */
export async function deleteCrmReminder(db: DB, actor: ReminderActor, id: number, now = new Date()): Promise<TCrmReminderActionResponse> {
  requireCrm(actor);
  const at = now.toISOString();
  await db.transaction().execute(async (trx) => {
    const row = await reminderOrNotFound(trx, id);
    const refusal = deleteRefusal(row.status);
    if (refusal) throw new AppError("CONFLICT", refusal);
    if (!(await markCrmReminderDeleted(trx, id, at))) throw new AppError("CONFLICT", M.alreadyDeleted);
    await insertAudit(trx, {
      actorUserId: actor.id,
      groupId: row.group_id,
      entity: "crm_reminder",
      entityId: id,
      action: "crm-reminder-deleted",
      oldValues: { status: row.status },
      newValues: { status: "DELETED" },
      ip: actor.ip ?? null,
      at,
    });
  });
  return { success: true, reminder: toReminder(await reminderOrNotFound(db, id)) };
}

/** The form's owner select: active CRM agents and administrators. Reads only. */
export async function crmReminderOwners(db: DB, user: { role: Role }) {
  requireCrm(user);
  const rows = await findReminderOwners(db, CRM_REMINDER_OWNER_ROLES);
  return { owners: rows.map((r) => ({ id: r.id, name: name(r.first_name, r.last_name), role: r.role })) };
}

/** The form's employee and move search. Reads only. */
export async function searchReminderMoves(db: DB, user: { role: Role }, query: string) {
  requireCrm(user);
  const rows = await searchMovesForReminder(db, query);
  return {
    moves: rows.map((r) => ({ userId: r.user_id, moveId: r.move_id, employeeName: name(r.first_name, r.last_name), employeeEmail: r.email, groupDisplayName: r.display_name, status: r.status })),
  };
}

/**
 * Sends every OPEN reminder due at `now` (at most `limit`), each in its own transaction, claimed by the
 * conditional update: when several instances run this at once, each reminder is sent by one of them.
 * Answers how many this call sent.
 */
export async function sendDueCrmReminders(db: DB, now = new Date(), limit = 100): Promise<number> {
  const at = now.toISOString();
  let sent = 0;
  for (const id of await findDueCrmReminderIds(db, at, limit)) {
    const done = await db.transaction().execute(async (trx) => {
      const row = await findCrmReminder(trx, id);
      return row !== undefined && row.status === "OPEN" && (await sendInTransaction(trx, row, null, at));
    });
    if (done) sent++;
  }
  return sent;
}

/** How often the server looks for due reminders (they are due on 15-minute steps). */
export const CRM_REMINDER_CHECK_MS = 30_000;

/** main.ts: starts the due check (now, then every CRM_REMINDER_CHECK_MS); answers its stop function. */
export function startCrmReminderDueCheck(db: DB): () => void {
  let running = false;
  const tick = () => {
    if (running) return;
    running = true;
    sendDueCrmReminders(db)
      .catch((error: unknown) => console.error("[crm-reminders] due check failed", error))
      .finally(() => {
        running = false;
      });
  };
  const timer = setInterval(tick, CRM_REMINDER_CHECK_MS);
  tick();
  return () => clearInterval(timer);
}
