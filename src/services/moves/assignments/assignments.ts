/**
 * Extend and end assignments (issue 15; part 1 §2, §4, §5, §7, §8). Both transports call these
 * (src/routers/moves/assignments.ts, src/routers/moves/legacy/assignments.ts).
 *
 * Who: HR of the group and ADMIN, and a MANAGER of the group whose creation restriction is CREATE (the spec's
 * managers with creation rights start and change moves; VIEW managers only read). Every employee named must be
 * visible to the caller: in the group, and for a manager inside their restrictions (the shared SQL helper
 * src/db/queries/restrictions.ts); an invisible employee answers like a missing one.
 *
 * One transaction for all the actions of a call: the moves are locked in ascending id order (one lock order
 * for every caller, so two batches cannot deadlock), re-read under the lock, checked (eligibility §4, rules §5)
 * and only then written. Any invalid action refuses the whole call with "We were unable to process data." and
 * the per-action texts in `fields` (`actions.<i>.<field>`); nothing is applied. Each write is conditional on
 * what was read (end date, stage), so parallel identical calls give one effect: the others find the date
 * already set (extend: "must differ") or the move past stage 2 (end: not eligible).
 */
import type { DB } from "../../../db/index.ts";
import { lockRow } from "../../../db/locks.ts";
import { insertAudit } from "../../../db/queries/audit.ts";
import { restrictionScopeOf, restrictMoves } from "../../../db/queries/restrictions.ts";
import type { GroupRef } from "../../../db/schema.ts";
import { findGroupByName } from "../../../db/queries/admin/groups.ts";
import { isEligible, todayOf, validateEnd, validateExtension } from "../../../domain/moves/assignments/rules.ts";
import {
  assignmentMessages as M,
  ELIGIBLE_STAGE,
  REPATRIATION_STAGE,
  type TActionsResponse,
  type TEmployeesView,
  type TEndAction,
  type TExtendAction,
} from "../../../domain/moves/assignments/schemas.ts";
import { AppError, type FieldErrors } from "../../../domain/errors.ts";
import { messages } from "../../../domain/messages.ts";
import { endActionErrors, isPolicyEdit, policyEditRefusal, repatriationStage } from "../../../domain/moves/assignments/policy.ts";
import { checkStore } from "../../../domain/moves/wizard/overrides.ts";
import { canActInGroup } from "../../../domain/roles.ts";
import { findMoveWithPolicy } from "../../../db/queries/moves/moves.ts";
import { findBudgetOverrides, findServiceOverrides, replaceMoveOverrides, type BudgetOverrideRow, type ServiceOverrideRow } from "../../../db/queries/moves/overrides.ts";
import { loadOverrideData } from "../wizard/overrides.ts";
import type { SessionUser } from "../../identity/auth.ts";
import { extensionReasons } from "../../admin/hr-settings/extension-reasons.ts";
import { notifyAssignment } from "../../identity/notifications/events.ts";

export type Actor = { user: SessionUser; ip: string | null };
type Group = { id: number };

/** May the caller extend or end assignments in the group (role and, for a manager, creation CREATE)? */
async function mayAct(db: DB, user: SessionUser, groupId: number): Promise<boolean> {
  if (!canActInGroup(user, groupId)) return false;
  if (user.role === "HR" || user.role === "ADMIN") return true;
  if (user.role !== "MANAGER") return false;
  const row = await db.selectFrom("manager_restrictions").select("creation_restriction").where("user_id", "=", user.id).executeTakeFirst();
  return row?.creation_restriction === "CREATE";
}

async function requireActor(db: DB, user: SessionUser, group: Group) {
  if (!["HR", "ADMIN", "MANAGER"].includes(user.role)) throw new AppError("FORBIDDEN", messages.forbidden);
  if (!canActInGroup(user, group.id)) throw new AppError("FORBIDDEN", messages.otherGroup);
  if (!(await mayAct(db, user, group.id))) throw new AppError("FORBIDDEN", messages.forbidden);
}

/** The group of a legacy call: the named one (URL name) or the caller's own; checked like groupProcedure. */
export async function assignmentsGroup(db: DB, user: SessionUser, name: string | undefined): Promise<GroupRef> {
  if (!["HR", "ADMIN", "MANAGER"].includes(user.role)) throw new AppError("FORBIDDEN", messages.forbidden);
  const groupName = name ?? user.groupName ?? undefined;
  if (!groupName) throw new AppError("VALIDATION", M.groupRequired, { group: M.groupRequired });
  const group = await findGroupByName(db, groupName);
  if (!group) throw new AppError("NOT_FOUND", messages.notFound);
  if (!canActInGroup(user, group.id)) throw new AppError("FORBIDDEN", messages.otherGroup);
  return group;
}

/** The moves the table and the actions work on: each employee's newest move that is not a draft or cancelled. */
function currentMoves(db: DB, groupId: number) {
  return db
    .selectFrom("moves as m")
    .innerJoin("users as u", "u.id", "m.employee_user_id")
    .innerJoin("policies as p", "p.id", "m.policy_id")
    .where("m.group_id", "=", groupId)
    .where("m.status", "not in", ["draft", "cancelled"])
    .where(({ not, exists, selectFrom }) =>
      not(exists(selectFrom("moves as n").select("n.id").whereRef("n.employee_user_id", "=", "m.employee_user_id").where("n.status", "not in", ["draft", "cancelled"]).whereRef("n.id", ">", "m.id"))),
    );
}

/** The HR employee table (§2): the group's employees with their move's status, stage and end date. */
export async function assignmentEmployees(db: DB, user: SessionUser, group: Group, now = new Date()): Promise<TEmployeesView> {
  const scope = await restrictionScopeOf(db, user);
  const rows = await restrictMoves(currentMoves(db, group.id), scope, "m")
    .select([
      "m.id as moveId",
      "u.id as employeeId",
      "u.first_name",
      "u.last_name",
      "u.email",
      "m.status",
      "m.current_move_stage",
      "p.move_stages_count",
      "p.name as policyName",
      "m.assignment_end_date",
    ])
    .orderBy("u.last_name")
    .orderBy("u.first_name")
    .orderBy("m.id")
    .limit(1000)
    .execute();
  return {
    rows: rows.map((r) => ({
      employeeId: r.employeeId,
      moveId: r.moveId,
      firstName: r.first_name ?? "",
      lastName: r.last_name ?? "",
      email: r.email,
      status: r.status,
      stage: r.current_move_stage,
      stagesCount: r.move_stages_count,
      policyName: r.policyName,
      assignmentEndDate: r.assignment_end_date,
      eligible: isEligible({ stagesCount: r.move_stages_count, stage: r.current_move_stage, status: r.status, assignmentEndDate: r.assignment_end_date }),
    })),
    canAct: await mayAct(db, user, group.id),
    reasons: await extensionReasons(db, group),
    today: todayOf(now),
  };
}

type Kind = "EXTEND" | "END";
type LockedMove = {
  id: number;
  employee_user_id: number;
  status: string;
  current_move_stage: number;
  assignment_end_date: string | null;
  policy_version_id: number;
  move_stages_count: number;
};

/** Finds, locks (ascending move id) and re-reads the moves of the named employees; an invisible one is NOT_FOUND. */
async function lockMoves(trx: DB, user: SessionUser, group: Group, employeeIds: number[]): Promise<Map<number, LockedMove>> {
  const scope = await restrictionScopeOf(trx, user);
  const found = await restrictMoves(currentMoves(trx, group.id), scope, "m").select(["m.id", "m.employee_user_id"]).where("m.employee_user_id", "in", employeeIds).execute();
  const byEmployee = new Map(found.map((r) => [r.employee_user_id, r.id]));
  const missing = employeeIds.filter((id) => !byEmployee.has(id));
  if (missing.length > 0) throw new AppError("NOT_FOUND", M.employeeNotFound);
  const moveIds = [...byEmployee.values()].sort((a, b) => a - b);
  for (const id of moveIds) await lockRow(trx, "moves", id);
  const rows = await trx
    .selectFrom("moves as m")
    .innerJoin("policies as p", "p.id", "m.policy_id")
    .select(["m.id", "m.employee_user_id", "m.status", "m.current_move_stage", "m.assignment_end_date", "m.policy_version_id", "p.move_stages_count"])
    .where("m.id", "in", moveIds)
    .execute();
  return new Map(rows.map((r) => [r.employee_user_id, r as LockedMove]));
}

function checkDistinct(actions: { employeeId: number }[]) {
  const seen = new Set<number>();
  const fields: FieldErrors = {};
  actions.forEach((a, i) => {
    if (seen.has(a.employeeId)) fields[`actions.${i}.employeeId`] = M.duplicateEmployee;
    seen.add(a.employeeId);
  });
  if (Object.keys(fields).length > 0) throw new AppError("VALIDATION", M.unableToProcess, fields);
}

function withPrefix(fields: FieldErrors, i: number, errors: Record<string, string | undefined>) {
  for (const [k, v] of Object.entries(errors)) if (v) fields[`actions.${i}.${k}`] = v;
}

async function run<A extends { employeeId: number; newEndDate: string; message: string }>(
  db: DB,
  actor: Actor,
  group: Group,
  kind: Kind,
  actions: A[],
  check: (trx: DB, a: A, move: LockedMove, ctx: { today: string; reasonsEnabled: boolean; reasonIds: number[] }) => Promise<Record<string, string | undefined>>,
  apply: (trx: DB, a: A, move: LockedMove, at: string, ctx: { reasons: Map<number, string> }) => Promise<void>,
  now: Date,
): Promise<TActionsResponse> {
  await requireActor(db, actor.user, group);
  if (actions.length === 0) throw new AppError("VALIDATION", M.noneSelected);
  checkDistinct(actions);
  const today = todayOf(now);
  const at = now.toISOString();
  return db.transaction().execute(async (trx) => {
    const moves = await lockMoves(trx, actor.user, group, actions.map((a) => a.employeeId));
    const view = await extensionReasons(trx, group);
    const ctx = { today, reasonsEnabled: view.enabled, reasonIds: view.reasons.map((r) => r.id) };
    const fields: FieldErrors = {};
    for (const [i, a] of actions.entries()) {
      const move = moves.get(a.employeeId)!;
      const eligible = isEligible({ stagesCount: move.move_stages_count, stage: move.current_move_stage, status: move.status, assignmentEndDate: move.assignment_end_date });
      if (!eligible) fields[`actions.${i}.employeeId`] = M.notEligible;
      else withPrefix(fields, i, await check(trx, a, move, ctx));
    }
    if (Object.keys(fields).length > 0) throw new AppError("VALIDATION", M.unableToProcess, fields);
    const reasons = new Map(view.reasons.map((r) => [r.id, r.optionValue]));
    const results: TActionsResponse["results"] = [];
    for (const a of actions) {
      const move = moves.get(a.employeeId)!;
      const toStage = kind === "END" ? REPATRIATION_STAGE : move.current_move_stage;
      const updated = await trx
        .updateTable("moves")
        .set({ assignment_end_date: a.newEndDate, current_move_stage: toStage, updated_at: at })
        .where("id", "=", move.id)
        .where("current_move_stage", "=", ELIGIBLE_STAGE)
        .where("assignment_end_date", "=", move.assignment_end_date!)
        .executeTakeFirst();
      if (Number(updated.numUpdatedRows) !== 1) throw new AppError("CONFLICT", M.unableToProcess);
      await apply(trx, a, move, at, { reasons });
      // The employee is told in this transaction (issue 24 §3).
      await notifyAssignment(trx, { moveId: move.id, groupId: group.id, employeeUserId: move.employee_user_id, endDate: a.newEndDate }, kind === "END" ? "ENDED" : "EXTENDED", at);
      results.push({ employeeId: a.employeeId, moveId: move.id, oldEndDate: move.assignment_end_date, newEndDate: a.newEndDate, stage: toStage });
    }
    return { message: kind === "END" ? M.ended : M.extended, results };
  });
}

function audit(trx: DB, actor: Actor, groupId: number, moveId: number, action: string, oldValues: unknown, newValues: unknown, at: string) {
  return insertAudit(trx, { actorUserId: actor.user.id, groupId, entity: "move", entityId: moveId, action, oldValues, newValues, ip: actor.ip, at });
}

/**
 * Extends the assignments (§5): each new end date is stored on the move; the history keeps old → new, HR's
 * message and, when the group's extension reasons are enabled, the reason option and its text.
 */
export function extendAssignments(db: DB, actor: Actor, group: Group, actions: TExtendAction[], now = new Date()): Promise<TActionsResponse> {
  return run(
    db,
    actor,
    group,
    "EXTEND",
    actions,
    async (_trx, a, move, ctx) =>
      validateExtension({ currentEndDate: move.assignment_end_date, newEndDate: a.newEndDate, today: ctx.today, reasonsEnabled: ctx.reasonsEnabled, groupOptionId: a.groupOptionId, reasonIds: ctx.reasonIds }),
    async (trx, a, move, at, ctx) => {
      const reason = a.groupOptionId === null ? null : (ctx.reasons.get(a.groupOptionId) ?? null);
      await trx
        .insertInto("assignment_actions")
        .values({
          group_id: group.id, move_id: move.id, employee_user_id: move.employee_user_id, kind: "EXTEND", old_end_date: move.assignment_end_date, new_end_date: a.newEndDate,
          reason_option_id: a.groupOptionId, reason, message: a.message, from_stage: move.current_move_stage, to_stage: move.current_move_stage, actor_user_id: actor.user.id, created_at: at,
        })
        .execute();
      await audit(trx, actor, group.id, move.id, "assignments.extend", { assignmentEndDate: move.assignment_end_date }, { assignmentEndDate: a.newEndDate, groupOptionId: a.groupOptionId, reason }, at);
    },
    now,
  );
}

type StageOverrides = { services: { key: string; selected: boolean }[]; budgets: { budgetGroupId: number; amount: number; currency: string }[] };

/** The move's stage-3 overrides as the audit row shows them. */
function stage3Of(services: ServiceOverrideRow[], budgets: BudgetOverrideRow[]): StageOverrides {
  return {
    services: services.filter((o) => o.stage === REPATRIATION_STAGE).map((o) => ({ key: o.key, selected: o.selected })),
    budgets: budgets.filter((b) => b.stage === REPATRIATION_STAGE).map((b) => ({ budgetGroupId: b.group, amount: b.amount, currency: b.currency })),
  };
}

/** What the check of one end action found: the stage-3 overrides before, and the rows to write for a policy edit. */
type EndPlan = { before: StageOverrides; edit: { services: ServiceOverrideRow[]; budgets: BudgetOverrideRow[] } | null };

/**
 * Ends the assignments (§5, §7): the end date and reason are stored, the move moves to its repatriation stage
 * (stage 3). An action with `services` or `budgets` also edits the repatriation stage's policy (§6): only when
 * the caller is authorised for policy edit (HR of the group or ADMIN, the employee at stage 2) and the move's
 * policy is editable (src/domain/moves/assignments/policy.ts); the request is checked by the wizard's stage-3 rule
 * (checkStore: budgets above zero, inside the policy budget's min/max, amount with currency) on the rows read
 * under the lock, and the move's overrides are replaced as storePolicyOverrides replaces them. Any refusal:
 * nothing applied, the reason under the action's fields. The audit row holds old and new end date, stage,
 * stage-3 services and budgets.
 */
export function endAssignments(db: DB, actor: Actor, group: Group, actions: TEndAction[], now = new Date()): Promise<TActionsResponse> {
  const plans = new Map<number, EndPlan>();
  return run(
    db,
    actor,
    group,
    "END",
    actions,
    async (trx, a, move, ctx) => {
      const errors: Record<string, string | undefined> = { ...validateEnd({ newEndDate: a.newEndDate, today: ctx.today, reasonsEnabled: ctx.reasonsEnabled, reason: a.reason }) };
      if (!isPolicyEdit(a)) {
        const [services, budgets] = await Promise.all([findServiceOverrides(trx, move.id), findBudgetOverrides(trx, move.id)]);
        plans.set(move.id, {
          before: stage3Of(
            services.map((o) => ({ stage: o.move_stage, key: o.service_key, selected: o.selected === 1, benefitOptionId: o.benefit_option_id, amount: o.amount, currency: o.currency })),
            budgets.map((b) => ({ stage: b.move_stage, group: b.group_number, currency: b.currency, amount: b.amount })),
          ),
          edit: null,
        });
        return errors;
      }
      const refusal = policyEditRefusal(actor.user, { status: move.status, group_id: group.id, current_move_stage: move.current_move_stage });
      if (refusal) return { ...errors, policy: refusal };
      const full = await findMoveWithPolicy(trx, move.id);
      if (!full) return { ...errors, employeeId: M.employeeNotFound };
      const data = await loadOverrideData(trx, full);
      const built = repatriationStage(data, a.services, a.budgets);
      if (Object.keys(built.errors).length > 0) return { ...errors, ...built.errors };
      const check = checkStore(data, [built.stage]);
      if (Object.keys(check.errors).length > 0) return { ...errors, ...endActionErrors(check.errors, a.services, a.budgets) };
      plans.set(move.id, { before: stage3Of(data.overrides, data.budgetOverrides), edit: { services: check.serviceRows, budgets: check.budgetRows } });
      return errors;
    },
    async (trx, a, move, at) => {
      const plan = plans.get(move.id)!;
      if (plan.edit) await replaceMoveOverrides(trx, move.id, plan.edit.services, plan.edit.budgets);
      const after = plan.edit ? stage3Of(plan.edit.services, plan.edit.budgets) : plan.before;
      await trx
        .insertInto("assignment_actions")
        .values({
          group_id: group.id, move_id: move.id, employee_user_id: move.employee_user_id, kind: "END", old_end_date: move.assignment_end_date, new_end_date: a.newEndDate,
          reason_option_id: null, reason: a.reason, message: a.message, services: JSON.stringify(a.services), budgets: JSON.stringify(a.budgets),
          from_stage: move.current_move_stage, to_stage: REPATRIATION_STAGE, actor_user_id: actor.user.id, created_at: at,
        })
        .execute();
      await audit(
        trx, actor, group.id, move.id, "assignments.end",
        { assignmentEndDate: move.assignment_end_date, stage: move.current_move_stage, services: plan.before.services, budgets: plan.before.budgets },
        { assignmentEndDate: a.newEndDate, stage: REPATRIATION_STAGE, reason: a.reason, services: after.services, budgets: after.budgets },
        at,
      );
    },
    now,
  );
}
