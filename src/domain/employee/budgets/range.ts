/**
 * The budget range rule (part 1 §5 "Budget edit", §4 "Budget row"): an amount must be greater than
 * zero; outside the policy's min/max it is refused ("Error: Budget is outside the range provided.")
 * unless the budget is soft (type S) AND its budget group has the outside-range option on: then it is
 * a warning the editor confirms ("Warning: Budget is going to be outside the range provided."):
 * unconfirmed it asks, confirmed it passes. A soft budget without the option is refused like a hard one.
 * Amounts are integer minor units of one currency (see `budgetRangeIn` for a budget in another
 * currency than the policy's); a missing bound does not limit.
 */
import { convert } from "../../money/money.ts";
import { budgetMessages } from "./messages.ts";

export type BudgetType = "H" | "S";
export const BUDGET_TYPES = ["H", "S"] as const;

export type RangeCheck =
  | { kind: "ok"; outsideRange: boolean }
  | { kind: "confirm"; message: string }
  | { kind: "error"; message: string };

/** Whether an amount outside the range is a warning to confirm (soft type S with the outside-range option on) rather than an error. */
export function outsideRangeConfirmable(rule: { budgetType: BudgetType; allowOutsideRange: boolean }): boolean {
  return rule.budgetType === "S" && rule.allowOutsideRange;
}

export function checkBudgetRange(p: {
  amount: number;
  min: number | null;
  max: number | null;
  budgetType: BudgetType;
  /** The budget group's outside-range option (budget_groups.allow_outside_range). */
  allowOutsideRange: boolean;
  confirmed: boolean;
}): RangeCheck {
  if (!(p.amount > 0)) return { kind: "error", message: budgetMessages.greaterThanZero };
  if (!isOutsideRange(p.amount, p)) return { kind: "ok", outsideRange: false };
  if (!outsideRangeConfirmable(p)) return { kind: "error", message: budgetMessages.outsideRangeError };
  return p.confirmed ? { kind: "ok", outsideRange: true } : { kind: "confirm", message: budgetMessages.outsideRangeWarning };
}

export function isOutsideRange(amount: number, range: { min: number | null; max: number | null }): boolean {
  return (range.min !== null && amount < range.min) || (range.max !== null && amount > range.max);
}

/** A policy budget of a group in one currency (minor units). */
export type PolicyRangeRow = { currency: string; min: number | null; max: number | null };
export type RangeIn = { min: number | null; max: number | null; currency: string; convertedFrom: string | null };

/**
 * The policy's range for a budget in `currency` (issue 23 item 8: a hard budget limited to USD
 * 2,000–5,000 must not accept CHF 500,000). The policy's budget in that currency when it has one;
 * otherwise its first budget (the default) with min and max converted into `currency` at the stored
 * rate (`rateOf(from, to)`: one unit of `from` in `to`; rounding once, in the money module). A group
 * with no policy budget has no range.
 */
export function budgetRangeIn(policy: readonly PolicyRangeRow[], currency: string, rateOf: (from: string, to: string) => string): RangeIn {
  const same = policy.find((b) => b.currency === currency);
  if (same) return { min: same.min, max: same.max, currency, convertedFrom: null };
  const base = policy[0];
  if (!base || (base.min === null && base.max === null)) return { min: null, max: null, currency, convertedFrom: null };
  const rate = rateOf(base.currency, currency);
  const inTarget = (v: number | null) => (v === null ? null : convert({ amount: v, currency: base.currency }, rate, currency).amount);
  return { min: inTarget(base.min), max: inTarget(base.max), currency, convertedFrom: base.currency };
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
