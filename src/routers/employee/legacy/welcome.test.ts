/**
 * POST /mercer/popup (part 1 §7; the shape is Meridian's reading, src/domain/employee/welcome/schemas.ts) on the
 * test database (SQLite, or PostgreSQL with TEST_DB=postgres): JSON and form bodies, the documented
 * answer, bad input 400 with the field's message and nothing written, other roles 403, another
 * employee's move 404, signed out 401, cross-site 403, 50 parallel submits one row, the OpenAPI entry.
 */
import { describe, expect, test } from "bun:test";
import type { DB } from "../../../db/index.ts";
import { messages } from "../../../domain/messages.ts";
import { welcomeMessages } from "../../../domain/employee/welcome/messages.ts";
import { buildOpenApi } from "../../../server/openapi.ts";
import { appFor, cookieFor, jsonOf, postForm, postJson } from "../../../test/app.ts";
import { expectNoStackTrace } from "../../../test/errors.ts";
import { DEMO, useTestDatabase } from "../../../test/fixtures.ts";
import { expectAllSucceed, race } from "../../../test/race.ts";
import { dayFromNow, newEmployeeWithMove } from "../welcome.fixtures.ts";

const t = useTestDatabase({ poolSize: 12 });

const requestsOf = (db: DB, moveId: number) => db.selectFrom("welcome_call_requests").selectAll().where("move_id", "=", moveId).execute();
const popupsOf = (db: DB, moveId: number) => db.selectFrom("welcome_popups").selectAll().where("move_id", "=", moveId).execute();

async function failure(res: Response, status: number, error?: string) {
  const text = await res.text();
  expectNoStackTrace(text);
  expect(res.status).toBe(status);
  const body = JSON.parse(text);
  expect(body.success).toBe(false);
  if (error !== undefined) expect(body.error).toBe(error);
  return body;
}

describe("POST /mercer/popup", () => {
  test("JSON: the stage reached, then the booking; the answer carries the state", async () => {
    const app = appFor(t.db);
    const e = await newEmployeeWithMove(t.db);
    const cookie = await cookieFor(t.db, e.email);
    const stage = await jsonOf(await postJson(app, "/mercer/popup", { moveId: e.moveId, action: "STAGE", stage: 2 }, { cookie }));
    expect(stage).toMatchObject({ status: 200, body: { success: true, state: { show: true, stage: 2, status: "OPEN" } } });
    const offered: string[] = stage.body.state.interestsOffered.map((i: { key: string }) => i.key);
    const date = dayFromNow(4);
    const booked = await jsonOf(
      await postJson(app, "/mercer/popup", { moveId: e.moveId, action: "BOOK", date, time: "16:45", timeZone: "America/New_York", phone: "+1 (212) 555-0100", interests: [offered[0]] }, { cookie }),
    );
    expect(booked.status).toBe(200);
    expect(booked.body.state).toMatchObject({ show: false, stage: 3, status: "FINISHED", request: { date, time: "16:45", timeZone: "America/New_York", phone: "+12125550100", interests: [offered[0]], status: "REQUESTED" } });
    expect(await requestsOf(t.db, e.moveId)).toHaveLength(1);
  });

  test("a form body (moveId and stage as text, interests comma-separated)", async () => {
    const app = appFor(t.db);
    const e = await newEmployeeWithMove(t.db, "globex");
    const cookie = await cookieFor(t.db, e.email);
    const offered = (await jsonOf(await postForm(app, "/mercer/popup", { moveId: String(e.moveId), action: "STAGE", stage: "1" }, { cookie }))).body.state.interestsOffered.map(
      (i: { key: string }) => i.key,
    ) as string[];
    const res = await jsonOf(
      await postForm(app, "/mercer/popup", { moveId: String(e.moveId), action: "BOOK", date: dayFromNow(2), time: "08:00", timeZone: "UTC", phone: "07700 900123", interests: offered.slice(0, 2).join(",") }, { cookie }),
    );
    expect(res.status).toBe(200);
    expect(res.body.state.request.interests).toEqual(offered.slice(0, 2));
    const dismissed = await jsonOf(await postForm(app, "/mercer/popup", { moveId: String(e.moveId), action: "DISMISS" }, { cookie }));
    expect(dismissed.body.state).toMatchObject({ status: "FINISHED", show: false });
  });

  test("bad input: 400 with the field's message, nothing written", async () => {
    const app = appFor(t.db);
    const e = await newEmployeeWithMove(t.db);
    const cookie = await cookieFor(t.db, e.email);
    const base = { moveId: e.moveId, action: "BOOK", date: dayFromNow(3), time: "10:00", timeZone: "UTC", phone: "+44 20 7946 0958", interests: [] };
    await failure(await postJson(app, "/mercer/popup", { ...base, date: dayFromNow(-2) }, { cookie }), 400, welcomeMessages.inPast);
    await failure(await postJson(app, "/mercer/popup", { ...base, date: dayFromNow(90) }, { cookie }), 400, welcomeMessages.tooFar);
    await failure(await postJson(app, "/mercer/popup", { ...base, phone: "abc" }, { cookie }), 400, welcomeMessages.phoneInvalid);
    await failure(await postJson(app, "/mercer/popup", { ...base, phone: "" }, { cookie }), 400, welcomeMessages.phoneRequired);
    await failure(await postJson(app, "/mercer/popup", { ...base, time: "7pm" }, { cookie }), 400, welcomeMessages.timeInvalid);
    await failure(await postJson(app, "/mercer/popup", { ...base, interests: ["NOPE"] }, { cookie }), 400, welcomeMessages.interests);
    await failure(await postJson(app, "/mercer/popup", { moveId: e.moveId, action: "STAGE", stage: 3 }, { cookie }), 400, welcomeMessages.stage);
    await failure(await postJson(app, "/mercer/popup", { moveId: e.moveId, action: "LATER" }, { cookie }), 400);
    await failure(await postJson(app, "/mercer/popup", { moveId: "x", action: "DISMISS" }, { cookie }), 400);
    await failure(await postJson(app, "/mercer/popup", [1, 2], { cookie }), 400);
    expect(await requestsOf(t.db, e.moveId)).toEqual([]);
    expect(await popupsOf(t.db, e.moveId)).toEqual([]);
  });

  test("other roles 403, another employee's move 404, signed out 401, cross-site 403", async () => {
    const app = appFor(t.db);
    const victim = await newEmployeeWithMove(t.db);
    const body = { moveId: victim.moveId, action: "DISMISS" };
    for (const email of [DEMO.HR, DEMO.ADMIN, DEMO.FINANCE]) await failure(await postJson(app, "/mercer/popup", body, { cookie: await cookieFor(t.db, email) }), 403, messages.forbidden);
    for (const group of ["acme", "globex"] as const) {
      const other = await newEmployeeWithMove(t.db, group);
      await failure(await postJson(app, "/mercer/popup", body, { cookie: await cookieFor(t.db, other.email) }), 404, welcomeMessages.noMove);
    }
    await failure(await postJson(app, "/mercer/popup", body), 401, messages.signInRequired);
    const res = await postJson(app, "/mercer/popup", body, { cookie: await cookieFor(t.db, victim.email), origin: "https://evil.example" });
    expect(res.status).toBe(403);
    expect(await popupsOf(t.db, victim.moveId)).toEqual([]);
  });

  test("50 parallel identical submits: one row, every answer 200", async () => {
    const app = appFor(t.db);
    const e = await newEmployeeWithMove(t.db);
    const cookie = await cookieFor(t.db, e.email);
    const body = { moveId: e.moveId, action: "BOOK", date: dayFromNow(6), time: "11:00", timeZone: "Asia/Tokyo", phone: "+81 3 1234 5678", interests: [] };
    const results = await race(50, () => postJson(app, "/mercer/popup", body, { cookie }));
    await expectAllSucceed(results);
    expect(await requestsOf(t.db, e.moveId)).toHaveLength(1);
    expect(await popupsOf(t.db, e.moveId)).toHaveLength(1);
  });

  test("described in the OpenAPI document", () => {
    const paths = (buildOpenApi() as { paths: Record<string, Record<string, { summary: string }>> }).paths;
    expect(paths["/mercer/popup"]?.post?.summary).toContain("STAGE");
  });
});
