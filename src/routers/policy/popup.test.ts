import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { POPUP_DEFAULTS } from "../../domain/policy/popup.ts";
import { policyMessages } from "../../domain/policy/messages.ts";
import { benefitMessages } from "../../domain/policy/benefit-schemas.ts";
import { auditRows, callerFor, createTestDatabase, type TestDatabase } from "../../test/db.ts";
import { expectInputError, expectTrpcError } from "../../test/errors.ts";
import { PREVIEW_CITY } from "../../services/policy/popup.ts";
import { expectAudit } from "../../test/audit.ts";
import { ensureServices, groupIdOf, insertBudget, insertPolicy, insertPolicyService, insertSet, type PolicyFixture } from "./benefits-fixture.ts";

let t: TestDatabase;
let policy: PolicyFixture;
let globexPolicy: PolicyFixture;
let draft: number;
let released: number;
type Caller = Awaited<ReturnType<typeof callerFor>>;
let admin: Caller;
let hr: Caller;
let hrGlobex: Caller;
let employee: Caller;

beforeAll(async () => {
  t = await createTestDatabase();
  await ensureServices(t.db);
  const acme = await groupIdOf(t.db, "acme");
  const globex = await groupIdOf(t.db, "globex");
  policy = await insertPolicy(t.db, { groupId: acme, name: "Popup fixture", stages: 2, versions: ["RELEASED", "DRAFT"] });
  [released, draft] = policy.versionIds as [number, number];
  globexPolicy = await insertPolicy(t.db, { groupId: globex, name: "Popup globex", versions: ["DRAFT"] });
  const temp = await insertPolicyService(t.db, { versionId: draft, stage: 1, serviceKey: "TEMPACCOMMODATION", type: 3, title: "Hotel stay" });
  await insertPolicyService(t.db, { versionId: draft, stage: 1, serviceKey: "REMOVALS", type: 2, budgetGroup: 1 });
  await insertPolicyService(t.db, { versionId: draft, stage: 1, serviceKey: "HOMESALE", type: 5 });
  await insertPolicyService(t.db, { versionId: draft, stage: 2, serviceKey: "LANGUAGETRAINING", type: 3, amount: 120000, currency: "EUR" });
  await insertBudget(t.db, { versionId: draft, stage: 1, groupNumber: 1, currency: "GBP", amount: 500000 });
  const set = await insertSet(t.db, { serviceKey: "TEMPACCOMMODATION", groupId: null, name: "Popup nights", groupNumber: 61, options: ["30 nights"], infos: [] });
  await t.db.insertInto("policy_service_benefits").values({ policy_service_id: temp, benefit_set_id: set.setId, benefit_option_id: set.optionIds[0]! }).execute();
  admin = await callerFor(t.db, "admin@meridian.test");
  hr = await callerFor(t.db, "hr@acme.test");
  hrGlobex = await callerFor(t.db, "hr@globex.test");
  employee = await callerFor(t.db, "employee@acme.test");
});
afterAll(() => t.close());

/** The draft's newest popup audit row of `action`, field by field (issue 23 item 24). */
async function audited(action: string, oldValues: unknown, newValues: unknown) {
  await expectAudit(t.db, { action, actor: "admin@meridian.test", groupId: await groupIdOf(t.db, "acme"), entity: "policy_popup", entityId: draft, oldValues, newValues });
}

/** Popup rows of one version (the demo seed may hold others). */
async function popupsOf(versionId: number): Promise<number> {
  return (await t.db.selectFrom("policy_popups").select("policy_version_id").where("policy_version_id", "=", versionId).execute()).length;
}

describe("popup on and off", () => {
  test("no popup yet: defaults, nothing to edit", async () => {
    const popup = await admin.policy.popup.get({ policyVersionId: draft });
    expect(popup).toMatchObject({ displayed: false, exists: false, editable: true, header: POPUP_DEFAULTS.header, popupMoveStages: [], preview: null });
  });

  test("setDisplayed on creates the empty popup with a row per stage; off deletes it", async () => {
    expect(await admin.policy.popup.setDisplayed({ policyVersionId: draft, displayed: true })).toEqual({ success: true, displayed: true });
    const popup = await admin.policy.popup.get({ policyVersionId: draft });
    expect(popup.displayed).toBe(true);
    expect(popup.exists).toBe(true);
    expect(popup.popupMoveStages.map((s) => s.moveStage)).toEqual([
      { id: 1, name: "Relocation" },
      { id: 2, name: "Ongoing" },
    ]);
    expect(popup.paragraphTop).toBe(POPUP_DEFAULTS.paragraphTop);
    expect(popup.popupMoveStages[0]!.blurb).toBe(POPUP_DEFAULTS.blurb);
    // Services of the stage not in the popup; the switched-off one is not offered.
    expect(popup.popupMoveStages[0]!.availableServices.map((s) => s.service).sort()).toEqual(["REMOVALS", "TEMPACCOMMODATION"]);

    await admin.policy.popup.setDisplayed({ policyVersionId: draft, displayed: false });
    expect(await popupsOf(draft)).toBe(0);
    expect((await admin.policy.popup.get({ policyVersionId: draft })).displayed).toBe(false);
    expect((await auditRows(t.db, "policy.popup.display")).length).toBe(2);
    await audited("policy.popup.display", { displayed: true }, { displayed: false });
  });

  test("create and delete directly; create is idempotent", async () => {
    expect(await admin.policy.popup.create({ policyVersionId: draft })).toEqual({ success: true });
    expect(await admin.policy.popup.create({ policyVersionId: draft })).toEqual({ success: true });
    expect(await popupsOf(draft)).toBe(1);
    await audited("policy.popup.create", null, null);
    expect(await admin.policy.popup.delete({ policyVersionId: draft })).toEqual({ success: true });
    expect(await popupsOf(draft)).toBe(0);
    await audited("policy.popup.delete", null, null);
  });

  test("a released version cannot change; wrong role and other group are refused", async () => {
    await expectTrpcError(admin.policy.popup.create({ policyVersionId: released }), "CONFLICT", policyMessages.versionNotEditable);
    await expectTrpcError(hr.policy.popup.create({ policyVersionId: draft }), "FORBIDDEN");
    await expectTrpcError(hr.policy.popup.setDisplayed({ policyVersionId: draft, displayed: true }), "FORBIDDEN");
    await expectTrpcError(employee.policy.popup.get({ policyVersionId: draft }), "FORBIDDEN");
    await expectTrpcError(hrGlobex.policy.popup.get({ policyVersionId: draft }), "FORBIDDEN");
    await expectTrpcError(admin.policy.popup.get({ policyVersionId: 999999 }), "NOT_FOUND", policyMessages.versionNotFound);
    await expectInputError(admin.policy.popup.setDisplayed({ policyVersionId: draft, displayed: "maybe" as never }), "displayed");
    expect(await popupsOf(draft)).toBe(0);
  });
});

describe("popup texts and services", () => {
  beforeAll(async () => {
    await admin.policy.popup.setDisplayed({ policyVersionId: draft, displayed: true });
  });

  test("texts of the popup, a stage and an item; HTML stripped; HR reads with a preview", async () => {
    await admin.policy.popup.updateText({ policyVersionId: draft, type: "HEADER", text: "<h1>Welcome to {companyName}</h1>" });
    await admin.policy.popup.updateText({ policyVersionId: draft, type: "PARAGRAPH_BOTTOM", text: "Questions? Ask us." });
    await admin.policy.popup.updateText({ policyVersionId: draft, type: "BLURB", text: "Moving to {cityName}", moveStageId: 1 });
    await admin.policy.popup.updateText({ policyVersionId: draft, type: "MOVE_STAGE_HEADER", text: "Before you go", moveStageId: 1 });
    await admin.policy.popup.addService({ policyVersionId: draft, moveStageId: 1, service: "TEMPACCOMMODATION" });
    await admin.policy.popup.updateText({ policyVersionId: draft, type: "DESCRIPTION", text: "Up to {budget}: {benefit}", moveStageId: 1, service: "TEMPACCOMMODATION" });
    await admin.policy.popup.addService({ policyVersionId: draft, moveStageId: 1, service: "REMOVALS" });
    await audited("policy.popup.addService", null, { moveStageId: 1, service: "REMOVALS" });
    await admin.policy.popup.updateText({ policyVersionId: draft, type: "DESCRIPTION", text: "Budget {budget}", moveStageId: 1, service: "REMOVALS" });
    await audited("policy.popup.updateText", null, { type: "DESCRIPTION", moveStageId: 1, service: "REMOVALS", text: "Budget {budget}" });
    await admin.policy.popup.setDisplayRelocationAndOngoing({ policyVersionId: draft, displayed: true });
    await audited("policy.popup.displayRelocationAndOngoing", null, { displayed: true });

    const popup = await hr.policy.popup.get({ policyVersionId: draft });
    expect(popup.editable).toBe(false);
    expect(popup.header).toBe("Welcome to {companyName}");
    expect(popup.paragraphTop).toBe(POPUP_DEFAULTS.paragraphTop);
    expect(popup.displayRelocationAndOngoingBenefits).toBe(true);
    const stage = popup.popupMoveStages[0]!;
    expect(stage).toMatchObject({ moveStageHeader: "Before you go", blurb: "Moving to {cityName}" });
    expect(stage.popupItems).toEqual([
      { service: "TEMPACCOMMODATION", name: "Temporary Accommodation", title: "Hotel stay", description: "Up to {budget}: {benefit}", order: 1 },
      { service: "REMOVALS", name: "Household Goods Removal", title: "Household Goods Removal", description: "Budget {budget}", order: 2 },
    ]);
    expect(stage.availableServices).toEqual([]);
    const preview = popup.preview!;
    const company = (await t.db.selectFrom("groups").select("display_name").where("name", "=", "acme").executeTakeFirstOrThrow()).display_name;
    expect(preview.header).toBe(`Welcome to ${company}`);
    expect(preview.moveStages[0]!.blurb).toBe(`Moving to ${PREVIEW_CITY}`);
    expect(preview.moveStages[0]!.items[0]!.description).toBe("Up to : 30 nights");
    expect(preview.moveStages[0]!.items[1]!.description).toBe("Budget GBP 5,000.00");
  });

  test("an invalid text saves nothing and returns the spec's message", async () => {
    const before = (await t.db.selectFrom("policy_popups").select("header").where("policy_version_id", "=", draft).executeTakeFirstOrThrow()).header;
    await expectTrpcError(admin.policy.popup.updateText({ policyVersionId: draft, type: "HEADER", text: "Hi {name}" }), "BAD_REQUEST", policyMessages.invalidVariable("header", "{name}"));
    await expectTrpcError(
      admin.policy.popup.updateText({ policyVersionId: draft, type: "DESCRIPTION", text: "{benefit} and more", moveStageId: 1, service: "TEMPACCOMMODATION" }),
      "BAD_REQUEST",
      policyMessages.benefitPlaceholderLast,
    );
    await expectTrpcError(admin.policy.popup.updateText({ policyVersionId: draft, type: "BLURB", text: "x", moveStageId: 3 }), "BAD_REQUEST", policyMessages.moveStageOutOfRange);
    await expectTrpcError(admin.policy.popup.updateText({ policyVersionId: draft, type: "TITLE", text: "x", moveStageId: 2, service: "LANGUAGETRAINING" }), "NOT_FOUND");
    await expectInputError(admin.policy.popup.updateText({ policyVersionId: draft, type: "FOOTER" as never, text: "x" }), "type");
    expect((await t.db.selectFrom("policy_popups").select("header").where("policy_version_id", "=", draft).executeTakeFirstOrThrow()).header).toBe(before);
  });

  test("add: only services of the stage, once; remove and reorder answer the stage's items", async () => {
    await expectTrpcError(admin.policy.popup.addService({ policyVersionId: draft, moveStageId: 1, service: "" }), "BAD_REQUEST", policyMessages.selectService);
    await expectTrpcError(admin.policy.popup.addService({ policyVersionId: draft, moveStageId: 1, service: "HOMESALE" }), "BAD_REQUEST", benefitMessages.serviceNotOnStage);
    await expectTrpcError(admin.policy.popup.addService({ policyVersionId: draft, moveStageId: 1, service: "LANGUAGETRAINING" }), "BAD_REQUEST", benefitMessages.serviceNotOnStage);
    await expectTrpcError(admin.policy.popup.addService({ policyVersionId: draft, moveStageId: 1, service: "REMOVALS" }), "CONFLICT", benefitMessages.serviceAlreadyInPopup);

    const reordered = await admin.policy.popup.reorder({ policyVersionId: draft, moveStageId: 1, services: ["REMOVALS", "TEMPACCOMMODATION"] });
    expect(reordered.services.map((s) => [s.service, s.order])).toEqual([["REMOVALS", 1], ["TEMPACCOMMODATION", 2]]);
    const legacyOrder = await admin.policy.popup.reorder({ policyVersionId: draft, moveStageId: 1, order: "TEMPACCOMMODATION" });
    expect(legacyOrder.services.map((s) => s.service)).toEqual(["TEMPACCOMMODATION", "REMOVALS"]);
    await audited("policy.popup.reorder", ["REMOVALS", "TEMPACCOMMODATION"], { moveStageId: 1, services: ["TEMPACCOMMODATION", "REMOVALS"] });
    await expectTrpcError(admin.policy.popup.reorder({ policyVersionId: draft, moveStageId: 1, services: ["HOMESALE"] }), "BAD_REQUEST", policyMessages.unableToReorderPopup);
    await expectInputError(admin.policy.popup.reorder({ policyVersionId: draft, moveStageId: 1 }), "services");

    const removed = await admin.policy.popup.removeService({ policyVersionId: draft, moveStageId: 1, service: "REMOVALS" });
    expect(removed).toEqual({ success: true, services: [expect.objectContaining({ service: "TEMPACCOMMODATION", order: 1 })] });
    await expectTrpcError(admin.policy.popup.removeService({ policyVersionId: draft, moveStageId: 1, service: "REMOVALS" }), "NOT_FOUND", policyMessages.unableToRemoveFromPopup);
    expect((await auditRows(t.db, "policy.popup.removeService")).length).toBe(1);
    await audited("policy.popup.removeService", { moveStageId: 1, service: "REMOVALS", title: "Household Goods Removal", description: "Budget {budget}" }, null);
  });

  test("wrong role and other group", async () => {
    await expectTrpcError(hr.policy.popup.updateText({ policyVersionId: draft, type: "HEADER", text: "x" }), "FORBIDDEN");
    await expectTrpcError(hr.policy.popup.addService({ policyVersionId: draft, moveStageId: 1, service: "REMOVALS" }), "FORBIDDEN");
    await expectTrpcError(hrGlobex.policy.popup.reorder({ policyVersionId: draft, moveStageId: 1, services: ["REMOVALS"] }), "FORBIDDEN");
    await expectTrpcError(hr.policy.popup.get({ policyVersionId: globexPolicy.versionIds[0]! }), "FORBIDDEN");
  });
});
