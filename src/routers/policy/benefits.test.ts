import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { policyMessages } from "../../domain/policy/messages.ts";
import { benefitMessages } from "../../domain/policy/benefit-schemas.ts";
import { messages } from "../../domain/messages.ts";
import { auditRows, callerFor, createTestDatabase, type TestDatabase } from "../../test/db.ts";
import { expectInputError, expectTrpcError } from "../../test/errors.ts";
import {
  countOf,
  ensureServices,
  ensureSpendCategories,
  groupIdOf,
  insertPolicy,
  insertPolicyService,
  insertSet,
  type PolicyFixture,
  type SetFixture,
} from "./benefits-fixture.ts";

let t: TestDatabase;
let acme: number;
let globex: number;
let globalSet: SetFixture;
let cashSet: SetFixture;
let acmeSet: SetFixture;
let globexSet: SetFixture;
let standardPolicy: PolicyFixture;
let flexPolicy: PolicyFixture;
let globexPolicy: PolicyFixture;
type Caller = Awaited<ReturnType<typeof callerFor>>;
let admin: Caller;
let hr: Caller;
let hrGlobex: Caller;
let employee: Caller;

beforeAll(async () => {
  t = await createTestDatabase();
  await ensureServices(t.db);
  await ensureSpendCategories(t.db);
  acme = await groupIdOf(t.db, "acme");
  globex = await groupIdOf(t.db, "globex");
  globalSet = await insertSet(t.db, { serviceKey: "TEMPACCOMMODATION", groupId: null, name: "Fixture nights", groupNumber: 71, options: ["Standard", "Extended"], infos: ["Nights", "Rate"] });
  cashSet = await insertSet(t.db, { serviceKey: "LUMPSUM", groupId: null, name: "Fixture cash", groupNumber: 71, optionType: "CASH", options: ["Single", "Family"], infos: ["Amount"], formula: "1000" });
  acmeSet = await insertSet(t.db, { serviceKey: "TEMPACCOMMODATION", groupId: acme, name: "Acme extras", groupNumber: 72, options: ["Parking"], infos: ["Days"] });
  globexSet = await insertSet(t.db, { serviceKey: "TEMPACCOMMODATION", groupId: globex, name: "Globex extras", groupNumber: 73, options: ["Valet"], infos: ["Days"] });
  standardPolicy = await insertPolicy(t.db, { groupId: acme, name: "Fixture standard", versions: ["DRAFT"] });
  flexPolicy = await insertPolicy(t.db, { groupId: acme, name: "Fixture flex", programmeType: "CoreFlex", versions: ["DRAFT"] });
  globexPolicy = await insertPolicy(t.db, { groupId: globex, name: "Fixture globex", versions: ["DRAFT"] });
  admin = await callerFor(t.db, "admin@meridian.test");
  hr = await callerFor(t.db, "hr@acme.test");
  hrGlobex = await callerFor(t.db, "hr@globex.test");
  employee = await callerFor(t.db, "employee@acme.test");
});
afterAll(() => t.close());

const benefitsOf = (res: Awaited<ReturnType<Caller["policy"]["benefits"]["list"]>>, service: string) =>
  res.services.find((s) => s.id === service)?.benefits ?? [];

describe("benefits.list (GET group/getServiceBenefitsWithMetadata)", () => {
  test("global sets and the group's own, lines resolved GLOBAL; ADMIN is not read-only", async () => {
    const res = await admin.policy.benefits.list({ groupId: acme, filterInactive: false });
    expect(res.readOnly).toBe(false);
    expect(res.hideCash).toBe(false);
    const ids = benefitsOf(res, "TEMPACCOMMODATION").map((b) => b.id);
    expect(ids).toContain(globalSet.setId);
    expect(ids).toContain(acmeSet.setId);
    expect(ids).not.toContain(globexSet.setId);
    const set = benefitsOf(res, "TEMPACCOMMODATION").find((b) => b.id === globalSet.setId)!;
    expect(set).toMatchObject({ name: "Fixture nights", groupNumber: 71, groupId: null, custom: false, inactive: false });
    expect(set.metadataInfos.map((i) => i.name)).toEqual(["Nights", "Rate"]);
    const option = set.benefitOptions[0]!;
    expect(option.name).toBe("Standard");
    expect(option.metadataMap[String(globalSet.infoIds[0])]).toMatchObject({
      name: "Nights",
      formula: "nights * 100",
      adjustmentFactorFormula: null,
      metadataOverride: "GLOBAL",
    });
  });

  test("HR of the group reads, read-only; a CASH set is keyed by option id", async () => {
    const res = await hr.policy.benefits.list({ groupId: acme, filterInactive: false, serviceType: "LUMPSUM" });
    expect(res.readOnly).toBe(true);
    expect(res.services.map((s) => s.id)).toEqual(["LUMPSUM"]);
    const set = benefitsOf(res, "LUMPSUM").find((b) => b.id === cashSet.setId)!;
    expect(set.optionType).toBe("CASH");
    const [single] = set.benefitOptions;
    expect(Object.keys(single!.metadataMap)).toEqual([String(single!.id)]);
    expect(single!.metadataMap[String(single!.id)]!.formula).toBe("1000");
  });

  test("hideCash: a Standard policy hides CASH sets, a CoreFlex policy shows them", async () => {
    const standard = await admin.policy.benefits.list({ groupId: acme, policyId: standardPolicy.policyId, filterInactive: false });
    expect(standard.hideCash).toBe(true);
    expect(benefitsOf(standard, "LUMPSUM").map((b) => b.id)).not.toContain(cashSet.setId);
    const flex = await admin.policy.benefits.list({ groupId: acme, policyId: flexPolicy.policyId, filterInactive: false });
    expect(flex.hideCash).toBe(false);
    expect(benefitsOf(flex, "LUMPSUM").map((b) => b.id)).toContain(cashSet.setId);
  });

  test("bad input: unknown service, policy of another group, a policy without its group", async () => {
    await expectTrpcError(admin.policy.benefits.list({ groupId: acme, filterInactive: false, serviceType: "NOPE" }), "BAD_REQUEST", policyMessages.unknownService);
    await expectTrpcError(admin.policy.benefits.list({ groupId: acme, policyId: globexPolicy.policyId, filterInactive: false }), "BAD_REQUEST", benefitMessages.policyNotInGroup);
    await expectTrpcError(admin.policy.benefits.list({ policyId: standardPolicy.policyId, filterInactive: false }), "BAD_REQUEST", benefitMessages.policyNotInGroup);
    await expectInputError(admin.policy.benefits.list({ groupId: -1, filterInactive: false }), "groupId");
  });

  test("without a group: the global defaults only, for platform admins", async () => {
    const res = await admin.policy.benefits.list({ filterInactive: false });
    const ids = benefitsOf(res, "TEMPACCOMMODATION").map((b) => b.id);
    expect(ids).toContain(globalSet.setId);
    expect(ids).not.toContain(acmeSet.setId);
    expect(ids).not.toContain(globexSet.setId);
    const lines = benefitsOf(res, "TEMPACCOMMODATION").flatMap((b) => b.benefitOptions.flatMap((o) => Object.values(o.metadataMap)));
    expect(lines.every((l) => l.metadataOverride === "GLOBAL")).toBe(true);
    await expectTrpcError(hr.policy.benefits.list({ filterInactive: false }), "FORBIDDEN");
  });

  test("wrong role and other group are refused", async () => {
    await expectTrpcError(employee.policy.benefits.list({ groupId: acme, filterInactive: false }), "FORBIDDEN");
    await expectTrpcError(hrGlobex.policy.benefits.list({ groupId: acme, filterInactive: false }), "FORBIDDEN", messages.otherGroup);
  });
});

describe("metadata lines: overrides policy > group > global", () => {
  test("group override, policy override, then removing them shows the parent again", async () => {
    const optionId = globalSet.optionIds[0]!;
    const infoId = globalSet.infoIds[0]!;
    const key = String(infoId);
    const lineOf = async (policyId?: number) =>
      benefitsOf(await admin.policy.benefits.list({ groupId: acme, policyId, filterInactive: false }), "TEMPACCOMMODATION")
        .find((b) => b.id === globalSet.setId)!
        .benefitOptions.find((o) => o.id === optionId)!.metadataMap[key]!;

    const group = await admin.policy.benefits.saveMetadata({ serviceBenefitId: optionId, metadataInfoId: infoId, formula: "nights * 120", groupId: acme });
    expect(group.metadata).toMatchObject({ formula: "nights * 120", metadataOverride: "GROUP" });
    expect((await lineOf()).metadataOverride).toBe("GROUP");

    const policy = await admin.policy.benefits.saveMetadata({
      serviceBenefitId: optionId,
      metadataInfoId: infoId,
      formula: "nights * 150",
      adjustmentFormula: "colIndex",
      groupId: acme,
      policyId: flexPolicy.policyId,
    });
    expect(policy.metadata).toMatchObject({ metadataOverride: "POLICY", adjustmentFactorFormula: "colIndex" });
    expect(await lineOf(flexPolicy.policyId)).toMatchObject({ formula: "nights * 150", metadataOverride: "POLICY" });
    expect((await lineOf(standardPolicy.policyId)).metadataOverride).toBe("GROUP");
    // Saving again at the same scope updates the row.
    const again = await admin.policy.benefits.saveMetadata({ serviceBenefitId: optionId, metadataInfoId: infoId, formula: "nights * 160", policyId: flexPolicy.policyId });
    expect(again.metadata.id).toBe(policy.metadata.id);

    expect(await admin.policy.benefits.deleteMetadataOverride({ metadataInfoId: infoId, groupId: acme, policyId: flexPolicy.policyId })).toEqual({ success: true, deleted: 1 });
    expect((await lineOf(flexPolicy.policyId)).metadataOverride).toBe("GROUP");
    await admin.policy.benefits.deleteMetadataOverride({ metadataInfoId: infoId, groupId: acme, serviceBenefitId: optionId });
    expect(await lineOf()).toMatchObject({ formula: "nights * 100", metadataOverride: "GLOBAL" });
    expect((await auditRows(t.db, "policy.benefit.deleteMetadataOverride")).length).toBe(2);
    await expectTrpcError(admin.policy.benefits.deleteMetadataOverride({ metadataInfoId: infoId, groupId: acme }), "NOT_FOUND", policyMessages.metadataNotFound);
  });

  test("updateMetadata of a global line at group scope creates the group's override and keeps the default", async () => {
    const global = (await t.db.selectFrom("benefit_metadata").selectAll().where("benefit_option_id", "=", globalSet.optionIds[1]!).where("group_id", "is", null).executeTakeFirstOrThrow());
    const res = await admin.policy.benefits.updateMetadata({ id: global.id, formula: "nights * 90", adjustmentFormula: "", groupId: acme });
    expect(res.metadata.id).not.toBe(global.id);
    expect(res.metadata).toMatchObject({ metadataOverride: "GROUP", formula: "nights * 90", adjustmentFactorFormula: null });
    expect((await t.db.selectFrom("benefit_metadata").select("formula").where("id", "=", global.id).executeTakeFirstOrThrow()).formula).toBe("nights * 100");
    // Without a scope, the global line itself changes.
    const updated = await admin.policy.benefits.updateMetadata({ id: global.id, formula: "nights * 101" });
    expect(updated.metadata).toMatchObject({ id: global.id, metadataOverride: "GLOBAL" });
  });

  test("metadataName adds a metadata line (column) to the set", async () => {
    const res = await admin.policy.benefits.saveMetadata({ serviceBenefitId: acmeSet.optionIds[0]!, metadataName: "<b>Cap</b>", formula: "days * 20", groupId: acme });
    expect(res.metadata.name).toBe("Cap");
    const info = await t.db.selectFrom("metadata_infos").selectAll().where("id", "=", res.metadata.metadataInfoId).executeTakeFirstOrThrow();
    expect(info.benefit_set_id).toBe(acmeSet.setId);
  });

  test("an invalid formula is refused with its position and nothing is written", async () => {
    const before = await countOf(t.db, "benefit_metadata");
    const bad = await expectTrpcError(
      admin.policy.benefits.saveMetadata({ serviceBenefitId: globalSet.optionIds[0]!, metadataInfoId: globalSet.infoIds[1]!, formula: "nights * ", groupId: acme }),
      "BAD_REQUEST",
    );
    expect(bad.message).toStartWith("Invalid formula at character ");
    expect((bad.cause as { fields?: Record<string, string> }).fields).toEqual({ formula: bad.message });
    const adj = await expectTrpcError(
      admin.policy.benefits.saveMetadata({ serviceBenefitId: globalSet.optionIds[0]!, metadataInfoId: globalSet.infoIds[1]!, formula: "nights", adjustmentFormula: "unknownThing", groupId: acme }),
      "BAD_REQUEST",
    );
    expect(adj.message).toBe(policyMessages.invalidFormula(1, 'unknown variable "unknownThing"'));
    expect((adj.cause as { fields?: Record<string, string> }).fields).toEqual({ adjustmentFormula: adj.message });
    await expectTrpcError(
      admin.policy.benefits.saveMetadata({ serviceBenefitId: globalSet.optionIds[0]!, formula: "nights", groupId: acme }),
      "BAD_REQUEST",
      benefitMessages.metadataNameOrId,
    );
    expect(await countOf(t.db, "benefit_metadata")).toBe(before);
  });

  test("wrong role, other group's set and other group's policy are refused", async () => {
    await expectTrpcError(hr.policy.benefits.saveMetadata({ serviceBenefitId: acmeSet.optionIds[0]!, metadataInfoId: acmeSet.infoIds[0]!, formula: "1", groupId: acme }), "FORBIDDEN");
    await expectTrpcError(
      admin.policy.benefits.saveMetadata({ serviceBenefitId: globexSet.optionIds[0]!, metadataInfoId: globexSet.infoIds[0]!, formula: "1", groupId: acme }),
      "BAD_REQUEST",
      policyMessages.metadataUpdateFailed,
    );
    await expectTrpcError(
      admin.policy.benefits.saveMetadata({ serviceBenefitId: globalSet.optionIds[0]!, metadataInfoId: globalSet.infoIds[0]!, formula: "1", groupId: acme, policyId: globexPolicy.policyId }),
      "BAD_REQUEST",
      benefitMessages.policyNotInGroup,
    );
  });
});

describe("benefits.addOption (POST group/addServiceBenefitOption)", () => {
  test("adds to the group's existing set; audited", async () => {
    const res = await admin.policy.benefits.addOption({ groupId: acme, groupNumber: 72, description: "", optionName: " <i>Garage</i> ", serviceType: "TEMPACCOMMODATION" });
    expect(res).toMatchObject({ success: true, benefitId: acmeSet.setId, groupNumber: 72, created: false });
    const option = await t.db.selectFrom("benefit_options").selectAll().where("id", "=", res.benefitOptionId).executeTakeFirstOrThrow();
    expect(option.name).toBe("Garage");
    expect((await auditRows(t.db, "policy.benefit.addOption")).at(-1)!.entity_id).toBe(String(res.benefitOptionId));
  });

  test("creates a numbered set, and a new group numbered after the highest; the service may come from the spend category", async () => {
    const numbered = await admin.policy.benefits.addOption({ groupId: acme, groupNumber: 80, description: "Acme shuttle", optionName: "Daily", sdcId: 91110 });
    expect(numbered).toMatchObject({ created: true, groupNumber: 80 });
    const set = await t.db.selectFrom("benefit_sets").selectAll().where("id", "=", numbered.benefitId).executeTakeFirstOrThrow();
    expect(set).toMatchObject({ service_key: "TEMPACCOMMODATION", group_id: acme, name: "Acme shuttle", sdc_id: 91110 });
    const highest = await t.db
      .selectFrom("benefit_sets")
      .select((eb) => eb.fn.max("group_number").as("n"))
      .where("service_key", "=", "TEMPACCOMMODATION")
      .where((eb) => eb.or([eb("group_id", "is", null), eb("group_id", "=", acme)]))
      .executeTakeFirstOrThrow();
    const next = await admin.policy.benefits.addOption({ groupId: acme, description: "Acme more", optionName: "One", serviceType: "TEMPACCOMMODATION" });
    expect(next).toMatchObject({ created: true, groupNumber: Number(highest.n) + 1 });
  });

  test("§5 rules; nothing written", async () => {
    const before = [await countOf(t.db, "benefit_sets"), await countOf(t.db, "benefit_options")];
    const base = { groupId: acme, serviceType: "TEMPACCOMMODATION" };
    await expectTrpcError(admin.policy.benefits.addOption({ ...base, groupNumber: 90, description: "<p></p>", optionName: "x" }), "BAD_REQUEST", policyMessages.benefitSetNameFirst);
    await expectTrpcError(admin.policy.benefits.addOption({ ...base, description: " ", optionName: "x" }), "BAD_REQUEST", policyMessages.groupNameRequired);
    await expectTrpcError(admin.policy.benefits.addOption({ ...base, groupNumber: 90, description: "New", optionName: "" }), "BAD_REQUEST", policyMessages.groupNeedsOption);
    await expectTrpcError(admin.policy.benefits.addOption({ ...base, groupNumber: 72, description: "", optionName: "" }), "BAD_REQUEST", policyMessages.benefitOptionNameFirst);
    await expectTrpcError(admin.policy.benefits.addOption({ groupId: acme, description: "A", optionName: "B" }), "BAD_REQUEST", policyMessages.selectService);
    await expectTrpcError(admin.policy.benefits.addOption({ ...base, description: "A", optionName: "B", sdcId: 99999 }), "BAD_REQUEST", benefitMessages.spendCategoryNotFound);
    await expectInputError(admin.policy.benefits.addOption({ ...base, groupId: -1, description: "A", optionName: "B" }), "groupId");
    expect([await countOf(t.db, "benefit_sets"), await countOf(t.db, "benefit_options")]).toEqual(before);
  });

  test("an unknown groupId is NOT_FOUND (not a foreign-key failure), for options and metadata; past int4 or hex text is bad input; nothing written", async () => {
    const before = [await countOf(t.db, "benefit_sets"), await countOf(t.db, "benefit_options"), await countOf(t.db, "benefit_metadata")];
    const option = { description: "A", optionName: "B", serviceType: "TEMPACCOMMODATION" };
    await expectTrpcError(admin.policy.benefits.addOption({ ...option, groupId: 999_999 }), "NOT_FOUND", policyMessages.groupNotFound);
    await expectTrpcError(admin.policy.benefits.addOption({ ...option, groupId: 2_147_483_647 }), "NOT_FOUND", policyMessages.groupNotFound);
    const line = { serviceBenefitId: globalSet.optionIds[0]!, metadataInfoId: globalSet.infoIds[0]!, formula: "1" };
    await expectTrpcError(admin.policy.benefits.saveMetadata({ ...line, groupId: 999_999 }), "NOT_FOUND", policyMessages.groupNotFound);
    await expectInputError(admin.policy.benefits.addOption({ ...option, groupId: 2 ** 31 }), "groupId");
    await expectInputError(admin.policy.benefits.addOption({ ...option, groupId: "0x1" as never }), "groupId");
    expect([await countOf(t.db, "benefit_sets"), await countOf(t.db, "benefit_options"), await countOf(t.db, "benefit_metadata")]).toEqual(before);
  });

  test("HR may not add; another group's HR neither", async () => {
    await expectTrpcError(hr.policy.benefits.addOption({ groupId: acme, groupNumber: 72, description: "", optionName: "X", serviceType: "TEMPACCOMMODATION" }), "FORBIDDEN");
    await expectTrpcError(hrGlobex.policy.benefits.addOption({ groupId: acme, groupNumber: 72, description: "", optionName: "X", serviceType: "TEMPACCOMMODATION" }), "FORBIDDEN");
  });
});

describe("renames, flags and option delete", () => {
  test("renameOption: stripped, audited; empty refused", async () => {
    const res = await admin.policy.benefits.renameOption({ id: globalSet.optionIds[1]!, optionName: "<b>Long stay</b>" });
    expect(res).toEqual({ success: true, id: globalSet.optionIds[1]!, name: "Long stay" });
    expect((await auditRows(t.db, "policy.benefit.renameOption")).length).toBe(1);
    await expectTrpcError(admin.policy.benefits.renameOption({ id: globalSet.optionIds[1]!, optionName: "<br>" }), "BAD_REQUEST", policyMessages.optionNameEmpty);
    await expectTrpcError(admin.policy.benefits.renameOption({ id: 999999, optionName: "x" }), "NOT_FOUND", benefitMessages.optionNotFound);
    await expectTrpcError(hr.policy.benefits.renameOption({ id: acmeSet.optionIds[0]!, optionName: "x" }), "FORBIDDEN");
  });

  test("renameSet: empty gives the benefit-set text, with the rename text on the field", async () => {
    expect(await admin.policy.benefits.renameSet({ benefitId: acmeSet.setId, name: "Acme parking" })).toMatchObject({ name: "Acme parking" });
    const error = await expectTrpcError(admin.policy.benefits.renameSet({ benefitId: acmeSet.setId, name: "  " }), "BAD_REQUEST", policyMessages.benefitSetEmpty);
    expect((error.cause as { fields?: Record<string, string> }).fields).toEqual({ name: policyMessages.benefitSetNameEmpty });
    expect((await t.db.selectFrom("benefit_sets").select("name").where("id", "=", acmeSet.setId).executeTakeFirstOrThrow()).name).toBe("Acme parking");
    await expectTrpcError(hrGlobex.policy.benefits.renameSet({ benefitId: acmeSet.setId, name: "x" }), "FORBIDDEN");
  });

  test("setFlags; inactive sets are left out with filterInactive", async () => {
    const res = await admin.policy.benefits.setFlags({ benefitId: acmeSet.setId, inactive: true, custom: true, sdcId: 91112 });
    expect(res.benefit).toEqual({ id: acmeSet.setId, inactive: true, affectsCostEstimate: false, custom: true, sdcId: 91112 });
    const active = await admin.policy.benefits.list({ groupId: acme, filterInactive: true, serviceType: "TEMPACCOMMODATION" });
    expect(benefitsOf(active, "TEMPACCOMMODATION").map((b) => b.id)).not.toContain(acmeSet.setId);
    const all = await admin.policy.benefits.list({ groupId: acme, filterInactive: false, serviceType: "TEMPACCOMMODATION" });
    expect(benefitsOf(all, "TEMPACCOMMODATION").find((b) => b.id === acmeSet.setId)!.inactive).toBe(true);
    await admin.policy.benefits.setFlags({ benefitId: acmeSet.setId, inactive: false, sdcId: null });
    await expectTrpcError(admin.policy.benefits.setFlags({ benefitId: acmeSet.setId, sdcId: 424242 }), "BAD_REQUEST", benefitMessages.spendCategoryNotFound);
    await expectTrpcError(hr.policy.benefits.setFlags({ benefitId: acmeSet.setId, inactive: true }), "FORBIDDEN");
  });

  test("deleteOption: refused while a policy uses it and for a set's last option", async () => {
    const extra = await insertSet(t.db, { serviceKey: "STORAGE", groupId: acme, name: "Acme storage", groupNumber: 74, options: ["Small", "Large"], infos: [] });
    const serviceId = await insertPolicyService(t.db, { versionId: standardPolicy.versionIds[0]!, stage: 1, serviceKey: "STORAGE", type: 3 });
    await t.db.insertInto("policy_service_benefits").values({ policy_service_id: serviceId, benefit_set_id: extra.setId, benefit_option_id: extra.optionIds[0]! }).execute();
    await expectTrpcError(admin.policy.benefits.deleteOption({ benefitOptionId: extra.optionIds[0]! }), "CONFLICT", benefitMessages.optionInUse);
    expect(await admin.policy.benefits.deleteOption({ benefitOptionId: extra.optionIds[1]! })).toEqual({ success: true });
    await t.db.deleteFrom("policy_service_benefits").where("policy_service_id", "=", serviceId).execute();
    await expectTrpcError(admin.policy.benefits.deleteOption({ benefitOptionId: extra.optionIds[0]! }), "CONFLICT", policyMessages.groupNeedsOption);
    await expectTrpcError(hr.policy.benefits.deleteOption({ benefitOptionId: extra.optionIds[0]! }), "FORBIDDEN");
  });
});

describe("benefits.evaluateFormula", () => {
  test("value, factor and result; HR may test formulas", async () => {
    expect(await admin.policy.benefits.evaluateFormula({ formula: "nights * 100", adjustmentFormula: "colIndex", inputs: { nights: 3, colIndex: 1.5 } })).toEqual({
      value: 300,
      factor: 1.5,
      result: 450,
      variables: ["nights", "colIndex"],
    });
    expect((await hr.policy.benefits.evaluateFormula({ formula: "min(nights, 10)", inputs: { nights: 30 } })).result).toBe(10);
  });

  test("an invalid formula or a missing input comes back with its position", async () => {
    await expectTrpcError(admin.policy.benefits.evaluateFormula({ formula: "nights +* 2", inputs: {} }), "BAD_REQUEST");
    await expectTrpcError(admin.policy.benefits.evaluateFormula({ formula: "2 * nights", inputs: {} }), "BAD_REQUEST", policyMessages.invalidFormula(5, 'no value for "nights"'));
  });

  test("employees may not", async () => {
    await expectTrpcError(employee.policy.benefits.evaluateFormula({ formula: "1", inputs: {} }), "FORBIDDEN");
  });
});
