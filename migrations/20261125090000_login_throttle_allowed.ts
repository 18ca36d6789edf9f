// Login throttle counted atomically (issue 12): each attempt is counted by one INSERT … ON CONFLICT
// DO UPDATE … RETURNING, which also records whether that attempt was let through to the password
// check. Frozen: imports nothing from src/.
import type { Kysely } from "kysely";

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable("login_throttle")
    .addColumn("last_allowed", "integer", (c) => c.notNull().defaultTo(1))
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("login_throttle").dropColumn("last_allowed").execute();
}
