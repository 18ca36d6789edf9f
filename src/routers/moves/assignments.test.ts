/**
 * Extend and end assignments (issue 15; part 1 §4, §5, §7, §8) through tRPC and the documented paths, on the
 * dialect under test: happy paths, bad input with the spec's texts, nothing half-applied (an invalid action and a
 * failure forced mid-transaction), wrong role, other group, restricted managers, and 50 parallel identical
 * extensions.
 */
import { beforeAll, beforeEach, describe, expect, test } from "bun:test";
import { assignmentMessages as M } from "../../domain/moves/assignments/schemas.ts";
import { AppError } from "../../domain/errors.ts";
import { messages } from "../../domain/messages.ts";
import { endAssignments, extendAssignments } from "../../services/moves/assignments/assignments.ts";
import { appFor, cookieFor, postJson, postForm, type TestApp } from "../../test/app.ts";
import { callerFor, contextFor } from "../../test/db.ts";
import { expectInputError, expectTrpcError } from "../../test/errors.ts";
import { failingWrites } from "../../test/fail-midway.ts";
import { DEMO, useTestDatabase } from "../../test/fixtures.ts";
import { expectAudit, groupIdOf } from "../../test/audit.ts";
import { expectOneEffect, race } from "../../test/race.ts";

const t = useTestDatabase({ wizardDemo: true, poolSize: 12 });
let app: TestApp;
const cookies: Record<string, string> = {};
const EMAILS = { mei: "mei.tanaka@acme.test", ravi: "ravi.patel@acme.test", hannah: "hannah.schulz@acme.test", emma: "employee@acme.test" } as const;
const ORIGINAL: Record<string, { stage: number; status: string; end: string | null }> = {};
let ids: Record<keyof typeof EMAILS, number>;

const moveOf = (employeeId: number) =>
  t.db.selectFrom("moves").select(["id", "assignment_end_date", "current_move_stage", "status", "policy_version_id"]).where("employee_user_id", "=", employeeId).where("status", "not in", ["draft", "cancelled"]).orderBy("id", "desc").executeTakeFirstOrThrow();
const actionsOf = (moveId: number) => t.db.selectFrom("assignment_actions").selectAll().where("move_id", "=", moveId).orderBy("id").execute();
const auditsOf = (moveId: number, action: string) => t.db.selectFrom("audit_log").selectAll().where("entity", "=", "move").where("entity_id", "=", String(moveId)).where("action", "=", action).execute();
const appError = (e: { cause?: unknown }) => e.cause as AppError;

beforeAll(async () => {
  app = appFor(t.db);
  for (const email of [DEMO.HR, DEMO.ADMIN, DEMO.GLOBEX, DEMO.EMPLOYEE]) cookies[email] = await cookieFor(t.db, email);
  const users = await t.db.selectFrom("users").select(["id", "email"]).where("email", "in", Object.values(EMAILS)).execute();
  ids = Object.fromEntries(Object.entries(EMAILS).map(([k, email]) => [k, users.find((u) => u.email === email)!.id])) as typeof ids;
  for (const id of Object.values(ids)) {
    const m = await moveOf(id);
    ORIGINAL[id] = { stage: m.current_move_stage, status: m.status, end: m.assignment_end_date };
  }
});

/** Every test starts from the seeded moves, no history and reasons off. */
beforeEach(async () => {
  for (const [id, o] of Object.entries(ORIGINAL)) {
    await t.db.updateTable("moves").set({ current_move_stage: o.stage, status: o.status as "open", assignment_end_date: o.end }).where("employee_user_id", "=", Number(id)).where("status", "not in", ["draft", "cancelled"]).execute();
  }
  await t.db.deleteFrom("assignment_actions").execute();
  await t.db.deleteFrom("group_hr_settings").execute();
});

describe("seed and the employee table", () => {
  test("acme has at least three eligible employees (Mei, Ravi, Hannah); Emma (stage 1) is not", async () => {
    const view = await (await t.hrAcme()).assignments.employees({ group: "acme" });
    const eligible = view.rows.filter((r) => r.eligible).map((r) => r.email);
    expect(eligible).toEqual(expect.arrayContaining([EMAILS.mei, EMAILS.ravi, EMAILS.hannah]));
    expect(view.rows.find((r) => r.email === EMAILS.emma)!.eligible).toBe(false);
    expect(view.canAct).toBe(true);
    expect(view.rows.every((r) => !r.email.endsWith("@globex.test"))).toBe(true);
  });

  test("a manager with VIEW reads the table but may not act; an employee may not read it", async () => {
    const manager = await callerFor(t.db, "manager@acme.test");
    expect((await manager.assignments.employees({ group: "acme" })).canAct).toBe(false);
    await expectTrpcError((await t.employee()).assignments.employees({ group: "acme" }), "FORBIDDEN");
  });
});

describe("assignments.extend", () => {
  test("HR extends two assignments: dates stored, history old → new, audit rows", async () => {
    const hr = await t.hrAcme();
    const res = await hr.assignments.extend({ group: "acme", actions: [
      { employeeId: ids.mei, message: "Project extended", newEndDate: "2031-01-31", groupOptionId: null },
      { employeeId: ids.ravi, message: "", newEndDate: "2031-02-28", groupOptionId: null },
    ] });
    expect(res.message).toBe(M.extended);
    expect(res.results.map((r) => r.newEndDate)).toEqual(["2031-01-31", "2031-02-28"]);
    const mei = await moveOf(ids.mei);
    expect(mei.assignment_end_date).toBe("2031-01-31");
    expect(mei.current_move_stage).toBe(2);
    const history = await actionsOf(mei.id);
    expect(history).toHaveLength(1);
    expect(history[0]).toMatchObject({ kind: "EXTEND", old_end_date: ORIGINAL[ids.mei]!.end, new_end_date: "2031-01-31", message: "Project extended", from_stage: 2, to_stage: 2 });
    expect(await auditsOf(mei.id, "assignments.extend")).toHaveLength(1);
    await expectAudit(t.db, {
      action: "assignments.extend", actor: DEMO.HR, groupId: await groupIdOf(t.db, "acme"), entity: "move", entityId: mei.id,
      oldValues: { assignmentEndDate: ORIGINAL[ids.mei]!.end }, newValues: { assignmentEndDate: "2031-01-31", groupOptionId: null, reason: null },
    });
    expect((await moveOf(ids.ravi)).assignment_end_date).toBe("2031-02-28");
  });

  test("with reasons enabled a reason is needed; the stored reason is the group's option", async () => {
    const admin = await t.admin();
    let view = await admin.hrSettings.addReason({ group: "acme", optionValue: `Project delay ${crypto.randomUUID().slice(0, 6)}` });
    const reason = view.reasons.at(-1)!;
    await admin.hrSettings.setDefaultReason({ group: "acme", reasonId: reason.id });
    view = await admin.hrSettings.setExtensionReasonEnabled({ group: "acme", enabled: true });
    const hr = await t.hrAcme();
    const err = await expectTrpcError(hr.assignments.extend({ group: "acme", actions: [{ employeeId: ids.mei, message: "", newEndDate: "2031-03-31", groupOptionId: null }] }), "BAD_REQUEST", M.unableToProcess);
    expect(appError(err).fields).toEqual({ "actions.0.groupOptionId": M.reasonRequired });
    await hr.assignments.extend({ group: "acme", actions: [{ employeeId: ids.mei, message: "", newEndDate: "2031-03-31", groupOptionId: reason.id }] });
    const [row] = await actionsOf((await moveOf(ids.mei)).id);
    expect(row).toMatchObject({ reason_option_id: reason.id, reason: reason.optionValue });
  });

  test("bad input: none selected, same date, past date, ineligible, unknown reason, duplicate — nothing applied", async () => {
    const hr = await t.hrAcme();
    expect((await expectInputError(hr.assignments.extend({ group: "acme", actions: [] }), "actions")).cause).toMatchObject({ issues: [{ message: M.noneSelected }] });
    const current = ORIGINAL[ids.mei]!.end!;
    const cases: [Parameters<typeof hr.assignments.extend>[0]["actions"], Record<string, string>][] = [
      [[{ employeeId: ids.ravi, message: "", newEndDate: "2031-05-05", groupOptionId: null }, { employeeId: ids.mei, message: "", newEndDate: current, groupOptionId: null }], { "actions.1.newEndDate": M.sameEndDate }],
      [[{ employeeId: ids.ravi, message: "", newEndDate: "2020-01-01", groupOptionId: null }], { "actions.0.newEndDate": M.pastDate }],
      [[{ employeeId: ids.ravi, message: "", newEndDate: "2031-05-05", groupOptionId: null }, { employeeId: ids.emma, message: "", newEndDate: "2031-05-05", groupOptionId: null }], { "actions.1.employeeId": M.notEligible }],
      [[{ employeeId: ids.ravi, message: "", newEndDate: "2031-05-05", groupOptionId: 999999 }], { "actions.0.groupOptionId": M.reasonUnknown }],
      [[{ employeeId: ids.ravi, message: "", newEndDate: "2031-05-05", groupOptionId: null }, { employeeId: ids.ravi, message: "", newEndDate: "2031-06-05", groupOptionId: null }], { "actions.1.employeeId": M.duplicateEmployee }],
    ];
    for (const [actions, fields] of cases) {
      const err = await expectTrpcError(hr.assignments.extend({ group: "acme", actions }), "BAD_REQUEST", M.unableToProcess);
      expect(appError(err).fields).toEqual(fields);
    }
    expect((await moveOf(ids.ravi)).assignment_end_date).toBe(ORIGINAL[ids.ravi]!.end);
    expect(await t.db.selectFrom("assignment_actions").select("id").execute()).toHaveLength(0);
  });

  test("a failure forced mid-transaction (the second history row) leaves nothing applied", async () => {
    const broken = failingWrites(t.db, { table: "assignment_actions", kind: "insert", nth: 2 });
    const ctx = await contextFor(t.db, DEMO.HR);
    const before = await t.db.selectFrom("audit_log").select("id").execute();
    await expect(extendAssignments(broken.db, { user: ctx.session!.user, ip: null }, { id: ctx.session!.user.groupId! }, [
      { employeeId: ids.mei, message: "", newEndDate: "2031-07-07", groupOptionId: null },
      { employeeId: ids.ravi, message: "", newEndDate: "2031-07-07", groupOptionId: null },
    ])).rejects.toThrow();
    expect(broken.fired()).toBe(true);
    expect((await moveOf(ids.mei)).assignment_end_date).toBe(ORIGINAL[ids.mei]!.end);
    expect((await moveOf(ids.ravi)).assignment_end_date).toBe(ORIGINAL[ids.ravi]!.end);
    expect(await t.db.selectFrom("assignment_actions").select("id").execute()).toHaveLength(0);
    expect(await t.db.selectFrom("audit_log").select("id").execute()).toHaveLength(before.length);
  });

  test("access: employee, finance and a VIEW manager refused; another group's HR refused; another group's employee not found", async () => {
    const action = { employeeId: ids.mei, message: "", newEndDate: "2031-08-08", groupOptionId: null };
    await expectTrpcError((await t.employee()).assignments.extend({ group: "acme", actions: [action] }), "FORBIDDEN");
    await expectTrpcError((await t.finance()).assignments.extend({ group: "acme", actions: [action] }), "FORBIDDEN");
    await expectTrpcError((await callerFor(t.db, "manager@acme.test")).assignments.extend({ group: "acme", actions: [action] }), "FORBIDDEN", messages.forbidden);
    await expectTrpcError((await t.hrGlobex()).assignments.extend({ group: "acme", actions: [action] }), "FORBIDDEN", messages.otherGroup);
    await expectTrpcError((await t.hrGlobex()).assignments.extend({ group: "globex", actions: [action] }), "NOT_FOUND", M.employeeNotFound);
    expect((await moveOf(ids.mei)).assignment_end_date).toBe(ORIGINAL[ids.mei]!.end);
  });

  test("a restricted manager (OWN, creation CREATE) acts only on the employees they see", async () => {
    const own = await t.db.selectFrom("users").select("id").where("email", "=", "manager-own@acme.test").executeTakeFirstOrThrow();
    await t.db.updateTable("manager_restrictions").set({ creation_restriction: "CREATE" }).where("user_id", "=", own.id).execute();
    const manager = await callerFor(t.db, "manager-own@acme.test");
    const action = { employeeId: ids.mei, message: "", newEndDate: "2031-09-09", groupOptionId: null };
    expect((await manager.assignments.employees({ group: "acme" })).rows.some((r) => r.employeeId === ids.mei)).toBe(false);
    await expectTrpcError(manager.assignments.extend({ group: "acme", actions: [action] }), "NOT_FOUND", M.employeeNotFound);
    const mei = await moveOf(ids.mei);
    await t.db.updateTable("moves").set({ created_by: own.id }).where("id", "=", mei.id).execute();
    try {
      await manager.assignments.extend({ group: "acme", actions: [action] });
      expect((await moveOf(ids.mei)).assignment_end_date).toBe("2031-09-09");
    } finally {
      await t.db.updateTable("moves").set({ created_by: null }).where("id", "=", mei.id).execute();
      await t.db.updateTable("manager_restrictions").set({ creation_restriction: "VIEW" }).where("user_id", "=", own.id).execute();
    }
  });

  test("50 parallel identical extensions: one effect, the rest refused (the date no longer differs)", async () => {
    const action = { employeeId: ids.hannah, message: "", newEndDate: "2032-01-01", groupOptionId: null };
    const callers = await Promise.all(Array.from({ length: 5 }, () => t.hrAcme()));
    const results = await race(50, (i) => callers[i % 5]!.assignments.extend({ group: "acme", actions: [action] }));
    await expectOneEffect(results, { refusal: { code: "BAD_REQUEST", message: M.unableToProcess } });
    const move = await moveOf(ids.hannah);
    expect(move.assignment_end_date).toBe("2032-01-01");
    expect(await actionsOf(move.id)).toHaveLength(1);
    expect(await auditsOf(move.id, "assignments.extend")).toHaveLength(1);
  });
});

describe("assignments.repatriate", () => {
  async function stage3Of(employeeId: number) {
    const move = await moveOf(employeeId);
    const services = await t.db.selectFrom("policy_services").select("service_key").where("policy_version_id", "=", move.policy_version_id).where("move_stage", "=", 3).limit(1).execute();
    const budgets = await t.db.selectFrom("budget_groups").select(["id", "group_number"]).where("policy_version_id", "=", move.policy_version_id).where("move_stage", "=", 3).limit(1).execute();
    return { move, services, budgets };
  }

  test("HR ends an assignment: end date, reason, stage 3 with its services and budgets, history and audit", async () => {
    const { move, services, budgets } = await stage3Of(ids.ravi);
    expect(services.length + budgets.length).toBeGreaterThan(0);
    const res = await (await t.hrAcme()).assignments.repatriate({ group: "acme", actions: [{
      employeeId: ids.ravi, message: "Back home", newEndDate: "2030-12-31", reason: "Project finished",
      services: services.map((s) => s.service_key), budgets: budgets.map((b) => ({ budgetGroupId: b.group_number, amount: 250000, currency: "EUR" })),
    }] });
    expect(res.message).toBe(M.ended);
    const after = await moveOf(ids.ravi);
    expect(after).toMatchObject({ assignment_end_date: "2030-12-31", current_move_stage: 3 });
    const [row] = await actionsOf(move.id);
    expect(row).toMatchObject({ kind: "END", reason: "Project finished", from_stage: 2, to_stage: 3 });
    // The listed services are the policy's mandatory ones of stage 3: included without an override row
    // (src/routers/moves/assignments-policy.test.ts covers addable services and budgets).
    const policy = await (await t.hrAcme()).wizard.employeePolicyServiceBenefits({ employeeId: ids.ravi, action: "VIEW" });
    const included = policy.moveStageSections[2]!.sections[0]!.components[0]!.servicesList.map((c) => c.service);
    expect(included).toEqual(expect.arrayContaining(services.map((s) => s.service_key)));
    const budgetRows = await t.db.selectFrom("move_budget_overrides").selectAll().where("move_id", "=", move.id).where("move_stage", "=", 3).execute();
    expect(budgetRows.map((b) => [b.group_number, b.amount, b.currency])).toEqual(budgets.map((b) => [b.group_number, 250000, "EUR"]));
    expect(await auditsOf(move.id, "assignments.end")).toHaveLength(1);
    // At stage 3 the employee is no longer eligible: a second end is refused.
    const err = await expectTrpcError((await t.hrAcme()).assignments.repatriate({ group: "acme", actions: [{ employeeId: ids.ravi, message: "", newEndDate: "2030-12-31", reason: null, services: [], budgets: [] }] }), "BAD_REQUEST", M.unableToProcess);
    expect(appError(err).fields).toEqual({ "actions.0.employeeId": M.notEligible });
    await t.db.deleteFrom("move_service_overrides").where("move_id", "=", move.id).where("move_stage", "=", 3).execute();
    await t.db.deleteFrom("move_budget_overrides").where("move_id", "=", move.id).where("move_stage", "=", 3).execute();
  });

  test("bad input: past date, missing reason when applicable, unknown service and budget — nothing applied", async () => {
    const hr = await t.hrAcme();
    const base = { employeeId: ids.mei, message: "", newEndDate: "2030-12-31", reason: null, services: [], budgets: [] };
    let err = await expectTrpcError(hr.assignments.repatriate({ group: "acme", actions: [{ ...base, newEndDate: "2021-01-01" }] }), "BAD_REQUEST", M.unableToProcess);
    expect(appError(err).fields).toEqual({ "actions.0.newEndDate": M.pastDate });
    err = await expectTrpcError(hr.assignments.repatriate({ group: "acme", actions: [{ ...base, services: ["NOT_A_SERVICE"], budgets: [{ budgetGroupId: 77, amount: 1, currency: "EUR" }] }] }), "BAD_REQUEST", M.unableToProcess);
    expect(appError(err).fields).toEqual({ "actions.0.services.0": M.serviceUnknown, "actions.0.budgets.0.budgetGroupId": M.budgetUnknown });
    await t.db.insertInto("group_hr_settings").values({ group_id: 1, extension_reason_enabled: 1, updated_at: new Date().toISOString() }).execute();
    err = await expectTrpcError(hr.assignments.repatriate({ group: "acme", actions: [{ ...base, employeeId: ids.ravi }, base] }), "BAD_REQUEST", M.unableToProcess);
    expect(appError(err).fields).toEqual({ "actions.0.reason": M.endReasonRequired, "actions.1.reason": M.endReasonRequired });
    expect(await moveOf(ids.mei)).toMatchObject({ current_move_stage: 2, assignment_end_date: ORIGINAL[ids.mei]!.end });
  });

  test("a failure forced mid-transaction (the second move's update) leaves nothing applied", async () => {
    const broken = failingWrites(t.db, { table: "moves", kind: "update", nth: 2 });
    const ctx = await contextFor(t.db, DEMO.HR);
    const base = { message: "", newEndDate: "2030-12-31", reason: "Done", services: [], budgets: [] };
    await expect(endAssignments(broken.db, { user: ctx.session!.user, ip: null }, { id: ctx.session!.user.groupId! }, [{ ...base, employeeId: ids.mei }, { ...base, employeeId: ids.ravi }])).rejects.toThrow();
    expect(broken.fired()).toBe(true);
    expect(await moveOf(ids.mei)).toMatchObject({ current_move_stage: 2, assignment_end_date: ORIGINAL[ids.mei]!.end });
    expect(await moveOf(ids.ravi)).toMatchObject({ current_move_stage: 2, assignment_end_date: ORIGINAL[ids.ravi]!.end });
    expect(await t.db.selectFrom("assignment_actions").select("id").execute()).toHaveLength(0);
  });

  test("access: employee refused, other group refused", async () => {
    const action = { employeeId: ids.mei, message: "", newEndDate: "2030-12-31", reason: null, services: [], budgets: [] };
    await expectTrpcError((await t.employee()).assignments.repatriate({ group: "acme", actions: [action] }), "FORBIDDEN");
    await expectTrpcError((await t.hrGlobex()).assignments.repatriate({ group: "acme", actions: [action] }), "FORBIDDEN", messages.otherGroup);
    await expectTrpcError((await t.hrGlobex()).assignments.repatriate({ group: "globex", actions: [action] }), "NOT_FOUND", M.employeeNotFound);
  });
});

describe("documented paths", () => {
  const EXTEND = "/hr/json/extend-employee-assignments";
  const END = "/hr/json/repatriate-employees";

  test("POST extend-employee-assignments (JSON, the caller's group): success, results", async () => {
    const res = await postJson(app, EXTEND, { actions: [{ employeeId: ids.mei, message: "m", newEndDate: "2033-03-03" }] }, { cookie: cookies[DEMO.HR] });
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body).toMatchObject({ success: true, message: M.extended, results: [{ employeeId: ids.mei, newEndDate: "2033-03-03", stage: 2 }] });
    expect((await moveOf(ids.mei)).assignment_end_date).toBe("2033-03-03");
  });

  test("POST repatriate-employees (form with actions as JSON text; ADMIN names the group)", async () => {
    const actions = JSON.stringify([{ employeeId: ids.hannah, message: "", newEndDate: "2030-10-10", reason: "Early return" }]);
    const res = await postForm(app, END, { group: "acme", actions }, { cookie: cookies[DEMO.ADMIN] });
    expect(res.status).toBe(200);
    expect((await res.json()).success).toBe(true);
    expect(await moveOf(ids.hannah)).toMatchObject({ current_move_stage: 3, assignment_end_date: "2030-10-10" });
  });

  test("failures: the spec's texts and statuses, per-action errors, no stack trace", async () => {
    let res = await postJson(app, EXTEND, { actions: [] }, { cookie: cookies[DEMO.HR] });
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ success: false, message: M.noneSelected, results: [] });
    res = await postJson(app, END, { actions: [{ employeeId: ids.mei, newEndDate: "2020-01-01" }] }, { cookie: cookies[DEMO.HR] });
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ success: false, message: M.unableToProcess, errors: { "actions.0.newEndDate": M.pastDate } });
    res = await postJson(app, EXTEND, { actions: [{ employeeId: ids.mei, newEndDate: "2033-03-03" }] }, { cookie: cookies[DEMO.EMPLOYEE] });
    expect(res.status).toBe(403);
    res = await postJson(app, EXTEND, { group: "acme", actions: [{ employeeId: ids.mei, newEndDate: "2033-03-03" }] }, { cookie: cookies[DEMO.GLOBEX] });
    expect(res.status).toBe(403);
    res = await postJson(app, EXTEND, { actions: [{ employeeId: ids.mei, newEndDate: "2033-03-03" }] }, { cookie: cookies[DEMO.GLOBEX] });
    expect(res.status).toBe(404);
    res = await postJson(app, EXTEND, { actions: [{ employeeId: ids.mei, newEndDate: "2033-03-03" }] }, { cookie: cookies[DEMO.ADMIN] });
    expect(res.status).toBe(400);
    expect((await res.json()).message).toBe(M.groupRequired);
    res = await postJson(app, EXTEND, { actions: [{ employeeId: ids.mei, newEndDate: "2033-03-03" }] });
    expect(res.status).toBe(401);
    expect((await moveOf(ids.mei)).assignment_end_date).toBe(ORIGINAL[ids.mei]!.end);
  });
});
