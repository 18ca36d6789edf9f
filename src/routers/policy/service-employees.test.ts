/**
 * Policy group setup's per-service employee data list (issue 23 item 16; part 2 §2 "one table per
 * service (benefits, options, metadata lines, employee data list)", §3 Employee data), through
 * `policy.benefits.employeeData` on the dialect under test: which moves have the service (the policy's
 * line, a stage-3 override deselecting or adding it, an "off" line, cancelled moves, other groups),
 * the benefit option each has (the policy's, else the employee's choice), the policy filter, the row
 * limit, and the refusals (role first, then group, then the policy and service named).
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { benefitMessages } from "../../domain/policy/benefit-schemas.ts";
import { messages } from "../../domain/messages.ts";
import { serviceInUse } from "../../domain/policy/service-employees.ts";
import { findServiceEmployees } from "../../services/policy/service-employees.ts";
import { callerFor, contextFor, createTestDatabase, type TestDatabase } from "../../test/db.ts";
import { expectInputError, expectTrpcError } from "../../test/errors.ts";
import { ensureServices, groupIdOf, insertMove, insertPolicy, insertPolicyService, insertSet, type SetFixture } from "./benefits-fixture.ts";

let t: TestDatabase;
let acme: number;
let globex: number;
let nights: SetFixture;
type Caller = Awaited<ReturnType<typeof callerFor>>;
let admin: Caller;
let hr: Caller;
let hrGlobex: Caller;
let employee: Caller;
const SERVICE = "TEMPACCOMMODATION";
const ids: Record<string, number> = {};
let standard: { policyId: number; versionIds: number[] };
let other: { policyId: number; versionIds: number[] };
let globexPolicy: { policyId: number; versionIds: number[] };

const now = new Date().toISOString();
async function person(groupId: number, first: string, last: string) {
  const email = `${first.toLowerCase()}.${last.toLowerCase()}.${Date.now()}${Math.floor(Math.random() * 1e6)}@svc.test`;
  const row = await t.db
    .insertInto("users")
    .values({ email, first_name: first, last_name: last, role: "EMPLOYEE", group_id: groupId, password_hash: null, terms_accepted_at: null, terms_version: null, last_login_at: null, phone: null, move_date: null, terms_form_values: null, anonymized_at: null, created_at: now, updated_at: now } as never)
    .returning("id")
    .executeTakeFirstOrThrow();
  return { id: row.id, email };
}
async function override(moveId: number, stage: number, selected: 0 | 1, optionId: number | null = null) {
  await t.db.insertInto("move_service_overrides").values({ move_id: moveId, move_stage: stage, service_key: SERVICE, selected, benefit_option_id: optionId, amount: null, currency: null }).execute();
}

beforeAll(async () => {
  t = await createTestDatabase();
  await ensureServices(t.db);
  acme = await groupIdOf(t.db, "acme");
  globex = await groupIdOf(t.db, "globex");
  nights = await insertSet(t.db, { serviceKey: SERVICE, groupId: null, name: "Employee list nights", groupNumber: 81, options: ["Standard", "Extended"], infos: ["Nights"] });

  // Policy "standard": the service on stage 1 with the set's Standard option; "off" (type 5) on stage 2.
  standard = await insertPolicy(t.db, { groupId: acme, name: "Employee list standard", versions: ["RELEASED"] });
  const line = await insertPolicyService(t.db, { versionId: standard.versionIds[0]!, stage: 1, serviceKey: SERVICE, type: 3 });
  await t.db.insertInto("policy_service_benefits").values({ policy_service_id: line, benefit_set_id: nights.setId, benefit_option_id: nights.optionIds[0]!, value: null }).execute();
  await insertPolicyService(t.db, { versionId: standard.versionIds[0]!, stage: 2, serviceKey: SERVICE, type: 5 });
  // Policy "other": no line of the service at all.
  other = await insertPolicy(t.db, { groupId: acme, name: "Employee list other", versions: ["RELEASED"] });
  await insertPolicyService(t.db, { versionId: other.versionIds[0]!, stage: 1, serviceKey: "SETTLINGIN", type: 2 });
  globexPolicy = await insertPolicy(t.db, { groupId: globex, name: "Employee list globex", versions: ["RELEASED"] });
  await insertPolicyService(t.db, { versionId: globexPolicy.versionIds[0]!, stage: 1, serviceKey: SERVICE, type: 3 });

  const onStandard = { groupId: acme, policyId: standard.policyId, versionId: standard.versionIds[0]! };
  const ann = await person(acme, "Ann", "Policyline");
  ids["ann"] = await insertMove(t.db, { ...onStandard, employeeId: ann.id });
  ids["annUser"] = ann.id;
  const bob = await person(acme, "Bob", "Chose");
  ids["bob"] = await insertMove(t.db, { ...onStandard, employeeId: bob.id });
  await override(ids["bob"], 1, 1, nights.optionIds[1]!);
  const cid = await person(acme, "Cid", "Removed");
  ids["cid"] = await insertMove(t.db, { ...onStandard, employeeId: cid.id });
  await override(ids["cid"], 1, 0);
  const dee = await person(acme, "Dee", "Added");
  ids["dee"] = await insertMove(t.db, { groupId: acme, policyId: other.policyId, versionId: other.versionIds[0]!, employeeId: dee.id });
  await override(ids["dee"], 2, 1);
  const eve = await person(acme, "Eve", "Cancelled");
  ids["eve"] = await insertMove(t.db, { ...onStandard, employeeId: eve.id });
  await t.db.updateTable("moves").set({ status: "cancelled" }).where("id", "=", ids["eve"]).execute();
  const gus = await person(globex, "Gus", "Globex");
  ids["gus"] = await insertMove(t.db, { groupId: globex, policyId: globexPolicy.policyId, versionId: globexPolicy.versionIds[0]!, employeeId: gus.id });

  admin = await callerFor(t.db, "admin@meridian.test");
  hr = await callerFor(t.db, "hr@acme.test");
  hrGlobex = await callerFor(t.db, "hr@globex.test");
  employee = await callerFor(t.db, "employee@acme.test");
});
afterAll(() => t.close());

const mine = <T extends { moveId: number }>(rows: T[]) => rows.filter((r) => Object.values(ids).includes(r.moveId));

describe("policy.benefits.employeeData", () => {
  test("the group's employees whose moves have the service, with their stages and benefit options", async () => {
    const res = await admin.policy.benefits.employeeData({ groupId: acme, serviceType: SERVICE });
    expect(res.serviceType).toBe(SERVICE);
    expect(res.truncated).toBe(false);
    const rows = mine(res.employees);
    // Newest move first; Cid deselected it, Eve's move is cancelled, Gus is globex's.
    expect(rows.map((r) => r.firstName)).toEqual(["Dee", "Bob", "Ann"]);
    const ann = rows.find((r) => r.firstName === "Ann")!;
    expect(ann).toEqual({
      id: ids["annUser"]!,
      moveId: ids["ann"]!,
      firstName: "Ann",
      lastName: "Policyline",
      username: ann.email,
      email: ann.email,
      moveDate: null,
      status: "open",
      policyId: standard.policyId,
      policyName: "Employee list standard",
      versionNumber: 1,
      // Stage 2's line is "off" (type 5).
      moveStages: [1],
      benefits: [{ moveStage: 1, benefitSet: "Employee list nights", option: "Standard" }],
    });
    expect(ann.email).toMatch(/^ann\.policyline\./);
    // Bob's stage-3 choice replaces the policy's option in the same set.
    expect(rows.find((r) => r.firstName === "Bob")!.benefits).toEqual([{ moveStage: 1, benefitSet: "Employee list nights", option: "Extended" }]);
    // Dee's policy has no line of the service: the override added it on stage 2.
    expect(rows.find((r) => r.firstName === "Dee")).toMatchObject({ moveStages: [2], benefits: [], policyName: "Employee list other" });
  });

  test("HR reads its own group; one policy narrows the list; another service lists no one of these", async () => {
    const all = mine((await hr.policy.benefits.employeeData({ groupId: acme, serviceType: SERVICE })).employees);
    expect(all.map((r) => r.firstName)).toEqual(["Dee", "Bob", "Ann"]);
    const onOther = (await hr.policy.benefits.employeeData({ groupId: acme, policyId: other.policyId, serviceType: SERVICE })).employees;
    expect(onOther.map((r) => r.firstName)).toEqual(["Dee"]);
    const settling = mine((await hr.policy.benefits.employeeData({ groupId: acme, serviceType: "settlingin" })).employees);
    expect(settling.map((r) => r.firstName)).toEqual(["Dee"]);
    const globexRows = mine((await hrGlobex.policy.benefits.employeeData({ groupId: globex, serviceType: SERVICE })).employees);
    expect(globexRows.map((r) => r.firstName)).toEqual(["Gus"]);
  });

  test("refusals: the role first, then the group, then the policy and the service", async () => {
    // An employee is refused before the (bad) input is looked at.
    await expectTrpcError(employee.policy.benefits.employeeData({ groupId: acme, serviceType: "not a key!" }), "FORBIDDEN");
    await expectTrpcError(employee.policy.benefits.employeeData({ groupId: acme, serviceType: SERVICE }), "FORBIDDEN");
    await expectTrpcError((await callerFor(t.db, null)).policy.benefits.employeeData({ groupId: acme, serviceType: SERVICE }), "UNAUTHORIZED");
    await expectTrpcError(hrGlobex.policy.benefits.employeeData({ groupId: acme, serviceType: SERVICE }), "FORBIDDEN", messages.otherGroup);
    await expectTrpcError(hr.policy.benefits.employeeData({ groupId: acme, policyId: globexPolicy.policyId, serviceType: SERVICE }), "FORBIDDEN");
    await expectTrpcError(admin.policy.benefits.employeeData({ groupId: acme, policyId: globexPolicy.policyId, serviceType: SERVICE }), "BAD_REQUEST", benefitMessages.policyNotInGroup);
    await expectTrpcError(admin.policy.benefits.employeeData({ groupId: 2_000_000_000, serviceType: SERVICE }), "NOT_FOUND");
    await expectTrpcError(admin.policy.benefits.employeeData({ groupId: acme, serviceType: "NOSUCHSERVICE" }), "BAD_REQUEST");
    await expectInputError(admin.policy.benefits.employeeData({ groupId: acme, serviceType: "not a key!" }), "serviceType");
    await expectInputError(admin.policy.benefits.employeeData({ groupId: 0, serviceType: SERVICE }), "groupId");
  });

  test("at most the limit, newest first, and says when there are more", async () => {
    const user = (await contextFor(t.db, "admin@meridian.test")).session!.user;
    const res = await findServiceEmployees(t.db, { user, ip: "127.0.0.1" }, { groupId: acme, serviceType: SERVICE }, 2);
    expect(res.truncated).toBe(true);
    expect(res.employees).toHaveLength(2);
    expect(res.employees[0]!.moveId).toBeGreaterThan(res.employees[1]!.moveId);
  });
});

describe("serviceInUse", () => {
  test("the policy's provided, not-off line unless deselected; an override's choice wins", () => {
    expect(serviceInUse({ servicePolicyType: 3, provided: true }, null)).toBe(true);
    expect(serviceInUse({ servicePolicyType: 5, provided: true }, null)).toBe(false);
    expect(serviceInUse({ servicePolicyType: 1, provided: false }, null)).toBe(false);
    expect(serviceInUse(null, null)).toBe(false);
    expect(serviceInUse({ servicePolicyType: 3, provided: true }, { selected: false })).toBe(false);
    expect(serviceInUse(null, { selected: true })).toBe(true);
  });
});
