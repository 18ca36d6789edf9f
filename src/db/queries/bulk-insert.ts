/**
 * Multi-row inserts for batched writes (the bulk employee import): many rows per statement, and the
 * statement's text built once per table, columns and row count instead of by Kysely's builder for every
 * statement (building and compiling a 500-row insert costs more than the database running it). The
 * rows are the same objects a single-row `insertInto(table).values(row)` takes.
 *
 * SQLite: `insert … values (?, …), (?, …)`, each value a bound parameter. PostgreSQL: one array
 * parameter per column, `insert … select * from unnest($1::int4[], $2::text[], …)`, so the server
 * parses a short statement instead of thousands of parameters (the column types are read once per
 * table from information_schema).
 */
import { CompiledQuery, sql, type Insertable, type Selectable } from "kysely";
import type { DB } from "../index.ts";
import { isPostgres } from "../locks.ts";
import type { Database } from "../schema.ts";

/** Bound parameters per statement: under SQLite's 32 766 and PostgreSQL's 65 535. */
const MAX_PARAMETERS = 30_000;
/** Rows per statement at most. */
const MAX_ROWS = 500;

const texts = new Map<string, string>();
const quote = (name: string) => `"${name.replaceAll('"', '""')}"`;

/** PostgreSQL: each column's type name (udt_name: int4, text, …), once per table. */
const columnTypes = new Map<string, Map<string, string>>();
async function typesOf(db: DB, table: string): Promise<Map<string, string>> {
  let types = columnTypes.get(table);
  if (!types) {
    const rows = await sql<{ column_name: string; udt_name: string }>`select column_name, udt_name from information_schema.columns where table_schema = current_schema() and table_name = ${table}`.execute(db);
    types = new Map(rows.rows.map((r) => [r.column_name, r.udt_name]));
    columnTypes.set(table, types);
  }
  return types;
}

function unnestText(table: string, columns: string[], types: Map<string, string>, returning: readonly string[]): string {
  const arrays = columns.map((c, i) => {
    const type = types.get(c);
    if (!type || !/^[a-z0-9_]+$/.test(type)) throw new Error(`insertRows ${table}: no type for ${c}`);
    return `$${i + 1}::${type}[]`;
  });
  const back = returning.length > 0 ? ` returning ${returning.map(quote).join(", ")}` : "";
  return `insert into ${quote(table)} (${columns.map(quote).join(", ")}) select * from unnest(${arrays.join(", ")})${back}`;
}

function statementText(pg: boolean, table: string, columns: string[], rows: number, returning: readonly string[]): string {
  const key = `${pg ? "pg" : "sqlite"}\u0000${table}\u0000${columns.join(",")}\u0000${rows}\u0000${returning.join(",")}`;
  let text = texts.get(key);
  if (text === undefined) {
    let n = 0;
    const tuple = () => `(${columns.map(() => (pg ? `$${++n}` : "?")).join(", ")})`;
    const values = Array.from({ length: rows }, tuple).join(", ");
    const back = returning.length > 0 ? ` returning ${returning.map(quote).join(", ")}` : "";
    text = `insert into ${quote(table)} (${columns.map(quote).join(", ")}) values ${values}${back}`;
    texts.set(key, text);
  }
  return text;
}

/**
 * Inserts `rows` (each with the same columns, none undefined) into `table`, as many per statement as the
 * parameter limit allows; answers the `returning` columns of every row inserted (in no promised order:
 * match them to the rows by a unique column).
 */
export async function insertRows<T extends keyof Database & string, R extends keyof Selectable<Database[T]> & string = never>(
  db: DB,
  table: T,
  rows: Insertable<Database[T]>[],
  returning: readonly R[] = [],
): Promise<Pick<Selectable<Database[T]>, R>[]> {
  if (rows.length === 0) return [];
  const columns = Object.keys(rows[0]!);
  const pg = isPostgres(db);
  const types = pg ? await typesOf(db, table) : null;
  const perStatement = Math.max(1, Math.min(MAX_ROWS, Math.floor(MAX_PARAMETERS / columns.length)));
  const out: Pick<Selectable<Database[T]>, R>[] = [];
  for (let start = 0; start < rows.length; start += perStatement) {
    const part = rows.slice(start, start + perStatement);
    if (types) {
      const arrays: unknown[][] = columns.map(() => []);
      for (const row of part) {
        const record = row as Record<string, unknown>;
        if (Object.keys(record).length !== columns.length) throw new Error(`insertRows ${table}: rows with different columns`);
        columns.forEach((column, i) => {
          const value = record[column];
          if (value === undefined) throw new Error(`insertRows ${table}: ${column} is undefined`);
          arrays[i]!.push(value);
        });
      }
      const query: CompiledQuery<Pick<Selectable<Database[T]>, R>> = { ...CompiledQuery.raw(unnestText(table, columns, types, returning)), parameters: arrays };
      out.push(...(await db.executeQuery(query)).rows);
      continue;
    }
    const parameters: unknown[] = [];
    for (const row of part) {
      const record = row as Record<string, unknown>;
      if (Object.keys(record).length !== columns.length) throw new Error(`insertRows ${table}: rows with different columns`);
      for (const column of columns) {
        const value = record[column];
        if (value === undefined) throw new Error(`insertRows ${table}: ${column} is undefined`);
        parameters.push(value);
      }
    }
    // `CompiledQuery.raw` freezes its parameter array, which in JavaScriptCore costs more for a long
    // array than the insert itself: the same query with the array as it is.
    const query: CompiledQuery<Pick<Selectable<Database[T]>, R>> = { ...CompiledQuery.raw(statementText(pg, table, columns, part.length, returning)), parameters };
    const result = await db.executeQuery(query);
    out.push(...result.rows);
  }
  return out;
}
