/**
 * employeeFile.* procedures and the documented paths (part 2 §7 "POST /{group}/employeefile/profile/edit,
 * …/profile/edit/dynamic, …/saveHRNotes") on the test database (SQLite, or PostgreSQL with
 * TEST_DB=postgres): happy paths with their audit rows read field by field, bad input (the messages,
 * nothing written), wrong role, another group's HR, an employee, another employee's move, signed out
 * ("Session timeout"), and 50 parallel HR-notes saves.
 */
import { describe, expect, test } from "bun:test";
import type { DB } from "../../db/index.ts";
import { employeeFileMessages } from "../../domain/moves/employee-file/messages.ts";
import { HR_NOTES_MAX } from "../../domain/moves/employee-file/schemas.ts";
import { messages } from "../../domain/messages.ts";
import { wizardMessages, wizardText } from "../../domain/moves/wizard/messages.ts";
import { propertyModelName, CORE_MODEL_NAMES } from "../../domain/policy/forms/catalogue.ts";
import { appFor, cookieFor, postForm, postJson } from "../../test/app.ts";
import { auditRows, callerFor, insertTestUser } from "../../test/db.ts";
import { expectInputError, expectNoStackTrace, expectTrpcError } from "../../test/errors.ts";
import { DEMO, useTestDatabase } from "../../test/fixtures.ts";
import { expectAudit, groupIdOf } from "../../test/audit.ts";
import { expectAllSucceed, race } from "../../test/race.ts";
import { insertWizardMove } from "../../services/moves/wizard/initiation-testing.ts";
import { ensureGroupForm } from "../../services/moves/wizard/form-load.ts";
import type { ZodError } from "zod";

const t = useTestDatabase({ poolSize: 12 });

const userRow = (db: DB, id: number) => db.selectFrom("users").select(["first_name", "last_name", "email", "phone"]).where("id", "=", id).executeTakeFirstOrThrow();
const formValuesOf = async (db: DB, moveId: number) =>
  JSON.parse((await db.selectFrom("moves").select("form_values").where("id", "=", moveId).executeTakeFirstOrThrow()).form_values) as Record<string, { formValue: string | null; currency: string | null }>;
const auditCount = async (db: DB) => Number((await db.selectFrom("audit_log").select((eb) => eb.fn.countAll<number>().as("n")).executeTakeFirstOrThrow()).n);
const fieldId = async (db: DB, group: string, modelName: string) => {
  const g = await db.selectFrom("groups").select("id").where("name", "=", group).executeTakeFirstOrThrow();
  await ensureGroupForm(db, g.id);
  return (await db.selectFrom("form_fields as f").innerJoin("groups as g", "g.id", "f.group_id").select("f.id").where("g.name", "=", group).where("f.model_name", "=", modelName).executeTakeFirstOrThrow()).id;
};

async function openMove() {
  const m = await insertWizardMove(t.db, { status: "open" });
  return { group: "acme", userId: m.employeeId, moveId: m.moveId, email: m.email };
}

const unique = (prefix: string) => `${prefix}-${crypto.randomUUID().slice(0, 8)}@acme.test`;

describe("employeeFile.editProfile (POST /{group}/employeefile/profile/edit)", () => {
  test("HR edits the person fields: stored, one audit row with old and new, shown in the move page's timeline", async () => {
    const m = await openMove();
    const hr = await t.hrAcme();
    const email = unique("grace");
    const before = await userRow(t.db, m.userId);
    const res = await hr.employeeFile.editProfile({ ...m, firstName: " Grace ", lastName: "Hopper", email: email.toUpperCase(), phone: "+44 20 7946 0958" });
    expect(res).toMatchObject({
      success: true,
      error: null,
      errors: {},
      profile: { userId: m.userId, firstName: "Grace", lastName: "Hopper", email, phone: "+44 20 7946 0958" },
    });
    expect(await userRow(t.db, m.userId)).toEqual({ first_name: "Grace", last_name: "Hopper", email, phone: "+44 20 7946 0958" });
    const rows = (await auditRows(t.db, "profile-edit")).filter((r) => r.entity_id === String(m.userId));
    expect(rows).toHaveLength(1);
    const row = rows[0]!;
    const hrId = (await t.db.selectFrom("users").select("id").where("email", "=", DEMO.HR).executeTakeFirstOrThrow()).id;
    expect(row.actor_user_id).toBe(hrId);
    expect(row.entity).toBe("user");
    const acme = await t.db.selectFrom("groups").select("id").where("name", "=", "acme").executeTakeFirstOrThrow();
    expect(row.group_id).toBe(acme.id);
    expect(JSON.parse(row.old_values!)).toEqual({ firstName: before.first_name, lastName: before.last_name, email: before.email, phone: null });
    expect(JSON.parse(row.new_values!)).toEqual({ firstName: "Grace", lastName: "Hopper", email, phone: "+44 20 7946 0958", moveId: m.moveId });
    const file = await hr.moves.file({ group: "acme", employeeId: m.userId, moveId: m.moveId });
    expect(file.person).toMatchObject({ firstName: "Grace", lastName: "Hopper", email });
    expect(file.timeline.find((e) => e.action === "profile-edit")).toMatchObject({ entity: "user", actor: expect.any(String) });

    // The same values again: nothing changes, no second audit row.
    await hr.employeeFile.editProfile({ ...m, firstName: "Grace", lastName: "Hopper", email, phone: "+44 20 7946 0958" });
    expect((await auditRows(t.db, "profile-edit")).filter((r) => r.entity_id === String(m.userId))).toHaveLength(1);
    expect(await hr.employeeFile.profile(m)).toMatchObject({ firstName: "Grace", phone: "+44 20 7946 0958" });
  });

  test("bad fields: every field's stage-2 text, the first as `error`, nothing written", async () => {
    const m = await openMove();
    const hr = await t.hrAcme();
    const before = await userRow(t.db, m.userId);
    const audits = await auditCount(t.db);
    const res = await hr.employeeFile.editProfile({ ...m, firstName: "", lastName: "Ok", email: "grace@example", phone: "call me" });
    expect(res).toEqual({
      success: false,
      error: "First name cannot be empty.",
      errors: { firstName: "First name cannot be empty.", email: "Email not in proper format.", phone: "Phone not in proper format." },
      profile: null,
    });
    expect((await hr.employeeFile.editProfile({ ...m, firstName: "A", lastName: "B", email: " " })).errors).toEqual({ email: "Email cannot be empty." });
    expect(await userRow(t.db, m.userId)).toEqual(before);
    expect(await auditCount(t.db)).toBe(audits);
    await expectInputError(hr.employeeFile.editProfile({ ...m, firstName: "x".repeat(1001), lastName: "B", email: "a@b.com" }), "firstName");
  });

  test("an address someone has: one neutral text whoever has it (this group, another group); nothing written", async () => {
    const m = await openMove();
    const hr = await t.hrAcme();
    const before = await userRow(t.db, m.userId);
    const own = await hr.employeeFile.editProfile({ ...m, firstName: "A", lastName: "B", email: DEMO.EMPLOYEE });
    expect(own).toMatchObject({ success: false, error: wizardMessages.emailNotAvailable, errors: { email: wizardMessages.emailNotAvailable } });
    const other = await hr.employeeFile.editProfile({ ...m, firstName: "A", lastName: "B", email: DEMO.GLOBEX.toUpperCase() });
    expect(other).toMatchObject({ success: false, errors: { email: wizardMessages.emailNotAvailable } });
    expect(await userRow(t.db, m.userId)).toEqual(before);
    // Keeping one's own address is fine.
    expect((await hr.employeeFile.editProfile({ ...m, firstName: "A", lastName: "B", email: m.email })).success).toBe(true);
  });

  test("wrong role, another group's HR, an employee, another employee's move, signed out: refused, nothing written", async () => {
    const m = await openMove();
    const other = await openMove();
    const before = await userRow(t.db, m.userId);
    const input = { ...m, firstName: "Evil", lastName: "Edit", email: unique("evil") };
    await expectTrpcError((await t.employee()).employeeFile.editProfile(input), "FORBIDDEN");
    await expectTrpcError((await t.finance()).employeeFile.editProfile(input), "FORBIDDEN");
    await expectTrpcError((await t.hrGlobex()).employeeFile.editProfile(input), "FORBIDDEN", messages.otherGroup);
    await expectTrpcError((await t.hrGlobex()).employeeFile.editProfile({ ...input, group: "globex" }), "NOT_FOUND");
    await expectTrpcError((await t.hrAcme()).employeeFile.editProfile({ ...input, moveId: other.moveId }), "NOT_FOUND");
    // An HR user of the group is not an employee whose profile this edits.
    const hrId = (await t.db.selectFrom("users").select("id").where("email", "=", DEMO.HR).executeTakeFirstOrThrow()).id;
    await expectTrpcError((await t.hrAcme()).employeeFile.editProfile({ ...input, userId: hrId, moveId: undefined }), "NOT_FOUND", employeeFileMessages.employeeNotFound);
    await expectTrpcError((await callerFor(t.db, null)).employeeFile.editProfile(input), "UNAUTHORIZED");
    expect(await userRow(t.db, m.userId)).toEqual(before);
    // ADMIN may.
    expect((await (await t.admin()).employeeFile.editProfile({ ...m, firstName: "Ad", lastName: "Min", email: m.email })).success).toBe(true);
  });
});

describe("employeeFile.editFormValue (POST /{group}/employeefile/profile/edit/dynamic)", () => {
  test("a numeric and a money value: checked, stored in the move's form values, one audit row each", async () => {
    const m = await openMove();
    const hr = await t.hrAcme();
    const children = await fieldId(t.db, "acme", propertyModelName("numberOfChildren"));
    const salary = await fieldId(t.db, "acme", propertyModelName("annualSalary"));
    const listed = await hr.employeeFile.formValues(m);
    expect(listed.fields.find((f) => f.id === children)).toMatchObject({ label: "Number of accompanying children", editable: true, value: null });
    expect(listed.fields.some((f) => f.modelName === CORE_MODEL_NAMES.firstName)).toBe(false);

    const res = await hr.employeeFile.editFormValue({ ...m, id: children, value: "2" });
    expect(res).toMatchObject({ success: true, error: null, field: { id: children, value: "2", editable: true } });
    const money = await hr.employeeFile.editFormValue({ ...m, id: salary, value: "85000", currency: "eur" });
    expect(money.field).toMatchObject({ value: "85000", currency: "EUR" });
    const stored = await formValuesOf(t.db, m.moveId);
    expect(stored[propertyModelName("numberOfChildren")]).toMatchObject({ formType: "numeric", formValue: "2" });
    expect(stored[propertyModelName("annualSalary")]).toMatchObject({ formType: "money", formValue: "85000", currency: "EUR" });

    const rows = (await auditRows(t.db, "form-value-edit")).filter((r) => r.entity_id === String(m.moveId));
    expect(rows).toHaveLength(2);
    expect(rows[0]!.entity).toBe("move");
    expect(JSON.parse(rows[0]!.old_values!)).toEqual({ fieldId: children, modelName: propertyModelName("numberOfChildren"), value: null, currency: null });
    expect(JSON.parse(rows[0]!.new_values!)).toEqual({ fieldId: children, modelName: propertyModelName("numberOfChildren"), value: "2", currency: null });
    expect(JSON.parse(rows[1]!.new_values!)).toEqual({ fieldId: salary, modelName: propertyModelName("annualSalary"), value: "85000", currency: "EUR" });
    await expectAudit(t.db, {
      action: "form-value-edit", actor: DEMO.HR, groupId: await groupIdOf(t.db, "acme"), entity: "move", entityId: m.moveId,
      oldValues: { fieldId: salary, modelName: propertyModelName("annualSalary"), value: null, currency: null },
      newValues: { fieldId: salary, modelName: propertyModelName("annualSalary"), value: "85000", currency: "EUR" },
    });
    const file = await hr.moves.file({ group: "acme", employeeId: m.userId, moveId: m.moveId });
    expect(file.timeline.filter((e) => e.action === "form-value-edit")).toHaveLength(2);
  });

  test("bad values answer the stage-2 text and write nothing", async () => {
    const m = await openMove();
    const hr = await t.hrAcme();
    const children = await fieldId(t.db, "acme", propertyModelName("numberOfChildren"));
    const salary = await fieldId(t.db, "acme", propertyModelName("annualSalary"));
    const partner = await fieldId(t.db, "acme", propertyModelName("partnerDateOfBirth"));
    const before = await formValuesOf(t.db, m.moveId);
    const audits = await auditCount(t.db);
    expect(await hr.employeeFile.editFormValue({ ...m, id: children, value: "two" })).toEqual({
      success: false,
      error: wizardText(wizardMessages.numericValue, { label: "Number of accompanying children" }),
      field: null,
    });
    expect((await hr.employeeFile.editFormValue({ ...m, id: salary, value: "100" })).error).toBe(wizardText(wizardMessages.currencyRequired, { label: "Annual base salary" }));
    expect((await hr.employeeFile.editFormValue({ ...m, id: partner, value: "2999-01-01" })).error).toBe(wizardText(wizardMessages.dateOfBirthRange, { label: "Partner's date of birth" }));
    await expectInputError(hr.employeeFile.editFormValue({ ...m, id: children, value: "9".repeat(4001) }), "value");
    expect(await formValuesOf(t.db, m.moveId)).toEqual(before);
    expect(await auditCount(t.db)).toBe(audits);
  });

  test("core, hidden (US→US only) and another group's fields are refused", async () => {
    const m = await openMove();
    const hr = await t.hrAcme();
    const before = await formValuesOf(t.db, m.moveId);
    const core = await fieldId(t.db, "acme", CORE_MODEL_NAMES.firstName);
    const usOnly = await fieldId(t.db, "acme", propertyModelName("homeSaleType"));
    const globexField = await fieldId(t.db, "globex", propertyModelName("numberOfChildren"));
    await expectTrpcError(hr.employeeFile.editFormValue({ ...m, id: core, value: "x" }), "FORBIDDEN", employeeFileMessages.fieldNotEditable);
    await expectTrpcError(hr.employeeFile.editFormValue({ ...m, id: usOnly, value: "Guaranteed buy-out" }), "FORBIDDEN", employeeFileMessages.fieldNotEditable);
    await expectTrpcError(hr.employeeFile.editFormValue({ ...m, id: globexField, value: "1" }), "NOT_FOUND", employeeFileMessages.fieldNotOnForm);
    expect(await formValuesOf(t.db, m.moveId)).toEqual(before);
  });

  test("wrong role, another group's HR, an employee, another employee's move, signed out: refused", async () => {
    const m = await openMove();
    const other = await openMove();
    const children = await fieldId(t.db, "acme", propertyModelName("numberOfChildren"));
    const input = { ...m, id: children, value: "5" };
    const before = await formValuesOf(t.db, m.moveId);
    await expectTrpcError((await t.employee()).employeeFile.editFormValue(input), "FORBIDDEN");
    await expectTrpcError((await t.finance()).employeeFile.editFormValue(input), "FORBIDDEN");
    await expectTrpcError((await t.hrGlobex()).employeeFile.editFormValue(input), "FORBIDDEN");
    await expectTrpcError((await t.hrGlobex()).employeeFile.editFormValue({ ...input, group: "globex" }), "NOT_FOUND");
    await expectTrpcError((await t.hrAcme()).employeeFile.editFormValue({ ...input, userId: other.userId }), "NOT_FOUND");
    await expectTrpcError((await callerFor(t.db, null)).employeeFile.editFormValue(input), "UNAUTHORIZED");
    await expectTrpcError((await t.hrGlobex()).employeeFile.formValues({ ...m }), "FORBIDDEN");
    expect(await formValuesOf(t.db, m.moveId)).toEqual(before);
  });
});

describe("employeeFile.saveHrNotes (POST /{group}/employeefile/saveHRNotes)", () => {
  test("saved with a version and an audit row; a save taken earlier than the stored one is not applied", async () => {
    const m = await openMove();
    const hr = await t.hrAcme();
    expect(await hr.employeeFile.hrNotes(m)).toEqual({ notesText: "", version: 0, updatedAt: null, updatedBy: null });
    const first = await hr.employeeFile.saveHrNotes({ ...m, notesText: "Call the landlord", savedAt: "2026-11-26T10:00:00.000Z" });
    expect(first).toMatchObject({ result: "OK", applied: true, notes: { notesText: "Call the landlord", version: 1, updatedBy: expect.any(String) } });
    const late = await hr.employeeFile.saveHrNotes({ ...m, notesText: "Call the lan", savedAt: "2026-11-26T09:59:59.000Z" });
    expect(late).toMatchObject({ result: "OK", applied: false, notes: { notesText: "Call the landlord", version: 1 } });
    const second = await hr.employeeFile.saveHrNotes({ ...m, notesText: "Landlord called", savedAt: "2026-11-26T10:00:05.000Z" });
    expect(second.notes).toMatchObject({ notesText: "Landlord called", version: 2 });
    expect(await hr.employeeFile.hrNotes(m)).toMatchObject({ notesText: "Landlord called", version: 2 });

    const rows = (await auditRows(t.db, "hr-notes")).filter((r) => r.entity_id === String(m.moveId));
    expect(rows).toHaveLength(2);
    expect(rows[0]!.entity).toBe("move");
    expect(JSON.parse(rows[0]!.old_values!)).toEqual({ notesText: "", version: 0 });
    expect(JSON.parse(rows[0]!.new_values!)).toEqual({ notesText: "Call the landlord", version: 1 });
    expect(JSON.parse(rows[1]!.old_values!)).toEqual({ notesText: "Call the landlord", version: 1 });
    expect(JSON.parse(rows[1]!.new_values!)).toEqual({ notesText: "Landlord called", version: 2 });
    await expectAudit(t.db, {
      action: "hr-notes", actor: DEMO.HR, groupId: await groupIdOf(t.db, "acme"), entity: "move", entityId: m.moveId,
      oldValues: { notesText: "Call the landlord", version: 1 }, newValues: { notesText: "Landlord called", version: 2 },
    });
    const file = await hr.moves.file({ group: "acme", employeeId: m.userId, moveId: m.moveId });
    expect(file.timeline.filter((e) => e.action === "hr-notes")).toHaveLength(2);
  });

  test("too long or a bad savedAt: refused with the text, nothing written", async () => {
    const m = await openMove();
    const hr = await t.hrAcme();
    const error = await expectInputError(hr.employeeFile.saveHrNotes({ ...m, notesText: "x".repeat(HR_NOTES_MAX + 1) }), "notesText");
    expect((error.cause as ZodError).issues[0]?.message).toBe(`HR notes are too long (at most ${HR_NOTES_MAX} characters).`);
    await expectInputError(hr.employeeFile.saveHrNotes({ ...m, notesText: "ok", savedAt: "yesterday" }), "savedAt");
    expect(await hr.employeeFile.hrNotes(m)).toMatchObject({ version: 0 });
    expect(await t.db.selectFrom("move_hr_notes").select("move_id").where("move_id", "=", m.moveId).execute()).toEqual([]);
  });

  test("wrong role, another group's HR, an employee, another employee's move, signed out: refused, nothing written", async () => {
    const m = await openMove();
    const other = await openMove();
    const input = { ...m, notesText: "Not yours" };
    await expectTrpcError((await t.employee()).employeeFile.saveHrNotes(input), "FORBIDDEN");
    await expectTrpcError((await t.finance()).employeeFile.saveHrNotes(input), "FORBIDDEN");
    await expectTrpcError((await t.hrGlobex()).employeeFile.saveHrNotes(input), "FORBIDDEN");
    await expectTrpcError((await t.hrGlobex()).employeeFile.saveHrNotes({ ...input, group: "globex" }), "NOT_FOUND");
    await expectTrpcError((await t.hrAcme()).employeeFile.saveHrNotes({ ...input, moveId: other.moveId }), "NOT_FOUND");
    await expectTrpcError((await callerFor(t.db, null)).employeeFile.saveHrNotes(input), "UNAUTHORIZED");
    await expectTrpcError((await t.employee()).employeeFile.hrNotes(m), "FORBIDDEN");
    expect(await t.db.selectFrom("move_hr_notes").select("move_id").where("move_id", "in", [m.moveId, other.moveId]).execute()).toEqual([]);
  });

  test("50 parallel saves: no server error, exactly one of the sent texts kept, one audit row per applied version", async () => {
    const m = await openMove();
    const hr = await t.hrAcme();
    const texts = Array.from({ length: 50 }, (_, i) => `Parallel note ${i}`);
    const results = await race(50, (i) => hr.employeeFile.saveHrNotes({ ...m, notesText: texts[i]! }));
    await expectAllSucceed(results);
    const row = await t.db.selectFrom("move_hr_notes").selectAll().where("move_id", "=", m.moveId).execute();
    expect(row).toHaveLength(1);
    expect(texts).toContain(row[0]!.notes_text);
    const audits = (await auditRows(t.db, "hr-notes")).filter((r) => r.entity_id === String(m.moveId));
    expect(audits).toHaveLength(row[0]!.version);
    // The audit trail is one ordered chain: each row's old text is the previous row's new text, ending at the stored text.
    for (let i = 1; i < audits.length; i++) expect(JSON.parse(audits[i]!.old_values!).notesText).toBe(JSON.parse(audits[i - 1]!.new_values!).notesText);
    expect(JSON.parse(audits.at(-1)!.new_values!).notesText).toBe(row[0]!.notes_text);
  });

  test("50 parallel saves each taken at its own time: the latest text is the one kept", async () => {
    const m = await openMove();
    const hr = await t.hrAcme();
    const base = Date.parse("2026-11-26T12:00:00.000Z");
    const results = await race(50, (i) => hr.employeeFile.saveHrNotes({ ...m, notesText: `Typed ${i}`, savedAt: new Date(base + i * 1000).toISOString() }));
    await expectAllSucceed(results);
    expect((await hr.employeeFile.hrNotes(m)).notesText).toBe("Typed 49");
  });
});

describe("documented paths", () => {
  test("profile/edit, profile/edit/dynamic and saveHRNotes as HR; refusals in each call's shape", async () => {
    const app = appFor(t.db);
    const hrCookie = await cookieFor(t.db, DEMO.HR);
    const globexCookie = await cookieFor(t.db, DEMO.GLOBEX);
    const employeeCookie = await cookieFor(t.db, DEMO.EMPLOYEE);
    const m = await openMove();
    const email = unique("legacy");

    const ok = await postForm(app, "/acme/employeefile/profile/edit", { userId: String(m.userId), firstName: "Leg", lastName: "Acy", email, phone: "" }, { cookie: hrCookie });
    expect(ok.status).toBe(200);
    expect(await ok.json()).toMatchObject({ success: true, error: null, profile: { firstName: "Leg", email, phone: null } });

    const bad = await postForm(app, "/acme/employeefile/profile/edit", { userId: String(m.userId), firstName: "Leg", lastName: "", email: "nope" }, { cookie: hrCookie });
    expect(bad.status).toBe(200);
    expect(await bad.json()).toMatchObject({ success: false, error: "Last name cannot be empty.", errors: { lastName: "Last name cannot be empty.", email: "Email not in proper format." } });

    const children = await fieldId(t.db, "acme", propertyModelName("numberOfChildren"));
    const dyn = await postJson(app, "/acme/employeefile/profile/edit/dynamic", { userId: m.userId, moveId: m.moveId, id: children, value: 3 }, { cookie: hrCookie });
    expect(await dyn.json()).toMatchObject({ success: true, field: { value: "3" } });
    const dynBad = await postJson(app, "/acme/employeefile/profile/edit/dynamic", { userId: m.userId, moveId: m.moveId, id: children, value: "three" }, { cookie: hrCookie });
    expect(await dynBad.json()).toMatchObject({ success: false, error: wizardText(wizardMessages.numericValue, { label: "Number of accompanying children" }) });

    const notes = await postForm(app, "/acme/employeefile/saveHRNotes", { userId: String(m.userId), moveId: String(m.moveId), notesText: "Legacy note" }, { cookie: hrCookie });
    expect(notes.status).toBe(200);
    expect(await notes.text()).toBe("OK");
    expect((await t.db.selectFrom("move_hr_notes").select("notes_text").where("move_id", "=", m.moveId).executeTakeFirstOrThrow()).notes_text).toBe("Legacy note");

    // Signed out: the spec's "Session timeout".
    const out = await postForm(app, "/acme/employeefile/saveHRNotes", { userId: String(m.userId), moveId: String(m.moveId), notesText: "x" });
    expect(out.status).toBe(401);
    expect(await out.json()).toEqual({ exception: "Session timeout" });
    const outEdit = await postForm(app, "/acme/employeefile/profile/edit", { userId: String(m.userId), firstName: "a", lastName: "b", email: "a@b.com" });
    expect(outEdit.status).toBe(401);
    expect(await outEdit.json()).toMatchObject({ success: false, error: "Session timeout" });

    // Another group's HR, an employee, too long: refused, nothing written.
    const foreign = await postForm(app, "/acme/employeefile/saveHRNotes", { userId: String(m.userId), moveId: String(m.moveId), notesText: "globex" }, { cookie: globexCookie });
    expect(foreign.status).toBe(403);
    const foreignOwn = await postForm(app, "/globex/employeefile/saveHRNotes", { userId: String(m.userId), moveId: String(m.moveId), notesText: "globex" }, { cookie: globexCookie });
    expect(foreignOwn.status).toBe(404);
    const employee = await postForm(app, "/acme/employeefile/profile/edit", { userId: String(m.userId), firstName: "E", lastName: "E", email: unique("e") }, { cookie: employeeCookie });
    expect(employee.status).toBe(403);
    const long = await postForm(app, "/acme/employeefile/saveHRNotes", { userId: String(m.userId), moveId: String(m.moveId), notesText: "x".repeat(HR_NOTES_MAX + 1) }, { cookie: hrCookie });
    expect(long.status).toBe(400);
    const longText = await long.text();
    expectNoStackTrace(longText);
    expect(JSON.parse(longText)).toEqual({ exception: `HR notes are too long (at most ${HR_NOTES_MAX} characters).` });
    expect((await t.db.selectFrom("move_hr_notes").select("notes_text").where("move_id", "=", m.moveId).executeTakeFirstOrThrow()).notes_text).toBe("Legacy note");
    expect((await userRow(t.db, m.userId)).first_name).toBe("Leg");
  });
});

// An employee of the same group who is not the move's: their id with this move is NOT_FOUND (above); a
// brand-new employee without a move can still have their profile edited by HR (no moveId).
describe("an employee without a move", () => {
  test("HR edits the profile without a moveId", async () => {
    const email = unique("nomove");
    const id = await insertTestUser(t.db, { email, role: "EMPLOYEE", group: "acme" });
    const res = await (await t.hrAcme()).employeeFile.editProfile({ group: "acme", userId: id, firstName: "No", lastName: "Move", email });
    expect(res.success).toBe(true);
    expect(await userRow(t.db, id)).toMatchObject({ first_name: "No", last_name: "Move" });
  });
});
