import { mkdirSync } from "node:fs";
import { dirname } from "node:path";
import { Kysely, PostgresDialect, SqliteDialect } from "kysely";
import type Pg from "pg";
import { openBunSqlite } from "./bun-sqlite-dialect.ts";
import { registerPool } from "./prepared.ts";
import type { Database } from "./schema.ts";

export type { DB, Dialect } from "./types.ts";
import type { DB, Dialect } from "./types.ts";

export type OpenedDatabase = { db: DB; dialect: Dialect; close: () => Promise<void> };

export function dialectOf(url: string): Dialect {
  return /^postgres(ql)?:\/\//.test(url) ? "postgres" : "sqlite";
}

/** The PostgreSQL driver, loaded only when a PostgreSQL database is opened (a SQLite start never pays for it). */
const loadPg = (): typeof Pg => require("pg");

/** bigint (int8) and numeric come back from pg as strings; our counts and sums fit in a double. */
const pgTypesOf = (pg: typeof Pg) => ({
  getTypeParser(oid: number, format?: "text" | "binary") {
    if (oid === 20) return (value: string) => Number(value);
    return pg.types.getTypeParser(oid, format as "text");
  },
});

/**
 * Opens the database named by a DATABASE_URL: `postgres://…` for PostgreSQL,
 * otherwise a SQLite file path or `sqlite:` URL (`:memory:` works too).
 * `searchPath` confines a PostgreSQL connection to one schema (used by tests).
 */
export function openDatabase(url: string, options: { searchPath?: string; poolSize?: number } = {}): OpenedDatabase {
  if (dialectOf(url) === "postgres") {
    const pg = loadPg();
    const pool = new pg.Pool({
      connectionString: url,
      max: options.poolSize ?? 10,
      types: pgTypesOf(pg),
      ...(options.searchPath ? { options: `-c search_path=${options.searchPath}` } : {}),
    });
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
    // executePrepared (prepared.ts) runs hot selects as named statements on this pool's connections.
    registerPool(db, pool);
    return { db, dialect: "postgres", close: () => db.destroy() };
  }
  const file = url.replace(/^sqlite:(\/\/)?/, "");
  if (file !== ":memory:") mkdirSync(dirname(file), { recursive: true });
  const sqlite = openBunSqlite(file);
  const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: sqlite }) });
  return { db, dialect: "sqlite", close: () => db.destroy() };
}
