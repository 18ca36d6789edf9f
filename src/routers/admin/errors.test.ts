import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { sql } from "kysely";
import { callerFor, createTestDatabase, type TestDatabase } from "../../test/db.ts";
import { expectTrpcError } from "../../test/errors.ts";
import { appFor, cookieFor, jsonOf, send, trpcMutation, trpcQuery } from "../../test/app.ts";
import { REPORT_RULE } from "../../domain/admin/client-errors/rate-limit.ts";
import { allowReport } from "../../services/admin/client-errors.ts";

let t: TestDatabase;
beforeAll(async () => {
  t = await createTestDatabase();
});
afterAll(() => t.close());

const rowsOf = () => t.db.selectFrom("client_errors").selectAll().orderBy("id").execute();
const clear = () => t.db.deleteFrom("client_errors").execute();

describe("errors.report (happy)", () => {
  test("a signed-in report is stored with its user, group and browser; the query string is not", async () => {
    await clear();
    const hr = await callerFor(t.db, "hr@acme.test", { userAgent: "Probe/1.0", ip: "10.0.0.1" });
    expect(await hr.errors.report({ page: "/acme/home?ac=secret-token#x", message: "TypeError: x is undefined", detail: "at Home (home.tsx:1:2)" })).toEqual({ ok: true });
    const [row] = await rowsOf();
    expect(row).toMatchObject({ page: "/acme/home", message: "TypeError: x is undefined", detail: "at Home (home.tsx:1:2)", user_agent: "Probe/1.0", count: 1 });
    expect(row!.user_id).not.toBeNull();
    expect(row!.group_id).not.toBeNull();
    expect(JSON.stringify(row)).not.toContain("secret-token");
  });

  test("a signed-out page's report is stored without user or group", async () => {
    await clear();
    const anon = await callerFor(t.db, null, { ip: "10.0.0.2" });
    await anon.errors.report({ page: "/login", message: "ReferenceError: y" });
    const [row] = await rowsOf();
    expect(row).toMatchObject({ page: "/login", message: "ReferenceError: y", detail: null, user_id: null, group_id: null, count: 1 });
  });

  test("repeats of the same error are one row with a count, the newest time and page", async () => {
    await clear();
    const hr = await callerFor(t.db, "hr@acme.test");
    const admin = await callerFor(t.db, "admin@meridian.test");
    await hr.errors.report({ page: "/acme/home", message: "Boom", detail: "stack" });
    await Promise.all([1, 2, 3].map(() => hr.errors.report({ page: "/acme/new-move", message: "Boom", detail: "stack" })));
    await admin.errors.report({ page: "/admin", message: "Boom", detail: "stack" });
    await hr.errors.report({ page: "/acme/home", message: "Boom", detail: "another stack" });
    const rows = await rowsOf();
    expect(rows).toHaveLength(2);
    expect(rows[0]).toMatchObject({ message: "Boom", detail: "stack", count: 5, page: "/admin" });
    expect(rows[0]!.at >= rows[0]!.first_at).toBe(true);
    expect(rows[1]).toMatchObject({ detail: "another stack", count: 1 });
  });
});

describe("errors.report (error)", () => {
  test("fields are bounded: page 500, message 2000, detail 8000; empty or missing refused", async () => {
    await clear();
    const anon = await callerFor(t.db, null, { ip: "10.0.0.3" });
    await expectTrpcError(anon.errors.report({ page: "/" + "p".repeat(500), message: "m" }), "BAD_REQUEST");
    await expectTrpcError(anon.errors.report({ page: "/", message: "m".repeat(2001) }), "BAD_REQUEST");
    await expectTrpcError(anon.errors.report({ page: "/", message: "m", detail: "d".repeat(8001) }), "BAD_REQUEST");
    await expectTrpcError(anon.errors.report({ page: "/", message: "  " }), "BAD_REQUEST");
    await expectTrpcError(anon.errors.report({ page: "", message: "m" }), "BAD_REQUEST");
    await expectTrpcError(anon.errors.report({ page: "/", message: "m\u0000" }), "BAD_REQUEST");
    expect(await rowsOf()).toHaveLength(0);
    // The limits themselves are accepted.
    await anon.errors.report({ page: "/" + "p".repeat(499), message: "m".repeat(2000), detail: "d".repeat(8000) });
    const [row] = await rowsOf();
    expect([row!.page.length, row!.message.length, row!.detail!.length]).toEqual([500, 2000, 8000]);
  });

  test("a long user agent is cut to 500 characters; nothing but the fields is stored", async () => {
    await clear();
    const app = appFor(t.db);
    const cookie = await cookieFor(t.db, "hr@acme.test");
    const res = await trpcMutation(app, "errors.report", { page: "/acme/home", message: "over http", extra: "ignored" }, { cookie, headers: { "User-Agent": "U".repeat(2000) } });
    expect(res.status).toBe(200);
    const [row] = await rowsOf();
    expect(row!.user_agent).toHaveLength(500);
    expect(JSON.stringify(row)).not.toContain(cookie.split("=")[1]!);
    expect(JSON.stringify(row)).not.toContain("ignored");
  });
});

describe("errors.report (rate limit)", () => {
  test("the rule: 30 a minute, counted in the database (so across instances), then stored again after the minute", async () => {
    expect(REPORT_RULE).toEqual({ mode: "lock", max: 30, windowMs: 60_000, lockMs: 60_000 });
    const t0 = new Date("2026-11-25T10:00:00.000Z");
    const results = await Promise.all(Array.from({ length: 40 }, () => allowReport(t.db, "session:rule-test", t0)));
    expect(results.filter(Boolean)).toHaveLength(30);
    expect(await allowReport(t.db, "session:rule-test", new Date(t0.getTime() + 61_000))).toBe(true);
  });

  test("one session stores at most 30 reports a minute, answered the same; another session is not affected", async () => {
    await clear();
    const hr = await callerFor(t.db, "hr@acme.test");
    for (let i = 0; i < 40; i++) expect(await hr.errors.report({ page: "/acme/home", message: `distinct ${i}` })).toEqual({ ok: true });
    expect(await rowsOf()).toHaveLength(30);
    const other = await callerFor(t.db, "hr@acme.test");
    await other.errors.report({ page: "/acme/home", message: "from another browser" });
    expect(await rowsOf()).toHaveLength(31);
  });

  test("signed out, the address is the key", async () => {
    await clear();
    const a = await callerFor(t.db, null, { ip: "192.0.2.1" });
    const b = await callerFor(t.db, null, { ip: "192.0.2.2" });
    for (let i = 0; i < 35; i++) await a.errors.report({ page: "/login", message: `a ${i}` });
    await b.errors.report({ page: "/login", message: "b" });
    const rows = await rowsOf();
    expect(rows.filter((r) => r.message.startsWith("a "))).toHaveLength(30);
    expect(rows.filter((r) => r.message === "b")).toHaveLength(1);
  });

  test("a cross-site report by cookie is refused like any cookie mutation", async () => {
    const app = appFor(t.db);
    const cookie = await cookieFor(t.db, "hr@acme.test");
    const res = await send(app, "POST", "/trpc/errors.report", JSON.stringify({ page: "/", message: "csrf" }), { cookie, origin: "https://evil.test" }, "application/json");
    expect(res.status).toBe(403);
    expect((await rowsOf()).some((r) => r.message === "csrf")).toBe(false);
  });
});

describe("errors.list", () => {
  test("an admin lists newest first, 25 a page, and searches", async () => {
    await clear();
    const now = Date.now();
    for (let i = 0; i < 27; i++) {
      const at = new Date(now - (27 - i) * 1000).toISOString();
      await t.db
        .insertInto("client_errors")
        .values({ at, first_at: at, user_id: null, group_id: null, page: `/p${i}`, message: `Error number ${String(i).padStart(2, "0")}`, detail: i === 5 ? "at needle (x.tsx)" : null, user_agent: null, fingerprint: `fp${i}` })
        .execute();
    }
    const hr = await callerFor(t.db, "hr@acme.test");
    await hr.errors.report({ page: "/acme/home", message: "Newest of all" });
    const admin = await callerFor(t.db, "admin@meridian.test");
    const first = await admin.errors.list({ page: 0 });
    expect(first.rows).toHaveLength(25);
    expect(first.hasMore).toBe(true);
    expect(first.rows[0]).toMatchObject({ message: "Newest of all", userEmail: "hr@acme.test", groupName: "acme", count: 1 });
    const second = await admin.errors.list({ page: 1 });
    expect(second.rows.map((r) => r.message)).toEqual(["Error number 02", "Error number 01", "Error number 00"]);
    expect((await admin.errors.list({ page: 0, search: "NEEDLE" })).rows.map((r) => r.message)).toEqual(["Error number 05"]);
    expect((await admin.errors.list({ page: 0, search: "hr@acme" })).rows.map((r) => r.message)).toEqual(["Newest of all"]);
    expect((await admin.errors.list({ page: 0, search: "%" })).rows).toEqual([]);
  });

  test("only admins: HR, employees, finance and signed-out callers are refused", async () => {
    for (const email of ["hr@acme.test", "employee@acme.test", "finance@meridian.test"]) {
      await expectTrpcError((await callerFor(t.db, email)).errors.list({ page: 0 }), "FORBIDDEN");
    }
    await expectTrpcError((await callerFor(t.db, null)).errors.list({ page: 0 }), "UNAUTHORIZED");
    const app = appFor(t.db);
    expect((await jsonOf(await trpcQuery(app, "errors.list", { page: 0 }, { cookie: await cookieFor(t.db, "hr@acme.test") }))).status).toBe(403);
    expect((await app.request("/admin/client-errors", { headers: { Cookie: await cookieFor(t.db, "hr@acme.test") } })).status).toBe(403);
    expect((await app.request("/admin/client-errors", { headers: { Cookie: await cookieFor(t.db, "admin@meridian.test") } })).status).toBe(200);
  });
});

describe("the table stays bounded", () => {
  test("past the row ceiling a new error is dropped, a known one still counted", async () => {
    await clear();
    const { storeClientError } = await import("../../db/queries/admin/client-errors.ts");
    const e = (fingerprint: string) => ({ at: new Date().toISOString(), userId: null, groupId: null, page: "/", message: fingerprint, detail: null, userAgent: null, fingerprint });
    await storeClientError(t.db, e("one"), 2);
    await storeClientError(t.db, e("two"), 2);
    await storeClientError(t.db, e("three"), 2);
    await storeClientError(t.db, e("one"), 2);
    const rows = await rowsOf();
    expect(rows.map((r) => [r.fingerprint, Number(r.count)])).toEqual([["one", 2], ["two", 1]]);
    expect(Number((await sql<{ n: number }>`select count(*) as n from client_errors`.execute(t.db)).rows[0]!.n)).toBe(2);
  });
});
