import { afterAll, beforeAll, beforeEach, describe, expect, test } from "bun:test";
import { messages } from "../../../domain/messages.ts";
import { findSession } from "../../../db/queries/identity/sessions.ts";
import { sessionIdFor } from "../../../services/identity/auth.ts";
import {
  appFor,
  get,
  jsonOf,
  postForm,
  postJson,
  send,
  sessionCookieFrom,
  sessionSetCookie,
  signIn,
  tokenOf,
  trpcQuery,
  type TestApp,
} from "../../../test/app.ts";
import { auditRows, countRows, createTestDatabase, DEMO_PASSWORD, insertTestUser, testConfig, type TestDatabase } from "../../../test/db.ts";
import { expectNoStackTrace } from "../../../test/errors.ts";

let t: TestDatabase;
let app: TestApp;
beforeAll(async () => {
  t = await createTestDatabase();
  app = appFor(t.db);
  await insertTestUser(t.db, { email: "sso@globex.test", group: "globex", isSsoUser: true, withPassword: false });
  await insertTestUser(t.db, { email: "pending@acme.test", activationState: "PENDING" });
});
afterAll(() => t.close());
beforeEach(async () => {
  await t.db.deleteFrom("login_throttle").execute();
});

const meOf = async (cookie: string) => (await (await trpcQuery(app, "auth.me", undefined, { cookie })).json()).result.data;

describe("POST /check-user: happy", () => {
  test("form userEmail of a password user", async () => {
    const res = await postForm(app, "/check-user", { userEmail: "hr@acme.test" });
    expect(await jsonOf(res)).toEqual({ status: 200, body: { success: true, isSsoUser: false, ssoUrl: null, allowSocialLogin: false, loginType: "direct", socialProviders: [] } });
    expect(res.headers.get("content-type")).toStartWith("application/json");
  });

  test("an SSO user, address in any case", async () => {
    const res = await postForm(app, "/check-user", { userEmail: "SSO@initech.test" });
    expect(await jsonOf(res)).toEqual({ status: 200, body: { success: true, isSsoUser: true, ssoUrl: "/sso/start?email=sso%40initech.test", allowSocialLogin: false, loginType: "direct", socialProviders: [] } });
    // globex has no SSO settings: its SSO-marked user gets the password step.
    expect(await jsonOf(await postForm(app, "/check-user", { userEmail: "sso@globex.test" }))).toEqual({ status: 200, body: { success: true, isSsoUser: false, ssoUrl: null, allowSocialLogin: false, loginType: "direct", socialProviders: [] } });
  });

  test("an unknown address", async () => {
    expect(await jsonOf(await postForm(app, "/check-user", { userEmail: "who@nowhere.test" }))).toEqual({
      status: 200,
      body: { success: true, isSsoUser: false, ssoUrl: null, allowSocialLogin: false, loginType: "direct", socialProviders: [] },
    });
  });

  test("a JSON body is accepted too", async () => {
    expect((await jsonOf(await postJson(app, "/check-user", { userEmail: "hr@acme.test" }))).body.success).toBe(true);
  });
});

describe("POST /check-user: errors", () => {
  test("an invalid address", async () => {
    expect(await jsonOf(await postForm(app, "/check-user", { userEmail: "hr-at-acme" }))).toEqual({
      status: 400,
      body: { success: false, isSsoUser: false, ssoUrl: null, allowSocialLogin: false, loginType: "direct", socialProviders: [], message: messages.invalidEmailAddress, errors: { userEmail: messages.invalidEmailAddress } },
    });
  });

  test("no field at all", async () => {
    const { status, body } = await jsonOf(await postForm(app, "/check-user", {}));
    expect(status).toBe(400);
    expect(body.success).toBe(false);
    expect(Object.keys(body.errors)).toEqual(["userEmail"]);
  });

  test("malformed JSON", async () => {
    const res = await send(app, "POST", "/check-user", '{"userEmail": ', {}, "application/json");
    expect(await jsonOf(res)).toEqual({ status: 400, body: { success: false, isSsoUser: false, ssoUrl: null, allowSocialLogin: false, loginType: "direct", socialProviders: [], message: messages.badRequest, errors: null } });
  });
});

describe("POST /login: happy", () => {
  test("form email and password: documented answer, session cookie, audit row", async () => {
    const before = (await auditRows(t.db, "login")).length;
    const res = await postForm(app, "/login", { email: "hr@acme.test", password: DEMO_PASSWORD }, { ip: "203.0.113.5" });
    expect(await jsonOf(res)).toEqual({ status: 200, body: { success: true, targetUrl: "/acme/home", exception: null } });

    const setCookie = sessionSetCookie(res)!;
    expect(setCookie).toContain("; HttpOnly");
    expect(setCookie).toContain("; SameSite=Lax");
    expect(setCookie).toContain("; Path=/");
    expect(setCookie).toContain(`; Max-Age=${12 * 3600}`);
    expect(setCookie).not.toContain("Secure");

    const cookie = sessionCookieFrom(res)!;
    expect((await meOf(cookie)).email).toBe("hr@acme.test");
    const session = await findSession(t.db, sessionIdFor(tokenOf(cookie)));
    expect(session?.ip).toBe("203.0.113.5");

    const audits = await auditRows(t.db, "login");
    expect(audits).toHaveLength(before + 1);
    expect(audits.at(-1)).toMatchObject({ entity: "session", action: "login", actor_user_id: session!.user_id, ip: "203.0.113.5" });
  });

  test("a JSON body, and the platform admin lands on /admin", async () => {
    const res = await postJson(app, "/login", { email: "admin@meridian.test", password: DEMO_PASSWORD });
    expect(await jsonOf(res)).toEqual({ status: 200, body: { success: true, targetUrl: "/admin", exception: null } });
  });

  test("the cookie is Secure when COOKIE_SECURE=1", async () => {
    const secureApp = appFor(t.db, { config: testConfig({ COOKIE_SECURE: "1" }) });
    const res = await postForm(secureApp, "/login", { email: "employee@acme.test", password: DEMO_PASSWORD });
    expect(sessionSetCookie(res)).toEndWith("; Secure");
  });
});

describe("POST /login: errors", () => {
  test("wrong password: 401 with the exception text and no cookie", async () => {
    const sessions = await countRows(t.db, "sessions");
    const res = await postForm(app, "/login", { email: "hr@acme.test", password: "Wrong#2026pass" });
    expect(await jsonOf(res)).toEqual({ status: 401, body: { success: false, targetUrl: null, exception: messages.invalidCredentials } });
    expect(sessionSetCookie(res)).toBeNull();
    expect(await countRows(t.db, "sessions")).toBe(sessions);
  });

  test("an account not yet activated", async () => {
    const res = await postForm(app, "/login", { email: "pending@acme.test", password: DEMO_PASSWORD });
    expect(await jsonOf(res)).toEqual({ status: 401, body: { success: false, targetUrl: null, exception: messages.accountNotActive } });
  });

  test("an empty password", async () => {
    const res = await postForm(app, "/login", { email: "hr@acme.test", password: "" });
    expect(await jsonOf(res)).toEqual({ status: 400, body: { success: false, targetUrl: null, exception: "Please enter your password." } });
  });

  test("an invalid email address", async () => {
    const res = await postForm(app, "/login", { email: "hr@acme", password: DEMO_PASSWORD });
    expect(await jsonOf(res)).toEqual({ status: 400, body: { success: false, targetUrl: null, exception: messages.invalidEmailAddress } });
  });

  test("wrong types in JSON", async () => {
    const res = await postJson(app, "/login", { email: ["hr@acme.test"], password: 12345678 });
    const { status, body } = await jsonOf(res);
    expect(status).toBe(400);
    expect(body).toMatchObject({ success: false, targetUrl: null });
    expect(body.exception).toStartWith("Invalid input");
  });

  test("malformed JSON and a JSON array", async () => {
    for (const raw of ["{email:", "[1,2]", "null"]) {
      const res = await send(app, "POST", "/login", raw, {}, "application/json");
      const text = await res.text();
      expect(res.status).toBe(400);
      expect(JSON.parse(text)).toEqual({ success: false, targetUrl: null, exception: messages.badRequest });
      expectNoStackTrace(text);
    }
  });

  test("GET /login is the page, not the API", async () => {
    const res = await get(app, "/login");
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toStartWith("text/html");
  });
});

describe("POST /login: throttling", () => {
  test("after 10 failures for one account the 11th attempt is refused even with the right password", async () => {
    for (let i = 0; i < 10; i++) {
      const res = await postForm(app, "/login", { email: "manager@acme.test", password: "Wrong#2026pass" }, { ip: `198.51.100.${i + 1}` });
      expect(res.status).toBe(401);
    }
    const res = await postForm(app, "/login", { email: "manager@acme.test", password: DEMO_PASSWORD }, { ip: "198.51.100.99" });
    expect(await jsonOf(res)).toEqual({
      status: 429,
      body: { success: false, targetUrl: null, exception: "Too many failed sign-in attempts. Please wait 15 minutes and try again." },
    });
    expect(sessionSetCookie(res)).toBeNull();
    const row = await t.db.selectFrom("login_throttle").selectAll().where("key", "=", "account:manager@acme.test").executeTakeFirstOrThrow();
    const lockMinutes = (new Date(row.locked_until!).getTime() - Date.now()) / 60_000;
    expect(lockMinutes).toBeGreaterThan(14);
    expect(lockMinutes).toBeLessThanOrEqual(15);
  });

  test("10 failures from one address lock no colleague out (office NAT): the address has a much higher ceiling", async () => {
    for (let i = 0; i < 11; i++) {
      const res = await postForm(app, "/login", { email: `guess${i}@acme.test`, password: "Guess#2026pass" }, { ip: "192.0.2.66" });
      expect(res.status).toBe(401);
    }
    const colleague = await postForm(app, "/login", { email: "employee@globex.test", password: DEMO_PASSWORD }, { ip: "192.0.2.66" });
    expect((await jsonOf(colleague)).status).toBe(200);
  });

  test("past the address ceiling the address is slowed to one attempt per delay, not locked; other addresses are not", async () => {
    const slowApp = appFor(t.db, { config: testConfig({ LOGIN_ADDRESS_MAX_FAILURES: "12", LOGIN_ADDRESS_DELAY_SECONDS: "60" }) });
    for (let i = 0; i < 12; i++) {
      expect((await postForm(slowApp, "/login", { email: `spray${i}@acme.test`, password: "Guess#2026pass" }, { ip: "192.0.2.77" })).status).toBe(401);
    }
    // The first attempt past the ceiling goes through (and starts the delay); the next one waits.
    expect((await postForm(slowApp, "/login", { email: "spray-x@acme.test", password: "Guess#2026pass" }, { ip: "192.0.2.77" })).status).toBe(401);
    const slowed = await postForm(slowApp, "/login", { email: "employee@globex.test", password: DEMO_PASSWORD }, { ip: "192.0.2.77" });
    expect(await jsonOf(slowed)).toEqual({ status: 429, body: { success: false, targetUrl: null, exception: messages.tooManyAttemptsFromAddress } });
    const row = await t.db.selectFrom("login_throttle").selectAll().where("key", "=", "address:192.0.2.77").executeTakeFirstOrThrow();
    const delaySeconds = (new Date(row.locked_until!).getTime() - Date.now()) / 1000;
    expect(delaySeconds).toBeGreaterThan(50);
    expect(delaySeconds).toBeLessThanOrEqual(60);
    // A slowed address does not count against the account it tried.
    expect(await t.db.selectFrom("login_throttle").selectAll().where("key", "=", "account:employee@globex.test").executeTakeFirst()).toBeUndefined();

    const elsewhere = await postForm(slowApp, "/login", { email: "employee@globex.test", password: DEMO_PASSWORD }, { ip: "192.0.2.78" });
    expect((await jsonOf(elsewhere)).status).toBe(200);
  });

  test("once the lock has passed, the right password works again", async () => {
    const past = new Date(Date.now() - 1000).toISOString();
    await t.db.insertInto("login_throttle").values({ key: "account:hr@globex.test", failures: 0, window_started_at: past, locked_until: past }).execute();
    expect((await postForm(app, "/login", { email: "hr@globex.test", password: DEMO_PASSWORD })).status).toBe(200);
  });
});

describe("POST /login: parallel attempts are counted one by one", () => {
  const wrong = (ip: string) => postForm(app, "/login", { email: "manager@acme.test", password: "Wrong#2026pass" }, { ip });
  const statuses = (responses: Response[]) => responses.map((r) => r.status).sort();

  test("50 parallel wrong passwords for one account: 10 × 401 and 40 × 429, then the right password is refused", async () => {
    const responses = await Promise.all(Array.from({ length: 50 }, (_, i) => wrong(`198.51.100.${i + 1}`)));
    expect(statuses(responses)).toEqual([...Array(10).fill(401), ...Array(40).fill(429)]);
    for (const res of responses.filter((r) => r.status === 429)) {
      expect((await res.json()).exception).toBe(messages.tooManyAttempts);
    }
    const right = await postForm(app, "/login", { email: "manager@acme.test", password: DEMO_PASSWORD }, { ip: "198.51.100.200" });
    expect(right.status).toBe(429);
    expect(sessionSetCookie(right)).toBeNull();
  });

  test("a burst of 10 parallel guesses locks the account: the right password in the next burst does not sign in", async () => {
    expect(statuses(await Promise.all(Array.from({ length: 10 }, (_, i) => wrong(`203.0.113.${i + 1}`))))).toEqual(Array(10).fill(401));
    const burst = await Promise.all([
      ...Array.from({ length: 29 }, (_, i) => wrong(`203.0.113.${i + 20}`)),
      postForm(app, "/login", { email: "manager@acme.test", password: DEMO_PASSWORD }, { ip: "203.0.113.99" }),
    ]);
    expect(statuses(burst)).toEqual(Array(30).fill(429));
    expect(burst.some((r) => sessionSetCookie(r) !== null)).toBe(false);
  });
});

describe("POST /logout", () => {
  test("ends the session, clears the cookie and audits", async () => {
    const cookie = await signIn(app, "employee@acme.test");
    const id = sessionIdFor(tokenOf(cookie));
    expect(await findSession(t.db, id)).toBeDefined();
    const before = (await auditRows(t.db, "logout")).length;

    const res = await send(app, "POST", "/logout", null, { cookie });
    expect(await jsonOf(res)).toEqual({ status: 200, body: { success: true, redirectUrl: "/login" } });
    expect(sessionSetCookie(res)).toBe("meridian_session=; Path=/; HttpOnly; SameSite=Lax; Max-Age=0");
    expect(await findSession(t.db, id)).toBeUndefined();
    expect(await meOf(cookie)).toBeNull();

    const audits = await auditRows(t.db, "logout");
    expect(audits).toHaveLength(before + 1);
    expect(audits.at(-1)).toMatchObject({ entity: "session", action: "logout" });
  });

  test("a browser form post is redirected to the login page", async () => {
    const cookie = await signIn(app, "employee@acme.test");
    const res = await send(app, "POST", "/logout", null, { cookie, headers: { Accept: "text/html,application/xhtml+xml" } });
    expect(res.status).toBe(303);
    expect(res.headers.get("location")).toBe("/login");
    expect(await findSession(t.db, sessionIdFor(tokenOf(cookie)))).toBeUndefined();
  });

  test("without a session: succeeds and writes nothing", async () => {
    const audits = await countRows(t.db, "audit_log");
    expect(await jsonOf(await send(app, "POST", "/logout"))).toEqual({ status: 200, body: { success: true, redirectUrl: "/login" } });
    expect(await countRows(t.db, "audit_log")).toBe(audits);
  });
});

describe("sessions over HTTP", () => {
  test("a session idle for longer than SESSION_IDLE_MINUTES signs the user out and is deleted", async () => {
    const shortApp = appFor(t.db, { config: testConfig({ SESSION_IDLE_MINUTES: "5" }) });
    const cookie = await signIn(shortApp, "employee@acme.test");
    const id = sessionIdFor(tokenOf(cookie));
    const ago = (minutes: number) => new Date(Date.now() - minutes * 60_000).toISOString();

    await t.db.updateTable("sessions").set({ last_seen_at: ago(4) }).where("id", "=", id).execute();
    expect((await (await trpcQuery(shortApp, "auth.me", undefined, { cookie })).json()).result.data.email).toBe("employee@acme.test");

    await t.db.updateTable("sessions").set({ last_seen_at: ago(6) }).where("id", "=", id).execute();
    expect((await (await trpcQuery(shortApp, "auth.me", undefined, { cookie })).json()).result.data).toBeNull();
    expect(await findSession(t.db, id)).toBeUndefined();

    const ping = await trpcQuery(shortApp, "auth.ping", undefined, { cookie });
    expect(ping.status).toBe(401);
    expect((await ping.json()).error.message).toBe(messages.signInRequired);
  });

  test("a forged cookie is no session", async () => {
    expect(await meOf("meridian_session=forged-token-value")).toBeNull();
  });
});
