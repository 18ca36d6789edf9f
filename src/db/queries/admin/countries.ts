import type { DB } from "../../index.ts";

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

const stateNames = new WeakMap<DB, Promise<Map<string, string>>>();

/** State and region names by `country:code` (`GB:ENG` → England), read once per handle like the country names. */
export function stateNamesOf(db: DB): Promise<Map<string, string>> {
  let cached = stateNames.get(db);
  if (!cached) {
    cached = db
      .selectFrom("states")
      .select(["country_code", "code", "name"])
      .execute()
      .then((rows) => new Map(rows.map((r) => [`${r.country_code}:${r.code}`, r.name])));
    cached.catch(() => stateNames.delete(db));
    stateNames.set(db, cached);
  }
  return cached;
}

/** The name people read for a state or region code of a country (the code itself when unknown). */
export function stateNameIn(names: Map<string, string>, countryCode: string | null | undefined, code: string | null | undefined): string | null {
  if (!code) return null;
  return (countryCode ? names.get(`${countryCode}:${code}`) : undefined) ?? code;
}

/** Drops the cached names of `db` (after the seed wrote countries and states). */
export function forgetCountryNames(db: DB): void {
  names.delete(db);
  stateNames.delete(db);
}
