import { afterAll, beforeAll, beforeEach, describe, expect, test } from "bun:test";
import { messages } from "../../domain/messages.ts";
import { findSession } from "../../db/queries/identity/sessions.ts";
import { login, resolveSession, sessionIdFor } from "../../services/identity/auth.ts";
import {
  auditRows,
  callerFor,
  contextFor,
  countRows,
  createSessionFor,
  createTestDatabase,
  DEMO_PASSWORD,
  insertTestUser,
  testConfig,
  type TestDatabase,
} from "../../test/db.ts";
import { expectInputError, expectTrpcError } from "../../test/errors.ts";
import { createCaller } from "../_app.ts";

let t: TestDatabase;
beforeAll(async () => {
  t = await createTestDatabase();
  await insertTestUser(t.db, { email: "sso@acme.test", isSsoUser: true, withPassword: false });
  await insertTestUser(t.db, { email: "pending@acme.test", activationState: "PENDING" });
  await insertTestUser(t.db, { email: "disabled@acme.test", activationState: "DISABLED" });
});
afterAll(() => t.close());

/** A signed-out caller whose context is returned too, to read the response headers it set. */
async function signedOut(options: { ip?: string | null; config?: ReturnType<typeof testConfig> } = {}) {
  const ctx = await contextFor(t.db, null, options);
  return { ctx, caller: createCaller(ctx) };
}

describe("auth.checkUser", () => {
  test("a password user goes on to the password step", async () => {
    const { caller } = await signedOut();
    expect(await caller.auth.checkUser({ userEmail: "hr@acme.test" })).toEqual({ success: true, isSsoUser: false, ssoUrl: null, allowSocialLogin: false, loginType: "direct", socialProviders: [] });
  });

  test("an SSO user of a group with enabled SSO settings for the domain is sent to the provider", async () => {
    const { caller } = await signedOut();
    expect(await caller.auth.checkUser({ userEmail: "  SSO@Initech.test " })).toEqual({
      success: true,
      isSsoUser: true,
      ssoUrl: "/sso/start?email=sso%40initech.test",
      allowSocialLogin: false,
      loginType: "direct",
      socialProviders: [],
    });
  });

  test("an SSO user whose group has no SSO settings gets the password step", async () => {
    const { caller } = await signedOut();
    expect(await caller.auth.checkUser({ userEmail: "sso@acme.test" })).toEqual({ success: true, isSsoUser: false, ssoUrl: null, allowSocialLogin: false, loginType: "direct", socialProviders: [] });
  });

  test("an unknown address answers like a password user (no account discovery)", async () => {
    const { caller } = await signedOut();
    expect(await caller.auth.checkUser({ userEmail: "nobody@acme.test" })).toEqual({ success: true, isSsoUser: false, ssoUrl: null, allowSocialLogin: false, loginType: "direct", socialProviders: [] });
  });

  test("bad input: not an email address", async () => {
    const { caller } = await signedOut();
    const error = await expectInputError(caller.auth.checkUser({ userEmail: "not-an-email" }), "userEmail");
    expect(error.message).toContain(messages.invalidEmailAddress);
  });

  test("bad input: wrong type", async () => {
    const { caller } = await signedOut();
    await expectInputError(caller.auth.checkUser({ userEmail: 42 as unknown as string }), "userEmail");
  });
});

describe("auth.login: happy", () => {
  test.each([
    ["admin@meridian.test", "/admin"],
    ["finance@meridian.test", "/finance"],
    ["crm@meridian.test", "/crm"],
    ["hr@acme.test", "/acme/home"],
    ["manager@acme.test", "/acme/home"],
    ["employee@acme.test", "/"],
    ["hr@globex.test", "/globex/home"],
    ["employee@globex.test", "/"],
  ])("%s lands on %s", async (email, targetUrl) => {
    const { caller } = await signedOut();
    expect(await caller.auth.login({ email, password: DEMO_PASSWORD })).toEqual({ success: true, targetUrl, exception: null });
  });

  test("sets an HttpOnly SameSite=Lax session cookie, stores only the token's hash, audits the login", async () => {
    const before = (await auditRows(t.db, "login")).length;
    const { ctx, caller } = await signedOut({ ip: "192.0.2.10" });
    await caller.auth.login({ email: "HR@acme.test ", password: DEMO_PASSWORD });

    const setCookie = ctx.resHeaders.get("set-cookie")!;
    expect(setCookie).toMatch(/^meridian_session=[A-Za-z0-9_-]{43}; Path=\/; HttpOnly; SameSite=Lax; Max-Age=43200$/);
    const token = setCookie.slice("meridian_session=".length, setCookie.indexOf(";"));

    expect(await findSession(t.db, token)).toBeUndefined();
    const row = await findSession(t.db, sessionIdFor(token));
    const hr = await t.db.selectFrom("users").select(["id", "group_id", "last_login_at"]).where("email", "=", "hr@acme.test").executeTakeFirstOrThrow();
    expect(row?.user_id).toBe(hr.id);
    expect(row?.ip).toBe("192.0.2.10");
    expect(hr.last_login_at).toBe(row!.created_at);

    const audits = await auditRows(t.db, "login");
    expect(audits).toHaveLength(before + 1);
    expect(audits.at(-1)).toMatchObject({ actor_user_id: hr.id, group_id: hr.group_id, entity: "session", entity_id: String(hr.id), ip: "192.0.2.10" });
  });

  test("the cookie is Secure behind HTTPS", async () => {
    const { ctx, caller } = await signedOut({ config: testConfig({ PUBLIC_URL: "https://meridian.example.com" }) });
    await caller.auth.login({ email: "employee@acme.test", password: DEMO_PASSWORD });
    expect(ctx.resHeaders.get("set-cookie")).toEndWith("; Secure");
  });
});

describe("auth.login: errors", () => {
  beforeEach(async () => {
    await t.db.deleteFrom("login_throttle").execute();
  });

  test("wrong password", async () => {
    const { ctx, caller } = await signedOut();
    const sessions = await countRows(t.db, "sessions");
    const failedBefore = (await auditRows(t.db, "login.failed")).length;
    await expectTrpcError(caller.auth.login({ email: "hr@acme.test", password: "Wrong#2026pass" }), "UNAUTHORIZED", messages.invalidCredentials);
    expect(ctx.resHeaders.get("set-cookie")).toBeNull();
    expect(await countRows(t.db, "sessions")).toBe(sessions);
    const failed = await auditRows(t.db, "login.failed");
    expect(failed).toHaveLength(failedBefore + 1);
    expect(failed.at(-1)?.actor_user_id).toBeNull();
    expect(failed.at(-1)?.entity).toBe("session");
  });

  test("unknown account gets the same text (and no audit row: there is no account)", async () => {
    const { caller } = await signedOut();
    const failedBefore = (await auditRows(t.db, "login.failed")).length;
    await expectTrpcError(caller.auth.login({ email: "nobody@acme.test", password: DEMO_PASSWORD }), "UNAUTHORIZED", messages.invalidCredentials);
    expect(await auditRows(t.db, "login.failed")).toHaveLength(failedBefore);
  });

  test("an SSO user without a password cannot sign in with one", async () => {
    const { caller } = await signedOut();
    await expectTrpcError(caller.auth.login({ email: "sso@acme.test", password: DEMO_PASSWORD }), "UNAUTHORIZED", messages.invalidCredentials);
  });

  test("an account not yet activated", async () => {
    const { caller } = await signedOut();
    await expectTrpcError(caller.auth.login({ email: "pending@acme.test", password: DEMO_PASSWORD }), "UNAUTHORIZED", messages.accountNotActive);
  });

  test("a disabled account", async () => {
    const { caller } = await signedOut();
    await expectTrpcError(caller.auth.login({ email: "disabled@acme.test", password: DEMO_PASSWORD }), "UNAUTHORIZED", messages.accountNotActive);
  });

  test("bad input: malformed email, empty password, overlong password, missing fields", async () => {
    const { caller } = await signedOut();
    await expectInputError(caller.auth.login({ email: "hr@", password: DEMO_PASSWORD }), "email");
    const empty = await expectInputError(caller.auth.login({ email: "hr@acme.test", password: "" }), "password");
    expect(empty.message).toContain("Please enter your password.");
    await expectInputError(caller.auth.login({ email: "hr@acme.test", password: "x".repeat(201) }), "password");
    await expectInputError(caller.auth.login({} as { email: string; password: string }), "email");
  });

  test("failures write no session, only a failed-sign-in audit row", async () => {
    const sessions = await countRows(t.db, "sessions");
    const audits = await countRows(t.db, "audit_log");
    const { caller } = await signedOut();
    await expectTrpcError(caller.auth.login({ email: "employee@acme.test", password: "Nope#2026pass" }), "UNAUTHORIZED");
    expect(await countRows(t.db, "sessions")).toBe(sessions);
    // Only the failed sign-in itself is audited; no login row.
    expect(await countRows(t.db, "audit_log")).toBe(audits + 1);
    expect((await auditRows(t.db, "login.failed")).at(-1)?.entity_id).not.toBeNull();
  });
});

describe("auth.login: throttling", () => {
  beforeEach(async () => {
    await t.db.deleteFrom("login_throttle").execute();
  });

  test("after 10 failures for one account the 11th attempt is refused even with the right password", async () => {
    const { caller } = await signedOut();
    for (let i = 0; i < 10; i++) {
      await expectTrpcError(caller.auth.login({ email: "manager@acme.test", password: `Wrong#${i}pass` }), "UNAUTHORIZED", messages.invalidCredentials);
    }
    await expectTrpcError(caller.auth.login({ email: "manager@acme.test", password: DEMO_PASSWORD }), "TOO_MANY_REQUESTS", messages.tooManyAttempts);
    expect(messages.tooManyAttempts).toBe("Too many failed sign-in attempts. Please wait 15 minutes and try again.");

    // Other accounts are not affected.
    expect((await caller.auth.login({ email: "employee@acme.test", password: DEMO_PASSWORD })).success).toBe(true);
  });

  test("a successful sign-in resets the account's count", async () => {
    // LOGIN_MAX_FAILURES=3 keeps the argon2 work small; without the reset the 3rd failure would lock.
    const { caller } = await signedOut({ config: testConfig({ LOGIN_MAX_FAILURES: "3" }) });
    for (let round = 0; round < 2; round++) {
      for (let i = 0; i < 2; i++) {
        await expectTrpcError(caller.auth.login({ email: "hr@globex.test", password: "Wrong#2026pass" }), "UNAUTHORIZED");
      }
      expect((await caller.auth.login({ email: "hr@globex.test", password: DEMO_PASSWORD })).success).toBe(true);
    }
    expect(await t.db.selectFrom("login_throttle").selectAll().where("key", "=", "account:hr@globex.test").executeTakeFirst()).toBeUndefined();
  });

  test("the lock ends after 15 minutes", async () => {
    const config = testConfig({ LOGIN_MAX_FAILURES: "3" });
    const settings = { session: config.session, throttle: config.loginThrottle };
    const t0 = new Date();
    const input = { email: "employee@globex.test", ip: null, userAgent: null };
    for (let i = 0; i < 3; i++) {
      await expect(login(t.db, { ...input, password: "Wrong#2026pass" }, settings, t0)).rejects.toThrow(messages.invalidCredentials);
    }
    const at14 = new Date(t0.getTime() + 14 * 60_000);
    await expect(login(t.db, { ...input, password: DEMO_PASSWORD }, settings, at14)).rejects.toThrow(messages.tooManyAttempts);
    const at16 = new Date(t0.getTime() + 16 * 60_000);
    expect((await login(t.db, { ...input, password: DEMO_PASSWORD }, settings, at16)).targetUrl).toBe("/");
  });
});

describe("auth.me and auth.ping", () => {
  test("signed out: me is null, ping asks to sign in", async () => {
    const caller = await callerFor(t.db, null);
    expect(await caller.auth.me()).toBeNull();
    await expectTrpcError(caller.auth.ping(), "UNAUTHORIZED", messages.signInRequired);
  });

  test("an HR user with their group", async () => {
    const caller = await callerFor(t.db, "hr@acme.test");
    const acme = await t.db.selectFrom("groups").select("id").where("name", "=", "acme").executeTakeFirstOrThrow();
    expect(await caller.auth.me()).toMatchObject({
      email: "hr@acme.test",
      firstName: "Hannah",
      lastName: "Reyes",
      role: "HR",
      group: { id: acme.id, name: "acme", displayName: "Acme Corp" },
      termsAccepted: true,
      homePath: "/acme/home",
    });
    expect(await caller.auth.ping()).toEqual({ ok: true });
  });

  test("platform staff have no group", async () => {
    const caller = await callerFor(t.db, "admin@meridian.test");
    expect(await caller.auth.me()).toMatchObject({ role: "ADMIN", group: null, homePath: "/admin" });
  });
});

describe("auth.logout", () => {
  test("deletes the session, clears the cookie and audits", async () => {
    const { token, session } = await createSessionFor(t.db, "employee@acme.test");
    const ctx = await contextFor(t.db, null);
    ctx.session = session;
    const before = (await auditRows(t.db, "logout")).length;

    expect(await createCaller(ctx).auth.logout()).toEqual({ success: true, redirectUrl: "/login" });
    expect(ctx.resHeaders.get("set-cookie")).toBe("meridian_session=; Path=/; HttpOnly; SameSite=Lax; Max-Age=0");
    expect(await findSession(t.db, sessionIdFor(token))).toBeUndefined();
    expect(await resolveSession(t.db, token, testConfig().session)).toBeNull();

    const audits = await auditRows(t.db, "logout");
    expect(audits).toHaveLength(before + 1);
    expect(audits.at(-1)).toMatchObject({ actor_user_id: session.user.id, group_id: session.user.groupId, entity: "session" });
  });

  test("signed out: succeeds and writes nothing", async () => {
    const { ctx, caller } = await signedOut();
    const audits = await countRows(t.db, "audit_log");
    expect(await caller.auth.logout()).toEqual({ success: true, redirectUrl: "/login" });
    expect(ctx.resHeaders.get("set-cookie")).toContain("Max-Age=0");
    expect(await countRows(t.db, "audit_log")).toBe(audits);
  });
});

describe("sessions", () => {
  const settings = testConfig().session; // 30 idle minutes, 12 hours at most
  const later = (minutes: number) => new Date(Date.now() + minutes * 60_000);

  test("a session stays valid within the idle limit and each use slides it", async () => {
    const { token, session } = await createSessionFor(t.db, "employee@acme.test");
    const at20 = later(20);
    expect((await resolveSession(t.db, token, settings, at20))?.user.email).toBe("employee@acme.test");
    expect((await findSession(t.db, session.id))?.last_seen_at).toBe(at20.toISOString());
    // 45 minutes after sign-in but 25 after the last use: still valid.
    expect((await resolveSession(t.db, token, settings, later(45)))?.user.email).toBe("employee@acme.test");
  });

  test("idle for longer than SESSION_IDLE_MINUTES: gone, and the row is deleted", async () => {
    const { token, session } = await createSessionFor(t.db, "employee@acme.test");
    expect(await resolveSession(t.db, token, settings, later(31))).toBeNull();
    expect(await findSession(t.db, session.id)).toBeUndefined();
  });

  test("the idle limit is configurable", async () => {
    const { token } = await createSessionFor(t.db, "employee@acme.test");
    const short = testConfig({ SESSION_IDLE_MINUTES: "5" }).session;
    expect(await resolveSession(t.db, token, short, later(6))).toBeNull();
  });

  test("past the absolute expiry even when in use", async () => {
    const { token, session } = await createSessionFor(t.db, "employee@acme.test");
    await t.db.updateTable("sessions").set({ expires_at: new Date(Date.now() - 1000).toISOString() }).where("id", "=", session.id).execute();
    expect(await resolveSession(t.db, token, settings)).toBeNull();
    expect(await findSession(t.db, session.id)).toBeUndefined();
  });

  test("unknown, empty and oversized tokens resolve to nothing", async () => {
    expect(await resolveSession(t.db, "no-such-token", settings)).toBeNull();
    expect(await resolveSession(t.db, "", settings)).toBeNull();
    expect(await resolveSession(t.db, "x".repeat(101), settings)).toBeNull();
  });

  test("a deactivated user's session ends", async () => {
    const id = await insertTestUser(t.db, { email: "leaver@acme.test" });
    const { token, session } = await createSessionFor(t.db, "leaver@acme.test");
    await t.db.updateTable("users").set({ activation_state: "DISABLED" }).where("id", "=", id).execute();
    expect(await resolveSession(t.db, token, settings)).toBeNull();
    expect(await findSession(t.db, session.id)).toBeUndefined();
  });
});
