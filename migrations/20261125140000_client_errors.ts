// Client errors (part 1 §8, part 2 §8: failures are also reported to an error-reporting service):
// errors the web client catches (window errors, unhandled rejections, React error boundaries) are
// stored here and listed to admins at /admin/client-errors. One row per fingerprint (a hash of the
// message and detail): a repeat adds to `count` through insert … on conflict, so an error in a loop
// stays one row. user_id and group_id come from the reporter's session (null when signed out).
// Frozen: imports nothing from src/.
import { PostgresAdapter, type ColumnDefinitionBuilder, type Kysely } from "kysely";

function idColumn(db: Kysely<any>) {
  const pg = db.getExecutor().adapter instanceof PostgresAdapter;
  return (c: ColumnDefinitionBuilder) =>
    pg ? c.primaryKey().generatedByDefaultAsIdentity() : c.primaryKey().autoIncrement();
}

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("client_errors")
    .addColumn("id", "integer", idColumn(db))
    /** Last reported (ISO-8601 UTC). */
    .addColumn("at", "text", (c) => c.notNull())
    /** First reported (ISO-8601 UTC). */
    .addColumn("first_at", "text", (c) => c.notNull())
    .addColumn("user_id", "integer", (c) => c.references("users.id").onDelete("set null"))
    .addColumn("group_id", "integer", (c) => c.references("groups.id").onDelete("set null"))
    /** The page's path (no query string), at most 500 characters. */
    .addColumn("page", "text", (c) => c.notNull())
    /** At most 2000 characters. */
    .addColumn("message", "text", (c) => c.notNull())
    /** The stack or component stack, at most 8000 characters. */
    .addColumn("detail", "text")
    .addColumn("user_agent", "text")
    .addColumn("count", "integer", (c) => c.notNull().defaultTo(1))
    /** SHA-256 (hex) of message and detail. */
    .addColumn("fingerprint", "text", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("client_errors_fingerprint_key").on("client_errors").column("fingerprint").unique().execute();
  await db.schema.createIndex("client_errors_at_idx").on("client_errors").columns(["at", "id"]).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("client_errors").execute();
}
