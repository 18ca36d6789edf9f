/**
 * Client state of wizard stage 3 (policy overrides): which services are selected, their benefit
 * and money fields, and the budget of each budget group, per move stage. Pure (no React), so the
 * rules are unit-tested: part 1 §4 (a benefit moves between the included and the addable set; a
 * budget group with two or more selected services is shared, with one it drops the shared
 * state, with none it is hidden) and the §5 stage-3 pre-checks that mirror the server
 * (src/domain/moves/wizard/overrides.ts checkStore).
 */
import { AppError } from "../../../domain/errors.ts";
import { formatMoney, isCurrencyCode, parseAmount } from "../../../domain/money/money.ts";
import { BUDGET_GROUP_MAX, BUDGET_GROUP_MIN } from "../../../domain/policy/catalogue.ts";
import { wizardMessages, wizardText } from "../../../domain/moves/wizard/messages.ts";
import {
  overrideErrorKey,
  type TPolicyOverridesResponse,
  type TPolicyViewComponent,
  type TStorePolicyOverridesRequest,
} from "../../../domain/moves/wizard/override-schemas.ts";

export type ServiceState = {
  /** overrideErrorKey.service(stage, service): also the error key. */
  key: string;
  stage: number;
  component: TPolicyViewComponent;
  /** Selected on load (Included) or added since. */
  selected: boolean;
  /** Mandatory services of the policy cannot be removed. */
  removable: boolean;
  /** Policy order, so a removed service goes back to its place. */
  order: number;
  benefitId: number | null;
  amount: string;
  currency: string;
};

export type BudgetRange = { currency: string; min: string | null; max: string | null };

export type BudgetState = {
  /** overrideErrorKey.budget(stage, group): also the error key. */
  key: string;
  stage: number;
  group: number;
  amount: string;
  currency: string;
  authType: string;
  /** Type S with the group's outside-range option on: outside the range is a warning to confirm, not an error (part 1 §5). */
  soft: boolean;
  /** The policy's ranges per currency (the server checks min/max against the budget in the same currency). */
  ranges: BudgetRange[];
};

export type StageInfo = { moveStageId: number; moveStageName: string; isRepatriation: boolean };

export type OverridesState = {
  stages: StageInfo[];
  services: ServiceState[];
  budgets: BudgetState[];
};

export const isBudgetGroup = (n: number) => n >= BUDGET_GROUP_MIN && n <= BUDGET_GROUP_MAX;
/** The text used for a budget group in messages (the server's overrideMessages.budgetLabel). */
export const budgetLabel = (group: number) => `budget group ${group}`;

/** The state a policy response starts with. */
export function initialState(data: TPolicyOverridesResponse): OverridesState {
  const services: ServiceState[] = [];
  const budgets: BudgetState[] = [];
  const stages: StageInfo[] = [];
  for (const st of data.moveStageSections) {
    stages.push({ moveStageId: st.moveStageId, moveStageName: st.moveStageName, isRepatriation: st.isRepatriation });
    const seen = new Set<string>();
    const add = (c: TPolicyViewComponent) => {
      if (seen.has(c.service)) return;
      seen.add(c.service);
      const benefit = c.fields.find((f) => f.type === "list-of-benefits");
      const money = c.fields.find((f) => f.type === "money-amount");
      services.push({
        key: overrideErrorKey.service(st.moveStageId, c.service),
        stage: st.moveStageId,
        component: c,
        selected: c.selected,
        removable: c.isRemovable,
        order: services.length,
        benefitId: benefit?.type === "list-of-benefits" ? benefit.selectedBenefitId : null,
        amount: money?.type === "money-amount" ? (money.amount ?? "") : "",
        currency: money?.type === "money-amount" ? (money.currency ?? "") : "",
      });
    };
    for (const section of st.sections) {
      for (const list of section.components) list.servicesList.forEach(add);
      for (const g of section.budgetGroupComponents) g.components.forEach(add);
    }
    for (const section of st.sections) {
      for (const g of section.budgetGroupComponents) {
        if (budgets.some((b) => b.stage === st.moveStageId && b.group === g.id)) continue;
        const titles = new Set(g.components.map((c) => c.title));
        const ranges: BudgetRange[] = [];
        if (g.currency) ranges.push({ currency: g.currency, min: g.minimum, max: g.maximum });
        // The stage's budget rows of the same services give the ranges of the other currencies.
        for (const b of st.budgets) {
          if (ranges.some((r) => r.currency === b.currency)) continue;
          if (b.services.length === titles.size && b.services.every((s) => titles.has(s))) ranges.push({ currency: b.currency, min: b.minAmount, max: b.maxAmount });
        }
        budgets.push({
          key: overrideErrorKey.budget(st.moveStageId, g.id),
          stage: st.moveStageId,
          group: g.id,
          amount: g.budgetAmount ?? "",
          currency: g.currency ?? "",
          authType: g.budgetAuthType,
          soft: g.budgetType === "S" && g.allowOutsideRange === true,
          ranges,
        });
      }
    }
    // Groups of addable services no selected service uses yet: an empty budget to fill in once added.
    for (const s of services.filter((x) => x.stage === st.moveStageId && isBudgetGroup(x.component.budgetGroupId))) {
      const group = s.component.budgetGroupId;
      if (budgets.some((b) => b.stage === st.moveStageId && b.group === group)) continue;
      budgets.push({ key: overrideErrorKey.budget(st.moveStageId, group), stage: st.moveStageId, group, amount: "", currency: "", authType: "NONE", soft: false, ranges: [] });
    }
  }
  return { stages, services, budgets };
}

export type BudgetGroupView = BudgetState & { members: ServiceState[]; shared: boolean };

/** One move stage as shown: included services without a budget group, budget groups with their selected members, and what may be added. */
export function stageView(state: OverridesState, stage: number) {
  const services = state.services.filter((s) => s.stage === stage).sort((a, b) => a.order - b.order);
  const included = services.filter((s) => s.selected);
  const available = services.filter((s) => !s.selected);
  const groups: BudgetGroupView[] = state.budgets
    .filter((b) => b.stage === stage)
    .map((b) => {
      const members = included.filter((s) => s.component.budgetGroupId === b.group);
      return { ...b, members, shared: members.length >= 2 };
    })
    .filter((g) => g.members.length > 0)
    .sort((a, b) => a.group - b.group);
  const ungrouped = included.filter((s) => !groups.some((g) => g.group === s.component.budgetGroupId));
  return { included, ungrouped, groups, available };
}

// ── updates ─────────────────────────────────────────────────────────────────────────────────
export function setSelected(state: OverridesState, key: string, selected: boolean): OverridesState {
  return {
    ...state,
    services: state.services.map((s) => (s.key === key && (selected || s.removable) ? { ...s, selected } : s)),
  };
}

export function updateService(state: OverridesState, key: string, patch: Partial<Pick<ServiceState, "benefitId" | "amount" | "currency">>): OverridesState {
  return { ...state, services: state.services.map((s) => (s.key === key ? { ...s, ...patch } : s)) };
}

export function updateBudget(state: OverridesState, key: string, patch: Partial<Pick<BudgetState, "amount" | "currency">>): OverridesState {
  return { ...state, budgets: state.budgets.map((b) => (b.key === key ? { ...b, ...patch } : b)) };
}

// ── checks (mirror the server) ──────────────────────────────────────────────────────────────
export type CheckResult = { errors: Record<string, string>; message: string | null; warnings?: Record<string, string> };

function checkServiceMoney(label: string, amountText: string, currencyText: string, allowNegative: boolean): { message: string | null; empty: boolean } {
  const amountIn = amountText.trim();
  const currency = currencyText.trim().toUpperCase();
  if (amountIn === "" && currency === "") return { message: null, empty: true };
  if (amountIn === "") return { message: wizardText(wizardMessages.amountRequired, { label }), empty: false };
  if (currency === "" || !isCurrencyCode(currency)) return { message: wizardText(wizardMessages.currencyRequired, { label }), empty: false };
  try {
    const amount = parseAmount(amountIn, currency).amount;
    if (amount < 0 && !allowNegative) return { message: wizardText(wizardMessages.notNegative, { label }), empty: false };
  } catch (e) {
    if (!(e instanceof AppError)) throw e;
    return { message: wizardText(wizardMessages.numericValue, { label }), empty: false };
  }
  return { message: null, empty: false };
}

/** The budget rule of one group (null when it is fine): part 1 §5 stage 3 and "Budget edit". */
function checkBudget(b: BudgetGroupView): { message: string | null; outOfRange: boolean } {
  const label = budgetLabel(b.group);
  const amountText = b.amount.trim();
  const currency = b.currency.trim().toUpperCase();
  if (amountText === "" && currency === "") {
    return { message: b.members.length > 1 ? wizardText(wizardMessages.budgetEmpty, { label }) : null, outOfRange: false };
  }
  if (amountText === "" || currency === "" || !isCurrencyCode(currency)) return { message: wizardMessages.amountAndCurrency, outOfRange: false };
  let amount: number;
  try {
    amount = parseAmount(amountText, currency).amount;
  } catch (e) {
    if (!(e instanceof AppError)) throw e;
    return { message: wizardText(wizardMessages.numericValue, { label }), outOfRange: false };
  }
  if (amount <= 0) return { message: wizardMessages.budgetGreaterThanZero, outOfRange: false };
  const range = b.ranges.find((r) => r.currency === currency);
  const minorOf = (text: string | null) => {
    if (text === null || text === "") return null;
    try {
      return parseAmount(text, currency).amount;
    } catch {
      return null;
    }
  };
  const min = minorOf(range?.min ?? null);
  const max = minorOf(range?.max ?? null);
  if (min !== null && amount < min) {
    return { message: wizardText(wizardMessages.budgetBelowMin, { label, min: formatMoney({ amount: min, currency }) }), outOfRange: true };
  }
  if (max !== null && amount > max) {
    return { message: wizardText(wizardMessages.budgetAboveMax, { label, max: formatMoney({ amount: max, currency }) }), outOfRange: true };
  }
  return { message: null, outOfRange: false };
}

/** Every pre-check of Next: required benefit fields, money fields, budgets. */
export function checkOverrides(state: OverridesState): CheckResult {
  const errors: Record<string, string> = {};
  let requiredMissing = false;
  let outOfRange = false;
  const warnings: Record<string, string> = {};
  for (const st of state.stages) {
    const view = stageView(state, st.moveStageId);
    for (const s of view.included) {
      if (!s.component.isEditable) continue;
      for (const f of s.component.fields) {
        if (errors[s.key]) break;
        if (f.type === "list-of-benefits") {
          if (f.mandatory && s.benefitId === null) {
            errors[s.key] = wizardMessages.requiredBenefitFields;
            requiredMissing = true;
          }
        } else {
          const m = checkServiceMoney(s.component.title, s.amount, s.currency, f.allowNegative);
          if (m.message) errors[s.key] = m.message;
          else if (m.empty && f.mandatory) {
            errors[s.key] = wizardMessages.requiredBenefitFields;
            requiredMissing = true;
          }
        }
      }
    }
    for (const g of view.groups) {
      const c = checkBudget(g);
      if (c.message && c.outOfRange && g.soft) {
        warnings[g.key] = wizardMessages.budgetOutsideRangeWarning;
      } else if (c.message) {
        errors[g.key] = c.message;
        if (c.outOfRange) outOfRange = true;
      }
    }
  }
  const first = Object.values(errors)[0] ?? null;
  const message = requiredMissing ? wizardMessages.requiredBenefitFields : outOfRange ? wizardMessages.budgetOutsideRangeError : first;
  return Object.keys(warnings).length > 0 ? { errors, message, warnings } : { errors, message };
}

/** The storePolicyOverrides request: every stage's services (selected or not) and the budgets of the groups shown. */
export function toStoreRequest(state: OverridesState, employeeId: number, moveId: number): TStorePolicyOverridesRequest {
  return {
    employeeId,
    moveId,
    benefits: true,
    moveStageSections: state.stages.map((st) => {
      const view = stageView(state, st.moveStageId);
      return {
        moveStageId: st.moveStageId,
        services: state.services
          .filter((s) => s.stage === st.moveStageId)
          .map((s) => {
            const hasBenefit = s.component.fields.some((f) => f.type === "list-of-benefits");
            const hasMoney = s.component.fields.some((f) => f.type === "money-amount");
            return {
              service: s.component.service,
              selected: s.selected,
              ...(s.selected && hasBenefit && s.benefitId !== null ? { selectedBenefitId: s.benefitId } : {}),
              ...(s.selected && hasMoney && s.amount.trim() !== "" ? { amount: s.amount.trim() } : {}),
              ...(s.selected && hasMoney && s.currency !== "" ? { currency: s.currency } : {}),
            };
          }),
        budgets: view.groups.map((g) => ({
          budgetGroupId: g.group,
          ...(g.amount.trim() !== "" ? { amount: g.amount.trim() } : {}),
          ...(g.currency !== "" ? { currency: g.currency } : {}),
        })),
      };
    }),
  };
}

/** The move stage an error key belongs to ("stage2.COLA" → 2), or null. */
export function stageOfKey(key: string): number | null {
  const m = /^stage(\d+)/.exec(key);
  return m ? Number(m[1]) : null;
}
