/**
 * Stage 3 of the new-move wizard, policy overrides (part 1 §3 "Policy response", "Policy
 * section", "Policy view component", "Budget (view)"; §4 benefit add/remove and budget group
 * sharing; §5 stage-3 rules). Pure: the services read the policy version and the move's override
 * rows, these functions merge them into the view and check a store request.
 *
 * Which services show and start selected (decided from the policy service fields):
 * - type 5 (off) never shows; a service that is neither provided nor addable does not show;
 * - a service that is not `addable` is part of the policy: always selected ("Included"), not
 *   removable;
 * - an `addable` service starts in "Available to add" (unselected) unless the move's override
 *   selected it; once added it is removable.
 */
import { budgetRangeIn, isOutsideRange, outsideRangeConfirmable } from "../../employee/budgets/range.ts";
import { AppError } from "../../errors.ts";
import { formatMoney, isCurrencyCode, parseAmount, toMajorString } from "../../money/money.ts";
import { BUDGET_GROUP_MAX, BUDGET_GROUP_MIN, SERVICE_POLICY_TYPE_LABELS, type ServicePolicyType } from "../../policy/catalogue.ts";
import { wizardMessages, wizardText } from "./messages.ts";
import { overrideErrorKey, type TMoveStageSection, type TPolicyViewComponent, type TPolicyViewField } from "./override-schemas.ts";

/** Meridian's texts of stage 3 (the spec names the rule, not the words). */
export const overrideMessages = {
  nonRemovable: "This benefit is part of the employee's policy and cannot be removed.",
  notOnPolicy: "{label} is not part of this policy.",
  invalidBenefit: "Please choose one of the listed options for {label}.",
  budgetLabel: "budget group {group}",
  notEditable: "The policy of this move can no longer be changed here.",
} as const;

export const INCLUDED_LABEL = "Included";
export const AVAILABLE_LABEL = "Available to add";
const SERVICE_OFF = 5;

/** A service of the move's policy version on one move stage. */
export type OverrideService = {
  stage: number;
  key: string;
  title: string;
  policyType: number;
  /** 1–20, or 99 for none. */
  budgetGroup: number;
  addable: boolean;
  provided: boolean;
  allowNegative: boolean;
  note: string;
  /** The benefit set offered as a list (the service's first set), with its options. */
  benefitSet: { id: number; name: string; options: Array<{ id: number; name: string }> } | null;
  /** The option the policy chose in that set. */
  policyBenefitOptionId: number | null;
  /** The policy's own amount (minor units) and currency; a money-amount field when either is set. */
  amount: number | null;
  currency: string | null;
};

/** The move's override of one service (absent: the policy's setting). */
export type ServiceOverride = { stage: number; key: string; selected: boolean; benefitOptionId: number | null; amount: number | null; currency: string | null };

/** A budget of the version (minor units). */
export type PolicyBudget = { id: number; stage: number; group: number; currency: string; amount: number; min: number | null; max: number | null };
/**
 * A budget group of the version: its authorisation type, whether it is soft (type S) and its
 * outside-range option (an out-of-range budget is only a warning when both hold, part 1 §5).
 */
export type PolicyBudgetGroup = { stage: number; group: number; authType: string; soft: boolean; allowOutsideRange: boolean };
export type BudgetOverride = { stage: number; group: number; currency: string; amount: number };

export type OverrideData = {
  stageNames: string[];
  services: OverrideService[];
  overrides: ServiceOverride[];
  budgets: PolicyBudget[];
  budgetGroups: PolicyBudgetGroup[];
  budgetOverrides: BudgetOverride[];
  currencyCodes: string[];
  /** One unit of `from` in `to` at the stored rates: a budget in a currency the policy has no budget in is held to the converted range. */
  rateOf: (from: string, to: string) => string;
};

export const isShown = (s: Pick<OverrideService, "policyType" | "provided" | "addable">) =>
  s.policyType !== SERVICE_OFF && (s.provided || s.addable);

/** Selected on the move: mandatory services always; addable ones when the override added them. */
export function isSelected(s: OverrideService, override: ServiceOverride | undefined): boolean {
  if (!isShown(s)) return false;
  if (!s.addable) return true;
  return override?.selected ?? false;
}

const isBudgetGroup = (n: number) => n >= BUDGET_GROUP_MIN && n <= BUDGET_GROUP_MAX;
const major = (amount: number | null, currency: string | null) =>
  amount === null || !currency || !isCurrencyCode(currency) ? null : toMajorString({ amount, currency });

function overrideOf(data: Pick<OverrideData, "overrides">, s: OverrideService) {
  return data.overrides.find((o) => o.stage === s.stage && o.key === s.key);
}

function fieldsOf(s: OverrideService, o: ServiceOverride | undefined, currencyCodes: string[]): TPolicyViewField[] {
  const fields: TPolicyViewField[] = [];
  if (s.benefitSet && s.benefitSet.options.length > 0) {
    fields.push({
      type: "list-of-benefits",
      label: s.benefitSet.name,
      mandatory: true,
      benefits: s.benefitSet.options,
      selectedBenefitId: o?.benefitOptionId ?? s.policyBenefitOptionId,
    });
  }
  if (s.amount !== null || s.currency !== null) {
    const hasOverride = o !== undefined && (o.amount !== null || o.currency !== null);
    const amount = hasOverride ? o!.amount : s.amount;
    const currency = hasOverride ? o!.currency : s.currency;
    fields.push({
      type: "money-amount",
      label: s.title,
      mandatory: true,
      amount: major(amount, currency),
      currency,
      currencyCodes,
      allowNegative: s.allowNegative,
    });
  }
  return fields;
}

function componentOf(s: OverrideService, data: OverrideData, editable: boolean): TPolicyViewComponent {
  const o = overrideOf(data, s);
  const fields = fieldsOf(s, o, data.currencyCodes);
  return {
    type: SERVICE_POLICY_TYPE_LABELS[s.policyType as ServicePolicyType] ?? String(s.policyType),
    service: s.key,
    title: s.title,
    icon: s.key.toLowerCase(),
    selected: isSelected(s, o),
    isEditable: editable && fields.length > 0,
    isRemovable: editable && s.addable,
    nonRemovableReason: s.addable ? null : overrideMessages.nonRemovable,
    externalNote: s.note,
    budgetGroupId: s.budgetGroup,
    fields,
  };
}

/** The policy response's moveStageSections: one section per move stage with included and addable services and budget groups. */
export function buildMoveStageSections(data: OverrideData, editable: boolean): TMoveStageSection[] {
  const count = data.stageNames.length;
  return data.stageNames.map((moveStageName, index) => {
    const stage = index + 1;
    const shown = data.services.filter((s) => s.stage === stage && isShown(s));
    const components = shown.map((s) => componentOf(s, data, editable));
    const included = components.filter((c) => c.selected);
    const available = components.filter((c) => !c.selected);

    const groupNumbers = [...new Set(included.map((c) => c.budgetGroupId).filter(isBudgetGroup))].sort((a, b) => a - b);
    const budgetGroupComponents = groupNumbers.map((group) => {
      const members = included.filter((c) => c.budgetGroupId === group);
      const view = budgetOf(data, stage, group);
      const info = data.budgetGroups.find((g) => g.stage === stage && g.group === group);
      return {
        id: group,
        budgetAmount: view ? major(view.amount, view.currency) : null,
        currency: view?.currency ?? null,
        minimum: view ? major(view.min, view.currency) : null,
        maximum: view ? major(view.max, view.currency) : null,
        budgetAuthType: info?.authType ?? "NONE",
        budgetType: info?.soft ? ("S" as const) : ("H" as const),
        allowOutsideRange: info?.allowOutsideRange ?? false,
        shared: members.length >= 2,
        components: members,
      };
    });

    const budgets = groupNumbers.flatMap((group) => {
      const info = data.budgetGroups.find((g) => g.stage === stage && g.group === group);
      const services = included.filter((c) => c.budgetGroupId === group).map((c) => c.title);
      const o = data.budgetOverrides.find((b) => b.stage === stage && b.group === group);
      const rows = data.budgets.filter((b) => b.stage === stage && b.group === group);
      const views = rows.map((b) => {
        const amount = o && o.currency === b.currency ? o.amount : b.amount;
        return { id: b.id, amount: toMajorString({ amount, currency: b.currency }), minAmount: major(b.min, b.currency), maxAmount: major(b.max, b.currency), currency: b.currency, services, budgetAuthType: info?.authType ?? "NONE" };
      });
      if (o && !rows.some((b) => b.currency === o.currency) && isCurrencyCode(o.currency)) {
        const range = budgetRangeIn(rows, o.currency, data.rateOf);
        views.unshift({ id: 0, amount: toMajorString({ amount: o.amount, currency: o.currency }), minAmount: major(range.min, o.currency), maxAmount: major(range.max, o.currency), currency: o.currency, services, budgetAuthType: info?.authType ?? "NONE" });
      }
      return views;
    });

    return {
      moveStageId: stage,
      moveStageName,
      isRepatriation: count === 3 && stage === 3,
      budgets,
      sections: [
        {
          sectionTitle: moveStageName,
          components: [
            { label: INCLUDED_LABEL, mandatory: true, servicesList: included },
            { label: AVAILABLE_LABEL, mandatory: false, servicesList: available },
          ],
          budgetGroupComponents,
        },
      ],
    };
  });
}

/** The budget a group shows: the move's override, else the policy's first budget; min/max in its currency (`budgetRangeIn`). */
function budgetOf(data: OverrideData, stage: number, group: number): { amount: number; currency: string; min: number | null; max: number | null } | null {
  const rows = data.budgets.filter((b) => b.stage === stage && b.group === group);
  const o = data.budgetOverrides.find((b) => b.stage === stage && b.group === group);
  if (o) {
    const range = budgetRangeIn(rows, o.currency, data.rateOf);
    return { amount: o.amount, currency: o.currency, min: range.min, max: range.max };
  }
  const first = rows[0];
  return first ? { amount: first.amount, currency: first.currency, min: first.min, max: first.max } : null;
}

/** The policy response's message: no services at all, or nothing left to add. */
export function overridesMessage(data: Pick<OverrideData, "services" | "overrides">): string | null {
  if (data.services.length === 0 || !data.services.some(isShown)) return wizardMessages.noBenefits;
  const addable = data.services.some((s) => isShown(s) && s.addable && !isSelected(s, overrideOf(data, s)));
  return addable ? null : wizardMessages.noAddableBenefits;
}

// ── store ────────────────────────────────────────────────────────────────────────────────────

export type StoreStage = {
  moveStageId: number;
  services: Array<{ service: string; selected: boolean; selectedBenefitId?: number; amount?: string; currency?: string }>;
  budgets: Array<{ budgetGroupId: number; amount?: string; currency?: string }>;
};

export type StoreCheck = {
  errors: Record<string, string>;
  warnings: Record<string, string>;
  message: string | null;
  /** The rows to write when there are no errors. */
  serviceRows: ServiceOverride[];
  budgetRows: BudgetOverride[];
};

type MoneyParse = { ok: true; amount: number | null; currency: string | null } | { ok: false; message: string };

/** part 1 §5 money: numeric, not negative unless allowed, amount needs a currency and the other way round. */
export function checkMoney(label: string, amountText: string | undefined, currencyText: string | undefined, options: { allowNegative: boolean }): MoneyParse {
  const amountIn = amountText?.trim() ?? "";
  const currency = currencyText?.trim().toUpperCase() ?? "";
  if (amountIn === "" && currency === "") return { ok: true, amount: null, currency: null };
  if (amountIn === "") return { ok: false, message: wizardText(wizardMessages.amountRequired, { label }) };
  if (currency === "" || !isCurrencyCode(currency)) {
    return { ok: false, message: wizardText(wizardMessages.currencyRequired, { label }) };
  }
  let amount: number;
  try {
    amount = parseAmount(amountIn, currency).amount;
  } catch (e) {
    if (e instanceof AppError) return { ok: false, message: wizardText(wizardMessages.numericValue, { label }) };
    throw e;
  }
  if (amount < 0 && !options.allowNegative) return { ok: false, message: wizardText(wizardMessages.notNegative, { label }) };
  return { ok: true, amount, currency };
}

/**
 * Checks a store request against the version (part 1 §5 stage 3) and builds the rows to write.
 * Budget errors: "Budget must be greater than zero."; below min / above max, in the currency sent
 * (converted from the policy's default budget when the policy has none in it): an error with `message`
 * "Error: Budget is outside the range provided.", or a warning on a soft budget whose group has the
 * outside-range option on;
 * empty when the group has more than one selected service.
 */
export function checkStore(data: OverrideData, stages: StoreStage[]): StoreCheck {
  const errors: Record<string, string> = {};
  const warnings: Record<string, string> = {};
  const serviceRows: ServiceOverride[] = [];
  const budgetRows: BudgetOverride[] = [];
  let requiredMissing = false;
  let outOfRange = false;
  const count = data.stageNames.length;

  // A stage or a service sent twice counts once: the last one sent wins.
  for (const st of new Map(stages.map((x) => [x.moveStageId, x])).values()) {
    const stage = st.moveStageId;
    if (stage > count) {
      errors[`stage${stage}`] = wizardText(overrideMessages.notOnPolicy, { label: `Move stage ${stage}` });
      continue;
    }
    const selectedKeys = new Set<string>();
    const sent = new Map(st.services.map((x) => [x.service, x]));
    const sentServices = [...sent.values()];
    for (const s of data.services.filter((x) => x.stage === stage && isShown(x))) {
      const x = sent.get(s.key);
      const existing = overrideOf(data, s);
      const selected = s.addable ? (x ? x.selected : isSelected(s, existing)) : true;
      if (selected) selectedKeys.add(s.key);
      if (!x && existing) serviceRows.push(existing);
    }
    for (const x of sentServices) {
      const key = overrideErrorKey.service(stage, x.service);
      const s = data.services.find((y) => y.stage === stage && y.key === x.service && isShown(y));
      if (!s) {
        errors[key] = wizardText(overrideMessages.notOnPolicy, { label: x.service });
        continue;
      }
      if (!s.addable && !x.selected) {
        errors[key] = overrideMessages.nonRemovable;
        continue;
      }
      if (!x.selected) {
        serviceRows.push({ stage, key: s.key, selected: false, benefitOptionId: null, amount: null, currency: null });
        continue;
      }
      let benefitOptionId: number | null = null;
      if (s.benefitSet && s.benefitSet.options.length > 0) {
        const chosen = x.selectedBenefitId ?? null;
        if (chosen === null) {
          errors[key] = wizardMessages.requiredBenefitFields;
          requiredMissing = true;
          continue;
        }
        if (!s.benefitSet.options.some((o) => o.id === chosen)) {
          errors[key] = wizardText(overrideMessages.invalidBenefit, { label: s.title });
          continue;
        }
        benefitOptionId = chosen;
      }
      let amount: number | null = null;
      let currency: string | null = null;
      if (s.amount !== null || s.currency !== null) {
        const m = checkMoney(s.title, x.amount, x.currency, { allowNegative: s.allowNegative });
        if (!m.ok) {
          errors[key] = m.message;
          continue;
        }
        if (m.amount === null) {
          errors[key] = wizardMessages.requiredBenefitFields;
          requiredMissing = true;
          continue;
        }
        amount = m.amount;
        currency = m.currency;
      }
      serviceRows.push({ stage, key: s.key, selected: true, benefitOptionId, amount, currency });
    }

    const sentBudgets = new Map(st.budgets.map((b) => [b.budgetGroupId, b]));
    const groups = [...new Set(data.services.filter((s) => s.stage === stage && selectedKeys.has(s.key)).map((s) => s.budgetGroup).filter(isBudgetGroup))];
    for (const group of groups.sort((a, b) => a - b)) {
      const key = overrideErrorKey.budget(stage, group);
      const label = wizardText(overrideMessages.budgetLabel, { group: String(group) });
      const members = data.services.filter((s) => s.stage === stage && s.budgetGroup === group && selectedKeys.has(s.key)).length;
      const b = sentBudgets.get(group);
      const amountText = b?.amount?.trim() ?? "";
      const currencyText = b?.currency?.trim().toUpperCase() ?? "";
      if (!b) {
        const existing = data.budgetOverrides.find((o) => o.stage === stage && o.group === group);
        if (existing) budgetRows.push(existing);
        continue;
      }
      if (amountText === "" && currencyText === "") {
        if (members > 1) errors[key] = wizardText(wizardMessages.budgetEmpty, { label });
        continue;
      }
      if (amountText === "" || currencyText === "" || !isCurrencyCode(currencyText)) {
        errors[key] = wizardMessages.amountAndCurrency;
        continue;
      }
      let amount: number;
      try {
        amount = parseAmount(amountText, currencyText).amount;
      } catch (e) {
        if (!(e instanceof AppError)) throw e;
        errors[key] = wizardText(wizardMessages.numericValue, { label });
        continue;
      }
      if (amount <= 0) {
        errors[key] = wizardMessages.budgetGreaterThanZero;
        continue;
      }
      // The range in the currency sent: the policy's budget in it, or its default budget's range
      // converted at the stored rates (a hard budget cannot be escaped by changing its currency).
      const policy = budgetRangeIn(data.budgets.filter((x) => x.stage === stage && x.group === group), currencyText, data.rateOf);
      const info = data.budgetGroups.find((g) => g.stage === stage && g.group === group);
      const confirmable = outsideRangeConfirmable({ budgetType: info?.soft ? "S" : "H", allowOutsideRange: info?.allowOutsideRange ?? false });
      let range: string | null = null;
      if (isOutsideRange(amount, { min: policy.min, max: null })) {
        range = wizardText(wizardMessages.budgetBelowMin, { label, min: formatMoney({ amount: policy.min!, currency: currencyText }) });
      } else if (isOutsideRange(amount, { min: null, max: policy.max })) {
        range = wizardText(wizardMessages.budgetAboveMax, { label, max: formatMoney({ amount: policy.max!, currency: currencyText }) });
      }
      if (range !== null) {
        if (!confirmable) {
          errors[key] = range;
          outOfRange = true;
          continue;
        }
        warnings[key] = wizardMessages.budgetOutsideRangeWarning;
      }
      budgetRows.push({ stage, group, currency: currencyText, amount });
    }
  }

  // Stages the request leaves out keep their overrides.
  const sentStages = new Set(stages.map((s) => s.moveStageId));
  serviceRows.push(...data.overrides.filter((o) => !sentStages.has(o.stage)));
  budgetRows.push(...data.budgetOverrides.filter((o) => !sentStages.has(o.stage)));

  const first = Object.values(errors)[0] ?? null;
  const message = requiredMissing
    ? wizardMessages.requiredBenefitFields
    : outOfRange
      ? wizardMessages.budgetOutsideRangeError
      : first;
  return { errors, warnings, message, serviceRows, budgetRows };
}

// ── who may change a move's policy ───────────────────────────────────────────────────────────
type PolicyEditor = { role: string; groupId: number | null };
type PolicyEditMove = { status: string; group_id: number; current_move_stage: number };

const isMoveStaff = (user: PolicyEditor, move: PolicyEditMove) => user.role === "ADMIN" || (user.role === "HR" && user.groupId === move.group_id);

/** part 1 §6: the move is a draft, or the caller is HR of its group / ADMIN and the employee is at stage 2 or earlier. */
export function isPolicyEditable(user: PolicyEditor, move: PolicyEditMove): boolean {
  if (move.status === "cancelled" || move.status === "completed") return false;
  if (move.status === "draft") return true;
  return isMoveStaff(user, move) && move.current_move_stage <= 2;
}

/** part 1 §3 isUserAuthorizedForPolicyEdit ("the employee at stage 2"): staff of the move, not a VIEW request, and a draft or an employee at stage 2. */
export function isUserAuthorizedForPolicyEdit(user: PolicyEditor, move: PolicyEditMove, action: string | undefined): boolean {
  if (!isMoveStaff(user, move) || action === "VIEW") return false;
  return move.status === "draft" || (move.current_move_stage === 2 && move.status !== "cancelled" && move.status !== "completed");
}
