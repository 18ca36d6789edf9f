import { afterAll, beforeAll, beforeEach, describe, expect, test } from "bun:test";
import { findSession } from "../../db/queries/identity/sessions.ts";
import { recoveryMessages } from "../../domain/identity/recovery/messages.ts";
import { RESET_TEMPLATE } from "../../services/identity/recovery.ts";
import { tokenMessages } from "../../services/identity/tokens.ts";
import {
  auditRows,
  callerFor,
  contextFor,
  countRows,
  createSessionFor,
  createTestDatabase,
  DEMO_PASSWORD,
  insertTestUser,
  type TestDatabase,
} from "../../test/db.ts";
import { expectInputError, expectTrpcError } from "../../test/errors.ts";
import { createCaller } from "../_app.ts";

let t: TestDatabase;
beforeAll(async () => {
  t = await createTestDatabase();
  await insertTestUser(t.db, { email: "reset@acme.test" });
  await insertTestUser(t.db, { email: "pending-reset@acme.test", activationState: "PENDING" });
  await insertTestUser(t.db, { email: "sso-reset@acme.test", isSsoUser: true, withPassword: false });
});
afterAll(() => t.close());
beforeEach(async () => {
  await t.db.deleteFrom("outbox").execute();
});

const outboxCount = async () => Number((await t.db.selectFrom("outbox").select((eb) => eb.fn.countAll<number>().as("n")).executeTakeFirstOrThrow()).n);
const latestLink = async (email: string) =>
  (await t.db.selectFrom("outbox").select(["link", "text", "subject"]).where("to_address", "=", email).where("template", "=", RESET_TEMPLATE).orderBy("id", "desc").executeTakeFirst());
const tokenOfLink = (link: string) => new URL(link).searchParams.get("token")!;

async function requestLink(email: string): Promise<string> {
  const caller = await callerFor(t.db, null);
  await caller.recovery.request({ email });
  const mail = await latestLink(email);
  expect(mail?.link).toBeTruthy();
  return tokenOfLink(mail!.link!);
}

const neutral = { success: true, message: recoveryMessages.resetRequested, error: null };

describe("recovery.request", () => {
  test("a known and an unknown address get the same answer; only the known one gets a message", async () => {
    const caller = await callerFor(t.db, null);
    const before = await outboxCount();
    expect(await caller.recovery.request({ email: "nobody@acme.test" })).toEqual(neutral);
    expect(await outboxCount()).toBe(before);
    expect(await caller.recovery.request({ email: " Reset@Acme.test " })).toEqual(neutral);
    expect(await outboxCount()).toBe(before + 1);
    const mail = await latestLink("reset@acme.test");
    expect(mail!.subject).toBe("Reset your Meridian password");
    expect(mail!.link).toMatch(/^http:\/\/localhost:\d+\/user\/set-new-password\?token=[\w-]{43}$/);
    expect(mail!.text).toContain(mail!.link!);
    expect(mail!.text).toContain("within 60 minutes");
    const token = await t.db.selectFrom("account_tokens").selectAll().where("kind", "=", "PASSWORD_RESET").orderBy("id", "desc").executeTakeFirstOrThrow();
    expect(new Date(token.expires_at).getTime() - new Date(token.created_at).getTime()).toBe(60 * 60_000);
  });

  test("pending and SSO accounts get no message, with the same answer", async () => {
    const caller = await callerFor(t.db, null);
    expect(await caller.recovery.request({ email: "pending-reset@acme.test" })).toEqual(neutral);
    expect(await caller.recovery.request({ email: "sso-reset@acme.test" })).toEqual(neutral);
    expect(await outboxCount()).toBe(0);
  });

  test("at most 5 reset e-mails per address per hour", async () => {
    const caller = await callerFor(t.db, null);
    for (let i = 0; i < 7; i++) expect(await caller.recovery.request({ email: "reset@acme.test" })).toEqual(neutral);
    expect(await outboxCount()).toBe(5);
  });

  test("a bad address: Not a valid email address", async () => {
    const caller = await callerFor(t.db, null);
    const error = await expectInputError(caller.recovery.request({ email: "not-an-email" }), "email");
    expect(error.message).toContain(recoveryMessages.invalidEmailAddress);
  });
});

describe("recovery.setPassword", () => {
  test("sets the password, uses the token once, ends every session, audits", async () => {
    const token = await requestLink("reset@acme.test");
    const a = await createSessionFor(t.db, "reset@acme.test");
    const b = await createSessionFor(t.db, "reset@acme.test");
    const caller = await callerFor(t.db, null);
    const audits = (await auditRows(t.db, "passwordReset")).length;
    expect(await caller.recovery.setPassword({ token, password: "New#2026pass", confirmPassword: "New#2026pass" })).toEqual({
      success: true,
      redirectUrl: "/login",
      error: null,
    });
    expect(await findSession(t.db, a.session.id)).toBeUndefined();
    expect(await findSession(t.db, b.session.id)).toBeUndefined();
    const rows = await auditRows(t.db, "passwordReset");
    expect(rows.length).toBe(audits + 1);
    expect(rows.at(-1)!.entity).toBe("user");

    // Sign in with the new password; the old one no longer works.
    const login = await callerFor(t.db, null);
    expect((await login.auth.login({ email: "reset@acme.test", password: "New#2026pass" })).success).toBe(true);
    await expectTrpcError(login.auth.login({ email: "reset@acme.test", password: DEMO_PASSWORD }), "UNAUTHORIZED");

    // The same link again.
    await expectTrpcError(caller.recovery.setPassword({ token, password: "Other#2026pass", confirmPassword: "Other#2026pass" }), "CONFLICT", tokenMessages.used);
  });

  test("an expired link is refused with a clear message", async () => {
    const token = await requestLink("reset@acme.test");
    await t.db.updateTable("account_tokens").set({ expires_at: new Date(Date.now() - 1000).toISOString() }).where("used_at", "is", null).execute();
    const caller = await callerFor(t.db, null);
    await expectTrpcError(caller.recovery.setPassword({ token, password: "New#2026pass", confirmPassword: "New#2026pass" }), "BAD_REQUEST", tokenMessages.expired);
  });

  test("an unknown token is refused", async () => {
    const caller = await callerFor(t.db, null);
    await expectTrpcError(caller.recovery.setPassword({ token: "nope", password: "New#2026pass", confirmPassword: "New#2026pass" }), "BAD_REQUEST", tokenMessages.invalid);
  });

  test("an older link stops working when a new one is sent", async () => {
    const first = await requestLink("reset@acme.test");
    await requestLink("reset@acme.test");
    const caller = await callerFor(t.db, null);
    await expectTrpcError(caller.recovery.setPassword({ token: first, password: "New#2026pass", confirmPassword: "New#2026pass" }), "BAD_REQUEST", tokenMessages.invalid);
  });

  test("a weak password gives field errors and keeps the token usable", async () => {
    const token = await requestLink("reset@acme.test");
    const caller = await callerFor(t.db, null);
    const error = await expectInputError(caller.recovery.setPassword({ token, password: "weak", confirmPassword: "weak" }), "password");
    expect(error.message).toContain("Between 8 and 20 characters");
    await expectInputError(caller.recovery.setPassword({ token, password: "New#2026pass", confirmPassword: "New#2026pasS" }), "confirmPassword");
    expect((await caller.recovery.setPassword({ token, password: "New#2026pass", confirmPassword: "New#2026pass" })).success).toBe(true);
  });
});

describe("session.registerClientInfo", () => {
  test("stores the offset on the current session", async () => {
    const ctx = await contextFor(t.db, "employee@acme.test");
    const caller = createCaller(ctx);
    expect(await caller.session.registerClientInfo({ timezoneOffset: -330 })).toEqual({ success: true, timezoneOffset: -330 });
    expect((await findSession(t.db, ctx.session!.id))!.timezone_offset).toBe(-330);
  });

  test.each([841, -841, 1.5])("refuses %p", async (value) => {
    const caller = await callerFor(t.db, "employee@acme.test");
    const error = await expectInputError(caller.session.registerClientInfo({ timezoneOffset: value }), "timezoneOffset");
    expect(error.message).toContain(recoveryMessages.timezoneOffset);
  });

  test("needs a session", async () => {
    const caller = await callerFor(t.db, null);
    await expectTrpcError(caller.session.registerClientInfo({ timezoneOffset: 0 }), "UNAUTHORIZED");
  });

  test("sessions count is unchanged by it", async () => {
    const before = await countRows(t.db, "sessions");
    const caller = await callerFor(t.db, "hr@acme.test");
    await caller.session.registerClientInfo({ timezoneOffset: 60 });
    expect(await countRows(t.db, "sessions")).toBe(before + 1);
  });
});
