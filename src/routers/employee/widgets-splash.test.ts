/**
 * Splash viewed: widgets.splashViewed and PUT /splash/{id}/viewed (part 2 §7) on the test database
 * (SQLite, or PostgreSQL with TEST_DB=postgres): the first view kept, repeated and parallel calls one
 * row, another group's splash and unknown ids NOT_FOUND with the §8 text, bad ids 400, signed out 401,
 * cross-site 403.
 */
import { describe, expect, test } from "bun:test";
import type { DB } from "../../db/index.ts";
import { wizardMessages } from "../../domain/moves/wizard/messages.ts";
import { appFor, cookieFor, jsonOf, send } from "../../test/app.ts";
import { callerFor, insertTestUser } from "../../test/db.ts";
import { expectInputError, expectNoStackTrace, expectTrpcError } from "../../test/errors.ts";
import { DEMO, useTestDatabase } from "../../test/fixtures.ts";
import { race } from "../../test/race.ts";

const t = useTestDatabase({ poolSize: 8 });

let seq = 0;
async function newUser(db: DB, group = "acme") {
  const email = `splash-${Date.now()}-${++seq}@${group}.test`;
  return { email, id: await insertTestUser(db, { email, group }) };
}
async function newSplash(db: DB, group: string | null) {
  const groupId = group === null ? null : (await db.selectFrom("groups").select("id").where("name", "=", group).executeTakeFirstOrThrow()).id;
  const row = await db
    .insertInto("splash_contents")
    .values({ area: "TEST", splash_key: `K${++seq}`, group_id: groupId, title: "Welcome", body: "Hello", updated_at: new Date().toISOString() })
    .returning("id")
    .executeTakeFirstOrThrow();
  return row.id;
}
const views = (db: DB, userId: number) => db.selectFrom("splash_views").selectAll().where("user_id", "=", userId).execute();

describe("widgets.splashViewed (tRPC)", () => {
  test("a global splash and the user's group's: the first view is kept; a repeat answers the same time", async () => {
    const u = await newUser(t.db);
    const global = await newSplash(t.db, null);
    const own = await newSplash(t.db, "acme");
    const caller = await callerFor(t.db, u.email);
    const first = await caller.widgets.splashViewed({ id: global });
    expect(first).toMatchObject({ success: true, splashId: global });
    await Bun.sleep(5);
    expect(await caller.widgets.splashViewed({ id: global })).toEqual(first);
    expect((await caller.widgets.splashViewed({ id: own })).splashId).toBe(own);
    expect((await views(t.db, u.id)).map((v) => v.splash_id).sort()).toEqual([global, own].sort());
  });

  test("parallel calls: one row, every call answers the same first view", async () => {
    const u = await newUser(t.db);
    const id = await newSplash(t.db, null);
    const callers = await Promise.all(Array.from({ length: 8 }, () => callerFor(t.db, u.email)));
    const results = await race(8, (i) => callers[i]!.widgets.splashViewed({ id }));
    const answers = results.map((r) => (r.status === "fulfilled" ? r.value.viewedAt : `rejected ${String(r.reason)}`));
    expect(new Set(answers).size).toBe(1);
    expect(await views(t.db, u.id)).toHaveLength(1);
  });

  test("another group's splash and an unknown id: NOT_FOUND with the §8 splash text, nothing written; ADMIN may mark any", async () => {
    const u = await newUser(t.db, "acme");
    const globex = await newSplash(t.db, "globex");
    const caller = await callerFor(t.db, u.email);
    await expectTrpcError(caller.widgets.splashViewed({ id: globex }), "NOT_FOUND", wizardMessages.splashFailure);
    await expectTrpcError(caller.widgets.splashViewed({ id: 2_147_483_000 }), "NOT_FOUND", wizardMessages.splashFailure);
    await expectInputError(caller.widgets.splashViewed({ id: 0 }), "id");
    await expectInputError(caller.widgets.splashViewed({ id: 2_147_483_648 }), "id");
    expect(await views(t.db, u.id)).toEqual([]);
    expect((await (await callerFor(t.db, DEMO.ADMIN)).widgets.splashViewed({ id: globex })).splashId).toBe(globex);
    await expectTrpcError((await callerFor(t.db, null)).widgets.splashViewed({ id: globex }), "UNAUTHORIZED");
  });
});

describe("PUT /splash/{id}/viewed (documented path)", () => {
  test("happy, repeat, bad id, other group, signed out, cross-site", async () => {
    const app = appFor(t.db);
    const u = await newUser(t.db);
    const cookie = await cookieFor(t.db, u.email);
    const id = await newSplash(t.db, null);
    const first = await jsonOf(await send(app, "PUT", `/splash/${id}/viewed`, null, { cookie }));
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ success: true, splashId: id });
    expect((await jsonOf(await send(app, "PUT", `/splash/${id}/viewed`, null, { cookie }))).body).toEqual(first.body);

    for (const [path, status] of [
      ["/splash/abc/viewed", 400],
      ["/splash/0/viewed", 400],
      ["/splash/99999999999/viewed", 400],
      [`/splash/${await newSplash(t.db, "globex")}/viewed`, 404],
    ] as const) {
      const res = await send(app, "PUT", path, null, { cookie });
      const raw = await res.text();
      expectNoStackTrace(raw);
      expect(res.status).toBe(status);
      expect(JSON.parse(raw).success).toBe(false);
      if (status === 404) expect(JSON.parse(raw).error).toBe(wizardMessages.splashFailure);
    }
    expect((await send(app, "PUT", `/splash/${id}/viewed`)).status).toBe(401);
    const other = await newUser(t.db);
    expect((await send(app, "PUT", `/splash/${id}/viewed`, null, { cookie: await cookieFor(t.db, other.email), origin: "https://evil.example" })).status).toBe(403);
    expect(await views(t.db, other.id)).toEqual([]);
    expect(await views(t.db, u.id)).toHaveLength(1);
  });
});
