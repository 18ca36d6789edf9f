import type { DB } from "../index.ts";

/**
 * Country names by ISO code, read once per database handle: countries are reference data that
 * only the seed writes (src/db/seed.ts, which forgets the cache of the handle it writes with).
 */
const names = new WeakMap<DB, Promise<Map<string, string>>>();

export function countryNamesOf(db: DB): Promise<Map<string, string>> {
  let cached = names.get(db);
  if (!cached) {
    cached = db
      .selectFrom("countries")
      .select(["code", "name"])
      .execute()
      .then((rows) => new Map(rows.map((r) => [r.code, r.name])));
    // A failed read is not remembered.
    cached.catch(() => names.delete(db));
    names.set(db, cached);
  }
  return cached;
}

/** Drops the cached names of `db` (after the seed wrote countries). */
export function forgetCountryNames(db: DB): void {
  names.delete(db);
}
