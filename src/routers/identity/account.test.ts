import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { activationMessages } from "../../domain/identity/activation/messages.ts";
import { messages } from "../../domain/messages.ts";
import { issueAccountToken, tokenMessages } from "../../services/identity/tokens.ts";
import { appFor, get, jsonOf, postForm, postJson, sessionCookieFrom, signIn, trpcQuery, type TestApp } from "../../test/app.ts";
import { createCaller } from "../_app.ts";
import { auditRows, callerFor, contextFor, createTestDatabase, DEMO_PASSWORD, insertTestUser, type TestDatabase } from "../../test/db.ts";
import { expectTrpcError } from "../../test/errors.ts";
import { expectAudit, groupIdOf } from "../../test/audit.ts";

let t: TestDatabase;
let app: TestApp;
beforeAll(async () => {
  t = await createTestDatabase();
  app = appFor(t.db);
});
afterAll(() => t.close());

const GOOD = "Moving#2027";

/** Invites a person through the API and returns the activation code from the e-mail's link. */
async function invite(email: string, role: "EMPLOYEE" | "MANAGER" | "HR" = "EMPLOYEE"): Promise<string> {
  const hr = await callerFor(t.db, "hr@acme.test");
  await hr.users.invite({ group: "acme", email, firstName: "First", lastName: "Last", role });
  const mail = await t.db.selectFrom("outbox").select("link").where("to_address", "=", email).orderBy("id", "desc").executeTakeFirstOrThrow();
  return new URL(mail.link!).searchParams.get("ac")!;
}

const userOf = (email: string) => t.db.selectFrom("users").selectAll().where("email", "=", email).executeTakeFirstOrThrow();

describe("account.activationForm", () => {
  test("an employee's form: names, e-mail, group, terms required, social login allowed", async () => {
    const ac = await invite("form-emp@acme.test");
    const anon = await callerFor(t.db, null);
    expect(await anon.account.activationForm({ type: "employee", ac })).toEqual({
      activationCode: ac,
      group: "acme",
      groupDisplayName: "Acme Corp",
      fname: "First",
      lname: "Last",
      email: "form-emp@acme.test",
      moveDate: null,
      requireTNC: true,
      userType: "employee",
      allowSocialLogin: true,
      loginType: "all",
    });
  });

  test("a manager never gets social login", async () => {
    const ac = await invite("form-mgr@acme.test", "MANAGER");
    const form = await (await callerFor(t.db, null)).account.activationForm({ type: "group", ac });
    expect(form).toMatchObject({ userType: "manager", allowSocialLogin: false, loginType: "direct" });
  });

  test("unknown, wrong-path, expired and used codes give a clear message", async () => {
    const anon = await callerFor(t.db, null);
    await expectTrpcError(anon.account.activationForm({ type: "employee", ac: "nope" }), "BAD_REQUEST", tokenMessages.invalid);
    const ac = await invite("form-wrong@acme.test");
    await expectTrpcError(anon.account.activationForm({ type: "group", ac }), "BAD_REQUEST", activationMessages.wrongPathType);
    const user = await userOf("form-wrong@acme.test");
    const expired = await issueAccountToken(t.db, { userId: user.id, kind: "ACTIVATION", ttlMinutes: 1 }, new Date(Date.now() - 120_000));
    await expectTrpcError(anon.account.activationForm({ type: "employee", ac: expired }), "BAD_REQUEST", tokenMessages.expired);
  });
});

describe("POST /{type}/activate (legacy)", () => {
  test("happy path: documented answer, session cookie, account active, terms stored, audit, code used once", async () => {
    const ac = await invite("legacy-emp@acme.test");
    const fields = {
      ac, directSignup: "true", group: "acme", email: "legacy-emp@acme.test", firstName: "Lena", lastName: "Legacy",
      moveDate: "15/09/2027", password: GOOD, confirmPassword: GOOD, acceptTerms: "on",
    };
    const res = await postForm(app, "/employee/activate", fields);
    expect(await jsonOf(res)).toEqual({
      status: 200,
      body: { success: true, baseUrl: "http://localhost:3000", redirectUrl: "/", redirect: true, errors: null, message: null },
    });
    const cookie = sessionCookieFrom(res)!;
    expect(cookie).toBeTruthy();
    const me = (await (await trpcQuery(app, "auth.me", undefined, { cookie })).json()).result.data;
    expect(me).toMatchObject({ email: "legacy-emp@acme.test", firstName: "Lena", termsAccepted: true, homePath: "/" });
    const user = await userOf("legacy-emp@acme.test");
    expect(user).toMatchObject({ activation_state: "ACTIVE", first_name: "Lena", last_name: "Legacy", move_date: "2027-09-15", terms_version: "1" });
    expect(user.password_hash).toStartWith("$argon2id$");
    expect(user.terms_accepted_at).not.toBeNull();
    expect((await auditRows(t.db, "activate")).map((a) => a.entity_id)).toContain(String(user.id));
    // The activation's rows field by field (issue 23 item 24): the account, and the session it opens.
    const acme = await groupIdOf(t.db, "acme");
    await expectAudit(t.db, {
      action: "activate", actor: "legacy-emp@acme.test", groupId: acme, entity: "user", entityId: user.id,
      oldValues: { activationState: "PENDING", firstName: "First", lastName: "Last" },
      newValues: { activationState: "ACTIVE", firstName: "Lena", lastName: "Legacy", moveDate: "2027-09-15", termsVersion: "1" },
    });
    await expectAudit(t.db, { action: "login", actor: "legacy-emp@acme.test", groupId: acme, entity: "session", entityId: user.id, oldValues: null, newValues: null });
    // The password works for a normal sign-in.
    expect(await signIn(app, "legacy-emp@acme.test", { password: GOOD })).toBeTruthy();

    const again = await jsonOf(await postForm(app, "/employee/activate", fields));
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({ success: false, redirect: false, message: messages.signupFailed, errors: { ac: tokenMessages.used } });
  });

  test("a weak password: field errors and the spec's form text; nothing changes", async () => {
    const ac = await invite("weak@acme.test");
    const { status, body } = await jsonOf(
      await postForm(app, "/employee/activate", { ac, firstName: "W", lastName: "K", password: "weak", confirmPassword: "weaker", acceptTerms: "true" }),
    );
    expect(status).toBe(400);
    expect(body.success).toBe(false);
    expect(body.message).toBe(messages.formHasErrors);
    expect(body.errors.password).toBe("Between 8 and 20 characters");
    expect(body.errors.confirmPassword).toBe("The passwords do not match.");
    expect((await userOf("weak@acme.test")).activation_state).toBe("PENDING");
  });

  test("terms not ticked and a bad move date are field errors", async () => {
    const ac = await invite("noterms@acme.test");
    const { status, body } = await jsonOf(
      await postJson(app, "/employee/activate", { ac, firstName: "N", lastName: "T", password: GOOD, confirmPassword: GOOD, moveDate: "2027-09-15" }),
    );
    expect(status).toBe(400);
    expect(body).toMatchObject({ success: false, message: messages.formHasErrors });
    expect(body.errors).toEqual({ acceptTerms: activationMessages.termsRequired, moveDate: activationMessages.moveDateFormat });
  });

  test("unknown and expired codes are refused with the signup text and the reason", async () => {
    const unknown = await jsonOf(await postForm(app, "/employee/activate", { ac: "unknown-code", firstName: "A", lastName: "B", password: GOOD, acceptTerms: "on" }));
    expect(unknown).toMatchObject({ status: 400, body: { success: false, message: messages.signupFailed, errors: { ac: tokenMessages.invalid } } });
    await invite("expired@acme.test");
    const user = await userOf("expired@acme.test");
    const ac = await issueAccountToken(t.db, { userId: user.id, kind: "ACTIVATION", ttlMinutes: 1 }, new Date(Date.now() - 120_000));
    const expired = await jsonOf(await postForm(app, "/employee/activate", { ac, firstName: "A", lastName: "B", password: GOOD, acceptTerms: "on" }));
    expect(expired).toMatchObject({ status: 400, body: { success: false, message: messages.signupFailed, errors: { ac: tokenMessages.expired } } });
  });

  test("an employee code on /group/activate is refused", async () => {
    const ac = await invite("wrongpath@acme.test");
    const res = await jsonOf(await postForm(app, "/group/activate", { ac, firstName: "A", lastName: "B", password: GOOD, acceptTerms: "on" }));
    expect(res).toMatchObject({ status: 400, body: { success: false, message: messages.signupFailed, errors: { ac: activationMessages.wrongPathType } } });
    expect((await userOf("wrongpath@acme.test")).activation_state).toBe("PENDING");
  });

  test("a manager activates on /group/activate and lands on the group home", async () => {
    const ac = await invite("mgr-act@acme.test", "MANAGER");
    const res = await jsonOf(await postForm(app, "/group/activate", { ac, firstName: "Max", lastName: "M", password: GOOD, confirmPassword: GOOD, acceptTerms: "true" }));
    expect(res.body).toMatchObject({ success: true, redirectUrl: "/acme/home" });
  });
});

describe("activation and terms pages", () => {
  test("the four activation pages load signed out; the terms page needs a session", async () => {
    for (const type of ["employee", "group", "adminuser", "supplier"]) {
      expect((await get(app, `/${type}/activate?ac=abc`)).status).toBe(200);
    }
    const terms = await get(app, "/user/terms-and-conditions");
    expect(terms.status).toBe(302);
    expect(terms.headers.get("location")).toStartWith("/login?redirect=");
  });
});

describe("account.activate (tRPC)", () => {
  test("happy path signs in with a cookie and the code cannot be used twice", async () => {
    const ac = await invite("trpc-emp@acme.test");
    const headers = new Headers();
    const anon = await callerFor(t.db, null);
    const ctxCaller = createCaller({ ...(await contextFor(t.db, null)), resHeaders: headers });
    const result = await ctxCaller.account.activate({ type: "employee", ac, firstName: "Tia", lastName: "T", password: GOOD, confirmPassword: GOOD, acceptTerms: true });
    expect(result).toMatchObject({ success: true, redirectUrl: "/", redirect: true, errors: null });
    expect(headers.get("set-cookie")).toContain("meridian_session=");
    const err = await expectTrpcError(
      anon.account.activate({ type: "employee", ac, firstName: "Tia", lastName: "T", password: GOOD, acceptTerms: true }),
      "CONFLICT",
      messages.signupFailed,
    );
    expect(err.message).toBe(messages.signupFailed);
  });

  test("a weak password is a validation error with field messages", async () => {
    const ac = await invite("trpc-weak@acme.test");
    const anon = await callerFor(t.db, null);
    const err = await expectTrpcError(
      anon.account.activate({ type: "employee", ac, firstName: "A", lastName: "B", password: "abc", acceptTerms: true }),
      "BAD_REQUEST",
      messages.formHasErrors,
    );
    expect((err.cause as { fields?: Record<string, string> }).fields?.password).toBe("Between 8 and 20 characters");
  });
});

describe("terms and conditions", () => {
  test("a user without accepted terms: login target, page redirect, FORBIDDEN elsewhere, then acceptance", async () => {
    const id = await insertTestUser(t.db, { email: "noterms-user@acme.test", role: "HR" });
    await t.db.updateTable("users").set({ terms_accepted_at: null, terms_version: null }).where("id", "=", id).execute();

    const login = await jsonOf(await postForm(app, "/login", { email: "noterms-user@acme.test", password: DEMO_PASSWORD }));
    expect(login.body).toEqual({ success: true, targetUrl: "/user/terms-and-conditions", exception: null });

    const cookie = await signIn(app, "noterms-user@acme.test");
    const page = await get(app, "/acme/home", { cookie });
    expect(page.status).toBe(302);
    expect(page.headers.get("location")).toBe("/user/terms-and-conditions");
    expect((await get(app, "/user/terms-and-conditions", { cookie })).status).toBe(200);

    const blocked = await jsonOf(await trpcQuery(app, "group.home", { group: "acme" }, { cookie }));
    expect(blocked.status).toBe(403);
    expect(blocked.body.error.message).toBe(activationMessages.termsNotAccepted);
    expect((await trpcQuery(app, "auth.me", undefined, { cookie })).status).toBe(200);
    const terms = (await jsonOf(await trpcQuery(app, "account.terms", undefined, { cookie }))).body.result.data;
    expect(terms).toEqual({
      version: "1",
      accepted: false,
      acceptedAt: null,
      acceptedVersion: null,
      userType: "manager",
      email: "noterms-user@acme.test",
      firstName: "Test",
      lastName: "User",
      moveDate: "",
      fields: [],
      values: {},
    });

    const refused = await jsonOf(await postForm(app, "/user/terms-and-conditions", { accept: "" }, { cookie }));
    expect(refused).toEqual({
      status: 400,
      body: { success: false, redirectUrl: null, errors: { accept: activationMessages.termsRequired }, message: messages.signupFailed },
    });

    const accepted = await jsonOf(await postForm(app, "/user/terms-and-conditions", { accept: "on" }, { cookie }));
    expect(accepted).toEqual({ status: 200, body: { success: true, redirectUrl: "/acme/home", errors: null, message: null } });
    const row = await userOf("noterms-user@acme.test");
    expect(row.terms_version).toBe("1");
    expect(row.terms_accepted_at).not.toBeNull();
    expect((await auditRows(t.db, "accept-terms")).map((a) => a.entity_id)).toContain(String(id));
    expect((await get(app, "/acme/home", { cookie })).status).toBe(200);
    expect((await trpcQuery(app, "group.home", { group: "acme" }, { cookie })).status).toBe(200);
  });

  test("account.acceptTerms through tRPC; signed out is refused on both transports", async () => {
    const id = await insertTestUser(t.db, { email: "noterms-trpc@acme.test" });
    await t.db.updateTable("users").set({ terms_accepted_at: null }).where("id", "=", id).execute();
    const caller = await callerFor(t.db, "noterms-trpc@acme.test");
    await expectTrpcError(caller.group.home({ group: "acme" }), "FORBIDDEN", activationMessages.termsNotAccepted);
    await expectTrpcError(caller.account.acceptTerms({ accept: false }), "BAD_REQUEST", messages.signupFailed);
    expect(await caller.account.acceptTerms({ accept: true })).toEqual({ success: true, redirectUrl: "/", errors: null, message: null });
    const anon = await callerFor(t.db, null);
    await expectTrpcError(anon.account.acceptTerms({ accept: true }), "UNAUTHORIZED");
    expect((await postForm(app, "/user/terms-and-conditions", { accept: "on" })).status).toBe(401);
  });

  test("demo users are not gated", async () => {
    const hr = await callerFor(t.db, "hr@acme.test");
    expect((await hr.account.terms()).accepted).toBe(true);
    expect((await hr.group.home({ group: "acme" })).group.name).toBe("acme");
  });
});
