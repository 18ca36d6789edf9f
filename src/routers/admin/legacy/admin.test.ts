import { afterAll, afterEach, beforeAll, describe, expect, spyOn, test } from "bun:test";
import { sql } from "kysely";
import { messages } from "../../../domain/messages.ts";
import { appFor, cookieFor, jsonOf, postForm, postJson, send, type TestApp } from "../../../test/app.ts";
import { auditRows, countRows, createTestDatabase, type TestDatabase } from "../../../test/db.ts";
import { expectNoStackTrace } from "../../../test/errors.ts";

const PATH = "/admin/groups/setGroupStatus";

let t: TestDatabase;
let app: TestApp;
let acmeId: number;
let globexId: number;
let adminCookie: string;
beforeAll(async () => {
  t = await createTestDatabase();
  app = appFor(t.db);
  const groups = await t.db.selectFrom("groups").select(["id", "name"]).execute();
  acmeId = groups.find((g) => g.name === "acme")!.id;
  globexId = groups.find((g) => g.name === "globex")!.id;
  adminCookie = await cookieFor(t.db, "admin@meridian.test");
});
afterAll(() => t.close());
afterEach(async () => {
  await t.db.updateTable("groups").set({ status: "ACTIVE" }).execute();
});

const statusOf = async (id: number) =>
  (await t.db.selectFrom("groups").select("status").where("id", "=", id).executeTakeFirstOrThrow()).status;

describe("POST /admin/groups/setGroupStatus: happy", () => {
  test("form groupId and status: documented answer, status changed, audit row", async () => {
    const before = (await auditRows(t.db, "set-status")).length;
    const res = await postForm(app, PATH, { groupId: String(acmeId), status: "SUSPENDED" }, { cookie: adminCookie, ip: "203.0.113.9" });
    expect(await jsonOf(res)).toEqual({ status: 200, body: { success: true, newStatus: "SUSPENDED", error: null } });
    expect(await statusOf(acmeId)).toBe("SUSPENDED");
    expect(await statusOf(globexId)).toBe("ACTIVE");

    const audits = await auditRows(t.db, "set-status");
    expect(audits).toHaveLength(before + 1);
    expect(audits.at(-1)).toMatchObject({ entity: "group", entity_id: String(acmeId), group_id: acmeId, ip: "203.0.113.9" });
    expect(JSON.parse(audits.at(-1)!.old_values!)).toEqual({ status: "ACTIVE" });
    expect(JSON.parse(audits.at(-1)!.new_values!)).toEqual({ status: "SUSPENDED" });
  });

  test("a JSON body with a numeric id", async () => {
    const res = await postJson(app, PATH, { groupId: globexId, status: "SUSPENDED" }, { cookie: adminCookie });
    expect(await jsonOf(res)).toEqual({ status: 200, body: { success: true, newStatus: "SUSPENDED", error: null } });
    expect(await statusOf(globexId)).toBe("SUSPENDED");
  });
});

describe("POST /admin/groups/setGroupStatus: errors", () => {
  test("an unknown group: 404, nothing changes, no audit row", async () => {
    const audits = await countRows(t.db, "audit_log");
    const before = await t.db.selectFrom("groups").selectAll().orderBy("id").execute();
    const res = await postForm(app, PATH, { groupId: "424242", status: "SUSPENDED" }, { cookie: adminCookie });
    expect(await jsonOf(res)).toEqual({ status: 404, body: { success: false, newStatus: null, error: messages.notFound } });
    expect(await countRows(t.db, "audit_log")).toBe(audits);
    expect(await t.db.selectFrom("groups").selectAll().orderBy("id").execute()).toEqual(before);
  });

  test.each([
    ["an unknown status", { groupId: "1", status: "CLOSED" }],
    ["a text id", { groupId: "acme", status: "SUSPENDED" }],
    ["a negative id", { groupId: "-1", status: "SUSPENDED" }],
    ["no status", { groupId: "1" }],
    ["no fields", {}],
  ])("%s: 400 with a message, nothing written", async (_label, fields) => {
    const audits = await countRows(t.db, "audit_log");
    const res = await postForm(app, PATH, fields as Record<string, string>, { cookie: adminCookie });
    const { status, body } = await jsonOf(res);
    expect(status).toBe(400);
    expect(body.success).toBe(false);
    expect(body.newStatus).toBeNull();
    expect(typeof body.error).toBe("string");
    expect(body.error.length).toBeGreaterThan(0);
    expect(await countRows(t.db, "audit_log")).toBe(audits);
    expect(await statusOf(acmeId)).toBe("ACTIVE");
  });

  test("malformed JSON", async () => {
    const res = await send(app, "POST", PATH, "{groupId:", { cookie: adminCookie }, "application/json");
    expect(await jsonOf(res)).toEqual({ status: 400, body: { success: false, newStatus: null, error: messages.badRequest } });
  });

  test("a database failure answers the generic text, leaks nothing and rolls back", async () => {
    const quiet = spyOn(console, "error").mockImplementation(() => {});
    await sql`alter table audit_log rename to audit_log_offline`.execute(t.db);
    let text = "";
    let status = 0;
    try {
      const res = await postForm(app, PATH, { groupId: String(acmeId), status: "SUSPENDED" }, { cookie: adminCookie });
      status = res.status;
      text = await res.text();
    } finally {
      await sql`alter table audit_log_offline rename to audit_log`.execute(t.db);
      quiet.mockRestore();
    }
    expect(status).toBe(500);
    expect(JSON.parse(text)).toEqual({ success: false, newStatus: null, error: messages.genericFailure });
    expect(text).not.toContain("audit_log");
    expectNoStackTrace(text);
    expect(await statusOf(acmeId)).toBe("ACTIVE");
  });
});

describe("POST /admin/groups/setGroupStatus: access", () => {
  test("signed out: 401", async () => {
    const res = await postForm(app, PATH, { groupId: String(acmeId), status: "SUSPENDED" });
    expect(await jsonOf(res)).toEqual({ status: 401, body: { success: false, newStatus: null, error: messages.signInRequired } });
    expect(await statusOf(acmeId)).toBe("ACTIVE");
  });

  test.each(["finance@meridian.test", "crm@meridian.test", "hr@acme.test", "manager@acme.test", "employee@acme.test"])("wrong role %s: 403", async (email) => {
    const audits = await countRows(t.db, "audit_log");
    const res = await postForm(app, PATH, { groupId: String(acmeId), status: "SUSPENDED" }, { cookie: await cookieFor(t.db, email) });
    expect(await jsonOf(res)).toEqual({ status: 403, body: { success: false, newStatus: null, error: messages.forbidden } });
    expect(await statusOf(acmeId)).toBe("ACTIVE");
    expect(await countRows(t.db, "audit_log")).toBe(audits);
  });

  test("HR of the other group: 403", async () => {
    const res = await postForm(app, PATH, { groupId: String(globexId), status: "SUSPENDED" }, { cookie: await cookieFor(t.db, "hr@acme.test") });
    expect((await jsonOf(res)).status).toBe(403);
    expect(await statusOf(globexId)).toBe("ACTIVE");
  });

  test("an admin's cookie sent from another site: 403, nothing changes", async () => {
    const res = await postForm(app, PATH, { groupId: String(acmeId), status: "SUSPENDED" }, { cookie: adminCookie, origin: "https://evil.example" });
    expect(await jsonOf(res)).toEqual({ status: 403, body: { success: false, message: messages.crossOrigin } });
    expect(await statusOf(acmeId)).toBe("ACTIVE");
  });
});
