// Cost estimates (part 1 cost estimate): estimate versions per move (each save is a new version,
// the earlier ones kept as history), the stage-6 advanced inputs per move, persisted background
// jobs (async recalculation today; bulk imports and reports later), city cost-of-living and
// housing indices with their import state, per-group cost-estimate flags, and e-mail attachments
// recorded in the outbox. Frozen: imports nothing from src/.
import { PostgresAdapter, type ColumnDefinitionBuilder, type Kysely } from "kysely";

function idColumn(db: Kysely<any>) {
  const pg = db.getExecutor().adapter instanceof PostgresAdapter;
  return (c: ColumnDefinitionBuilder) =>
    pg ? c.primaryKey().generatedByDefaultAsIdentity() : c.primaryKey().autoIncrement();
}

const flag = (c: ColumnDefinitionBuilder) => c.notNull().defaultTo(0);

export async function up(db: Kysely<any>): Promise<void> {
  const id = idColumn(db);

  await db.schema.alterTable("groups").addColumn("cost_estimate_enabled", "integer", (c) => c.notNull().defaultTo(1)).execute();
  await db.schema.alterTable("groups").addColumn("cost_estimate_billing", "text", (c) => c.notNull().defaultTo("NOT_BILLABLE")).execute();
  await db.schema.alterTable("outbox").addColumn("attachments", "text", (c) => c.notNull().defaultTo("[]")).execute();
  await db.schema.alterTable("outbox").addColumn("cc_address", "text").execute();

  // Stage 6: the advanced inputs of a move (one row per move), JSON validated by the app's schema.
  await db.schema
    .createTable("move_estimate_details")
    .addColumn("move_id", "integer", (c) => c.primaryKey().references("moves.id").onDelete("cascade"))
    .addColumn("details", "text", (c) => c.notNull())
    .addColumn("updated_at", "text", (c) => c.notNull())
    .addColumn("updated_by", "integer", (c) => c.references("users.id").onDelete("set null"))
    .execute();

  await db.schema
    .createTable("cost_estimates")
    .addColumn("id", "integer", id)
    .addColumn("group_id", "integer", (c) => c.notNull().references("groups.id").onDelete("cascade"))
    .addColumn("move_id", "integer", (c) => c.notNull().references("moves.id").onDelete("cascade"))
    .addColumn("employee_user_id", "integer", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("version_number", "integer", (c) => c.notNull())
    // CURRENT (one per move), SUPERSEDED (history), DELETED (soft-deleted).
    .addColumn("status", "text", (c) => c.notNull())
    .addColumn("type", "text", (c) => c.notNull())
    .addColumn("years", "integer", (c) => c.notNull().defaultTo(1))
    .addColumn("display_currency", "text", (c) => c.notNull())
    .addColumn("secondary_display_currency", "text")
    .addColumn("tax_method", "text", (c) => c.notNull())
    .addColumn("tax_category", "text", (c) => c.notNull())
    .addColumn("tax_rate_override", "integer")
    .addColumn("annual_salary_amount", "integer")
    .addColumn("annual_salary_currency", "text")
    .addColumn("end_date", "text")
    .addColumn("is_approved", "integer", flag)
    .addColumn("approver_name", "text")
    .addColumn("approver_email", "text")
    .addColumn("approval_date", "text")
    // JSON: the overrides and custom items as saved, the advanced settings at computation time.
    .addColumn("overrides", "text", (c) => c.notNull().defaultTo("[]"))
    .addColumn("custom_items", "text", (c) => c.notNull().defaultTo("[]"))
    .addColumn("settings", "text", (c) => c.notNull().defaultTo("{}"))
    // JSON: the computed estimate and balance sheet (amounts in integer minor units).
    .addColumn("result", "text", (c) => c.notNull())
    .addColumn("balance_sheet", "text")
    .addColumn("total_minor", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("stage_action", "text")
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("created_by", "integer", (c) => c.references("users.id").onDelete("set null"))
    .addColumn("deleted_at", "text")
    .addUniqueConstraint("cost_estimates_version_unique", ["move_id", "version_number"])
    .execute();
  await db.schema.createIndex("cost_estimates_move_idx").on("cost_estimates").columns(["move_id", "status"]).execute();
  await db.schema.createIndex("cost_estimates_employee_idx").on("cost_estimates").column("employee_user_id").execute();

  // Persisted background jobs: claimed by an in-process worker, resumed after a restart.
  await db.schema
    .createTable("jobs")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("kind", "text", (c) => c.notNull())
    .addColumn("group_id", "integer", (c) => c.references("groups.id").onDelete("cascade"))
    .addColumn("created_by", "integer", (c) => c.references("users.id").onDelete("set null"))
    // PENDING, RUNNING, DONE, FAILED
    .addColumn("status", "text", (c) => c.notNull())
    .addColumn("payload", "text", (c) => c.notNull())
    .addColumn("result", "text")
    .addColumn("error", "text")
    .addColumn("attempts", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("total_count", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("success_count", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("failure_count", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("locked_until", "text")
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("updated_at", "text", (c) => c.notNull())
    .addColumn("finished_at", "text")
    .execute();
  await db.schema.createIndex("jobs_status_idx").on("jobs").columns(["status", "created_at"]).execute();

  // City cost-of-living and housing indices (base 100 = New York), from an import or the demo seed.
  await db.schema
    .createTable("city_indices")
    .addColumn("id", "integer", id)
    .addColumn("country_code", "text", (c) => c.notNull())
    .addColumn("city_name", "text", (c) => c.notNull())
    .addColumn("city_key", "text", (c) => c.notNull())
    .addColumn("currency", "text", (c) => c.notNull())
    // Decimal strings (e.g. "87.5").
    .addColumn("col_index", "text", (c) => c.notNull())
    .addColumn("housing_index", "text", (c) => c.notNull())
    // Typical monthly rent of a family home, minor units of `currency`.
    .addColumn("monthly_rent", "integer", (c) => c.notNull())
    .addColumn("as_of", "text", (c) => c.notNull())
    // DEMO or IMPORT
    .addColumn("source", "text", (c) => c.notNull())
    .addColumn("updated_at", "text", (c) => c.notNull())
    .addUniqueConstraint("city_indices_city_unique", ["country_code", "city_key"])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of ["city_indices", "jobs", "cost_estimates", "move_estimate_details"]) {
    await db.schema.dropTable(table).execute();
  }
  await db.schema.alterTable("outbox").dropColumn("cc_address").execute();
  await db.schema.alterTable("outbox").dropColumn("attachments").execute();
  await db.schema.alterTable("groups").dropColumn("cost_estimate_billing").execute();
  await db.schema.alterTable("groups").dropColumn("cost_estimate_enabled").execute();
}
