// An address is looked up case-insensitively (`lower(email) = ?`: the wizard's stage-2 save, the bulk
// import's batch of addresses, invitations): this expression index serves those reads instead of a scan
// of every user. Frozen: imports nothing from src/.
import { sql, type Kysely } from "kysely";

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.createIndex("users_email_lower_idx").on("users").expression(sql`lower(email)`).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex("users_email_lower_idx").ifExists().execute();
}
