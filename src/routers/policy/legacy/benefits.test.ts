import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { policyMessages } from "../../../domain/policy/messages.ts";
import { REMOVED_FROM_POLICY } from "../../../domain/policy/benefit-schemas.ts";
import { messages } from "../../../domain/messages.ts";
import { appFor, cookieFor, get, jsonOf, postForm, postJson, send, type TestApp } from "../../../test/app.ts";
import { auditRows, createTestDatabase, insertTestUser, type TestDatabase } from "../../../test/db.ts";
import { expectNoStackTrace } from "../../../test/errors.ts";
import {
  ensureServices,
  ensureSpendCategories,
  groupIdOf,
  insertMove,
  insertPolicy,
  insertPolicyService,
  insertSet,
  type PolicyFixture,
  type SetFixture,
} from "../benefits-fixture.ts";

const BASE = "/api/v1/policy/configuration/";

let t: TestDatabase;
let app: TestApp;
let acme: number;
let set: SetFixture;
let policy: PolicyFixture;
let draft: number;
let employeeId: number;
let admin: string;
let hr: string;
let hrGlobex: string;
let employee: string;

beforeAll(async () => {
  t = await createTestDatabase();
  app = appFor(t.db);
  await ensureServices(t.db);
  await ensureSpendCategories(t.db);
  acme = await groupIdOf(t.db, "acme");
  set = await insertSet(t.db, { serviceKey: "TEMPACCOMMODATION", groupId: acme, name: "Legacy extras", groupNumber: 75, options: ["Parking", "Garage"], infos: ["Days"] });
  policy = await insertPolicy(t.db, { groupId: acme, name: "Legacy fixture", stages: 2, versions: ["RELEASED", "DRAFT"] });
  draft = policy.versionIds[1]!;
  await insertPolicyService(t.db, { versionId: policy.versionIds[0]!, stage: 1, serviceKey: "TEMPACCOMMODATION", type: 3, amount: 5000, currency: "GBP" });
  await insertPolicyService(t.db, { versionId: policy.versionIds[0]!, stage: 1, serviceKey: "HOMESALE", type: 5 });
  await insertPolicyService(t.db, { versionId: draft, stage: 1, serviceKey: "TEMPACCOMMODATION", type: 3 });
  await insertPolicyService(t.db, { versionId: draft, stage: 1, serviceKey: "REMOVALS", type: 2 });
  employeeId = await insertTestUser(t.db, { email: "legacy-mover@acme.test", group: "acme" });
  await insertMove(t.db, { groupId: acme, employeeId, policyId: policy.policyId, versionId: policy.versionIds[0]! });
  admin = await cookieFor(t.db, "admin@meridian.test");
  hr = await cookieFor(t.db, "hr@acme.test");
  hrGlobex = await cookieFor(t.db, "hr@globex.test");
  employee = await cookieFor(t.db, "employee@acme.test");
});
afterAll(() => t.close());

async function failure(res: Response, status: number, errorMessage?: string) {
  const text = await res.text();
  expectNoStackTrace(text);
  const body = JSON.parse(text);
  expect(res.status).toBe(status);
  expect(body.success).toBe(false);
  if (errorMessage !== undefined) expect(body.errorMessage).toBe(errorMessage);
  return body;
}

describe("GET group/getServiceBenefitsWithMetadata", () => {
  const path = (q: string) => `${BASE}group/getServiceBenefitsWithMetadata?${q}`;

  test("ADMIN: services, readOnly false, hideCash false; HR of the group: read-only", async () => {
    const res = await jsonOf(await get(app, path(`groupId=${acme}&filterInactive=false&serviceType=TEMPACCOMMODATION`), { cookie: admin }));
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ readOnly: false, hideCash: false });
    const benefit = res.body.services[0].benefits.find((b: { id: number }) => b.id === set.setId);
    expect(benefit).toMatchObject({ name: "Legacy extras", groupNumber: 75, metadataInfos: [{ id: set.infoIds[0], name: "Days" }] });
    expect(benefit.benefitOptions[0].metadataMap[String(set.infoIds[0])]).toMatchObject({ metadataOverride: "GROUP", formula: "nights * 100" });
    const asHr = await jsonOf(await get(app, path(`groupId=${acme}&policyId=${policy.policyId}&filterInactive=true`), { cookie: hr }));
    expect(asHr.body).toMatchObject({ readOnly: true, hideCash: true });
  });

  test("bad input, no session, wrong role, other group", async () => {
    await failure(await get(app, path("groupId=abc"), { cookie: admin }), 400);
    await failure(await get(app, path(`groupId=${acme}`)), 401, messages.signInRequired);
    await failure(await get(app, path(`groupId=${acme}`), { cookie: employee }), 403);
    await failure(await get(app, path(`groupId=${acme}`), { cookie: hrGlobex }), 403, messages.otherGroup);
  });
});

describe("POST group/addServiceBenefitOption", () => {
  test("form fields: adds the option; audited", async () => {
    const res = await jsonOf(
      await postForm(app, `${BASE}group/addServiceBenefitOption`, { groupId: String(acme), groupNumber: "75", description: "", optionName: "Valet", sdcId: "", serviceType: "TEMPACCOMMODATION" }, { cookie: admin }),
    );
    expect(res).toMatchObject({ status: 200, body: { success: true, benefitId: set.setId, created: false } });
    expect((await auditRows(t.db, "policy.benefit.addOption")).length).toBe(1);
  });

  test("§5 texts; nothing written; roles", async () => {
    const before = (await t.db.selectFrom("benefit_options").select("id").execute()).length;
    await failure(
      await postForm(app, `${BASE}group/addServiceBenefitOption`, { groupId: String(acme), groupNumber: "75", description: "", optionName: " ", serviceType: "TEMPACCOMMODATION" }, { cookie: admin }),
      400,
      policyMessages.benefitOptionNameFirst,
    );
    await failure(
      await postJson(app, `${BASE}group/addServiceBenefitOption`, { groupId: acme, description: "", optionName: "X", serviceType: "TEMPACCOMMODATION" }, { cookie: admin }),
      400,
      policyMessages.groupNameRequired,
    );
    await failure(await postJson(app, `${BASE}group/addServiceBenefitOption`, { groupId: acme, groupNumber: 75, description: "", optionName: "X", serviceType: "TEMPACCOMMODATION" }, { cookie: hr }), 403);
    await failure(await postJson(app, `${BASE}group/addServiceBenefitOption`, { groupId: acme, groupNumber: 75, description: "", optionName: "X", serviceType: "TEMPACCOMMODATION" }, { cookie: hrGlobex }), 403);
    expect((await t.db.selectFrom("benefit_options").select("id").execute()).length).toBe(before);
  });
});

describe("unknown or malformed groupId", () => {
  test("an unknown group is 404 with its text (not a foreign-key 500); hex text is not a number; nothing written", async () => {
    const count = async () => (await t.db.selectFrom("benefit_options").select("id").execute()).length + (await t.db.selectFrom("benefit_metadata").select("id").execute()).length;
    const before = await count();
    const option = { description: "A", optionName: "B", serviceType: "TEMPACCOMMODATION" };
    await failure(await postForm(app, `${BASE}group/addServiceBenefitOption`, { ...option, groupId: "999999" }, { cookie: admin }), 404, policyMessages.groupNotFound);
    await failure(
      await postForm(app, `${BASE}serviceBenefitMetadata`, { serviceBenefitId: String(set.optionIds[0]), metadataInfoId: String(set.infoIds[0]), formula: "1", groupId: "999999" }, { cookie: admin }),
      404,
      policyMessages.groupNotFound,
    );
    // "0x10" was read as group 16 (z.coerce.number accepts hex): only decimal digits are a number.
    const hex = await failure(await postForm(app, `${BASE}group/addServiceBenefitOption`, { ...option, groupId: String(acme).replace(/^/, "0x") }, { cookie: admin }), 400);
    expect(Object.keys(hex.fields)).toEqual(["groupId"]);
    await failure(await postForm(app, `${BASE}group/addServiceBenefitOption`, { ...option, groupId: "2147483648" }, { cookie: admin }), 400);
    expect(await count()).toBe(before);
  });
});

describe("metadata lines", () => {
  test("serviceBenefitMetadata, updateServiceBenefitMetadata, deleteServiceBenefitMetadataOverride", async () => {
    const policyOverride = await jsonOf(
      await postForm(
        app,
        `${BASE}serviceBenefitMetadata`,
        { serviceBenefitId: String(set.optionIds[0]), metadataInfoId: String(set.infoIds[0]), formula: "days * 10", adjustmentFormula: "", groupId: String(acme), policyId: String(policy.policyId), serviceType: "TEMPACCOMMODATION", metadataName: "" },
        { cookie: admin },
      ),
    );
    expect(policyOverride).toMatchObject({ status: 200, body: { success: true, metadata: { metadataOverride: "POLICY", formula: "days * 10" } } });

    const updated = await jsonOf(
      await postJson(app, `${BASE}updateServiceBenefitMetadata`, { id: policyOverride.body.metadata.id, formula: "days * 12", adjustmentFormula: null, groupId: acme, policyId: policy.policyId, serviceType: "TEMPACCOMMODATION" }, { cookie: admin }),
    );
    expect(updated.body.metadata).toMatchObject({ id: policyOverride.body.metadata.id, formula: "days * 12" });

    const deleted = await jsonOf(
      await postForm(app, `${BASE}deleteServiceBenefitMetadataOverride`, { metadataInfoId: String(set.infoIds[0]), serviceType: "TEMPACCOMMODATION", groupId: String(acme), policyId: String(policy.policyId) }, { cookie: admin }),
    );
    expect(deleted).toEqual({ status: 200, body: { success: true, deleted: 1 } });
  });

  test("an invalid formula: 400 with its position; nothing written", async () => {
    const before = (await t.db.selectFrom("benefit_metadata").select("id").execute()).length;
    const body = await failure(
      await postForm(app, `${BASE}serviceBenefitMetadata`, { serviceBenefitId: String(set.optionIds[0]), metadataInfoId: String(set.infoIds[0]), formula: "days +", groupId: String(acme) }, { cookie: admin }),
      400,
    );
    expect(body.errorMessage).toStartWith("Invalid formula at character ");
    expect(body.fields.formula).toBe(body.errorMessage);
    await failure(await postJson(app, `${BASE}updateServiceBenefitMetadata`, { id: 999999, formula: "1", groupId: acme }, { cookie: admin }), 404, policyMessages.metadataNotFound);
    await failure(await postJson(app, `${BASE}deleteServiceBenefitMetadataOverride`, { metadataInfoId: set.infoIds[0], groupId: acme, policyId: policy.policyId }, { cookie: admin }), 404, policyMessages.metadataNotFound);
    expect((await t.db.selectFrom("benefit_metadata").select("id").execute()).length).toBe(before);
  });

  test("roles and other group", async () => {
    const fields = { serviceBenefitId: set.optionIds[0], metadataInfoId: set.infoIds[0], formula: "1", groupId: acme };
    await failure(await postJson(app, `${BASE}serviceBenefitMetadata`, fields, { cookie: hr }), 403);
    await failure(await postJson(app, `${BASE}serviceBenefitMetadata`, fields, { cookie: hrGlobex }), 403);
    await failure(await postJson(app, `${BASE}deleteServiceBenefitMetadataOverride`, { metadataInfoId: set.infoIds[0], groupId: acme }, { cookie: hr }), 403);
  });
});

describe("renames", () => {
  test("updateServiceBenefitOptionName and updateBenefitsSetName", async () => {
    expect(await jsonOf(await postForm(app, `${BASE}updateServiceBenefitOptionName`, { id: String(set.optionIds[1]), optionName: "Big garage" }, { cookie: admin }))).toEqual({
      status: 200,
      body: { success: true, id: set.optionIds[1], name: "Big garage" },
    });
    expect((await jsonOf(await postForm(app, `${BASE}updateBenefitsSetName/`, { benefitId: String(set.setId), name: "Legacy parking" }, { cookie: admin }))).body.name).toBe("Legacy parking");
  });

  test("empty names: the spec texts; roles", async () => {
    await failure(await postForm(app, `${BASE}updateServiceBenefitOptionName`, { id: String(set.optionIds[1]), optionName: "" }, { cookie: admin }), 400, policyMessages.optionNameEmpty);
    const body = await failure(await postForm(app, `${BASE}updateBenefitsSetName`, { benefitId: String(set.setId), name: "" }, { cookie: admin }), 400, policyMessages.benefitSetEmpty);
    expect(body.fields).toEqual({ name: policyMessages.benefitSetNameEmpty });
    await failure(await postForm(app, `${BASE}updateBenefitsSetName`, { benefitId: String(set.setId), name: "x" }, { cookie: hr }), 403);
    await failure(await postForm(app, `${BASE}updateServiceBenefitOptionName`, { id: String(set.optionIds[1]), optionName: "x" }, { cookie: hrGlobex }), 403);
  });
});

describe("popup paths", () => {
  test("on, texts, services, order, display flags, off", async () => {
    expect(await jsonOf(await postForm(app, "/policy/updatePopupDisplay", { displayed: "true", policyVersionId: String(draft) }, { cookie: admin }))).toEqual({
      status: 200,
      body: { success: true, displayed: true },
    });
    expect((await jsonOf(await postJson(app, `${BASE}updatePopUpItem`, { type: "HEADER", text: "<b>Hello</b> {companyName}", policyVersionId: draft }, { cookie: admin }))).body).toEqual({
      success: true,
      type: "HEADER",
      text: "Hello {companyName}",
    });
    const added = await jsonOf(await postForm(app, "/policy/addServiceItem", { service: "TEMPACCOMMODATION", policyVersionId: String(draft), moveStageId: "1" }, { cookie: admin }));
    expect(added.body).toMatchObject({ success: true, services: [{ service: "TEMPACCOMMODATION", order: 1 }] });
    await postForm(app, "/policy/addServiceItem", { service: "REMOVALS", policyVersionId: String(draft), moveStageId: "1" }, { cookie: admin });
    const ordered = await jsonOf(await postForm(app, "/policy/updatePopupOrder", { policyVersionId: String(draft), moveStageId: "1", order: "REMOVALS,TEMPACCOMMODATION" }, { cookie: admin }));
    expect(ordered.body.services.map((s: { service: string }) => s.service)).toEqual(["REMOVALS", "TEMPACCOMMODATION"]);
    const removed = await jsonOf(await postJson(app, "/policy/removePopUpService", { service: "REMOVALS", policyVersionId: draft, moveStageId: 1 }, { cookie: admin }));
    expect(removed.body.services.map((s: { service: string }) => s.service)).toEqual(["TEMPACCOMMODATION"]);
    expect((await jsonOf(await postForm(app, "/policy/updateDisplayRelocationAndOngoingBenefits", { displayed: "1", policyVersionId: String(draft) }, { cookie: admin }))).body).toEqual({
      success: true,
      displayed: true,
    });
    await postForm(app, "/policy/updatePopupDisplay", { displayed: "false", policyVersionId: String(draft) }, { cookie: admin });
    expect(await t.db.selectFrom("policy_popups").select("policy_version_id").where("policy_version_id", "=", draft).executeTakeFirst()).toBeUndefined();
  });

  test("POST and DELETE policies/versions/{id}/popup", async () => {
    expect(await jsonOf(await send(app, "POST", `${BASE}policies/versions/${draft}/popup`, null, { cookie: admin }))).toEqual({ status: 200, body: { success: true } });
    expect(await t.db.selectFrom("policy_popup_stages").select("move_stage").where("policy_version_id", "=", draft).execute()).toHaveLength(2);
    expect(await jsonOf(await send(app, "DELETE", `${BASE}policies/versions/${draft}/popup`, null, { cookie: admin }))).toEqual({ status: 200, body: { success: true } });
    await failure(await send(app, "POST", `${BASE}policies/versions/abc/popup`, null, { cookie: admin }), 400);
    await failure(await send(app, "POST", `${BASE}policies/versions/${policy.versionIds[0]}/popup`, null, { cookie: admin }), 409, policyMessages.versionNotEditable);
    await failure(await send(app, "DELETE", `${BASE}policies/versions/${draft}/popup`, null, { cookie: hr }), 403);
  });

  test("invalid texts save nothing; bad input; roles and other group", async () => {
    await send(app, "POST", `${BASE}policies/versions/${draft}/popup`, null, { cookie: admin });
    await failure(await postJson(app, `${BASE}updatePopUpItem`, { type: "BLURB", text: "Hi {who}", policyVersionId: draft, moveStageId: 1 }, { cookie: admin }), 400, policyMessages.invalidVariable("blurb", "{who}"));
    const stage = await t.db.selectFrom("policy_popup_stages").select("blurb").where("policy_version_id", "=", draft).where("move_stage", "=", 1).executeTakeFirstOrThrow();
    expect(stage.blurb).toBe("");
    await failure(await postJson(app, `${BASE}updatePopUpItem`, { type: "NOPE", text: "x", policyVersionId: draft }, { cookie: admin }), 400);
    await failure(await postForm(app, "/policy/addServiceItem", { service: "", policyVersionId: String(draft), moveStageId: "1" }, { cookie: admin }), 400, policyMessages.selectService);
    await failure(await postForm(app, "/policy/removePopUpService", { service: "HOMESALE", policyVersionId: String(draft), moveStageId: "1" }, { cookie: admin }), 404, policyMessages.unableToRemoveFromPopup);
    await failure(await postForm(app, "/policy/updatePopupOrder", { policyVersionId: String(draft), moveStageId: "1", order: "" }, { cookie: admin }), 400, policyMessages.unableToReorderPopup);
    await failure(await postForm(app, "/policy/updatePopupDisplay", { displayed: "perhaps", policyVersionId: String(draft) }, { cookie: admin }), 400);
    await failure(await postJson(app, `${BASE}updatePopUpItem`, { type: "HEADER", text: "x", policyVersionId: draft }, { cookie: hr }), 403);
    await failure(await postForm(app, "/policy/addServiceItem", { service: "REMOVALS", policyVersionId: String(draft), moveStageId: "1" }, { cookie: hrGlobex }), 403);
    await failure(await postForm(app, "/policy/updateDisplayRelocationAndOngoingBenefits", { displayed: "true", policyVersionId: String(draft) }, { cookie: employee }), 403);
    await failure(await postForm(app, "/policy/updatePopupDisplay", { displayed: "true", policyVersionId: String(draft) }), 401);
  });
});

describe("GET /spendCategories/extended", () => {
  test("the tree; employees refused", async () => {
    const res = await jsonOf(await get(app, "/spendCategories/extended", { cookie: hr }));
    expect(res.status).toBe(200);
    const root = res.body.find((n: { id: number }) => n.id === 91000);
    expect(root.childSpendCategoryList[0]).toMatchObject({ id: 91100, serviceType: "TEMPACCOMMODATION", parentCategoryId: 91000 });
    await failure(await get(app, "/spendCategories/extended", { cookie: employee }), 403);
    await failure(await get(app, "/spendCategories/extended"), 401);
  });
});

describe("GET /hr/json/getPolicyOverrides/currencies", () => {
  test("response[0].currencyCodes, the version's currencies first", async () => {
    const res = await jsonOf(await get(app, `/hr/json/getPolicyOverrides/currencies?group=acme&employeeId=${employeeId}&policyVersionId=`, { cookie: hr }));
    expect(res.status).toBe(200);
    expect(res.body.response[0].currencyCodes[0]).toBe("GBP");
  });

  test("bad input, wrong role, other group", async () => {
    const bad = await jsonOf(await get(app, "/hr/json/getPolicyOverrides/currencies?group=acme&policyVersionId=x", { cookie: hr }));
    expect(bad).toMatchObject({ status: 400, body: { success: false, response: [] } });
    expect((await jsonOf(await get(app, "/hr/json/getPolicyOverrides/currencies?group=acme", { cookie: employee }))).status).toBe(403);
    expect(await jsonOf(await get(app, "/hr/json/getPolicyOverrides/currencies?group=acme", { cookie: hrGlobex }))).toEqual({
      status: 403,
      body: { success: false, response: [], errorMessage: messages.otherGroup },
    });
  });
});

describe("GET /admin/policy/getPolicyDetails", () => {
  test("the employee's policy per move stage", async () => {
    const res = await jsonOf(await get(app, `/admin/policy/getPolicyDetails?employeeId=${employeeId}&moveId=`, { cookie: admin }));
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ success: true, errorMessage: null, message: null });
    const stage1 = res.body.moveStageSections[0];
    expect(stage1).toMatchObject({ moveStageId: 1, moveStageName: "Relocation" });
    const removed = stage1.sections.find((s: { title: string }) => s.title === REMOVED_FROM_POLICY);
    expect(removed.components).toEqual([expect.objectContaining({ name: "HOMESALE", serviceRemoved: true })]);
  });

  test("404 with the spec text; 400; other group and employees refused", async () => {
    expect(await jsonOf(await get(app, "/admin/policy/getPolicyDetails?employeeId=999999", { cookie: admin }))).toEqual({
      status: 404,
      body: { success: false, moveStageSections: [], errorMessage: policyMessages.employeeHasNoPolicy, message: null, policy: null },
    });
    expect((await jsonOf(await get(app, "/admin/policy/getPolicyDetails?employeeId=abc", { cookie: admin }))).status).toBe(400);
    expect((await jsonOf(await get(app, `/admin/policy/getPolicyDetails?employeeId=${employeeId}`, { cookie: hrGlobex }))).status).toBe(403);
    expect((await jsonOf(await get(app, `/admin/policy/getPolicyDetails?employeeId=${employeeId}`, { cookie: employee }))).status).toBe(403);
    expect((await jsonOf(await get(app, `/admin/policy/getPolicyDetails?employeeId=${employeeId}`, { cookie: hr }))).status).toBe(200);
  });
});

test("every path is described in /api/openapi.json", async () => {
  const doc = (await jsonOf(await get(app, "/api/openapi.json"))).body;
  for (const path of [
    `${BASE}group/getServiceBenefitsWithMetadata`,
    `${BASE}group/addServiceBenefitOption`,
    `${BASE}serviceBenefitMetadata`,
    `${BASE}updateServiceBenefitMetadata`,
    `${BASE}deleteServiceBenefitMetadataOverride`,
    `${BASE}updateServiceBenefitOptionName`,
    `${BASE}updateBenefitsSetName`,
    `${BASE}updatePopUpItem`,
    `${BASE}policies/versions/{id}/popup`,
    "/policy/addServiceItem",
    "/policy/removePopUpService",
    "/policy/updatePopupOrder",
    "/policy/updatePopupDisplay",
    "/policy/updateDisplayRelocationAndOngoingBenefits",
    "/spendCategories/extended",
    "/hr/json/getPolicyOverrides/currencies",
    "/admin/policy/getPolicyDetails",
  ]) {
    expect(doc.paths[path]).toBeDefined();
  }
  expect(Object.keys(doc.paths[`${BASE}policies/versions/{id}/popup`]).sort()).toEqual(["delete", "post"]);
});
