import type { CompiledQuery, Compilable } from "kysely";
import type { DB } from "./index.ts";

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
