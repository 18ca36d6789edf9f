import type { CompiledQuery, Compilable } from "kysely";
import type Pg from "pg";
import type { DB } from "./types.ts";

type Param = string | number | null;
const SENTINEL = "\u0000meridian-param:";

/**
 * A query compiled once per database handle and shape, then run with new parameter values.
 * Kysely builds and compiles a query on every call, which on a hot path (the session read every
 * authenticated request makes, the people list) costs more than SQLite running it.
 *
 * `build` receives stand-ins for the values: it may branch on whether a value is null (each
 * combination is compiled once) but never on the value itself, and it must bind each value as
 * it is (compute derived values, such as a LIKE pattern, before calling). Transactions get their
 * own handle and so their own compile.
 */
export function preparedQuery<A extends Record<string, Param>, R>(build: (db: DB, args: A) => Compilable<R>) {
  const cache = new WeakMap<DB, Map<string, CompiledQuery<R>>>();
  return async (db: DB, args: A): Promise<R[]> => {
    const keys = Object.keys(args);
    const shape = keys.map((k) => (args[k] === null ? "0" : "1")).join("");
    let byShape = cache.get(db);
    if (!byShape) cache.set(db, (byShape = new Map()));
    let compiled = byShape.get(shape);
    if (!compiled) {
      const standIns = Object.fromEntries(keys.map((k) => [k, args[k] === null ? null : `${SENTINEL}${k}`])) as A;
      compiled = build(db, standIns).compile();
      byShape.set(shape, compiled);
    }
    const parameters = compiled.parameters.map((p) =>
      typeof p === "string" && p.startsWith(SENTINEL) ? args[p.slice(SENTINEL.length)] : p,
    );
    const result = await db.executeQuery<R>({ ...compiled, parameters });
    return result.rows;
  };
}

/** The pool behind each PostgreSQL handle that openDatabase made (not its transactions: they are other handles). */
const poolOf = new WeakMap<DB, PgPool>();

type PgPool = Pg.Pool;

/** openDatabase registers the pool of a PostgreSQL handle, for `executePrepared`. */
export function registerPool(db: DB, pool: PgPool): void {
  poolOf.set(db, pool);
}

const statementNames = new Map<string, string>();

/** A stable name per statement text (the same text always gets the same name, on every connection). */
function statementName(text: string): string {
  let name = statementNames.get(text);
  if (!name) {
    name = `m${Bun.hash(text).toString(36)}_${text.length.toString(36)}`;
    statementNames.set(text, name);
  }
  return name;
}

/**
 * Runs a compiled select, on PostgreSQL as a server-side prepared statement (a named statement, parsed and
 * planned once per pooled connection, then only bound and executed: the dashboard's statements cost more to
 * plan than to run). A transaction handle (or any other handle, e.g. one with plugins) runs it as a plain
 * statement on itself, as does SQLite, whose adapter already keeps a prepared statement per SQL text
 * (bun-sqlite-dialect.ts).
 *
 * A named statement outlives schema changes on its connection: PostgreSQL re-plans it by itself, but refuses
 * it when its result columns changed ("cached plan must not change result type") or when it was deallocated
 * ("prepared statement … does not exist"); then it is deallocated on that connection and run once more
 * (outside a transaction: this path never runs in one).
 */
export async function executePrepared<R>(db: DB, compiled: CompiledQuery<R>): Promise<R[]> {
  const pool = poolOf.get(db);
  if (!pool) return (await db.executeQuery<R>(compiled)).rows;
  const name = statementName(compiled.sql);
  const values = [...compiled.parameters];
  const client = await pool.connect();
  let broken: Error | undefined;
  try {
    try {
      return (await client.query({ name, text: compiled.sql, values })).rows as R[];
    } catch (error) {
      if (!isStalePrepared(error)) throw error;
      await client.query(`deallocate ${name}`).catch(() => undefined);
      // pg remembers which names it parsed on the connection (not in its types): forget this one.
      const parsed = (client as unknown as { connection?: { parsedStatements?: Record<string, string> } }).connection?.parsedStatements;
      if (parsed) delete parsed[name];
      return (await client.query({ name, text: compiled.sql, values })).rows as R[];
    }
  } catch (error) {
    // A failed connection is not returned to the pool.
    if (!(error as { code?: string }).code) broken = error as Error;
    throw error;
  } finally {
    client.release(broken);
  }
}

/** PostgreSQL's errors for a named statement that must be prepared again. */
function isStalePrepared(error: unknown): boolean {
  const e = error as { code?: string; message?: string };
  return e.code === "26000" || (e.code === "0A000" && /cached plan must not change result type/.test(e.message ?? ""));
}
