/**
 * Incidents (issue 15; part 1 §6, §7 "GET /api/admin/incidents/open-incidents-count") through tRPC and the
 * documented path, on the dialect under test: the demo counts, raise / escalate / close / list with their
 * audit rows read field by field, bad input, wrong role, another group, a restricted manager, and 20 parallel
 * identical escalations, closes and raises.
 */
import { beforeAll, beforeEach, describe, expect, test } from "bun:test";
import { DEMO_INCIDENTS } from "../../db/seed-incidents.ts";
import { incidentMessages as M, DESCRIPTION_MAX, TITLE_MAX } from "../../domain/moves/incidents/schemas.ts";
import { messages } from "../../domain/messages.ts";
import { appFor, cookieFor, get, type TestApp } from "../../test/app.ts";
import { callerFor } from "../../test/db.ts";
import { expectInputError, expectTrpcError } from "../../test/errors.ts";
import { DEMO, useTestDatabase } from "../../test/fixtures.ts";
import { expectAudit } from "../../test/audit.ts";
import { expectAllSucceed, expectOneEffect, race } from "../../test/race.ts";
import type { ZodError } from "zod";

const t = useTestDatabase({ wizardDemo: true, poolSize: 12 });
let app: TestApp;
const cookies: Record<string, string> = {};
const COUNT_PATH = "/api/admin/incidents/open-incidents-count";

type MoveRef = { moveId: number; employeeId: number; groupId: number };
let moves: Record<"emma" | "mei" | "lukas" | "globex", MoveRef>;
let demoIds: number[];

const moveOf = async (email: string): Promise<MoveRef> => {
  const m = await t.db
    .selectFrom("moves as m")
    .innerJoin("users as u", "u.id", "m.employee_user_id")
    .select(["m.id", "m.employee_user_id", "m.group_id"])
    .where("u.email", "=", email)
    .where("m.status", "not in", ["draft", "cancelled"])
    .orderBy("m.id", "desc")
    .executeTakeFirstOrThrow();
  return { moveId: m.id, employeeId: m.employee_user_id, groupId: m.group_id };
};
const auditsOf = (incidentId: number, action: string) =>
  t.db.selectFrom("audit_log").selectAll().where("entity", "=", "incident").where("entity_id", "=", String(incidentId)).where("action", "=", action).orderBy("id").execute();
const rowOf = (id: number) => t.db.selectFrom("incidents").selectAll().where("id", "=", id).executeTakeFirstOrThrow();
/** The zod message at `path` of an input failure. */
const messageAt = (e: { cause?: unknown }, path: string) => (e.cause as ZodError).issues.find((i) => i.path.join(".") === path)?.message;
const userId = async (email: string) => (await t.db.selectFrom("users").select("id").where("email", "=", email).executeTakeFirstOrThrow()).id;

beforeAll(async () => {
  app = appFor(t.db);
  for (const email of [DEMO.HR, DEMO.ADMIN, DEMO.GLOBEX, DEMO.EMPLOYEE, "manager@acme.test"]) cookies[email] = await cookieFor(t.db, email);
  moves = {
    emma: await moveOf(DEMO.EMPLOYEE),
    mei: await moveOf("mei.tanaka@acme.test"),
    lukas: await moveOf("lukas.becker@acme.test"),
    globex: await moveOf("employee@globex.test"),
  };
  demoIds = (await t.db.selectFrom("incidents").select("id").execute()).map((r) => r.id);
});

/** Every test starts from the demo incidents only. */
beforeEach(async () => {
  await t.db.deleteFrom("incidents").where("id", "not in", demoIds).execute();
});

const raiseAsHr = async (moveId = moves.emma.moveId, title = "Removal van did not arrive") =>
  (await (await t.hrAcme()).incidents.raise({ group: "acme", moveId, kind: "SERVICE_ISSUE", title, description: "Booked for 9:00; nobody came." })).incident;

describe("demo incidents and the counts", () => {
  test("the demo seed: acme 2 open (1 escalated) and 1 closed, globex 1 open", async () => {
    expect(demoIds.length).toBe(DEMO_INCIDENTS.acme!.length + DEMO_INCIDENTS.globex!.length);
    const admin = await t.admin();
    expect(await admin.incidents.count({ groupName: "acme" })).toEqual({ openIncidents: 2, openEscalatedIncidents: 1 });
    expect(await admin.incidents.count({ groupName: "globex" })).toEqual({ openIncidents: 1, openEscalatedIncidents: 0 });
    expect(await admin.incidents.count({})).toEqual({ openIncidents: 3, openEscalatedIncidents: 1 });
    const closed = await t.db.selectFrom("incidents").selectAll().where("status", "=", "CLOSED").execute();
    expect(closed.length).toBe(1);
    expect(closed[0]!.closed_at).not.toBeNull();
  });

  test("HR reads their own group's count (absent or named); another group, an employee, a manager, FINANCE are refused", async () => {
    const hr = await t.hrAcme();
    expect(await hr.incidents.count({})).toEqual({ openIncidents: 2, openEscalatedIncidents: 1 });
    expect(await hr.incidents.count({ groupName: "acme" })).toEqual({ openIncidents: 2, openEscalatedIncidents: 1 });
    await expectTrpcError(hr.incidents.count({ groupName: "globex" }), "FORBIDDEN", messages.otherGroup);
    await expectTrpcError((await t.employee()).incidents.count({}), "FORBIDDEN");
    await expectTrpcError((await callerFor(t.db, "manager@acme.test")).incidents.count({}), "FORBIDDEN");
    await expectTrpcError((await t.finance()).incidents.count({}), "FORBIDDEN");
    await expectTrpcError((await t.admin()).incidents.count({ groupName: "no-such-group" }), "NOT_FOUND", M.groupNotFound);
    await expectInputError((await t.admin()).incidents.count({ groupName: "x".repeat(65) }), "groupName");
  });

  test("the counts follow raise, escalate and close", async () => {
    const admin = await t.admin();
    const before = await admin.incidents.count({ groupName: "acme" });
    const a = await raiseAsHr();
    const b = await raiseAsHr(moves.mei.moveId, "Second");
    expect(await admin.incidents.count({ groupName: "acme" })).toEqual({ openIncidents: before.openIncidents + 2, openEscalatedIncidents: before.openEscalatedIncidents });
    await (await t.hrAcme()).incidents.escalate({ group: "acme", incidentId: a.id });
    expect(await admin.incidents.count({ groupName: "acme" })).toEqual({ openIncidents: before.openIncidents + 2, openEscalatedIncidents: before.openEscalatedIncidents + 1 });
    await (await t.hrAcme()).incidents.close({ group: "acme", incidentId: a.id });
    await (await t.hrAcme()).incidents.close({ group: "acme", incidentId: b.id });
    expect(await admin.incidents.count({ groupName: "acme" })).toEqual(before);
    // globex is untouched
    expect(await admin.incidents.count({ groupName: "globex" })).toEqual({ openIncidents: 1, openEscalatedIncidents: 0 });
  });
});

describe("GET /api/admin/incidents/open-incidents-count", () => {
  test("answers exactly {openIncidents, openEscalatedIncidents}: ADMIN all or one group, HR own", async () => {
    let res = await get(app, COUNT_PATH, { cookie: cookies[DEMO.ADMIN] });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ openIncidents: 3, openEscalatedIncidents: 1 });
    res = await get(app, `${COUNT_PATH}?groupName=globex`, { cookie: cookies[DEMO.ADMIN] });
    expect(await res.json()).toEqual({ openIncidents: 1, openEscalatedIncidents: 0 });
    res = await get(app, `${COUNT_PATH}/?groupName=`, { cookie: cookies[DEMO.HR] });
    const body = await res.json();
    expect(Object.keys(body).sort()).toEqual(["openEscalatedIncidents", "openIncidents"]);
    expect(body).toEqual({ openIncidents: 2, openEscalatedIncidents: 1 });
  });

  test("refusals: signed out 401, an employee or a manager 403, HR of another group 403, unknown group 404, bad input 400", async () => {
    const cases: [string, string | undefined, number][] = [
      [COUNT_PATH, undefined, 401],
      [COUNT_PATH, cookies[DEMO.EMPLOYEE], 403],
      [COUNT_PATH, cookies["manager@acme.test"], 403],
      [`${COUNT_PATH}?groupName=acme`, cookies[DEMO.GLOBEX], 403],
      [`${COUNT_PATH}?groupName=nowhere`, cookies[DEMO.ADMIN], 404],
      [`${COUNT_PATH}?groupName=${"x".repeat(65)}`, cookies[DEMO.ADMIN], 400],
    ];
    for (const [path, cookie, status] of cases) {
      const res = await get(app, path, { cookie });
      expect(res.status, path).toBe(status);
      const body = await res.json();
      expect(body.success).toBe(false);
      expect(typeof body.error).toBe("string");
      expect(body.openIncidents).toBeUndefined();
    }
  });
});

describe("incidents.raise", () => {
  test("HR raises an incident: OPEN, not escalated, version 1, on the move's employee; audit row field by field", async () => {
    const hrId = await userId(DEMO.HR);
    const incident = await raiseAsHr();
    expect(incident).toMatchObject({ moveId: moves.emma.moveId, employeeId: moves.emma.employeeId, kind: "SERVICE_ISSUE", title: "Removal van did not arrive", status: "OPEN", escalated: false, escalatedAt: null, closedAt: null, version: 1 });
    expect(incident.raisedBy).toBeTruthy();
    const row = await rowOf(incident.id);
    expect(row.group_id).toBe(moves.emma.groupId);
    expect(row.raised_by_user_id).toBe(hrId);
    const [audit, ...more] = await auditsOf(incident.id, "incident.raise");
    expect(more.length).toBe(0);
    expect(audit!.actor_user_id).toBe(hrId);
    expect(audit!.group_id).toBe(moves.emma.groupId);
    expect(audit!.old_values).toBeNull();
    expect(JSON.parse(audit!.new_values!)).toEqual({
      moveId: moves.emma.moveId,
      employeeId: moves.emma.employeeId,
      kind: "SERVICE_ISSUE",
      title: "Removal van did not arrive",
      description: "Booked for 9:00; nobody came.",
      status: "OPEN",
      escalated: false,
      version: 1,
    });
  });

  test("ADMIN raises in any group; the text is trimmed and the description may be left out", async () => {
    const { incident } = await (await t.admin()).incidents.raise({ group: "globex", moveId: moves.globex.moveId, kind: "EXCEPTION", title: "  Policy exception  " });
    expect(incident.title).toBe("Policy exception");
    expect(incident.description).toBe("");
    expect((await rowOf(incident.id)).group_id).toBe(moves.globex.groupId);
  });

  test("bad input: blank or long title, long description, unknown or missing kind, bad move id", async () => {
    const hr = await t.hrAcme();
    const base = { group: "acme", moveId: moves.emma.moveId, kind: "ESCALATION" as const, title: "ok" };
    let e = await expectInputError(hr.incidents.raise({ ...base, title: "   " }), "title");
    expect(messageAt(e, "title")).toBe(M.titleRequired);
    e = await expectInputError(hr.incidents.raise({ ...base, title: "x".repeat(TITLE_MAX + 1) }), "title");
    expect(messageAt(e, "title")).toBe(M.titleTooLong);
    expect((await hr.incidents.raise({ ...base, title: "x".repeat(TITLE_MAX) })).incident.title.length).toBe(TITLE_MAX);
    e = await expectInputError(hr.incidents.raise({ ...base, description: "d".repeat(DESCRIPTION_MAX + 1) }), "description");
    expect(messageAt(e, "description")).toBe(M.descriptionTooLong);
    await expectInputError(hr.incidents.raise({ ...base, kind: "FIRE" as never }), "kind");
    const { kind: _kind, ...withoutKind } = base;
    e = await expectInputError(hr.incidents.raise(withoutKind as never), "kind");
    expect(messageAt(e, "kind")).toBe(M.kindRequired);
    e = await expectInputError(hr.incidents.raise({ ...base, kind: "" as never }), "kind");
    expect(messageAt(e, "kind")).toBe(M.kindRequired);
    await expectInputError(hr.incidents.raise({ ...base, moveId: 2 ** 31 }), "moveId");
    await expectInputError(hr.incidents.raise({ ...base, moveId: -1 }), "moveId");
    await expectTrpcError(hr.incidents.raise({ ...base, moveId: 999_999 }), "NOT_FOUND", M.moveNotFound);
  });

  test("access: employee, FINANCE and a VIEW manager refused; another group's HR refused or not found; nothing written", async () => {
    const input = { group: "acme", moveId: moves.emma.moveId, kind: "ESCALATION" as const, title: "probe" };
    const before = (await t.db.selectFrom("incidents").select("id").execute()).length;
    await expectTrpcError((await t.employee()).incidents.raise(input), "FORBIDDEN");
    await expectTrpcError((await t.finance()).incidents.raise(input), "FORBIDDEN");
    await expectTrpcError((await callerFor(t.db, "manager@acme.test")).incidents.raise(input), "FORBIDDEN", messages.forbidden);
    await expectTrpcError((await t.hrGlobex()).incidents.raise(input), "FORBIDDEN", messages.otherGroup);
    // globex HR naming their own group and an acme move: the move is not theirs
    await expectTrpcError((await t.hrGlobex()).incidents.raise({ ...input, group: "globex" }), "NOT_FOUND", M.moveNotFound);
    // ADMIN naming a group that is not the move's
    await expectTrpcError((await t.admin()).incidents.raise({ ...input, group: "globex" }), "NOT_FOUND", M.moveNotFound);
    expect((await t.db.selectFrom("incidents").select("id").execute()).length).toBe(before);
  });

  test("a restricted manager (OWN, creation CREATE) raises only on the moves they see", async () => {
    const own = await userId("manager-own@acme.test");
    await t.db.updateTable("manager_restrictions").set({ creation_restriction: "CREATE" }).where("user_id", "=", own).execute();
    try {
      const manager = await callerFor(t.db, "manager-own@acme.test");
      await expectTrpcError(manager.incidents.raise({ group: "acme", moveId: moves.mei.moveId, kind: "EXCEPTION", title: "not mine" }), "NOT_FOUND", M.moveNotFound);
      await expectTrpcError(manager.incidents.listForMove({ group: "acme", moveId: moves.mei.moveId }), "NOT_FOUND", M.moveNotFound);
      const { incident } = await manager.incidents.raise({ group: "acme", moveId: moves.lukas.moveId, kind: "EXCEPTION", title: "mine" });
      expect(incident.moveId).toBe(moves.lukas.moveId);
      expect((await manager.incidents.listForMove({ group: "acme", moveId: moves.lukas.moveId })).canWrite).toBe(true);
      // an incident on a move they do not see cannot be escalated or closed by them
      const other = await raiseAsHr(moves.mei.moveId);
      await expectTrpcError(manager.incidents.escalate({ group: "acme", incidentId: other.id }), "NOT_FOUND", M.notFound);
      await expectTrpcError(manager.incidents.close({ group: "acme", incidentId: other.id }), "NOT_FOUND", M.notFound);
      expect((await rowOf(other.id)).status).toBe("OPEN");
    } finally {
      await t.db.updateTable("manager_restrictions").set({ creation_restriction: "VIEW" }).where("user_id", "=", own).execute();
    }
  });
});

describe("incidents.listForMove", () => {
  test("newest first with the raiser's name; a VIEW manager reads and may not write", async () => {
    const a = await raiseAsHr(moves.emma.moveId, "First");
    const b = await raiseAsHr(moves.emma.moveId, "Second");
    const list = await (await t.hrAcme()).incidents.listForMove({ group: "acme", moveId: moves.emma.moveId });
    expect(list.incidents.map((i) => i.id)).toEqual([b.id, a.id]);
    expect(list.canWrite).toBe(true);
    const viewer = await (await callerFor(t.db, "manager@acme.test")).incidents.listForMove({ group: "acme", moveId: moves.emma.moveId });
    expect(viewer.incidents.map((i) => i.id)).toEqual([b.id, a.id]);
    expect(viewer.canWrite).toBe(false);
    const mei = await (await t.hrAcme()).incidents.listForMove({ group: "acme", moveId: moves.mei.moveId });
    expect(mei.incidents.map((i) => i.title)).toEqual([DEMO_INCIDENTS.acme![0]!.title]);
    expect(mei.incidents[0]!.escalated).toBe(true);
  });

  test("another group's move is not found; another group's HR, an employee and FINANCE are refused", async () => {
    await expectTrpcError((await t.hrAcme()).incidents.listForMove({ group: "acme", moveId: moves.globex.moveId }), "NOT_FOUND", M.moveNotFound);
    await expectTrpcError((await t.hrGlobex()).incidents.listForMove({ group: "acme", moveId: moves.emma.moveId }), "FORBIDDEN", messages.otherGroup);
    await expectTrpcError((await t.employee()).incidents.listForMove({ group: "acme", moveId: moves.emma.moveId }), "FORBIDDEN");
    await expectTrpcError((await t.finance()).incidents.listForMove({ group: "acme", moveId: moves.emma.moveId }), "FORBIDDEN");
    await expectInputError((await t.hrAcme()).incidents.listForMove({ group: "acme", moveId: "1x" as never }), "moveId");
  });
});

describe("incidents.escalate and incidents.close", () => {
  test("escalate: OPEN → escalated once (version 2), audit old → new; again: already escalated", async () => {
    const incident = await raiseAsHr();
    const hr = await t.hrAcme();
    const { incident: escalated } = await hr.incidents.escalate({ group: "acme", incidentId: incident.id });
    expect(escalated).toMatchObject({ status: "OPEN", escalated: true, version: 2 });
    expect(escalated.escalatedAt).not.toBeNull();
    const [audit, ...more] = await auditsOf(incident.id, "incident.escalate");
    expect(more.length).toBe(0);
    expect(audit!.actor_user_id).toBe(await userId(DEMO.HR));
    expect(JSON.parse(audit!.old_values!)).toEqual({ status: "OPEN", escalated: false, version: 1 });
    expect(JSON.parse(audit!.new_values!)).toEqual({ status: "OPEN", escalated: true, escalatedAt: escalated.escalatedAt, version: 2 });
    await expectAudit(t.db, {
      action: "incident.escalate", actor: DEMO.HR, groupId: moves.emma.groupId, entity: "incident", entityId: incident.id,
      oldValues: { status: "OPEN", escalated: false, version: 1 }, newValues: { status: "OPEN", escalated: true, escalatedAt: escalated.escalatedAt, version: 2 },
    });
    await expectTrpcError(hr.incidents.escalate({ group: "acme", incidentId: incident.id }), "CONFLICT", M.alreadyEscalated);
    expect((await auditsOf(incident.id, "incident.escalate")).length).toBe(1);
  });

  test("close: OPEN → CLOSED (escalated kept), audit old → new; again: already closed; a closed one cannot be escalated", async () => {
    const incident = await raiseAsHr();
    const admin = await t.admin();
    const { incident: closed } = await admin.incidents.close({ group: "acme", incidentId: incident.id });
    expect(closed).toMatchObject({ status: "CLOSED", escalated: false, version: 2 });
    const [audit] = await auditsOf(incident.id, "incident.close");
    expect(audit!.actor_user_id).toBe(await userId(DEMO.ADMIN));
    expect(JSON.parse(audit!.old_values!)).toEqual({ status: "OPEN", escalated: false, version: 1 });
    expect(JSON.parse(audit!.new_values!)).toEqual({ status: "CLOSED", escalated: false, closedAt: closed.closedAt, version: 2 });
    await expectAudit(t.db, {
      action: "incident.close", actor: DEMO.ADMIN, groupId: moves.emma.groupId, entity: "incident", entityId: incident.id,
      oldValues: { status: "OPEN", escalated: false, version: 1 }, newValues: { status: "CLOSED", escalated: false, closedAt: closed.closedAt, version: 2 },
    });
    await expectTrpcError(admin.incidents.close({ group: "acme", incidentId: incident.id }), "CONFLICT", M.alreadyClosed);
    await expectTrpcError(admin.incidents.escalate({ group: "acme", incidentId: incident.id }), "CONFLICT", M.closedNotEscalated);
    expect((await rowOf(incident.id)).version).toBe(2);
  });

  test("access: another group's HR, an employee, a VIEW manager refused; another group's incident not found; unknown id not found", async () => {
    const incident = await raiseAsHr();
    for (const action of ["escalate", "close"] as const) {
      await expectTrpcError((await t.hrGlobex()).incidents[action]({ group: "acme", incidentId: incident.id }), "FORBIDDEN", messages.otherGroup);
      await expectTrpcError((await t.hrGlobex()).incidents[action]({ group: "globex", incidentId: incident.id }), "NOT_FOUND", M.notFound);
      await expectTrpcError((await t.employee()).incidents[action]({ group: "acme", incidentId: incident.id }), "FORBIDDEN");
      await expectTrpcError((await callerFor(t.db, "manager@acme.test")).incidents[action]({ group: "acme", incidentId: incident.id }), "FORBIDDEN", messages.forbidden);
      await expectTrpcError((await t.hrAcme()).incidents[action]({ group: "acme", incidentId: 999_999 }), "NOT_FOUND", M.notFound);
      await expectInputError((await t.hrAcme()).incidents[action]({ group: "acme", incidentId: 0 }), "incidentId");
    }
    expect(await rowOf(incident.id)).toMatchObject({ status: "OPEN", escalated: 0, version: 1 });
    expect((await auditsOf(incident.id, "incident.escalate")).length + (await auditsOf(incident.id, "incident.close")).length).toBe(0);
  });
});

describe("races", () => {
  test("20 parallel identical escalations: one effect, 19 'already escalated', one audit row", async () => {
    const incident = await raiseAsHr();
    const callers = await Promise.all(Array.from({ length: 20 }, () => t.hrAcme()));
    const results = await race(20, (i) => callers[i]!.incidents.escalate({ group: "acme", incidentId: incident.id }));
    await expectOneEffect(results, { refusal: { code: "CONFLICT", message: M.alreadyEscalated } });
    expect(await rowOf(incident.id)).toMatchObject({ escalated: 1, version: 2 });
    expect((await auditsOf(incident.id, "incident.escalate")).length).toBe(1);
  });

  test("20 parallel identical closes: one effect, 19 'already closed', one audit row", async () => {
    const incident = await raiseAsHr();
    const callers = await Promise.all(Array.from({ length: 20 }, () => t.hrAcme()));
    const results = await race(20, (i) => callers[i]!.incidents.close({ group: "acme", incidentId: incident.id }));
    await expectOneEffect(results, { refusal: { code: "CONFLICT", message: M.alreadyClosed } });
    expect(await rowOf(incident.id)).toMatchObject({ status: "CLOSED", version: 2 });
    expect((await auditsOf(incident.id, "incident.close")).length).toBe(1);
  });

  test("10 escalations and 10 closes at once: the close always lands, at most one escalation, never a 500", async () => {
    const incident = await raiseAsHr();
    const callers = await Promise.all(Array.from({ length: 20 }, () => t.hrAcme()));
    const results = await race(20, (i) =>
      i % 2 === 0 ? callers[i]!.incidents.escalate({ group: "acme", incidentId: incident.id }) : callers[i]!.incidents.close({ group: "acme", incidentId: incident.id }),
    );
    const failures = results.filter((r) => r.status === "rejected").map((r) => (r as PromiseRejectedResult).reason as { code: string; message: string });
    expect(failures.every((f) => f.code === "CONFLICT" && [M.alreadyEscalated, M.alreadyClosed, M.closedNotEscalated].includes(f.message as never))).toBe(true);
    const row = await rowOf(incident.id);
    expect(row.status).toBe("CLOSED");
    const escalations = (await auditsOf(incident.id, "incident.escalate")).length;
    expect(escalations).toBe(row.escalated);
    expect((await auditsOf(incident.id, "incident.close")).length).toBe(1);
    expect(row.version).toBe(2 + escalations);
  });

  test("20 parallel raises: 20 incidents, 20 audit rows, no 500", async () => {
    const callers = await Promise.all(Array.from({ length: 20 }, () => t.hrAcme()));
    const results = await race(20, (i) => callers[i]!.incidents.raise({ group: "acme", moveId: moves.emma.moveId, kind: "EXCEPTION", title: `Parallel ${i}` }));
    await expectAllSucceed(results);
    const rows = await t.db.selectFrom("incidents").select("id").where("title", "like", "Parallel %").execute();
    expect(rows.length).toBe(20);
    const audits = await t.db.selectFrom("audit_log").select("id").where("entity", "=", "incident").where("action", "=", "incident.raise").where("entity_id", "in", rows.map((r) => String(r.id))).execute();
    expect(audits.length).toBe(20);
  });
});
