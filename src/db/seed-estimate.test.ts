import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { countCityIndicesBySource, findCityIndex, findCityIndices } from "./queries/estimate/city-indices.ts";
import { seedAll } from "./seed.ts";
import { DEMO_CITY_INDICES, DEMO_INDEX_AS_OF, seedDemoCityIndices } from "./seed-estimate.ts";
import { isCurrencyCode, minorUnitsOf } from "../domain/money/money.ts";
import { createTestDatabase, type TestDatabase } from "../test/db.ts";

describe("seedDemoCityIndices on the full demo (wizard moves included)", () => {
  let t: TestDatabase;
  beforeAll(async () => {
    // The demo countries' reference cities, so the moves carry the names the reference data spells.
    t = await createTestDatabase({ wizardDemo: true, reference: { cities: ["GB", "US", "DE", "FR", "SG", "CA", "AU", "NL", "CH", "IE", "LU"] } });
  }, 60_000);
  afterAll(() => t.close());

  test("every demo row: DEMO, as of 2026-01-01, a known currency, positive indices and rent in minor units", async () => {
    const rows = await findCityIndices(t.db);
    expect(rows).toHaveLength(DEMO_CITY_INDICES.length);
    for (const r of rows) {
      expect(r.source).toBe("DEMO");
      expect(r.as_of).toBe(DEMO_INDEX_AS_OF);
      expect(isCurrencyCode(r.currency)).toBe(true);
      expect(Number(r.col_index)).toBeGreaterThan(0);
      expect(Number(r.housing_index)).toBeGreaterThan(0);
      expect(Number.isSafeInteger(r.monthly_rent) && r.monthly_rent > 0).toBe(true);
    }
    // Base 100 = New York City; rents in minor units of the local currency.
    expect(await findCityIndex(t.db, "US", "New York City")).toMatchObject({ col_index: "100", housing_index: "100", monthly_rent: 750_000 });
    expect(await findCityIndex(t.db, "JP", "Tokyo")).toMatchObject({ monthly_rent: 450_000 * 10 ** minorUnitsOf("JPY") });
    expect(await findCityIndex(t.db, "KR", "Seoul")).toMatchObject({ monthly_rent: 2_800_000 });
  });

  test("every city a demo move starts from or goes to has an index row", async () => {
    const moves = await t.db
      .selectFrom("moves")
      .select(["origin_country_code", "origin_city_name", "destination_country_code", "destination_city_name"])
      .execute();
    const places = new Set<string>();
    for (const m of moves) {
      if (m.origin_country_code && m.origin_city_name) places.add(`${m.origin_country_code}|${m.origin_city_name}`);
      if (m.destination_country_code && m.destination_city_name) places.add(`${m.destination_country_code}|${m.destination_city_name}`);
    }
    expect(places.size).toBeGreaterThan(5);
    const missing: string[] = [];
    for (const place of places) {
      const [country, city] = place.split("|") as [string, string];
      if (!(await findCityIndex(t.db, country, city))) missing.push(place);
    }
    expect(missing).toEqual([]);
  });

  test("idempotent: seeding again (directly or through seedAll) adds and changes nothing", async () => {
    const before = await findCityIndices(t.db);
    expect(await seedDemoCityIndices(t.db)).toBe(false);
    await seedAll(t.db, { demo: true, reference: { cities: "none" } });
    expect(await findCityIndices(t.db)).toEqual(before);
  });

  test("a table holding imported rows only is left alone", async () => {
    await t.db.deleteFrom("city_indices").where("source", "=", "DEMO").execute();
    await t.db
      .insertInto("city_indices")
      .values({ country_code: "GB", city_name: "London", city_key: "london", currency: "GBP", col_index: "90", housing_index: "80", monthly_rent: 500_000, as_of: "2026-06-01", source: "IMPORT", updated_at: new Date().toISOString() })
      .execute();
    expect(await seedDemoCityIndices(t.db)).toBe(false);
    expect(await countCityIndicesBySource(t.db)).toEqual({ DEMO: 0, IMPORT: 1 });
  });
});

describe("without the demo (SEED_DEMO=0)", () => {
  let t: TestDatabase;
  beforeAll(async () => {
    t = await createTestDatabase({ demo: false });
  }, 60_000);
  afterAll(() => t.close());

  test("no index rows are seeded", async () => {
    expect(await countCityIndicesBySource(t.db)).toEqual({ DEMO: 0, IMPORT: 0 });
  });
});
