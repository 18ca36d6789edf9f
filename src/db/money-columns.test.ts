/**
 * Every money column is 64-bit (issue 23 item 3). On PostgreSQL `integer` is 32-bit: an amount past
 * 21,474,836.47 (2^31 minor units) failed there with a 500 while SQLite stored it. This test reads
 * the migrated schema's columns from information_schema and fails on any money-named column that is
 * not bigint. On SQLite INTEGER is always 64-bit: there it checks that every money-named column is
 * declared an integer type (not REAL or TEXT), so amounts stay whole minor units on both.
 */
import { expect, test } from "bun:test";
import { sql } from "kysely";
import { testDialect } from "../test/db.ts";
import { useTestDatabase } from "../test/fixtures.ts";

const t = useTestDatabase({ demo: false });

/** Column names that hold money (integer minor units). */
export const MONEY_COLUMN_PATTERNS = [/(^|_)amount(_|$)/, /(^|_)balance(_after)?$/, /(^|_)price(_|$)/, /salary/, /(^|_)rent$/, /_minor$/, /(^|_)(gross|net|tax|cost|total)$/];
/** Names matching a pattern that are not money, each with its reason. */
export const NOT_MONEY: Record<string, string> = {
  amount_can_be_negative: "a 0/1 flag of policy_services",
  price_level: "neighbourhoods' 1-4 price band, not an amount",
};

const isMoneyName = (name: string) => MONEY_COLUMN_PATTERNS.some((p) => p.test(name)) && !(name in NOT_MONEY);

type Column = { table: string; column: string; type: string };

async function columns(): Promise<Column[]> {
  if (testDialect() === "postgres") {
    const r = await sql<Column>`SELECT table_name AS "table", column_name AS "column", data_type AS "type" FROM information_schema.columns WHERE table_schema = current_schema()`.execute(t.db);
    return r.rows;
  }
  const tables = await sql<{ name: string }>`SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'`.execute(t.db);
  const out: Column[] = [];
  for (const { name } of tables.rows) {
    const info = await sql<{ name: string; type: string }>`SELECT name, type FROM pragma_table_info(${name})`.execute(t.db);
    for (const c of info.rows) out.push({ table: name, column: c.name, type: c.type.toLowerCase() });
  }
  return out;
}

test("every money-named column is a 64-bit integer", async () => {
  const all = await columns();
  const money = all.filter((c) => isMoneyName(c.column) && !c.table.startsWith("kysely_"));
  // The patterns find the columns this issue is about (a pattern that matched nothing would pass anything).
  const names = money.map((c) => `${c.table}.${c.column}`);
  for (const known of ["expenses.gross_amount", "supplier_quotes.amount", "budgets.max_amount", "cost_estimates.total_minor", "cost_estimates.annual_salary_amount", "city_indices.monthly_rent", "finance_entries.balance_after"]) {
    expect(names).toContain(known);
  }
  const wanted = testDialect() === "postgres" ? ["bigint"] : ["integer", "bigint"];
  // Text columns that carry an amount as text (none today) would be listed here too.
  const wrong = money.filter((c) => !wanted.includes(c.type) && c.type !== "text").map((c) => `${c.table}.${c.column} (${c.type})`);
  expect(wrong).toEqual([]);
});
