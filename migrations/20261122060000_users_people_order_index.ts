// The group people list reads users of one group ordered by last name, first name, id:
// this index serves that order without a sort. Frozen: imports nothing from src/.
import type { Kysely } from "kysely";

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createIndex("users_group_name_order_idx")
    .on("users")
    .columns(["group_id", "last_name", "first_name", "id"])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex("users_group_name_order_idx").ifExists().execute();
}
