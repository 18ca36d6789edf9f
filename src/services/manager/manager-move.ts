/**
 * A manager's read-only move page and their own note (issue 24 §4; src/domain/manager/dashboard/manager-move.ts).
 *
 * Access: role first (MANAGER for the move page; the procedure builder checks the group), then the move through
 * the same restriction the dashboard applies (`findVisibleMove` → `restrictMoves` with the manager's view mode
 * and geographic rules, src/db/queries/restrictions.ts): a move outside the restrictions, of another group or
 * unknown is the same NOT_FOUND, so ids cannot be probed.
 *
 * Notes: a manager's dashboard note is theirs (move_manager_notes, keyed by move and manager). The write runs in
 * one transaction after locking the move row, so parallel identical saves leave one row, one version and one
 * audit row ("manager-note"); HR's notes (move_hr_notes) are never read or written here.
 */
import type { DB } from "../../db/index.ts";
import { insertAudit } from "../../db/queries/audit.ts";
import { findVisibleMove } from "../../db/queries/manager/dashboard.ts";
import { findMoveWithPolicy } from "../../db/queries/moves/moves.ts";
import { managerReadSettingsOf, scopeOfManager } from "../../db/queries/restrictions.ts";
import { lockRow } from "../../db/locks.ts";
import type { TManagerMoveRequest, TManagerMoveResponse, TManagerNote, TManagerNotesResponse } from "../../domain/manager/dashboard/manager-move.ts";
import { AppError } from "../../domain/errors.ts";
import { messages } from "../../domain/messages.ts";
import { canActInGroup } from "../../domain/roles.ts";
import { wizardMessages } from "../../domain/moves/wizard/messages.ts";
import type { SessionUser } from "../identity/auth.ts";
import type { EmployeeFileActor, GroupLike } from "../moves/employee-file/access.ts";
import { moveInGroup } from "../moves/employee-file/access.ts";
import { describeMove } from "../moves/move-file.ts";

const EMPTY: TManagerNote = { notesText: "", version: 0, updatedAt: null };

function noteRow(db: DB, moveId: number, managerId: number) {
  return db
    .selectFrom("move_manager_notes")
    .select(["notes_text", "version", "updated_at"])
    .where("move_id", "=", moveId)
    .where("manager_user_id", "=", managerId)
    .executeTakeFirst();
}

const noteOf = (row: Awaited<ReturnType<typeof noteRow>>): TManagerNote =>
  row ? { notesText: row.notes_text, version: row.version, updatedAt: row.updated_at } : EMPTY;

/** The move `ref` if the manager's restrictions let them see it (the dashboard's rule), else NOT_FOUND. */
async function managerVisibleMove(db: DB, user: SessionUser, group: GroupLike, ref: { userId: number; moveId: number }) {
  if (user.role !== "MANAGER") throw new AppError("FORBIDDEN", messages.forbidden);
  if (!canActInGroup(user, group.id)) throw new AppError("FORBIDDEN", messages.otherGroup);
  const scope = scopeOfManager(user.id, await managerReadSettingsOf(db, user.id));
  const move = await findVisibleMove(db, group.id, scope, ref);
  if (!move) throw new AppError("NOT_FOUND", wizardMessages.moveNotFound);
  return move;
}

/** dashboard.move: the manager's read-only move page (HR's contents without the audit timeline) and their own note. */
export async function managerMove(db: DB, user: SessionUser, group: GroupLike, input: TManagerMoveRequest): Promise<TManagerMoveResponse> {
  const visible = await managerVisibleMove(db, user, group, { userId: input.employeeId, moveId: input.moveId });
  const move = await findMoveWithPolicy(db, visible.id);
  if (!move) throw new AppError("NOT_FOUND", wizardMessages.moveNotFound);
  const [file, note] = await Promise.all([describeMove(db, move), noteRow(db, move.id, user.id)]);
  const { timeline: _timeline, ...rest } = file;
  return { ...rest, note: noteOf(note) };
}

/**
 * The ordered, audited write of a manager's own note on a move their access check has found (the dashboard's
 * addEmployeeNote for a MANAGER). The same text again changes nothing (no version, no audit row).
 */
export async function writeManagerNote(
  db: DB,
  actor: EmployeeFileActor,
  move: { id: number; group_id: number },
  notesText: string,
  now = new Date(),
): Promise<TManagerNote> {
  const at = now.toISOString();
  const managerId = actor.user.id;
  return db.transaction().execute(async (trx) => {
    await lockRow(trx, "moves", move.id);
    const current = await noteRow(trx, move.id, managerId);
    if (current && current.notes_text === notesText) return noteOf(current);
    const version = (current?.version ?? 0) + 1;
    await trx
      .insertInto("move_manager_notes")
      .values({ move_id: move.id, manager_user_id: managerId, group_id: move.group_id, notes_text: notesText, version, updated_at: at })
      .onConflict((oc) => oc.columns(["move_id", "manager_user_id"]).doUpdateSet({ notes_text: notesText, version, updated_at: at }))
      .execute();
    await insertAudit(trx, {
      at,
      actorUserId: managerId,
      groupId: move.group_id,
      entity: "move",
      entityId: move.id,
      action: "manager-note",
      oldValues: { notesText: current?.notes_text ?? "", version: current?.version ?? 0 },
      newValues: { notesText, version },
      ip: actor.ip,
    });
    return { notesText, version, updatedAt: at };
  });
}

/** dashboard.managerNotes: the managers' notes on a move, for HR of the group and ADMIN (HR's move page). */
export async function managerNotesOfMove(db: DB, user: SessionUser, group: GroupLike, ref: { employeeId: number; moveId: number }): Promise<TManagerNotesResponse> {
  const move = await moveInGroup(db, user, group, { userId: ref.employeeId, moveId: ref.moveId });
  const rows = await db
    .selectFrom("move_manager_notes as n")
    .innerJoin("users as u", "u.id", "n.manager_user_id")
    .select(["n.notes_text", "n.updated_at", "u.first_name", "u.last_name", "u.email"])
    .where("n.move_id", "=", move.id)
    .where("n.notes_text", "<>", "")
    .orderBy("n.updated_at", "desc")
    .orderBy("n.manager_user_id")
    .execute();
  return {
    notes: rows.map((r) => ({ managerName: `${r.first_name} ${r.last_name}`.trim() || r.email, notesText: r.notes_text, updatedAt: r.updated_at })),
  };
}
