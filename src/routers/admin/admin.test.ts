import { afterAll, afterEach, beforeAll, describe, expect, spyOn, test } from "bun:test";
import { sql } from "kysely";
import { messages } from "../../domain/messages.ts";
import { resolveSession } from "../../services/identity/auth.ts";
import {
  auditRows,
  callerFor,
  countRows,
  createSessionFor,
  createTestDatabase,
  DEMO_PASSWORD,
  testConfig,
  type TestDatabase,
} from "../../test/db.ts";
import { expectInputError, expectTrpcError } from "../../test/errors.ts";

let t: TestDatabase;
let acmeId: number;
let globexId: number;
beforeAll(async () => {
  t = await createTestDatabase();
  const groups = await t.db.selectFrom("groups").select(["id", "name"]).execute();
  acmeId = groups.find((g) => g.name === "acme")!.id;
  globexId = groups.find((g) => g.name === "globex")!.id;
});
afterAll(() => t.close());

const statusOf = async (id: number) =>
  (await t.db.selectFrom("groups").select("status").where("id", "=", id).executeTakeFirstOrThrow()).status;

/** Every test leaves both groups active. */
afterEach(async () => {
  await t.db.updateTable("groups").set({ status: "ACTIVE" }).execute();
});

describe("admin.groups.list", () => {
  test.each(["admin@meridian.test", "finance@meridian.test", "crm@meridian.test"])("%s sees every group with its size", async (email) => {
    const staff = await callerFor(t.db, email);
    const rows = await staff.admin.groups.list();
    expect(rows.map(({ createdAt: _, ...r }) => r)).toEqual([
      { id: acmeId, name: "acme", displayName: "Acme Corp", status: "ACTIVE", userCount: 3 },
      { id: globexId, name: "globex", displayName: "Globex Inc", status: "ACTIVE", userCount: 2 },
      { id: expect.any(Number), name: "initech", displayName: "Initech", status: "ACTIVE", userCount: 1 },
    ]);
    expect(rows[0]!.createdAt).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
  });

  test("signed out", async () => {
    await expectTrpcError((await callerFor(t.db, null)).admin.groups.list(), "UNAUTHORIZED", messages.signInRequired);
  });

  test.each(["hr@acme.test", "manager@acme.test", "employee@acme.test", "hr@globex.test"])("wrong role: %s", async (email) => {
    await expectTrpcError((await callerFor(t.db, email)).admin.groups.list(), "FORBIDDEN", messages.forbidden);
  });
});

describe("admin.groups.setStatus: happy", () => {
  test("suspends a group and audits the change with old and new values", async () => {
    const admin = await callerFor(t.db, "admin@meridian.test", { ip: "198.51.100.7" });
    const before = (await auditRows(t.db, "set-status")).length;

    expect(await admin.admin.groups.setStatus({ groupId: globexId, status: "SUSPENDED" })).toEqual({ success: true, newStatus: "SUSPENDED", error: null });
    expect(await statusOf(globexId)).toBe("SUSPENDED");
    expect(await statusOf(acmeId)).toBe("ACTIVE");

    const audits = await auditRows(t.db, "set-status");
    expect(audits).toHaveLength(before + 1);
    const admins = await t.db.selectFrom("users").select("id").where("email", "=", "admin@meridian.test").executeTakeFirstOrThrow();
    expect(audits.at(-1)).toMatchObject({
      actor_user_id: admins.id,
      group_id: globexId,
      entity: "group",
      entity_id: String(globexId),
      ip: "198.51.100.7",
    });
    expect(JSON.parse(audits.at(-1)!.old_values!)).toEqual({ status: "ACTIVE" });
    expect(JSON.parse(audits.at(-1)!.new_values!)).toEqual({ status: "SUSPENDED" });

    expect(await admin.admin.groups.setStatus({ groupId: globexId, status: "ACTIVE" })).toEqual({ success: true, newStatus: "ACTIVE", error: null });
    expect(await statusOf(globexId)).toBe("ACTIVE");
    expect(await auditRows(t.db, "set-status")).toHaveLength(before + 2);
  });

  test("setting the status a group already has changes nothing and writes no audit row", async () => {
    const admin = await callerFor(t.db, "admin@meridian.test");
    const audits = await countRows(t.db, "audit_log");
    const updatedAt = (await t.db.selectFrom("groups").select("updated_at").where("id", "=", acmeId).executeTakeFirstOrThrow()).updated_at;
    expect(await admin.admin.groups.setStatus({ groupId: acmeId, status: "ACTIVE" })).toEqual({ success: true, newStatus: "ACTIVE", error: null });
    expect(await countRows(t.db, "audit_log")).toBe(audits);
    expect((await t.db.selectFrom("groups").select("updated_at").where("id", "=", acmeId).executeTakeFirstOrThrow()).updated_at).toBe(updatedAt);
  });

  test("a numeric string id is accepted (form posts send strings)", async () => {
    const admin = await callerFor(t.db, "admin@meridian.test");
    const result = await admin.admin.groups.setStatus({ groupId: String(acmeId) as unknown as number, status: "SUSPENDED" });
    expect(result.newStatus).toBe("SUSPENDED");
    expect(await statusOf(acmeId)).toBe("SUSPENDED");
  });

  test("a suspended group's sessions end and its users cannot sign in; reactivation lets them back", async () => {
    const admin = await callerFor(t.db, "admin@meridian.test");
    const { token } = await createSessionFor(t.db, "hr@acme.test");
    await admin.admin.groups.setStatus({ groupId: acmeId, status: "SUSPENDED" });

    expect(await resolveSession(t.db, token, testConfig().session)).toBeNull();
    const anon = await callerFor(t.db, null);
    await expectTrpcError(anon.auth.login({ email: "hr@acme.test", password: DEMO_PASSWORD }), "FORBIDDEN", messages.groupSuspended);
    // Platform staff and the other group are unaffected.
    expect((await (await callerFor(t.db, "hr@globex.test")).group.home({ group: "globex" })).group.status).toBe("ACTIVE");

    await admin.admin.groups.setStatus({ groupId: acmeId, status: "ACTIVE" });
    expect((await anon.auth.login({ email: "hr@acme.test", password: DEMO_PASSWORD })).targetUrl).toBe("/acme/home");
  });
});

describe("admin.groups.setStatus: errors", () => {
  test("unknown group: NOT_FOUND, nothing changes, no audit row", async () => {
    const admin = await callerFor(t.db, "admin@meridian.test");
    const audits = await countRows(t.db, "audit_log");
    const groupsBefore = await t.db.selectFrom("groups").selectAll().orderBy("id").execute();

    await expectTrpcError(admin.admin.groups.setStatus({ groupId: 999_999, status: "SUSPENDED" }), "NOT_FOUND", messages.notFound);

    expect(await countRows(t.db, "audit_log")).toBe(audits);
    expect(await t.db.selectFrom("groups").selectAll().orderBy("id").execute()).toEqual(groupsBefore);
  });

  test.each([
    ["status", "an unknown status", { groupId: 1, status: "DELETED" }],
    ["status", "a lower-case status", { groupId: 1, status: "suspended" }],
    ["groupId", "zero", { groupId: 0, status: "ACTIVE" }],
    ["groupId", "a negative id", { groupId: -3, status: "ACTIVE" }],
    ["groupId", "a fraction", { groupId: 1.5, status: "ACTIVE" }],
    ["groupId", "text", { groupId: "acme", status: "ACTIVE" }],
    ["groupId", "missing", { status: "ACTIVE" }],
  ])("bad %s: %s", async (path, _label, input) => {
    const admin = await callerFor(t.db, "admin@meridian.test");
    const audits = await countRows(t.db, "audit_log");
    await expectInputError(admin.admin.groups.setStatus(input as { groupId: number; status: "ACTIVE" }), path);
    expect(await countRows(t.db, "audit_log")).toBe(audits);
  });

  test("a failure part-way through rolls the whole write back", async () => {
    const admin = await callerFor(t.db, "admin@meridian.test");
    const quiet = spyOn(console, "error").mockImplementation(() => {});
    // Make the audit insert (the second statement of the transaction) fail.
    await sql`alter table audit_log rename to audit_log_offline`.execute(t.db);
    try {
      await expectTrpcError(admin.admin.groups.setStatus({ groupId: acmeId, status: "SUSPENDED" }), "INTERNAL_SERVER_ERROR");
      expect(quiet).toHaveBeenCalled(); // unexpected errors are logged on the server
    } finally {
      await sql`alter table audit_log_offline rename to audit_log`.execute(t.db);
      quiet.mockRestore();
    }
    expect(await statusOf(acmeId)).toBe("ACTIVE");
  });
});

describe("admin.groups.setStatus: access", () => {
  test("signed out", async () => {
    const anon = await callerFor(t.db, null);
    await expectTrpcError(anon.admin.groups.setStatus({ groupId: acmeId, status: "SUSPENDED" }), "UNAUTHORIZED", messages.signInRequired);
    expect(await statusOf(acmeId)).toBe("ACTIVE");
  });

  test.each(["finance@meridian.test", "crm@meridian.test", "hr@acme.test", "manager@acme.test", "employee@acme.test"])(
    "wrong role: %s",
    async (email) => {
      const caller = await callerFor(t.db, email);
      const audits = await countRows(t.db, "audit_log");
      await expectTrpcError(caller.admin.groups.setStatus({ groupId: acmeId, status: "SUSPENDED" }), "FORBIDDEN", messages.forbidden);
      expect(await statusOf(acmeId)).toBe("ACTIVE");
      expect(await countRows(t.db, "audit_log")).toBe(audits);
    },
  );

  test("HR of another group cannot suspend it", async () => {
    const hr = await callerFor(t.db, "hr@acme.test");
    await expectTrpcError(hr.admin.groups.setStatus({ groupId: globexId, status: "SUSPENDED" }), "FORBIDDEN", messages.forbidden);
    expect(await statusOf(globexId)).toBe("ACTIVE");
  });
});
