/**
 * restrictMoves / restrictPeople against the pure rule (managerSeesMove): for random rules, view modes and
 * moves, the SQL filter and the in-memory filter pick the same rows (run on both databases).
 */
import { beforeAll, describe, expect, test } from "bun:test";
import fc from "fast-check";
import { managerSeesMove, type GeoEnd, type GeoRule, type RestrictableMove, type ViewRestriction } from "../../domain/manager/managers/restrictions.ts";
import { releasedVersionOf } from "../../services/moves/wizard/initiation-testing.ts";
import { insertTestUser } from "../../test/db.ts";
import { useTestDatabase } from "../../test/fixtures.ts";
import { restrictMoves, restrictPeople, restrictionScopeOf } from "./restrictions.ts";

const t = useTestDatabase();
let groupId = 0;
let managerId = 0;
let otherId = 0;
let version = { policyId: 0, versionId: 0 };

// A small world so that random rules and moves meet often.
const COUNTRIES = ["GB", "US", "FR"] as const;
const STATES: Record<string, string[]> = { GB: ["ENG", "SCT"], US: ["CA", "NY"], FR: ["IDF"] };
const CITIES = [1, 2, 3, 4];

const arbPlace = fc.record({
  countryCode: fc.option(fc.constantFrom(...COUNTRIES), { nil: null, freq: 6 }),
  state: fc.option(fc.constantFrom("ENG", "SCT", "CA", "NY", "IDF"), { nil: null, freq: 3 }),
  cityId: fc.option(fc.constantFrom(0, ...CITIES), { nil: null, freq: 3 }),
});
const arbEnd: fc.Arbitrary<GeoEnd> = fc.oneof(
  fc.constantFrom(...COUNTRIES).map((c) => ({ type: "COUNTRY" as const, countryCode: c, stateCode: null, cityId: null })),
  fc.constantFrom(...COUNTRIES).chain((c) => fc.constantFrom(...STATES[c]!).map((s) => ({ type: "STATE" as const, countryCode: c, stateCode: s, cityId: null }))),
  fc.tuple(fc.constantFrom(...COUNTRIES), fc.constantFrom(...CITIES)).map(([c, id]) => ({ type: "CITY" as const, countryCode: c, stateCode: null, cityId: id })),
);
const refOf = (e: GeoEnd) => (e.type === "COUNTRY" ? e.countryCode : e.type === "STATE" ? `${e.countryCode}/${e.stateCode}` : String(e.cityId));
const arbRules = fc.uniqueArray(fc.record({ origin: arbEnd, destination: arbEnd }), { maxLength: 4, selector: (r) => `${refOf(r.origin)}>${refOf(r.destination)}` });
const arbMove = fc.record({ origin: arbPlace, destination: arbPlace, createdBy: fc.constantFrom<"manager" | "other" | null>("manager", "other", null), initiatedBy: fc.constantFrom<"manager" | "other" | null>("manager", "other", null) });
const arbView = fc.constantFrom<ViewRestriction>("ALL", "OWN", "NONE");

beforeAll(async () => {
  groupId = (await t.db.selectFrom("groups").select("id").where("name", "=", "acme").executeTakeFirstOrThrow()).id;
  managerId = await insertTestUser(t.db, { email: "prop.manager@acme.test", role: "MANAGER", group: "acme" });
  otherId = await insertTestUser(t.db, { email: "prop.other@acme.test", role: "MANAGER", group: "acme" });
  version = await releasedVersionOf(t.db, "Global Long-Term Assignment");
});

async function setRestrictions(view: ViewRestriction, rules: GeoRule[]) {
  const now = new Date().toISOString();
  await t.db.deleteFrom("manager_geo_restrictions").where("manager_user_id", "=", managerId).execute();
  await t.db.deleteFrom("manager_restrictions").where("user_id", "=", managerId).execute();
  await t.db.insertInto("manager_restrictions").values({ user_id: managerId, group_id: groupId, view_restriction: view, updated_at: now }).execute();
  for (const r of rules) {
    await t.db
      .insertInto("manager_geo_restrictions")
      .values({
        group_id: groupId,
        manager_user_id: managerId,
        origin_type: r.origin.type,
        origin_ref: refOf(r.origin),
        origin_country_code: r.origin.countryCode,
        origin_state_code: r.origin.stateCode,
        origin_city_id: r.origin.cityId,
        destination_type: r.destination.type,
        destination_ref: refOf(r.destination),
        destination_country_code: r.destination.countryCode,
        destination_state_code: r.destination.stateCode,
        destination_city_id: r.destination.cityId,
        created_at: now,
      })
      .execute();
  }
}

type GenMove = { origin: { countryCode: string | null; state: string | null; cityId: number | null }; destination: { countryCode: string | null; state: string | null; cityId: number | null }; createdBy: "manager" | "other" | null; initiatedBy: "manager" | "other" | null };

let seq = 0;
async function insertMoves(moves: GenMove[]) {
  const now = new Date().toISOString();
  const who = (w: "manager" | "other" | null) => (w === "manager" ? managerId : w === "other" ? otherId : null);
  const out: { id: number; employeeId: number; move: RestrictableMove }[] = [];
  for (const m of moves) {
    const employeeId = await insertTestUser(t.db, { email: `prop.emp.${++seq}@acme.test`, role: "EMPLOYEE", group: "acme" });
    const row = await t.db
      .insertInto("moves")
      .values({
        group_id: groupId,
        employee_user_id: employeeId,
        policy_id: version.policyId,
        policy_version_id: version.versionId,
        status: "open",
        origin_country_code: m.origin.countryCode,
        origin_state: m.origin.state,
        origin_city_id: m.origin.cityId,
        destination_country_code: m.destination.countryCode,
        destination_state: m.destination.state,
        destination_city_id: m.destination.cityId,
        created_by: who(m.createdBy),
        initiated_by: who(m.initiatedBy),
        created_at: now,
        updated_at: now,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    out.push({
      id: row.id,
      employeeId,
      move: {
        origin: { countryCode: m.origin.countryCode, stateCode: m.origin.state, cityId: m.origin.cityId },
        destination: { countryCode: m.destination.countryCode, stateCode: m.destination.state, cityId: m.destination.cityId },
        createdBy: who(m.createdBy),
        initiatedBy: who(m.initiatedBy),
      },
    });
  }
  return out;
}

describe("restrictMoves (SQL) agrees with managerSeesMove (memory)", () => {
  test("random rules, view modes and moves", async () => {
    await fc.assert(
      fc.asyncProperty(arbView, arbRules, fc.array(arbMove, { minLength: 1, maxLength: 8 }), async (view, rules, moves) => {
        await setRestrictions(view, rules);
        const inserted = await insertMoves(moves);
        const ids = inserted.map((m) => m.id);
        const scope = await restrictionScopeOf(t.db, { id: managerId, role: "MANAGER" });
        expect(scope).toEqual({ managerId, view, rules });
        const sqlIds = (await restrictMoves(t.db.selectFrom("moves as m").select("m.id").where("m.id", "in", ids), scope, "m").orderBy("m.id").execute()).map((r) => r.id);
        const memoryIds = inserted.filter((m) => managerSeesMove(managerId, view, rules, m.move)).map((m) => m.id);
        expect(sqlIds).toEqual(memoryIds);
        // People: an employee is visible when their move is, or always under ALL without rules.
        const employees = inserted.map((m) => m.employeeId);
        const people = (await restrictPeople(t.db.selectFrom("users").select("users.id").where("users.id", "in", employees), scope, "users").orderBy("users.id").execute()).map((r) => r.id);
        const expected = inserted.filter((m) => (view === "ALL" && rules.length === 0) || managerSeesMove(managerId, view, rules, m.move)).map((m) => m.employeeId);
        expect(people).toEqual(expected);
      }),
      { numRuns: 40 },
    );
  }, 120_000);

  test("HR, admins and every other role are not limited (null scope)", async () => {
    for (const role of ["HR", "ADMIN", "EMPLOYEE", "FINANCE"] as const) expect(await restrictionScopeOf(t.db, { id: managerId, role })).toBeNull();
    // A manager without a restrictions row has the defaults (ALL).
    expect(await restrictionScopeOf(t.db, { id: otherId, role: "MANAGER" })).toEqual({ managerId: otherId, view: "ALL", rules: [] });
  });
});
