/**
 * What a row of the cost estimate shows (part 1 §3 cost estimate row, §5 "Cost estimate page"):
 * the figures of a service or custom row from the estimate's client state (estimate-state.ts), the
 * live tax while edits wait for a calculation, and the display-currency sums of tax and total.
 */
import type { TCostEstimateView, TEstimateItem } from "../../../domain/estimate/schemas.ts";
import { customKey, rowKey, sameCustom, type CustomRow, type EstimateState } from "./estimate-state.ts";

export type RowFigures = {
  perYear: number[];
  tax: number;
  total: number;
  currency: string;
  /** Edited since the last calculation: the figures are the last computed ones (or live tax). */
  pending: boolean;
  /** Tax and total come from the live calculation. */
  live: boolean;
};

/** The figures of a service or saved custom row (display currency). */
export function itemFigures(state: EstimateState, item: TEstimateItem): RowFigures {
  const key = item.custom ? customKey(item.identifier) : rowKey(item.identifier);
  const edited = item.custom
    ? (() => {
        const row = state.customs.find((c) => c.key === item.identifier);
        const base = state.baseCustoms.find((c) => c.key === item.identifier);
        return !row || !base || !sameCustom(row, base);
      })()
    : item.identifier in state.edits;
  const live = state.live?.rows[key];
  return {
    perYear: item.totalPerYear,
    tax: live ? live.taxAmount : displayTax(item),
    total: live ? live.total : displayTotal(item),
    currency: live ? live.currency : state.view.displayCurrency,
    pending: edited,
    live: Boolean(live),
  };
}

/** A new custom row: 0 until computed (§3), or its live tax. */
export function newCustomFigures(state: EstimateState, row: CustomRow): RowFigures {
  const live = state.live?.rows[customKey(row.key)];
  const years = state.view.yearLabels.length;
  return {
    perYear: Array.from({ length: years }, () => 0),
    tax: live ? live.taxAmount : 0,
    total: live ? live.total : 0,
    currency: live ? live.currency : state.view.displayCurrency,
    pending: !row.newlyAdded,
    live: Boolean(live),
  };
}

const sum = (values: number[]) => values.reduce((a, b) => a + b, 0);

/**
 * An item's tax and total in the display currency: the sums of its year columns (`taxAmount` and
 * `total` are in the item's own currency). Summing integers: no rounding.
 */
export function displayTax(item: TEstimateItem): number {
  return sum(item.taxPerYear);
}
export function displayTotal(item: TEstimateItem): number {
  return sum(item.totalPerYear);
}

/** The tax part of a set of items, display currency. */
export function sumTax(items: TEstimateItem[]): number {
  return items.reduce((total, i) => total + displayTax(i), 0);
}

/** The grand total's tax: the sections counted in the total. */
export function grandTax(view: TCostEstimateView): number {
  return view.sections.filter((s) => !s.excludedFromTotal).reduce((sum, s) => sum + sumTax(s.items), 0);
}
