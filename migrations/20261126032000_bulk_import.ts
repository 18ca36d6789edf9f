// Bulk employee import (issue 15; part 1 §1 "bulk/errorFile", §3 "Bulk job status", §4 bulk job states;
// part 2 §3 "Upload job", §7 get-status, download-input-file).
// The job itself is a `jobs` row (kind "bulk.employeeImport"); this table holds one result per data row
// of the spreadsheet: SUCCESS (the employee and move it created) or FAILED (its messages), plus its
// warnings. `(job_id, row_number)` is unique: it is the per-row idempotency key, so a job resumed after
// a restart (or a second worker after a lost lease) never imports a row twice.
// Timestamps: ISO-8601 UTC. Frozen: imports nothing from src/.
import { PostgresAdapter, type ColumnDefinitionBuilder, type Kysely } from "kysely";

function idColumn(db: Kysely<any>) {
  const pg = db.getExecutor().adapter instanceof PostgresAdapter;
  return (c: ColumnDefinitionBuilder) => (pg ? c.primaryKey().generatedByDefaultAsIdentity() : c.primaryKey().autoIncrement());
}

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("bulk_import_rows")
    .addColumn("id", "integer", idColumn(db))
    .addColumn("job_id", "text", (c) => c.notNull().references("jobs.id").onDelete("cascade"))
    .addColumn("group_id", "integer", (c) => c.notNull().references("groups.id").onDelete("cascade"))
    .addColumn("row_number", "integer", (c) => c.notNull())
    .addColumn("status", "text", (c) => c.notNull())
    .addColumn("employee_id", "integer")
    .addColumn("move_id", "integer")
    .addColumn("errors", "text", (c) => c.notNull().defaultTo("[]"))
    .addColumn("warnings", "text", (c) => c.notNull().defaultTo("[]"))
    .addColumn("summary", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("created_at", "text", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("bulk_import_rows_job_row_uq").on("bulk_import_rows").columns(["job_id", "row_number"]).unique().execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("bulk_import_rows").execute();
}
