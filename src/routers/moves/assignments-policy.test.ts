/**
 * Policy editing in the end-assignment call (issue 15; part 1 §6 "Policy editing in the end-assignment popup
 * requires authorisation for policy edit and the employee at stage 2; isPolicyEditable can disallow editing.";
 * §7 "… plus services and budgets for end"), through tRPC and the documented path, on the dialect under test:
 * the repatriation stage's services and budgets stored as the move's stage-3 overrides (read back through
 * employeePolicyServiceBenefits), the wizard's budget rules (range, above zero), refusals per action with
 * nothing applied (unauthorised caller, unknown service or budget, out of range), another group, a failure
 * forced half-way, 20 parallel identical ends, and the audit row's old and new values field by field.
 *
 * The demo policy version has no addable service or budget on stage 3: beforeAll adds CULTURALTRAINING
 * (addable, budget group 4) and group 4's hard EUR budget 2,000.00 (min 1,000.00, max 5,000.00) to it.
 */
import { beforeAll, beforeEach, describe, expect, test } from "bun:test";
import { policyEditRefusal } from "../../domain/moves/assignments/policy.ts";
import { assignmentMessages as M } from "../../domain/moves/assignments/schemas.ts";
import type { AppError } from "../../domain/errors.ts";
import { messages } from "../../domain/messages.ts";
import { formatMoney } from "../../domain/money/money.ts";
import { wizardMessages, wizardText } from "../../domain/moves/wizard/messages.ts";
import { endAssignments } from "../../services/moves/assignments/assignments.ts";
import { appFor, cookieFor, postJson, type TestApp } from "../../test/app.ts";
import { callerFor, contextFor } from "../../test/db.ts";
import { expectTrpcError } from "../../test/errors.ts";
import { failingWrites } from "../../test/fail-midway.ts";
import { DEMO, useTestDatabase } from "../../test/fixtures.ts";
import { expectAudit, groupIdOf } from "../../test/audit.ts";
import { expectOneEffect, race } from "../../test/race.ts";

const t = useTestDatabase({ wizardDemo: true, poolSize: 12 });
let app: TestApp;
const EMAILS = { mei: "mei.tanaka@acme.test", ravi: "ravi.patel@acme.test", hannah: "hannah.schulz@acme.test" } as const;
const ORIGINAL: Record<number, { stage: number; status: string; end: string | null }> = {};
let ids: Record<keyof typeof EMAILS, number>;
const ADDABLE = "CULTURALTRAINING";
const GROUP = 4;

const moveOf = (employeeId: number) =>
  t.db.selectFrom("moves").select(["id", "assignment_end_date", "current_move_stage", "status", "policy_version_id", "created_by"]).where("employee_user_id", "=", employeeId).where("status", "not in", ["draft", "cancelled"]).orderBy("id", "desc").executeTakeFirstOrThrow();
const serviceOverrides = (moveId: number) => t.db.selectFrom("move_service_overrides").select(["move_stage", "service_key", "selected"]).where("move_id", "=", moveId).orderBy("move_stage").orderBy("service_key").execute();
const budgetOverrides = (moveId: number) => t.db.selectFrom("move_budget_overrides").select(["move_stage", "group_number", "amount", "currency"]).where("move_id", "=", moveId).orderBy("move_stage").orderBy("group_number").execute();
let auditFloor = 0;
const endAudits = (moveId: number) => t.db.selectFrom("audit_log").selectAll().where("id", ">", auditFloor).where("entity", "=", "move").where("entity_id", "=", String(moveId)).where("action", "=", "assignments.end").execute();
const appError = (e: { cause?: unknown }) => e.cause as AppError;
const end = (employeeId: number, extra: Partial<{ services: string[]; budgets: { budgetGroupId: number; amount: number; currency: string }[]; newEndDate: string }> = {}) => ({
  employeeId, message: "", newEndDate: "2030-12-31", reason: "Project finished", services: [] as string[], budgets: [] as { budgetGroupId: number; amount: number; currency: string }[], ...extra,
});
const edit = { services: [ADDABLE], budgets: [{ budgetGroupId: GROUP, amount: 300000, currency: "EUR" }] };

beforeAll(async () => {
  app = appFor(t.db);
  const users = await t.db.selectFrom("users").select(["id", "email"]).where("email", "in", Object.values(EMAILS)).execute();
  ids = Object.fromEntries(Object.entries(EMAILS).map(([k, email]) => [k, users.find((u) => u.email === email)!.id])) as typeof ids;
  for (const id of Object.values(ids)) {
    const m = await moveOf(id);
    ORIGINAL[id] = { stage: m.current_move_stage, status: m.status, end: m.assignment_end_date };
  }
  const versionId = (await moveOf(ids.ravi)).policy_version_id;
  await t.db.insertInto("policy_services").values({ policy_version_id: versionId, move_stage: 3, service_key: ADDABLE, title: "Culture coaching back home", service_policy_type: 3, budget_group: GROUP, addable: 1, provided: 1, currency: null, amount: null, budget_type: null, authorization_type: null, min_amount: null, max_amount: null, rate_frequency: null }).execute();
  const group = await t.db.insertInto("budget_groups").values({ policy_version_id: versionId, move_stage: 3, group_number: GROUP, auth_type: "NONE", complexity: "simple", budget_type: "H" }).returning("id").executeTakeFirstOrThrow();
  await t.db.insertInto("budgets").values({ budget_group_id: group.id, currency: "EUR", amount: 200000, min_amount: 100000, max_amount: 500000 }).execute();
});

/** Every test starts from the seeded moves, no history, and one stage-2 override on each move (kept by an end). */
beforeEach(async () => {
  for (const [id, o] of Object.entries(ORIGINAL)) {
    await t.db.updateTable("moves").set({ current_move_stage: o.stage, status: o.status as "open", assignment_end_date: o.end, created_by: null }).where("employee_user_id", "=", Number(id)).where("status", "not in", ["draft", "cancelled"]).execute();
  }
  await t.db.deleteFrom("assignment_actions").execute();
  await t.db.deleteFrom("group_hr_settings").execute();
  auditFloor = (await t.db.selectFrom("audit_log").select("id").orderBy("id", "desc").limit(1).executeTakeFirst())?.id ?? 0;
  for (const id of Object.values(ids)) {
    const move = await moveOf(id);
    await t.db.deleteFrom("move_service_overrides").where("move_id", "=", move.id).execute();
    await t.db.deleteFrom("move_budget_overrides").where("move_id", "=", move.id).execute();
    await t.db.insertInto("move_service_overrides").values({ move_id: move.id, move_stage: 2, service_key: "LANGUAGETRAINING", selected: 1 }).execute();
  }
});

async function expectUntouched(employeeId: number) {
  const move = await moveOf(employeeId);
  expect(move).toMatchObject({ current_move_stage: ORIGINAL[employeeId]!.stage, assignment_end_date: ORIGINAL[employeeId]!.end });
  expect(await serviceOverrides(move.id)).toEqual([{ move_stage: 2, service_key: "LANGUAGETRAINING", selected: 1 }]);
  expect(await budgetOverrides(move.id)).toEqual([]);
  expect(await endAudits(move.id)).toHaveLength(0);
}

describe("happy path", () => {
  test("HR ends with a service and a budget: stage 3, the stage-3 overrides, other stages kept, the policy read shows them", async () => {
    const hr = await t.hrAcme();
    const res = await hr.assignments.repatriate({ group: "acme", actions: [end(ids.ravi, edit)] });
    expect(res.message).toBe(M.ended);
    const move = await moveOf(ids.ravi);
    expect(move).toMatchObject({ current_move_stage: 3, assignment_end_date: "2030-12-31" });
    expect(await serviceOverrides(move.id)).toEqual([
      { move_stage: 2, service_key: "LANGUAGETRAINING", selected: 1 },
      { move_stage: 3, service_key: ADDABLE, selected: 1 },
    ]);
    expect(await budgetOverrides(move.id)).toEqual([{ move_stage: 3, group_number: GROUP, amount: 300000, currency: "EUR" }]);

    // The policy read the popup and the wizard use (employeePolicyServiceBenefits) shows the new stage 3.
    const policy = await hr.wizard.employeePolicyServiceBenefits({ employeeId: ids.ravi, action: "VIEW" });
    const stage3 = policy.moveStageSections.find((s) => s.moveStageId === 3)!;
    expect(stage3.isRepatriation).toBe(true);
    const included = stage3.sections[0]!.components[0]!.servicesList.map((c) => c.service);
    expect(included).toContain(ADDABLE);
    expect(stage3.sections[0]!.budgetGroupComponents.find((g) => g.id === GROUP)).toMatchObject({ budgetAmount: "3000.00", currency: "EUR", minimum: "1000.00", maximum: "5000.00" });
  });

  test("the audit row holds old and new end date, stage, services and budgets", async () => {
    const move = await moveOf(ids.hannah);
    await t.db.insertInto("move_budget_overrides").values({ move_id: move.id, move_stage: 3, group_number: GROUP, currency: "EUR", amount: 150000 }).execute();
    await (await t.hrAcme()).assignments.repatriate({ group: "acme", actions: [end(ids.hannah, edit)] });
    const [row, ...more] = await endAudits(move.id);
    expect(more).toHaveLength(0);
    const oldValues = JSON.parse(row!.old_values!);
    const newValues = JSON.parse(row!.new_values!);
    expect(oldValues.assignmentEndDate).toBe(ORIGINAL[ids.hannah]!.end);
    expect(oldValues.stage).toBe(2);
    expect(oldValues.services).toEqual([]);
    expect(oldValues.budgets).toEqual([{ budgetGroupId: GROUP, amount: 150000, currency: "EUR" }]);
    expect(newValues.assignmentEndDate).toBe("2030-12-31");
    expect(newValues.stage).toBe(3);
    expect(newValues.reason).toBe("Project finished");
    expect(newValues.services).toEqual([{ key: ADDABLE, selected: true }]);
    expect(newValues.budgets).toEqual([{ budgetGroupId: GROUP, amount: 300000, currency: "EUR" }]);
    expect(row!.actor_user_id).not.toBeNull();
    await expectAudit(t.db, {
      action: "assignments.end", actor: DEMO.HR, groupId: await groupIdOf(t.db, "acme"), entity: "move", entityId: move.id,
      oldValues: { assignmentEndDate: ORIGINAL[ids.hannah]!.end, stage: 2, services: [], budgets: [{ budgetGroupId: GROUP, amount: 150000, currency: "EUR" }] },
      newValues: { assignmentEndDate: "2030-12-31", stage: 3, reason: "Project finished", services: [{ key: ADDABLE, selected: true }], budgets: [{ budgetGroupId: GROUP, amount: 300000, currency: "EUR" }] },
    });
  });

  test("an end without services and budgets changes no override; its audit row shows the same stage-3 overrides old and new", async () => {
    const move = await moveOf(ids.mei);
    await (await t.hrAcme()).assignments.repatriate({ group: "acme", actions: [end(ids.mei)] });
    expect(await serviceOverrides(move.id)).toEqual([{ move_stage: 2, service_key: "LANGUAGETRAINING", selected: 1 }]);
    const [row] = await endAudits(move.id);
    expect(JSON.parse(row!.old_values!)).toMatchObject({ stage: 2, services: [], budgets: [] });
    expect(JSON.parse(row!.new_values!)).toMatchObject({ stage: 3, services: [], budgets: [] });
  });

  test("documented path: POST /hr/json/repatriate-employees carries services and budgets", async () => {
    const res = await postJson(app, "/hr/json/repatriate-employees", { actions: [end(ids.mei, edit)] }, { cookie: await cookieFor(t.db, DEMO.HR) });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ success: true, message: M.ended, results: [{ employeeId: ids.mei, stage: 3 }] });
    expect(await budgetOverrides((await moveOf(ids.mei)).id)).toEqual([{ move_stage: 3, group_number: GROUP, amount: 300000, currency: "EUR" }]);
  });
});

describe("refusals: per action, nothing applied", () => {
  test("a manager with creation CREATE may end, but not edit the policy (not authorised for policy edit)", async () => {
    const own = await t.db.selectFrom("users").select("id").where("email", "=", "manager-own@acme.test").executeTakeFirstOrThrow();
    await t.db.updateTable("manager_restrictions").set({ creation_restriction: "CREATE" }).where("user_id", "=", own.id).execute();
    await t.db.updateTable("moves").set({ created_by: own.id }).where("id", "in", [(await moveOf(ids.ravi)).id, (await moveOf(ids.mei)).id]).execute();
    try {
      const manager = await callerFor(t.db, "manager-own@acme.test");
      const err = await expectTrpcError(manager.assignments.repatriate({ group: "acme", actions: [end(ids.mei), end(ids.ravi, edit)] }), "BAD_REQUEST", M.unableToProcess);
      expect(appError(err).fields).toEqual({ "actions.1.policy": M.policyEditUnauthorised });
      await expectUntouched(ids.mei);
      await expectUntouched(ids.ravi);
      const res = await postJson(app, "/hr/json/repatriate-employees", { actions: [end(ids.ravi, { budgets: edit.budgets })] }, { cookie: await cookieFor(t.db, "manager-own@acme.test") });
      expect(res.status).toBe(400);
      expect(await res.json()).toMatchObject({ success: false, message: M.unableToProcess, errors: { "actions.0.policy": M.policyEditUnauthorised } });
      await expectUntouched(ids.ravi);
      // Without a policy edit the same manager ends the assignment.
      await manager.assignments.repatriate({ group: "acme", actions: [end(ids.ravi)] });
      expect((await moveOf(ids.ravi)).current_move_stage).toBe(3);
    } finally {
      await t.db.updateTable("manager_restrictions").set({ creation_restriction: "VIEW" }).where("user_id", "=", own.id).execute();
    }
  });

  test("the §6 rule: authorised for policy edit and the employee at stage 2; isPolicyEditable can still disallow", () => {
    const hr = { role: "HR", groupId: 1 };
    const move = { status: "on_assignment", group_id: 1, current_move_stage: 2 };
    expect(policyEditRefusal(hr, move)).toBeNull();
    expect(policyEditRefusal({ role: "ADMIN", groupId: null }, move)).toBeNull();
    expect(policyEditRefusal({ role: "MANAGER", groupId: 1 }, move)).toBe(M.policyEditUnauthorised);
    expect(policyEditRefusal({ role: "HR", groupId: 2 }, move)).toBe(M.policyEditUnauthorised);
    expect(policyEditRefusal(hr, { ...move, current_move_stage: 3 })).toBe(M.policyEditUnauthorised);
    expect(policyEditRefusal(hr, { ...move, status: "completed" })).toBe(M.policyEditUnauthorised);
  });

  test("budgets: the wizard's rules (above the maximum, below the minimum, zero), unknown and unselected budget groups, unknown services", async () => {
    const hr = await t.hrAcme();
    const cases: [ReturnType<typeof end>[], Record<string, string>][] = [
      [[end(ids.mei, { ...edit, budgets: [{ budgetGroupId: GROUP, amount: 600000, currency: "EUR" }] })], { "actions.0.budgets.0.amount": wizardText(wizardMessages.budgetAboveMax, { label: "budget group 4", max: formatMoney({ amount: 500000, currency: "EUR" }) }) }],
      [[end(ids.mei, { ...edit, budgets: [{ budgetGroupId: GROUP, amount: 50000, currency: "EUR" }] })], { "actions.0.budgets.0.amount": wizardText(wizardMessages.budgetBelowMin, { label: "budget group 4", min: formatMoney({ amount: 100000, currency: "EUR" }) }) }],
      [[end(ids.mei, { ...edit, budgets: [{ budgetGroupId: GROUP, amount: 0, currency: "EUR" }] })], { "actions.0.budgets.0.amount": wizardMessages.budgetGreaterThanZero }],
      [[end(ids.ravi), end(ids.mei, { services: ["REPATRIATION", "NOT_A_SERVICE"], budgets: [{ budgetGroupId: 7, amount: 1, currency: "EUR" }] })], { "actions.1.services.1": M.serviceUnknown, "actions.1.budgets.0.budgetGroupId": M.budgetUnknown }],
      [[end(ids.mei, { services: ["REPATRIATION"], budgets: edit.budgets })], { "actions.0.budgets.0.budgetGroupId": M.budgetNotSelected }],
    ];
    for (const [actions, fields] of cases) {
      const err = await expectTrpcError(hr.assignments.repatriate({ group: "acme", actions }), "BAD_REQUEST", M.unableToProcess);
      expect(appError(err).fields).toEqual(fields);
    }
    await expectUntouched(ids.mei);
    await expectUntouched(ids.ravi);
    expect(await t.db.selectFrom("assignment_actions").select("id").execute()).toHaveLength(0);
  });

  test("another group: globex HR cannot end or edit acme's employees", async () => {
    await expectTrpcError((await t.hrGlobex()).assignments.repatriate({ group: "acme", actions: [end(ids.mei, edit)] }), "FORBIDDEN", messages.otherGroup);
    await expectTrpcError((await t.hrGlobex()).assignments.repatriate({ group: "globex", actions: [end(ids.mei, edit)] }), "NOT_FOUND", M.employeeNotFound);
    const res = await postJson(app, "/hr/json/repatriate-employees", { group: "acme", actions: [end(ids.mei, edit)] }, { cookie: await cookieFor(t.db, DEMO.GLOBEX) });
    expect(res.status).toBe(403);
    await expectUntouched(ids.mei);
  });
});

describe("atomic", () => {
  test("a failure forced half-way (the second move's budget override) leaves nothing applied", async () => {
    const broken = failingWrites(t.db, { table: "move_budget_overrides", kind: "insert", nth: 2 });
    const ctx = await contextFor(t.db, DEMO.HR);
    const before = await t.db.selectFrom("audit_log").select("id").execute();
    await expect(endAssignments(broken.db, { user: ctx.session!.user, ip: null }, { id: ctx.session!.user.groupId! }, [end(ids.mei, edit), end(ids.ravi, edit)])).rejects.toThrow();
    expect(broken.fired()).toBe(true);
    await expectUntouched(ids.mei);
    await expectUntouched(ids.ravi);
    expect(await t.db.selectFrom("assignment_actions").select("id").execute()).toHaveLength(0);
    expect(await t.db.selectFrom("audit_log").select("id").execute()).toHaveLength(before.length);
  });

  test("20 parallel identical ends with services and budgets: one effect, the rest refused (no longer at stage 2)", async () => {
    const callers = await Promise.all(Array.from({ length: 4 }, () => t.hrAcme()));
    const results = await race(20, (i) => callers[i % 4]!.assignments.repatriate({ group: "acme", actions: [end(ids.hannah, edit)] }));
    await expectOneEffect(results, { refusal: { code: "BAD_REQUEST", message: M.unableToProcess } });
    const move = await moveOf(ids.hannah);
    expect(move.current_move_stage).toBe(3);
    expect(await t.db.selectFrom("assignment_actions").select("id").where("move_id", "=", move.id).execute()).toHaveLength(1);
    expect(await endAudits(move.id)).toHaveLength(1);
    expect(await serviceOverrides(move.id)).toEqual([
      { move_stage: 2, service_key: "LANGUAGETRAINING", selected: 1 },
      { move_stage: 3, service_key: ADDABLE, selected: 1 },
    ]);
    expect(await budgetOverrides(move.id)).toEqual([{ move_stage: 3, group_number: GROUP, amount: 300000, currency: "EUR" }]);
  });
});
