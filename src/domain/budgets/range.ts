/**
 * The budget range rule (part 1 §5 "Budget edit", §4 "Budget row"): an amount must be greater than
 * zero; outside the policy's min/max it is refused on a hard budget ("Error: Budget is outside the
 * range provided.") and, on a soft budget (type S), a warning the editor confirms ("Warning: Budget
 * is going to be outside the range provided."): unconfirmed it asks, confirmed it passes.
 * Amounts are integer minor units of one currency; a missing bound does not limit.
 */
import { budgetMessages } from "./messages.ts";

export type BudgetType = "H" | "S";
export const BUDGET_TYPES = ["H", "S"] as const;

export type RangeCheck =
  | { kind: "ok"; outsideRange: boolean }
  | { kind: "confirm"; message: string }
  | { kind: "error"; message: string };

export function checkBudgetRange(p: { amount: number; min: number | null; max: number | null; budgetType: BudgetType; confirmed: boolean }): RangeCheck {
  if (!(p.amount > 0)) return { kind: "error", message: budgetMessages.greaterThanZero };
  const outside = (p.min !== null && p.amount < p.min) || (p.max !== null && p.amount > p.max);
  if (!outside) return { kind: "ok", outsideRange: false };
  if (p.budgetType === "H") return { kind: "error", message: budgetMessages.outsideRangeError };
  return p.confirmed ? { kind: "ok", outsideRange: true } : { kind: "confirm", message: budgetMessages.outsideRangeWarning };
}

/** part 1 §4: the budget row's save button is enabled only when the currency or the amount changed. */
export function budgetSaveEnabled(saved: { currency: string; amount: string }, edited: { currency: string; amount: string }): boolean {
  const norm = (s: string) => s.replaceAll(",", "").trim();
  return saved.currency !== edited.currency || norm(saved.amount) !== norm(edited.amount);
}

/** The budget row's modes (part 1 §4): view → edit; edit → view on close or save, or → confirm on an out-of-range soft save; confirm → view (confirm) or edit (cancel). */
export type BudgetRowMode = "view" | "edit" | "confirm";
export type BudgetRowEvent = "open" | "close" | "saved" | "needsConfirm" | "confirm" | "cancel";
export function nextBudgetRowMode(mode: BudgetRowMode, event: BudgetRowEvent): BudgetRowMode {
  switch (mode) {
    case "view":
      return event === "open" ? "edit" : "view";
    case "edit":
      if (event === "close" || event === "saved") return "view";
      if (event === "needsConfirm") return "confirm";
      return "edit";
    case "confirm":
      if (event === "confirm" || event === "saved") return "view";
      if (event === "cancel") return "edit";
      return "confirm";
  }
}
