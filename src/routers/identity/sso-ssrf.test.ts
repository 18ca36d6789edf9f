/**
 * Single sign-on never makes the server fetch a loopback, private or link-local address outside tests
 * (issue 23 item 11), on the test database (SQLite, or PostgreSQL with TEST_DB=postgres): with
 * ALLOW_PRIVATE_FETCH off, an admin cannot save such an issuer (a clear field error), and an issuer stored
 * before (or by hand) is not contacted when an anonymous visitor starts SSO: the visitor gets the
 * "cannot be reached" page and the local server sees no request.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { findSsoSettings, upsertSsoSettings } from "../../db/queries/identity/sso.ts";
import { ssoMessages } from "../../domain/identity/sso/messages.ts";
import { clearSsoDiscoveryCache } from "../../services/identity/sso.ts";
import { appFor, get, type TestApp } from "../../test/app.ts";
import { callerFor, createTestDatabase, insertTestUser, testConfig, type TestDatabase } from "../../test/db.ts";
import { expectTrpcError } from "../../test/errors.ts";

let t: TestDatabase;
let strictApp: TestApp;
let server: ReturnType<typeof Bun.serve>;
const hits: string[] = [];
const STRICT = testConfig({ ALLOW_PRIVATE_FETCH: "0" });

beforeAll(async () => {
  t = await createTestDatabase();
  strictApp = appFor(t.db, { config: STRICT });
  // A "provider" on loopback whose discovery document names more internal URLs.
  server = Bun.serve({
    port: 0,
    hostname: "127.0.0.1",
    fetch(req) {
      const url = new URL(req.url);
      hits.push(url.pathname);
      const issuer = `http://127.0.0.1:${server.port}`;
      return Response.json({
        issuer,
        authorization_endpoint: `${issuer}/auth`,
        token_endpoint: "http://169.254.169.254/latest/meta-data/",
        userinfo_endpoint: "http://10.0.0.1/admin",
        jwks_uri: `${issuer}/jwks`,
        response_types_supported: ["code"],
        subject_types_supported: ["public"],
        id_token_signing_alg_values_supported: ["RS256"],
      });
    },
  });
  await insertTestUser(t.db, { email: "sso-ssrf@initech.test", group: "initech", isSsoUser: true, withPassword: false });
});
afterAll(async () => {
  server?.stop(true);
  await t?.close();
});

const settingsFor = (issuerUrl: string) => ({ group: "initech", issuerUrl, clientId: "c", clientSecret: "s", allowedDomains: ["initech.test"], enabled: true });

describe("saving an issuer (ALLOW_PRIVATE_FETCH off)", () => {
  test("loopback (over http or https), private, link-local and localhost issuers are refused with a field error; nothing is stored or fetched", async () => {
    const admin = await callerFor(t.db, "admin@meridian.test", { config: STRICT });
    const initech = await t.db.selectFrom("groups").select("id").where("name", "=", "initech").executeTakeFirstOrThrow();
    const stored = await findSsoSettings(t.db, initech.id);
    for (const issuer of [
      `http://127.0.0.1:${server.port}`,
      `https://127.0.0.1:${server.port}`,
      "https://10.0.0.1/realms/x",
      "https://169.254.169.254",
      `https://[::1]:${server.port}`,
      `https://localhost:${server.port}`,
    ]) {
      const error = await expectTrpcError(admin.sso.saveSettings(settingsFor(issuer)), "BAD_REQUEST");
      expect(error.message).toBe(ssoMessages.issuerUrlNotPublic);
      expect((error.cause as { fields?: unknown }).fields).toEqual({ issuerUrl: ssoMessages.issuerUrlNotPublic });
    }
    expect(await findSsoSettings(t.db, initech.id)).toEqual(stored);
    expect(hits).toEqual([]);
  });

  test("with ALLOW_PRIVATE_FETCH=1 (tests) the same loopback issuer is saved", async () => {
    const admin = await callerFor(t.db, "admin@meridian.test");
    const saved = await admin.sso.saveSettings(settingsFor(`http://127.0.0.1:${server.port}`));
    expect(saved.settings.issuerUrl).toBe(`http://127.0.0.1:${server.port}`);
  });
});

describe("starting SSO (ALLOW_PRIVATE_FETCH off)", () => {
  test("an anonymous visitor cannot make the server fetch a stored loopback issuer", async () => {
    const initech = await t.db.selectFrom("groups").select("id").where("name", "=", "initech").executeTakeFirstOrThrow();
    await upsertSsoSettings(t.db, initech.id, { issuer_url: `http://127.0.0.1:${server.port}`, client_id: "c", client_secret: "s", allowed_domains: "initech.test", enabled: 1 }, new Date().toISOString());
    clearSsoDiscoveryCache();
    const before = hits.length;
    const res = await get(strictApp, "/sso/start?email=sso-ssrf%40initech.test");
    expect(res.status).toBe(502);
    expect(await res.text()).toContain(ssoMessages.providerUnavailable);
    expect(hits.length).toBe(before);
  });

  test("the same issuer under ALLOW_PRIVATE_FETCH=1 is contacted (the refusal above is the guard, not a broken provider)", async () => {
    clearSsoDiscoveryCache();
    const before = hits.length;
    await get(appFor(t.db), "/sso/start?email=sso-ssrf%40initech.test");
    expect(hits.slice(before)).toContain("/.well-known/openid-configuration");
    clearSsoDiscoveryCache();
  });
});
