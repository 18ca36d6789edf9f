/**
 * Remaining budget arithmetic (part 1 §3 "Expense budget search" result, §8, §9 "remaining budget 2
 * decimals"; part 2 §3 budget search item): in integer minor units of the budget's currency.
 * remaining = budget − submitted − approved; rejected expenses do not count.
 */
import { budgetBucket } from "./rules.ts";

export type CountedExpense = { status: string; budgetAmount: number };
export type RemainingSums = { budget: number; submitted: number; approved: number; spent: number; remaining: number };

export function remainingBudget(budget: number, expenses: readonly CountedExpense[]): RemainingSums {
  let submitted = 0;
  let approved = 0;
  for (const e of expenses) {
    const bucket = budgetBucket(e.status);
    if (bucket === "submitted") submitted += e.budgetAmount;
    else if (bucket === "approved") approved += e.budgetAmount;
  }
  const spent = submitted + approved;
  return { budget, submitted, approved, spent, remaining: budget - spent };
}

/** What an expense page shows for a service's remaining budget (part 1 §8). */
export type RemainingDisplay =
  | { kind: "amount"; text: string }
  | { kind: "na" }
  | { kind: "noStage" }
  | { kind: "error" };

/** The amount of a cost over what remains (0 when it fits): the overdraft popup's amountOver. */
export function amountOver(remaining: number, cost: number): number {
  return cost > remaining ? cost - Math.max(remaining, 0) : 0;
}
