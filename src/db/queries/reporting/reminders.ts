/**
 * Reporting reminders' queries (issue 26; tables of migrations/20261207163000_reporting_reminders.ts). Plain
 * Kysely, no rules: the services in src/services/reporting/reminders.ts decide; every write that may happen
 * once is one conditional statement here (on conflict, or a `where` on the old value).
 */
import { sql } from "kysely";
import { restrictMoves, type RestrictionScope } from "../restrictions.ts";
import type { DB } from "../../index.ts";
import type { ReportReminderTable } from "../../schema.ts";
import type { Selectable } from "kysely";

export type ReminderRow = Selectable<ReportReminderTable>;
export type ManagerRow = { id: number; email: string; first_name: string; last_name: string; lang: string | null };

/** The group's managers (active accounts), by name. */
export function findGroupManagers(db: DB, groupId: number): Promise<ManagerRow[]> {
  return db
    .selectFrom("users")
    .select(["id", "email", "first_name", "last_name", sql<string | null>`null`.as("lang")])
    .where("group_id", "=", groupId)
    .where("role", "=", "MANAGER")
    .where("activation_state", "=", "ACTIVE")
    .orderBy("last_name")
    .orderBy("first_name")
    .orderBy("id")
    .execute();
}

export function findGroupManager(db: DB, groupId: number, userId: number): Promise<ManagerRow | undefined> {
  return db
    .selectFrom("users")
    .select(["id", "email", "first_name", "last_name", sql<string | null>`null`.as("lang")])
    .where("id", "=", userId)
    .where("group_id", "=", groupId)
    .where("role", "=", "MANAGER")
    .where("activation_state", "=", "ACTIVE")
    .executeTakeFirst();
}

/** The live reports of one type (BASE, OLD, CUSTOM) offered to the group (a permission row may switch one off). */
export function findGroupReports(db: DB, groupId: number, type: string) {
  return db
    .selectFrom("reports as r")
    .leftJoin("report_permissions as p", (j) => j.onRef("p.item_id", "=", "r.id").on("p.kind", "=", "REPORT").on("p.group_id", "=", groupId))
    .select(["r.id", "r.name", "r.type", "r.category", "p.display_name"])
    .where("r.type", "=", type)
    .where("r.deleted_at", "is", null)
    .where((eb) => eb.or([eb("r.group_id", "is", null), eb("r.group_id", "=", groupId)]))
    .where((eb) => eb.or([eb("p.enabled", "is", null), eb("p.enabled", "=", 1)]))
    .orderBy("r.name")
    .orderBy("r.id")
    .execute();
}

/** One live report offered to the group, or undefined. */
export function findGroupReport(db: DB, groupId: number, reportId: number) {
  return db
    .selectFrom("reports as r")
    .leftJoin("report_permissions as p", (j) => j.onRef("p.item_id", "=", "r.id").on("p.kind", "=", "REPORT").on("p.group_id", "=", groupId))
    .select(["r.id", "r.name", "r.type", "p.display_name"])
    .where("r.id", "=", reportId)
    .where("r.deleted_at", "is", null)
    .where((eb) => eb.or([eb("r.group_id", "is", null), eb("r.group_id", "=", groupId)]))
    .where((eb) => eb.or([eb("p.enabled", "is", null), eb("p.enabled", "=", 1)]))
    .executeTakeFirst();
}

/** The group's reminders of a type for one manager (userId) or the group's own (null). */
export function findReminders(db: DB, groupId: number, type: string, userId: number | null): Promise<ReminderRow[]> {
  let q = db.selectFrom("report_reminders").selectAll().where("group_id", "=", groupId).where("type", "=", type);
  q = userId === null ? q.where("user_id", "is", null) : q.where("user_id", "=", userId);
  return q.orderBy("id").execute();
}

export function findReminder(db: DB, id: number): Promise<ReminderRow | undefined> {
  return db.selectFrom("report_reminders").selectAll().where("id", "=", id).executeTakeFirst();
}

/** The reminder of one group, type, item and user (null: the group's). */
export function findReminderFor(db: DB, key: { groupId: number; type: string; reportId: number | null; hrEmailId: number | null; userId: number | null }) {
  let q = db.selectFrom("report_reminders").selectAll().where("group_id", "=", key.groupId).where("type", "=", key.type);
  q = key.reportId === null ? q.where("report_id", "is", null) : q.where("report_id", "=", key.reportId);
  q = key.hrEmailId === null ? q.where("hr_email_id", "is", null) : q.where("hr_email_id", "=", key.hrEmailId);
  q = key.userId === null ? q.where("user_id", "is", null) : q.where("user_id", "=", key.userId);
  return q.executeTakeFirst();
}

export type ReminderValues = Omit<ReminderRow, "id" | "version" | "created_at" | "created_by" | "last_run_at">;

/** Inserts a reminder; undefined when the unique index already holds one for its item and user. */
export async function insertReminder(db: DB, values: ReminderValues, actorId: number, now: string): Promise<ReminderRow | undefined> {
  return db
    .insertInto("report_reminders")
    .values({ ...values, created_by: actorId, created_at: now })
    .onConflict((oc) => oc.doNothing())
    .returningAll()
    .executeTakeFirst();
}

/** Replaces a reminder's values when its version is still `version`; undefined otherwise. */
export function updateReminder(db: DB, id: number, version: number, values: Partial<ReminderValues>): Promise<ReminderRow | undefined> {
  return db
    .updateTable("report_reminders")
    .set((eb) => ({ ...values, version: eb("version", "+", 1) }))
    .where("id", "=", id)
    .where("version", "=", version)
    .returningAll()
    .executeTakeFirst();
}

/** Sets `enabled` (enabling schedules the next run); answers whether the row changed (a repeated request changes nothing). */
export async function setReminderEnabled(db: DB, id: number, enabled: boolean, now: string, nextRunAt: string): Promise<boolean> {
  const result = await db
    .updateTable("report_reminders")
    .set((eb) => ({ enabled: enabled ? 1 : 0, updated_at: now, version: eb("version", "+", 1), ...(enabled ? { next_run_at: nextRunAt } : {}) }))
    .where("id", "=", id)
    .where("enabled", "=", enabled ? 0 : 1)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** The managers' opt-in rows of a kind (REPORT or HR_EMAIL) for some managers. */
export function findOptIns(db: DB, managerIds: number[], kind: string) {
  if (managerIds.length === 0) return Promise.resolve([]);
  return db.selectFrom("report_reminder_opt_ins").selectAll().where("manager_id", "in", managerIds).where("kind", "=", kind).execute();
}

/** Writes a manager's choice (insert or replace: the last request's value wins, one row). */
export function upsertOptIn(db: DB, row: { manager_id: number; kind: string; item_id: number; opted_in: number; updated_by: number; updated_at: string }) {
  return db
    .insertInto("report_reminder_opt_ins")
    .values(row)
    .onConflict((oc) => oc.columns(["manager_id", "kind", "item_id"]).doUpdateSet({ opted_in: row.opted_in, updated_by: row.updated_by, updated_at: row.updated_at }))
    .execute();
}

export function findUnsubscriptions(db: DB, userIds: number[]) {
  if (userIds.length === 0) return Promise.resolve([]);
  return db.selectFrom("report_unsubscriptions").selectAll().where("user_id", "in", userIds).execute();
}

/** Records an unsubscription once (a repeated one changes nothing). */
export function insertUnsubscription(db: DB, row: { user_id: number; scope: string; report_id: number | null; created_at: string }) {
  return db.insertInto("report_unsubscriptions").values(row).onConflict((oc) => oc.doNothing()).execute();
}

/** Claims one mail (reminder, recipient, key); undefined when it was claimed already. */
export function claimSend(db: DB, row: { reminder_id: number; group_id: number; recipient_id: number; send_key: string; created_at: string }) {
  return db
    .insertInto("report_reminder_sends")
    .values({ ...row, row_count: null, preview_clicked_at: null, downloaded_at: null })
    .onConflict((oc) => oc.doNothing())
    .returning("id")
    .executeTakeFirst();
}

export function setSendRowCount(db: DB, id: number, rowCount: number | null) {
  return db.updateTable("report_reminder_sends").set({ row_count: rowCount }).where("id", "=", id).execute();
}

/** Gives a claim back (its mail could not be sent), so a later request may send it. */
export function releaseSend(db: DB, id: number) {
  return db.deleteFrom("report_reminder_sends").where("id", "=", id).execute();
}

export function findSend(db: DB, id: number) {
  return db
    .selectFrom("report_reminder_sends as s")
    .innerJoin("report_reminders as r", "r.id", "s.reminder_id")
    .select(["s.id", "s.reminder_id", "s.recipient_id", "s.group_id", "r.report_id", "r.filter_values", "r.type"])
    .where("s.id", "=", id)
    .executeTakeFirst();
}

/** Stamps the first preview or download of a send (later ones leave the first time). */
export function markSend(db: DB, id: number, column: "preview_clicked_at" | "downloaded_at", now: string) {
  return db.updateTable("report_reminder_sends").set({ [column]: now }).where("id", "=", id).where(column, "is", null).execute();
}

/** Per reminder, for one recipient: sends, last send, previews, downloads. */
export function sendStatisticsOf(db: DB, recipientId: number, groupId: number) {
  return db
    .selectFrom("report_reminder_sends as s")
    .innerJoin("report_reminders as r", "r.id", "s.reminder_id")
    .leftJoin("reports as rep", "rep.id", "r.report_id")
    .select((eb) => [
      "r.id as reminderId",
      "r.type",
      "r.report_id",
      "r.hr_email_id",
      "rep.name as reportName",
      eb.fn.countAll<number>().as("sent"),
      eb.fn.max("s.created_at").as("lastSent"),
      eb.fn.count<number>("s.preview_clicked_at").as("previews"),
      eb.fn.count<number>("s.downloaded_at").as("downloads"),
      eb.fn.max("s.preview_clicked_at").as("lastPreview"),
      eb.fn.max("s.downloaded_at").as("lastDownload"),
    ])
    .where("s.recipient_id", "=", recipientId)
    .where("s.group_id", "=", groupId)
    .groupBy(["r.id", "r.type", "r.report_id", "r.hr_email_id", "rep.name"])
    .orderBy("r.id")
    .execute();
}

/** Whether each of a recipient's reminders (by report or HR e-mail item) was sent, previewed, downloaded. */
export function sendFlagsOf(db: DB, recipientId: number, groupId: number, type: string) {
  return db
    .selectFrom("report_reminder_sends as s")
    .innerJoin("report_reminders as r", "r.id", "s.reminder_id")
    .select((eb) => [
      "r.report_id",
      "r.hr_email_id",
      eb.fn.countAll<number>().as("sent"),
      eb.fn.count<number>("s.preview_clicked_at").as("previews"),
      eb.fn.count<number>("s.downloaded_at").as("downloads"),
    ])
    .where("s.recipient_id", "=", recipientId)
    .where("s.group_id", "=", groupId)
    .where("r.type", "=", type)
    .groupBy(["r.report_id", "r.hr_email_id"])
    .execute();
}

/** Enabled reminders due at `now`, oldest first. */
export function findDueReminders(db: DB, now: string, limit: number) {
  return db
    .selectFrom("report_reminders")
    .selectAll()
    .where("enabled", "=", 1)
    .where("next_run_at", "<=", now)
    .orderBy("next_run_at")
    .orderBy("id")
    .limit(limit)
    .execute();
}

/** Claims a due run: moves next_run_at on when it still is `due`; false when another instance claimed it. */
export async function advanceReminder(db: DB, id: number, due: string, next: string, now: string): Promise<boolean> {
  const result = await db
    .updateTable("report_reminders")
    .set({ next_run_at: next, last_run_at: now })
    .where("id", "=", id)
    .where("next_run_at", "=", due)
    .where("enabled", "=", 1)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/**
 * Takes or renews the named lease for `holder` until `expiresAt`: one statement (insert … on conflict do
 * update … where the lease expired or is the holder's own). True when `holder` now holds it.
 */
export async function takeLease(db: DB, name: string, holder: string, now: string, expiresAt: string): Promise<boolean> {
  const row = await db
    .insertInto("scheduler_leases")
    .values({ name, holder, expires_at: expiresAt })
    .onConflict((oc) =>
      oc
        .column("name")
        .doUpdateSet({ holder, expires_at: expiresAt })
        .where((eb) => eb.or([eb("scheduler_leases.expires_at", "<", now), eb("scheduler_leases.holder", "=", holder)])),
    )
    .returning("holder")
    .executeTakeFirst();
  return row?.holder === holder;
}

export function releaseLease(db: DB, name: string, holder: string) {
  return db.deleteFrom("scheduler_leases").where("name", "=", name).where("holder", "=", holder).execute();
}

/** The stored signing secret (made by the migration); created once here only if a database lacks it. */
export async function storedSecret(db: DB, name: string, candidate: string, now: string): Promise<string> {
  const row = await db.selectFrom("reporting_secrets").select("value").where("name", "=", name).executeTakeFirst();
  if (row) return row.value;
  await db.insertInto("reporting_secrets").values({ name, value: candidate, created_at: now }).onConflict((oc) => oc.doNothing()).execute();
  return (await db.selectFrom("reporting_secrets").select("value").where("name", "=", name).executeTakeFirstOrThrow()).value;
}

/** A user with their group (a mail's recipient, read at send time). */
export function userRowOf(db: DB, userId: number) {
  return db
    .selectFrom("users as u")
    .leftJoin("groups as g", "g.id", "u.group_id")
    .select(["u.id", "u.email", "u.first_name", "u.last_name", "u.role", "u.group_id", "u.activation_state", "g.name as group_name", "g.status as group_status"])
    .where("u.id", "=", userId)
    .executeTakeFirst();
}

/**
 * An HR e-mail's moves: the group's open moves whose assignment ends (END) or starts (START) within
 * [from, to], limited to what the recipient may see (their restrictions, read at send time).
 */
export function findAssignmentMoves(db: DB, groupId: number, scope: RestrictionScope, which: "END" | "START", from: string, to: string) {
  const column = which === "END" ? "m.assignment_end_date" : "m.assignment_start_date";
  const q = db
    .selectFrom("moves as m")
    .innerJoin("users as e", "e.id", "m.employee_user_id")
    .select(["m.id", "e.first_name", "e.last_name", "m.assignment_start_date", "m.assignment_end_date", "m.destination_city_name"])
    .where("m.group_id", "=", groupId)
    .where("m.status", "in", ["open", "on_assignment"])
    .where(column, ">=", from)
    .where(column, "<=", to)
    .orderBy(column)
    .orderBy("m.id")
    .limit(500);
  return restrictMoves(q, scope, "m").execute();
}

/** The managers with their own reminder of an item (a group reminder passes them over). */
export async function findOwnReminderUsers(db: DB, groupId: number, type: string, reportId: number | null, hrEmailId: number | null): Promise<number[]> {
  let q = db.selectFrom("report_reminders").select("user_id").where("group_id", "=", groupId).where("type", "=", type).where("user_id", "is not", null);
  q = reportId === null ? q.where("report_id", "is", null) : q.where("report_id", "=", reportId);
  q = hrEmailId === null ? q.where("hr_email_id", "is", null) : q.where("hr_email_id", "=", hrEmailId);
  return (await q.execute()).map((r) => r.user_id!);
}
