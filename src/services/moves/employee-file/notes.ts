/**
 * HR notes of a move (issue 14; part 2 §7 "POST .../saveHRNotes {notesText, userId, moveId} ("OK" or
 * exception "Session timeout")"; §3 "HR notes (userId, hrNotes)"). One row per move (move_hr_notes).
 *
 * Saves are ordered: each runs in one transaction after locking the move row, so parallel saves queue;
 * a save carries the time its client took the text (`savedAt`, else the server's), and one older than
 * the stored text is answered OK without being applied, so a slow request never overwrites a later
 * text. `version` counts applied saves; each applied change writes its audit row (entity "move",
 * old and new text) in the same transaction, so it shows in the move page's timeline.
 */
import type { DB } from "../../../db/index.ts";
import { insertAudit } from "../../../db/queries/audit.ts";
import { lockRow } from "../../../db/locks.ts";
import { isNotOlder } from "../../../domain/moves/employee-file/rules.ts";
import type { TEmployeeFileRequest, THrNotes, TSaveHrNotesRequest, TSaveHrNotesResponse } from "../../../domain/moves/employee-file/schemas.ts";
import type { SessionUser } from "../../identity/auth.ts";
import { moveInGroup, type EmployeeFileActor, type GroupLike } from "./access.ts";

function notesRow(db: DB, moveId: number) {
  return db
    .selectFrom("move_hr_notes as n")
    .leftJoin("users as u", "u.id", "n.updated_by")
    .select(["n.notes_text", "n.version", "n.client_saved_at", "n.updated_at", "u.first_name", "u.last_name"])
    .where("n.move_id", "=", moveId)
    .executeTakeFirst();
}

type Row = NonNullable<Awaited<ReturnType<typeof notesRow>>>;

const EMPTY: THrNotes = { notesText: "", version: 0, updatedAt: null, updatedBy: null };

const notesOf = (row: Row | undefined): THrNotes =>
  row
    ? {
        notesText: row.notes_text,
        version: row.version,
        updatedAt: row.updated_at,
        updatedBy: row.first_name === null ? null : `${row.first_name} ${row.last_name ?? ""}`.trim(),
      }
    : EMPTY;

/** employeeFile.hrNotes: the move's HR notes (empty, version 0, before the first save). */
export async function readHrNotes(db: DB, user: SessionUser, group: GroupLike, input: TEmployeeFileRequest): Promise<THrNotes> {
  const move = await moveInGroup(db, user, group, input);
  return notesOf(await notesRow(db, move.id));
}

export async function saveHrNotes(db: DB, actor: EmployeeFileActor, group: GroupLike, input: TSaveHrNotesRequest, now = new Date()): Promise<TSaveHrNotesResponse> {
  const move = await moveInGroup(db, actor.user, group, input);
  return writeHrNotes(db, actor, move, input, now);
}

/**
 * The ordered, audited write of a move's HR notes, for a move the caller's access check has already found
 * (saveHrNotes above; the manager dashboard's addEmployeeNote, src/services/manager/dashboard.ts).
 */
export async function writeHrNotes(
  db: DB,
  actor: EmployeeFileActor,
  move: { id: number; group_id: number; employee_user_id: number },
  input: Pick<TSaveHrNotesRequest, "notesText" | "savedAt">,
  now = new Date(),
): Promise<TSaveHrNotesResponse> {
  const at = now.toISOString();
  const savedAt = input.savedAt ? new Date(input.savedAt).toISOString() : at;
  return db.transaction().execute(async (trx) => {
    await lockRow(trx, "moves", move.id);
    const current = await notesRow(trx, move.id);
    if (current && !isNotOlder(savedAt, current.client_saved_at)) return { result: "OK", applied: false, notes: notesOf(current) };
    if (current && current.notes_text === input.notesText) {
      // The same text taken later: no change to audit, but later than any older save still in flight.
      await trx.updateTable("move_hr_notes").set({ client_saved_at: savedAt }).where("move_id", "=", move.id).execute();
      return { result: "OK", applied: true, notes: notesOf(current) };
    }
    const version = (current?.version ?? 0) + 1;
    await trx
      .insertInto("move_hr_notes")
      .values({
        move_id: move.id,
        group_id: move.group_id,
        employee_user_id: move.employee_user_id,
        notes_text: input.notesText,
        version,
        client_saved_at: savedAt,
        updated_by: actor.user.id,
        updated_at: at,
      })
      .onConflict((oc) =>
        oc.column("move_id").doUpdateSet({ notes_text: input.notesText, version, client_saved_at: savedAt, updated_by: actor.user.id, updated_at: at }),
      )
      .execute();
    await insertAudit(trx, {
      at,
      actorUserId: actor.user.id,
      groupId: move.group_id,
      entity: "move",
      entityId: move.id,
      action: "hr-notes",
      oldValues: { notesText: current?.notes_text ?? "", version: current?.version ?? 0 },
      newValues: { notesText: input.notesText, version },
      ip: actor.ip,
    });
    return { result: "OK", applied: true, notes: notesOf(await notesRow(trx, move.id)) };
  });
}
