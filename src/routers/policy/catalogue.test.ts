import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { policyMessages } from "../../domain/policy/messages.ts";
import { benefitMessages, REMOVED_FROM_POLICY } from "../../domain/policy/benefit-schemas.ts";
import { messages } from "../../domain/messages.ts";
import { auditRows, callerFor, createTestDatabase, insertTestUser, type TestDatabase } from "../../test/db.ts";
import { expectInputError, expectTrpcError } from "../../test/errors.ts";
import {
  ensureServices,
  ensureSpendCategories,
  groupIdOf,
  insertBudget,
  insertMove,
  insertPolicy,
  insertPolicyService,
  insertSet,
  type PolicyFixture,
} from "./benefits-fixture.ts";

let t: TestDatabase;
let acme: number;
let policy: PolicyFixture;
let employeeId: number;
let otherEmployeeId: number;
let moveId: number;
let attributeId: number;
type Caller = Awaited<ReturnType<typeof callerFor>>;
let admin: Caller;
let hr: Caller;
let hrGlobex: Caller;
let crm: Caller;
let finance: Caller;
let employee: Caller;
let movingEmployee: Caller;

beforeAll(async () => {
  t = await createTestDatabase();
  await ensureServices(t.db);
  await ensureSpendCategories(t.db);
  acme = await groupIdOf(t.db, "acme");
  attributeId = (
    await t.db
      .insertInto("service_attributes")
      .values({ service_key: "TEMPACCOMMODATION", attr_key: "fixtureRoomType", label: "Fixture room type", input_type: "SELECT", options: '["Single","Double"]' })
      .returning("id")
      .executeTakeFirstOrThrow()
  ).id;

  // v1 (the employee's) and v2 released; v2 dropped REMOVALS from stage 1.
  policy = await insertPolicy(t.db, { groupId: acme, name: "Catalogue fixture", stages: 2, versions: ["RELEASED", "RELEASED", "DRAFT"] });
  const [v1, v2, v3] = policy.versionIds as [number, number, number];
  const temp = await insertPolicyService(t.db, {
    versionId: v1,
    stage: 1,
    serviceKey: "TEMPACCOMMODATION",
    type: 3,
    title: "Hotel stay",
    amount: 150000,
    currency: "GBP",
    note: "Up to 30 nights",
    attributes: { fixtureRoomType: "Double" },
  });
  await insertPolicyService(t.db, { versionId: v1, stage: 1, serviceKey: "REMOVALS", type: 2, budgetGroup: 1 });
  await insertPolicyService(t.db, { versionId: v1, stage: 1, serviceKey: "HOMESALE", type: 5 });
  await insertPolicyService(t.db, { versionId: v1, stage: 2, serviceKey: "LANGUAGETRAINING", type: 4 });
  await insertBudget(t.db, { versionId: v1, stage: 1, groupNumber: 1, currency: "JPY", amount: 700000 });
  await insertPolicyService(t.db, { versionId: v2, stage: 1, serviceKey: "TEMPACCOMMODATION", type: 3 });
  await insertPolicyService(t.db, { versionId: v2, stage: 2, serviceKey: "LANGUAGETRAINING", type: 4 });
  await insertBudget(t.db, { versionId: v3, stage: 1, groupNumber: 2, currency: "CHF", amount: 100 });
  const set = await insertSet(t.db, { serviceKey: "TEMPACCOMMODATION", groupId: null, name: "Catalogue nights", groupNumber: 62, options: ["30 nights"], infos: [] });
  await t.db.insertInto("policy_service_benefits").values({ policy_service_id: temp, benefit_set_id: set.setId, benefit_option_id: set.optionIds[0]! }).execute();

  employeeId = await insertTestUser(t.db, { email: "mover@acme.test", group: "acme" });
  otherEmployeeId = await insertTestUser(t.db, { email: "mover@globex.test", group: "globex" });
  moveId = await insertMove(t.db, { groupId: acme, employeeId, policyId: policy.policyId, versionId: v1 });

  admin = await callerFor(t.db, "admin@meridian.test");
  hr = await callerFor(t.db, "hr@acme.test");
  hrGlobex = await callerFor(t.db, "hr@globex.test");
  crm = await callerFor(t.db, "crm@meridian.test");
  finance = await callerFor(t.db, "finance@meridian.test");
  employee = await callerFor(t.db, "employee@acme.test");
  movingEmployee = await callerFor(t.db, "mover@acme.test");
});
afterAll(() => t.close());

describe("services and attributes", () => {
  test("the catalogue", async () => {
    const services = await hr.policy.catalogue.services();
    expect(services.find((s) => s.key === "CASHFLEX")).toMatchObject({ isCashFlex: true, cashService: true });
    expect(services.find((s) => s.key === "REMOVALS")).toMatchObject({ defaultBudgetType: "CCY", name: "Household Goods Removal" });
    await expectTrpcError(employee.policy.catalogue.services(), "FORBIDDEN");
  });

  test("HR sees only attributes visible to HR; the admin switches visibility (audited)", async () => {
    const all = await admin.policy.catalogue.serviceAttributes({ serviceKey: "TEMPACCOMMODATION" });
    expect(all.find((a) => a.id === attributeId)).toMatchObject({ key: "fixtureRoomType", options: ["Single", "Double"], visibleToHr: false });
    expect((await hr.policy.catalogue.serviceAttributes({ serviceKey: "TEMPACCOMMODATION" })).map((a) => a.id)).not.toContain(attributeId);
    const res = await admin.policy.catalogue.setAttributeVisibility({ attributeId, visibleToHr: true });
    expect(res.attribute.visibleToHr).toBe(true);
    expect((await hr.policy.catalogue.serviceAttributes({ serviceKey: "TEMPACCOMMODATION" })).map((a) => a.id)).toContain(attributeId);
    expect((await auditRows(t.db, "policy.catalogue.attributeVisibility")).length).toBe(1);
  });

  test("bad input, wrong role", async () => {
    await expectTrpcError(admin.policy.catalogue.setAttributeVisibility({ attributeId: 999999, visibleToHr: true }), "NOT_FOUND", benefitMessages.attributeNotFound);
    await expectInputError(admin.policy.catalogue.setAttributeVisibility({ attributeId: 0, visibleToHr: true }), "attributeId");
    await expectTrpcError(hr.policy.catalogue.setAttributeVisibility({ attributeId, visibleToHr: false }), "FORBIDDEN");
    await expectTrpcError(employee.policy.catalogue.serviceAttributes({}), "FORBIDDEN");
  });
});

describe("spend categories", () => {
  test("the three-level tree", async () => {
    const tree = await finance.policy.catalogue.spendCategories();
    const root = tree.find((n) => n.id === 91000)!;
    expect(root).toMatchObject({ level: 1, parent: null, parentCategoryId: null });
    const level2 = root.childSpendCategoryList.find((n) => n.id === 91100)!;
    expect(level2).toMatchObject({ serviceType: "TEMPACCOMMODATION", sdcCategory: "HOUSING", serviceDescriptionCategory: "Fixture Housing" });
    const leaf = level2.childSpendCategoryList.find((n) => n.id === 91110)!;
    expect(leaf).toMatchObject({ level: 3, parent: 91100, parentCategoryId: 91100, moveStages: [1, 2], hidden: false, childSpendCategoryList: [] });
    await expectTrpcError(employee.policy.catalogue.spendCategories(), "FORBIDDEN");
  });

  test("search: 3 characters or ***; hidden and upper levels left out", async () => {
    const hits = await hr.policy.catalogue.searchSpendCategories({ query: "fixture hotel" });
    expect(hits.map((h) => h.id)).toEqual([91110]);
    expect(hits[0]!.path).toEqual(["Fixture Relocation", "Fixture Housing", "Fixture hotel nights"]);
    const all = await admin.policy.catalogue.searchSpendCategories({ query: "***" });
    expect(all.map((h) => h.id)).toEqual(expect.arrayContaining([91110, 91112]));
    expect(all.map((h) => h.id)).not.toContain(91111);
    expect(all.every((h) => h.level >= 3)).toBe(true);
    await expectTrpcError(admin.policy.catalogue.searchSpendCategories({ query: " ab " }), "BAD_REQUEST", policyMessages.spendCategorySearchTooShort);
    await expectTrpcError(employee.policy.catalogue.searchSpendCategories({ query: "hotel" }), "FORBIDDEN");
  });
});

describe("tags", () => {
  test("the admin creates a tag; HR of the group lists them", async () => {
    expect(await admin.policy.catalogue.createTag({ group: "acme", name: "  Fixture   tag " })).toMatchObject({ name: "Fixture tag" });
    expect((await hr.policy.catalogue.tags({ group: "acme" })).map((x) => x.name)).toContain("Fixture tag");
    expect((await auditRows(t.db, "policy.catalogue.createTag")).length).toBe(1);
  });

  test("duplicate and empty names are refused", async () => {
    await expectTrpcError(admin.policy.catalogue.createTag({ group: "acme", name: "Fixture tag" }), "CONFLICT", benefitMessages.tagExists);
    await expectInputError(admin.policy.catalogue.createTag({ group: "acme", name: "   " }), "name");
  });

  test("wrong role and other group", async () => {
    await expectTrpcError(hr.policy.catalogue.createTag({ group: "acme", name: "Mine" }), "FORBIDDEN");
    await expectTrpcError(hrGlobex.policy.catalogue.tags({ group: "acme" }), "FORBIDDEN", messages.otherGroup);
    await expectTrpcError(employee.policy.catalogue.tags({ group: "acme" }), "FORBIDDEN");
  });
});

describe("currencies", () => {
  test("every code, the version's budget currencies first; from the employee's move when no version is given", async () => {
    const byVersion = await hr.policy.catalogue.currencies({ group: "acme", policyVersionId: policy.versionIds[2]! });
    expect(byVersion.currencyCodes[0]).toBe("CHF");
    expect(byVersion.currencyCodes).toContain("USD");
    expect(new Set(byVersion.currencyCodes).size).toBe(byVersion.currencyCodes.length);
    const byEmployee = await admin.policy.catalogue.currencies({ group: "acme", employeeId });
    expect(byEmployee.currencyCodes.slice(0, 2)).toEqual(["JPY", "GBP"]);
  });

  test("a version or employee of another group is not found; other group's HR refused", async () => {
    await expectTrpcError(admin.policy.catalogue.currencies({ group: "globex", policyVersionId: policy.versionIds[0]! }), "NOT_FOUND");
    await expectTrpcError(admin.policy.catalogue.currencies({ group: "acme", employeeId: otherEmployeeId }), "NOT_FOUND", policyMessages.employeeHasNoPolicy);
    await expectTrpcError(hrGlobex.policy.catalogue.currencies({ group: "acme" }), "FORBIDDEN");
    await expectTrpcError(employee.policy.catalogue.currencies({ group: "acme" }), "FORBIDDEN");
    await expectInputError(admin.policy.catalogue.currencies({ group: "" }), "group");
  });
});

describe("employeePolicy (GET /admin/policy/getPolicyDetails)", () => {
  test("per stage: service sections and REMOVED FROM POLICY", async () => {
    const view = await hr.policy.catalogue.employeePolicy({ employeeId });
    expect(view).toMatchObject({ success: true, errorMessage: null, policy: { id: policy.policyId, versionNumber: 1 } });
    expect(view.employee).toMatchObject({ id: employeeId, email: expect.stringContaining("@") });
    expect(view.moveStageSections.map((s) => [s.moveStageId, s.moveStageName])).toEqual([
      [1, "Relocation"],
      [2, "Ongoing"],
    ]);
    const stage1 = view.moveStageSections[0]!.sections;
    const hotel = stage1.find((s) => s.title === "Hotel stay")!;
    expect(hotel.components).toEqual(
      expect.arrayContaining([
        { name: "servicePolicyType", title: "Policy type", type: "TEXT", value: "Benefits" },
        { name: "amount", title: "Amount", type: "MONEY", value: "1500.00 GBP" },
        expect.objectContaining({ title: "Catalogue nights", type: "BENEFIT", value: "30 nights" }),
        { name: "note", title: "Notes", type: "NOTE", value: "Up to 30 nights" },
      ]),
    );
    const removed = stage1.find((s) => s.title === REMOVED_FROM_POLICY)!;
    expect(removed.components.map((c) => [c.name, c.serviceRemoved])).toEqual([
      ["REMOVALS", true],
      ["HOMESALE", true],
    ]);
    expect(stage1.some((s) => s.sectionMultiTitle === "REMOVALS")).toBe(false);
    expect(view.moveStageSections[1]!.sections.map((s) => s.title)).toEqual(["Language Training"]);
  });

  test("ADMIN, CRM and the employee themself (by move id) may look", async () => {
    expect((await admin.policy.catalogue.employeePolicy({ employeeId, moveId })).success).toBe(true);
    expect((await crm.policy.catalogue.employeePolicy({ employeeId })).success).toBe(true);
    expect((await movingEmployee.policy.catalogue.employeePolicy({ employeeId, moveId })).success).toBe(true);
  });

  test("unknown employee or move: 404 with the spec text", async () => {
    await expectTrpcError(admin.policy.catalogue.employeePolicy({ employeeId: 999999 }), "NOT_FOUND", policyMessages.employeeHasNoPolicy);
    await expectTrpcError(admin.policy.catalogue.employeePolicy({ employeeId, moveId: 999999 }), "NOT_FOUND", policyMessages.employeeHasNoPolicy);
    await expectTrpcError(admin.policy.catalogue.employeePolicy({ employeeId: otherEmployeeId }), "NOT_FOUND", policyMessages.employeeHasNoPolicy);
    await expectInputError(admin.policy.catalogue.employeePolicy({ employeeId: "x" as never }), "employeeId");
  });

  test("other employees, finance and other group's HR are refused", async () => {
    await expectTrpcError(employee.policy.catalogue.employeePolicy({ employeeId }), "FORBIDDEN");
    await expectTrpcError(finance.policy.catalogue.employeePolicy({ employeeId }), "FORBIDDEN");
    await expectTrpcError(hrGlobex.policy.catalogue.employeePolicy({ employeeId }), "FORBIDDEN");
  });
});
