import { afterAll, beforeAll, describe, expect, spyOn, test } from "bun:test";
import { sql } from "kysely";
import { messages } from "../domain/messages.ts";
import { NUL_MESSAGE } from "../domain/text.ts";
import {
  appFor,
  cookieFor,
  get,
  jsonOf,
  postForm,
  postJson,
  send,
  sessionCookieFrom,
  sessionSetCookie,
  stubAssets,
  TEST_ASSET_BODY,
  TEST_SHELL,
  trpcMutation,
  trpcQuery,
  type TestApp,
} from "../test/app.ts";
import { createTestDatabase, DEMO_PASSWORD, testConfig, type TestDatabase } from "../test/db.ts";
import { expectNoStackTrace } from "../test/errors.ts";

let t: TestDatabase;
let app: TestApp;
const cookies: Record<string, string> = {};
beforeAll(async () => {
  t = await createTestDatabase();
  app = appFor(t.db);
  for (const email of ["admin@meridian.test", "finance@meridian.test", "hr@acme.test", "manager@acme.test", "employee@acme.test", "hr@globex.test"]) {
    cookies[email] = await cookieFor(t.db, email);
  }
});
afterAll(() => t.close());

/** Status and body text of a response that must be a clear client error: 4xx, JSON, a message, no stack. */
async function expectClearClientError(res: Response, status: number, message?: string) {
  const text = await res.text();
  expect(res.status).toBe(status);
  expect(res.headers.get("content-type")).toStartWith("application/json");
  expectNoStackTrace(text);
  const body = JSON.parse(text);
  const shown: string = body.message ?? body.exception ?? body.error?.message ?? body.error;
  expect(typeof shown).toBe("string");
  if (message !== undefined) expect(shown).toBe(message);
  return body;
}

describe("/api/health", () => {
  test("answers ok with the time", async () => {
    const { status, body } = await jsonOf(await get(app, "/api/health"));
    expect(status).toBe(200);
    expect(body.status).toBe("ok");
    expect(Math.abs(new Date(body.time).getTime() - Date.now())).toBeLessThan(60_000);
  });
});

describe("/api/openapi.json", () => {
  test("describes the legacy paths", async () => {
    const { status, body } = await jsonOf(await get(app, "/api/openapi.json"));
    expect(status).toBe(200);
    expect(body.openapi).toBe("3.1.0");
    // Each area adds its paths; these must be there.
    expect(Object.keys(body.paths)).toEqual(
      expect.arrayContaining([
        "/admin/groups/setGroupStatus",
        "/check-user",
        "/login",
        "/logout",
        "/user/account-recovery",
        "/user/set-new-password",
        "/registerClientInfo",
        "/admin/resetPassword/find/{email}/",
        "/admin/anonymizeUser/",
        "/admin/SSO/disable/{userId}/",
      ]),
    );
    expect(Object.keys(body.paths["/login"])).toEqual(["post"]);
  });
});

describe("security headers", () => {
  test.each([
    ["an API answer", () => get(app, "/api/health")],
    ["a page", () => get(app, "/login")],
    ["an error", () => get(app, "/api/nope")],
    ["a legacy post", () => postForm(app, "/check-user", { userEmail: "hr@acme.test" })],
  ])("on %s", async (_label, request) => {
    const res = await request();
    const csp = res.headers.get("content-security-policy") ?? "";
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("object-src 'none'");
    expect(res.headers.get("x-content-type-options")).toBe("nosniff");
    expect(res.headers.get("x-frame-options")).toBe("DENY");
    expect(res.headers.get("referrer-policy")).toBe("strict-origin-when-cross-origin");
    expect(res.headers.get("strict-transport-security")).toStartWith("max-age=");
    expect(res.headers.get("cross-origin-opener-policy")).toBe("same-origin");
  });
});

describe("same-origin check", () => {
  const login = (origin?: string, extra: Record<string, string> = {}) =>
    postForm(app, "/check-user", { userEmail: "hr@acme.test" }, { origin, headers: extra });

  test("a POST from another site is refused with 403", async () => {
    await expectClearClientError(await login("https://evil.example"), 403, messages.crossOrigin);
    await expectClearClientError(await login("http://localhost:4000"), 403, messages.crossOrigin);
    await expectClearClientError(await login("https://localhost"), 403, messages.crossOrigin);
  });

  test("a tRPC mutation from another site is refused too", async () => {
    const res = await trpcMutation(app, "auth.login", { email: "hr@acme.test", password: DEMO_PASSWORD }, { origin: "https://evil.example" });
    await expectClearClientError(res, 403, messages.crossOrigin);
    expect(sessionCookieFrom(res)).toBeNull();
  });

  test("the same origin passes", async () => {
    expect((await login("http://localhost")).status).toBe(200);
  });

  test("no Origin (SDK, curl) passes", async () => {
    expect((await login()).status).toBe(200);
  });

  test("the Host the request came to passes (behind a proxy)", async () => {
    expect((await login("https://meridian.example.com", { Host: "meridian.example.com" })).status).toBe(200);
  });

  test("the configured PUBLIC_URL passes", async () => {
    const publicApp = appFor(t.db, { config: testConfig({ PUBLIC_URL: "https://meridian.example.com" }) });
    const res = await postForm(publicApp, "/check-user", { userEmail: "hr@acme.test" }, { origin: "https://meridian.example.com" });
    expect(res.status).toBe(200);
    expect((await postForm(publicApp, "/check-user", { userEmail: "hr@acme.test" }, { origin: "https://other.example.com" })).status).toBe(403);
  });

  test("Origin: null is refused when a session cookie comes with it", async () => {
    const res = await send(app, "POST", "/logout", null, { origin: "null", cookie: cookies["employee@acme.test"] });
    await expectClearClientError(res, 403, messages.crossOrigin);
    expect((await login("null")).status).toBe(200);
  });

  test("reads from another site are not blocked", async () => {
    expect((await get(app, "/api/health", { origin: "https://evil.example" })).status).toBe(200);
  });
});

describe("session cookie over a TLS proxy", () => {
  const login = (target: TestApp, proto: string) =>
    postForm(target, "/login", { email: "hr@acme.test", password: DEMO_PASSWORD }, { headers: { "X-Forwarded-Proto": proto } });

  test("TRUST_PROXY=1 and X-Forwarded-Proto: https: the cookie is Secure (POST /login and auth.login)", async () => {
    const proxied = appFor(t.db, { config: testConfig({ TRUST_PROXY: "1" }) });
    expect(sessionSetCookie(await login(proxied, "https"))).toEndWith("; Secure");
    const viaTrpc = await trpcMutation(proxied, "auth.login", { email: "hr@acme.test", password: DEMO_PASSWORD }, { headers: { "X-Forwarded-Proto": "https" } });
    expect(sessionSetCookie(viaTrpc)).toEndWith("; Secure");
    expect(sessionSetCookie(await login(proxied, "http"))).not.toContain("Secure");
  });

  test("without TRUST_PROXY the header is not believed", async () => {
    expect(sessionSetCookie(await login(app, "https"))).not.toContain("Secure");
  });
});

describe("bad input", () => {
  test("malformed JSON", async () => {
    await expectClearClientError(await send(app, "POST", "/login", "{not json", {}, "application/json"), 400, messages.badRequest);
    await expectClearClientError(await send(app, "POST", "/check-user", "{", {}, "application/json"), 400, messages.badRequest);
    const trpc = await expectClearClientError(await send(app, "POST", "/trpc/auth.login", "{not json", {}, "application/json"), 400, messages.badRequest);
    expect(trpc.error.data.code).toBe("BAD_REQUEST");
    await expectClearClientError(await get(app, "/trpc/group.people?input=%7Bbroken", { cookie: cookies["hr@acme.test"] }), 400, messages.badRequest);
  });

  test("wrong types, over tRPC: 400 with per-field messages", async () => {
    const body = await expectClearClientError(await trpcMutation(app, "auth.login", { email: 5, password: [] }), 400);
    expect(body.error.data.appCode).toBe("VALIDATION");
    expect(Object.keys(body.error.data.fields).sort()).toEqual(["email", "password"]);
    const people = await expectClearClientError(await trpcQuery(app, "group.people", { group: "acme", pageSize: "lots" }, { cookie: cookies["hr@acme.test"] }), 400);
    expect(Object.keys(people.error.data.fields)).toEqual(["pageSize"]);
  });

  test("wrong types, on legacy paths", async () => {
    await expectClearClientError(await postJson(app, "/check-user", { userEmail: { $ne: null } }), 400);
    await expectClearClientError(await postJson(app, "/login", { email: true, password: null }), 400);
  });

  test("a NUL character is refused on every transport, before any query (PostgreSQL cannot store it)", async () => {
    const hr = { cookie: cookies["hr@acme.test"] };
    const trpc = await expectClearClientError(await trpcQuery(app, "group.people", { group: "acme\u0000" }, hr), 400, NUL_MESSAGE);
    expect(trpc.error.data.fields).toEqual({ group: NUL_MESSAGE });
    const legacy = await jsonOf(await postJson(app, "/check-user", { userEmail: "a\u0000@acme.test" }));
    expect(legacy.status).toBe(400);
    await expectClearClientError(await get(app, "/splash/NEW%00MOVE/CE_POLICY/specificSplash", hr), 400, NUL_MESSAGE);
    await expectClearClientError(await get(app, "/hr/json/getPolicySelectForm?group=acme%00", hr), 400, NUL_MESSAGE);
  });

  test("bodies over 25 MB are refused with 413", async () => {
    const big = "x".repeat(25 * 1024 * 1024 + 1);
    await expectClearClientError(await send(app, "POST", "/login", big, {}, "application/x-www-form-urlencoded"), 413, messages.payloadTooLarge);
    await expectClearClientError(await send(app, "POST", "/trpc/auth.login", new Blob([big]).stream(), {}, "application/json"), 413, messages.payloadTooLarge);
    const declared = await send(app, "POST", "/check-user", "userEmail=x", { headers: { "Content-Length": String(26 * 1024 * 1024) } }, "application/x-www-form-urlencoded");
    await expectClearClientError(declared, 413, messages.payloadTooLarge);
    expect(messages.payloadTooLarge).toBe("The request is too large. The maximum size is 25 MB.");
  });

  test("a body of exactly 25 MB is still read", async () => {
    const fields = "userEmail=hr%40acme.test&pad=";
    const body = fields + "x".repeat(25 * 1024 * 1024 - fields.length);
    const res = await send(app, "POST", "/check-user", body, {}, "application/x-www-form-urlencoded");
    expect(res.status).toBe(200);
  });

  test.each([
    ["GET", "/api/nope"],
    ["POST", "/nope"],
    ["PUT", "/login"],
    ["DELETE", "/admin/groups/setGroupStatus"],
    ["GET", "/assets/missing.js"],
  ])("unknown route %s %s: 404 with a clear message", async (method, path) => {
    await expectClearClientError(await send(app, method, path), 404, messages.notFound);
  });

  test("an unknown tRPC procedure: 404", async () => {
    const body = await expectClearClientError(await get(app, "/trpc/nope.nothing"), 404);
    expect(body.error.data.code).toBe("NOT_FOUND");
  });

  test("a query sent to a mutation: 4xx, not 500", async () => {
    const res = await get(app, "/trpc/auth.login");
    expect(res.status).toBe(405);
    expectNoStackTrace(await res.text());
  });

  test("an unexpected failure answers 500 with the generic text and no details", async () => {
    const quiet = spyOn(console, "error").mockImplementation(() => {});
    await sql`alter table audit_log rename to audit_log_offline`.execute(t.db);
    let res: Response;
    let text: string;
    try {
      res = await trpcMutation(app, "admin.groups.setStatus", { groupId: 1, status: "SUSPENDED" }, { cookie: cookies["admin@meridian.test"] });
      text = await res.text();
    } finally {
      await sql`alter table audit_log_offline rename to audit_log`.execute(t.db);
      quiet.mockRestore();
    }
    expect(res.status).toBe(500);
    expect(JSON.parse(text).error.message).toBe(messages.genericFailure);
    expect(text).not.toContain("audit_log");
    expectNoStackTrace(text);
    expect((await t.db.selectFrom("groups").select("status").where("id", "=", 1).executeTakeFirstOrThrow()).status).toBe("ACTIVE");
  });
});

describe("tRPC over HTTP", () => {
  test("sign in sets the cookie, which then identifies the user", async () => {
    const res = await trpcMutation(app, "auth.login", { email: "hr@globex.test", password: DEMO_PASSWORD });
    expect(res.status).toBe(200);
    expect((await res.json()).result.data).toEqual({ success: true, targetUrl: "/globex/home", exception: null });
    const cookie = sessionCookieFrom(res)!;
    expect(res.headers.getSetCookie()[0]).toContain("; HttpOnly; SameSite=Lax");
    const me = await (await trpcQuery(app, "auth.me", undefined, { cookie })).json();
    expect(me.result.data).toMatchObject({ email: "hr@globex.test", role: "HR", homePath: "/globex/home" });
  });

  test("a wrong password answers 401 with the message", async () => {
    const res = await trpcMutation(app, "auth.login", { email: "hr@globex.test", password: "Wrong#2026pass" });
    await expectClearClientError(res, 401, messages.invalidCredentials);
  });

  test("access rules hold over HTTP", async () => {
    await expectClearClientError(await trpcQuery(app, "group.home", { group: "acme" }), 401, messages.signInRequired);
    await expectClearClientError(await trpcQuery(app, "group.home", { group: "globex" }, { cookie: cookies["hr@acme.test"] }), 403, messages.otherGroup);
    await expectClearClientError(await trpcQuery(app, "admin.groups.list", undefined, { cookie: cookies["hr@acme.test"] }), 403, messages.forbidden);
    const ok = await trpcQuery(app, "group.home", { group: "acme" }, { cookie: cookies["hr@acme.test"] });
    expect(ok.status).toBe(200);
    expect((await ok.json()).result.data.totalPeople).toBe(3);
  });
});

describe("page loads", () => {
  const page = async (path: string, email?: string) => get(app, path, { cookie: email ? cookies[email] : undefined });

  test("signed out on a group page: 302 to the login page with the way back", async () => {
    const res = await page("/acme/home");
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe("/login?redirect=%2Facme%2Fhome");
  });

  test("the way back keeps the page's query string", async () => {
    const res = await page("/acme/home?q=bia&page=1");
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe(`/login?redirect=${encodeURIComponent("/acme/home?q=bia&page=1")}`);
  });

  test("signed out on the root: 302 too", async () => {
    const res = await page("/");
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe("/login?redirect=%2F");
  });

  test("the login page is public", async () => {
    const res = await page("/login");
    expect(res.status).toBe(200);
    expect(await res.text()).toBe(TEST_SHELL);
    expect(res.headers.get("cache-control")).toBe("no-cache");
  });

  test("HR of acme on /acme/home: 200 with the shell", async () => {
    const res = await page("/acme/home", "hr@acme.test");
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toStartWith("text/html");
    expect(await res.text()).toBe(TEST_SHELL);
  });

  test("HR of acme on /globex/home: 403", async () => {
    const res = await page("/globex/home", "hr@acme.test");
    expect(res.status).toBe(403);
    expect(await res.text()).toBe(TEST_SHELL);
  });

  test("a manager on its own group page, the admin on any", async () => {
    expect((await page("/acme/home", "manager@acme.test")).status).toBe(200);
    expect((await page("/globex/home", "admin@meridian.test")).status).toBe(200);
    expect((await page("/acme/home", "admin@meridian.test")).status).toBe(200);
  });

  test("an employee on a group page or /admin: 403", async () => {
    expect((await page("/acme/home", "employee@acme.test")).status).toBe(403);
    expect((await page("/admin", "employee@acme.test")).status).toBe(403);
  });

  test("staff homes by role", async () => {
    expect((await page("/admin", "admin@meridian.test")).status).toBe(200);
    expect((await page("/finance", "finance@meridian.test")).status).toBe(200);
    expect((await page("/finance", "admin@meridian.test")).status).toBe(200);
    expect((await page("/admin", "finance@meridian.test")).status).toBe(403);
    expect((await page("/finance", "hr@acme.test")).status).toBe(403);
  });

  test("the root is open to every signed-in user", async () => {
    expect((await page("/", "employee@acme.test")).status).toBe(200);
  });

  test("an unknown page or group: 404 with the shell", async () => {
    const res = await page("/no/such/page", "hr@acme.test");
    expect(res.status).toBe(404);
    expect(await res.text()).toBe(TEST_SHELL);
    expect((await page("/umbrella/home", "admin@meridian.test")).status).toBe(404);
    expect((await page("/nothing-here")).status).toBe(404);
  });

  test("assets are served", async () => {
    const res = await page("/assets/x");
    expect(res.status).toBe(200);
    expect(await res.text()).toBe(TEST_ASSET_BODY);
    expect(res.headers.get("content-type")).toStartWith("text/javascript");
    expect(res.headers.get("x-content-type-options")).toBe("nosniff");
  });

  test("without a built client, pages are plain 404s", async () => {
    const bare = appFor(t.db, { assets: null });
    await expectClearClientError(await get(bare, "/acme/home", { cookie: cookies["hr@acme.test"] }), 404, messages.notFound);
    const noShell = appFor(t.db, { assets: { ...stubAssets(), indexHtml: async () => null } });
    expect((await get(noShell, "/login")).status).toBe(404);
  });

  test("an expired session on a page load redirects to sign in", async () => {
    const cookie = await cookieFor(t.db, "manager@acme.test");
    await t.db
      .updateTable("sessions")
      .set({ last_seen_at: new Date(Date.now() - 31 * 60_000).toISOString() })
      .where("user_id", "=", t.db.selectFrom("users").select("id").where("email", "=", "manager@acme.test"))
      .execute();
    const res = await get(app, "/acme/home", { cookie });
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe("/login?redirect=%2Facme%2Fhome");
  });
});

describe("single sign-on start", () => {
  test("answers a clear page with the way back when the address cannot use SSO", async () => {
    const res = await get(app, "/sso/start?email=employee%40acme.test");
    expect(res.status).toBe(403);
    const html = await res.text();
    expect(html).toContain(messages.ssoNotConfigured);
    expect(html).toContain('href="/login"');
  });
});
