/**
 * Social sign-in (issue 23 item 18) against a real OpenID Connect provider (oidc-provider on
 * 127.0.0.1), on SQLite and PostgreSQL: the check-user answer, socialLogin.start, and
 * GET /social-login/callback (link by verified address, sign in by the link, refusals, replay).
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { socialLinkMessages, socialLoginMessages } from "../../domain/identity/social-login/messages.ts";
import { messages } from "../../domain/messages.ts";
import { clearOidcDiscoveryCache } from "../../services/identity/oidc.ts";
import { appFor, cookieFor, get, sessionCookieFrom, trpcMutation, trpcQuery, type TestApp } from "../../test/app.ts";
import { auditRows, callerFor, createTestDatabase, insertTestUser, testConfig, type TestDatabase } from "../../test/db.ts";
import { expectAudit, groupIdOf, userIdOf } from "../../test/audit.ts";
import { expectInputError, expectTrpcError } from "../../test/errors.ts";
import { signInAtTestProvider, startTestProvider, type TestProvider } from "../../test/oidc-provider.ts";
import type { Config } from "../../config.ts";

let t: TestDatabase;
let app: TestApp;
let idp: TestProvider;
let config: Config;

const CALLBACK = "http://localhost:3000/social-login/callback";

beforeAll(async () => {
  t = await createTestDatabase();
  idp = await startTestProvider({ redirectUris: [CALLBACK] });
  clearOidcDiscoveryCache();
  // Two providers at the one test issuer: "testid" serves acme (and initech), "otherid" only globex.
  config = testConfig({
    SOCIAL_PROVIDERS: JSON.stringify([
      { id: "testid", name: "Test ID", issuer: idp.issuer, clientId: idp.clientId, groups: ["acme", "initech"] },
      { id: "otherid", name: "Other ID", issuer: idp.issuer, clientId: idp.clientId, clientSecret: idp.clientSecret, groups: ["globex"] },
    ]),
    SOCIAL_TESTID_CLIENT_SECRET: idp.clientSecret,
  });
  app = appFor(t.db, { config });
  await insertTestUser(t.db, { email: "ana@acme.test", group: "acme", firstName: "Ana" });
  await insertTestUser(t.db, { email: "ben@acme.test", group: "acme", firstName: "Ben" });
  await insertTestUser(t.db, { email: "nopass@acme.test", group: "acme", withPassword: false });
  await insertTestUser(t.db, { email: "mia@acme.test", group: "acme", role: "MANAGER" });
  await insertTestUser(t.db, { email: "hana@acme.test", group: "acme", role: "HR" });
  await insertTestUser(t.db, { email: "pending@acme.test", group: "acme", activationState: "PENDING" });
  await insertTestUser(t.db, { email: "gus@globex.test", group: "globex" });
  await insertTestUser(t.db, { email: "unverified@acme.test", group: "acme" });
  await insertTestUser(t.db, { email: "racer@acme.test", group: "acme" });
  await insertTestUser(t.db, { email: "replay@acme.test", group: "acme" });
  await insertTestUser(t.db, { email: "forget@acme.test", group: "acme" });
  await insertTestUser(t.db, { email: "lia@acme.test", group: "acme" });
  await insertTestUser(t.db, { email: "noah@acme.test", group: "acme" });
}, 60_000);
afterAll(async () => {
  await idp?.close();
  await t?.close();
});

const anyone = () => callerFor(t.db, null, { config });

/** socialLogin.start over HTTP for `email` with `provider`: the provider's authorization URL and the browser's state cookie. */
async function start(email: string, provider = "testid"): Promise<{ url: URL; cookie: string }> {
  const res = await trpcMutation(app, "socialLogin.start", { provider, email });
  expect(res.status).toBe(200);
  const url = new URL((await res.json()).result.data.redirectUrl);
  const set = res.headers.getSetCookie().find((c) => c.startsWith("meridian_social_state="))!;
  expect(set).toContain("HttpOnly");
  expect(set).toContain("SameSite=Lax");
  expect(set).toContain("Path=/social-login");
  return { url, cookie: set.split(";")[0]! };
}

type Attempt = { path: string; cookie: string };

/** start, then sign in at the provider as `login`: the callback path the provider sent back, with the starting browser's cookie. */
async function throughProvider(email: string, login = email, provider = "testid"): Promise<Attempt> {
  const { url, cookie } = await start(email, provider);
  const back = await signInAtTestProvider(idp, url.href, login);
  expect(back.origin + back.pathname).toBe(CALLBACK);
  return { path: back.pathname + back.search, cookie };
}

/** The provider's redirect back, in the browser that started (or, with `cookie`, another one). */
const callback = (attempt: Attempt, cookie: string | null = attempt.cookie) => get(app, attempt.path, { cookie });

const meOf = async (cookie: string) => (await (await trpcQuery(app, "auth.me", undefined, { cookie })).json()).result.data;

async function identitiesOf(email: string) {
  return t.db
    .selectFrom("social_identities")
    .innerJoin("users", "users.id", "social_identities.user_id")
    .select(["social_identities.provider", "social_identities.subject", "social_identities.email", "social_identities.linked_by"])
    .where("users.email", "=", email)
    .execute();
}

async function sessionCount(email: string): Promise<number> {
  const rows = await t.db.selectFrom("sessions").innerJoin("users", "users.id", "sessions.user_id").select("sessions.id").where("users.email", "=", email).execute();
  return rows.length;
}

function expectLoginError(res: Response, kind: string) {
  expect(res.status).toBe(302);
  expect(res.headers.get("location")).toBe(`/login?socialError=${kind}`);
  expect(sessionCookieFrom(res)).toBeNull();
}

const lastRefusal = async () => JSON.parse((await auditRows(t.db, "social.login.refused")).at(-1)!.new_values!);

// ── check-user ──────────────────────────────────────────────────────────────────────────────

describe("check-user names the providers a person may use (allowSocialLogin, loginType)", () => {
  test("an active employee of a group a provider serves: all (password or social), that provider only", async () => {
    expect(await (await anyone()).auth.checkUser({ userEmail: "Ana@acme.test" })).toEqual({
      success: true,
      isSsoUser: false,
      ssoUrl: null,
      allowSocialLogin: true,
      loginType: "all",
      socialProviders: [{ id: "testid", name: "Test ID" }],
    });
    expect(await (await anyone()).auth.checkUser({ userEmail: "gus@globex.test" })).toMatchObject({
      allowSocialLogin: true,
      socialProviders: [{ id: "otherid", name: "Other ID" }],
    });
  });

  test("an account without a password signs in socially only", async () => {
    expect(await (await anyone()).auth.checkUser({ userEmail: "nopass@acme.test" })).toMatchObject({ allowSocialLogin: true, loginType: "social" });
  });

  test("managers and HR (part 2 §6), pending accounts, platform staff and unknown addresses: direct, no providers", async () => {
    const direct = { allowSocialLogin: false, loginType: "direct", socialProviders: [] };
    for (const email of ["mia@acme.test", "hana@acme.test", "pending@acme.test", "nobody@acme.test", "admin@meridian.test"]) {
      expect(await (await anyone()).auth.checkUser({ userEmail: email })).toMatchObject(direct);
    }
  });

  test("the documented POST /check-user answers the same fields", async () => {
    const res = await app.request("/check-user", {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      body: "userEmail=ana%40acme.test",
    });
    expect(await res.json()).toMatchObject({ success: true, allowSocialLogin: true, loginType: "all", socialProviders: [{ id: "testid" }] });
  });

  test("a user their company sends to single sign-on gets SSO, not social login", async () => {
    const admin = await callerFor(t.db, "admin@meridian.test", { config });
    await admin.sso.saveSettings({ group: "initech", issuerUrl: idp.issuer, clientId: idp.clientId, clientSecret: idp.clientSecret, allowedDomains: ["initech.test"], enabled: true });
    expect(await (await anyone()).auth.checkUser({ userEmail: "sso@initech.test" })).toMatchObject({
      isSsoUser: true,
      allowSocialLogin: false,
      loginType: "direct",
      socialProviders: [],
    });
    await expectTrpcError((await anyone()).socialLogin.start({ provider: "testid", email: "sso@initech.test" }), "FORBIDDEN", socialLoginMessages.not_allowed);
  });

  test("without configured providers nobody is offered social login", async () => {
    const plain = await callerFor(t.db, null);
    expect(await plain.auth.checkUser({ userEmail: "ana@acme.test" })).toMatchObject({ allowSocialLogin: false, loginType: "direct", socialProviders: [] });
  });
});

// ── socialLogin.start ─────────────────────────────────────────────────────────────────────────

describe("socialLogin.start", () => {
  test("answers the provider's authorization URL (code flow, PKCE S256) and stores a single-use state", async () => {
    const { url } = await start("ana@acme.test");
    expect(url.origin).toBe(idp.issuer);
    expect(url.searchParams.get("redirect_uri")).toBe(CALLBACK);
    expect(url.searchParams.get("code_challenge_method")).toBe("S256");
    expect(url.searchParams.get("login_hint")).toBe("ana@acme.test");
    const row = await t.db.selectFrom("social_login_states").selectAll().where("state", "=", url.searchParams.get("state")!).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ provider: "testid", purpose: "login", nonce: url.searchParams.get("nonce") });
    expect(new Date(row.expires_at).getTime() - new Date(row.created_at).getTime()).toBe(10 * 60_000);
  });

  test("a provider that does not serve the person's group is refused, as are managers, HR and unknown addresses", async () => {
    const caller = await anyone();
    const cases: Array<[string, string]> = [
      ["ana@acme.test", "otherid"], // otherid serves globex only
      ["gus@globex.test", "testid"], // testid does not serve globex
      ["mia@acme.test", "testid"],
      ["hana@acme.test", "testid"],
      ["pending@acme.test", "testid"],
      ["nobody@acme.test", "testid"],
      ["ana@acme.test", "nosuch"],
    ];
    for (const [email, provider] of cases) {
      await expectTrpcError(caller.socialLogin.start({ provider, email }), "FORBIDDEN", socialLoginMessages.not_allowed);
    }
  });

  test("bad input is a field error", async () => {
    const caller = await anyone();
    await expectInputError(caller.socialLogin.start({ provider: "testid", email: "not-an-email" }), "email");
    await expectInputError(caller.socialLogin.start({ provider: "Bad Id!", email: "ana@acme.test" }), "provider");
  });
});

// ── The callback ─────────────────────────────────────────────────────────────────────────────

describe("GET /social-login/callback", () => {
  test("the first sign-in links the provider account by its verified address; later ones sign in by the link", async () => {
    expect(await identitiesOf("ana@acme.test")).toEqual([]);
    const res = await callback(await throughProvider("ana@acme.test"));
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe("/");
    const cookie = sessionCookieFrom(res)!;
    expect(cookie).not.toBeNull();
    expect(await meOf(cookie)).toMatchObject({ email: "ana@acme.test", role: "EMPLOYEE", group: { name: "acme" } });
    expect(await identitiesOf("ana@acme.test")).toEqual([{ provider: "testid", subject: "ana@acme.test", email: "ana@acme.test", linked_by: "email" }]);
    const link = (await auditRows(t.db, "social.link")).at(-1)!;
    expect(JSON.parse(link.new_values!)).toEqual({ provider: "testid", email: "ana@acme.test", linkedBy: "email" });
    expect(JSON.parse((await auditRows(t.db, "social.login")).at(-1)!.new_values!)).toEqual({ method: "social", provider: "testid", linkedNow: true });
    // Both rows field by field (issue 23 item 24).
    const ana = await userIdOf(t.db, "ana@acme.test");
    const acme = await groupIdOf(t.db, "acme");
    await expectAudit(t.db, { action: "social.link", actor: "ana@acme.test", groupId: acme, entity: "social_identity", entityId: ana, oldValues: null, newValues: { provider: "testid", email: "ana@acme.test", linkedBy: "email" } });
    await expectAudit(t.db, { action: "social.login", actor: "ana@acme.test", groupId: acme, entity: "session", entityId: ana, oldValues: null, newValues: { method: "social", provider: "testid", linkedNow: true } });

    // The provider now reports another, unverified address for the same account: the link still holds.
    idp.accounts.set("ana@acme.test", { email: "ana.private@example.test", email_verified: false });
    try {
      const again = await callback(await throughProvider("ana@acme.test"));
      expect(again.headers.get("location")).toBe("/");
      expect(await meOf(sessionCookieFrom(again)!)).toMatchObject({ email: "ana@acme.test" });
      expect(JSON.parse((await auditRows(t.db, "social.login")).at(-1)!.new_values!)).toMatchObject({ linkedNow: false });
      expect(await identitiesOf("ana@acme.test")).toHaveLength(1);
    } finally {
      idp.accounts.delete("ana@acme.test");
    }
  });

  test("an unverified address is refused: no session, no link, an audit row", async () => {
    idp.accounts.set("unverified@acme.test", { email_verified: false });
    const res = await callback(await throughProvider("unverified@acme.test"));
    expectLoginError(res, "email_not_verified");
    expect(await identitiesOf("unverified@acme.test")).toEqual([]);
    expect(await sessionCount("unverified@acme.test")).toBe(0);
    expect(await lastRefusal()).toMatchObject({ reason: "email_not_verified", provider: "testid" });
    await expectAudit(t.db, {
      action: "social.login.refused", actor: null, groupId: await groupIdOf(t.db, "acme"), entity: "session", entityId: await userIdOf(t.db, "unverified@acme.test"),
      oldValues: null, newValues: { reason: "email_not_verified", provider: "testid", email: "unverified@acme.test" },
    });
  });

  test("a provider account with another person's address does not sign in the person who started", async () => {
    const res = await callback(await throughProvider("ben@acme.test", "gus@globex.test"));
    expectLoginError(res, "refused");
    expect(await lastRefusal()).toMatchObject({ reason: "email_mismatch", email: "gus@globex.test" });
    expect(await sessionCount("ben@acme.test")).toBe(0);
  });

  test("an account linked to one user does not sign in another", async () => {
    // ana's provider account is linked to ana; a flow started for ben with it is refused.
    const res = await callback(await throughProvider("ben@acme.test", "ana@acme.test"));
    expectLoginError(res, "refused");
    expect(await lastRefusal()).toMatchObject({ reason: "linked_to_other_account" });
  });

  test("an unknown or missing state is refused", async () => {
    for (const path of ["/social-login/callback?code=abc&state=made-up", "/social-login/callback?code=abc", "/social-login/callback"]) {
      expectLoginError(await get(app, path, { cookie: "meridian_social_state=made-up" }), "state_invalid");
    }
  });

  test("a callback in another browser than the one that started is refused, and leaves the attempt to its own browser", async () => {
    const attempt = await throughProvider("ben@acme.test");
    const other = await start("ben@acme.test");
    expectLoginError(await callback(attempt, null), "state_invalid"); // no cookie (someone sent the link)
    expectLoginError(await callback(attempt, other.cookie), "state_invalid"); // another attempt's cookie
    expect(await sessionCount("ben@acme.test")).toBe(0);
    const res = await callback(attempt);
    expect(res.headers.get("location")).toBe("/");
    expect(res.headers.getSetCookie().join()).toContain("meridian_social_state=; Path=/social-login");
    await t.db.deleteFrom("sessions").where("user_id", "=", (await t.db.selectFrom("users").select("id").where("email", "=", "ben@acme.test").executeTakeFirstOrThrow()).id).execute();
  });

  test("a state that is not the one the code was issued for is refused (no session)", async () => {
    const first = await throughProvider("ben@acme.test");
    const other = await start("ben@acme.test");
    const swapped = new URL(first.path, "http://localhost:3000");
    swapped.searchParams.set("state", other.url.searchParams.get("state")!);
    expectLoginError(await callback({ path: swapped.pathname + swapped.search, cookie: other.cookie }), "provider_error");
    expect(await sessionCount("ben@acme.test")).toBe(0);
  });

  test("an expired state is refused", async () => {
    const { url, cookie } = await start("ben@acme.test");
    await t.db.updateTable("social_login_states").set({ expires_at: new Date(Date.now() - 1000).toISOString() }).where("state", "=", url.searchParams.get("state")!).execute();
    const back = await signInAtTestProvider(idp, url.href, "ben@acme.test");
    expectLoginError(await callback({ path: back.pathname + back.search, cookie }), "state_invalid");
  });

  test("a provider error (the person cancelled) goes back to the form with its text", async () => {
    const { url, cookie } = await start("ben@acme.test");
    expectLoginError(await callback({ path: `/social-login/callback?error=access_denied&state=${url.searchParams.get("state")}`, cookie }), "provider_error");
    expect(await lastRefusal()).toMatchObject({ reason: "provider_error" });
  });

  test("a replayed callback is refused", async () => {
    const attempt = await throughProvider("replay@acme.test");
    expect((await callback(attempt)).headers.get("location")).toBe("/");
    expectLoginError(await callback(attempt), "state_invalid");
    expect(await sessionCount("replay@acme.test")).toBe(1);
  });

  test("the same callback sent 6 times in parallel signs in once; the rest are refused", async () => {
    const attempt = await throughProvider("racer@acme.test");
    const logins = (await auditRows(t.db, "social.login")).length;
    const answers = await Promise.all(Array.from({ length: 6 }, () => callback(attempt)));
    const signedIn = answers.filter((r) => r.headers.get("location") === "/");
    expect(signedIn).toHaveLength(1);
    expect(sessionCookieFrom(signedIn[0]!)).not.toBeNull();
    for (const r of answers.filter((r) => r !== signedIn[0])) expectLoginError(r, "state_invalid");
    expect(await sessionCount("racer@acme.test")).toBe(1);
    expect(await identitiesOf("racer@acme.test")).toHaveLength(1);
    expect(await auditRows(t.db, "social.login")).toHaveLength(logins + 1);
  });

  test("anonymizing a user removes their linked provider accounts; the account then signs nobody in", async () => {
    expect((await callback(await throughProvider("forget@acme.test"))).headers.get("location")).toBe("/");
    expect(await identitiesOf("forget@acme.test")).toHaveLength(1);
    const id = (await t.db.selectFrom("users").select("id").where("email", "=", "forget@acme.test").executeTakeFirstOrThrow()).id;
    await (await callerFor(t.db, "admin@meridian.test", { config })).adminAccounts.anonymize({ userId: id });
    expect(await t.db.selectFrom("social_identities").selectAll().where("user_id", "=", id).execute()).toEqual([]);
    expect(await t.db.selectFrom("social_login_states").selectAll().where("user_id", "=", id).execute()).toEqual([]);
    // The provider account is no longer linked: a flow started for ben with it is an address mismatch.
    expectLoginError(await callback(await throughProvider("ben@acme.test", "forget@acme.test")), "refused");
    expect(await lastRefusal()).toMatchObject({ reason: "email_mismatch" });
  });
});

// ── Explicit linking (/user/sign-in-methods) ────────────────────────────────────────────────────

describe("linking while signed in: socialLogin.methods, startLink, unlink", () => {
  /** startLink over HTTP as the signed-in `session`, then the provider sign-in as `login`: the callback, in that browser. */
  async function linkThroughProvider(session: string, login: string, provider = "testid"): Promise<Attempt> {
    const res = await trpcMutation(app, "socialLogin.startLink", { provider }, { cookie: session });
    expect(res.status).toBe(200);
    const url = new URL((await res.json()).result.data.redirectUrl);
    expect(url.searchParams.get("login_hint")).toBeNull();
    const state = res.headers.getSetCookie().find((c) => c.startsWith("meridian_social_state="))!.split(";")[0]!;
    const back = await signInAtTestProvider(idp, url.href, login);
    return { path: back.pathname + back.search, cookie: `${session}; ${state}` };
  }

  test("a provider account with another, even unverified, address is linked explicitly; it then signs the user in", async () => {
    const session = await cookieFor(t.db, "lia@acme.test", config);
    const caller = await callerFor(t.db, "lia@acme.test", { config });
    expect(await caller.socialLogin.methods()).toEqual({ providers: [{ id: "testid", name: "Test ID", linked: null }] });
    idp.accounts.set("lia.private@example.test", { email_verified: false });
    const res = await callback(await linkThroughProvider(session, "lia.private@example.test"));
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe("/user/sign-in-methods?linked=testid");
    expect(sessionCookieFrom(res)).toBeNull(); // no new session: the user stays signed in as before
    expect(await identitiesOf("lia@acme.test")).toEqual([{ provider: "testid", subject: "lia.private@example.test", email: "lia.private@example.test", linked_by: "explicit" }]);
    expect(JSON.parse((await auditRows(t.db, "social.link")).at(-1)!.new_values!)).toEqual({ provider: "testid", email: "lia.private@example.test", linkedBy: "explicit" });
    await expectAudit(t.db, {
      action: "social.link", actor: "lia@acme.test", groupId: await groupIdOf(t.db, "acme"), entity: "social_identity", entityId: await userIdOf(t.db, "lia@acme.test"),
      oldValues: null, newValues: { provider: "testid", email: "lia.private@example.test", linkedBy: "explicit" },
    });
    expect((await caller.socialLogin.methods()).providers[0]!.linked).toMatchObject({ email: "lia.private@example.test", lastLoginAt: null });

    // Signing in from the login page with that provider account now works (by the link).
    const signIn = await callback(await throughProvider("lia@acme.test", "lia.private@example.test"));
    expect(signIn.headers.get("location")).toBe("/");
    expect(await meOf(sessionCookieFrom(signIn)!)).toMatchObject({ email: "lia@acme.test" });
  });

  test("an account linked to someone else, a second account of the same provider, and another session are refused", async () => {
    const session = await cookieFor(t.db, "noah@acme.test", config);
    // ana's provider account is ana's.
    const taken = await callback(await linkThroughProvider(session, "ana@acme.test"));
    expect(taken.headers.get("location")).toBe("/user/sign-in-methods?socialError=linked_elsewhere");
    expect(await lastRefusal()).toMatchObject({ reason: "linked_to_other_account" });
    // noah links one account, then tries a second of the same provider.
    expect((await callback(await linkThroughProvider(session, "noah.one@example.test"))).headers.get("location")).toBe("/user/sign-in-methods?linked=testid");
    const second = await callback(await linkThroughProvider(session, "noah.two@example.test"));
    expect(second.headers.get("location")).toBe("/user/sign-in-methods?socialError=already_linked");
    // Signed in as someone else by the time the provider sends the browser back.
    const attempt = await linkThroughProvider(session, "noah.three@example.test");
    const ben = await cookieFor(t.db, "ben@acme.test", config);
    const changed = await callback({ path: attempt.path, cookie: attempt.cookie.replace(session, ben) });
    expect(changed.headers.get("location")).toBe("/user/sign-in-methods?socialError=session_changed");
    expect(await identitiesOf("noah@acme.test")).toEqual([expect.objectContaining({ subject: "noah.one@example.test" })]);
    expect((await identitiesOf("ben@acme.test")).map((i) => i.subject)).not.toContain("noah.three@example.test");
    await t.db.deleteFrom("sessions").where("user_id", "=", (await t.db.selectFrom("users").select("id").where("email", "=", "ben@acme.test").executeTakeFirstOrThrow()).id).execute();
  });

  test("unlink removes the link once (audited); the second is refused", async () => {
    const caller = await callerFor(t.db, "noah@acme.test", { config });
    expect(await caller.socialLogin.unlink({ provider: "testid" })).toEqual({ success: true, message: socialLinkMessages.unlinked });
    const audit = (await auditRows(t.db, "social.unlink")).at(-1)!;
    expect(JSON.parse(audit.old_values!)).toEqual({ provider: "testid", email: "noah.one@example.test", linkedBy: "explicit" });
    expect(audit.actor_user_id).toBe((await t.db.selectFrom("users").select("id").where("email", "=", "noah@acme.test").executeTakeFirstOrThrow()).id);
    await expectAudit(t.db, {
      action: "social.unlink", actor: "noah@acme.test", groupId: await groupIdOf(t.db, "acme"), entity: "social_identity", entityId: await userIdOf(t.db, "noah@acme.test"),
      oldValues: { provider: "testid", email: "noah.one@example.test", linkedBy: "explicit" }, newValues: null,
    });
    expect(await identitiesOf("noah@acme.test")).toEqual([]);
    await expectTrpcError(caller.socialLogin.unlink({ provider: "testid" }), "NOT_FOUND", socialLinkMessages.notLinked);
  });

  test("parallel unlinks: one effect, the rest refused", async () => {
    const session = await cookieFor(t.db, "noah@acme.test", config);
    await callback(await linkThroughProvider(session, "noah.four@example.test"));
    const caller = await callerFor(t.db, "noah@acme.test", { config });
    const results = await Promise.allSettled(Array.from({ length: 5 }, () => caller.socialLogin.unlink({ provider: "testid" })));
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    expect(results.filter((r) => r.status === "rejected")).toHaveLength(4);
  });

  test("managers, HR and staff are refused before their input is read; a provider that does not serve the group is refused", async () => {
    for (const email of ["mia@acme.test", "hana@acme.test", "admin@meridian.test"]) {
      const caller = await callerFor(t.db, email, { config });
      await expectTrpcError(caller.socialLogin.methods(), "FORBIDDEN", messages.forbidden);
      await expectTrpcError(caller.socialLogin.startLink({ provider: "Not A Provider!" }), "FORBIDDEN", messages.forbidden);
      await expectTrpcError(caller.socialLogin.unlink({ provider: "Not A Provider!" }), "FORBIDDEN", messages.forbidden);
    }
    await expectTrpcError((await callerFor(t.db, null, { config })).socialLogin.methods(), "UNAUTHORIZED");
    const gus = await callerFor(t.db, "gus@globex.test", { config });
    expect(await gus.socialLogin.methods()).toEqual({ providers: [{ id: "otherid", name: "Other ID", linked: null }] });
    await expectTrpcError(gus.socialLogin.startLink({ provider: "testid" }), "FORBIDDEN", socialLoginMessages.not_allowed);
    await expectInputError(gus.socialLogin.startLink({ provider: "Not A Provider!" }), "provider");
  });
});
