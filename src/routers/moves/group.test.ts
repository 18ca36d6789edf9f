import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { messages } from "../../domain/messages.ts";
import { callerFor, createTestDatabase, insertTestUser, type TestDatabase } from "../../test/db.ts";
import { expectInputError, expectTrpcError } from "../../test/errors.ts";

let t: TestDatabase;
let acmeId: number;
let globexId: number;
beforeAll(async () => {
  t = await createTestDatabase();
  const groups = await t.db.selectFrom("groups").select(["id", "name"]).execute();
  acmeId = groups.find((g) => g.name === "acme")!.id;
  globexId = groups.find((g) => g.name === "globex")!.id;
  // Enough acme employees for two pages of 25 in the people table.
  for (let i = 1; i <= 27; i++) {
    const n = String(i).padStart(2, "0");
    await insertTestUser(t.db, { email: `mover${n}@acme.test`, group: "acme", firstName: `Mover${n}`, lastName: "Zeta" });
  }
  await insertTestUser(t.db, { email: "invited@acme.test", group: "acme", role: "MANAGER", activationState: "PENDING", lastName: "Aalto" });
});
afterAll(() => t.close());

describe("group.home: happy", () => {
  test("HR sees its group counted by role", async () => {
    const hr = await callerFor(t.db, "hr@acme.test");
    const home = await hr.group.home({ group: "acme" });
    expect(home.group).toEqual({ id: acmeId, name: "acme", displayName: "Acme Corp", status: "ACTIVE" });
    expect(Object.fromEntries(home.counts.map((c) => [c.role, c.count]))).toEqual({ EMPLOYEE: 28, HR: 1, MANAGER: 2 });
    expect(home.totalPeople).toBe(31);
  });

  test("a manager sees its own group", async () => {
    const manager = await callerFor(t.db, "manager@acme.test");
    expect((await manager.group.home({ group: "acme" })).group.name).toBe("acme");
  });

  test("a platform admin sees any group", async () => {
    const admin = await callerFor(t.db, "admin@meridian.test");
    const home = await admin.group.home({ group: "globex" });
    expect(home.group).toEqual({ id: globexId, name: "globex", displayName: "Globex Inc", status: "ACTIVE" });
    expect(Object.fromEntries(home.counts.map((c) => [c.role, c.count]))).toEqual({ EMPLOYEE: 1, HR: 1 });
    expect(home.totalPeople).toBe(2);
  });
});

describe("group.home: errors", () => {
  test("unknown group", async () => {
    const admin = await callerFor(t.db, "admin@meridian.test");
    await expectTrpcError(admin.group.home({ group: "umbrella" }), "NOT_FOUND", messages.notFound);
  });

  test("bad input: empty or overlong group name", async () => {
    const hr = await callerFor(t.db, "hr@acme.test");
    await expectInputError(hr.group.home({ group: "" }), "group");
    await expectInputError(hr.group.home({ group: "a".repeat(65) }), "group");
    await expectInputError(hr.group.home({} as { group: string }), "group");
  });
});

describe("group.home: access", () => {
  test("signed out", async () => {
    const anon = await callerFor(t.db, null);
    await expectTrpcError(anon.group.home({ group: "acme" }), "UNAUTHORIZED", messages.signInRequired);
  });

  test.each(["employee@acme.test", "finance@meridian.test", "crm@meridian.test"])("wrong role: %s", async (email) => {
    const caller = await callerFor(t.db, email);
    await expectTrpcError(caller.group.home({ group: "acme" }), "FORBIDDEN", messages.forbidden);
  });

  test("HR of another group", async () => {
    const hr = await callerFor(t.db, "hr@acme.test");
    await expectTrpcError(hr.group.home({ group: "globex" }), "FORBIDDEN", messages.otherGroup);
    const globexHr = await callerFor(t.db, "hr@globex.test");
    await expectTrpcError(globexHr.group.home({ group: "acme" }), "FORBIDDEN", messages.otherGroup);
  });

  test("a manager of another group", async () => {
    const manager = await callerFor(t.db, "manager@acme.test");
    await expectTrpcError(manager.group.home({ group: "globex" }), "FORBIDDEN", messages.otherGroup);
  });
});

describe("group.people: happy", () => {
  test("first page of 25, ordered by last then first name, with more to come", async () => {
    const hr = await callerFor(t.db, "hr@acme.test");
    const page = await hr.group.people({ group: "acme" });
    expect(page.page).toBe(0);
    expect(page.pageSize).toBe(25);
    expect(page.rows).toHaveLength(25);
    expect(page.hasMore).toBe(true);
    expect(page.rows.slice(0, 4).map((r) => r.email)).toEqual(["invited@acme.test", "manager@acme.test", "employee@acme.test", "hr@acme.test"]);
    expect(page.rows[0]).toMatchObject({ role: "MANAGER", activationState: "PENDING", lastLoginAt: null });
  });

  test("the last page", async () => {
    const hr = await callerFor(t.db, "hr@acme.test");
    const page = await hr.group.people({ group: "acme", page: 1 });
    expect(page.rows).toHaveLength(6);
    expect(page.hasMore).toBe(false);
    expect(page.rows.at(-1)?.email).toBe("mover27@acme.test");
  });

  test("a page exactly full has no more", async () => {
    const hr = await callerFor(t.db, "hr@acme.test");
    const page = await hr.group.people({ group: "acme", pageSize: 31 });
    expect(page.rows).toHaveLength(31);
    expect(page.hasMore).toBe(false);
  });

  test("filter by role", async () => {
    const hr = await callerFor(t.db, "hr@acme.test");
    const page = await hr.group.people({ group: "acme", role: "MANAGER" });
    expect(page.rows.map((r) => r.email)).toEqual(["invited@acme.test", "manager@acme.test"]);
  });

  test("search by name or email, case-insensitive", async () => {
    const hr = await callerFor(t.db, "hr@acme.test");
    expect((await hr.group.people({ group: "acme", search: "LINDQ" })).rows.map((r) => r.email)).toEqual(["employee@acme.test"]);
    expect((await hr.group.people({ group: "acme", search: "mover1" })).rows).toHaveLength(10);
    expect((await hr.group.people({ group: "acme", search: "hannah" })).rows.map((r) => r.email)).toEqual(["hr@acme.test"]);
    expect((await hr.group.people({ group: "acme", search: "nobody-like-this" })).rows).toEqual([]);
    // % and _ are matched literally, not as wildcards.
    expect((await hr.group.people({ group: "acme", search: "%" })).rows).toEqual([]);
    expect((await hr.group.people({ group: "acme", search: "_" })).rows).toEqual([]);
  });

  test("an admin lists another group's people", async () => {
    const admin = await callerFor(t.db, "admin@meridian.test");
    const page = await admin.group.people({ group: "globex" });
    expect(page.rows.map((r) => r.email).sort()).toEqual(["employee@globex.test", "hr@globex.test"]);
  });
});

describe("group.people: errors", () => {
  test.each([
    ["pageSize", "0", { pageSize: 0 }],
    ["pageSize", "101", { pageSize: 101 }],
    ["pageSize", "a string", { pageSize: "25" }],
    ["page", "-1", { page: -1 }],
    ["page", "1.5", { page: 1.5 }],
    ["role", "unknown", { role: "KING" }],
    ["search", "101 characters", { search: "x".repeat(101) }],
  ])("bad %s: %s", async (path, _label, input) => {
    const hr = await callerFor(t.db, "hr@acme.test");
    await expectInputError(hr.group.people({ group: "acme", ...(input as object) }), path);
  });
});

describe("group.people: access", () => {
  test("signed out", async () => {
    const anon = await callerFor(t.db, null);
    await expectTrpcError(anon.group.people({ group: "acme" }), "UNAUTHORIZED", messages.signInRequired);
  });

  test("wrong role", async () => {
    const employee = await callerFor(t.db, "employee@acme.test");
    await expectTrpcError(employee.group.people({ group: "acme" }), "FORBIDDEN", messages.forbidden);
  });

  test("HR of another group cannot list it, and its own list holds only its own people", async () => {
    const globexHr = await callerFor(t.db, "hr@globex.test");
    await expectTrpcError(globexHr.group.people({ group: "acme" }), "FORBIDDEN", messages.otherGroup);
    const own = await globexHr.group.people({ group: "globex", pageSize: 100 });
    expect(own.rows.map((r) => r.email).sort()).toEqual(["employee@globex.test", "hr@globex.test"]);
    expect((await globexHr.group.people({ group: "globex", search: "acme" })).rows).toEqual([]);
  });
});

// Last in the file: it adds an acme manager, which the counts and people pages above do not expect.
describe("group.home: access flags", () => {
  test("what the caller may open from the home: the dashboard and assignment actions (issue 15)", async () => {
    const both = { dashboard: true, assignmentActions: true };
    expect((await (await callerFor(t.db, "hr@acme.test")).group.home({ group: "acme" })).access).toEqual(both);
    expect((await (await callerFor(t.db, "admin@meridian.test")).group.home({ group: "globex" })).access).toEqual(both);
    // A manager without a restrictions row has the defaults: dashboard OFF, creation VIEW.
    const managerId = await insertTestUser(t.db, { email: "home-access@acme.test", group: "acme", role: "MANAGER" });
    const home = async () => (await (await callerFor(t.db, "home-access@acme.test")).group.home({ group: "acme" })).access;
    expect(await home()).toEqual({ dashboard: false, assignmentActions: false });
    const at = new Date().toISOString();
    await t.db.insertInto("manager_restrictions").values({ user_id: managerId, group_id: acmeId, dashboard_restriction: "ON", updated_at: at }).execute();
    expect(await home()).toEqual({ dashboard: true, assignmentActions: false });
    await t.db.updateTable("manager_restrictions").set({ dashboard_restriction: "OFF", creation_restriction: "CREATE" }).where("user_id", "=", managerId).execute();
    expect(await home()).toEqual({ dashboard: false, assignmentActions: true });
  });
});
