// Expenses and budgets (issue 14; part 1 §3 Budget edit and expense budget search, §4 budget row,
// §6 deletion rules, §7 editBudget / budget spend remaining; part 2 §3 Expense, Bill, §4 approval).
// - budget_groups.budget_type: H (hard, the default) or S (soft: an amount outside min/max is a
//   warning the editor confirms instead of an error).
// - move_budget_edits: HR's edit of one employee's budget per move, move stage and budget group
//   (the last word over the policy version's budget and the wizard's stage-3 override), and whether
//   the employee sees it (budgetSeenByEmployee). One row per (move, stage, group).
// - expenses: what an employee submits against a service and move stage; finance (bill approval)
//   takes them as they are: net / tax / gross in the expense's currency, the gross converted into the
//   budget's currency with the rate used, spend category, internal notes, hold reason, rejection,
//   `version` for optimistic concurrency. `request_id` makes a repeated submission one row.
// Money: integer minor units of the named currency. Timestamps ISO-8601 UTC text.
// Frozen: imports nothing from src/.
import { PostgresAdapter, type ColumnDefinitionBuilder, type Kysely } from "kysely";

function idColumn(db: Kysely<any>) {
  const pg = db.getExecutor().adapter instanceof PostgresAdapter;
  return (c: ColumnDefinitionBuilder) =>
    pg ? c.primaryKey().generatedByDefaultAsIdentity() : c.primaryKey().autoIncrement();
}

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("budget_groups").addColumn("budget_type", "text", (c) => c.notNull().defaultTo("H")).execute();

  await db.schema
    .createTable("move_budget_edits")
    .addColumn("id", "integer", idColumn(db))
    .addColumn("group_id", "integer", (c) => c.notNull().references("groups.id").onDelete("cascade"))
    .addColumn("move_id", "integer", (c) => c.notNull().references("moves.id").onDelete("cascade"))
    .addColumn("move_stage", "integer", (c) => c.notNull())
    .addColumn("group_number", "integer", (c) => c.notNull())
    .addColumn("currency", "text", (c) => c.notNull())
    .addColumn("amount", "integer", (c) => c.notNull())
    .addColumn("seen_by_employee", "integer", (c) => c.notNull().defaultTo(1))
    .addColumn("updated_by", "integer", (c) => c.references("users.id").onDelete("set null"))
    .addColumn("updated_at", "text", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("move_budget_edits_uq").on("move_budget_edits").columns(["move_id", "move_stage", "group_number"]).unique().execute();

  await db.schema
    .createTable("expenses")
    .addColumn("id", "integer", idColumn(db))
    .addColumn("group_id", "integer", (c) => c.notNull().references("groups.id").onDelete("cascade"))
    .addColumn("move_id", "integer", (c) => c.notNull().references("moves.id").onDelete("cascade"))
    .addColumn("employee_user_id", "integer", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("service_key", "text", (c) => c.notNull())
    .addColumn("move_stage", "integer", (c) => c.notNull())
    /** 1–20, or 99 when the service has no budget group. */
    .addColumn("budget_group", "integer", (c) => c.notNull())
    .addColumn("category", "text", (c) => c.notNull())
    .addColumn("category_other", "text")
    .addColumn("description", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("expense_date", "text", (c) => c.notNull())
    .addColumn("currency", "text", (c) => c.notNull())
    .addColumn("net_amount", "integer", (c) => c.notNull())
    .addColumn("tax_amount", "integer", (c) => c.notNull())
    .addColumn("gross_amount", "integer", (c) => c.notNull())
    /** The budget's currency (null when the service has no budget) and the gross converted into it. */
    .addColumn("budget_currency", "text")
    .addColumn("budget_amount", "integer")
    .addColumn("exchange_rate", "text")
    .addColumn("receipt_file_id", "integer", (c) => c.references("employee_files.id").onDelete("set null"))
    /** SUBMITTED, SUBMITTED_WITHOUT_RECEIPT, IN_PROCESS, APPROVED, REJECTED, PAID. */
    .addColumn("status", "text", (c) => c.notNull())
    .addColumn("hold_reason", "text")
    .addColumn("internal_notes", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("spend_category_id", "integer")
    .addColumn("rejection_reason", "text")
    .addColumn("version", "integer", (c) => c.notNull().defaultTo(1))
    .addColumn("request_id", "text")
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("updated_at", "text", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("expenses_move_idx").on("expenses").columns(["move_id", "move_stage", "budget_group"]).execute();
  await db.schema.createIndex("expenses_group_status_idx").on("expenses").columns(["group_id", "status"]).execute();
  await db.schema.createIndex("expenses_request_uq").on("expenses").columns(["employee_user_id", "request_id"]).unique().execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("expenses").execute();
  await db.schema.dropTable("move_budget_edits").execute();
  await db.schema.alterTable("budget_groups").dropColumn("budget_type").execute();
}
