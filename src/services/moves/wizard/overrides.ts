/**
 * Wizard stage 3, policy overrides (part 1 §3 policy response, §4, §5 stage 3, §7
 * getPolicyOverrides, employeePolicyServiceBenefits, storePolicyOverrides). The move's policy
 * version (services, benefits, budgets) merged with the move's override rows; the rules are in
 * src/domain/moves/wizard/overrides.ts.
 */
import type { z } from "zod";
import type { DB } from "../../../db/index.ts";
import { lockRow } from "../../../db/locks.ts";
import { findMoveWithPolicy, type MoveWithPolicy } from "../../../db/queries/moves/moves.ts";
import {
  findBudgetOverrides,
  findEmployeeActiveMoveId,
  findServiceOverrides,
  findVersionBenefitChoices,
  replaceMoveOverrides,
  setWizardStage,
} from "../../../db/queries/moves/overrides.ts";
import { findCurrencyCodes, findOptionsOfSets, findUserBrief, findVersionBudgets, findVersionCurrencies } from "../../../db/queries/policy/benefits.ts";
import { findBudgetGroups, findStageServices } from "../../../db/queries/policy/policy.ts";
import { AppError } from "../../../domain/errors.ts";
import { messages } from "../../../domain/messages.ts";
import { moveStageNames } from "../../../domain/policy/catalogue.ts";
import { policyMessages } from "../../../domain/policy/messages.ts";
import { nextStage } from "../../../domain/moves/wizard/navigation.ts";
import type {
  TEmployeePolicyServiceBenefitsResponse,
  TPolicyOverridesResponse,
  TStorePolicyOverridesRequest,
  TStorePolicyOverridesResponse,
  ZEmployeePolicyServiceBenefitsRequest,
} from "../../../domain/moves/wizard/override-schemas.ts";
import {
  buildMoveStageSections,
  checkStore,
  isPolicyEditable as policyEditableFor,
  isUserAuthorizedForPolicyEdit as authorizedForPolicyEdit,
  overrideMessages,
  overridesMessage,
  type OverrideData,
  type OverrideService,
} from "../../../domain/moves/wizard/overrides.ts";
import { wizardMessages } from "../../../domain/moves/wizard/messages.ts";
import type { SessionUser } from "../../identity/auth.ts";
import { loadRates } from "../../estimate/rates.ts";
import { auditMove } from "./audit.ts";
import type { WizardActor } from "./types.ts";
import type { Role } from "../../../domain/roles.ts";

/** Everything stage 3 needs about the move's version and overrides (also read by the end-assignment policy edit, src/services/moves/assignments). */
export async function loadOverrideData(db: DB, move: MoveWithPolicy): Promise<OverrideData> {
  const versionId = move.policy_version_id;
  const [services, choices, budgets, groups, overrides, budgetOverrides, first, all, rates] = await Promise.all([
    findStageServices(db, versionId),
    findVersionBenefitChoices(db, versionId),
    findVersionBudgets(db, versionId),
    findBudgetGroups(db, versionId),
    findServiceOverrides(db, move.id),
    findBudgetOverrides(db, move.id),
    findVersionCurrencies(db, versionId),
    findCurrencyCodes(db),
    loadRates(db),
  ]);
  const options = await findOptionsOfSets(db, [...new Set(choices.map((c) => c.benefit_set_id))], true);
  const overrideServices: OverrideService[] = services.map((s) => {
    const choice = choices.find((c) => c.policy_service_id === s.id);
    return {
      stage: s.move_stage,
      key: s.service_key,
      title: s.title || s.service_name,
      policyType: s.service_policy_type,
      budgetGroup: s.budget_group,
      addable: s.addable === 1,
      provided: s.provided === 1,
      allowNegative: s.amount_can_be_negative === 1,
      note: s.note,
      benefitSet: choice
        ? {
            id: choice.benefit_set_id,
            name: choice.set_name,
            options: options.filter((o) => o.benefit_set_id === choice.benefit_set_id).map((o) => ({ id: o.id, name: o.name })),
          }
        : null,
      policyBenefitOptionId: choice?.benefit_option_id ?? null,
      amount: s.amount,
      currency: s.currency,
    };
  });
  return {
    stageNames: moveStageNames(move.move_stages_count),
    services: overrideServices,
    overrides: overrides.map((o) => ({
      stage: o.move_stage,
      key: o.service_key,
      selected: o.selected === 1,
      benefitOptionId: o.benefit_option_id,
      amount: o.amount,
      currency: o.currency,
    })),
    budgets: budgets.map((b) => ({ id: b.id, stage: b.move_stage, group: b.group_number, currency: b.currency, amount: b.amount, min: b.min_amount, max: b.max_amount })),
    // Soft budgets (type S) with the outside-range option: an amount outside the range is a warning the editor confirms.
    budgetGroups: groups.map((g) => ({ stage: g.move_stage, group: g.group_number, authType: g.auth_type, soft: g.budget_type === "S", allowOutsideRange: g.allow_outside_range === 1 })),
    budgetOverrides: budgetOverrides.map((b) => ({ stage: b.move_stage, group: b.group_number, currency: b.currency, amount: b.amount })),
    // policyOverrideCurrencies' order: the version's currencies first, then every code.
    currencyCodes: [...new Set([...first, ...all.map((c) => c.code)])],
    rateOf: rates.rateOf,
  };
}

/** GET /hr/json/getPolicyOverrides: the move's policy by move stage, with what may be added and removed. */
export async function policyOverrides(db: DB, user: SessionUser, move: MoveWithPolicy): Promise<TPolicyOverridesResponse> {
  const data = await loadOverrideData(db, move);
  const isPolicyEditable = policyEditableFor(user, move);
  return {
    success: true,
    policyName: move.policy_name,
    isPolicyEditable,
    currencyCodes: data.currencyCodes,
    moveStageSections: buildMoveStageSections(data, isPolicyEditable),
    message: overridesMessage(data),
  };
}

/**
 * GET /hr/json/employeePolicyServiceBenefits: the employee's latest move that is not cancelled (or
 * `moveId`). Readers: ADMIN, HR of the employee's group, the employee (VIEW only).
 */
/** Roles that may read an employee's policy services (ADMIN, HR, and the employee their own, VIEW); the builders check it before the input. */
export const EMPLOYEE_POLICY_READERS: Role[] = ["ADMIN", "HR", "EMPLOYEE"];

export async function employeePolicyServiceBenefits(
  db: DB,
  user: SessionUser,
  input: z.infer<typeof ZEmployeePolicyServiceBenefitsRequest>,
): Promise<TEmployeePolicyServiceBenefitsResponse> {
  const self = user.id === input.employeeId;
  const staffRole = user.role === "ADMIN" || user.role === "HR";
  if (!EMPLOYEE_POLICY_READERS.includes(user.role)) throw new AppError("FORBIDDEN", messages.forbidden);
  if (!staffRole && !self) throw new AppError("FORBIDDEN", messages.otherPerson);
  if (!staffRole && input.action !== "VIEW") throw new AppError("FORBIDDEN", messages.forbidden);
  const employee = await findUserBrief(db, input.employeeId);
  if (!employee) throw new AppError("NOT_FOUND", policyMessages.employeeHasNoPolicy);
  const moveId = await findEmployeeActiveMoveId(db, employee.id, input.moveId);
  const move = moveId === null ? undefined : await findMoveWithPolicy(db, moveId);
  const groupId = move?.group_id ?? employee.group_id;
  const staff = user.role === "ADMIN" || (user.role === "HR" && groupId !== null && user.groupId === groupId);
  if (!staff && !(self && input.action === "VIEW")) throw new AppError("FORBIDDEN", messages.otherGroup);
  if (!move) throw new AppError("NOT_FOUND", policyMessages.employeeHasNoPolicy);

  const data = await loadOverrideData(db, move);
  const isUserAuthorizedForPolicyEdit = authorizedForPolicyEdit(user, move, input.action);
  return {
    success: true,
    policyName: move.policy_name,
    currencyCodes: data.currencyCodes,
    isUserAuthorizedForPolicyEdit,
    moveStageSections: buildMoveStageSections(data, isUserAuthorizedForPolicyEdit),
  };
}

/**
 * POST /hr/json/storePolicyOverrides: checks the request (part 1 §5 stage 3); then, in one
 * transaction, replaces the move's override rows, moves the wizard on to the next stage and
 * writes the audit row. A failed check writes nothing.
 */
export async function storePolicyOverrides(
  db: DB,
  actor: WizardActor,
  move: MoveWithPolicy,
  input: TStorePolicyOverridesRequest,
  now = new Date(),
): Promise<TStorePolicyOverridesResponse> {
  if (move.status === "cancelled") throw new AppError("CONFLICT", wizardMessages.moveCancelled);
  if (!policyEditableFor(actor.user, move)) throw new AppError("CONFLICT", overrideMessages.notEditable);
  const data = await loadOverrideData(db, move);
  const check = checkStore(data, input.moveStageSections);
  if (Object.keys(check.errors).length > 0) {
    return { success: false, errors: check.errors, message: check.message, warnings: check.warnings, nextStage: null };
  }
  // Soft budgets outside their range: asked, not refused; stored once the editor confirms.
  if (Object.keys(check.warnings).length > 0 && input.confirmOutsideRange !== true) {
    return { success: false, errors: {}, message: wizardMessages.budgetOutsideRangeWarning, warnings: check.warnings, needsConfirmation: true, nextStage: null };
  }
  const next = nextStage({ estimateType: move.estimate_type, cityGuideOnly: move.city_guide_only === 1 }, 3, { skipCE: move.skip_ce === 1 });
  const at = now.toISOString();
  await db.transaction().execute(async (trx) => {
    // The move's row first (one lock order for its writers): parallel saves replace the rows one
    // after the other (the last one wins) instead of inserting the same override twice.
    await lockRow(trx, "moves", move.id);
    const live = await trx.selectFrom("moves").select("status").where("id", "=", move.id).executeTakeFirst();
    if (!live || live.status === "cancelled") throw new AppError("CONFLICT", wizardMessages.moveCancelled);
    await replaceMoveOverrides(trx, move.id, check.serviceRows, check.budgetRows);
    if (next !== null) await setWizardStage(trx, move.id, next, at);
    await auditMove(trx, actor, { id: move.id, groupId: move.group_id }, {
      at,
      action: "wizard.storePolicyOverrides",
      oldValues: { services: data.overrides, budgets: data.budgetOverrides, wizardStage: move.wizard_stage },
      newValues: { services: check.serviceRows, budgets: check.budgetRows, wizardStage: next, benefits: input.benefits },
    });
  });
  return { success: true, errors: {}, message: null, warnings: check.warnings, nextStage: next };
}
