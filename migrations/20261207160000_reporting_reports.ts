// Reporting (issue 26; part 2 §3 "Reporting", §4, §5, §6): the report library.
// - reports: every report a user can pick. BASE (recommended) rows are the catalogue's reports (report_key
//   names the catalogue entry in src/domain/reporting/, group_id null = offered to every group); CUSTOM
//   (configured) and OLD (custom) rows are saved from the builder for one group: base_report_id is the report
//   they were built or cloned from, subject the builder's subject (moves, estimates, expenses, bills,
//   payments, budgets), definition the builder's JSON (fields, rule tree, group-by, totals). Deleting sets
//   deleted_at; a saved report's name is unique per group among live reports (a partial unique index, so two
//   parallel saves of one name give one report). `version` counts applied saves (conditional updates).
// - report_favourites: a user's favourite reports (HR and managers).
// - report_filter_defaults: a user's saved filter values per report (JSON of name → value).
// - report_permissions: part 2 §3 "Permission row: id, enabled, reportType, isDimension" per group: whether a
//   report (kind REPORT, item_id = reports.id) or a chart (kind CHART, item_id = the chart's id) is offered to
//   the group's HR and managers, and the group's own name for it (display_name). No row = enabled.
// - report_field_overrides: part 2 §3 "Field override: id, enabled, editableName" per group: a standard
//   field (field_id, the builder's field key) enabled or not, and its title. No row = enabled, default title.
// Timestamps: ISO-8601 UTC. Frozen: imports nothing from src/.
import { PostgresAdapter, sql, type ColumnDefinitionBuilder, type Kysely } from "kysely";

function idColumn(db: Kysely<any>) {
  const pg = db.getExecutor().adapter instanceof PostgresAdapter;
  return (c: ColumnDefinitionBuilder) => (pg ? c.primaryKey().generatedByDefaultAsIdentity() : c.primaryKey().autoIncrement());
}

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("reports")
    .addColumn("id", "integer", idColumn(db))
    .addColumn("type", "text", (c) => c.notNull())
    .addColumn("report_key", "text")
    .addColumn("subject", "text")
    .addColumn("category", "text", (c) => c.notNull())
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("description", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("group_id", "integer", (c) => c.references("groups.id"))
    .addColumn("base_report_id", "integer", (c) => c.references("reports.id"))
    .addColumn("definition", "text")
    .addColumn("created_by", "integer", (c) => c.references("users.id"))
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("updated_at", "text", (c) => c.notNull())
    .addColumn("deleted_at", "text")
    .addColumn("version", "integer", (c) => c.notNull().defaultTo(1))
    .execute();
  await db.schema.createIndex("reports_key_uq").on("reports").column("report_key").unique().execute();
  await db.schema.createIndex("reports_group_idx").on("reports").columns(["group_id", "type"]).execute();
  await sql`create unique index reports_group_name_uq on reports (group_id, lower(name)) where deleted_at is null and type <> 'BASE'`.execute(db);

  await db.schema
    .createTable("report_favourites")
    .addColumn("user_id", "integer", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("report_id", "integer", (c) => c.notNull().references("reports.id").onDelete("cascade"))
    .addColumn("created_at", "text", (c) => c.notNull())
    .addPrimaryKeyConstraint("report_favourites_pk", ["user_id", "report_id"])
    .execute();

  await db.schema
    .createTable("report_filter_defaults")
    .addColumn("user_id", "integer", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("report_id", "integer", (c) => c.notNull().references("reports.id").onDelete("cascade"))
    .addColumn("values_json", "text", (c) => c.notNull())
    .addColumn("updated_at", "text", (c) => c.notNull())
    .addPrimaryKeyConstraint("report_filter_defaults_pk", ["user_id", "report_id"])
    .execute();

  await db.schema
    .createTable("report_permissions")
    .addColumn("group_id", "integer", (c) => c.notNull().references("groups.id"))
    .addColumn("kind", "text", (c) => c.notNull())
    .addColumn("item_id", "integer", (c) => c.notNull())
    .addColumn("enabled", "integer", (c) => c.notNull())
    .addColumn("display_name", "text")
    .addColumn("updated_by", "integer", (c) => c.references("users.id"))
    .addColumn("updated_at", "text", (c) => c.notNull())
    .addPrimaryKeyConstraint("report_permissions_pk", ["group_id", "kind", "item_id"])
    .execute();

  await db.schema
    .createTable("report_field_overrides")
    .addColumn("group_id", "integer", (c) => c.notNull().references("groups.id"))
    .addColumn("field_id", "text", (c) => c.notNull())
    .addColumn("enabled", "integer", (c) => c.notNull())
    .addColumn("editable_name", "text", (c) => c.notNull())
    .addColumn("updated_by", "integer", (c) => c.references("users.id"))
    .addColumn("updated_at", "text", (c) => c.notNull())
    .addPrimaryKeyConstraint("report_field_overrides_pk", ["group_id", "field_id"])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("report_field_overrides").execute();
  await db.schema.dropTable("report_permissions").execute();
  await db.schema.dropTable("report_filter_defaults").execute();
  await db.schema.dropTable("report_favourites").execute();
  await db.schema.dropTable("reports").execute();
}
