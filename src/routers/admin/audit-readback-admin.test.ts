/**
 * Audited writes of the admin and auth areas, their rows read back field by field (actor, group,
 * entity, entity id, action, old and new values): issue 23 item 24 ("every audited action has its row
 * read back"). Managers' restrictions, name and geographic rules; the admin's account tools (reset
 * link, SSO flag, anonymisation); password reset requested and done. SQLite and PostgreSQL
 * (TEST_DB=postgres).
 */
import { beforeAll, describe, expect, test } from "bun:test";
import { expectAudit, groupIdOf } from "../../test/audit.ts";
import { TERMS_VERSION } from "../../domain/identity/activation/rules.ts";
import { callerFor, contextFor, createSessionFor, DEMO_PASSWORD, insertTestUser } from "../../test/db.ts";
import { createCaller } from "../_app.ts";
import { DEMO, useTestDatabase } from "../../test/fixtures.ts";

const t = useTestDatabase();
let acme = 0;
let managerId = 0;

beforeAll(async () => {
  acme = await groupIdOf(t.db, "acme");
  managerId = await insertTestUser(t.db, { email: "audited.manager@acme.test", role: "MANAGER", group: "acme", firstName: "Anna", lastName: "Audited" });
});

const onManager = (action: string, oldValues: unknown, newValues: unknown) =>
  expectAudit(t.db, { action, actor: DEMO.ADMIN, groupId: acme, entity: "manager", entityId: managerId, oldValues, newValues });

describe("managers (admin)", () => {
  test("each restriction: the old value and the new one", async () => {
    const a = await t.admin();
    // Each is set twice so the second row's old value is the first one's new value.
    await a.managers.updateView({ userId: managerId, viewRestriction: "OWN" });
    await a.managers.updateView({ userId: managerId, viewRestriction: "NONE" });
    await onManager("manager-view-restriction", { viewRestriction: "OWN" }, { viewRestriction: "NONE" });

    await a.managers.updateCreation({ userId: managerId, readOnlyRestriction: "VIEW" });
    await a.managers.updateCreation({ userId: managerId, readOnlyRestriction: "CREATE" });
    await onManager("manager-creation-restriction", { readOnlyRestriction: "VIEW" }, { readOnlyRestriction: "CREATE" });

    await a.managers.updateReporting({ userId: managerId, reportingRestriction: "OFF" });
    await a.managers.updateReporting({ userId: managerId, reportingRestriction: "ON" });
    await onManager("manager-reporting-restriction", { reportingRestriction: "OFF" }, { reportingRestriction: "ON" });

    await a.managers.updateDashboard({ userId: managerId, dashboardRestriction: "OFF" });
    await a.managers.updateDashboard({ userId: managerId, dashboardRestriction: "ON" });
    await onManager("manager-dashboard-restriction", { dashboardRestriction: "OFF" }, { dashboardRestriction: "ON" });

    await a.managers.updateExternalSpend({ userId: managerId, turnExternalSpend: true });
    await a.managers.updateExternalSpend({ userId: managerId, turnExternalSpend: false });
    await onManager("manager-external-spend", { turnExternalSpend: 1 }, { turnExternalSpend: 0 });
  });

  test("the name; a geographic rule added and deleted", async () => {
    const a = await t.admin();
    await a.managers.updateName({ userId: managerId, firstName: "Annabel", lastName: "Audit" });
    await onManager("manager-name", { firstName: "Anna", lastName: "Audited" }, { firstName: "Annabel", lastName: "Audit" });

    const route = { originGeoType: "COUNTRY", originGeoId: "GB", destinationGeoType: "COUNTRY", destinationGeoId: "LU" };
    expect(await a.managers.saveGeoRestriction({ userId: managerId, geoString: JSON.stringify(route) })).toBe("OK");
    const rule = await t.db.selectFrom("manager_geo_restrictions").select("id").where("manager_user_id", "=", managerId).orderBy("id", "desc").executeTakeFirstOrThrow();
    const values = { id: rule.id, origin: "COUNTRY:GB", destination: "COUNTRY:LU" };
    await onManager("manager-geo-add", null, values);
    await a.managers.deleteGeoRestriction({ restrictionId: rule.id });
    await onManager("manager-geo-delete", values, null);
  });
});

describe("account tools (admin) and password reset (auth)", () => {
  test("reset link issued by the admin; reset requested by the person (no actor); password set", async () => {
    const id = await insertTestUser(t.db, { email: "audited.reset@acme.test", group: "acme" });
    const a = await t.admin();
    await a.adminAccounts.findResetLink({ email: "audited.reset@acme.test" });
    await expectAudit(t.db, { action: "resetLinkIssued", actor: DEMO.ADMIN, groupId: acme, entity: "user", entityId: id, oldValues: null, newValues: null });

    const anon = await callerFor(t.db, null);
    await anon.recovery.request({ email: "audited.reset@acme.test" });
    await expectAudit(t.db, { action: "passwordResetRequested", actor: null, groupId: acme, entity: "user", entityId: id, oldValues: null, newValues: null });

    const mail = await t.db.selectFrom("outbox").select("link").where("to_address", "=", "audited.reset@acme.test").orderBy("id", "desc").executeTakeFirstOrThrow();
    const token = new URL(mail.link!).searchParams.get("token")!;
    const tokenRow = await t.db.selectFrom("account_tokens").select("id").where("user_id", "=", id).orderBy("id", "desc").executeTakeFirstOrThrow();
    expect((await anon.recovery.setPassword({ token, password: "Audited#2026x", confirmPassword: "Audited#2026x" })).success).toBe(true);
    await expectAudit(t.db, {
      action: "passwordReset", actor: "audited.reset@acme.test", groupId: acme, entity: "user", entityId: id,
      oldValues: null, newValues: { passwordChanged: true, sessionsEnded: 0, tokenId: tokenRow.id },
    });
  });

  test("SSO flag turned off; anonymisation (what was scrubbed, never the old personal data)", async () => {
    const id = await insertTestUser(t.db, { email: "audited.sso@acme.test", group: "acme" });
    await t.db.updateTable("users").set({ is_sso_user: 1 }).where("id", "=", id).execute();
    const a = await t.admin();
    await a.adminAccounts.disableSso({ userId: id });
    await expectAudit(t.db, { action: "disableSso", actor: DEMO.ADMIN, groupId: acme, entity: "user", entityId: id, oldValues: { is_sso_user: 1 }, newValues: { is_sso_user: 0 } });

    await a.adminAccounts.anonymize({ userId: id });
    const row = await expectAudit(t.db, {
      action: "anonymize", actor: DEMO.ADMIN, groupId: acme, entity: "user", entityId: id, oldValues: null,
      newValues: { fields: ["first_name", "last_name", "email", "phone", "move_date", "terms_form_values", "password_hash", "is_sso_user"], tables: expect.any(Array) },
    });
    expect(JSON.stringify(row)).not.toContain("audited.sso");
  });
});

describe("sign-in, sign-out, invitation and terms (auth)", () => {
  test("login, a failed login (no actor), logout", async () => {
    const hr = await t.db.selectFrom("users").select(["id", "group_id"]).where("email", "=", DEMO.HR).executeTakeFirstOrThrow();
    const ctx = await contextFor(t.db, null, { ip: "192.0.2.44" });
    await createCaller(ctx).auth.login({ email: DEMO.HR, password: DEMO_PASSWORD });
    const row = await expectAudit(t.db, { action: "login", actor: DEMO.HR, groupId: hr.group_id, entity: "session", entityId: hr.id, oldValues: null, newValues: null });
    expect(row.ip).toBe("192.0.2.44");

    const wrong = await contextFor(t.db, null, { ip: "192.0.2.45" });
    await createCaller(wrong).auth.login({ email: DEMO.HR, password: "Wrong#2026pass" }).catch(() => undefined);
    const failed = await expectAudit(t.db, { action: "login.failed", actor: null, groupId: hr.group_id, entity: "session", entityId: hr.id, oldValues: null, newValues: null });
    expect(failed.ip).toBe("192.0.2.45");
    await t.db.deleteFrom("login_throttle").execute();

    const { session } = await createSessionFor(t.db, DEMO.EMPLOYEE);
    const out = await contextFor(t.db, null);
    out.session = session;
    await createCaller(out).auth.logout();
    await expectAudit(t.db, { action: "logout", actor: DEMO.EMPLOYEE, groupId: session.user.groupId, entity: "session", entityId: session.user.id, oldValues: null, newValues: null });
  });

  test("HR invites; the person accepts the terms; HR saves the group's terms form twice", async () => {
    const hr = await t.hrAcme();
    const invited = await hr.users.invite({ group: "acme", email: "Audited.Invite@acme.test", firstName: "Ivy", lastName: "Invited", role: "EMPLOYEE" });
    await expectAudit(t.db, {
      action: "invite", actor: DEMO.HR, groupId: acme, entity: "user", entityId: invited.userId,
      oldValues: null, newValues: { email: "audited.invite@acme.test", firstName: "Ivy", lastName: "Invited", role: "EMPLOYEE" },
    });

    const field = { modelName: "office", label: "Office", type: "select" as const, mandatory: true, values: ["London", "Zurich"] };
    const first = await hr.account.saveTermsForm({ group: "acme", fields: [field] });
    const second = await hr.account.saveTermsForm({ group: "acme", fields: [{ ...field, values: ["London", "Zurich", "Geneva"] }] });
    await expectAudit(t.db, {
      action: "save-terms-form", actor: DEMO.HR, groupId: acme, entity: "terms_form", entityId: acme,
      oldValues: { fields: first.fields }, newValues: { fields: second.fields },
    });

    const id = await insertTestUser(t.db, { email: "audited.terms@acme.test", group: "acme", firstName: "Tom", lastName: "Terms" });
    await t.db.updateTable("users").set({ terms_accepted_at: null, terms_version: null }).where("id", "=", id).execute();
    const me = await callerFor(t.db, "audited.terms@acme.test");
    await me.account.acceptTerms({ accept: true, lastName: "Termsson", fields: { office: "Geneva" } });
    await expectAudit(t.db, {
      action: "accept-terms", actor: "audited.terms@acme.test", groupId: acme, entity: "user", entityId: id,
      // Which parts changed, never their values.
      oldValues: null, newValues: { termsVersion: TERMS_VERSION, updated: ["lastName"], formFields: ["office"] },
    });
  });
});
