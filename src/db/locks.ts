/**
 * Row locks for guarded writes (DESIGN.md "Data": a state change that may happen once is atomic on
 * both databases). Prefer a conditional update (`… where status = 'DRAFT'`, then check the row
 * count) or a unique index; lock a row first when a write has to read before it decides
 * (counts, "is there already one"), so parallel requests queue behind each other instead of all
 * reading the same old state.
 *
 * - PostgreSQL: `SELECT … FOR NO KEY UPDATE` holds the row until the transaction ends (it does not
 *   block inserts elsewhere that merely reference the row through a foreign key).
 * - SQLite: Kysely runs every transaction on the one connection behind a mutex, so a transaction
 *   already excludes every other statement of this process; the lock is a plain read there.
 *
 * Lock order: a transaction that takes more than one lock takes the owner first (group → policy →
 * policy version → move; group → benefit set), so two writers never wait on each other crosswise.
 *
 * Call inside `db.transaction()` and use only `trx` afterwards: a query on the outer handle would
 * wait for a second pool connection while holding the lock.
 */
import { PostgresAdapter, sql } from "kysely";
import type { DB } from "./index.ts";

export function isPostgres(db: DB): boolean {
  return db.getExecutor().adapter instanceof PostgresAdapter;
}

export type LockableTable =
  | "users"
  | "groups"
  | "moves"
  | "policies"
  | "policy_versions"
  | "cost_estimates"
  | "benefit_sets"
  | "employee_files"
  | "finance_accounts"
  | "bills"
  | "finance_items"
  | "expenses";

/** Locks one row until the transaction ends; answers whether it exists. */
export async function lockRow(trx: DB, table: LockableTable, id: number): Promise<boolean> {
  const lock = isPostgres(trx) ? sql` for no key update` : sql``;
  const result = await sql<{ id: number }>`select id from ${sql.table(table)} where id = ${id}${lock}`.execute(trx);
  return result.rows.length > 0;
}
