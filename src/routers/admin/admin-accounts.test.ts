import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { findUserById } from "../../db/queries/identity/users.ts";
import { recoveryMessages } from "../../domain/identity/recovery/messages.ts";
import { anonymizationScrubbers } from "../../services/admin/admin-accounts.ts";
import { auditRows, callerFor, createSessionFor, createTestDatabase, DEMO_PASSWORD, insertTestUser, type TestDatabase } from "../../test/db.ts";
import { expectInputError, expectTrpcError } from "../../test/errors.ts";

let t: TestDatabase;
let adminId: number;
beforeAll(async () => {
  t = await createTestDatabase();
  adminId = (await findUserById(t.db, (await t.db.selectFrom("users").select("id").where("email", "=", "admin@meridian.test").executeTakeFirstOrThrow()).id))!.id;
});
afterAll(() => t.close());

const admin = () => callerFor(t.db, "admin@meridian.test");

describe("adminAccounts.findResetLink", () => {
  test("a fresh link for a registered user that sets the password", async () => {
    const id = await insertTestUser(t.db, { email: "lookup@acme.test" });
    const caller = await admin();
    const { link } = await caller.adminAccounts.findResetLink({ email: "Lookup@acme.test" });
    expect(link).toMatch(/^http:\/\/localhost:\d+\/user\/set-new-password\?token=[\w-]{43}$/);
    const row = await t.db.selectFrom("account_tokens").selectAll().where("user_id", "=", id).executeTakeFirstOrThrow();
    expect(row.kind).toBe("PASSWORD_RESET");
    expect(row.created_by).toBe(adminId);
    expect((await auditRows(t.db, "resetLinkIssued")).at(-1)!.entity_id).toBe(String(id));
    const token = new URL(link).searchParams.get("token")!;
    const anon = await callerFor(t.db, null);
    expect((await anon.recovery.setPassword({ token, password: "Fresh#2026x", confirmPassword: "Fresh#2026x" })).success).toBe(true);
  });

  test("Not a valid email address.", async () => {
    const caller = await admin();
    const error = await expectInputError(caller.adminAccounts.findResetLink({ email: "bad@" }), "email");
    expect(error.message).toContain(recoveryMessages.adminInvalidEmail);
  });

  test("Email address is not registered to a user.", async () => {
    const caller = await admin();
    await expectTrpcError(caller.adminAccounts.findResetLink({ email: "ghost@acme.test" }), "NOT_FOUND", recoveryMessages.notRegistered);
  });
});

describe("adminAccounts.anonymize", () => {
  test("replaces personal data, ends sessions and tokens, scrubs messages, audits; the user cannot sign in", async () => {
    const id = await insertTestUser(t.db, { email: "forget.me@acme.test", firstName: "Forget", lastName: "Me", isSsoUser: true });
    await t.db.updateTable("users").set({ phone: "+44 20 7946 0000", move_date: "2027-01-15" }).where("id", "=", id).execute();
    const { session } = await createSessionFor(t.db, "forget.me@acme.test");
    const signedOut = await callerFor(t.db, null);
    await t.db.updateTable("users").set({ is_sso_user: 0 }).where("id", "=", id).execute();
    await signedOut.recovery.request({ email: "forget.me@acme.test" });
    await t.db.updateTable("users").set({ is_sso_user: 1 }).where("id", "=", id).execute();
    expect((await t.db.selectFrom("outbox").selectAll().where("user_id", "=", id).execute()).length).toBe(1);

    const caller = await admin();
    expect(await caller.adminAccounts.anonymize({ userId: String(id) })).toEqual({ success: true, resultMessage: recoveryMessages.anonymized });

    const user = await t.db.selectFrom("users").selectAll().where("id", "=", id).executeTakeFirstOrThrow();
    expect(user).toMatchObject({
      first_name: "Anonymized",
      last_name: "User",
      email: `anonymized-${id}@anonymized.invalid`,
      phone: null,
      move_date: null,
      password_hash: null,
      is_sso_user: 0,
      activation_state: "DISABLED",
    });
    expect(user.anonymized_at).not.toBeNull();
    expect(await t.db.selectFrom("sessions").selectAll().where("id", "=", session.id).executeTakeFirst()).toBeUndefined();
    expect(await t.db.selectFrom("account_tokens").selectAll().where("user_id", "=", id).execute()).toEqual([]);
    const mails = await t.db.selectFrom("outbox").selectAll().where("user_id", "=", id).execute();
    expect(mails.length).toBe(1);
    expect(mails[0]).toMatchObject({ to_address: `anonymized-${id}@anonymized.invalid`, subject: "[removed]", text: "[removed]", html: "[removed]", link: null });
    expect(await t.db.selectFrom("outbox").selectAll().where("to_address", "=", "forget.me@acme.test").execute()).toEqual([]);

    const audit = (await auditRows(t.db, "anonymize")).at(-1)!;
    expect(audit.entity_id).toBe(String(id));
    expect(audit.actor_user_id).toBe(adminId);
    expect(JSON.stringify(audit)).not.toContain("forget.me");
    expect(JSON.stringify(audit)).not.toContain("Forget");

    // Cannot sign in: neither by the old address nor by the anonymous one.
    await expectTrpcError(signedOut.auth.login({ email: "forget.me@acme.test", password: DEMO_PASSWORD }), "UNAUTHORIZED");
    await expectTrpcError(signedOut.auth.login({ email: `anonymized-${id}@anonymized.invalid`, password: DEMO_PASSWORD }), "UNAUTHORIZED");

    // Twice is refused clearly.
    await expectTrpcError(caller.adminAccounts.anonymize({ userId: id }), "CONFLICT", recoveryMessages.alreadyAnonymized);
  });

  test("every scrubber names its table", () => {
    expect(anonymizationScrubbers.map((s) => s.table)).toEqual(["sessions", "account_tokens", "outbox", "login_throttle", "sso_login_states", "social_identities"]);
  });

  test("Please enter user Id", async () => {
    const caller = await admin();
    const error = await expectInputError(caller.adminAccounts.anonymize({ userId: "" }), "userId");
    expect(error.message).toContain(recoveryMessages.enterUserId);
  });

  test("an admin cannot anonymize their own account", async () => {
    const caller = await admin();
    await expectTrpcError(caller.adminAccounts.anonymize({ userId: adminId }), "FORBIDDEN", recoveryMessages.anonymizeSelf);
    expect((await findUserById(t.db, adminId))!.email).toBe("admin@meridian.test");
  });

  test("an unknown id", async () => {
    const caller = await admin();
    await expectTrpcError(caller.adminAccounts.anonymize({ userId: 999999 }), "NOT_FOUND", recoveryMessages.userNotFound);
  });
});

describe("adminAccounts.disableSso", () => {
  test("true, the flag is off and audited", async () => {
    const id = await insertTestUser(t.db, { email: "sso-off@acme.test", isSsoUser: true, withPassword: false });
    const caller = await admin();
    expect(await caller.adminAccounts.disableSso({ userId: String(id) })).toBe(true);
    expect((await findUserById(t.db, id))!.is_sso_user).toBe(0);
    const audit = (await auditRows(t.db, "disableSso")).at(-1)!;
    expect(audit.entity_id).toBe(String(id));
    expect(JSON.parse(audit.new_values!)).toEqual({ is_sso_user: 0 });
    const anon = await callerFor(t.db, null);
    expect(await anon.auth.checkUser({ userEmail: "sso-off@acme.test" })).toEqual({ success: true, isSsoUser: false, ssoUrl: null, allowSocialLogin: false, loginType: "direct", socialProviders: [] });
  });

  test.each(["abc", "0", "-4", "999999", 1.5])("false for %p", async (userId) => {
    const caller = await admin();
    expect(await caller.adminAccounts.disableSso({ userId })).toBe(false);
  });
});

describe("adminAccounts.findUsers", () => {
  test("finds people by name, e-mail or id, with their group; at most 10 and whether there are more", async () => {
    const caller = await admin();
    const byEmail = await caller.adminAccounts.findUsers({ search: "hr@acme" });
    expect(byEmail.users).toContainEqual(expect.objectContaining({ email: "hr@acme.test", groupName: "Acme Corp", role: "HR" }));
    const hr = byEmail.users.find((u) => u.email === "hr@acme.test")!;
    expect((await caller.adminAccounts.findUsers({ search: hr.name.split(" ")[0]! })).users.map((u) => u.id)).toContain(hr.id);
    expect((await caller.adminAccounts.findUsers({ search: String(hr.id) })).users.map((u) => u.id)).toContain(hr.id);
    expect((await caller.adminAccounts.findUsers({ search: "nobody-by-this-name" })).users).toEqual([]);
    const many = await caller.adminAccounts.findUsers({ search: ".test" });
    expect(many.users.length).toBeLessThanOrEqual(10);
    expect(many.more).toBe(true);
  });

  test("an empty search is refused", async () => {
    await expectTrpcError((await admin()).adminAccounts.findUsers({ search: "  " }), "BAD_REQUEST");
  });
});

describe("admin tools: other roles are refused", () => {
  for (const email of ["hr@acme.test", "employee@acme.test", "finance@meridian.test", "manager@acme.test"]) {
    test(email, async () => {
      const caller = await callerFor(t.db, email);
      const target = await insertTestUser(t.db, { email: `target-${crypto.randomUUID().slice(0, 8)}@acme.test`, isSsoUser: true });
      await expectTrpcError(caller.adminAccounts.findResetLink({ email: "employee@acme.test" }), "FORBIDDEN");
      await expectTrpcError(caller.adminAccounts.findUsers({ search: "acme" }), "FORBIDDEN");
      await expectTrpcError(caller.adminAccounts.anonymize({ userId: target }), "FORBIDDEN");
      await expectTrpcError(caller.adminAccounts.disableSso({ userId: target }), "FORBIDDEN");
      const user = (await findUserById(t.db, target))!;
      expect(user.is_sso_user).toBe(1);
      expect(user.email).toStartWith("target-");
    });
  }

  test("signed out", async () => {
    const caller = await callerFor(t.db, null);
    await expectTrpcError(caller.adminAccounts.findResetLink({ email: "employee@acme.test" }), "UNAUTHORIZED");
    await expectTrpcError(caller.adminAccounts.anonymize({ userId: 1 }), "UNAUTHORIZED");
    await expectTrpcError(caller.adminAccounts.disableSso({ userId: 1 }), "UNAUTHORIZED");
  });
});
