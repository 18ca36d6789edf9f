/**
 * CRM reminders' queries (issue 26; rules in src/domain/crm/reminders.ts, flow in
 * src/services/crm/reminders.ts). No rules here: reads with their filters, and the guarded writes as
 * conditional updates on the status (each answers whether it changed the row).
 */
import { sql, type Transaction } from "kysely";
import type { DB } from "../../index.ts";
import type { Database } from "../../schema.ts";
import { containsIgnoreCase } from "../like.ts";

type Q = DB | Transaction<Database>;

export type CrmReminderFilter = {
  userId?: number;
  moveId?: number;
  owner?: number;
  status?: string;
  /** Inclusive ISO instants. */
  dueFrom?: string;
  dueBefore?: string;
};

function base(db: Q) {
  return db
    .selectFrom("crm_reminders as r")
    .innerJoin("users as e", "e.id", "r.user_id")
    .innerJoin("users as o", "o.id", "r.owner_user_id")
    .innerJoin("groups as g", "g.id", "r.group_id")
    .select([
      "r.id",
      "r.group_id",
      "r.user_id",
      "r.move_id",
      "r.owner_user_id",
      "r.due_at",
      "r.text",
      "r.status",
      "r.sent_at",
      "r.created_at",
      "r.version",
      "e.first_name as employee_first_name",
      "e.last_name as employee_last_name",
      "o.first_name as owner_first_name",
      "o.last_name as owner_last_name",
      "g.name as group_name",
      "g.display_name as group_display_name",
    ]);
}

export type CrmReminderRow = Awaited<ReturnType<ReturnType<typeof base>["execute"]>>[number];

function filtered(db: Q, f: CrmReminderFilter) {
  let q = base(db);
  if (f.userId !== undefined) q = q.where("r.user_id", "=", f.userId);
  if (f.moveId !== undefined) q = q.where("r.move_id", "=", f.moveId);
  if (f.owner !== undefined) q = q.where("r.owner_user_id", "=", f.owner);
  q = f.status !== undefined ? q.where("r.status", "=", f.status) : q.where("r.status", "!=", "DELETED");
  if (f.dueFrom !== undefined) q = q.where("r.due_at", ">=", f.dueFrom);
  if (f.dueBefore !== undefined) q = q.where("r.due_at", "<", f.dueBefore);
  return q;
}

/** One page of reminders, soonest due first; and how many match. */
export async function findCrmReminders(db: Q, f: CrmReminderFilter, page: { limit: number; offset: number }): Promise<{ rows: CrmReminderRow[]; total: number }> {
  const rows = await filtered(db, f).orderBy("r.due_at").orderBy("r.id").limit(page.limit).offset(page.offset).execute();
  const count = await filtered(db, f)
    .clearSelect()
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .executeTakeFirst();
  return { rows, total: Number(count?.n ?? 0) };
}

export function findCrmReminder(db: Q, id: number): Promise<CrmReminderRow | undefined> {
  return base(db).where("r.id", "=", id).executeTakeFirst();
}

export type NewCrmReminder = { groupId: number; userId: number; moveId: number; ownerUserId: number; dueAt: string; text: string; createdBy: number; at: string };

export async function insertCrmReminder(db: Q, r: NewCrmReminder): Promise<number> {
  const row = await db
    .insertInto("crm_reminders")
    .values({
      group_id: r.groupId,
      user_id: r.userId,
      move_id: r.moveId,
      owner_user_id: r.ownerUserId,
      due_at: r.dueAt,
      text: r.text,
      status: "OPEN",
      sent_at: null,
      deleted_at: null,
      created_by: r.createdBy,
      created_at: r.at,
      updated_at: r.at,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  return row.id;
}

/** OPEN → SENT, only while OPEN: of parallel sends one changes the row. */
export async function markCrmReminderSent(db: Q, id: number, at: string): Promise<boolean> {
  const res = await db
    .updateTable("crm_reminders")
    .set((eb) => ({ status: "SENT", sent_at: at, updated_at: at, version: eb("version", "+", 1) }))
    .where("id", "=", id)
    .where("status", "=", "OPEN")
    .executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}

/** → DELETED, only while not DELETED: of parallel deletes one changes the row. */
export async function markCrmReminderDeleted(db: Q, id: number, at: string): Promise<boolean> {
  const res = await db
    .updateTable("crm_reminders")
    .set((eb) => ({ status: "DELETED", deleted_at: at, updated_at: at, version: eb("version", "+", 1) }))
    .where("id", "=", id)
    .where("status", "!=", "DELETED")
    .executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}

/** OPEN reminders due at or before `at`, oldest first (the due check claims each with markCrmReminderSent). */
export async function findDueCrmReminderIds(db: Q, at: string, limit: number): Promise<number[]> {
  const rows = await db.selectFrom("crm_reminders").select("id").where("status", "=", "OPEN").where("due_at", "<=", at).orderBy("due_at").orderBy("id").limit(limit).execute();
  return rows.map((r) => r.id);
}

/** The move with its employee and group (null when there is none). */
export function findMoveForReminder(db: Q, moveId: number) {
  return db
    .selectFrom("moves as m")
    .innerJoin("users as u", "u.id", "m.employee_user_id")
    .select(["m.id", "m.group_id", "m.employee_user_id", "u.first_name", "u.last_name"])
    .where("m.id", "=", moveId)
    .executeTakeFirst();
}

/** Active CRM agents and administrators (not anonymised), by name. */
export function findReminderOwners(db: Q, roles: readonly string[]) {
  return db
    .selectFrom("users")
    .select(["id", "first_name", "last_name", "role"])
    .where("role", "in", [...roles] as never[])
    .where("group_id", "is", null)
    .where("anonymized_at", "is", null)
    .where("activation_state", "=", "ACTIVE")
    .orderBy("first_name")
    .orderBy("last_name")
    .orderBy("id")
    .execute();
}

/** Moves whose employee's name or e-mail contains the text, or whose number it is (newest first, 20 at most). */
export function searchMovesForReminder(db: Q, query: string) {
  let q = db
    .selectFrom("moves as m")
    .innerJoin("users as u", "u.id", "m.employee_user_id")
    .innerJoin("groups as g", "g.id", "m.group_id")
    .select(["m.id as move_id", "m.status", "u.id as user_id", "u.first_name", "u.last_name", "u.email", "g.display_name"])
    .where("u.anonymized_at", "is", null);
  const text = query.trim();
  if (text !== "") {
    const asNumber = /^\d{1,9}$/.test(text) ? Number(text) : null;
    q = q.where((eb) =>
      eb.or([
        containsIgnoreCase(sql<string>`u.first_name || ' ' || u.last_name`, text),
        containsIgnoreCase(sql<string>`u.email`, text),
        ...(asNumber !== null ? [eb("m.id", "=", asNumber)] : []),
      ]),
    );
  }
  return q.orderBy("m.id", "desc").limit(20).execute();
}
