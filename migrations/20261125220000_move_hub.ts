// Move hub (issue 14; part 1 §2 move hub task list, §3 move hub item, §4 states, §7 calls): the tasks
// of one move. Generated tasks come from the services of the move's policy version per move stage and
// are materialised once per move: `source_key` ("svc:<stage>:<service key>") is unique per move, so the
// insert … on conflict do nothing of two parallel first loads creates one set. Custom tasks have no
// source key (NULLs never clash in a unique index on either dialect).
// `section` is the move stage the task belongs to; `sort_order` is dense (0 … n − 1) per section.
// Dates: due_date YYYY-MM-DD; done_at, created_at, updated_at ISO-8601 UTC.
// Frozen: imports nothing from src/.
import { PostgresAdapter, type ColumnDefinitionBuilder, type Kysely } from "kysely";

function idColumn(db: Kysely<any>) {
  const pg = db.getExecutor().adapter instanceof PostgresAdapter;
  return (c: ColumnDefinitionBuilder) =>
    pg ? c.primaryKey().generatedByDefaultAsIdentity() : c.primaryKey().autoIncrement();
}

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("move_hub_items")
    .addColumn("id", "integer", idColumn(db))
    .addColumn("group_id", "integer", (c) => c.notNull().references("groups.id").onDelete("cascade"))
    .addColumn("move_id", "integer", (c) => c.notNull().references("moves.id").onDelete("cascade"))
    /** "svc:<stage>:<service key>" for a generated task; null for a custom one. */
    .addColumn("source_key", "text")
    /** SERVICE (generated from the policy) or CUSTOM. */
    .addColumn("kind", "text", (c) => c.notNull())
    .addColumn("service_key", "text")
    /** 1 when the service is its move stage's move hub service (part 2 §4). */
    .addColumn("move_hub", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("title", "text", (c) => c.notNull())
    .addColumn("dd_text", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("section", "integer", (c) => c.notNull())
    .addColumn("sort_order", "integer", (c) => c.notNull())
    .addColumn("due_date", "text")
    .addColumn("is_done", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("done_at", "text")
    .addColumn("created_by", "integer", (c) => c.references("users.id").onDelete("set null"))
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("updated_at", "text", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("move_hub_items_source_key").on("move_hub_items").columns(["move_id", "source_key"]).unique().execute();
  await db.schema.createIndex("move_hub_items_move_idx").on("move_hub_items").columns(["move_id", "section", "sort_order"]).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("move_hub_items").execute();
}
