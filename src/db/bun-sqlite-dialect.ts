import { Database as BunDatabase, type SQLQueryBindings, type Statement } from "bun:sqlite";
import type { SqliteDatabase, SqliteStatement } from "kysely";

/**
 * Adapts bun:sqlite to the small interface Kysely's SqliteDialect expects.
 * better-sqlite3 is not usable here (it crashes under the Node 20 ABI), and bun:sqlite is built in.
 */
function toBindings(parameters: ReadonlyArray<unknown>): SQLQueryBindings[] {
  return parameters.map((p) => {
    if (typeof p === "boolean") return p ? 1 : 0;
    if (p instanceof Date) return p.toISOString();
    return p as SQLQueryBindings;
  });
}

/** Prepared statements are kept per SQL text (Kysely emits a small, stable set), least recently used evicted first. */
const STATEMENT_CACHE_SIZE = 500;

export function openBunSqlite(filename: string): SqliteDatabase & { raw: BunDatabase } {
  const raw = new BunDatabase(filename, { create: true });
  raw.exec("PRAGMA journal_mode = WAL");
  raw.exec("PRAGMA foreign_keys = ON");
  raw.exec("PRAGMA busy_timeout = 5000");
  raw.exec("PRAGMA synchronous = NORMAL");
  const cache = new Map<string, { statement: Statement; reader: boolean }>();

  function statementFor(sql: string): { statement: Statement; reader: boolean } {
    const hit = cache.get(sql);
    if (hit) {
      cache.delete(sql);
      cache.set(sql, hit);
      return hit;
    }
    const statement = raw.prepare(sql);
    const entry = { statement, reader: statement.columnNames.length > 0 };
    cache.set(sql, entry);
    if (cache.size > STATEMENT_CACHE_SIZE) {
      const oldest = cache.keys().next().value as string;
      cache.get(oldest)?.statement.finalize();
      cache.delete(oldest);
    }
    return entry;
  }

  return {
    raw,
    close() {
      for (const entry of cache.values()) entry.statement.finalize();
      cache.clear();
      raw.close();
    },
    prepare(sql: string): SqliteStatement {
      const { statement, reader } = statementFor(sql);
      return {
        reader,
        all(parameters) {
          return statement.all(...toBindings(parameters));
        },
        run(parameters) {
          const result = statement.run(...toBindings(parameters));
          return { changes: result.changes, lastInsertRowid: result.lastInsertRowid };
        },
        iterate(parameters) {
          return statement.iterate(...toBindings(parameters)) as IterableIterator<unknown>;
        },
      };
    },
  };
}
