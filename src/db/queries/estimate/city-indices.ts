/**
 * City cost-of-living and housing indices (city_indices): lookups by country and city key,
 * upserts, counts by source. No rules here: src/services/estimate/indices.ts validates imports.
 */
import type { Insertable, Selectable } from "kysely";
import type { DB } from "../../index.ts";
import { preparedQuery } from "../../prepared.ts";
import type { CityIndexTable } from "../../schema.ts";

export type CityIndexRow = Selectable<CityIndexTable>;
export type CityIndexSource = CityIndexTable["source"];
export type NewCityIndex = Omit<Insertable<CityIndexTable>, "id" | "city_key">;

/** The `city_key` of a city name: trimmed, inner spaces collapsed, lower-case, accents removed ("  Zürich " → "zurich"). */
export function cityKeyOf(name: string): string {
  return name
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .trim()
    .replace(/\s+/g, " ")
    .toLowerCase();
}

/** Keys a city may be stored under: the name itself, and with or without a trailing " city" ("New York" ↔ "New York City"). */
function candidateKeys(name: string): string[] {
  const key = cityKeyOf(name);
  if (key === "") return [];
  return key.endsWith(" city") ? [key, key.slice(0, -" city".length)] : [key, `${key} city`];
}

/** The index row of a city (by country code and city name, accents and case ignored), or undefined. */
export async function findCityIndex(db: DB, countryCode: string, cityName: string): Promise<CityIndexRow | undefined> {
  const keys = candidateKeys(cityName);
  if (keys.length === 0) return undefined;
  const rows = await db
    .selectFrom("city_indices")
    .selectAll()
    .where("country_code", "=", countryCode.trim().toUpperCase())
    .where("city_key", "in", keys)
    .execute();
  // The exact key first, then the " city" variant.
  return keys.map((k) => rows.find((r) => r.city_key === k)).find((r) => r !== undefined);
}

/** The index rows of several cities in one read, in the order asked (undefined where a city has none). */
export async function findCityIndexRows(db: DB, cities: { countryCode: string; cityName: string }[]): Promise<(CityIndexRow | undefined)[]> {
  const wanted = cities.map((c) => ({ country: c.countryCode.trim().toUpperCase(), keys: candidateKeys(c.cityName) }));
  const asked = wanted.filter((w) => w.keys.length > 0);
  if (asked.length === 0) return cities.map(() => undefined);
  // Bound as c0, c0k0, c0k1, c1, …: one compiled statement per number of cities (every name has two keys).
  const args: Record<string, string> = {};
  asked.forEach((w, i) => {
    args[`c${i}`] = w.country;
    w.keys.forEach((k, j) => (args[`c${i}k${j}`] = k));
  });
  const rows = await cityIndexRows(db, args);
  // Per city: the exact key first, then the " city" variant.
  return wanted.map((w) => w.keys.map((k) => rows.find((r) => r.country_code === w.country && r.city_key === k)).find((r) => r !== undefined));
}

const cityIndexRows = preparedQuery((db: DB, a: Record<string, string>) => {
  const countries = Object.keys(a).filter((k) => /^c\d+$/.test(k));
  return db
    .selectFrom("city_indices")
    .selectAll()
    .where((eb) =>
      eb.or(
        countries.map((c) =>
          eb.and([
            eb("country_code", "=", a[c]!),
            eb(
              "city_key",
              "in",
              Object.keys(a).filter((k) => k.startsWith(`${c}k`)).map((k) => a[k]!),
            ),
          ]),
        ),
      ),
    );
});

export function findCityIndices(db: DB) {
  return db.selectFrom("city_indices").selectAll().orderBy("country_code").orderBy("city_key").execute();
}

/**
 * Inserts or replaces rows by (country code, city key) in one transaction: a row for a city that
 * exists (from the demo seed or an earlier import) takes its place. Returns the number written.
 */
export async function upsertCityIndices(db: DB, rows: readonly NewCityIndex[]): Promise<number> {
  if (rows.length === 0) return 0;
  return db.transaction().execute(async (trx) => upsertCityIndicesIn(trx, rows));
}

/** As `upsertCityIndices`, inside a transaction the caller already holds. */
export async function upsertCityIndicesIn(trx: DB, rows: readonly NewCityIndex[]): Promise<number> {
  // One row per city (the last wins): PostgreSQL refuses an upsert touching a row twice.
  const byKey = new Map<string, NewCityIndex & { city_key: string }>();
  for (const r of rows) {
    const row = { ...r, country_code: r.country_code.toUpperCase(), city_key: cityKeyOf(r.city_name) };
    byKey.delete(`${row.country_code}:${row.city_key}`);
    byKey.set(`${row.country_code}:${row.city_key}`, row);
  }
  const unique = [...byKey.values()];
  for (let i = 0; i < unique.length; i += 200) {
    const chunk = unique.slice(i, i + 200);
    await trx
      .insertInto("city_indices")
      .values(chunk)
      .onConflict((oc) =>
        oc.columns(["country_code", "city_key"]).doUpdateSet((eb) => ({
          city_name: eb.ref("excluded.city_name"),
          currency: eb.ref("excluded.currency"),
          col_index: eb.ref("excluded.col_index"),
          housing_index: eb.ref("excluded.housing_index"),
          monthly_rent: eb.ref("excluded.monthly_rent"),
          as_of: eb.ref("excluded.as_of"),
          source: eb.ref("excluded.source"),
          updated_at: eb.ref("excluded.updated_at"),
        })),
      )
      .execute();
  }
  return unique.length;
}

/** Number of rows per source (DEMO, IMPORT); a source without rows answers 0. */
export async function countCityIndicesBySource(db: DB): Promise<Record<CityIndexSource, number>> {
  const rows = await db
    .selectFrom("city_indices")
    .select(["source", (eb) => eb.fn.countAll<number>().as("n")])
    .groupBy("source")
    .execute();
  const counts: Record<CityIndexSource, number> = { DEMO: 0, IMPORT: 0 };
  for (const r of rows) counts[r.source] = Number(r.n);
  return counts;
}

/** Whether the table holds any row (the demo seed runs only on an empty table). */
export async function hasCityIndices(db: DB): Promise<boolean> {
  return (await db.selectFrom("city_indices").select("id").limit(1).executeTakeFirst()) !== undefined;
}

/** When imported rows were last written (the newest `updated_at` of an IMPORT row), or null. */
export async function lastImportAt(db: DB): Promise<string | null> {
  const row = await db
    .selectFrom("city_indices")
    .select((eb) => eb.fn.max("updated_at").as("at"))
    .where("source", "=", "IMPORT")
    .executeTakeFirst();
  return row?.at ?? null;
}

/**
 * Drops the uploaded file from the payload of finished jobs of `kind` (their result stays), so
 * only the newest upload is stored.
 */
export async function pruneFinishedJobPayloads(db: DB, kind: string): Promise<void> {
  await db
    .updateTable("jobs")
    .set({ payload: JSON.stringify({ pruned: true }) })
    .where("kind", "=", kind)
    .where("status", "in", ["DONE", "FAILED"])
    .where("payload", "not like", '{"pruned"%')
    .execute();
}
