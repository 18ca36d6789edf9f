import { describe, expect, test } from "bun:test";
import { FORM_CACHE_NOTE, VALIDATORS } from "../../domain/policy/forms/catalogue.ts";
import { formBuilderMessages as fm } from "../../domain/policy/forms/messages.ts";
import type { TFormField, TGroupFormResponse } from "../../domain/policy/forms/schemas.ts";
import { testFormField } from "../../domain/policy/forms/testing.ts";
import { messages } from "../../domain/messages.ts";
import { callerFor } from "../../test/db.ts";
import { expectInputError, expectTrpcError } from "../../test/errors.ts";
import { DEMO, useTestDatabase } from "../../test/fixtures.ts";
import { expectAudit, groupIdOf } from "../../test/audit.ts";

const t = useTestDatabase();
const { admin } = t;
const { ADMIN, HR } = DEMO;

/** A field on the form that may be moved, edited and removed (not core, not prefill). */
function movable(form: TGroupFormResponse): { field: TFormField; section: number } {
  for (const [section, s] of form.sections.entries()) {
    const field = s.fields.find((f) => f.canBeDeleted && !f.master && !f.slave);
    if (field) return { field, section };
  }
  throw new Error("The default form has no movable field");
}

const newFieldOf = (o: Partial<TFormField>): TFormField =>
  testFormField({
    frmGrpId: null,
    key: "NEW_FIELD_1",
    displayName: "",
    modelName: "petName",
    componentId: "select",
    label: "Pet",
    availableValues: [
      { originalValue: null, newValue: "Dog" },
      { originalValue: null, newValue: "Ca,t" },
    ],
    placeholder: "Choose",
    formType: "select",
    inInitiationSummaryFields: true,
    ...o,
  });

const auditCount = async () =>
  Number((await t.db.selectFrom("audit_log").select((eb) => eb.fn.countAll<number>().as("n")).where("action", "like", "formBuilder.%").executeTakeFirstOrThrow()).n);

describe("formBuilder.groups / validatorsForm", () => {
  test("ADMIN: every active group; the validators", async () => {
    const a = await admin();
    const { groups } = await a.formBuilder.groups();
    expect(groups.map((g) => g.name)).toEqual(expect.arrayContaining(["acme", "globex"]));
    expect((await a.formBuilder.validatorsForm()).validators).toEqual(VALIDATORS.map((v) => ({ id: v.id, label: v.label })));
  });
  test("suspended groups are left out", async () => {
    const now = new Date().toISOString();
    await t.db.insertInto("groups").values({ name: "frozen", display_name: "Frozen Ltd", status: "SUSPENDED", created_at: now, updated_at: now }).execute();
    expect((await (await admin()).formBuilder.groups()).groups.map((g) => g.name)).not.toContain("frozen");
  });
  test("HR and signed out are refused", async () => {
    const hr = await callerFor(t.db, HR);
    await expectTrpcError(hr.formBuilder.groups(), "FORBIDDEN", messages.forbidden);
    await expectTrpcError(hr.formBuilder.validatorsForm(), "FORBIDDEN");
    await expectTrpcError((await callerFor(t.db, null)).formBuilder.groups(), "UNAUTHORIZED");
  });
});

describe("formBuilder.groupForm", () => {
  test("a group without a form gets the default; fields as form-builder fields; the group's policies", async () => {
    const form = await (await admin()).formBuilder.groupForm({ groupName: "acme" });
    expect(form.success).toBe(true);
    expect(form.groupName).toBe("acme");
    expect(form.sections.length).toBeGreaterThan(0);
    const fields = [...form.sections.flatMap((s) => s.fields), ...form.availableFields];
    expect(fields.length).toBeGreaterThan(0);
    for (const f of fields) {
      expect(f.key).toBe(`FRM_GRP_${f.frmGrpId}`);
      expect(f.componentId).not.toBe("");
    }
    expect(fields.some((f) => f.modelName === "employee.firstName" && !f.canBeDeleted)).toBe(true);
    const lta = form.policies.filter((p) => p.name === "Global Long-Term Assignment");
    expect(lta.map((p) => [p.versionNumber, p.status])).toEqual([[1, "RELEASED"], [2, "DRAFT"]]);
    expect(form.policies.some((p) => p.name.startsWith("Globex"))).toBe(false);
    // Loading twice does not create a second form.
    const again = await (await admin()).formBuilder.groupForm({ groupName: "acme" });
    expect(again.sections.map((s) => s.id)).toEqual(form.sections.map((s) => s.id));
  });
  test("unknown group, bad input, HR", async () => {
    const a = await admin();
    await expectTrpcError(a.formBuilder.groupForm({ groupName: "nowhere" }), "NOT_FOUND", messages.notFound);
    await expectInputError(a.formBuilder.groupForm({ groupName: "" }), "groupName");
    await expectTrpcError((await callerFor(t.db, HR)).formBuilder.groupForm({ groupName: "acme" }), "FORBIDDEN");
  });
});

describe("formBuilder.submitForm", () => {
  test("round trip: move a field to a new section, create a field, place an available one, edit a label, remove one; reload", async () => {
    const a = await admin();
    const spare = Number((await a.formBuilder.newField({ groupName: "acme", modelName: "roomNumber", label: "Room", placeholder: "", componentId: "text", availableValues: [], type: "Text" })).resultMessage);
    const form = await a.formBuilder.groupForm({ groupName: "acme" });
    const sparField = form.availableFields.find((f) => f.frmGrpId === spare)!;
    const { field } = movable(form);
    const audits = await auditCount();
    const kept = form.sections.map((s) => ({ ...s, fields: s.fields.filter((f) => f.frmGrpId !== field.frmGrpId) })).filter((s) => s.fields.length > 0);
    const first = kept[0]!;
    const firstLabel = first.fields[0]!.label;
    first.fields = [{ ...first.fields[0]!, label: `${firstLabel} (edited)` }, ...first.fields.slice(1), sparField];
    const r = await a.formBuilder.submitForm({
      groupName: "acme",
      sections: [...kept, { id: null, name: "Extra details", fields: [{ ...field, label: "Moved field", tooltip: "Moved here" }, newFieldOf({})] }],
      availableSections: form.availableSections,
    });
    expect(r).toEqual({ success: true, resultMessage: FORM_CACHE_NOTE, errors: {} });
    expect(await auditCount()).toBe(audits + 1);

    const after = await a.formBuilder.groupForm({ groupName: "acme" });
    const extra = after.sections.at(-1)!;
    expect(extra.name).toBe("Extra details");
    expect(extra.id).not.toBeNull();
    expect(extra.fields[0]).toMatchObject({ frmGrpId: field.frmGrpId, label: "Moved field", tooltip: "Moved here" });
    const created = extra.fields[1]!;
    expect(created).toMatchObject({ modelName: "properties['petName']", xlateKey: "MANAGER_PETNAME", componentId: "select", label: "Pet", inInitiationSummaryFields: true });
    expect(created.key).toBe(`FRM_GRP_${created.frmGrpId}`);
    expect(created.availableValues.map((v) => v.newValue)).toEqual(["Dog", "Cat"]);
    expect(after.sections[0]!.fields[0]!.label).toBe(`${firstLabel} (edited)`);
    expect(after.sections[0]!.fields.at(-1)!.frmGrpId).toBe(spare);
    expect(after.availableFields.map((f) => f.frmGrpId)).not.toContain(spare);

    // Removing the placed field returns it to the available list; an empty extra section cannot stay.
    const sections = after.sections.map((s) => ({ ...s, fields: s.fields.filter((f) => f.frmGrpId !== spare) }));
    const removed = await a.formBuilder.submitForm({ groupName: "acme", sections, availableSections: after.availableSections });
    expect(removed.success).toBe(true);
    // The save's audit row, field by field (issue 23 item 24): every section with its fields, nothing created.
    const acme = await groupIdOf(t.db, "acme");
    await expectAudit(t.db, {
      action: "formBuilder.submitForm", actor: ADMIN, groupId: acme, entity: "form", entityId: acme, oldValues: null,
      newValues: { sections: sections.map((s) => ({ id: s.id, name: s.name, fields: s.fields.map((f) => f.frmGrpId) })), availableSections: after.availableSections.map((s) => s.id), created: [] },
    });
    const last = await a.formBuilder.groupForm({ groupName: "acme" });
    expect(last.availableFields.map((f) => f.frmGrpId)).toContain(spare);
    expect(last.sections.flatMap((s) => s.fields).map((f) => f.frmGrpId)).not.toContain(spare);
  });

  test("rule failures answer success false with the first message and write nothing", async () => {
    const a = await admin();
    const form = await a.formBuilder.groupForm({ groupName: "globex" });
    const audits = await auditCount();
    const save = (sections: TGroupFormResponse["sections"]) => a.formBuilder.submitForm({ groupName: "globex", sections, availableSections: form.availableSections });

    expect(await save([])).toMatchObject({ success: false, resultMessage: fm.noSections, errors: { sections: fm.noSections } });
    const empty = await save([...form.sections, { id: null, name: "Nothing here", fields: [] }]);
    expect(empty.resultMessage).toBe('Every section needs at least one field: "Nothing here" has none.');
    const core = form.sections.flatMap((s) => s.fields).find((f) => !f.canBeDeleted)!;
    const withoutCore = await save(form.sections.map((s) => ({ ...s, fields: s.fields.filter((f) => f.frmGrpId !== core.frmGrpId) })).filter((s) => s.fields.length > 0));
    expect(withoutCore.success).toBe(false);
    expect(withoutCore.errors[core.key]).toBe(`"${core.label}" cannot be removed from the form.`);
    const badNew = await save([...form.sections, { id: null, name: "New", fields: [newFieldOf({ modelName: "pet name" }), newFieldOf({ key: "NEW_FIELD_2", modelName: "employee.firstName", label: "" })] }]);
    expect(badNew.errors.NEW_FIELD_1).toBe(fm.modelNameFormat);
    expect(badNew.errors.NEW_FIELD_2).toBeDefined();
    const dup = await save([...form.sections, { id: null, name: "New", fields: [newFieldOf({ availableValues: [{ originalValue: null, newValue: "A" }, { originalValue: null, newValue: "A" }] })] }]);
    expect(dup.errors.NEW_FIELD_1).toBe('The value "A" is listed twice.');
    const numeric = await save([...form.sections, { id: null, name: "New", fields: [newFieldOf({ type: "Number", availableValues: [{ originalValue: null, newValue: "x" }] })] }]);
    expect(numeric.errors.NEW_FIELD_1).toBe(fm.numericValues);
    const unnamed = await save([{ ...form.sections[0]!, name: " " }, ...form.sections.slice(1)]);
    expect(unnamed.errors["sections.0.name"]).toBe(fm.sectionNameRequired);

    // A prefill master keeps its values and validator.
    const { field } = movable(form);
    await t.db.updateTable("form_fields").set({ master: 1, available_values: JSON.stringify(["GB", "US"]) }).where("id", "=", field.frmGrpId!).execute();
    const reloaded = await a.formBuilder.groupForm({ groupName: "globex" });
    const changed = reloaded.sections.map((s) => ({
      ...s,
      fields: s.fields.map((f) => (f.frmGrpId === field.frmGrpId ? { ...f, availableValues: [{ originalValue: "GB", newValue: "FR" }, { originalValue: "US", newValue: "US" }] } : f)),
    }));
    const prefill = await save(changed);
    expect(prefill.errors[field.key]).toBe(`The values and validators of "${field.label}" fill other fields (prefill) and cannot be changed.`);
    const validator = reloaded.sections.map((s) => ({ ...s, fields: s.fields.map((f) => (f.frmGrpId === field.frmGrpId ? { ...f, validator: "email" } : f)) }));
    expect((await save(validator)).success).toBe(false);

    expect(await auditCount()).toBe(audits);
    const unchanged = await a.formBuilder.groupForm({ groupName: "globex" });
    expect(unchanged.sections).toEqual(reloaded.sections);
    // The unchanged form saves.
    expect((await save(unchanged.sections)).success).toBe(true);
  });

  test("bad input, unknown group, unknown section, HR", async () => {
    const a = await admin();
    await expectInputError(a.formBuilder.submitForm({ groupName: "acme", sections: "x" as never }), "sections");
    await expectTrpcError(a.formBuilder.submitForm({ groupName: "nowhere", sections: [], availableSections: [] }), "NOT_FOUND");
    const form = await a.formBuilder.groupForm({ groupName: "acme" });
    const r = await a.formBuilder.submitForm({ groupName: "acme", sections: [{ ...form.sections[0]!, id: 999999 }, ...form.sections.slice(1)], availableSections: [] });
    expect(r).toMatchObject({ success: false, resultMessage: fm.sectionNotFound });
    await expectTrpcError((await callerFor(t.db, HR)).formBuilder.submitForm({ groupName: "acme", sections: form.sections, availableSections: [] }), "FORBIDDEN");
  });
});

describe("formBuilder.newField", () => {
  const input = { groupName: "acme", modelName: "badgeNumber", label: "Badge number", placeholder: "", componentId: "text", availableValues: [], type: "Text" as const };
  test("adds the field to the available list; resultMessage is its id", async () => {
    const a = await admin();
    const r = await a.formBuilder.newField(input);
    expect(r.success).toBe(true);
    const id = Number(r.resultMessage);
    expect(Number.isInteger(id)).toBe(true);
    const form = await a.formBuilder.groupForm({ groupName: "acme" });
    expect(form.availableFields.find((f) => f.frmGrpId === id)).toMatchObject({ modelName: "properties['badgeNumber']", xlateKey: "MANAGER_BADGENUMBER", label: "Badge number", canBeDeleted: true });
    await expectAudit(t.db, {
      action: "formBuilder.newField", actor: ADMIN, groupId: await groupIdOf(t.db, "acme"), entity: "form_field", entityId: id, oldValues: null,
      newValues: { modelName: "properties['badgeNumber']", label: "Badge number", componentId: "text", type: "Text" },
    });
  });
  test("rules: model name required, format, unique; label; values; component", async () => {
    const a = await admin();
    expect(await a.formBuilder.newField({ ...input, modelName: "" })).toMatchObject({ success: false, resultMessage: fm.modelNameRequired });
    expect(await a.formBuilder.newField({ ...input, modelName: "badge-no" })).toMatchObject({ success: false, resultMessage: fm.modelNameFormat });
    expect(await a.formBuilder.newField(input)).toMatchObject({ success: false, resultMessage: fm.modelNameTaken });
    expect(await a.formBuilder.newField({ ...input, modelName: "other1", label: " " })).toMatchObject({ success: false, resultMessage: fm.labelRequired });
    expect(await a.formBuilder.newField({ ...input, modelName: "other2", type: "Number", componentId: "select", availableValues: ["1", "two"] })).toMatchObject({ success: false, resultMessage: fm.numericValues });
    expect(await a.formBuilder.newField({ ...input, modelName: "other3", componentId: "nope" })).toMatchObject({ success: false, errors: { componentId: fm.errorNewField } });
  });
  test("unknown group, bad input, HR", async () => {
    const a = await admin();
    await expectTrpcError(a.formBuilder.newField({ ...input, groupName: "nowhere" }), "NOT_FOUND");
    await expectInputError(a.formBuilder.newField({ ...input, type: "Blob" as never }), "type");
    await expectTrpcError((await callerFor(t.db, HR)).formBuilder.newField(input), "FORBIDDEN");
  });
});
