import { describe, expect, test } from "bun:test";
import { sql } from "kysely";
import { CORE_MODEL_NAMES, propertyModelName } from "../../../domain/policy/forms/catalogue.ts";
import { messages } from "../../../domain/messages.ts";
import { wizardMessages, wizardText } from "../../../domain/moves/wizard/messages.ts";
import { PREVIEW_SAVING_PROHIBITED, type TFormComponentItem } from "../../../domain/moves/wizard/schemas.ts";
import { createTestPolicy } from "../../../services/policy/testing.ts";
import {
  cityIdOf,
  countTable,
  createTestMove,
  releasedVersionOf,
  validItems,
} from "../../../services/moves/wizard/initiation-testing.ts";
import { auditRows, callerFor } from "../../../test/db.ts";
import { expectInputError, expectTrpcError } from "../../../test/errors.ts";
import { useTestDatabase } from "../../../test/fixtures.ts";
import { expectAudit } from "../../../test/audit.ts";

const t = useTestDatabase();
const { admin, hrAcme, hrGlobex, employee, finance } = t;

const LTA = "Global Long-Term Assignment";

async function groupId(name: string) {
  return (await t.db.selectFrom("groups").select("id").where("name", "=", name).executeTakeFirstOrThrow()).id;
}

/** users, moves and audit rows: a failed save must leave all three alone. */
async function counts() {
  return { users: await countTable(t.db, "users"), moves: await countTable(t.db, "moves"), audit: await countTable(t.db, "audit_log") };
}

/** Adds a field to the group's form (first added section) as the form builder would store it. */
async function addField(group: string, f: { model: string; label: string; formType: string; dataType?: string; mandatory?: 0 | 1; master?: 0 | 1; slave?: 0 | 1; versions?: number[]; excluded?: number[]; summary?: 0 | 1 }) {
  const gid = await groupId(group);
  await (await callerFor(t.db, group === "globex" ? "hr@globex.test" : "hr@acme.test")).wizard.initiationForm({ group, policyVersionId: (await releasedVersionOf(t.db, group === "globex" ? "Globex Permanent Transfer" : LTA)).versionId });
  const section = await t.db.selectFrom("form_sections").select("id").where("group_id", "=", gid).where("added", "=", 1).orderBy("sort_order").executeTakeFirstOrThrow();
  const now = new Date().toISOString();
  const row = await t.db
    .insertInto("form_fields")
    .values({
      group_id: gid,
      section_id: section.id,
      sort_order: 900,
      model_name: f.model,
      label: f.label,
      form_type: f.formType as never,
      data_type: (f.dataType ?? "Text") as never,
      mandatory: f.mandatory ?? 0,
      master: f.master ?? 0,
      slave: f.slave ?? 0,
      policy_version_ids: JSON.stringify(f.versions ?? []),
      excluded_policy_version_ids: JSON.stringify(f.excluded ?? []),
      in_initiation_summary: f.summary ?? 0,
      created_at: now,
      updated_at: now,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  return row.id;
}

// ── stage 1 ───────────────────────────────────────────────────────────────────────────────────

describe("wizard.policySelectForm", () => {
  test("the group's active policies with a released version, their tags; no selection for a new move", async () => {
    const res = await (await hrAcme()).wizard.policySelectForm({ group: "acme" });
    const names = res.policies.map((p) => p.name);
    expect(names).toEqual(expect.arrayContaining([LTA, "Short-Term Assignment", "Domestic Homeowner Transfer", "Core/Flex Lump Sum", "City Guide Only"]));
    expect(names).not.toContain("Globex Permanent Transfer");
    const lta = res.policies.find((p) => p.name === LTA)!;
    expect(lta).toMatchObject({ versionNumber: 1, estimateType: "ADVANCED", cityGuideOnly: false, moveStagesCount: 3 });
    expect(lta.tags.sort()).toEqual(["EMEA", "Executive"]);
    expect(lta.policyVersionId).toBe((await releasedVersionOf(t.db, LTA)).versionId);
    expect(res).toMatchObject({ success: true, selectedPolicyVersionId: null, warning: null });
  });

  test("a policy without a released version and an inactive policy are not offered", async () => {
    const draftOnly = await createTestPolicy(t.db, { name: `Draft only ${crypto.randomUUID().slice(0, 6)}` });
    const inactive = await releasedVersionOf(t.db, "Core/Flex Lump Sum");
    await t.db.updateTable("policies").set({ status: "INACTIVE" }).where("id", "=", inactive.policyId).execute();
    try {
      const res = await (await admin()).wizard.policySelectForm({ group: "acme" });
      const ids = res.policies.map((p) => p.policyId);
      expect(ids).not.toContain(draftOnly.policyId);
      expect(ids).not.toContain(inactive.policyId);
    } finally {
      await t.db.updateTable("policies").set({ status: "ACTIVE" }).where("id", "=", inactive.policyId).execute();
    }
  });

  test("resuming: the move's version is selected; an activated employee brings the warning", async () => {
    const move = await createTestMove(t.db, { saveAsDraft: true });
    const hr = await hrAcme();
    const res = await hr.wizard.policySelectForm({ group: "acme", employeeId: move.employeeId, moveId: move.moveId });
    expect(res).toMatchObject({ selectedPolicyVersionId: move.versionId, warning: null });
    await t.db.updateTable("users").set({ activation_state: "ACTIVE" }).where("id", "=", move.employeeId).execute();
    const activated = await hr.wizard.policySelectForm({ group: "acme", employeeId: move.employeeId, moveId: move.moveId });
    expect(activated.warning).toBe(wizardMessages.policyChangeAfterActivation);
  });

  test("bad input, wrong role, other group", async () => {
    await expectInputError((await hrAcme()).wizard.policySelectForm({ group: "" }), "group");
    await expectTrpcError((await employee()).wizard.policySelectForm({ group: "acme" }), "FORBIDDEN", messages.forbidden);
    await expectTrpcError((await finance()).wizard.policySelectForm({ group: "acme" }), "FORBIDDEN", messages.forbidden);
    await expectTrpcError((await hrGlobex()).wizard.policySelectForm({ group: "acme" }), "FORBIDDEN", messages.otherGroup);
    const move = await createTestMove(t.db, { saveAsDraft: true });
    await expectTrpcError((await hrGlobex()).wizard.policySelectForm({ group: "globex", employeeId: move.employeeId, moveId: move.moveId }), "FORBIDDEN", messages.otherGroup);
  });
});

// ── stage 2: the form ─────────────────────────────────────────────────────────────────────────

describe("wizard.initiationForm", () => {
  test("the group's form with the core fields, hidden stages, currencies", async () => {
    const { versionId } = await releasedVersionOf(t.db, LTA);
    const res = await (await hrAcme()).wizard.initiationForm({ group: "acme", policyVersionId: versionId });
    expect(res).toMatchObject({ success: true, policyVersionId: versionId, policyName: LTA, estimateType: "ADVANCED", hiddenStages: [], employeeId: null, moveId: null, employeeActivated: false, preview: false });
    expect(res.sections.length).toBeGreaterThan(0);
    const components = res.sections.flatMap((s) => s.components);
    const models = components.map((c) => c.modelName);
    for (const core of Object.values(CORE_MODEL_NAMES)) expect(models).toContain(core);
    const first = components.find((c) => c.modelName === CORE_MODEL_NAMES.firstName)!;
    expect(first.key).toBe(`FRM_GRP_${first.formGroupId}`);
    expect(first.value.formValue).toBeNull();
    expect(res.currencyCodes).toEqual(expect.arrayContaining(["USD", "EUR", "GBP"]));
    const cityGuide = await releasedVersionOf(t.db, "City Guide Only");
    expect((await (await hrAcme()).wizard.initiationForm({ group: "acme", policyVersionId: cityGuide.versionId })).hiddenStages).toEqual([3, 4, 6]);
    const graduate = await releasedVersionOf(t.db, "Globex Graduate Move");
    expect((await (await hrGlobex()).wizard.initiationForm({ group: "globex", policyVersionId: graduate.versionId })).hiddenStages).toEqual([4, 6]);
  });

  test("fields restricted to policy versions: any version of the named policy matches; exclusions hide", async () => {
    const lta = await releasedVersionOf(t.db, LTA);
    const sta = await releasedVersionOf(t.db, "Short-Term Assignment");
    const draftOfLta = await t.db.selectFrom("policy_versions").select("id").where("policy_id", "=", lta.policyId).where("status", "=", "DRAFT").executeTakeFirstOrThrow();
    const tag = crypto.randomUUID().slice(0, 6);
    await addField("acme", { model: propertyModelName(`onlySta${tag}`), label: "Only STA", formType: "text", versions: [sta.versionId] });
    await addField("acme", { model: propertyModelName(`ltaDraft${tag}`), label: "LTA by its draft", formType: "text", versions: [draftOfLta.id] });
    await addField("acme", { model: propertyModelName(`notLta${tag}`), label: "Not LTA", formType: "text", excluded: [lta.versionId] });
    const models = async (versionId: number) =>
      (await (await hrAcme()).wizard.initiationForm({ group: "acme", policyVersionId: versionId })).sections.flatMap((s) => s.components.map((c) => c.modelName));
    const forLta = await models(lta.versionId);
    expect(forLta).not.toContain(propertyModelName(`onlySta${tag}`));
    expect(forLta).toContain(propertyModelName(`ltaDraft${tag}`));
    expect(forLta).not.toContain(propertyModelName(`notLta${tag}`));
    const forSta = await models(sta.versionId);
    expect(forSta).toContain(propertyModelName(`onlySta${tag}`));
    expect(forSta).toContain(propertyModelName(`notLta${tag}`));
    expect(forSta).not.toContain(propertyModelName(`ltaDraft${tag}`));
  });

  test("resuming prefills the values from the employee and the move", async () => {
    const move = await createTestMove(t.db, { saveAsDraft: true });
    const res = await (await hrAcme()).wizard.initiationForm({ group: "acme", policyVersionId: move.versionId, employeeId: move.employeeId, moveId: move.moveId });
    expect(res).toMatchObject({ employeeId: move.employeeId, moveId: move.moveId, employeeActivated: false });
    const value = (m: string) => res.sections.flatMap((s) => s.components).find((c) => c.modelName === m)!.value;
    expect(value(CORE_MODEL_NAMES.email).formValue).toBe(move.email);
    expect(value(CORE_MODEL_NAMES.firstName).formValue).toBe("Ada");
    expect(value(CORE_MODEL_NAMES.destination)).toMatchObject({ formValue: "Luxembourg", countryCode: "LU", formValueId: await cityIdOf(t.db, "LU", "Luxembourg") });
    expect(value(CORE_MODEL_NAMES.moveDate).formValue).toBe("2027-03-01");
    // With employeeId alone the employee's move is found.
    const byEmployee = await (await hrAcme()).wizard.initiationForm({ group: "acme", policyVersionId: move.versionId, employeeId: move.employeeId });
    expect(byEmployee.moveId).toBe(move.moveId);
  });

  test("preview is for ADMIN only", async () => {
    const { versionId } = await releasedVersionOf(t.db, LTA);
    expect((await (await admin()).wizard.initiationForm({ group: "acme", policyVersionId: versionId, preview: true })).preview).toBe(true);
    await expectTrpcError((await hrAcme()).wizard.initiationForm({ group: "acme", policyVersionId: versionId, preview: true }), "FORBIDDEN", messages.forbidden);
  });

  test("a draft version or another group's version is not available", async () => {
    const draft = await createTestPolicy(t.db);
    await expectTrpcError((await hrAcme()).wizard.initiationForm({ group: "acme", policyVersionId: draft.versionId }), "NOT_FOUND", wizardMessages.policyNotAvailable);
    const globex = await releasedVersionOf(t.db, "Globex Permanent Transfer");
    await expectTrpcError((await hrAcme()).wizard.initiationForm({ group: "acme", policyVersionId: globex.versionId }), "NOT_FOUND", wizardMessages.policyNotAvailable);
  });

  test("bad input, wrong role, other group", async () => {
    const { versionId } = await releasedVersionOf(t.db, LTA);
    await expectInputError((await hrAcme()).wizard.initiationForm({ group: "acme", policyVersionId: 0 }), "policyVersionId");
    await expectTrpcError((await employee()).wizard.initiationForm({ group: "acme", policyVersionId: versionId }), "FORBIDDEN");
    await expectTrpcError((await finance()).wizard.initiationForm({ group: "acme", policyVersionId: versionId }), "FORBIDDEN");
    await expectTrpcError((await hrGlobex()).wizard.initiationForm({ group: "acme", policyVersionId: versionId }), "FORBIDDEN", messages.otherGroup);
  });
});

describe("wizard.countriesStates", () => {
  test("every country; the United States with its states", async () => {
    const res = await (await hrAcme()).wizard.countriesStates();
    const us = res.countries.find((c) => c.code === "US")!;
    expect(us.name).toBe("United States");
    expect(us.states!.map((s) => s.code)).toEqual(expect.arrayContaining(["TX", "NY", "CA"]));
    expect(res.countries.find((c) => c.code === "GB")!.states).toBeNull();
    expect(res.countries.length).toBeGreaterThan(200);
  });

  test("HR and ADMIN only", async () => {
    expect((await (await admin()).wizard.countriesStates()).countries.length).toBeGreaterThan(0);
    await expectTrpcError((await employee()).wizard.countriesStates(), "FORBIDDEN");
    await expectTrpcError((await finance()).wizard.countriesStates(), "FORBIDDEN");
  });
});

// ── stage 2: save ─────────────────────────────────────────────────────────────────────────────

describe("wizard.createNewEmployee", () => {
  test("continue: a PENDING employee and a draft move at stage 3, in one audited write", async () => {
    const before = await counts();
    const move = await createTestMove(t.db);
    expect(move).toMatchObject({ success: true, provider: "MERIDIAN", errors: {}, geo: null, message: null, nextStage: 3 });
    const user = await t.db.selectFrom("users").selectAll().where("id", "=", move.employeeId).executeTakeFirstOrThrow();
    expect(user).toMatchObject({ email: move.email, first_name: "Ada", last_name: "Lovelace", role: "EMPLOYEE", activation_state: "PENDING", password_hash: null, group_id: await groupId("acme"), move_date: "2027-03-01" });
    const row = await t.db.selectFrom("moves").selectAll().where("id", "=", move.moveId).executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      status: "draft",
      wizard_stage: 3,
      policy_id: move.policyId,
      policy_version_id: move.versionId,
      employee_user_id: move.employeeId,
      origin_country_code: "GB",
      origin_city_id: await cityIdOf(t.db, "GB", "London"),
      origin_city_name: "London",
      destination_country_code: "LU",
      destination_city_name: "Luxembourg",
      move_date: "2027-03-01",
      assignment_start_date: "2027-03-01",
      assignment_end_date: "2028-09-01",
      skip_ce: 0,
      created_by: (await t.db.selectFrom("users").select("id").where("email", "=", "hr@acme.test").executeTakeFirstOrThrow()).id,
    });
    const values = JSON.parse(row.form_values) as Record<string, unknown>;
    for (const core of Object.values(CORE_MODEL_NAMES)) expect(values[core]).toBeUndefined();
    const after = await counts();
    expect(after).toEqual({ users: before.users + 1, moves: before.moves + 1, audit: before.audit + 1 });
    expect((await auditRows(t.db, "create-draft")).at(-1)).toMatchObject({ entity: "move", entity_id: String(move.moveId) });
    // Field by field (issue 23 item 24).
    await expectAudit(t.db, {
      action: "create-draft", actor: "hr@acme.test", groupId: await groupId("acme"), entity: "move", entityId: move.moveId, oldValues: null,
      newValues: { employeeId: move.employeeId, email: move.email, policyVersionId: move.versionId, saveAsDraft: false, wizardStage: 3 },
    });
  });

  test("city guide only goes to stage 5; a draft returns to the root page (no next stage)", async () => {
    const cityGuide = await createTestMove(t.db, { policy: "City Guide Only" });
    expect(cityGuide).toMatchObject({ nextStage: 5, provider: null });
    const draft = await createTestMove(t.db, { saveAsDraft: true });
    expect(draft.nextStage).toBeNull();
    expect((await t.db.selectFrom("moves").select(["wizard_stage", "status"]).where("id", "=", draft.moveId).executeTakeFirstOrThrow())).toEqual({ wizard_stage: 2, status: "draft" });
  });

  test("draft, resume, continue: the same employee and move are updated", async () => {
    const draft = await createTestMove(t.db, { saveAsDraft: true });
    const before = await counts();
    const hr = await hrAcme();
    const items = draft.items.map((i) => (i.modelName === CORE_MODEL_NAMES.lastName ? { ...i, formValue: "Byron" } : i));
    const res = await hr.wizard.createNewEmployee({ group: "acme", policyVersionId: draft.versionId, items, employeeId: draft.employeeId, moveId: draft.moveId });
    expect(res).toMatchObject({ success: true, employeeId: draft.employeeId, moveId: draft.moveId, nextStage: 3 });
    expect((await t.db.selectFrom("users").select("last_name").where("id", "=", draft.employeeId).executeTakeFirstOrThrow()).last_name).toBe("Byron");
    expect((await t.db.selectFrom("moves").select("wizard_stage").where("id", "=", draft.moveId).executeTakeFirstOrThrow()).wizard_stage).toBe(3);
    const after = await counts();
    expect(after).toEqual({ users: before.users, moves: before.moves, audit: before.audit + 1 });
    expect((await auditRows(t.db, "update-draft")).at(-1)!.entity_id).toBe(String(draft.moveId));
    await expectAudit(t.db, {
      action: "update-draft", actor: "hr@acme.test", groupId: await groupId("acme"), entity: "move", entityId: draft.moveId,
      oldValues: { policyVersionId: draft.versionId, status: "draft" },
      newValues: { employeeId: draft.employeeId, email: draft.email, policyVersionId: draft.versionId, saveAsDraft: false, wizardStage: 3 },
    });
  });

  test("validation errors per field (part 1 §5 texts); nothing written", async () => {
    const { versionId } = await releasedVersionOf(t.db, LTA);
    const built = await validItems(t.db, { group: "acme", versionId, overrides: { [CORE_MODEL_NAMES.firstName]: { formValue: "" }, [CORE_MODEL_NAMES.email]: { formValue: "not-an-email" } } });
    const label = (m: string) => built.components.find((c) => c.modelName === m)!.label;
    const before = await counts();
    const res = await (await hrAcme()).wizard.createNewEmployee({ group: "acme", policyVersionId: versionId, items: built.items });
    expect(res).toMatchObject({ success: false, employeeId: null, moveId: null, geo: null });
    expect(res.errors[CORE_MODEL_NAMES.firstName]).toBe(wizardText(wizardMessages.cannotBeEmpty, { label: label(CORE_MODEL_NAMES.firstName) }));
    expect(res.errors[CORE_MODEL_NAMES.email]).toBe(wizardText(wizardMessages.notProperFormat, { label: label(CORE_MODEL_NAMES.email) }));
    expect(await counts()).toEqual(before);
  });

  test("an e-mail address already in use; nothing written", async () => {
    const { versionId } = await releasedVersionOf(t.db, LTA);
    const built = await validItems(t.db, { group: "acme", versionId, email: "Employee@Acme.test" });
    const before = await counts();
    const res = await (await hrAcme()).wizard.createNewEmployee({ group: "acme", policyVersionId: versionId, items: built.items });
    expect(res.success).toBe(false);
    expect(res.errors[CORE_MODEL_NAMES.email]).toBe(wizardMessages.emailNotAvailable);
    expect(await counts()).toEqual(before);
  });

  test("a missing mandatory element or an unknown one: the alert text; nothing written", async () => {
    const { versionId } = await releasedVersionOf(t.db, LTA);
    const built = await validItems(t.db, { group: "acme", versionId });
    const lastName = built.components.find((c) => c.modelName === CORE_MODEL_NAMES.lastName)!;
    const before = await counts();
    const hr = await hrAcme();
    const missing = await hr.wizard.createNewEmployee({ group: "acme", policyVersionId: versionId, items: built.items.filter((i) => i.modelName !== lastName.modelName) });
    expect(missing).toMatchObject({ success: false, message: wizardText(wizardMessages.missingElement, { label: lastName.label }) });
    const extra: TFormComponentItem = { modelName: "properties['vanished']", formType: "text", formValue: "x", formValueId: null, rateFrequency: null, currency: null, countryCode: null, state: null };
    const unknown = await hr.wizard.createNewEmployee({ group: "acme", policyVersionId: versionId, items: [...built.items, extra] });
    expect(unknown.message).toBe(wizardText(wizardMessages.missingElement, { label: "properties['vanished']" }));
    expect(await counts()).toEqual(before);
  });

  test("the form-builder preview saves nothing", async () => {
    const { versionId } = await releasedVersionOf(t.db, LTA);
    const built = await validItems(t.db, { group: "acme", versionId });
    const before = await counts();
    const res = await (await admin()).wizard.createNewEmployee({ group: "acme", policyVersionId: versionId, items: built.items, preview: true });
    expect(res).toMatchObject({ success: false, employeeId: null, moveId: null, message: PREVIEW_SAVING_PROHIBITED });
    expect(await counts()).toEqual(before);
  });

  test("cities: a typed name with one match is resolved; several give a geo answer and nothing is written", async () => {
    const { versionId } = await releasedVersionOf(t.db, LTA);
    const hr = await hrAcme();
    const luxembourg = await cityIdOf(t.db, "LU", "Luxembourg");
    const typed = await validItems(t.db, { group: "acme", versionId, overrides: { [CORE_MODEL_NAMES.destination]: { formValue: "luxembourg", formValueId: null, countryCode: "LU" } } });
    const ok = await hr.wizard.createNewEmployee({ group: "acme", policyVersionId: versionId, items: typed.items, saveAsDraft: true });
    expect(ok.success).toBe(true);
    expect((await t.db.selectFrom("moves").select(["destination_city_id", "destination_city_name"]).where("id", "=", ok.moveId!).executeTakeFirstOrThrow())).toEqual({ destination_city_id: luxembourg, destination_city_name: "Luxembourg" });

    const name = `Twinford ${crypto.randomUUID().slice(0, 6)}`;
    await t.db.insertInto("cities").values([{ country_code: "GB", state_code: "ENG", name, latitude: null, longitude: null }, { country_code: "GB", state_code: "WLS", name, latitude: "51.5", longitude: "-3.1" }]).execute();
    const twin = await validItems(t.db, { group: "acme", versionId, overrides: { [CORE_MODEL_NAMES.origin]: { formValue: name, formValueId: null, countryCode: "GB", state: null } } });
    const before = await counts();
    const geo = await hr.wizard.createNewEmployee({ group: "acme", policyVersionId: versionId, items: twin.items });
    expect(geo).toMatchObject({ success: false, employeeId: null, moveId: null, errors: {} });
    expect(geo.geo).toHaveLength(1);
    expect(geo.geo![0]).toMatchObject({ modelName: CORE_MODEL_NAMES.origin, query: name, countryCode: "GB" });
    expect(geo.geo![0]!.cities.map((c) => c.state).sort()).toEqual(["ENG", "WLS"]);
    expect(geo.geo![0]!.cities[1]!.latitude === 51.5 || geo.geo![0]!.cities[0]!.latitude === 51.5).toBe(true);
    expect(await counts()).toEqual(before);

    // No match at all: candidates by prefix, still nothing written.
    const prefix = await validItems(t.db, { group: "acme", versionId, overrides: { [CORE_MODEL_NAMES.origin]: { formValue: "Lond", formValueId: null, countryCode: "GB" } } });
    const candidates = await hr.wizard.createNewEmployee({ group: "acme", policyVersionId: versionId, items: prefix.items });
    expect(candidates.geo![0]!.cities.map((c) => c.name)).toContain("London");
    expect(candidates.geo![0]!.cities.length).toBeLessThanOrEqual(20);
    expect(await counts()).toEqual(before);
  });

  test("cities: a listed city of another country is an error; Other (0) keeps the free text", async () => {
    const { versionId } = await releasedVersionOf(t.db, LTA);
    const hr = await hrAcme();
    const london = await cityIdOf(t.db, "GB", "London");
    const wrong = await validItems(t.db, { group: "acme", versionId, overrides: { [CORE_MODEL_NAMES.destination]: { formValue: "London", formValueId: london, countryCode: "LU" } } });
    const label = wrong.components.find((c) => c.modelName === CORE_MODEL_NAMES.destination)!.label;
    const before = await counts();
    const res = await hr.wizard.createNewEmployee({ group: "acme", policyVersionId: versionId, items: wrong.items });
    expect(res.errors[CORE_MODEL_NAMES.destination]).toBe(wizardText(wizardMessages.cityRequired, { label }));
    expect(await counts()).toEqual(before);
    const other = await validItems(t.db, { group: "acme", versionId, overrides: { [CORE_MODEL_NAMES.destination]: { formValue: "Kirchberg Campus", formValueId: 0, countryCode: "LU" } } });
    const ok = await hr.wizard.createNewEmployee({ group: "acme", policyVersionId: versionId, items: other.items, saveAsDraft: true });
    expect(ok.success).toBe(true);
    expect((await t.db.selectFrom("moves").select(["destination_city_id", "destination_city_name"]).where("id", "=", ok.moveId!).executeTakeFirstOrThrow())).toEqual({ destination_city_id: 0, destination_city_name: "Kirchberg Campus" });
  });

  test("family members from the partner's date of birth and the number of children", async () => {
    // The default form has both fields; globex's form gets them when it does not (other tests of this file use acme).
    const { versionId } = await releasedVersionOf(t.db, "Globex Permanent Transfer");
    const models = (await validItems(t.db, { group: "globex", versionId })).components.map((c) => c.modelName);
    if (!models.includes(propertyModelName("partnerDateOfBirth"))) {
      await addField("globex", { model: propertyModelName("partnerDateOfBirth"), label: "Partner's date of birth", formType: "dateOfBirth", dataType: "Date" });
    }
    if (!models.includes(propertyModelName("numberOfChildren"))) {
      await addField("globex", { model: propertyModelName("numberOfChildren"), label: "Number of children", formType: "numeric", dataType: "Number" });
    }
    const move = await createTestMove(t.db, {
      group: "globex",
      overrides: { [propertyModelName("partnerDateOfBirth")]: { formValue: "1988-02-03" }, [propertyModelName("numberOfChildren")]: { formValue: "2" } },
    });
    const family = await t.db.selectFrom("move_family_members").select(["relationship", "date_of_birth"]).where("move_id", "=", move.moveId).orderBy("sort_order").execute();
    expect(family).toEqual([
      { relationship: "PARTNER", date_of_birth: "1988-02-03" },
      { relationship: "CHILD", date_of_birth: null },
      { relationship: "CHILD", date_of_birth: null },
    ]);
    const stored = JSON.parse((await t.db.selectFrom("moves").select("form_values").where("id", "=", move.moveId).executeTakeFirstOrThrow()).form_values);
    expect(stored[propertyModelName("numberOfChildren")].formValue).toBe("2");
  });

  test("after initiation the destination city cannot change", async () => {
    const move = await createTestMove(t.db);
    await (await hrAcme()).wizard.completeInitiation({ group: "acme", employeeId: move.employeeId, moveId: move.moveId });
    const items = move.items.map((i) => (i.modelName === CORE_MODEL_NAMES.destination ? { ...i, formValue: "Kirchberg", formValueId: 0 } : i));
    const before = await counts();
    const res = await (await hrAcme()).wizard.createNewEmployee({ group: "acme", policyVersionId: move.versionId, items, employeeId: move.employeeId, moveId: move.moveId });
    expect(res.errors[CORE_MODEL_NAMES.destination]).toBe(wizardMessages.destinationChangeAfterActivation);
    expect(await counts()).toEqual(before);
    // The same destination may be saved again.
    const same = await (await hrAcme()).wizard.createNewEmployee({ group: "acme", policyVersionId: move.versionId, items: move.items, employeeId: move.employeeId, moveId: move.moveId });
    expect(same.success).toBe(true);
  });

  test("a failure inside the write rolls everything back", async () => {
    const { versionId } = await releasedVersionOf(t.db, LTA);
    const built = await validItems(t.db, { group: "acme", versionId, overrides: { [propertyModelName("numberOfChildren")]: { formValue: "2" } } });
    expect(built.components.map((c) => c.modelName)).toContain(propertyModelName("numberOfChildren"));
    const before = await counts();
    // The family rows are written after the employee and the move: make that insert fail.
    await sql`alter table move_family_members rename to move_family_members_off`.execute(t.db);
    try {
      await expectTrpcError((await hrAcme()).wizard.createNewEmployee({ group: "acme", policyVersionId: versionId, items: built.items }), "INTERNAL_SERVER_ERROR");
    } finally {
      await sql`alter table move_family_members_off rename to move_family_members`.execute(t.db);
    }
    expect(await counts()).toEqual(before);
    expect(await t.db.selectFrom("users").select("id").where("email", "=", built.email).executeTakeFirst()).toBeUndefined();
  });

  test("bad input, wrong role, other group", async () => {
    const { versionId } = await releasedVersionOf(t.db, LTA);
    const built = await validItems(t.db, { group: "acme", versionId });
    await expectInputError((await hrAcme()).wizard.createNewEmployee({ group: "acme", policyVersionId: versionId, items: "x" as never }), "items");
    await expectTrpcError((await employee()).wizard.createNewEmployee({ group: "acme", policyVersionId: versionId, items: built.items }), "FORBIDDEN");
    await expectTrpcError((await finance()).wizard.createNewEmployee({ group: "acme", policyVersionId: versionId, items: built.items }), "FORBIDDEN");
    await expectTrpcError((await hrGlobex()).wizard.createNewEmployee({ group: "acme", policyVersionId: versionId, items: built.items }), "FORBIDDEN", messages.otherGroup);
    const draft = await createTestMove(t.db, { saveAsDraft: true });
    const globexVersion = (await releasedVersionOf(t.db, "Globex Permanent Transfer")).versionId;
    await expectTrpcError(
      (await hrGlobex()).wizard.createNewEmployee({ group: "globex", policyVersionId: globexVersion, items: built.items, employeeId: draft.employeeId, moveId: draft.moveId }),
      "FORBIDDEN",
      messages.otherGroup,
    );
  });
});

describe("wizard.cancelNewEmployee", () => {
  test("a draft: the move and its PENDING employee go, with an audit row", async () => {
    const draft = await createTestMove(t.db, { saveAsDraft: true });
    const before = await counts();
    const res = await (await hrAcme()).wizard.cancelNewEmployee({ employeeId: draft.employeeId, moveId: draft.moveId });
    expect(res).toEqual({ success: true, message: null });
    expect(await t.db.selectFrom("moves").select("id").where("id", "=", draft.moveId).executeTakeFirst()).toBeUndefined();
    expect(await t.db.selectFrom("users").select("id").where("id", "=", draft.employeeId).executeTakeFirst()).toBeUndefined();
    expect(await counts()).toEqual({ users: before.users - 1, moves: before.moves - 1, audit: before.audit + 1 });
    expect((await auditRows(t.db, "cancel")).at(-1)).toMatchObject({ entity: "move", entity_id: String(draft.moveId) });
    await expectAudit(t.db, {
      action: "cancel", actor: "hr@acme.test", groupId: await groupId("acme"), entity: "move", entityId: draft.moveId,
      oldValues: { employeeId: draft.employeeId, email: draft.email, policyVersionId: draft.versionId, status: "draft" }, newValues: { employeeRemoved: true },
    });
  });

  test("an activated employee stays", async () => {
    const draft = await createTestMove(t.db, { saveAsDraft: true });
    await t.db.updateTable("users").set({ activation_state: "ACTIVE" }).where("id", "=", draft.employeeId).execute();
    await (await admin()).wizard.cancelNewEmployee({ employeeId: draft.employeeId, moveId: draft.moveId });
    expect(await t.db.selectFrom("users").select("id").where("id", "=", draft.employeeId).executeTakeFirst()).toBeDefined();
  });

  test("an initiated move cannot be cancelled here; wrong move, role and group", async () => {
    const move = await createTestMove(t.db);
    await (await hrAcme()).wizard.completeInitiation({ group: "acme", employeeId: move.employeeId, moveId: move.moveId });
    await expectTrpcError((await hrAcme()).wizard.cancelNewEmployee({ employeeId: move.employeeId, moveId: move.moveId }), "CONFLICT", wizardMessages.moveNotDraft);
    const draft = await createTestMove(t.db, { saveAsDraft: true });
    await expectTrpcError((await hrAcme()).wizard.cancelNewEmployee({ employeeId: move.employeeId, moveId: draft.moveId }), "NOT_FOUND", wizardMessages.moveNotFound);
    await expectInputError((await hrAcme()).wizard.cancelNewEmployee({ employeeId: 0, moveId: draft.moveId }), "employeeId");
    await expectTrpcError((await employee()).wizard.cancelNewEmployee({ employeeId: draft.employeeId, moveId: draft.moveId }), "FORBIDDEN");
    await expectTrpcError((await finance()).wizard.cancelNewEmployee({ employeeId: draft.employeeId, moveId: draft.moveId }), "FORBIDDEN");
    await expectTrpcError((await hrGlobex()).wizard.cancelNewEmployee({ employeeId: draft.employeeId, moveId: draft.moveId }), "FORBIDDEN", messages.otherGroup);
    expect(await t.db.selectFrom("moves").select("id").where("id", "=", draft.moveId).executeTakeFirst()).toBeDefined();
  });
});

// ── prefill and splash ────────────────────────────────────────────────────────────────────────

describe("wizard.prefill", () => {
  test("a master field's value fills its slave fields; rows naming a version apply to that version only", async () => {
    const tag = crypto.randomUUID().slice(0, 6);
    const master = await addField("acme", { model: propertyModelName(`office${tag}`), label: "Office", formType: "select", master: 1 });
    const slave = await addField("acme", { model: propertyModelName(`costCentre${tag}`), label: "Cost centre", formType: "text", slave: 1 });
    const { versionId } = await releasedVersionOf(t.db, LTA);
    const gid = await groupId("acme");
    await t.db
      .insertInto("form_prefill_values")
      .values([
        { group_id: gid, master_field_id: master, master_value: "Paris", slave_field_id: slave, slave_value: "CC-100", policy_version_id: null },
        { group_id: gid, master_field_id: master, master_value: "Paris", slave_field_id: slave, slave_value: "CC-LTA", policy_version_id: versionId },
        { group_id: gid, master_field_id: master, master_value: "Berlin", slave_field_id: slave, slave_value: "CC-200", policy_version_id: null },
      ])
      .execute();
    const hr = await hrAcme();
    expect(await hr.wizard.prefill({ formGroupId: master, value: "Paris" })).toEqual({
      success: true,
      fields: [{ formGroupId: slave, modelName: propertyModelName(`costCentre${tag}`), values: ["CC-100"] }],
    });
    expect((await hr.wizard.prefill({ formGroupId: master, value: "Paris", policyVersionId: versionId })).fields[0]!.values).toEqual(["CC-100", "CC-LTA"]);
    expect((await (await admin()).wizard.prefill({ formGroupId: master, value: "Nowhere" })).fields).toEqual([]);
    // Not a master field.
    await expectTrpcError(hr.wizard.prefill({ formGroupId: slave, value: "Paris" }), "NOT_FOUND", messages.notFound);
    await expectInputError(hr.wizard.prefill({ formGroupId: 0, value: "Paris" }), "formGroupId");
    await expectTrpcError((await employee()).wizard.prefill({ formGroupId: master, value: "Paris" }), "FORBIDDEN");
    await expectTrpcError((await finance()).wizard.prefill({ formGroupId: master, value: "Paris" }), "FORBIDDEN");
    await expectTrpcError((await hrGlobex()).wizard.prefill({ formGroupId: master, value: "Paris" }), "FORBIDDEN", messages.otherGroup);
  });
});

describe("wizard.splash", () => {
  test("the group's own text first, then the global one; missing is the splash failure text", async () => {
    const area = `AREA${crypto.randomUUID().slice(0, 4)}`;
    const now = new Date().toISOString();
    await t.db
      .insertInto("splash_contents")
      .values([
        { area, splash_key: "CE_POLICY", group_id: null, title: "Global title", body: "Global body", updated_at: now },
        { area, splash_key: "CE_POLICY", group_id: await groupId("acme"), title: "Acme title", body: "Acme body", updated_at: now },
      ])
      .execute();
    expect(await (await hrAcme()).wizard.splash({ area, key: "CE_POLICY" })).toEqual({ success: true, id: expect.any(Number), title: "Acme title", content: "Acme body" });
    expect(await (await employee()).wizard.splash({ area, key: "CE_POLICY" })).toEqual({ success: true, id: expect.any(Number), title: "Acme title", content: "Acme body" });
    expect(await (await hrGlobex()).wizard.splash({ area, key: "CE_POLICY" })).toEqual({ success: true, id: expect.any(Number), title: "Global title", content: "Global body" });
    // Another group's text is not handed out by naming the group.
    expect((await (await hrGlobex()).wizard.splash({ area, key: "CE_POLICY", group: "acme" })).title).toBe("Global title");
    expect((await (await admin()).wizard.splash({ area, key: "CE_POLICY", group: "acme" })).title).toBe("Acme title");
    expect((await (await finance()).wizard.splash({ area, key: "CE_POLICY" })).title).toBe("Global title");
    await expectTrpcError((await hrAcme()).wizard.splash({ area, key: "NOPE" }), "NOT_FOUND", wizardMessages.splashFailure);
    await expectInputError((await hrAcme()).wizard.splash({ area: "x".repeat(41), key: "CE_POLICY" }), "area");
    await expectTrpcError((await callerFor(t.db, null)).wizard.splash({ area, key: "CE_POLICY" }), "UNAUTHORIZED");
  });
});


describe("text PostgreSQL cannot store", () => {
  test("a NUL character is a bad request, not a 500, and writes nothing", async () => {
    const { versionId } = await releasedVersionOf(t.db, LTA);
    const built = await validItems(t.db, { group: "acme", versionId, overrides: { [CORE_MODEL_NAMES.firstName]: { formValue: "A\u0000da" } } });
    const before = await counts();
    await expectInputError((await hrAcme()).wizard.createNewEmployee({ group: "acme", policyVersionId: versionId, items: built.items, saveAsDraft: false }), `items.${built.items.findIndex((i) => i.modelName === CORE_MODEL_NAMES.firstName)}.formValue`);
    expect(await counts()).toEqual(before);
    await expectInputError((await hrAcme()).wizard.moves({ group: "acme", q: "a\u0000" }), "q");
    await expectInputError((await hrAcme()).wizard.splash({ area: "a\u0000", key: "CE_POLICY" }), "area");
    // The group name too: refused before the group lookup (the whole project shares the check).
    await expectInputError((await hrAcme()).wizard.moves({ group: "acme\u0000" }), "group");
    await expectInputError((await admin()).formBuilder.groupForm({ groupName: "acme\u0000" }), "groupName");
  });
});
