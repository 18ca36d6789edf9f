// HR notes of a move (issue 14; part 2 §7 "POST …/saveHRNotes {notesText, userId, moveId}"; §3 "HR notes
// (userId, hrNotes)"): one row per move, written by insert … on conflict (move_id) do update. `version`
// counts applied saves; `client_saved_at` is when the writer's client took the text (ISO-8601 UTC), so a
// save that arrives late never overwrites a text typed after it. Frozen: imports nothing from src/.
import type { Kysely } from "kysely";

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("move_hr_notes")
    .addColumn("move_id", "integer", (c) => c.primaryKey().references("moves.id").onDelete("cascade"))
    .addColumn("group_id", "integer", (c) => c.notNull().references("groups.id"))
    .addColumn("employee_user_id", "integer", (c) => c.notNull().references("users.id"))
    .addColumn("notes_text", "text", (c) => c.notNull())
    .addColumn("version", "integer", (c) => c.notNull())
    .addColumn("client_saved_at", "text", (c) => c.notNull())
    .addColumn("updated_by", "integer", (c) => c.references("users.id").onDelete("set null"))
    .addColumn("updated_at", "text", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("move_hr_notes_group_idx").on("move_hr_notes").column("group_id").execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("move_hr_notes").execute();
}
