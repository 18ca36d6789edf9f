/**
 * Manager restrictions through every read a manager has (group.home, group.people, wizard.moves) and the
 * managers admin (`managers.*` and /admin/managers/…), on the database TEST_DB names.
 */
import { beforeAll, describe, expect, test } from "bun:test";
import { UNSUPPORTED_MODE } from "../../domain/manager/managers/restrictions.ts";
import { managerMessages } from "../../domain/manager/managers/schemas.ts";
import { releasedVersionOf, cityIdOf } from "../../services/moves/wizard/initiation-testing.ts";
import { cookieFor, get, postForm } from "../../test/app.ts";
import { auditRows, callerFor, insertTestUser } from "../../test/db.ts";
import { ZodError } from "zod";
import { expectInputError, expectTrpcError } from "../../test/errors.ts";
import { DEMO, useTestApp } from "../../test/fixtures.ts";
import { expectOneEffect, race } from "../../test/race.ts";

const t = useTestApp([DEMO.ADMIN, DEMO.HR, "manager@acme.test"]);
let managerId = 0;
let pendingManagerId = 0;
let acmeId = 0;
let london = 0;
let luxembourg = 0;
let englandId = 0;
const moves: Record<string, number> = {};

const admin = () => callerFor(t.db, DEMO.ADMIN);
const manager = () => callerFor(t.db, "restricted.manager@acme.test");
const route = (o: [string, string], d: [string, string]) => ({ originGeoType: o[0], originGeoId: o[1], destinationGeoType: d[0], destinationGeoId: d[1] }) as const;
const geo = (o: [string, string], d: [string, string]) => JSON.stringify(route(o, d));

/** A move of a fresh acme employee, straight into the tables. */
async function insertMove(key: string, origin: { country: string; state?: string; city?: number }, destination: { country: string; state?: string; city?: number }, createdBy: number | null = null) {
  const version = await releasedVersionOf(t.db, "Global Long-Term Assignment");
  const employeeId = await insertTestUser(t.db, { email: `restricted.${key}@acme.test`, role: "EMPLOYEE", group: "acme", firstName: "Emp", lastName: `Restricted${key}` });
  const now = new Date().toISOString();
  const row = await t.db
    .insertInto("moves")
    .values({
      group_id: acmeId,
      employee_user_id: employeeId,
      policy_id: version.policyId,
      policy_version_id: version.versionId,
      status: "open",
      origin_country_code: origin.country,
      origin_state: origin.state ?? null,
      origin_city_id: origin.city ?? null,
      origin_city_name: `From${key}`,
      destination_country_code: destination.country,
      destination_state: destination.state ?? null,
      destination_city_id: destination.city ?? null,
      destination_city_name: `To${key}`,
      created_by: createdBy,
      created_at: now,
      updated_at: now,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  moves[key] = row.id;
}

beforeAll(async () => {
  acmeId = (await t.db.selectFrom("groups").select("id").where("name", "=", "acme").executeTakeFirstOrThrow()).id;
  managerId = await insertTestUser(t.db, { email: "restricted.manager@acme.test", role: "MANAGER", group: "acme", firstName: "Rita", lastName: "Restricted" });
  pendingManagerId = await insertTestUser(t.db, { email: "pending.manager@acme.test", role: "MANAGER", group: "acme", activationState: "PENDING", withPassword: false });
  london = await cityIdOf(t.db, "GB", "London");
  luxembourg = await cityIdOf(t.db, "LU", "Luxembourg");
  englandId = (await t.db.selectFrom("states").select("id").where("country_code", "=", "GB").where("code", "=", "ENG").executeTakeFirstOrThrow()).id;
  await insertMove("gbLu", { country: "GB", state: "ENG", city: london }, { country: "LU", city: luxembourg });
  await insertMove("luGb", { country: "LU", city: luxembourg }, { country: "GB", state: "ENG", city: london });
  await insertMove("gbGb", { country: "GB", state: "SCT" }, { country: "GB", state: "ENG", city: london }, managerId);
  await insertMove("frUs", { country: "FR" }, { country: "US", state: "CA" });
});

/** Every move id the caller's list shows (all pages), and the employees the people table shows. */
async function seen(caller: Awaited<ReturnType<typeof manager>>) {
  const ids: number[] = [];
  for (let page = 0; ; page++) {
    const res = await caller.wizard.moves({ group: "acme", page });
    ids.push(...res.rows.map((r) => r.moveId));
    if ((page + 1) * res.pageSize >= res.total) break;
  }
  const people: string[] = [];
  for (let page = 0; ; page++) {
    const res = await caller.group.people({ group: "acme", page, pageSize: 100 });
    people.push(...res.rows.map((r) => r.email));
    if (!res.hasMore) break;
  }
  const home = await caller.group.home({ group: "acme" });
  return { ids, people, employees: home.counts.find((c) => c.role === "EMPLOYEE")?.count ?? 0 };
}
const ours = (ids: number[]) => Object.entries(moves).filter(([, id]) => ids.includes(id)).map(([k]) => k).sort();

describe("a manager's reads follow their restrictions (in SQL)", () => {
  test("defaults (ALL, no rules): what HR sees", async () => {
    const hr = await seen(await callerFor(t.db, DEMO.HR));
    const m = await seen(await manager());
    expect(m.ids.sort()).toEqual(hr.ids.sort());
    expect(m.people.sort()).toEqual(hr.people.sort());
    expect(m.employees).toBe(hr.employees);
    expect(ours(m.ids)).toEqual(["frUs", "gbGb", "gbLu", "luGb"]);
  });

  test("geographic rules: only moves matching a rule at both ends, through every call", async () => {
    const a = await admin();
    expect(await a.managers.saveGeoRestriction({ userId: managerId, geoString: geo(["COUNTRY", "GB"], ["CITY", String(luxembourg)]) })).toBe("OK");
    let m = await seen(await manager());
    expect(m.ids).toEqual([moves.gbLu!]);
    expect(m.people.filter((e) => e.startsWith("restricted.") && e !== "restricted.manager@acme.test")).toEqual(["restricted.gbLu@acme.test"]);
    expect(m.employees).toBe(1);
    // A second rule (a state of origin) adds its moves; the SCT origin does not match ENG.
    expect(await a.managers.saveGeoRestriction({ userId: managerId, geoString: geo(["COUNTRY", "LU"], ["STATE", String(englandId)]) })).toBe("OK");
    m = await seen(await manager());
    expect(ours(m.ids)).toEqual(["gbLu", "luGb"]);
    // Nothing outside the rules: every row listed matches one, checked against the stored move.
    const rows = await t.db.selectFrom("moves").select(["id", "origin_country_code", "destination_country_code"]).where("id", "in", m.ids).execute();
    for (const r of rows) expect([`${r.origin_country_code}>${r.destination_country_code}`]).toContainEqual(expect.stringMatching(/^(GB>LU|LU>GB)$/));
    // A search cannot reach past them either.
    expect((await (await manager()).wizard.moves({ group: "acme", q: "Restrictedfrus" })).total).toBe(0);
  });

  test("OWN: the moves the manager created, still within the rules; NONE: nothing", async () => {
    const a = await admin();
    expect(await a.managers.updateView({ userId: managerId, viewRestriction: "OWN" })).toBe("OK");
    let m = await seen(await manager());
    expect(m.ids).toEqual([]); // gbGb is theirs but SCT → ENG is outside the rules
    await a.managers.saveGeoRestriction({ userId: managerId, geoString: geo(["COUNTRY", "GB"], ["COUNTRY", "GB"]) });
    m = await seen(await manager());
    expect(m.ids).toEqual([moves.gbGb!]);
    expect(m.employees).toBe(1);
    expect(await a.managers.updateView({ userId: managerId, viewRestriction: "NONE" })).toBe("OK");
    m = await seen(await manager());
    expect(m).toMatchObject({ ids: [], employees: 0 });
    expect(m.people.some((e) => e.startsWith("restricted.") && e !== "restricted.manager@acme.test")).toBe(false);
    // HR is never limited.
    expect(ours((await seen(await callerFor(t.db, DEMO.HR))).ids)).toEqual(["frUs", "gbGb", "gbLu", "luGb"]);
    await a.managers.updateView({ userId: managerId, viewRestriction: "ALL" });
  });
});

describe("managers admin", () => {
  test("list, get, usersForGroup and the rule display", async () => {
    const a = await admin();
    const list = await a.managers.list({ groupName: "acme", managersFilter: "restricted" });
    expect(list.map((m) => m.userId)).toEqual([managerId]);
    expect(list[0]).toMatchObject({ viewRestriction: "ALL", readOnlyRestriction: "VIEW", groupName: "acme" });
    expect((await a.managers.list({ groupName: "globex" })).some((m) => m.userId === managerId)).toBe(false);
    expect((await a.managers.usersForGroup({ group: "acme" })).map((u) => u.fullName)).toContain("Rita Restricted");
    const rules = await a.managers.geoRestrictions({ userId: managerId });
    expect(rules.map((r) => `${r.originName} → ${r.destinationName}`)).toContain("United Kingdom → Luxembourg, Luxembourg");
    const res = await get(t.app, `/admin/managers/loadGeoRestrictionsForDisplay/${managerId}`, t.as(DEMO.ADMIN));
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual(rules);
    const users = await get(t.app, "/admin/managers/getUsersForGroup/acme", t.as(DEMO.ADMIN));
    expect(await users.json()).toContainEqual({ id: managerId, fullName: "Rita Restricted" });
  });

  test("the tree: countries, a country's states and cities, a state's cities", async () => {
    const a = await admin();
    const countries = await a.managers.geoTree({ userId: managerId, direction: "FROM" });
    expect(countries).toContainEqual({ id: "GB", type: "COUNTRY", text: "United Kingdom", hasChildren: true });
    const gb = await (await get(t.app, `/admin/managers/getGeoRestrictionData/${managerId}/TO?parent=COUNTRY:GB`, t.as(DEMO.ADMIN))).json();
    expect(gb).toContainEqual({ id: String(englandId), type: "STATE", text: "England", hasChildren: true });
    const england = await a.managers.geoTree({ userId: managerId, direction: "TO", parent: `STATE:${englandId}` });
    expect(england).toContainEqual({ id: String(london), type: "CITY", text: "London", hasChildren: false });
  });

  test("save: both ends required, duplicates refused, unknown places refused; delete; all audited", async () => {
    const a = await admin();
    await expectTrpcError(a.managers.saveGeoRestriction({ userId: managerId, geoString: JSON.stringify({ destinationGeoType: "COUNTRY", destinationGeoId: "GB" }) }), "BAD_REQUEST", managerMessages.originRequired);
    await expectTrpcError(a.managers.saveGeoRestriction({ userId: managerId, geoString: JSON.stringify({ originGeoType: "COUNTRY", originGeoId: "GB" }) }), "BAD_REQUEST", managerMessages.destinationRequired);
    await expectTrpcError(a.managers.saveGeoRestriction({ userId: managerId, geoString: geo(["COUNTRY", "GB"], ["CITY", String(luxembourg)]) }), "CONFLICT", managerMessages.duplicateRoute);
    await expectTrpcError(a.managers.saveGeoRestriction({ userId: managerId, geoString: geo(["COUNTRY", "ZZ"], ["COUNTRY", "GB"]) }), "BAD_REQUEST", managerMessages.unknownPlace);
    // Legacy: form geoString, 'OK'; the duplicate text with 409.
    const form = { geoString: geo(["COUNTRY", "FR"], ["COUNTRY", "US"]) };
    const ok = await postForm(t.app, `/admin/managers/saveGeoRestrictionChanges/${managerId}`, form, t.as(DEMO.ADMIN));
    expect(ok.status).toBe(200);
    expect(await ok.json()).toBe("OK");
    const dup = await postForm(t.app, `/admin/managers/saveGeoRestrictionChanges/${managerId}`, form, t.as(DEMO.ADMIN));
    expect(dup.status).toBe(409);
    expect(await dup.json()).toEqual({ success: false, error: managerMessages.duplicateRoute });
    const bad = await postForm(t.app, `/admin/managers/saveGeoRestrictionChanges/${managerId}`, { geoString: "{" }, t.as(DEMO.ADMIN));
    expect(bad.status).toBe(400);
    expect(await bad.json()).toEqual({ success: false, error: managerMessages.saveFailed });
    const rule = (await a.managers.geoRestrictions({ userId: managerId })).find((r) => r.originGeoId === "FR")!;
    const del = await postForm(t.app, "/admin/managers/deleteGeoRestriction/", { restrictionId: String(rule.id) }, t.as(DEMO.ADMIN));
    expect(await del.json()).toBe("OK");
    expect((await a.managers.geoRestrictions({ userId: managerId })).some((r) => r.id === rule.id)).toBe(false);
    await expectTrpcError(a.managers.deleteGeoRestriction({ restrictionId: rule.id }), "NOT_FOUND", managerMessages.ruleNotFound);
    const audits = (await auditRows(t.db, "manager-geo-add")).concat(await auditRows(t.db, "manager-geo-delete"));
    expect(audits.filter((r) => r.entity_id === String(managerId)).length).toBeGreaterThanOrEqual(5);
  });

  test("50 parallel saves of one route make one rule; the others are the duplicate text", async () => {
    const form = { geoString: geo(["COUNTRY", "LU"], ["COUNTRY", "LU"]) };
    const results = await race(50, () => postForm(t.app, `/admin/managers/saveGeoRestrictionChanges/${managerId}`, form, t.as(DEMO.ADMIN)));
    await expectOneEffect(results, { refusal: { code: 409, message: managerMessages.duplicateRoute } });
    const rows = await t.db.selectFrom("manager_geo_restrictions").select("id").where("manager_user_id", "=", managerId).where("origin_ref", "=", "LU").where("destination_ref", "=", "LU").execute();
    expect(rows.length).toBe(1);
    expect((await auditRows(t.db, "manager-geo-add")).filter((r) => r.new_values?.includes('"COUNTRY:LU"') && r.new_values.includes('destination":"COUNTRY:LU')).length).toBe(1);
  });

  test("restriction updates (tRPC and legacy), unsupported modes, name and external spend; audited once per change", async () => {
    const a = await admin();
    for (const [path, field, value] of [
      ["updateCreationRestrictions", "readOnlyRestriction", "CREATE"],
      ["updateReportingRestrictions", "reportingRestriction", "ON"],
      ["updateDashboardRestrictions", "dashboardRestriction", "ON"],
      ["updateExternalSpendForUser", "turnExternalSpend", "true"],
      ["updateViewRestrictions", "viewRestriction", "OWN"],
    ] as const) {
      const res = await postForm(t.app, `/admin/managers/${path}`, { userId: String(managerId), [field]: value }, t.as(DEMO.ADMIN));
      expect(res.status).toBe(200);
      expect(await res.json()).toBe("OK");
    }
    expect(await a.managers.get({ userId: managerId })).toMatchObject({ viewRestriction: "OWN", readOnlyRestriction: "CREATE", reportingRestriction: "ON", dashboardRestriction: "ON", turnExternalSpend: true });
    for (const [path, field, value] of [
      ["updateViewRestrictions", "viewRestriction", "SOME"],
      ["updateCreationRestrictions", "readOnlyRestriction", "EDIT"],
      ["updateDashboardRestrictions", "dashboardRestriction", "MAYBE"],
    ] as const) {
      const res = await postForm(t.app, `/admin/managers/${path}`, { userId: String(managerId), [field]: value }, t.as(DEMO.ADMIN));
      expect(res.status).toBe(400);
      expect(await res.json()).toEqual({ success: false, error: UNSUPPORTED_MODE });
    }
    // @ts-expect-error an unsupported mode
    const refused = await expectInputError(a.managers.updateView({ userId: managerId, viewRestriction: "SOME" }), "viewRestriction");
    expect((refused.cause as ZodError).issues[0]?.message).toBe(UNSUPPORTED_MODE);
    const before = (await auditRows(t.db, "manager-view-restriction")).length;
    await a.managers.updateView({ userId: managerId, viewRestriction: "OWN" }); // unchanged: no audit row
    await a.managers.updateView({ userId: managerId, viewRestriction: "ALL" });
    expect((await auditRows(t.db, "manager-view-restriction")).length).toBe(before + 1);
    expect(await a.managers.updateName({ userId: managerId, firstName: "Rina", lastName: "Restricted" })).toBe("OK");
    expect((await a.managers.get({ userId: managerId })).firstName).toBe("Rina");
    expect((await auditRows(t.db, "manager-name")).at(-1)).toMatchObject({ entity_id: String(managerId) });
    const blank = await expectInputError(a.managers.updateName({ userId: managerId, firstName: " ", lastName: "X" }), "firstName");
    expect((blank.cause as ZodError).issues[0]?.message).toBe(managerMessages.nameRequired);
    // Not a manager.
    const hrId = (await t.db.selectFrom("users").select("id").where("email", "=", DEMO.HR).executeTakeFirstOrThrow()).id;
    await expectTrpcError(a.managers.updateView({ userId: hrId, viewRestriction: "NONE" }), "NOT_FOUND", managerMessages.notManager);
  });

  test("activateManager: true for a PENDING manager (a mail goes out); an active one is a failure", async () => {
    const res = await postForm(t.app, "/admin/managers/activateManager", { userId: String(pendingManagerId) }, t.as(DEMO.ADMIN));
    expect(res.status).toBe(200);
    expect(await res.json()).toBe(true);
    expect((await (await admin()).managers.get({ userId: pendingManagerId })).activationSent).toBe(true);
    const outbox = await t.db.selectFrom("outbox").select("to_address").where("to_address", "=", "pending.manager@acme.test").execute();
    expect(outbox.length).toBe(1);
    const active = await postForm(t.app, "/admin/managers/activateManager", { userId: String(managerId) }, t.as(DEMO.ADMIN));
    expect(active.status).toBe(409);
    expect((await active.json()).success).toBe(false);
  });

  test("only admins: HR and managers are refused on both transports", async () => {
    for (const email of [DEMO.HR, "manager@acme.test"]) {
      const c = await callerFor(t.db, email);
      await expectTrpcError(c.managers.list({}), "FORBIDDEN");
      await expectTrpcError(c.managers.updateView({ userId: managerId, viewRestriction: "NONE" }), "FORBIDDEN");
      const cookie = { cookie: await cookieFor(t.db, email) };
      expect((await get(t.app, `/admin/managers/loadGeoRestrictionsForDisplay/${managerId}`, cookie)).status).toBe(403);
      expect((await postForm(t.app, "/admin/managers/updateViewRestrictions", { userId: String(managerId), viewRestriction: "NONE" }, cookie)).status).toBe(403);
      expect((await postForm(t.app, `/admin/managers/saveGeoRestrictionChanges/${managerId}`, { geoString: geo(["COUNTRY", "FR"], ["COUNTRY", "FR"]) }, cookie)).status).toBe(403);
    }
    expect((await (await admin()).managers.get({ userId: managerId })).viewRestriction).toBe("ALL");
    expect((await get(t.app, `/admin/managers/loadGeoRestrictionsForDisplay/${managerId}`)).status).toBe(401);
  });
});
