// A manager's own note on a move (issue 24 §4; part 1 §7 "POST /{group}/addEmployeeNote: uid, mid, notes"):
// the manager dashboard's note of a MANAGER is theirs, one row per (move, manager), stored apart from HR's
// private notes (move_hr_notes), which a manager's save never touches. Written by insert … on conflict
// (move_id, manager_user_id) do update; `version` counts applied saves.
// Existing data: before this table the dashboard wrote every note into move_hr_notes. HR's rows stay as they
// are (intact); a row whose last writer is a manager is also copied here as that manager's note, so the
// manager still finds it on their dashboard. Timestamps: ISO-8601 UTC. Frozen: imports nothing from src/.
import { sql, type Kysely } from "kysely";

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("move_manager_notes")
    .addColumn("move_id", "integer", (c) => c.notNull().references("moves.id").onDelete("cascade"))
    .addColumn("manager_user_id", "integer", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("group_id", "integer", (c) => c.notNull().references("groups.id"))
    .addColumn("notes_text", "text", (c) => c.notNull())
    .addColumn("version", "integer", (c) => c.notNull())
    .addColumn("updated_at", "text", (c) => c.notNull())
    .addPrimaryKeyConstraint("move_manager_notes_pk", ["move_id", "manager_user_id"])
    .execute();
  await db.schema.createIndex("move_manager_notes_manager_idx").on("move_manager_notes").columns(["manager_user_id", "move_id"]).execute();
  await sql`insert into move_manager_notes (move_id, manager_user_id, group_id, notes_text, version, updated_at)
    select n.move_id, n.updated_by, n.group_id, n.notes_text, 1, n.updated_at
    from move_hr_notes n inner join users u on u.id = n.updated_by
    where u.role = 'MANAGER'`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("move_manager_notes").execute();
}
