import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { messages } from "../../domain/messages.ts";
import { ssoMessages } from "../../domain/identity/sso/messages.ts";
import { findSsoSettings } from "../../db/queries/identity/sso.ts";
import { appFor, get, sessionCookieFrom, trpcQuery, type TestApp } from "../../test/app.ts";
import { auditRows, callerFor, createTestDatabase, insertTestUser, type TestDatabase } from "../../test/db.ts";
import { expectAudit, groupIdOf, userIdOf } from "../../test/audit.ts";
import { expectInputError, expectNoStackTrace, expectTrpcError } from "../../test/errors.ts";
import { startTestProvider, type TestProvider } from "../../test/oidc-provider.ts";
import { clearSsoDiscoveryCache } from "../../services/identity/sso.ts";

let t: TestDatabase;
let app: TestApp;
let idp: TestProvider;
let initechId: number;

beforeAll(async () => {
  t = await createTestDatabase();
  app = appFor(t.db);
  idp = await startTestProvider({ redirectUris: ["http://localhost:3000/sso/callback"] });
  clearSsoDiscoveryCache();
  const admin = await callerFor(t.db, "admin@meridian.test");
  await admin.sso.saveSettings({
    group: "initech",
    issuerUrl: idp.issuer,
    clientId: idp.clientId,
    clientSecret: idp.clientSecret,
    allowedDomains: ["initech.test"],
    enabled: true,
  });
  initechId = (await t.db.selectFrom("groups").select("id").where("name", "=", "initech").executeTakeFirstOrThrow()).id;
  await insertTestUser(t.db, { email: "pending@initech.test", group: "initech", isSsoUser: true, withPassword: false, activationState: "PENDING" });
  const anonId = await insertTestUser(t.db, { email: "anon@initech.test", group: "initech", isSsoUser: true, withPassword: false });
  await t.db.updateTable("users").set({ anonymized_at: new Date().toISOString() }).where("id", "=", anonId).execute();
  await insertTestUser(t.db, { email: "moved@initech.test", group: "globex", isSsoUser: true, withPassword: false });
  await insertTestUser(t.db, { email: "password@initech.test", group: "initech" });
  await insertTestUser(t.db, { email: "sso@acme.test", group: "acme", isSsoUser: true, withPassword: false });
});
afterAll(async () => {
  await idp?.close();
  await t?.close();
});

// ── A tiny browser: cookie jar per host, manual redirects ────────────────────────────────────

class Jar {
  private cookies = new Map<string, string>();
  header(): string {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join("; ");
  }
  store(res: Response) {
    for (const set of res.headers.getSetCookie()) {
      const pair = set.split(";")[0]!;
      const eq = pair.indexOf("=");
      this.cookies.set(pair.slice(0, eq), pair.slice(eq + 1));
    }
  }
}

/** Follows the provider's redirects until it sends the browser back to Meridian's callback. */
async function atProvider(url: string, login: string): Promise<URL> {
  const jar = new Jar();
  let next = new URL(url);
  for (let hops = 0; hops < 10; hops++) {
    if (next.origin !== idp.issuer) return next;
    let res: Response;
    if (/^\/interaction\/[^/]+$/.test(next.pathname)) {
      const page = await fetch(next, { headers: { Cookie: jar.header() }, redirect: "manual" });
      jar.store(page);
      expect(page.status).toBe(200);
      const html = await page.text();
      const action = /action="([^"]+)"/.exec(html)![1]!;
      res = await fetch(new URL(action, idp.issuer), {
        method: "POST",
        headers: { Cookie: jar.header(), "Content-Type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams({ login, password: "anything" }),
        redirect: "manual",
      });
    } else {
      res = await fetch(next, { headers: { Cookie: jar.header() }, redirect: "manual" });
    }
    jar.store(res);
    const location = res.headers.get("location");
    if (!location) throw new Error(`provider answered ${res.status} without a redirect: ${await res.text()}`);
    next = new URL(location, next);
  }
  throw new Error("too many redirects at the provider");
}

/** /sso/start for `email`, the provider sign-in as `login`, and the callback: the callback's response. */
async function signInThroughSso(email: string, login = email): Promise<{ callback: Response; callbackPath: string }> {
  const start = await get(app, `/sso/start?email=${encodeURIComponent(email)}`);
  expect(start.status).toBe(302);
  const back = await atProvider(start.headers.get("location")!, login);
  expect(back.origin + back.pathname).toBe("http://localhost:3000/sso/callback");
  const callbackPath = back.pathname + back.search;
  return { callback: await get(app, callbackPath), callbackPath };
}

const meOf = async (cookie: string) => (await (await trpcQuery(app, "auth.me", undefined, { cookie })).json()).result.data;

// ── Settings ────────────────────────────────────────────────────────────────────────────────

describe("sso.getSettings / sso.saveSettings", () => {
  test("an admin reads settings without the secret, only whether one is set", async () => {
    const admin = await callerFor(t.db, "admin@meridian.test");
    const s = await admin.sso.getSettings({ group: "initech" });
    expect(s).toMatchObject({
      group: { name: "initech", displayName: "Initech" },
      configured: true,
      issuerUrl: idp.issuer,
      clientId: idp.clientId,
      hasClientSecret: true,
      allowedDomains: ["initech.test"],
      enabled: true,
    });
    expect(JSON.stringify(s)).not.toContain(idp.clientSecret);
  });

  test("a group without settings answers not configured", async () => {
    const admin = await callerFor(t.db, "admin@meridian.test");
    expect(await admin.sso.getSettings({ group: "acme" })).toMatchObject({ configured: false, hasClientSecret: false, enabled: false, allowedDomains: [] });
  });

  test("saving writes an audit row; an empty secret keeps the stored one", async () => {
    const admin = await callerFor(t.db, "admin@meridian.test");
    const before = (await auditRows(t.db, "sso.settings.create")).length;
    const saved = await admin.sso.saveSettings({
      group: "acme",
      issuerUrl: "https://login.acme.example/",
      clientId: "acme-client",
      clientSecret: "s3cret",
      allowedDomains: [" Acme.test ", "acme.example", "acme.test"],
      enabled: false,
    });
    expect(saved.message).toBe(ssoMessages.settingsSaved);
    expect(saved.settings).toMatchObject({ issuerUrl: "https://login.acme.example", allowedDomains: ["acme.test", "acme.example"], enabled: false, hasClientSecret: true });
    const created = await auditRows(t.db, "sso.settings.create");
    expect(created).toHaveLength(before + 1);
    expect(created.at(-1)!.new_values).not.toContain("s3cret");
    expect(JSON.parse(created.at(-1)!.new_values!)).toMatchObject({ clientSecretChanged: true, enabled: false });
    // Field by field (issue 23 item 24).
    const acme = await groupIdOf(t.db, "acme");
    const first = { issuerUrl: "https://login.acme.example", clientId: "acme-client", allowedDomains: "acme.test,acme.example", enabled: false };
    await expectAudit(t.db, { action: "sso.settings.create", actor: "admin@meridian.test", groupId: acme, entity: "group_sso_settings", entityId: acme, oldValues: null, newValues: { ...first, clientSecretChanged: true } });

    await admin.sso.saveSettings({ group: "acme", issuerUrl: "https://login.acme.example", clientId: "acme-2", clientSecret: "", allowedDomains: ["acme.test"], enabled: false });
    const acmeId = (await t.db.selectFrom("groups").select("id").where("name", "=", "acme").executeTakeFirstOrThrow()).id;
    expect(await findSsoSettings(t.db, acmeId)).toMatchObject({ client_id: "acme-2", client_secret: "s3cret" });
    const updated = await auditRows(t.db, "sso.settings.update");
    expect(JSON.parse(updated.at(-1)!.old_values!)).toMatchObject({ clientId: "acme-client" });
    expect(JSON.parse(updated.at(-1)!.new_values!)).toMatchObject({ clientId: "acme-2", clientSecretChanged: false });
    await expectAudit(t.db, {
      action: "sso.settings.update", actor: "admin@meridian.test", groupId: acme, entity: "group_sso_settings", entityId: acme,
      oldValues: first, newValues: { issuerUrl: "https://login.acme.example", clientId: "acme-2", allowedDomains: "acme.test", enabled: false, clientSecretChanged: false },
    });
  });

  test("validation: issuer, client id, domains, and a first secret", async () => {
    const admin = await callerFor(t.db, "admin@meridian.test");
    const base = { group: "globex", issuerUrl: "https://idp.globex.example", clientId: "c", clientSecret: "s", allowedDomains: ["globex.test"], enabled: true };
    await expectInputError(admin.sso.saveSettings({ ...base, issuerUrl: "http://idp.globex.example" }), "issuerUrl");
    await expectInputError(admin.sso.saveSettings({ ...base, issuerUrl: "not a url" }), "issuerUrl");
    await expectInputError(admin.sso.saveSettings({ ...base, clientId: "  " }), "clientId");
    await expectInputError(admin.sso.saveSettings({ ...base, allowedDomains: [] }), "allowedDomains");
    await expectInputError(admin.sso.saveSettings({ ...base, allowedDomains: ["not a domain"] }), "allowedDomains");
    await expectTrpcError(admin.sso.saveSettings({ ...base, clientSecret: "" }), "BAD_REQUEST", ssoMessages.clientSecretRequired);
    await expectTrpcError(admin.sso.getSettings({ group: "no-such-group" }), "NOT_FOUND", messages.notFound);
  });

  test("only platform admins may read or change settings", async () => {
    for (const email of ["hr@acme.test", "finance@meridian.test", "crm@meridian.test", "manager@acme.test", "sso@initech.test".replace("sso@", "password@")]) {
      const caller = await callerFor(t.db, email);
      await expectTrpcError(caller.sso.getSettings({ group: "acme" }), "FORBIDDEN", messages.forbidden);
      await expectTrpcError(
        caller.sso.saveSettings({ group: "acme", issuerUrl: "https://x.example", clientId: "x", clientSecret: "x", allowedDomains: ["x.test"], enabled: true }),
        "FORBIDDEN",
        messages.forbidden,
      );
    }
    await expectTrpcError((await callerFor(t.db, null)).sso.getSettings({ group: "acme" }), "UNAUTHORIZED", messages.signInRequired);
  });
});

// ── check-user ──────────────────────────────────────────────────────────────────────────────

describe("check-user with SSO settings", () => {
  test("an SSO user of a group with enabled settings for the domain goes to /sso/start", async () => {
    const anyone = await callerFor(t.db, null);
    expect(await anyone.auth.checkUser({ userEmail: "SSO@initech.test" })).toEqual({ success: true, isSsoUser: true, ssoUrl: "/sso/start?email=sso%40initech.test", allowSocialLogin: false, loginType: "direct", socialProviders: [] });
  });

  test("SSO users whose group has no settings, disabled settings or another domain get the password step", async () => {
    const anyone = await callerFor(t.db, null);
    const passwordStep = { success: true, isSsoUser: false, ssoUrl: null, allowSocialLogin: false, loginType: "direct" as const, socialProviders: [] };
    expect(await anyone.auth.checkUser({ userEmail: "moved@initech.test" })).toEqual(passwordStep); // globex: no settings
    expect(await anyone.auth.checkUser({ userEmail: "sso@acme.test" })).toEqual(passwordStep); // acme: disabled
    expect(await anyone.auth.checkUser({ userEmail: "password@initech.test" })).toEqual(passwordStep); // not an SSO user
    expect(await anyone.auth.checkUser({ userEmail: "nobody@initech.test" })).toEqual(passwordStep); // unknown
  });
});

// ── The code flow against a real provider ─────────────────────────────────────────────────────

describe("GET /sso/start and /sso/callback", () => {
  test("the full flow signs the existing user in, lands on the home page and audits it", async () => {
    const start = await get(app, "/sso/start?email=sso%40initech.test");
    expect(start.status).toBe(302);
    const auth = new URL(start.headers.get("location")!);
    expect(auth.origin).toBe(idp.issuer);
    expect(auth.searchParams.get("client_id")).toBe(idp.clientId);
    expect(auth.searchParams.get("redirect_uri")).toBe("http://localhost:3000/sso/callback");
    expect(auth.searchParams.get("code_challenge_method")).toBe("S256");
    expect(auth.searchParams.get("login_hint")).toBe("sso@initech.test");
    const state = auth.searchParams.get("state")!;
    const row = await t.db.selectFrom("sso_login_states").selectAll().where("state", "=", state).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ group_id: initechId, nonce: auth.searchParams.get("nonce"), email_hint: "sso@initech.test" });
    expect(new Date(row.expires_at).getTime() - new Date(row.created_at).getTime()).toBe(10 * 60_000);

    const back = await atProvider(auth.href, "sso@initech.test");
    const callback = await get(app, back.pathname + back.search);
    expect(callback.status).toBe(302);
    expect(callback.headers.get("location")).toBe("/");
    const cookie = sessionCookieFrom(callback);
    expect(cookie).not.toBeNull();
    expect(callback.headers.getSetCookie().join()).toContain("HttpOnly");
    expect(await meOf(cookie!)).toMatchObject({ email: "sso@initech.test", role: "EMPLOYEE", group: { name: "initech" }, homePath: "/" });
    expect(await t.db.selectFrom("sso_login_states").select("state").where("state", "=", state).executeTakeFirst()).toBeUndefined();
    const audit = (await auditRows(t.db, "sso.login")).at(-1)!;
    expect(audit.group_id).toBe(initechId);
    expect(JSON.parse(audit.new_values!)).toMatchObject({ method: "sso", issuer: idp.issuer });
    await expectAudit(t.db, {
      action: "sso.login", actor: "sso@initech.test", groupId: initechId, entity: "session", entityId: await userIdOf(t.db, "sso@initech.test"),
      oldValues: null, newValues: { method: "sso", issuer: idp.issuer },
    });

    // The same callback a second time: the state was used.
    const again = await get(app, back.pathname + back.search);
    expect(again.status).toBe(400);
    const html = await again.text();
    expect(html).toContain(ssoMessages.stateInvalid);
    expect(html).toContain('href="/login"');
    expect(sessionCookieFrom(again)).toBeNull();
  });

  const refusals: Array<{ name: string; login: string; claims?: { email?: string | null; email_verified?: boolean }; reason: string }> = [
    { name: "an unknown e-mail", login: "ghost@initech.test", reason: "unknown_user" },
    { name: "a domain the group does not allow", login: "sam@elsewhere.test", reason: "domain_not_allowed" },
    { name: "a user of another group", login: "moved@initech.test", reason: "other_group" },
    { name: "an anonymized user", login: "anon@initech.test", reason: "anonymized" },
    { name: "a PENDING user", login: "pending@initech.test", reason: "not_active" },
    { name: "an unverified address", login: "unverified-sso", claims: { email: "sso@initech.test", email_verified: false }, reason: "email_not_verified" },
    { name: "no email claim", login: "no-email", claims: { email: null }, reason: "no_email" },
  ];
  for (const r of refusals) {
    test(`${r.name} is refused with a clear page and an audit row`, async () => {
      if (r.claims) idp.accounts.set(r.login, r.claims);
      const { callback } = await signInThroughSso("sso@initech.test", r.login);
      expect(callback.status).toBe(403);
      expect(sessionCookieFrom(callback)).toBeNull();
      const html = await callback.text();
      expect(html).toContain(ssoMessages.refused);
      expect(html).toContain('href="/login"');
      expectNoStackTrace(html);
      const audit = (await auditRows(t.db, "sso.login.refused")).at(-1)!;
      expect(audit.group_id).toBe(initechId);
      expect(JSON.parse(audit.new_values!).reason).toBe(r.reason);
      if (r.reason === "unknown_user") {
        // Field by field (issue 23 item 24): no actor and no entity id for an address nobody has.
        await expectAudit(t.db, { action: "sso.login.refused", actor: null, groupId: initechId, entity: "session", entityId: null, oldValues: null, newValues: { reason: "unknown_user", email: "ghost@initech.test" } });
      }
    });
  }

  test("an expired state is refused", async () => {
    const start = await get(app, "/sso/start?email=sso%40initech.test");
    const state = new URL(start.headers.get("location")!).searchParams.get("state")!;
    await t.db.updateTable("sso_login_states").set({ expires_at: new Date(Date.now() - 1000).toISOString() }).where("state", "=", state).execute();
    const back = await atProvider(start.headers.get("location")!, "sso@initech.test");
    const res = await get(app, back.pathname + back.search);
    expect(res.status).toBe(400);
    expect(await res.text()).toContain(ssoMessages.stateInvalid);
    expect(sessionCookieFrom(res)).toBeNull();
  });

  test("discovery is cached per issuer; saving settings forgets it", async () => {
    clearSsoDiscoveryCache();
    const before = idp.discoveryRequests();
    for (let i = 0; i < 3; i++) expect((await get(app, "/sso/start?email=sso%40initech.test")).status).toBe(302);
    expect(idp.discoveryRequests()).toBe(before + 1);
    const admin = await callerFor(t.db, "admin@meridian.test");
    await admin.sso.saveSettings({ group: "initech", issuerUrl: idp.issuer, clientId: idp.clientId, allowedDomains: ["initech.test"], enabled: true });
    expect((await get(app, "/sso/start?email=sso%40initech.test")).status).toBe(302);
    expect(idp.discoveryRequests()).toBe(before + 2);
  });

  test("switching SSO off for the group sends its users back to the password step", async () => {
    const admin = await callerFor(t.db, "admin@meridian.test");
    const anyone = await callerFor(t.db, null);
    await admin.sso.saveSettings({ group: "initech", issuerUrl: idp.issuer, clientId: idp.clientId, allowedDomains: ["initech.test"], enabled: false });
    try {
      expect(await anyone.auth.checkUser({ userEmail: "sso@initech.test" })).toEqual({ success: true, isSsoUser: false, ssoUrl: null, allowSocialLogin: false, loginType: "direct", socialProviders: [] });
      const res = await get(app, "/sso/start?email=sso%40initech.test");
      expect(res.status).toBe(403);
      expect(await res.text()).toContain(messages.ssoNotConfigured);
    } finally {
      await admin.sso.saveSettings({ group: "initech", issuerUrl: idp.issuer, clientId: idp.clientId, allowedDomains: ["initech.test"], enabled: true });
    }
    expect(await anyone.auth.checkUser({ userEmail: "sso@initech.test" })).toMatchObject({ isSsoUser: true });
  });

  test("a callback with an unknown or missing state is refused", async () => {
    for (const path of ["/sso/callback?code=abc&state=made-up", "/sso/callback?code=abc", "/sso/callback"]) {
      const res = await get(app, path);
      expect(res.status).toBe(400);
      expect(await res.text()).toContain(ssoMessages.stateInvalid);
    }
  });

  test("a provider error (the user cancelled) is shown as a provider failure", async () => {
    const start = await get(app, "/sso/start?email=sso%40initech.test");
    const state = new URL(start.headers.get("location")!).searchParams.get("state")!;
    const res = await get(app, `/sso/callback?error=access_denied&state=${state}`);
    expect(res.status).toBe(400);
    expect(await res.text()).toContain(ssoMessages.providerError);
    expect(JSON.parse((await auditRows(t.db, "sso.login.refused")).at(-1)!.new_values!).reason).toBe("provider_error");
  });

  test("addresses that cannot use SSO get the not-configured page with the way back", async () => {
    for (const email of ["employee%40acme.test", "nobody%40initech.test", "sso%40acme.test", "not-an-email", ""]) {
      const res = await get(app, `/sso/start?email=${email}`);
      expect(res.status).toBe(403);
      expect(res.headers.get("content-type")).toContain("text/html");
      const html = await res.text();
      expect(html).toContain(messages.ssoNotConfigured);
      expect(html).toContain('href="/login"');
    }
  });

  test("an unreachable provider is a clear page, not a crash", async () => {
    const admin = await callerFor(t.db, "admin@meridian.test");
    await admin.sso.saveSettings({ group: "initech", issuerUrl: "http://127.0.0.1:9", clientId: idp.clientId, allowedDomains: ["initech.test"], enabled: true });
    try {
      const res = await get(app, "/sso/start?email=sso%40initech.test");
      expect(res.status).toBe(502);
      const html = await res.text();
      expect(html).toContain(ssoMessages.providerUnavailable);
      expectNoStackTrace(html);
    } finally {
      await admin.sso.saveSettings({ group: "initech", issuerUrl: idp.issuer, clientId: idp.clientId, allowedDomains: ["initech.test"], enabled: true });
    }
  });
});
