// Feedback (issue 14; part 2 §3 "Feedback: rating, message", §7 "POST /feedback/add {rating, message};
// DELETE /feedback/remove"; part 1 §8 texts): the feedback box's last feedback per user. Each add mails
// it to the configured address (FEEDBACK_EMAIL) through the outbox and replaces the stored one
// (insert … on conflict (user_id) do update); remove deletes it. group_id is null for platform staff.
// created_at: ISO-8601 UTC. Frozen: imports nothing from src/.
import type { Kysely } from "kysely";

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("feedback")
    .addColumn("user_id", "integer", (c) => c.primaryKey().references("users.id").onDelete("cascade"))
    .addColumn("group_id", "integer", (c) => c.references("groups.id").onDelete("cascade"))
    /** 1 … 5. */
    .addColumn("rating", "integer", (c) => c.notNull())
    .addColumn("message", "text", (c) => c.notNull())
    /** The outbox row of the e-mail it was sent in. */
    .addColumn("outbox_id", "integer", (c) => c.references("outbox.id").onDelete("set null"))
    .addColumn("created_at", "text", (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("feedback").execute();
}
