/**
 * A manager's read-only move page and their own note (issue 24 §4), on the database TEST_DB names:
 * `dashboard.move` opens every move the manager's restrictions allow (the dashboard's rule) and refuses the others
 * (view OWN, geographic routes, another group's manager, HR and employees); a manager's note
 * (`dashboard.addNote` / POST /{group}/addEmployeeNote) is theirs, stored apart from HR's private notes, which it
 * never overwrites; HR reads it apart on its move page (`dashboard.managerNotes`); 50 parallel identical notes
 * leave one note and one audit row.
 */
import { beforeAll, describe, expect, test } from "bun:test";
import { seedManagersDemo } from "../../db/seed-managers.ts";
import { messages } from "../../domain/messages.ts";
import { cookieFor, postForm } from "../../test/app.ts";
import { auditRows, callerFor, insertTestUser } from "../../test/db.ts";
import { insertRouteMove } from "../../test/route-moves.ts";
import { expectInputError, expectTrpcError } from "../../test/errors.ts";
import { DEMO, useTestApp } from "../../test/fixtures.ts";
import { race } from "../../test/race.ts";

const GEO = "manager-geo@acme.test";
const OWN = "manager-own@acme.test";
const GLOBEX_MANAGER = "manager.mm@globex.test";
const t = useTestApp([DEMO.ADMIN, DEMO.HR, DEMO.GLOBEX, DEMO.EMPLOYEE]);
let acmeId = 0;
let hidden = { moveId: 0, employeeId: 0 }; // FR → DE: outside manager-geo's routes; created by manager-own
let visible = { moveId: 0, employeeId: 0 }; // GB → US: inside manager-geo's routes
let other = { moveId: 0, employeeId: 0 }; // GB → US, not created by manager-own

const insertMove = (key: string, from: string, to: string, createdBy: number | null) =>
  insertRouteMove(t.db, { groupId: acmeId, email: `mm.${key}@acme.test`, firstName: "Mira", lastName: `Move${key}`, from, to, createdBy });

const userId = async (email: string) => (await t.db.selectFrom("users").select("id").where("email", "=", email).executeTakeFirstOrThrow()).id;
const hrNotes = (moveId: number) => t.db.selectFrom("move_hr_notes").select(["notes_text", "version", "updated_by"]).where("move_id", "=", moveId).execute();
const managerNotes = (moveId: number) => t.db.selectFrom("move_manager_notes").select(["manager_user_id", "notes_text", "version"]).where("move_id", "=", moveId).orderBy("manager_user_id").execute();

beforeAll(async () => {
  acmeId = (await t.db.selectFrom("groups").select("id").where("name", "=", "acme").executeTakeFirstOrThrow()).id;
  await seedManagersDemo(t.db);
  const own = await userId(OWN);
  hidden = await insertMove("hidden", "FR", "DE", own);
  visible = await insertMove("visible", "GB", "US", own);
  other = await insertMove("other", "GB", "US", null);
  // Another group's manager, with no restriction at all (view ALL, dashboard ON) in their own group.
  const globexManager = await insertTestUser(t.db, { email: GLOBEX_MANAGER, role: "MANAGER", group: "globex", firstName: "Gus", lastName: "Globex" });
  const globexId = (await t.db.selectFrom("groups").select("id").where("name", "=", "globex").executeTakeFirstOrThrow()).id;
  await t.db
    .insertInto("manager_restrictions")
    .values({ user_id: globexManager, group_id: globexId, view_restriction: "ALL", creation_restriction: "ALL", reporting_restriction: "ON", dashboard_restriction: "ON", external_spend: 0, updated_at: new Date().toISOString() })
    .execute();
});

describe("dashboard.move: a manager opens the moves their restrictions allow, read-only", () => {
  test("manager-geo opens a GB → US move: the move page without the audit timeline, and an empty own note", async () => {
    const res = await (await callerFor(t.db, GEO)).dashboard.move({ group: "acme", employeeId: visible.employeeId, moveId: visible.moveId });
    expect(res.move.id).toBe(visible.moveId);
    expect(res.person.id).toBe(visible.employeeId);
    expect(res.person.lastName).toBe("Movevisible");
    expect(res.note).toEqual({ notesText: "", version: 0, updatedAt: null });
    expect("timeline" in res).toBe(false);
  });

  test("refused outside the restrictions: manager-geo and a FR → DE move, manager-own and a move he did not create", async () => {
    await expectTrpcError((await callerFor(t.db, GEO)).dashboard.move({ group: "acme", employeeId: hidden.employeeId, moveId: hidden.moveId }), "NOT_FOUND");
    const own = await callerFor(t.db, OWN);
    expect((await own.dashboard.move({ group: "acme", employeeId: hidden.employeeId, moveId: hidden.moveId })).move.id).toBe(hidden.moveId);
    await expectTrpcError(own.dashboard.move({ group: "acme", employeeId: other.employeeId, moveId: other.moveId }), "NOT_FOUND");
    // A move id with another employee's id: the same answer.
    await expectTrpcError((await callerFor(t.db, GEO)).dashboard.move({ group: "acme", employeeId: other.employeeId, moveId: visible.moveId }), "NOT_FOUND");
  });

  test("another group's manager is refused (their own group named or acme's), HR and the employee too", async () => {
    const globex = await callerFor(t.db, GLOBEX_MANAGER);
    await expectTrpcError(globex.dashboard.move({ group: "acme", employeeId: visible.employeeId, moveId: visible.moveId }), "FORBIDDEN", messages.otherGroup);
    await expectTrpcError(globex.dashboard.move({ group: "globex", employeeId: visible.employeeId, moveId: visible.moveId }), "NOT_FOUND");
    await expectTrpcError((await callerFor(t.db, DEMO.HR)).dashboard.move({ group: "acme", employeeId: visible.employeeId, moveId: visible.moveId }), "FORBIDDEN");
    await expectTrpcError((await callerFor(t.db, DEMO.EMPLOYEE)).dashboard.move({ group: "acme", employeeId: visible.employeeId, moveId: visible.moveId }), "FORBIDDEN");
  });

  test("bad input: malformed ids", async () => {
    const geo = await callerFor(t.db, GEO);
    await expectInputError(geo.dashboard.move({ group: "acme", employeeId: 0, moveId: visible.moveId }), "employeeId");
    await expectInputError(geo.dashboard.move({ group: "acme", employeeId: visible.employeeId, moveId: "x" as never }), "moveId");
  });
});

describe("a manager's note is their own, apart from HR's notes", () => {
  test("HR's note stays as it was when managers note the move; each manager sees their own; HR sees them apart", async () => {
    const hr = await callerFor(t.db, DEMO.HR);
    await hr.dashboard.addNote({ group: "acme", uid: visible.employeeId, mid: visible.moveId, notes: "HR private: salary talk" });
    const hrBefore = await hrNotes(visible.moveId);
    expect(hrBefore.map((n) => n.notes_text)).toEqual(["HR private: salary talk"]);

    const geo = await callerFor(t.db, GEO);
    expect(await geo.dashboard.addNote({ group: "acme", uid: visible.employeeId, mid: visible.moveId, notes: "Gina: team ready" })).toEqual({ success: true, note: "Gina: team ready" });
    const legacy = await postForm(t.app, "/acme/addEmployeeNote", { uid: String(visible.employeeId), mid: String(visible.moveId), notes: "Oscar: desk booked" }, { cookie: await cookieFor(t.db, OWN) });
    expect(legacy.status).toBe(200);
    expect(await legacy.json()).toEqual({ success: true, note: "Oscar: desk booked" });

    // HR's notes: unchanged (text, version and writer).
    expect(await hrNotes(visible.moveId)).toEqual(hrBefore);
    expect((await managerNotes(visible.moveId)).map((n) => n.notes_text)).toEqual(
      [(await userId(GEO)) < (await userId(OWN)) ? "Gina: team ready" : "Oscar: desk booked", (await userId(GEO)) < (await userId(OWN)) ? "Oscar: desk booked" : "Gina: team ready"],
    );

    // Each one's dashboard row and move page show their own note; HR's row shows HR's.
    const rowOf = async (email: string) => (await (await callerFor(t.db, email)).dashboard.rows({ group: "acme", filters: { q: "movevisible" } })).rows[0]!.note;
    expect(await rowOf(GEO)).toBe("Gina: team ready");
    expect(await rowOf(OWN)).toBe("Oscar: desk booked");
    expect(await rowOf(DEMO.HR)).toBe("HR private: salary talk");
    expect((await geo.dashboard.move({ group: "acme", employeeId: visible.employeeId, moveId: visible.moveId })).note.notesText).toBe("Gina: team ready");

    // HR's move page: its own notes unchanged, the managers' apart.
    expect((await hr.employeeFile.hrNotes({ group: "acme", userId: visible.employeeId, moveId: visible.moveId })).notesText).toBe("HR private: salary talk");
    const apart = await hr.dashboard.managerNotes({ group: "acme", employeeId: visible.employeeId, moveId: visible.moveId });
    expect(apart.notes.map((n) => n.notesText).sort()).toEqual(["Gina: team ready", "Oscar: desk booked"]);
    expect(apart.notes.every((n) => n.managerName.length > 0)).toBe(true);

    // HR saving its note again leaves the managers' notes alone.
    await hr.dashboard.addNote({ group: "acme", uid: visible.employeeId, mid: visible.moveId, notes: "HR private: v2" });
    expect((await managerNotes(visible.moveId)).map((n) => n.notes_text).sort()).toEqual(["Gina: team ready", "Oscar: desk booked"]);
  });

  test("sorting manager-geo's dashboard by note uses their own notes", async () => {
    const geo = await callerFor(t.db, GEO);
    const res = await geo.dashboard.rows({ group: "acme", sort: "note", dir: "asc", numberOfRows: 100 });
    const notes = res.rows.map((r) => r.note).filter((n): n is string => n !== null);
    expect(notes).toContain("Gina: team ready");
    expect(notes).not.toContain("HR private: v2");
  });

  test("managerNotes: HR of another group, managers and employees refused", async () => {
    const input = { group: "acme", employeeId: visible.employeeId, moveId: visible.moveId };
    await expectTrpcError((await callerFor(t.db, DEMO.GLOBEX)).dashboard.managerNotes(input), "FORBIDDEN", messages.otherGroup);
    await expectTrpcError((await callerFor(t.db, GEO)).dashboard.managerNotes(input), "FORBIDDEN");
    await expectTrpcError((await callerFor(t.db, DEMO.EMPLOYEE)).dashboard.managerNotes(input), "FORBIDDEN");
    await expectTrpcError((await callerFor(t.db, DEMO.GLOBEX)).dashboard.managerNotes({ ...input, group: "globex" }), "NOT_FOUND");
  });

  test("a manager cannot note a move outside their restrictions; nothing is written", async () => {
    const before = await managerNotes(hidden.moveId);
    await expectTrpcError((await callerFor(t.db, GEO)).dashboard.addNote({ group: "acme", uid: hidden.employeeId, mid: hidden.moveId, notes: "nope" }), "NOT_FOUND");
    await expectTrpcError((await callerFor(t.db, GLOBEX_MANAGER)).dashboard.addNote({ group: "acme", uid: visible.employeeId, mid: visible.moveId, notes: "nope" }), "FORBIDDEN", messages.otherGroup);
    expect(await managerNotes(hidden.moveId)).toEqual(before);
  });

  test("50 parallel identical manager notes: all succeed, one row, one version, one audit row; HR's notes untouched", async () => {
    const hrBefore = await hrNotes(visible.moveId);
    const before = (await auditRows(t.db, "manager-note")).length;
    const geo = await callerFor(t.db, GEO);
    const results = await race(50, () => geo.dashboard.addNote({ group: "acme", uid: visible.employeeId, mid: visible.moveId, notes: "Gina: raced" }));
    expect(results.every((r) => r.status === "fulfilled" && r.value.success && r.value.note === "Gina: raced")).toBe(true);
    expect((await auditRows(t.db, "manager-note")).length).toBe(before + 1);
    const geoId = await userId(GEO);
    const mine = (await managerNotes(visible.moveId)).filter((n) => n.manager_user_id === geoId);
    expect(mine).toEqual([{ manager_user_id: geoId, notes_text: "Gina: raced", version: 2 }]);
    expect(await hrNotes(visible.moveId)).toEqual(hrBefore);
  });
});
