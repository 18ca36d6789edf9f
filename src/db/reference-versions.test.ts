import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import type { KyselyPlugin, PluginTransformQueryArgs, PluginTransformResultArgs, QueryResult, RootOperationNode, UnknownRow } from "kysely";
import { migrateToLatest } from "./migrate.ts";
import { readReferenceVersions, writeReferenceVersion } from "./reference-versions.ts";
import { seedAll } from "./seed.ts";
import { en } from "../domain/i18n/en.ts";
import type { DB } from "./index.ts";
import type { Database } from "./schema.ts";
import { createTestDatabase, type TestDatabase } from "../test/db.ts";

async function countRows(db: DB, table: keyof Database): Promise<number> {
  const row = await db.selectFrom(table).select((eb) => eb.fn.countAll<number>().as("n")).executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Counts the statements run through the wrapped handle. */
class QueryCounter implements KyselyPlugin {
  count = 0;
  transformQuery(args: PluginTransformQueryArgs): RootOperationNode {
    return args.node;
  }
  async transformResult(args: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
    this.count++;
    return args.result;
  }
}

const SEED = { demo: true, reference: { cities: ["GB", "LU"] }, wizardDemo: false } as const;
const KEY = "login.title";

describe("reference data versions: what a start re-seeds", () => {
  let t: TestDatabase;
  beforeAll(async () => {
    t = await createTestDatabase({ wizardDemo: false, reference: { cities: ["GB", "LU"] } });
  });
  afterAll(() => t.close());

  test("a seeded database records a version of every set", async () => {
    const versions = await readReferenceVersions(t.db);
    expect([...versions.keys()].sort()).toEqual(["demo", "geography", "policy-catalogue", "report-catalogue", "translations"]);
    for (const v of versions.values()) expect(v.length).toBeGreaterThan(0);
  });

  test("a second start re-seeds nothing: one read of the versions table", async () => {
    const counter = new QueryCounter();
    expect(await seedAll(t.db.withPlugin(counter), SEED)).toEqual([]);
    expect(counter.count).toBe(1);
  });

  test("a set is not re-checked while its version is unchanged (a deleted text stays deleted)", async () => {
    await t.db.deleteFrom("translations").where("msg_key", "=", KEY).where("group_id", "is", null).execute();
    expect(await seedAll(t.db, SEED)).toEqual([]);
    expect(await t.db.selectFrom("translations").select("msg_key").where("msg_key", "=", KEY).executeTakeFirst()).toBeUndefined();
  });

  test("a changed version re-seeds that set only: missing rows come back, edited rows are kept", async () => {
    await t.db.updateTable("translations").set({ msg_value: "Edited by an admin" }).where("msg_key", "=", "login.signIn").execute();
    await writeReferenceVersion(t.db, "translations", "an earlier release");
    const before = await countRows(t.db, "translations");
    expect(await seedAll(t.db, SEED)).toEqual(["translations"]);
    expect(await countRows(t.db, "translations")).toBe(before + 1);
    const rows = await t.db.selectFrom("translations").select(["msg_key", "msg_value"]).where("msg_key", "in", [KEY, "login.signIn"]).orderBy("msg_key").execute();
    expect(rows).toEqual([
      { msg_key: "login.signIn", msg_value: "Edited by an admin" },
      { msg_key: KEY, msg_value: en[KEY] },
    ]);
    expect((await readReferenceVersions(t.db)).get("translations")).not.toBe("an earlier release");
    expect(await seedAll(t.db, SEED)).toEqual([]);
  });

  test("a changed geography version tops up missing states and currencies without duplicating the rest", async () => {
    const state = await t.db.selectFrom("states").select(["country_code", "code"]).where("country_code", "=", "FR").orderBy("code").executeTakeFirstOrThrow();
    await t.db.deleteFrom("states").where("country_code", "=", state.country_code).where("code", "=", state.code).execute();
    await t.db.deleteFrom("currencies").where("code", "=", "XTS").execute();
    const counts = async () => ({
      countries: await countRows(t.db, "countries"),
      states: await countRows(t.db, "states"),
      cities: await countRows(t.db, "cities"),
      currencies: await countRows(t.db, "currencies"),
      rates: await countRows(t.db, "exchange_rates"),
    });
    const before = await counts();
    await writeReferenceVersion(t.db, "geography", "country-state-city 0.0.1");
    expect(await seedAll(t.db, SEED)).toEqual(["geography"]);
    expect(await counts()).toEqual({ ...before, states: before.states + 1, currencies: before.currencies + 1 });
  });

  test("more cities asked for than the last start wrote: the new country's cities are added", async () => {
    const lu = await t.db.selectFrom("cities").select("id").where("country_code", "=", "LU").execute();
    const be = await t.db.selectFrom("cities").select("id").where("country_code", "=", "BE").execute();
    expect(lu.length).toBeGreaterThan(0);
    expect(be).toHaveLength(0);
    expect(await seedAll(t.db, { ...SEED, reference: { cities: ["GB", "LU", "BE"] } })).toEqual(["geography"]);
    expect((await t.db.selectFrom("cities").select("id").where("country_code", "=", "BE").execute()).length).toBeGreaterThan(0);
    expect(await t.db.selectFrom("cities").select("id").where("country_code", "=", "LU").execute()).toHaveLength(lu.length);
  });

  test("the demo runs again when the wizard demo is asked for later (and adds it once)", async () => {
    // The cities the previous test asked for, so only the demo differs.
    const seed = { ...SEED, reference: { cities: ["GB", "LU", "BE"] }, wizardDemo: true };
    const forms = await countRows(t.db, "form_sections");
    // With the wizard's moves, the finance demo month (its own step) runs too, once.
    expect(await seedAll(t.db, seed)).toEqual(["demo", "demo-finance"]);
    const withWizard = await countRows(t.db, "form_sections");
    expect((await t.db.selectFrom("bills").select("id").execute()).length).toBeGreaterThan(0);
    expect(withWizard).toBeGreaterThan(forms);
    expect(await seedAll(t.db, seed)).toEqual([]);
    expect(await countRows(t.db, "form_sections")).toBe(withWizard);
  });

  test("an up-to-date database: migrateToLatest reads the migration table once (SQLite) and applies nothing", async () => {
    const counter = new QueryCounter();
    expect(await migrateToLatest(t.db.withPlugin(counter))).toEqual([]);
    if (t.dialect === "sqlite") expect(counter.count).toBe(1);
  });
});
