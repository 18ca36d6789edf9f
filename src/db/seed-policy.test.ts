import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import type { DB } from "./index.ts";
import { DEMO_POLICIES, SEED_BENEFIT_SETS, SEED_SPEND_CATEGORIES, seedPolicyCatalogue, seedPolicyDemo, seededFormulas } from "./seed-policy.ts";
import { BUDGET_CASH_OUT_CATEGORY_ID, SERVICE_CATALOGUE } from "../domain/policy/catalogue.ts";
import { checkFormula } from "../domain/policy/formula.ts";
import { validatePopupText } from "../domain/policy/popup.ts";
import { validateVersion } from "../domain/policy/validation.ts";
// The same snapshot the validation endpoint and release use.
import { loadVersionSnapshot } from "../services/policy/snapshot.ts";
import { createTestDatabase, type TestDatabase } from "../test/db.ts";

const CATALOGUE_TABLES = ["services", "service_attributes", "spend_categories", "benefit_sets", "benefit_options", "metadata_infos", "benefit_metadata"] as const;
const DEMO_TABLES = ["policies", "policy_versions", "policy_services", "budget_groups", "budgets", "policy_service_benefits", "group_tags", "policy_tags", "policy_popups", "moves"] as const;

async function count(db: DB, table: (typeof CATALOGUE_TABLES)[number] | (typeof DEMO_TABLES)[number]) {
  const row = await db.selectFrom(table).select((eb) => eb.fn.countAll<number>().as("n")).executeTakeFirstOrThrow();
  return Number(row.n);
}

describe("policy seed", () => {
  let t: TestDatabase;
  beforeAll(async () => {
    t = await createTestDatabase();
  });
  afterAll(() => t.close());

  test("the catalogue is complete and a second run adds nothing", async () => {
    const before = Object.fromEntries(await Promise.all(CATALOGUE_TABLES.map(async (table) => [table, await count(t.db, table)])));
    expect(before.services).toBe(SERVICE_CATALOGUE.length);
    expect(before.spend_categories).toBe(SEED_SPEND_CATEGORIES.length);
    expect(before.benefit_sets).toBe(SEED_BENEFIT_SETS.length);
    const started = performance.now();
    await seedPolicyCatalogue(t.db);
    expect(performance.now() - started).toBeLessThan(500);
    const after = Object.fromEntries(await Promise.all(CATALOGUE_TABLES.map(async (table) => [table, await count(t.db, table)])));
    expect(after).toEqual(before);
  });

  test("a missing row is topped up without touching the others", async () => {
    const set = await t.db.selectFrom("benefit_sets").selectAll().where("service_key", "=", "CITYGUIDE").where("group_id", "is", null).executeTakeFirstOrThrow();
    // Benefit sets in use by a policy cannot be deleted; delete an attribute and a leaf category instead.
    await t.db.deleteFrom("service_attributes").where("service_key", "=", "STORAGE").where("attr_key", "=", "months").execute();
    await t.db.deleteFrom("spend_categories").where("id", "=", 171).execute();
    await seedPolicyCatalogue(t.db);
    expect(await t.db.selectFrom("service_attributes").select("id").where("service_key", "=", "STORAGE").where("attr_key", "=", "months").executeTakeFirst()).toBeDefined();
    expect(await t.db.selectFrom("spend_categories").select("id").where("id", "=", 171).executeTakeFirst()).toBeDefined();
    const again = await t.db.selectFrom("benefit_sets").selectAll().where("id", "=", set.id).executeTakeFirstOrThrow();
    expect(again).toEqual(set);
  });

  test("spend categories: a three-level tree with the budget cash-out leaf and a hidden one", async () => {
    const rows = await t.db.selectFrom("spend_categories").selectAll().execute();
    const byId = new Map(rows.map((r) => [r.id, r]));
    for (const r of rows) {
      if (r.level === 1) expect(r.parent_id).toBeNull();
      else expect(byId.get(r.parent_id!)?.level).toBe(r.level - 1);
      if (r.level === 2) expect(r.service_type && r.sdc_category).toBeTruthy();
      if (r.level === 3) expect(r.move_stages).toMatch(/^[1-3](,[1-3])*$/);
    }
    const cashOut = byId.get(BUDGET_CASH_OUT_CATEGORY_ID)!;
    expect(cashOut).toMatchObject({ level: 3, description: "Budget Cash Out", is_budget_cash_out: 1, cash_service_id: "CASHFLEX" });
    expect(rows.some((r) => r.hidden === 1)).toBe(true);
  });

  test("every seeded formula passes checkFormula, and global lines are global", async () => {
    for (const f of seededFormulas()) expect({ f, check: checkFormula(f) }).toMatchObject({ f, check: { ok: true } });
    const lines = await t.db.selectFrom("benefit_metadata").selectAll().execute();
    expect(lines.length).toBeGreaterThan(20);
    for (const line of lines) {
      expect(checkFormula(line.formula).ok).toBe(true);
      if (line.adjustment_formula != null) expect(checkFormula(line.adjustment_formula).ok).toBe(true);
    }
    expect(lines.filter((l) => l.group_id == null && l.policy_id == null).length).toBeGreaterThan(20);
    expect(lines.some((l) => l.group_id != null && l.policy_id == null)).toBe(true);
    expect(lines.some((l) => l.policy_id != null && l.group_id != null)).toBe(true);
  });

  test("benefit sets are numbered from 1 per service", async () => {
    const sets = await t.db.selectFrom("benefit_sets").select(["service_key", "group_number"]).where("group_id", "is", null).orderBy("id").execute();
    const seen = new Map<string, number[]>();
    for (const s of sets) seen.set(s.service_key, [...(seen.get(s.service_key) ?? []), s.group_number]);
    for (const numbers of seen.values()) expect(numbers).toEqual(numbers.map((_, i) => i + 1));
  });

  test("demo: every policy, one draft copy, tags and the two employees' moves", async () => {
    const policies = await t.db.selectFrom("policies").innerJoin("groups", "groups.id", "policies.group_id").select(["policies.name", "groups.name as group"]).execute();
    expect(policies.map((p) => `${p.group}/${p.name}`).sort()).toEqual(DEMO_POLICIES.map((p) => `${p.group}/${p.name}`).sort());
    const versions = await t.db.selectFrom("policy_versions").selectAll().execute();
    expect(versions.filter((v) => v.status === "DRAFT")).toHaveLength(1);
    expect(versions.filter((v) => v.status === "RELEASED")).toHaveLength(DEMO_POLICIES.length);
    const moves = await t.db
      .selectFrom("moves")
      .innerJoin("users", "users.id", "moves.employee_user_id")
      .innerJoin("policies", "policies.id", "moves.policy_id")
      .select(["users.email", "policies.name", "moves.status"])
      .orderBy("users.email")
      .execute();
    expect(moves).toEqual([
      { email: "employee@acme.test", name: "Global Long-Term Assignment", status: "open" },
      { email: "employee@globex.test", name: "Globex Permanent Transfer", status: "open" },
    ]);
    for (const table of DEMO_TABLES) expect(await count(t.db, table)).toBeGreaterThan(0);
  });

  test("demo: every version passes validateVersion with no errors", async () => {
    const versions = await t.db.selectFrom("policy_versions").select(["id", "status"]).execute();
    for (const v of versions) {
      const snapshot = await loadVersionSnapshot(t.db, v.id);
      expect(snapshot.services.length).toBeGreaterThan(0);
      expect({ version: v.id, errors: validateVersion(snapshot) }).toEqual({ version: v.id, errors: [] });
    }
  });

  test("demo: popup texts pass the popup rules", async () => {
    const popups = await t.db.selectFrom("policy_popups").selectAll().execute();
    const stages = await t.db.selectFrom("policy_popup_stages").selectAll().execute();
    const items = await t.db.selectFrom("policy_popup_items").selectAll().execute();
    expect(popups.length).toBeGreaterThan(0);
    const texts = [
      ...popups.flatMap((p) => [p.header, p.paragraph_top, p.paragraph_bottom]),
      ...stages.flatMap((s) => [s.header, s.move_stage_header, s.blurb]),
      ...items.flatMap((i) => [i.title, i.description]),
    ];
    for (const text of texts) expect(validatePopupText("text", text)).toEqual({ ok: true, text });
  });

  test("demo: seeds once, and not without the demo groups", async () => {
    expect(await seedPolicyDemo(t.db)).toBe(false);
    const empty = await createTestDatabase({ demo: false });
    try {
      expect(await seedPolicyDemo(empty.db)).toBe(false);
      expect(await count(empty.db, "services")).toBe(SERVICE_CATALOGUE.length);
    } finally {
      await empty.close();
    }
  });
});
