/**
 * The budget figures of one budget (issue 24 §2 "One remaining-budget figure"), defined once and shown
 * the same on every screen: the employee home, the expenses page, the booking estimate, HR's move page,
 * Bill Approval's budget column and the estimate-against-actual budgets. Pure: integer minor units of
 * the budget's currency; the service (src/services/employee/budgets/ledger.ts, `loadLedger`) converts each item
 * into that currency first.
 *
 * - budget: the effective budget (src/domain/employee/budgets/effective.ts).
 * - submitted: items waiting for finance (submitted with or without a receipt, in process).
 * - approved: items finance approved whose bill is not paid yet.
 * - committed = submitted + approved.
 * - spent: items paid (every live bill of the item Paid or Paid pending audit; budgetStageOf).
 * - remaining = budget − committed − spent (part 1 §9: shown with 2 decimals; may be negative).
 * Rejected items, items sent back for change and items whose every bill is void do not count.
 *
 * The spec's remainingBudgetDto (part 1 §3, part 2 §3) keeps its headings: `submitted` is `submitted`,
 * approvedByAdvocate and approvedByFinance are everything finance approved (approved + spent), so
 * submitted + approvedByFinance = budget − remaining, as the legacy screens add them up.
 */
import type { LifecycleStage } from "../expenses/lifecycle.ts";

/** Where an item stands against its budget; null: it does not count (rejected, change requested). */
export type BudgetStage = "submitted" | "approved" | "paid";

export type CountedItem = { stage: BudgetStage | null; amount: number };

export type BudgetFigures = {
  budget: number;
  submitted: number;
  /** Approved and not yet paid. */
  approved: number;
  /** submitted + approved. */
  committed: number;
  /** Paid. */
  spent: number;
  /** budget − committed − spent. */
  remaining: number;
};

/**
 * An item's budget stage from its lifecycle stage (src/domain/employee/expenses/lifecycle.ts, the one place an
 * item's state is derived from its row and its bills): waiting for finance (with or without a receipt, in
 * review) → submitted; approved, payment
 * pending or partly paid → approved (committed until every bill is paid); paid or audited → paid;
 * rejected, changes requested or cancelled (every bill void) → does not count.
 */
const WAITING: ReadonlySet<string> = new Set(["submitted", "submittedWithoutReceipt", "inReview"]);
const COMMITTED: ReadonlySet<string> = new Set(["approved", "paymentPending", "partiallyPaid"]);
const PAID: ReadonlySet<string> = new Set(["paid", "audited"]);

export function budgetStageOf(stage: LifecycleStage): BudgetStage | null {
  if (WAITING.has(stage)) return "submitted";
  if (COMMITTED.has(stage)) return "approved";
  if (PAID.has(stage)) return "paid";
  // rejected, changesRequested, cancelled (figures.test.ts checks every lifecycle stage is placed on purpose).
  return null;
}

export function budgetFigures(budget: number, items: readonly CountedItem[]): BudgetFigures {
  let submitted = 0;
  let approved = 0;
  let spent = 0;
  for (const item of items) {
    if (item.stage === "submitted") submitted += item.amount;
    else if (item.stage === "approved") approved += item.amount;
    else if (item.stage === "paid") spent += item.amount;
  }
  const committed = submitted + approved;
  return { budget, submitted, approved, committed, spent, remaining: budget - committed - spent };
}

/** The figures of several budgets in one currency added up (a move's total per currency: its summary, the estimate against actual's totals). */
export function sumFigures(list: readonly BudgetFigures[]): BudgetFigures {
  const total: BudgetFigures = { budget: 0, submitted: 0, approved: 0, committed: 0, spent: 0, remaining: 0 };
  for (const f of list) {
    total.budget += f.budget;
    total.submitted += f.submitted;
    total.approved += f.approved;
    total.committed += f.committed;
    total.spent += f.spent;
    total.remaining += f.remaining;
  }
  return total;
}

/** Everything finance approved, paid or not: the remainingBudgetDto's approvedByAdvocate / approvedByFinance. */
export function approvedTotal(f: BudgetFigures): number {
  return f.approved + f.spent;
}

/** What the budget has used (committed + spent): the editBudget load's progressPercentage counts it. */
export function usedAmount(f: BudgetFigures): number {
  return f.committed + f.spent;
}

/**
 * The part of a cost over what remains (0 when it fits): the overdraft popup's amountOver and the
 * booking estimate's overBudgetAmount. With nothing (or less than nothing) left, the whole cost is over.
 */
export function amountOver(remaining: number, cost: number): number {
  return cost > remaining ? cost - Math.max(remaining, 0) : 0;
}

/** What remains after a cost is taken (the booking estimate's remainingBudget). */
export function remainingAfter(f: BudgetFigures, cost: number): number {
  return f.remaining - cost;
}
