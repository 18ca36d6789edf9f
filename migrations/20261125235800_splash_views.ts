// Splash viewed (issue 14; part 2 §7 "Splash: PUT /splash/{id}/viewed"): which user has seen which
// splash, first view kept. One row per (user, splash), written by insert … on conflict do nothing, so
// repeated and parallel calls have one effect. viewed_at: ISO-8601 UTC. Frozen: imports nothing from src/.
import type { Kysely } from "kysely";

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("splash_views")
    .addColumn("user_id", "integer", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("splash_id", "integer", (c) => c.notNull().references("splash_contents.id").onDelete("cascade"))
    .addColumn("viewed_at", "text", (c) => c.notNull())
    .addPrimaryKeyConstraint("splash_views_pk", ["user_id", "splash_id"])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("splash_views").execute();
}
