/**
 * Policy editing in the end-assignment popup (issue 15; part 1 §6 "Policy editing in the end-assignment popup
 * requires authorisation for policy edit and the employee at stage 2; isPolicyEditable can disallow editing.";
 * §7 "… plus services and budgets for end"). Pure: the service (src/services/moves/assignments/assignments.ts) and
 * the popup (src/web/features/assignments/end-policy.tsx) say the same thing.
 *
 * An end action carries `services` (keys of the repatriation stage the employee gets) and `budgets` (the
 * repatriation stage's budget groups by number, minor units + ISO 4217). Either non-empty makes the action a
 * policy edit. The edit is turned into a stage-3 store request and checked by the wizard's own rule
 * (checkStore of src/domain/moves/wizard/overrides.ts, the one storePolicyOverrides uses): budgets above zero, inside
 * the min/max of the policy budget in that currency (hard budgets refuse, soft ones are stored with a warning),
 * amount and currency together.
 *
 * Services: the policy's mandatory services of stage 3 stay selected (they cannot be removed); an addable
 * service is selected exactly when it is listed. Listing a mandatory service is allowed (it is selected anyway).
 */
import { toMajorString } from "../../money/money.ts";
import { isShown, isUserAuthorizedForPolicyEdit, isPolicyEditable, type OverrideData, type OverrideService, type StoreStage } from "../wizard/overrides.ts";
import { overrideErrorKey } from "../wizard/override-schemas.ts";
import { assignmentMessages as M, REPATRIATION_STAGE } from "./schemas.ts";

export type PolicyEditor = { role: string; groupId: number | null };
export type PolicyEditMove = { status: string; group_id: number; current_move_stage: number };

/**
 * §6: null when the caller may edit the employee's policy in the end popup, else the reason (shown in the popup
 * and returned per action by the server). Authorised: isUserAuthorizedForPolicyEdit with action END_ASSIGNMENT
 * (HR of the move's group or ADMIN, the employee at stage 2); and the move's isPolicyEditable.
 */
export function policyEditRefusal(user: PolicyEditor, move: PolicyEditMove): string | null {
  if (!isUserAuthorizedForPolicyEdit(user, move, "END_ASSIGNMENT")) return M.policyEditUnauthorised;
  if (!isPolicyEditable(user, move)) return M.policyNotEditable;
  return null;
}

/** The same rule from the flags of the policy responses (the popup): employeePolicyServiceBenefits and the stage. */
export function policyEditRefusalOf(flags: { isUserAuthorizedForPolicyEdit: boolean; isPolicyEditable: boolean; stage: number }): string | null {
  if (!flags.isUserAuthorizedForPolicyEdit || flags.stage !== 2) return M.policyEditUnauthorised;
  if (!flags.isPolicyEditable) return M.policyNotEditable;
  return null;
}

export const isPolicyEdit = (a: { services: readonly string[]; budgets: readonly unknown[] }) => a.services.length > 0 || a.budgets.length > 0;

export type EndBudget = { budgetGroupId: number; amount: number; currency: string };

const majorOrUndefined = (amount: number | null, currency: string | null) => (amount === null || currency === null ? undefined : toMajorString({ amount, currency }));

/** The money an addable service keeps when it is (re)selected: the move's override, else the policy's own. */
function moneyOf(s: OverrideService, data: OverrideData) {
  const o = data.overrides.find((x) => x.stage === s.stage && x.key === s.key);
  const hasOverride = o !== undefined && (o.amount !== null || o.currency !== null);
  const amount = hasOverride ? o!.amount : s.amount;
  const currency = hasOverride ? o!.currency : s.currency;
  return { amount: majorOrUndefined(amount, currency), currency: currency ?? undefined, benefit: o?.benefitOptionId ?? s.policyBenefitOptionId ?? undefined };
}

export type EndPolicyCheck = {
  /** Keyed like the action's fields: `services.<j>`, `budgets.<j>.budgetGroupId`, `budgets.<j>.amount`. */
  errors: Record<string, string>;
  /** The stage-3 store request for checkStore (when there are no errors). */
  stage: StoreStage;
};

/**
 * Builds the repatriation stage's store request from an end action, with the errors checkStore cannot see:
 * a service that is not shown on the stage, a budget group that is not on the stage or that belongs to no
 * selected service.
 */
export function repatriationStage(data: OverrideData, services: readonly string[], budgets: readonly EndBudget[]): EndPolicyCheck {
  const stage = REPATRIATION_STAGE;
  const errors: Record<string, string> = {};
  const shown = data.services.filter((s) => s.stage === stage && isShown(s));
  const listed = new Set(services);
  services.forEach((key, j) => {
    if (!shown.some((s) => s.key === key)) errors[`services.${j}`] = M.serviceUnknown;
  });
  const selected = shown.filter((s) => !s.addable || listed.has(s.key));
  const groupsOnStage = new Set(data.budgetGroups.filter((g) => g.stage === stage).map((g) => g.group));
  const selectedGroups = new Set(selected.map((s) => s.budgetGroup));
  budgets.forEach((b, j) => {
    if (!groupsOnStage.has(b.budgetGroupId)) errors[`budgets.${j}.budgetGroupId`] = M.budgetUnknown;
    else if (!selectedGroups.has(b.budgetGroupId)) errors[`budgets.${j}.budgetGroupId`] = M.budgetNotSelected;
  });
  return {
    errors,
    stage: {
      moveStageId: stage,
      services: shown
        .filter((s) => s.addable)
        .map((s) => {
          const m = moneyOf(s, data);
          return { service: s.key, selected: listed.has(s.key), selectedBenefitId: m.benefit, amount: m.amount, currency: m.currency };
        }),
      budgets: budgets.map((b) => ({ budgetGroupId: b.budgetGroupId, amount: toMajorString({ amount: b.amount, currency: b.currency }), currency: b.currency })),
    },
  };
}

/** checkStore's errors (`stage3.<KEY>`, `stage3.budget<n>`) as the action's fields. */
export function endActionErrors(storeErrors: Record<string, string>, services: readonly string[], budgets: readonly EndBudget[]): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, message] of Object.entries(storeErrors)) {
    const b = budgets.findIndex((x) => overrideErrorKey.budget(REPATRIATION_STAGE, x.budgetGroupId) === key);
    if (b >= 0) {
      out[`budgets.${b}.amount`] = message;
      continue;
    }
    const s = services.findIndex((x) => overrideErrorKey.service(REPATRIATION_STAGE, x) === key);
    out[s >= 0 ? `services.${s}` : "services"] = message;
  }
  return out;
}
