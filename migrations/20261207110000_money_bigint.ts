// Every money column is 64-bit on both databases (issue 23 item 3). The finance tables were created
// with bigint; these money columns of other areas were still `integer`, which PostgreSQL makes 32-bit
// (an expense or a quote past 21,474,836.47 failed there and was stored on SQLite). SQLite's INTEGER
// is already 64-bit, so there this migration changes nothing. Inputs stay bounded by the money
// module's one upper bound (9,999,999,999,999 minor units), the same on both databases.
// src/db/money-columns.test.ts reads information_schema and fails on any money-named 32-bit column.
// Frozen: imports nothing from src/.
import { PostgresAdapter, type Kysely } from "kysely";

/** table → its money columns (integer minor units) that were 32-bit on PostgreSQL. */
const MONEY_COLUMNS: Record<string, string[]> = {
  budget_group_rates: ["amount"],
  budgets: ["amount", "min_amount", "max_amount"],
  city_indices: ["monthly_rent"],
  cost_estimates: ["annual_salary_amount", "total_minor"],
  expenses: ["gross_amount", "net_amount", "tax_amount", "budget_amount"],
  move_budget_edits: ["amount"],
  move_budget_overrides: ["amount"],
  move_service_overrides: ["amount"],
  policy_services: ["amount", "min_amount", "max_amount"],
  supplier_quotes: ["amount"],
};

async function setType(db: Kysely<any>, type: "bigint" | "integer"): Promise<void> {
  if (!(db.getExecutor().adapter instanceof PostgresAdapter)) return;
  for (const [table, columns] of Object.entries(MONEY_COLUMNS)) {
    let alter = db.schema.alterTable(table) as any;
    for (const column of columns) alter = alter.alterColumn(column, (c: any) => c.setDataType(type));
    await alter.execute();
  }
}

export async function up(db: Kysely<any>): Promise<void> {
  await setType(db, "bigint");
}

export async function down(db: Kysely<any>): Promise<void> {
  await setType(db, "integer");
}
