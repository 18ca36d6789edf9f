// CRM reminders and the third-party dashboards viewer (issue 26; part 2 §2 "Reminders admin table
// (get-reminders)", "A third-party dashboard viewer page", §3 "CRM reminder: userId, moveId, owner,
// datePicker, reminder text", "Dashboard: id, description, url", §7 send-reminder, delete-reminder,
// get-reminders, /crm/saveReminder, initial-dashboard, dashboards, dashboards/{id}).
// - crm_reminders: a CRM agent's reminder about an employee's move (user_id = the employee, move_id =
//   their move, group_id = the move's group), for its owner (owner_user_id, a CRM or ADMIN user), due at
//   due_at (ISO-8601 UTC, a 15-minute step). status OPEN → SENT (sent now, or by the due check) or
//   DELETED; both are conditional updates on the status, so parallel calls have one effect. `version`
//   counts applied changes.
// - third_party_dashboards: a group's configured dashboards (title, https url, description); at most one
//   initial dashboard per group (a partial unique index); sort_order orders the list.
// - dashboard_origins: the per-group allow-list of origins a dashboard url may have (and the only
//   origins the dashboards page's Content-Security-Policy lets it frame).
// Timestamps: ISO-8601 UTC. Frozen: imports nothing from src/.
import { PostgresAdapter, sql, type ColumnDefinitionBuilder, type Kysely } from "kysely";

function idColumn(db: Kysely<any>) {
  const pg = db.getExecutor().adapter instanceof PostgresAdapter;
  return (c: ColumnDefinitionBuilder) => (pg ? c.primaryKey().generatedByDefaultAsIdentity() : c.primaryKey().autoIncrement());
}

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("crm_reminders")
    .addColumn("id", "integer", idColumn(db))
    .addColumn("group_id", "integer", (c) => c.notNull().references("groups.id"))
    .addColumn("user_id", "integer", (c) => c.notNull().references("users.id"))
    .addColumn("move_id", "integer", (c) => c.notNull().references("moves.id"))
    .addColumn("owner_user_id", "integer", (c) => c.notNull().references("users.id"))
    .addColumn("due_at", "text", (c) => c.notNull())
    .addColumn("text", "text", (c) => c.notNull())
    .addColumn("status", "text", (c) => c.notNull().defaultTo("OPEN"))
    .addColumn("sent_at", "text")
    .addColumn("deleted_at", "text")
    .addColumn("created_by", "integer", (c) => c.references("users.id"))
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("updated_at", "text", (c) => c.notNull())
    .addColumn("version", "integer", (c) => c.notNull().defaultTo(1))
    .execute();
  await db.schema.createIndex("crm_reminders_due_idx").on("crm_reminders").columns(["status", "due_at"]).execute();
  await db.schema.createIndex("crm_reminders_move_idx").on("crm_reminders").columns(["user_id", "move_id"]).execute();
  await db.schema.createIndex("crm_reminders_owner_idx").on("crm_reminders").columns(["owner_user_id"]).execute();

  await db.schema
    .createTable("third_party_dashboards")
    .addColumn("id", "integer", idColumn(db))
    .addColumn("group_id", "integer", (c) => c.notNull().references("groups.id"))
    .addColumn("title", "text", (c) => c.notNull())
    .addColumn("url", "text", (c) => c.notNull())
    .addColumn("description", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("is_initial", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("sort_order", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("created_by", "integer", (c) => c.references("users.id"))
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("updated_at", "text", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("third_party_dashboards_url_uq").on("third_party_dashboards").columns(["group_id", "url"]).unique().execute();
  await sql`create unique index third_party_dashboards_initial_uq on third_party_dashboards (group_id) where is_initial = 1`.execute(db);

  await db.schema
    .createTable("dashboard_origins")
    .addColumn("group_id", "integer", (c) => c.notNull().references("groups.id"))
    .addColumn("origin", "text", (c) => c.notNull())
    .addColumn("created_by", "integer", (c) => c.references("users.id"))
    .addColumn("created_at", "text", (c) => c.notNull())
    .addPrimaryKeyConstraint("dashboard_origins_pk", ["group_id", "origin"])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("dashboard_origins").ifExists().execute();
  await db.schema.dropTable("third_party_dashboards").ifExists().execute();
  await db.schema.dropTable("crm_reminders").ifExists().execute();
}
