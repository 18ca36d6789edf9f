/**
 * The terms form (part 2 §3, §5, §7, §8): its own fields and the group's configurable ones, field
 * errors by name on both transports, the configuration (HR of the group or an admin), atomicity.
 * Runs on SQLite, and on PostgreSQL with TEST_DB=postgres.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { messages } from "../../domain/messages.ts";
import { termsFormMessages as m, type TTermsFormField } from "../../domain/identity/activation/terms-form.ts";
import { appFor, cookieFor, jsonOf, postForm, postJson, type TestApp } from "../../test/app.ts";
import { auditRows, callerFor, createTestDatabase, insertTestUser, type TestDatabase } from "../../test/db.ts";
import { expectTrpcError } from "../../test/errors.ts";

let t: TestDatabase;
let app: TestApp;
beforeAll(async () => {
  t = await createTestDatabase();
  app = appFor(t.db);
});
afterAll(() => t.close());

const FIELDS: TTermsFormField[] = [
  { modelName: "employeeNumber", label: "Employee number", type: "text", mandatory: true, values: [] },
  { modelName: "startDate", label: "Start date", type: "date", mandatory: false, values: [] },
  { modelName: "office", label: "Office", type: "select", mandatory: true, values: ["London", "Zurich"] },
  { modelName: "privacyConsent", label: "Privacy notice", type: "checkbox", mandatory: true, values: [] },
];

async function userWithoutTerms(group: "acme" | "globex" = "globex", role: "EMPLOYEE" | "MANAGER" = "EMPLOYEE") {
  const email = `terms-${crypto.randomUUID().slice(0, 8)}@${group}.test`;
  const id = await insertTestUser(t.db, { email, group, role, firstName: "Tom", lastName: "Terms" });
  await t.db.updateTable("users").set({ terms_accepted_at: null, terms_version: null }).where("id", "=", id).execute();
  return { id, email };
}

const userRow = (id: number) => t.db.selectFrom("users").selectAll().where("id", "=", id).executeTakeFirstOrThrow();

describe("terms form configuration", () => {
  test("HR saves its own group's fields; the list comes back in order; one audit row", async () => {
    const hr = await callerFor(t.db, "hr@globex.test");
    const saved = await hr.account.saveTermsForm({ group: "globex", fields: FIELDS });
    expect(saved).toEqual({ success: true, message: m.configSaved, errors: {}, fields: FIELDS });
    expect((await hr.account.termsForm({ group: "globex" })).fields).toEqual(FIELDS);
    const globex = await groupId("globex");
    const audits = (await auditRows(t.db, "save-terms-form")).filter((a) => a.entity_id === globex);
    expect(audits).toHaveLength(1);
    expect(JSON.parse(audits[0]!.new_values!)).toEqual({ fields: FIELDS });
  });

  test("other group, employees and managers are refused; an admin may configure any group", async () => {
    const hr = await callerFor(t.db, "hr@acme.test");
    await expectTrpcError(hr.account.termsForm({ group: "globex" }), "FORBIDDEN", messages.otherGroup);
    await expectTrpcError(hr.account.saveTermsForm({ group: "globex", fields: [] }), "FORBIDDEN", messages.otherGroup);
    const employee = await callerFor(t.db, "employee@globex.test");
    await expectTrpcError(employee.account.termsForm({ group: "globex" }), "FORBIDDEN");
    const manager = await callerFor(t.db, "manager@acme.test");
    await expectTrpcError(manager.account.saveTermsForm({ group: "acme", fields: [] }), "FORBIDDEN");
    const anon = await callerFor(t.db, null);
    await expectTrpcError(anon.account.termsForm({ group: "acme" }), "UNAUTHORIZED");
    const admin = await callerFor(t.db, "admin@meridian.test");
    expect((await admin.account.termsForm({ group: "globex" })).groupDisplayName).toBe("Globex Inc");
    expect((await admin.account.saveTermsForm({ group: "initech", fields: [FIELDS[0]!] })).fields).toEqual([FIELDS[0]!]);
    expect((await admin.account.termsForm({ group: "initech" })).fields).toEqual([FIELDS[0]!]);
    await expectTrpcError(admin.account.termsForm({ group: "no-such-group" }), "NOT_FOUND");
  });

  test("invalid configurations are refused field by field and change nothing", async () => {
    const hr = await callerFor(t.db, "hr@acme.test");
    const before = (await hr.account.termsForm({ group: "acme" })).fields;
    const error = await expectTrpcError(
      hr.account.saveTermsForm({
        group: "acme",
        fields: [
          { modelName: "email", label: "E-mail again", type: "text", mandatory: false, values: [] },
          { modelName: "bad name", label: "", type: "text", mandatory: false, values: [] },
          { modelName: "office", label: "Office", type: "select", mandatory: false, values: [] },
          { modelName: "OFFICE", label: "Office 2", type: "select", mandatory: false, values: ["A", "A"] },
        ],
      }),
      "BAD_REQUEST",
      m.configInvalid,
    );
    expect((error.cause as { fields?: Record<string, string> }).fields).toEqual({
      "fields.0.modelName": m.modelNameReserved,
      "fields.1.modelName": m.modelNameFormat,
      "fields.1.label": m.labelRequired,
      "fields.2.values": m.valuesRequired,
      "fields.3.modelName": m.modelNameTaken,
      "fields.3.values": "The value A is listed twice.",
    });
    expect((await hr.account.termsForm({ group: "acme" })).fields).toEqual(before);
  });

  test("20 parallel saves: no failure, the form holds exactly one of the lists", async () => {
    const admin = await callerFor(t.db, "admin@meridian.test");
    const lists = Array.from({ length: 20 }, (_, i) => [
      { modelName: `field${i}`, label: `Field ${i}`, type: "text" as const, mandatory: false, values: [] },
      { modelName: "shared", label: `Shared ${i}`, type: "text" as const, mandatory: false, values: [] },
    ]);
    const results = await Promise.allSettled(lists.map((fields) => admin.account.saveTermsForm({ group: "initech", fields })));
    expect(results.filter((r) => r.status === "rejected")).toEqual([]);
    const stored = (await admin.account.termsForm({ group: "initech" })).fields;
    expect(stored).toHaveLength(2);
    expect(lists.some((l) => JSON.stringify(l) === JSON.stringify(stored))).toBe(true);
  });
});

async function groupId(name: string): Promise<string> {
  const row = await t.db.selectFrom("groups").select("id").where("name", "=", name).executeTakeFirstOrThrow();
  return String(row.id);
}

describe("the terms form (account.terms / account.acceptTerms)", () => {
  test("the page reads the account's own fields and the group's configurable ones", async () => {
    const admin = await callerFor(t.db, "admin@meridian.test");
    await admin.account.saveTermsForm({ group: "globex", fields: FIELDS });
    const { email } = await userWithoutTerms("globex", "MANAGER");
    const me = await callerFor(t.db, email);
    const page = await me.account.terms();
    expect(page).toMatchObject({ accepted: false, userType: "manager", email, firstName: "Tom", lastName: "Terms", moveDate: "", fields: FIELDS, values: {} });
  });

  test("each problem comes back by field name with the spec's failure text; nothing is stored", async () => {
    const admin = await callerFor(t.db, "admin@meridian.test");
    await admin.account.saveTermsForm({ group: "globex", fields: FIELDS });
    const { id, email } = await userWithoutTerms();
    const me = await callerFor(t.db, email);
    const error = await expectTrpcError(
      me.account.acceptTerms({
        accept: false,
        userType: "admin",
        email: "someone-else@globex.test",
        firstName: " ",
        lastName: "Terms",
        moveDate: "31/02/2027",
        fields: { startDate: "2027-01-01", office: "Paris" },
      }),
      "BAD_REQUEST",
      messages.signupFailed,
    );
    const fields = (error.cause as { fields?: Record<string, string> }).fields;
    expect(fields).toEqual({
      userType: m.userTypeMismatch,
      email: m.emailMismatch,
      firstName: m.firstNameRequired,
      moveDate: m.moveDateFormat,
      employeeNumber: "Employee number is required.",
      startDate: "Start date: please enter a date as dd/MM/yyyy.",
      office: "Office: please choose one of the listed values.",
      privacyConsent: "Please tick Privacy notice.",
      accept: m.termsRequired,
    });
    const row = await userRow(id);
    expect(row.terms_accepted_at).toBeNull();
    expect(row.first_name).toBe("Tom");
    expect(row.terms_form_values).toBeNull();
  });

  test("a complete form is accepted: names, move date and configurable values stored, one audit row without values", async () => {
    const admin = await callerFor(t.db, "admin@meridian.test");
    await admin.account.saveTermsForm({ group: "globex", fields: FIELDS });
    const { id, email } = await userWithoutTerms();
    const me = await callerFor(t.db, email);
    const result = await me.account.acceptTerms({
      accept: true,
      userType: "employee",
      email: email.toUpperCase(),
      firstName: "Tomás",
      lastName: "Terms",
      moveDate: "15/09/2027",
      fields: { employeeNumber: "E-1001", startDate: "01/10/2027", office: "Zurich", privacyConsent: true, notConfigured: "ignored" },
    });
    expect(result).toEqual({ success: true, redirectUrl: "/", errors: null, message: null });
    const row = await userRow(id);
    expect(row).toMatchObject({ first_name: "Tomás", last_name: "Terms", move_date: "2027-09-15", terms_version: "1" });
    expect(JSON.parse(row.terms_form_values!)).toEqual({ employeeNumber: "E-1001", startDate: "01/10/2027", office: "Zurich", privacyConsent: "true" });
    const audits = (await auditRows(t.db, "accept-terms")).filter((a) => a.entity_id === String(id));
    expect(audits).toHaveLength(1);
    expect(JSON.parse(audits[0]!.new_values!)).toEqual({
      termsVersion: "1",
      updated: ["firstName", "moveDate"],
      formFields: ["employeeNumber", "startDate", "office", "privacyConsent"],
    });
    const page = await me.account.terms();
    expect(page).toMatchObject({ accepted: true, firstName: "Tomás", moveDate: "15/09/2027", values: { office: "Zurich" } });
    // Accepting again changes nothing.
    await me.account.acceptTerms({ accept: true, firstName: "Other", fields: { employeeNumber: "X", office: "London", privacyConsent: "on" } });
    expect((await userRow(id)).first_name).toBe("Tomás");
  });

  test("a group without configured fields needs only the box; another group's fields do not apply", async () => {
    const admin = await callerFor(t.db, "admin@meridian.test");
    await admin.account.saveTermsForm({ group: "globex", fields: FIELDS });
    await admin.account.saveTermsForm({ group: "acme", fields: [] });
    const { id, email } = await userWithoutTerms("acme");
    const me = await callerFor(t.db, email);
    expect((await me.account.terms()).fields).toEqual([]);
    expect((await me.account.acceptTerms({ accept: true })).success).toBe(true);
    expect((await userRow(id)).terms_form_values).toBe("{}");
  });
});

describe("POST /user/terms-and-conditions", () => {
  test("form fields by name (configurable ones at the top level); field errors in the documented answer", async () => {
    const admin = await callerFor(t.db, "admin@meridian.test");
    await admin.account.saveTermsForm({ group: "globex", fields: FIELDS });
    const { id, email } = await userWithoutTerms();
    const cookie = await cookieFor(t.db, email);
    const refused = await jsonOf(
      await postForm(app, "/user/terms-and-conditions", { accept: "on", userType: "employee", email, firstName: "Tom", lastName: "Terms", moveDate: "", office: "London" }, { cookie }),
    );
    expect(refused).toEqual({
      status: 400,
      body: {
        success: false,
        redirectUrl: null,
        errors: { employeeNumber: "Employee number is required.", privacyConsent: "Please tick Privacy notice." },
        message: messages.signupFailed,
      },
    });
    expect((await userRow(id)).terms_accepted_at).toBeNull();

    const accepted = await jsonOf(
      await postForm(
        app,
        "/user/terms-and-conditions",
        { accept: "on", userType: "employee", email, firstName: "Tom", lastName: "Terms", moveDate: "01/12/2027", employeeNumber: "77", office: "London", privacyConsent: "on" },
        { cookie },
      ),
    );
    expect(accepted).toEqual({ status: 200, body: { success: true, redirectUrl: "/", errors: null, message: null } });
    const row = await userRow(id);
    expect(row.move_date).toBe("2027-12-01");
    expect(JSON.parse(row.terms_form_values!)).toEqual({ employeeNumber: "77", startDate: "", office: "London", privacyConsent: "true" });
  });

  test("JSON with a fields object; 50 parallel acceptances write one audit row", async () => {
    const admin = await callerFor(t.db, "admin@meridian.test");
    await admin.account.saveTermsForm({ group: "globex", fields: FIELDS });
    const { id, email } = await userWithoutTerms();
    const cookie = await cookieFor(t.db, email);
    const body = { accept: true, fields: { employeeNumber: "9", office: "Zurich", privacyConsent: true } };
    const results = await Promise.all(Array.from({ length: 50 }, async () => jsonOf(await postJson(app, "/user/terms-and-conditions", body, { cookie }))));
    expect(results.map((r) => r.status)).toEqual(Array(50).fill(200));
    expect((await auditRows(t.db, "accept-terms")).filter((a) => a.entity_id === String(id))).toHaveLength(1);
  });

  test("signed out: 401 with the sign-in text", async () => {
    const res = await jsonOf(await postForm(app, "/user/terms-and-conditions", { accept: "on" }));
    expect(res.status).toBe(401);
    expect(res.body.success).toBe(false);
  });
});
