// Extend and end assignments (issue 15; part 1 §4 "Actions popup (extend/end)", §5, §7 "POST
// /hr/json/extend-employee-assignments and /hr/json/repatriate-employees").
// - assignment_actions: the history of every extension and end of an assignment: the move, the kind
//   (EXTEND | END), the end date before and after, the reason (extend: the group's extension reason option
//   id and its text when reasons are enabled; end: the reason text), HR's message, the services (JSON array
//   of service keys) and budgets (JSON array of {budgetGroup, amount, currency}, minor units) given for the
//   end, the stage before and after, who did it and when. Rows are only ever inserted.
// Timestamps: ISO-8601 UTC; dates YYYY-MM-DD. Frozen: imports nothing from src/.
import { PostgresAdapter, type ColumnDefinitionBuilder, type Kysely } from "kysely";

function idColumn(db: Kysely<any>) {
  const pg = db.getExecutor().adapter instanceof PostgresAdapter;
  return (c: ColumnDefinitionBuilder) => (pg ? c.primaryKey().generatedByDefaultAsIdentity() : c.primaryKey().autoIncrement());
}

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("assignment_actions")
    .addColumn("id", "integer", idColumn(db))
    .addColumn("group_id", "integer", (c) => c.notNull().references("groups.id").onDelete("cascade"))
    .addColumn("move_id", "integer", (c) => c.notNull().references("moves.id").onDelete("cascade"))
    .addColumn("employee_user_id", "integer", (c) => c.notNull())
    .addColumn("kind", "text", (c) => c.notNull())
    .addColumn("old_end_date", "text")
    .addColumn("new_end_date", "text", (c) => c.notNull())
    .addColumn("reason_option_id", "integer")
    .addColumn("reason", "text")
    .addColumn("message", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("services", "text", (c) => c.notNull().defaultTo("[]"))
    .addColumn("budgets", "text", (c) => c.notNull().defaultTo("[]"))
    .addColumn("from_stage", "integer", (c) => c.notNull())
    .addColumn("to_stage", "integer", (c) => c.notNull())
    .addColumn("actor_user_id", "integer", (c) => c.notNull())
    .addColumn("created_at", "text", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("assignment_actions_move_idx").on("assignment_actions").columns(["move_id", "id"]).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("assignment_actions").execute();
}
