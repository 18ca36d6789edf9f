/**
 * The employee's budget for one budget group and move stage (issue 14): the policy version's budget,
 * then the wizard's stage-3 override, then HR's edit — the last one present wins. The range (min/max)
 * is the policy's budget in the effective currency, or the policy's default budget's range converted
 * into it at the stored rate (`budgetRangeIn`: a budget moved to another currency keeps its limits),
 * and the type (hard H / soft S) and the outside-range option the budget group's.
 */
import Decimal from "decimal.js";
import { roundHalfUp } from "../../money/money.ts";
import { budgetRangeIn, type BudgetType } from "./range.ts";

export type PolicyBudget = { currency: string; amount: number; min: number | null; max: number | null };
export type BudgetSource = "POLICY" | "OVERRIDE" | "HR";
export type EffectiveBudget = {
  currency: string;
  amount: number;
  min: number | null;
  max: number | null;
  budgetType: BudgetType;
  allowOutsideRange: boolean;
  source: BudgetSource;
  seenByEmployee: boolean;
};

export function effectiveBudget(p: {
  /** The policy version's budgets of the group, in their order (the first is the default). */
  policy: readonly PolicyBudget[];
  budgetType: BudgetType;
  allowOutsideRange: boolean;
  /** One unit of `from` in `to` (the stored rates), for a budget in a currency the policy has no budget in. */
  rateOf: (from: string, to: string) => string;
  override: { currency: string; amount: number } | null;
  edit: { currency: string; amount: number; seenByEmployee: boolean } | null;
}): EffectiveBudget | null {
  const chosen: { currency: string; amount: number; source: BudgetSource } | null = p.edit
    ? { currency: p.edit.currency, amount: p.edit.amount, source: "HR" }
    : p.override
      ? { currency: p.override.currency, amount: p.override.amount, source: "OVERRIDE" }
      : p.policy[0]
        ? { currency: p.policy[0].currency, amount: p.policy[0].amount, source: "POLICY" }
        : null;
  if (!chosen) return null;
  const range = budgetRangeIn(p.policy, chosen.currency, p.rateOf);
  return {
    ...chosen,
    min: range.min,
    max: range.max,
    budgetType: p.budgetType,
    allowOutsideRange: p.allowOutsideRange,
    seenByEmployee: p.edit ? p.edit.seenByEmployee : true,
  };
}

/** progressPercentage of the editBudget load: spent over the budget, whole percent (may pass 100). */
export function progressPercentage(spent: number, budget: number): number {
  if (budget <= 0) return 0;
  return Number(roundHalfUp(new Decimal(spent).times(100).dividedBy(budget), 0));
}
