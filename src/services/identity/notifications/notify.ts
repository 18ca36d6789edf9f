/**
 * Notifications (issue 24 §3 "People are told"; rules and texts in src/domain/identity/notifications/).
 *
 * - `notify(trx, event)` is called INSIDE the decision's own transaction: the rows commit with the
 *   decision or not at all (a failed decision tells nobody, a decision always tells). It writes one row
 *   per recipient (anonymised users skipped), its e-mail marked PENDING or OFF by the recipient's choice
 *   for the kind. A `dedupeKey` (unique per user) makes a repeated identical decision one notification.
 * - E-mail leaves after commit: `sendPendingNotificationMails` (run by `startNotificationMailer` in
 *   main.ts, and callable from tests) claims each PENDING row with a conditional update (so several
 *   instances send it once), renders it through the one mailer (outbox / SMTP) with the link built from
 *   PUBLIC_URL (never a request header), then marks it SENT or FAILED.
 * - Reads (`listNotifications`, `unreadCount`, `notificationPreferences`) only read; every read and
 *   write is scoped to the caller's own user id, so another user's row answers NOT_FOUND.
 */
import type { Transaction } from "kysely";
import type { Config } from "../../../config.ts";
import type { DB } from "../../../db/index.ts";
import type { Database } from "../../../db/schema.ts";
import type { Role } from "../../../domain/roles.ts";
import { AppError } from "../../../domain/errors.ts";
import { messages } from "../../../domain/messages.ts";
import {
  absoluteLink,
  cleanVars,
  emailChoices,
  entityOf,
  linkOf,
  mailTemplateOf,
  NOTIFICATION_KINDS,
  parseVars,
  ZNotificationKind,
  type NotificationKind,
  type NotificationTarget,
  type TNotification,
  type TNotificationListRequest,
  type TNotificationListResponse,
  type TNotificationPreferences,
} from "../../../domain/identity/notifications/kinds.ts";
import type { SessionUser } from "../auth.ts";
import { publicBaseUrl, type Mailer } from "../../mail.ts";

type Trx = Transaction<Database> | DB;

export type NotifyEvent = {
  kind: NotificationKind;
  target: NotificationTarget;
  /** The users told (duplicates and unknown or anonymised users are dropped). */
  recipients: number[];
  vars: Record<string, string | number | null | undefined>;
  groupId?: number | null;
  /** The decision's identity (e.g. `expense:12:v3`): the same key for the same user writes one row. */
  dedupeKey?: string | null;
  /**
   * The decision sends its own e-mail (e.g. the estimate decision's mail to its sender, which already
   * follows `wantsEmail`): the row is then marked WITH_DECISION and the sender below sends nothing.
   */
  mailedByDecision?: boolean;
  at: string;
};

/** Whether a user wants e-mail for a kind (on unless they turned it off). */
export async function wantsEmail(trx: Trx, userId: number, kind: NotificationKind): Promise<boolean> {
  const row = await trx.selectFrom("notification_preferences").select("email").where("user_id", "=", userId).where("kind", "=", kind).executeTakeFirst();
  return row === undefined || row.email !== 0;
}

/** Writes the notifications of one decision in the caller's transaction. Answers the number written. */
export async function notify(trx: Trx, event: NotifyEvent): Promise<number> {
  const ids = [...new Set(event.recipients.filter((id) => Number.isInteger(id) && id > 0))];
  if (ids.length === 0) return 0;
  const users = await trx.selectFrom("users").select(["id", "role"]).where("id", "in", ids).where("anonymized_at", "is", null).execute();
  if (users.length === 0) return 0;
  const off = await trx
    .selectFrom("notification_preferences")
    .select("user_id")
    .where("user_id", "in", users.map((u) => u.id))
    .where("kind", "=", event.kind)
    .where("email", "=", 0)
    .execute();
  const emailOff = new Set(off.map((r) => r.user_id));
  const vars = JSON.stringify(cleanVars(event.vars));
  let written = 0;
  for (const u of users.sort((a, b) => a.id - b.id)) {
    const row = await trx
      .insertInto("notifications")
      .values({
        user_id: u.id,
        group_id: event.groupId ?? null,
        kind: event.kind,
        entity: entityOf(event.target),
        entity_id: event.target.id,
        link: linkOf(event.target, u.role),
        vars,
        dedupe_key: event.dedupeKey ?? null,
        email_status: emailOff.has(u.id) ? "OFF" : event.mailedByDecision ? "WITH_DECISION" : "PENDING",
        email_error: null,
        created_at: event.at,
        read_at: null,
      })
      .onConflict((oc) => oc.columns(["user_id", "dedupe_key"]).doNothing())
      .returning("id")
      .executeTakeFirst();
    if (row) written++;
  }
  return written;
}

/** The active users of a group with one of the roles (e.g. the group's HR), by id. */
export async function groupUsersWithRole(trx: Trx, groupId: number, roles: Role[]): Promise<number[]> {
  const rows = await trx.selectFrom("users").select("id").where("group_id", "=", groupId).where("role", "in", roles).where("anonymized_at", "is", null).orderBy("id").execute();
  return rows.map((r) => r.id);
}

/** Platform staff with one of the roles (e.g. the CRM agents), by id. */
export async function staffWithRole(trx: Trx, roles: Role[]): Promise<number[]> {
  const rows = await trx.selectFrom("users").select("id").where("group_id", "is", null).where("role", "in", roles).where("anonymized_at", "is", null).orderBy("id").execute();
  return rows.map((r) => r.id);
}

// ── reads and the caller's own writes ────────────────────────────────────────────────────────────

type Row = { id: number; kind: string; link: string; vars: string; created_at: string; read_at: string | null };

function toNotification(r: Row): TNotification | null {
  const kind = ZNotificationKind.safeParse(r.kind);
  if (!kind.success) return null;
  return { id: r.id, kind: kind.data, link: r.link, vars: parseVars(r.vars), createdAt: r.created_at, read: r.read_at !== null };
}

export async function unreadCount(db: DB, user: SessionUser): Promise<number> {
  const row = await db
    .selectFrom("notifications")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .where("user_id", "=", user.id)
    .where("read_at", "is", null)
    .where("kind", "in", [...NOTIFICATION_KINDS])
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

/** The caller's notifications, newest first, a page at a time (`cursor` = the last id seen). Reads only. */
export async function listNotifications(db: DB, user: SessionUser, input: TNotificationListRequest): Promise<TNotificationListResponse> {
  let q = db
    .selectFrom("notifications")
    .select(["id", "kind", "link", "vars", "created_at", "read_at"])
    .where("user_id", "=", user.id)
    .where("kind", "in", [...NOTIFICATION_KINDS]);
  if (input.cursor !== undefined && input.cursor !== null) q = q.where("id", "<", input.cursor);
  if (input.unreadOnly) q = q.where("read_at", "is", null);
  const rows = await q.orderBy("id", "desc").limit(input.limit + 1).execute();
  const list = rows.slice(0, input.limit).map(toNotification).filter((n): n is TNotification => n !== null);
  const hasMore = rows.length > input.limit;
  return { rows: list, hasMore, nextCursor: hasMore ? (rows[input.limit - 1]?.id ?? null) : null, unread: await unreadCount(db, user) };
}

/** Marks one of the caller's notifications read (again: no change). Another user's id answers NOT_FOUND. */
export async function markRead(db: DB, user: SessionUser, id: number, now = new Date()): Promise<{ id: number; read: true; unread: number }> {
  const own = await db.selectFrom("notifications").select(["id"]).where("id", "=", id).where("user_id", "=", user.id).executeTakeFirst();
  if (!own) throw new AppError("NOT_FOUND", messages.notFound);
  await db.updateTable("notifications").set({ read_at: now.toISOString() }).where("id", "=", id).where("user_id", "=", user.id).where("read_at", "is", null).execute();
  return { id, read: true, unread: await unreadCount(db, user) };
}

/** Marks all the caller's unread notifications read. */
export async function markAllRead(db: DB, user: SessionUser, now = new Date()): Promise<{ marked: number; unread: number }> {
  const res = await db.updateTable("notifications").set({ read_at: now.toISOString() }).where("user_id", "=", user.id).where("read_at", "is", null).executeTakeFirst();
  return { marked: Number(res.numUpdatedRows), unread: await unreadCount(db, user) };
}

/** The caller's e-mail choice per kind (on unless turned off). Reads only. */
export async function notificationPreferences(db: DB, user: SessionUser): Promise<TNotificationPreferences> {
  const rows = await db.selectFrom("notification_preferences").select(["kind", "email"]).where("user_id", "=", user.id).execute();
  const choices = emailChoices(rows);
  return { email: NOTIFICATION_KINDS.map((kind) => ({ kind, email: choices[kind] })) };
}

/** Sets the caller's e-mail choice for one kind (one row per user and kind; a repeat changes nothing). */
export async function setNotificationPreference(db: DB, user: SessionUser, input: { kind: NotificationKind; email: boolean }, now = new Date()): Promise<TNotificationPreferences> {
  const values = { email: input.email ? 1 : 0, updated_at: now.toISOString() };
  await db
    .insertInto("notification_preferences")
    .values({ user_id: user.id, kind: input.kind, ...values })
    .onConflict((oc) => oc.columns(["user_id", "kind"]).doUpdateSet(values))
    .execute();
  return notificationPreferences(db, user);
}

// ── e-mail after commit ──────────────────────────────────────────────────────────────────────────

export type NotificationMailDeps = { db: DB; config: Pick<Config, "publicUrl" | "host" | "port">; mailer: Mailer };

/**
 * Sends the e-mail of PENDING notifications (oldest first, at most `limit`): each row is claimed
 * (PENDING → SENDING, a conditional update, so two workers never send one twice), sent through the
 * mailer to the recipient's current address, then marked SENT, or FAILED with the reason.
 * Answers how many were sent.
 */
export async function sendPendingNotificationMails(deps: NotificationMailDeps, limit = 25): Promise<number> {
  const { db } = deps;
  const pending = await db.selectFrom("notifications").select(["id"]).where("email_status", "=", "PENDING").orderBy("id").limit(limit).execute();
  let sent = 0;
  const base = publicBaseUrl(deps.config);
  for (const { id } of pending) {
    const claimed = await db.updateTable("notifications").set({ email_status: "SENDING" }).where("id", "=", id).where("email_status", "=", "PENDING").executeTakeFirst();
    if (Number(claimed.numUpdatedRows) !== 1) continue;
    try {
      const row = await db
        .selectFrom("notifications as n")
        .innerJoin("users as u", "u.id", "n.user_id")
        .leftJoin("groups as g", "g.id", "n.group_id")
        .select(["n.id", "n.kind", "n.link", "n.vars", "n.group_id", "n.user_id", "u.email", "u.first_name", "u.last_name", "u.anonymized_at", "g.name as group_name"])
        .where("n.id", "=", id)
        .executeTakeFirstOrThrow();
      const kind = ZNotificationKind.parse(row.kind);
      if (row.anonymized_at !== null) {
        await db.updateTable("notifications").set({ email_status: "OFF" }).where("id", "=", id).execute();
        continue;
      }
      await deps.mailer.send(db, {
        to: row.email,
        template: mailTemplateOf(kind),
        vars: { ...parseVars(row.vars), name: `${row.first_name} ${row.last_name}`.trim() },
        link: absoluteLink(base, row.link),
        groupId: row.group_id,
        groupName: row.group_name ?? null,
        userId: row.user_id,
      });
      await db.updateTable("notifications").set({ email_status: "SENT", email_error: null }).where("id", "=", id).execute();
      sent++;
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      await db.updateTable("notifications").set({ email_status: "FAILED", email_error: reason.slice(0, 500) }).where("id", "=", id).execute();
      console.error("[notifications] e-mail failed", id, reason);
    }
  }
  return sent;
}

/** How often the server looks for notification e-mails to send. */
export const NOTIFICATION_MAIL_POLL_MS = 2000;

/** Starts the after-commit e-mail sender (main.ts); answers its stop function. */
export function startNotificationMailer(deps: NotificationMailDeps): () => void {
  let running = false;
  const tick = () => {
    if (running) return;
    running = true;
    sendPendingNotificationMails(deps)
      .catch((error: unknown) => console.error("[notifications] e-mail sender failed", error))
      .finally(() => {
        running = false;
      });
  };
  const timer = setInterval(tick, NOTIFICATION_MAIL_POLL_MS);
  tick();
  return () => clearInterval(timer);
}
