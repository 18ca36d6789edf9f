/**
 * The manager dashboard (issue 15): `dashboard.rows` / GET /{group}/managerDashboardBody and `dashboard.addNote` /
 * POST /{group}/addEmployeeNote, on the database TEST_DB names: rows, sort, filters, pages, bad input, roles, other
 * group, a restricted manager never sees (or notes) a move outside their rules, HTML escaping, the note race.
 */
import { beforeAll, describe, expect, test } from "bun:test";
import { dashboardMessages, DASHBOARD_SORTS, type TDashboardResponse } from "../../domain/manager/dashboard/schemas.ts";
import { managerSeesMove, type GeoRule, type ViewRestriction } from "../../domain/manager/managers/restrictions.ts";
import { messages } from "../../domain/messages.ts";
import { seedManagersDemo } from "../../db/seed-managers.ts";
import { cookieFor, get, postForm } from "../../test/app.ts";
import { auditRows, callerFor } from "../../test/db.ts";
import { insertRouteMove } from "../../test/route-moves.ts";
import { expectInputError, expectTrpcError } from "../../test/errors.ts";
import { DEMO, useTestApp } from "../../test/fixtures.ts";
import { race } from "../../test/race.ts";

const GEO = "manager-geo@acme.test";
const OWN = "manager-own@acme.test";
const OFF = "manager@acme.test";
const t = useTestApp([DEMO.ADMIN, DEMO.HR, DEMO.GLOBEX, DEMO.EMPLOYEE, OFF]);
const managerCookies: Record<string, string> = {};
/** Request options of a signed-in account (the demo's restricted managers are seeded in beforeAll). */
const as = (email: string): { cookie: string } => (email in managerCookies ? { cookie: managerCookies[email]! } : t.as(email));
let acmeId = 0;
const INJECTION = `<script>alert("x")</script>&<b>`;
/** GB → LU moves so the group has more than 6 pages of 10. */
const BULK = 60;
let hidden = { moveId: 0, employeeId: 0 }; // a FR → DE move: outside manager-geo's routes
let visible = { moveId: 0, employeeId: 0 }; // a GB → US move: inside them

const hr = () => callerFor(t.db, DEMO.HR);

const insertMove = (key: string, from: string, to: string, lastName: string) =>
  insertRouteMove(t.db, { groupId: acmeId, email: `dash.${key}@acme.test`, firstName: "Dash", lastName, from, to });

/** Every row of the caller's dashboard (all pages of 100). */
async function allRows(caller: Awaited<ReturnType<typeof hr>>) {
  const rows: TDashboardResponse["rows"] = [];
  for (let page = 0; ; page++) {
    const res = await caller.dashboard.rows({ group: "acme", page, numberOfRows: 100 });
    rows.push(...res.rows);
    if (page + 1 >= res.pages) return { rows, total: res.total };
  }
}

/** The moves (by id) a manager may see, by the in-memory rule. */
async function expectedFor(email: string): Promise<Set<number>> {
  const m = await t.db.selectFrom("users").select("id").where("email", "=", email).executeTakeFirstOrThrow();
  const r = await t.db.selectFrom("manager_restrictions").select("view_restriction").where("user_id", "=", m.id).executeTakeFirstOrThrow();
  const rules: GeoRule[] = (
    await t.db.selectFrom("manager_geo_restrictions").selectAll().where("manager_user_id", "=", m.id).execute()
  ).map((g) => ({
    origin: { type: g.origin_type as "COUNTRY", countryCode: g.origin_country_code, stateCode: g.origin_state_code, cityId: g.origin_city_id },
    destination: { type: g.destination_type as "COUNTRY", countryCode: g.destination_country_code, stateCode: g.destination_state_code, cityId: g.destination_city_id },
  }));
  const moves = await t.db.selectFrom("moves").selectAll().where("group_id", "=", acmeId).where("status", "<>", "cancelled").execute();
  return new Set(
    moves
      .filter((mv) =>
        managerSeesMove(m.id, r.view_restriction as ViewRestriction, rules, {
          origin: { countryCode: mv.origin_country_code, stateCode: mv.origin_state, cityId: mv.origin_city_id },
          destination: { countryCode: mv.destination_country_code, stateCode: mv.destination_state, cityId: mv.destination_city_id },
          createdBy: mv.created_by,
          initiatedBy: mv.initiated_by,
        }),
      )
      .map((mv) => mv.id),
  );
}

beforeAll(async () => {
  acmeId = (await t.db.selectFrom("groups").select("id").where("name", "=", "acme").executeTakeFirstOrThrow()).id;
  await seedManagersDemo(t.db);
  for (const email of [GEO, OWN]) managerCookies[email] = await cookieFor(t.db, email);
  hidden = await insertMove("hidden", "FR", "DE", "Zzhidden");
  visible = await insertMove("visible", "GB", "US", "Aavisible");
  const own = await t.db.selectFrom("users").select("id").where("email", "=", OWN).executeTakeFirstOrThrow();
  await t.db.updateTable("moves").set({ created_by: own.id }).where("id", "in", [hidden.moveId, visible.moveId]).execute();
  for (let i = 0; i < BULK; i++) await insertMove(`bulk${i}`, "GB", "LU", `Bulk${String(i).padStart(2, "0")}`);
  // The demo's restricted managers have the dashboard (seedManagersDemo: dashboardRestriction ON); manager@acme.test keeps the default OFF.
  // The latest extend/end action of a move fills new end date and reason (an older one is ignored).
  const hrId = (await t.db.selectFrom("users").select("id").where("email", "=", DEMO.HR).executeTakeFirstOrThrow()).id;
  const action = (move: typeof visible, kind: "EXTEND" | "END", newEnd: string, reason: string) => ({
    group_id: acmeId, move_id: move.moveId, employee_user_id: move.employeeId, kind, old_end_date: "2027-03-31", new_end_date: newEnd,
    reason_option_id: null, reason, from_stage: 2, to_stage: 2, actor_user_id: hrId, created_at: new Date().toISOString(),
  });
  await t.db.insertInto("assignment_actions").values(action(visible, "END", "2027-05-01", "Older action")).execute();
  await t.db.insertInto("assignment_actions").values(action(visible, "EXTEND", "2027-09-30", "Project extended")).execute();
  await t.db.insertInto("assignment_actions").values(action(hidden, "END", "2027-01-15", "Back home early")).execute();
  await t.db
    .insertInto("move_hr_notes")
    .values({ move_id: visible.moveId, group_id: acmeId, employee_user_id: visible.employeeId, notes_text: INJECTION, version: 1, client_saved_at: new Date().toISOString(), updated_by: null, updated_at: new Date().toISOString() })
    .execute();
});

describe("dashboard.rows", () => {
  test("HR: every non-cancelled move of the group, the §3 row fields, pages of numberOfRows", async () => {
    const caller = await hr();
    const res = await caller.dashboard.rows({ group: "acme", page: 0, numberOfRows: 10 });
    const count = await t.db.selectFrom("moves").select((eb) => eb.fn.countAll<number>().as("n")).where("group_id", "=", acmeId).where("status", "<>", "cancelled").executeTakeFirstOrThrow();
    expect(res.total).toBe(Number(count.n));
    expect(res.rows).toHaveLength(10);
    expect(res.pages).toBe(Math.ceil(res.total / 10));
    const row = (await allRows(caller)).rows.find((r) => r.moveId === visible.moveId)!;
    expect(row).toEqual({
      id: visible.employeeId,
      moveId: visible.moveId,
      firstName: "Dash",
      lastName: "Aavisible",
      moveStatus: "open",
      numberOfMoveStages: expect.any(Number),
      currentMoveStageId: 1,
      assignmentEndDate: "2027-03-31",
      note: INJECTION,
      newEndDate: "2027-09-30",
      extensionReason: "Project extended",
      endAssignmentReason: null,
    });
    const ended = (await allRows(caller)).rows.find((r) => r.moveId === hidden.moveId)!;
    expect([ended.newEndDate, ended.extensionReason, ended.endAssignmentReason]).toEqual(["2027-01-15", null, "Back home early"]);
    const last = await caller.dashboard.rows({ group: "acme", page: res.pages - 1, numberOfRows: 10 });
    expect(last.rows.length).toBe(res.total - 10 * (res.pages - 1));
    const beyond = await caller.dashboard.rows({ group: "acme", page: res.pages + 3, numberOfRows: 10 });
    expect(beyond.rows).toEqual([]);
  });

  test("every whitelisted column sorts both ways (nulls last, ties by move id)", async () => {
    const caller = await hr();
    const keyOf: Record<string, (r: TDashboardResponse["rows"][number]) => string | number | null> = {
      id: (r) => r.id,
      firstName: (r) => r.firstName.toLowerCase(),
      lastName: (r) => r.lastName.toLowerCase(),
      moveStatus: (r) => r.moveStatus,
      numberOfMoveStages: (r) => r.numberOfMoveStages,
      currentMoveStageId: (r) => r.currentMoveStageId,
      assignmentEndDate: (r) => r.assignmentEndDate,
      note: (r) => r.note,
      newEndDate: (r) => r.newEndDate,
      extensionReason: (r) => r.extensionReason,
      endAssignmentReason: (r) => r.endAssignmentReason,
    };
    for (const sort of DASHBOARD_SORTS) {
      for (const dir of ["asc", "desc"] as const) {
        const res = await caller.dashboard.rows({ group: "acme", sort, dir, numberOfRows: 100 });
        const keys = res.rows.map(keyOf[sort]!);
        const nonNull = keys.filter((k) => k !== null);
        expect(keys.slice(0, nonNull.length)).toEqual(nonNull); // nulls last
        const sorted = [...nonNull].sort((a, b) => (a! < b! ? -1 : a! > b! ? 1 : 0));
        if (!["lastName", "firstName", "note", "extensionReason", "endAssignmentReason"].includes(sort)) expect(nonNull).toEqual(dir === "asc" ? sorted : sorted.reverse());
      }
    }
    const byName = await caller.dashboard.rows({ group: "acme", sort: "lastName", dir: "asc", filters: { q: "Dash" }, numberOfRows: 100 });
    expect(byName.rows[0]!.lastName).toBe("Aavisible");
    expect(byName.rows.at(-1)!.lastName).toBe("Zzhidden");
    const desc = await caller.dashboard.rows({ group: "acme", sort: "lastName", dir: "desc", filters: { q: "Dash" }, numberOfRows: 100 });
    expect(desc.rows.map((r) => r.moveId)).toEqual(byName.rows.map((r) => r.moveId).reverse());
  });

  test("filters: status, q (name or e-mail), assignment end range", async () => {
    const caller = await hr();
    const q = await caller.dashboard.rows({ group: "acme", filters: { q: "zzhidden" } });
    expect(q.rows.map((r) => r.moveId)).toEqual([hidden.moveId]);
    const byMail = await caller.dashboard.rows({ group: "acme", filters: { q: "dash.visible@" } });
    expect(byMail.rows.map((r) => r.moveId)).toEqual([visible.moveId]);
    const completed = await caller.dashboard.rows({ group: "acme", filters: { status: "completed" }, numberOfRows: 100 });
    expect(completed.rows.every((r) => r.moveStatus === "completed")).toBe(true);
    const ending = await caller.dashboard.rows({ group: "acme", filters: { endFrom: "2027-03-31", endTo: "2027-03-31", q: "Dash" }, numberOfRows: 100 });
    expect(ending.total).toBe(BULK + 2);
    const none = await caller.dashboard.rows({ group: "acme", filters: { endFrom: "2027-04-01", q: "Dash" } });
    expect(none.total).toBe(0);
  });

  test("bad input: unknown sort, numberOfRows outside the selector, negative page, unknown or malformed filters", async () => {
    const caller = await hr();
    await expectInputError(caller.dashboard.rows({ group: "acme", sort: "password" as never }), "sort");
    await expectInputError(caller.dashboard.rows({ group: "acme", numberOfRows: 1000 }), "numberOfRows");
    await expectInputError(caller.dashboard.rows({ group: "acme", numberOfRows: 0 }), "numberOfRows");
    await expectInputError(caller.dashboard.rows({ group: "acme", page: -1 }), "page");
    await expectInputError(caller.dashboard.rows({ group: "acme", filters: { role: "ADMIN" } as never }), "filters");
    await expectInputError(caller.dashboard.rows({ group: "acme", filters: "{not json" as never }), "filters");
    await expectInputError(caller.dashboard.rows({ group: "acme", filters: { status: "cancelled" } as never }), "filters.status");
  });

  test("who: employee and finance refused, a manager with the dashboard OFF refused, another group's HR refused, ADMIN allowed", async () => {
    await expectTrpcError((await callerFor(t.db, DEMO.EMPLOYEE)).dashboard.rows({ group: "acme" }), "FORBIDDEN");
    await expectTrpcError((await callerFor(t.db, DEMO.FINANCE)).dashboard.rows({ group: "acme" }), "FORBIDDEN");
    await expectTrpcError((await callerFor(t.db, OFF)).dashboard.rows({ group: "acme" }), "FORBIDDEN", dashboardMessages.notAllowed);
    await expectTrpcError((await callerFor(t.db, DEMO.GLOBEX)).dashboard.rows({ group: "acme" }), "FORBIDDEN", messages.otherGroup);
    await expectTrpcError((await callerFor(t.db, GEO)).dashboard.rows({ group: "globex" }), "FORBIDDEN", messages.otherGroup);
    const admin = await (await callerFor(t.db, DEMO.ADMIN)).dashboard.rows({ group: "acme" });
    expect(admin.total).toBe((await (await hr()).dashboard.rows({ group: "acme" })).total);
  });

  test("a restricted manager sees exactly the moves their rules allow (geo and OWN), never one outside", async () => {
    const all = await allRows(await hr());
    for (const email of [GEO, OWN]) {
      const mine = await allRows(await callerFor(t.db, email));
      const expected = await expectedFor(email);
      expect(new Set(mine.rows.map((r) => r.moveId))).toEqual(expected);
      expect(mine.total).toBe(expected.size);
      expect(mine.total).toBeLessThan(all.total);
    }
    const geo = await allRows(await callerFor(t.db, GEO));
    expect(geo.rows.some((r) => r.moveId === visible.moveId)).toBe(true);
    expect(geo.rows.some((r) => r.moveId === hidden.moveId)).toBe(false);
  });
});

describe("GET /{group}/managerDashboardBody", () => {
  const path = (q: string) => `/acme/managerDashboardBody?${q}`;

  test("HR: the HTML fragment, escaped, sortable headers with aria-sort, pages with an ellipsis, per-page selector", async () => {
    const res = await get(t.app, path(`filters=${encodeURIComponent(JSON.stringify({ q: "Dash" }))}&cache=123&page=0&numberOfRows=10&sort=lastName&dir=asc`), t.as(DEMO.HR));
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toContain("text/html");
    expect(res.headers.get("cache-control")).toBe("no-store");
    const html = await res.text();
    expect(html).not.toContain("<script>");
    expect(html).not.toContain("<b>");
    expect(html).toContain("&#60;script&#62;alert(&#34;x&#34;)&#60;/script&#62;&#38;&#60;b&#62;");
    expect(html).toContain(`data-mid="${visible.moveId}"`);
    expect(html).toContain(`aria-sort="ascending"`);
    expect(html).toContain(`data-total="${BULK + 2}"`);
    // 7 pages of 10: the first, its neighbours, an ellipsis, the last.
    expect(html).toContain("…");
    expect(html).toContain('aria-current="page"');
    expect(html).toContain('<option value="10" selected>');
    const later = await (await get(t.app, path(`filters=${encodeURIComponent(JSON.stringify({ q: "Dash" }))}&page=3&numberOfRows=10`), t.as(DEMO.HR))).text();
    expect(later).not.toContain(`data-mid="${visible.moveId}"`);
    // Up to 6 pages: every page, no ellipsis.
    const six = await (await get(t.app, path(`filters=${encodeURIComponent(JSON.stringify({ q: "Dash" }))}&numberOfRows=25`), t.as(DEMO.HR))).text();
    expect(six.match(/<li>/g)!.length).toBe(3);
    expect(six).not.toContain("…");
  });

  test("bad input: 400 HTML alert with the message; no stack trace", async () => {
    for (const [q, message] of [
      ["numberOfRows=7", dashboardMessages.badRows],
      ["page=-1", dashboardMessages.badPage],
      ["page=abc", dashboardMessages.badPage],
      ["sort=password", dashboardMessages.badSort],
      [`filters=${encodeURIComponent("{bad")}`, dashboardMessages.badFilters],
      [`filters=${encodeURIComponent('{"x":1}')}`, dashboardMessages.badFilters],
    ] as const) {
      const res = await get(t.app, path(q), t.as(DEMO.HR));
      expect(res.status).toBe(400);
      const html = await res.text();
      expect(html).toContain('role="alert"');
      expect(html).toContain(message);
      expect(html).not.toContain(" at ");
    }
  });

  test("who: signed out 401, employee 403, manager OFF 403, other group 403, unknown group 404", async () => {
    expect((await get(t.app, path(""))).status).toBe(401);
    expect((await get(t.app, path(""), t.as(DEMO.EMPLOYEE))).status).toBe(403);
    expect((await get(t.app, path(""), t.as(OFF))).status).toBe(403);
    expect((await get(t.app, path(""), t.as(DEMO.GLOBEX))).status).toBe(403);
    expect((await get(t.app, "/globex/managerDashboardBody", as(GEO))).status).toBe(403);
    expect((await get(t.app, "/no-such-group/managerDashboardBody", t.as(DEMO.HR))).status).toBe(404);
  });

  test("a restricted manager's HTML lists only the moves their rules allow", async () => {
    for (const email of [GEO, OWN]) {
      const html = await (await get(t.app, path("numberOfRows=100"), as(email))).text();
      const mids = [...html.matchAll(/data-mid="(\d+)"/g)].map((m) => Number(m[1]));
      const expected = await expectedFor(email);
      expect(mids.length).toBe(Math.min(100, expected.size));
      for (const mid of mids) expect(expected.has(mid)).toBe(true);
    }
    const geoHtml = await (await get(t.app, path("numberOfRows=100"), as(GEO))).text();
    expect(geoHtml).toContain(`data-mid="${visible.moveId}"`);
    expect(geoHtml).not.toContain(`data-mid="${hidden.moveId}"`);
  });
});

describe("dashboard.addNote and POST /{group}/addEmployeeNote", () => {
  test("HR notes a move: the row shows it, one audit row", async () => {
    const before = (await auditRows(t.db, "hr-notes")).length;
    const res = await (await hr()).dashboard.addNote({ group: "acme", uid: hidden.employeeId, mid: hidden.moveId, notes: "Call about the lease" });
    expect(res).toEqual({ success: true, note: "Call about the lease" });
    const rows = await (await hr()).dashboard.rows({ group: "acme", filters: { q: "zzhidden" } });
    expect(rows.rows[0]!.note).toBe("Call about the lease");
    const audits = await auditRows(t.db, "hr-notes");
    expect(audits.length).toBe(before + 1);
    expect(audits.at(-1)!.entity_id).toBe(String(hidden.moveId));
  });

  test("legacy path: form fields uid, mid, notes → success; the HTML shows the note", async () => {
    const res = await postForm(t.app, "/acme/addEmployeeNote", { uid: String(visible.employeeId), mid: String(visible.moveId), notes: "Visa <ok>" }, t.as(DEMO.HR));
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ success: true, note: "Visa <ok>" });
    const html = await (await get(t.app, `/acme/managerDashboardBody?filters=${encodeURIComponent('{"q":"aavisible"}')}`, t.as(DEMO.HR))).text();
    expect(html).toContain("Visa &#60;ok&#62;");
  });

  test("bad input: missing or malformed ids, a note too long, a move of another employee", async () => {
    const caller = await hr();
    await expectInputError(caller.dashboard.addNote({ group: "acme", uid: 0, mid: hidden.moveId, notes: "x" }), "uid");
    await expectInputError(caller.dashboard.addNote({ group: "acme", uid: hidden.employeeId, mid: hidden.moveId, notes: "x".repeat(4001) }), "notes");
    await expectTrpcError(caller.dashboard.addNote({ group: "acme", uid: visible.employeeId, mid: hidden.moveId, notes: "x" }), "NOT_FOUND");
    const res = await postForm(t.app, "/acme/addEmployeeNote", { uid: "abc", mid: String(hidden.moveId), notes: "x" }, t.as(DEMO.HR));
    expect(res.status).toBe(400);
    expect((await res.json()).success).toBe(false);
  });

  test("who: employee, manager OFF and another group refused; a restricted manager only notes moves they see", async () => {
    const input = { group: "acme", uid: visible.employeeId, mid: visible.moveId, notes: "nope" };
    await expectTrpcError((await callerFor(t.db, DEMO.EMPLOYEE)).dashboard.addNote(input), "FORBIDDEN");
    await expectTrpcError((await callerFor(t.db, OFF)).dashboard.addNote(input), "FORBIDDEN", dashboardMessages.notAllowed);
    await expectTrpcError((await callerFor(t.db, DEMO.GLOBEX)).dashboard.addNote(input), "FORBIDDEN", messages.otherGroup);
    const geo = await callerFor(t.db, GEO);
    await expectTrpcError(geo.dashboard.addNote({ ...input, uid: hidden.employeeId, mid: hidden.moveId }), "NOT_FOUND");
    const legacy = await postForm(t.app, "/acme/addEmployeeNote", { uid: String(hidden.employeeId), mid: String(hidden.moveId), notes: "nope" }, as(GEO));
    expect(legacy.status).toBe(404);
    expect((await postForm(t.app, "/acme/addEmployeeNote", { uid: String(visible.employeeId), mid: String(visible.moveId), notes: "x" }, t.as(DEMO.GLOBEX))).status).toBe(403);
    const notes = await t.db.selectFrom("move_hr_notes").select("notes_text").where("move_id", "=", hidden.moveId).executeTakeFirstOrThrow();
    expect(notes.notes_text).toBe("Call about the lease");
    expect(await geo.dashboard.addNote({ ...input, notes: "Seen by Gina" })).toEqual({ success: true, note: "Seen by Gina" });
  });

  test("50 parallel identical notes: all succeed, one note, one audit row (tRPC and the legacy path)", async () => {
    const before = (await auditRows(t.db, "hr-notes")).length;
    const caller = await hr();
    const results = await race(50, () => caller.dashboard.addNote({ group: "acme", uid: hidden.employeeId, mid: hidden.moveId, notes: "Raced note" }));
    expect(results.every((r) => r.status === "fulfilled" && r.value.success)).toBe(true);
    expect((await auditRows(t.db, "hr-notes")).length).toBe(before + 1);
    const cookie = await cookieFor(t.db, DEMO.HR);
    const responses = await race(50, () => postForm(t.app, "/acme/addEmployeeNote", { uid: String(hidden.employeeId), mid: String(hidden.moveId), notes: "Raced again" }, { cookie }));
    expect(responses.every((r) => r.status === "fulfilled" && r.value.status === 200)).toBe(true);
    expect((await auditRows(t.db, "hr-notes")).length).toBe(before + 2);
    const rows = await t.db.selectFrom("move_hr_notes").select("notes_text").where("move_id", "=", hidden.moveId).execute();
    expect(rows).toEqual([{ notes_text: "Raced again" }]);
  });
});
