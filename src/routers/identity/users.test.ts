import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { activationMessages } from "../../domain/identity/activation/messages.ts";
import { messages } from "../../domain/messages.ts";
import { auditRows, callerFor, createTestDatabase, insertTestUser, type TestDatabase } from "../../test/db.ts";
import { expectInputError, expectTrpcError } from "../../test/errors.ts";
import { expectAudit, groupIdOf } from "../../test/audit.ts";

let t: TestDatabase;
beforeAll(async () => {
  t = await createTestDatabase();
});
afterAll(() => t.close());

const outboxFor = (to: string) => t.db.selectFrom("outbox").selectAll().where("to_address", "=", to).orderBy("id").execute();
const userOf = (email: string) => t.db.selectFrom("users").selectAll().where("email", "=", email).executeTakeFirstOrThrow();

describe("users.invite: happy", () => {
  test("HR invites an employee: PENDING user, activation code, e-mail with the employee link, audit rows", async () => {
    const hr = await callerFor(t.db, "hr@acme.test");
    const result = await hr.users.invite({ group: "acme", email: "New.Person@acme.test", firstName: "Nina", lastName: "New", role: "EMPLOYEE" });
    expect(result).toMatchObject({ success: true, resent: false });
    const user = await userOf("new.person@acme.test");
    expect(user).toMatchObject({ id: result.userId, activation_state: "PENDING", password_hash: null, terms_accepted_at: null, role: "EMPLOYEE" });
    const mails = await outboxFor("new.person@acme.test");
    expect(mails).toHaveLength(1);
    expect(mails[0]!.template).toBe("activation");
    expect(mails[0]!.subject).toBe("Activate your Meridian account for Acme Corp");
    expect(mails[0]!.link).toMatch(/^http:\/\/localhost:\d+\/employee\/activate\?ac=[A-Za-z0-9_-]{43}$/);
    expect(mails[0]!.text).toContain("Hello Nina");
    expect(mails[0]!.text).toContain(mails[0]!.link!);
    expect(mails[0]!.html).toContain("Activate my account");
    const token = await t.db.selectFrom("account_tokens").selectAll().where("user_id", "=", user.id).executeTakeFirstOrThrow();
    expect(token.kind).toBe("ACTIVATION");
    const days = (new Date(token.expires_at).getTime() - new Date(token.created_at).getTime()) / 86_400_000;
    expect(days).toBeGreaterThan(1);
    expect((await auditRows(t.db, "invite")).some((a) => a.entity_id === String(user.id))).toBe(true);
    // Both rows field by field (issue 23 item 24): the invitation and the activation link it hands out.
    const acme = await groupIdOf(t.db, "acme");
    await expectAudit(t.db, {
      action: "invite", actor: "hr@acme.test", groupId: acme, entity: "user", entityId: user.id,
      oldValues: null, newValues: { email: "new.person@acme.test", firstName: "Nina", lastName: "New", role: "EMPLOYEE" },
    });
    await expectAudit(t.db, { action: "send-activation", actor: "hr@acme.test", groupId: acme, entity: "user", entityId: user.id, oldValues: null, newValues: { email: "new.person@acme.test" } });
  });

  test("a manager's and HR user's link goes to /group/activate; a supplier's (by an admin) to /supplier/activate", async () => {
    const hr = await callerFor(t.db, "hr@acme.test");
    await hr.users.invite({ group: "acme", email: "mgr2@acme.test", firstName: "M", lastName: "Two", role: "MANAGER" });
    expect((await outboxFor("mgr2@acme.test"))[0]!.link).toContain("/group/activate?ac=");
    const admin = await callerFor(t.db, "admin@meridian.test");
    await admin.users.invite({ group: "globex", email: "movers@supplier.test", firstName: "Sam", lastName: "Supplier", role: "SUPPLIER" });
    expect((await outboxFor("movers@supplier.test"))[0]!.link).toContain("/supplier/activate?ac=");
  });

  test("inviting a PENDING person again re-sends with a new code (the old one stops working)", async () => {
    const hr = await callerFor(t.db, "hr@acme.test");
    const first = await hr.users.invite({ group: "acme", email: "twice@acme.test", firstName: "T", lastName: "Wice", role: "EMPLOYEE" });
    // Within a minute a repeat is refused (one mail per minute); a minute later it re-sends.
    await expectTrpcError(hr.users.invite({ group: "acme", email: "twice@acme.test", firstName: "T", lastName: "Wice", role: "EMPLOYEE" }), "CONFLICT", activationMessages.cannotInvite);
    await t.db.updateTable("account_tokens").set({ created_at: new Date(Date.now() - 61_000).toISOString() }).where("user_id", "=", first.userId).execute();
    const again = await hr.users.invite({ group: "acme", email: "twice@acme.test", firstName: "T", lastName: "Wice", role: "EMPLOYEE" });
    expect(again.resent).toBe(true);
    const mails = await outboxFor("twice@acme.test");
    expect(mails).toHaveLength(2);
    expect(mails[0]!.link).not.toBe(mails[1]!.link);
    const anon = await callerFor(t.db, null);
    const oldCode = new URL(mails[0]!.link!).searchParams.get("ac")!;
    await expectTrpcError(anon.account.activationForm({ type: "employee", ac: oldCode }), "BAD_REQUEST", "This link is not valid. Please ask for a new one.");
  });

  test("sendActivation re-sends and the people table then shows Activation Sent", async () => {
    const id = await insertTestUser(t.db, { email: "pending-row@acme.test", activationState: "PENDING", withPassword: false, lastName: "Aaaa" });
    const hr = await callerFor(t.db, "hr@acme.test");
    const before = await hr.group.people({ group: "acme", search: "pending-row" });
    expect(before.rows[0]).toMatchObject({ id, activationState: "PENDING", activationSent: false });
    expect(await hr.users.sendActivation({ group: "acme", userId: id })).toEqual({ success: true, activationSent: true });
    const after = await hr.group.people({ group: "acme", search: "pending-row" });
    expect(after.rows[0]!.activationSent).toBe(true);
    expect((await outboxFor("pending-row@acme.test"))).toHaveLength(1);
    expect((await hr.group.people({ group: "acme", search: "hr@acme" })).rows[0]!.activationSent).toBe(false);
  });
});

describe("users.invite: errors", () => {
  test("an existing active account is a conflict", async () => {
    const hr = await callerFor(t.db, "hr@acme.test");
    await expectTrpcError(
      hr.users.invite({ group: "acme", email: "employee@acme.test", firstName: "E", lastName: "L", role: "EMPLOYEE" }),
      "CONFLICT",
      activationMessages.cannotInvite,
    );
  });

  test("bad input: email, names, role", async () => {
    const hr = await callerFor(t.db, "hr@acme.test");
    await expectInputError(hr.users.invite({ group: "acme", email: "nope", firstName: "A", lastName: "B", role: "EMPLOYEE" }), "email");
    await expectInputError(hr.users.invite({ group: "acme", email: "a@acme.test", firstName: " ", lastName: "B", role: "EMPLOYEE" }), "firstName");
    await expectInputError(hr.users.invite({ group: "acme", email: "a@acme.test", firstName: "A", lastName: "B", role: "ADMIN" as never }), "role");
  });

  test("sendActivation for an active person is refused; for an unknown id not found", async () => {
    const hr = await callerFor(t.db, "hr@acme.test");
    const active = await userOf("employee@acme.test");
    await expectTrpcError(hr.users.sendActivation({ group: "acme", userId: active.id }), "CONFLICT", activationMessages.notPending);
    await expectTrpcError(hr.users.sendActivation({ group: "acme", userId: 999_999 }), "NOT_FOUND");
  });
});

describe("users.invite: security", () => {
  test("HR of globex cannot invite into acme", async () => {
    const hr = await callerFor(t.db, "hr@globex.test");
    await expectTrpcError(
      hr.users.invite({ group: "acme", email: "x1@acme.test", firstName: "X", lastName: "Y", role: "EMPLOYEE" }),
      "FORBIDDEN",
      messages.otherGroup,
    );
  });

  test("HR of globex cannot re-send for an acme person", async () => {
    const id = await insertTestUser(t.db, { email: "pending-acme@acme.test", activationState: "PENDING", withPassword: false });
    const hr = await callerFor(t.db, "hr@globex.test");
    await expectTrpcError(hr.users.sendActivation({ group: "acme", userId: id }), "FORBIDDEN");
    await expectTrpcError(hr.users.sendActivation({ group: "globex", userId: id }), "NOT_FOUND");
  });

  test("an employee, a manager and finance cannot invite", async () => {
    for (const email of ["employee@acme.test", "manager@acme.test", "finance@meridian.test"]) {
      const caller = await callerFor(t.db, email);
      await expectTrpcError(caller.users.invite({ group: "acme", email: "x2@acme.test", firstName: "X", lastName: "Y", role: "EMPLOYEE" }), "FORBIDDEN");
    }
  });

  test("HR cannot re-send for a pending supplier (admins only)", async () => {
    const id = await insertTestUser(t.db, { email: "pending-supplier@acme.test", role: "SUPPLIER", activationState: "PENDING", withPassword: false });
    const hr = await callerFor(t.db, "hr@acme.test");
    await expectTrpcError(hr.users.sendActivation({ group: "acme", userId: id }), "FORBIDDEN", messages.forbidden);
    const admin = await callerFor(t.db, "admin@meridian.test");
    expect((await admin.users.sendActivation({ group: "acme", userId: id })).success).toBe(true);
  });

  test("HR cannot invite a supplier; signed out is unauthorized", async () => {
    const hr = await callerFor(t.db, "hr@acme.test");
    await expectTrpcError(
      hr.users.invite({ group: "acme", email: "sup@acme.test", firstName: "S", lastName: "U", role: "SUPPLIER" }),
      "FORBIDDEN",
      activationMessages.supplierAdminOnly,
    );
    const anon = await callerFor(t.db, null);
    await expectTrpcError(anon.users.invite({ group: "acme", email: "x3@acme.test", firstName: "X", lastName: "Y", role: "EMPLOYEE" }), "UNAUTHORIZED");
    expect(await t.db.selectFrom("users").select("id").where("email", "in", ["x1@acme.test", "x2@acme.test", "x3@acme.test", "sup@acme.test"]).execute()).toEqual([]);
  });
});
