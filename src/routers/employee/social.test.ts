/**
 * Social connections: social.connections / connectionCount / link / unlink and GET /social/connections.json,
 * /social/connection-count (part 1 §7, part 2 §7) against a local HTTP server started here that speaks
 * the Mastodon REST API (accounts/lookup, accounts/{id}/following with Link-header pagination), on the
 * test database (SQLite, or PostgreSQL with TEST_DB=postgres): matching by destination city or country,
 * pagination and its cap, not configured, no handle, unknown handle, no destination, the provider
 * failing or answering garbage, bad input, wrong role, signed out, another employee's handle never used.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, test } from "bun:test";
import { clearProviderCache } from "../../services/employee/providers/public-fetch.ts";
import type { DB } from "../../db/index.ts";
import { SOCIAL_FOLLOWING_CAP, socialMessages } from "../../domain/employee/social/social.ts";
import { appFor, cookieFor, get, jsonOf } from "../../test/app.ts";
import { callerFor, insertTestUser, testConfig } from "../../test/db.ts";
import { expectInputError, expectTrpcError } from "../../test/errors.ts";
import { useTestDatabase } from "../../test/fixtures.ts";

const t = useTestDatabase();
/** Each test sees its provider answer as configured now, not a cached one (issue 24 §7: answers are cached). */
beforeEach(() => clearProviderCache());

type Mode = "ok" | "error" | "garbage";
let mode: Mode = "ok";
const requests: string[] = [];
let server: ReturnType<typeof Bun.serve>;

/** Followed accounts per account id; "many" follows 500 accounts (past the cap). */
function account(id: string, acct: string, display: string, note = "", fields: { name: string; value: string }[] = []) {
  return { id, username: acct.split("@")[0], acct, display_name: display, note, url: `https://social.example/@${acct}`, avatar: `https://social.example/avatars/${id}.png`, fields, locked: false, bot: false };
}
const FOLLOWING: Record<string, ReturnType<typeof account>[]> = {
  "1": [
    account("11", "anna@social.example", "Anna in Berlin 🇩🇪"),
    account("12", "ben", "Ben", "<p>Product designer. Moving to <span>Berlin</span> next spring &amp; loving it.</p>"),
    account("13", "cara@other.example", "Cara", "<p>Nothing to see</p>", [{ name: "Location", value: "<p>Mitte, Germany</p>" }]),
    account("14", "dan", "Dan", "<p>Berliner Weiße fan</p>"),
    account("15", "eve", "Eve", "<p>London, UK</p>"),
  ],
  "2": Array.from({ length: 500 }, (_, i) => account(String(1000 + i), `p${i}`, i % 100 === 0 ? `Person ${i} (Berlin)` : `Person ${i}`)),
  "3": [],
};
const ACCOUNTS: Record<string, string> = { "me@social.example": "1", many: "2", lonely: "3" };

beforeAll(() => {
  server = Bun.serve({
    port: 0,
    hostname: "127.0.0.1",
    fetch(req) {
      const url = new URL(req.url);
      requests.push(`${url.pathname}${url.search}`);
      if (mode === "error") return Response.json({ error: "Too many requests" }, { status: 429 });
      if (mode === "garbage") return new Response("<html>maintenance</html>", { headers: { "content-type": "text/html" } });
      if (url.pathname === "/api/v1/accounts/lookup") {
        const id = ACCOUNTS[url.searchParams.get("acct") ?? ""];
        if (!id) return Response.json({ error: "Record not found" }, { status: 404 });
        return Response.json(account(id, url.searchParams.get("acct")!, "Me"));
      }
      const m = /^\/api\/v1\/accounts\/(\d+)\/following$/.exec(url.pathname);
      if (m) {
        const all = FOLLOWING[m[1]!] ?? [];
        const limit = Math.min(80, Number(url.searchParams.get("limit") ?? 40));
        const offset = Number(url.searchParams.get("page") ?? 0);
        const page = all.slice(offset, offset + limit);
        const headers = new Headers();
        if (offset + limit < all.length) {
          const next = new URL(url);
          next.searchParams.set("page", String(offset + limit));
          headers.set("link", `<${next.toString()}>; rel="next", <${url.origin}${url.pathname}?since_id=1>; rel="prev"`);
        }
        return Response.json(page, { headers });
      }
      return Response.json({ error: "Not found" }, { status: 404 });
    },
  });
});
afterAll(() => server.stop(true));

const configured = () => testConfig({ SOCIAL_API_URL: `http://127.0.0.1:${server.port}` });

let seq = 0;
/** An employee of acme with an open move to Berlin, Germany (or no destination). */
async function employee(db: DB, withDestination = true) {
  const email = `social-${Date.now()}-${++seq}@acme.test`;
  const userId = await insertTestUser(db, { email, group: "acme" });
  const model = await db.selectFrom("moves").selectAll().orderBy("id").limit(1).executeTakeFirstOrThrow();
  const now = new Date().toISOString();
  await db
    .insertInto("moves")
    .values({ group_id: model.group_id, employee_user_id: userId, policy_id: model.policy_id, policy_version_id: model.policy_version_id, status: "open", created_at: now, updated_at: now, destination_country_code: withDestination ? "DE" : null, destination_city_id: null, destination_city_name: withDestination ? "Berlin" : null })
    .execute();
  return { email, userId };
}

describe("social (tRPC)", () => {
  test("the accounts followed that mention the destination city or country, with where; count agrees", async () => {
    mode = "ok";
    const u = await employee(t.db);
    const caller = await callerFor(t.db, u.email, { config: configured() });
    expect(await caller.social.link({ handle: "@me@social.example" })).toMatchObject({ success: true, handle: "me@social.example", message: socialMessages.linked });
    const view = await caller.social.connections();
    expect(requests).toContain("/api/v1/accounts/lookup?acct=me%40social.example");
    expect(requests).toContain("/api/v1/accounts/1/following?limit=80");
    expect(view).toMatchObject({ success: true, status: "OK", handle: "me@social.example", destination: { city: "Berlin", country: "Germany", countryCode: "DE" }, count: 3, truncated: false });
    expect(view.connections.map((c) => c.acct)).toEqual(["anna@social.example", "ben", "cara@other.example"]);
    expect(view.connections[0]).toEqual({ displayName: "Anna in Berlin 🇩🇪", acct: "anna@social.example", avatar: "https://social.example/avatars/11.png", url: "https://social.example/@anna@social.example", matchedIn: "display name", matchedText: "Anna in Berlin 🇩🇪" });
    expect(view.connections[1]).toMatchObject({ matchedIn: "bio", matchedText: "Product designer. Moving to Berlin next spring & loving it." });
    expect(view.connections[2]).toMatchObject({ matchedIn: "Location", matchedText: "Mitte, Germany" });
    // "Berliner" is not Berlin; London is elsewhere.
    expect(JSON.stringify(view)).not.toContain("dan");
    expect(await caller.social.connectionCount()).toEqual({ success: true, status: "OK", message: "", count: 3 });
  });

  test("pagination follows the Link header's next, capped at 400 accounts (truncated)", async () => {
    mode = "ok";
    const u = await employee(t.db);
    const caller = await callerFor(t.db, u.email, { config: configured() });
    await caller.social.link({ handle: "many" });
    const before = requests.length;
    const view = await caller.social.connections();
    const pages = requests.slice(before).filter((r) => r.startsWith("/api/v1/accounts/2/following"));
    expect(pages).toHaveLength(SOCIAL_FOLLOWING_CAP / 80);
    expect(pages[1]).toContain("page=80");
    expect(view).toMatchObject({ status: "OK", truncated: true, count: 4 });
    expect(view.connections.map((c) => c.acct)).toEqual(["p0", "p100", "p200", "p300"]);
  });

  test("a new handle replaces the old (one row per user); unlink removes it", async () => {
    const u = await employee(t.db);
    const caller = await callerFor(t.db, u.email, { config: configured() });
    await caller.social.link({ handle: "lonely" });
    await caller.social.link({ handle: "me@social.example" });
    const rows = await t.db.selectFrom("social_links").selectAll().where("user_id", "=", u.userId).execute();
    expect(rows.map((r) => r.handle)).toEqual(["me@social.example"]);
    expect((await caller.social.unlink()).success).toBe(true);
    expect((await caller.social.unlink()).success).toBe(false);
    expect(await caller.social.connections()).toMatchObject({ success: false, status: "NO_HANDLE", message: socialMessages.noHandle, connections: [], count: 0 });
  });

  test("not configured: says so, lists no one, the provider is not asked", async () => {
    const u = await employee(t.db);
    const caller = await callerFor(t.db, u.email, { config: testConfig() });
    await caller.social.link({ handle: "me@social.example" });
    const before = requests.length;
    expect(await caller.social.connections()).toMatchObject({ success: false, status: "NOT_CONFIGURED", message: socialMessages.notConfigured, connections: [], count: 0, destination: null });
    expect(await caller.social.connectionCount()).toEqual({ success: false, status: "NOT_CONFIGURED", message: socialMessages.notConfigured, count: 0 });
    expect(requests.length).toBe(before);
  });

  test("no destination, no move, an unknown handle: plain status, no one listed; another employee's handle is never used", async () => {
    mode = "ok";
    const noDest = await employee(t.db, false);
    const c1 = await callerFor(t.db, noDest.email, { config: configured() });
    await c1.social.link({ handle: "me@social.example" });
    expect(await c1.social.connections()).toMatchObject({ status: "NO_DESTINATION", message: socialMessages.noDestination, connections: [] });
    const noMove = `social-nomove-${Date.now()}@acme.test`;
    await insertTestUser(t.db, { email: noMove, group: "acme" });
    expect((await (await callerFor(t.db, noMove, { config: configured() })).social.connections()).status).toBe("NO_DESTINATION");
    const stranger = await employee(t.db);
    const c2 = await callerFor(t.db, stranger.email, { config: configured() });
    expect(await c2.social.connections()).toMatchObject({ status: "NO_HANDLE", handle: null, connections: [] });
    await c2.social.link({ handle: "nobody@social.example" });
    expect(await c2.social.connections()).toMatchObject({ success: false, status: "NO_HANDLE", message: socialMessages.unknownHandle, connections: [] });
  });

  test("the provider failing, answering garbage or unreachable: UNAVAILABLE, no one listed, no 500", async () => {
    const u = await employee(t.db);
    const caller = await callerFor(t.db, u.email, { config: configured() });
    await caller.social.link({ handle: "me@social.example" });
    for (const m of ["error", "garbage"] as const) {
      mode = m;
      clearProviderCache();
      expect(await caller.social.connections()).toMatchObject({ success: false, status: "UNAVAILABLE", message: socialMessages.unavailable, connections: [], count: 0 });
      expect((await caller.social.connectionCount()).status).toBe("UNAVAILABLE");
    }
    mode = "ok";
    const down = await callerFor(t.db, u.email, { config: testConfig({ SOCIAL_API_URL: "http://127.0.0.1:1" }) });
    expect((await down.social.connections()).status).toBe("UNAVAILABLE");
  });

  test("bad input, wrong role and signed out are refused", async () => {
    const u = await employee(t.db);
    const caller = await callerFor(t.db, u.email, { config: configured() });
    await expectInputError(caller.social.link({ handle: "not a handle" }), "handle");
    await expectInputError(caller.social.link({ handle: "x".repeat(200) }), "handle");
    await expectInputError(caller.social.link({ handle: "a@b" }), "handle");
    for (const email of ["hr@acme.test", "admin@meridian.test", "finance@meridian.test"]) {
      const c = await callerFor(t.db, email, { config: configured() });
      await expectTrpcError(c.social.connections(), "FORBIDDEN");
      await expectTrpcError(c.social.connectionCount(), "FORBIDDEN");
      await expectTrpcError(c.social.link({ handle: "me@social.example" }), "FORBIDDEN");
    }
    await expectTrpcError((await callerFor(t.db, null, { config: configured() })).social.connections(), "UNAUTHORIZED");
  });
});

describe("GET /social/connections.json and /social/connection-count (documented paths)", () => {
  test("the JSON; another employee sees their own; wrong role 403; signed out 401; not configured says so", async () => {
    mode = "ok";
    const config = configured();
    const app = appFor(t.db, { config });
    const u = await employee(t.db);
    await (await callerFor(t.db, u.email, { config })).social.link({ handle: "me@social.example" });
    const cookie = await cookieFor(t.db, u.email, config);
    const list = await jsonOf(await get(app, "/social/connections.json", { cookie }));
    expect(list.status).toBe(200);
    expect(list.body).toMatchObject({ success: true, status: "OK", count: 3, destination: { city: "Berlin" } });
    expect(list.body.connections).toHaveLength(3);
    expect(await jsonOf(await get(app, "/social/connection-count", { cookie }))).toEqual({ status: 200, body: { success: true, status: "OK", message: "", count: 3 } });

    const other = await employee(t.db);
    const otherCookie = await cookieFor(t.db, other.email, config);
    expect((await jsonOf(await get(app, "/social/connection-count", { cookie: otherCookie }))).body).toMatchObject({ status: "NO_HANDLE", count: 0 });

    const hr = await cookieFor(t.db, "hr@acme.test", config);
    expect((await get(app, "/social/connections.json", { cookie: hr })).status).toBe(403);
    expect((await get(app, "/social/connection-count")).status).toBe(401);

    const bare = appFor(t.db, { config: testConfig() });
    expect((await jsonOf(await get(bare, "/social/connections.json", { cookie: await cookieFor(t.db, u.email, testConfig()) }))).body).toMatchObject({ success: false, status: "NOT_CONFIGURED", message: socialMessages.notConfigured, connections: [] });
  });
});
