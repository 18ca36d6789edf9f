import { afterAll, beforeAll, beforeEach, describe, expect, test } from "bun:test";
import { findSession } from "../../../db/queries/identity/sessions.ts";
import { recoveryMessages } from "../../../domain/identity/recovery/messages.ts";
import { sessionIdFor } from "../../../services/identity/auth.ts";
import { tokenMessages } from "../../../services/identity/tokens.ts";
import { appFor, cookieFor, jsonOf, postForm, postJson, signIn, tokenOf, trpcQuery, type TestApp } from "../../../test/app.ts";
import { auditRows, createTestDatabase, insertTestUser, testConfig, type TestDatabase } from "../../../test/db.ts";
import { expectNoStackTrace } from "../../../test/errors.ts";

let t: TestDatabase;
let app: TestApp;
beforeAll(async () => {
  t = await createTestDatabase();
  app = appFor(t.db);
  await insertTestUser(t.db, { email: "legacy-reset@acme.test" });
});
afterAll(() => t.close());
beforeEach(async () => {
  await t.db.deleteFrom("outbox").execute();
});

const outboxCount = async () => (await t.db.selectFrom("outbox").select("id").execute()).length;
const neutral = { success: true, message: recoveryMessages.resetRequested, error: null };

async function linkFor(email: string): Promise<string> {
  expect((await jsonOf(await postForm(app, "/user/account-recovery", { email }))).body).toEqual(neutral);
  const row = await t.db.selectFrom("outbox").select("link").where("to_address", "=", email).orderBy("id", "desc").executeTakeFirstOrThrow();
  return row.link!;
}

describe("POST /user/account-recovery", () => {
  test("known and unknown addresses get the identical answer; only the known one gets mail", async () => {
    const unknown = await postForm(app, "/user/account-recovery", { email: "who@nowhere.test" });
    const unknownText = await unknown.text();
    expect(await outboxCount()).toBe(0);
    const known = await postForm(app, "/user/account-recovery", { email: "legacy-reset@acme.test" });
    expect(known.status).toBe(unknown.status);
    expect(await known.text()).toBe(unknownText);
    expect(JSON.parse(unknownText)).toEqual(neutral);
    expect(await outboxCount()).toBe(1);
    const link = (await t.db.selectFrom("outbox").select("link").executeTakeFirstOrThrow()).link!;
    // PUBLIC_URL is unset in the test configuration: the configured host and port.
    expect(link).toStartWith("http://localhost:3000/user/set-new-password?token=");
  });

  test("the link comes from configuration, never from the request's Host or forwarded headers", async () => {
    const spoofed = { headers: { Host: "evil.example:666", "X-Forwarded-Host": "evil.example", "X-Forwarded-Proto": "https" } };
    const before = await outboxCount();
    expect((await postForm(app, "/user/account-recovery", { email: "legacy-reset@acme.test" }, spoofed)).status).toBe(200);
    const configured = appFor(t.db, { config: testConfig({ PUBLIC_URL: "https://meridian.example.com", TRUST_PROXY: "1" }) });
    expect((await postForm(configured, "/user/account-recovery", { email: "legacy-reset@acme.test" }, spoofed)).status).toBe(200);
    const links = (await t.db.selectFrom("outbox").select("link").orderBy("id").execute()).slice(before).map((r) => r.link!);
    expect(links).toHaveLength(2);
    expect(links[0]).toStartWith("http://localhost:3000/user/set-new-password?token=");
    expect(links[1]).toStartWith("https://meridian.example.com/user/set-new-password?token=");
    for (const link of links) expect(link).not.toContain("evil");
  });

  test("a JSON body works too", async () => {
    expect((await jsonOf(await postJson(app, "/user/account-recovery", { email: "legacy-reset@acme.test" }))).body).toEqual(neutral);
  });

  test("a bad address: 400 Not a valid email address", async () => {
    const res = await postForm(app, "/user/account-recovery", { email: "nope" });
    expect(await jsonOf(res)).toEqual({ status: 400, body: { success: false, message: null, error: "Not a valid email address" } });
  });

  test("an empty body: 400", async () => {
    expect((await postForm(app, "/user/account-recovery", {})).status).toBe(400);
  });
});

describe("POST /user/set-new-password", () => {
  test("sets the password, ends the user's sessions, answers redirectUrl /login", async () => {
    const cookie = await signIn(app, "legacy-reset@acme.test");
    const token = new URL(await linkFor("legacy-reset@acme.test")).searchParams.get("token")!;
    const res = await postForm(app, "/user/set-new-password", { token, password: "Legacy#2026", confirmPassword: "Legacy#2026" });
    expect(await jsonOf(res)).toEqual({ status: 200, body: { success: true, redirectUrl: "/login", error: null } });
    expect(await findSession(t.db, sessionIdFor(tokenOf(cookie)))).toBeUndefined();
    expect((await auditRows(t.db, "passwordReset")).length).toBeGreaterThan(0);
    await signIn(app, "legacy-reset@acme.test", { password: "Legacy#2026" });

    const again = await postForm(app, "/user/set-new-password", { token, password: "Legacy#2027", confirmPassword: "Legacy#2027" });
    expect(await jsonOf(again)).toEqual({ status: 409, body: { success: false, redirectUrl: null, error: tokenMessages.used, errors: null } });
  });

  test("an unknown token", async () => {
    const res = await postForm(app, "/user/set-new-password", { token: "x", password: "Legacy#2026", confirmPassword: "Legacy#2026" });
    expect(await jsonOf(res)).toEqual({ status: 400, body: { success: false, redirectUrl: null, error: tokenMessages.invalid, errors: null } });
  });

  test("an expired token", async () => {
    const token = new URL(await linkFor("legacy-reset@acme.test")).searchParams.get("token")!;
    await t.db.updateTable("account_tokens").set({ expires_at: "2000-01-01T00:00:00.000Z" }).where("used_at", "is", null).execute();
    const res = await postForm(app, "/user/set-new-password", { token, password: "Legacy#2026", confirmPassword: "Legacy#2026" });
    expect((await jsonOf(res)).body.error).toBe(tokenMessages.expired);
  });

  test("a missing token", async () => {
    const res = await postForm(app, "/user/set-new-password", { password: "Legacy#2026", confirmPassword: "Legacy#2026" });
    const { status, body } = await jsonOf(res);
    expect(status).toBe(400);
    expect(body.error).toBe(recoveryMessages.linkInvalid);
  });

  test("rule failures: the form message and errors by field", async () => {
    const res = await postForm(app, "/user/set-new-password", { token: "x", password: "abc", confirmPassword: "abd" });
    const { status, body } = await jsonOf(res);
    expect(status).toBe(400);
    expect(body.success).toBe(false);
    expect(body.error).toBe(recoveryMessages.formHasErrors);
    expect(body.errors.password).toBe("Between 8 and 20 characters");
    expect(body.errors.confirmPassword).toBe("The passwords do not match.");
  });

  test("an unexpected failure: Failed to set new password, please try again!", async () => {
    const token = new URL(await linkFor("legacy-reset@acme.test")).searchParams.get("token")!;
    // Reads work, the write's transaction fails.
    const failing = new Proxy(t.db, {
      get(target, prop, receiver) {
        if (prop === "transaction") return () => { throw new Error("database gone"); };
        const value = Reflect.get(target, prop, receiver);
        return typeof value === "function" ? value.bind(target) : value;
      },
    });
    const broken = appFor(failing);
    const original = console.error;
    console.error = () => {};
    try {
      const res = await postForm(broken, "/user/set-new-password", { token, password: "Legacy#2026", confirmPassword: "Legacy#2026" });
      const text = await res.text();
      expectNoStackTrace(text);
      expect(res.status).toBe(500);
      expect(JSON.parse(text).error).toBe("Failed to set new password, please try again!");
    } finally {
      console.error = original;
    }
  });
});

describe("POST /registerClientInfo", () => {
  test("form field stored on the session", async () => {
    const cookie = await cookieFor(t.db, "employee@acme.test");
    const res = await postForm(app, "/registerClientInfo", { timezoneOffset: "-60" }, { cookie });
    expect(await jsonOf(res)).toEqual({ status: 200, body: { success: true, timezoneOffset: -60 } });
    expect((await findSession(t.db, sessionIdFor(tokenOf(cookie))))!.timezone_offset).toBe(-60);
  });

  test("JSON works too", async () => {
    const cookie = await cookieFor(t.db, "employee@acme.test");
    expect((await jsonOf(await postJson(app, "/registerClientInfo", { timezoneOffset: 540 }, { cookie }))).body.timezoneOffset).toBe(540);
  });

  test.each(["841", "-900", "1.5", "abc", ""])("refuses %p with 400", async (value) => {
    const cookie = await cookieFor(t.db, "employee@acme.test");
    const res = await postForm(app, "/registerClientInfo", { timezoneOffset: value }, { cookie });
    expect(await jsonOf(res)).toEqual({ status: 400, body: { success: false, message: recoveryMessages.timezoneOffset } });
  });

  test("401 without a session", async () => {
    expect((await postForm(app, "/registerClientInfo", { timezoneOffset: "0" })).status).toBe(401);
  });
});

describe("inactivity: the 60 s session check is not activity", () => {
  const lastSeen = async (cookie: string) => (await findSession(t.db, sessionIdFor(tokenOf(cookie))))?.last_seen_at;
  const backdate = (cookie: string, minutes: number) =>
    t.db
      .updateTable("sessions")
      .set({ last_seen_at: new Date(Date.now() - minutes * 60_000).toISOString() })
      .where("id", "=", sessionIdFor(tokenOf(cookie)))
      .execute();

  test("auth.ping answers but does not move last_seen_at; any other call does", async () => {
    const cookie = await cookieFor(t.db, "employee@acme.test");
    await backdate(cookie, 10);
    const before = await lastSeen(cookie);
    expect((await trpcQuery(app, "auth.ping", undefined, { cookie })).status).toBe(200);
    expect(await lastSeen(cookie)).toBe(before);
    expect((await trpcQuery(app, "auth.me", undefined, { cookie })).status).toBe(200);
    expect(await lastSeen(cookie)).not.toBe(before);
  });

  test("after SESSION_IDLE_MINUTES without activity the check answers 401", async () => {
    const cookie = await cookieFor(t.db, "employee@acme.test");
    await backdate(cookie, 29);
    expect((await trpcQuery(app, "auth.ping", undefined, { cookie })).status).toBe(200);
    await backdate(cookie, 31);
    expect((await trpcQuery(app, "auth.ping", undefined, { cookie })).status).toBe(401);
    expect(await lastSeen(cookie)).toBeUndefined();
  });
});
