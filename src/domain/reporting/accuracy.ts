/**
 * Estimate accuracy, published (issue 26 "Estimate accuracy, published"). Pure: no I/O.
 *
 * Input: for every move with approved spend, one line per (move, stage, service) as finance's
 * "estimate against actual" computes it (src/domain/finance/actuals.ts `computeActuals`, read by
 * src/services/finance/insights.ts): the current estimate line, the budget of the service's budget
 * group and the approved spend, all in integer minor units of the row's ONE currency (the estimate's
 * display currency). This module adds no second definition of those figures; it derives:
 *
 * - per line: the difference as finance defines it, estimate − approved (positive: under the estimate;
 *   actuals.ts), and the percentage error = (approved − estimate) / estimate (positive: spent more than
 *   estimated), in basis points (1 % = 100), rounded once with the money module's rounding
 *   (`roundHalfUp`); null without an estimate line or with an estimate of zero;
 * - across the group: for each service, each policy and each period (the move's month "YYYY-MM" or
 *   quarter "YYYY-Qn"), the number of lines, the median and the 90th percentile of the ABSOLUTE
 *   percentage error (basis points; lines with a percentage error only), and per currency the sums of
 *   estimate and approved with the median and 90th percentile of the absolute difference (minor units;
 *   amounts are never added across currencies).
 *
 * Percentiles are nearest-rank (the smallest value with at least p % of the values at or below it);
 * the median of an even count is the mean of the two middle values, rounded half away from zero.
 */
import Decimal from "decimal.js";
import { roundHalfUp } from "../money/money.ts";

export type AccuracyLine = {
  moveId: number;
  /** The move's date (YYYY-MM-DD) the period is taken from; null: no period. */
  moveDate: string | null;
  policyId: number;
  policyName: string;
  stage: number | null;
  serviceKey: string | null;
  serviceTitle: string;
  currency: string;
  /** Minor units of `currency`; null: no estimate line for the service. */
  estimate: number | null;
  /**
   * The budget of the service's budget group, in the budget's own currency (null: no budget). Several
   * services may share one budget group (`sharedBy` > 1): the amount is the group's, so budgets are never
   * summed per line (the move's budget totals are finance's `budgetTotals`).
   */
  budget: { amount: number; currency: string; sharedBy: number } | null;
  approved: number;
};

export type AccuracyFigure = AccuracyLine & {
  /** estimate − approved, finance's difference (positive: under the estimate; null without an estimate line). */
  difference: number | null;
  /** (approved − estimate) / estimate in basis points (positive: over the estimate; null without an estimate, or an estimate of zero). */
  errorBp: number | null;
};

export type Granularity = "month" | "quarter";
export type Dimension = "service" | "policy" | "period";

export type CurrencyStat = {
  currency: string;
  lines: number;
  estimate: number;
  approved: number;
  medianAbsDifference: number;
  p90AbsDifference: number;
};

export type AccuracyStat = {
  dimension: Dimension;
  key: string;
  label: string;
  lines: number;
  /** Lines with a percentage error. */
  measured: number;
  medianAbsErrorBp: number | null;
  p90AbsErrorBp: number | null;
  currencies: CurrencyStat[];
};

export type AccuracySummary = {
  lines: number;
  moves: number;
  overall: AccuracyStat;
  byService: AccuracyStat[];
  byPolicy: AccuracyStat[];
  byPeriod: AccuracyStat[];
};

/** The percentage error of a line in basis points (null when there is nothing to compare with). */
export function errorBasisPoints(estimate: number | null, approved: number): number | null {
  if (estimate === null || estimate === 0) return null;
  return Number(roundHalfUp(new Decimal(approved - estimate).times(10_000).dividedBy(estimate), 0));
}

/** One line's derived figures. */
export function accuracyFigure(line: AccuracyLine): AccuracyFigure {
  return { ...line, difference: line.estimate === null ? null : line.estimate - line.approved, errorBp: errorBasisPoints(line.estimate, line.approved) };
}

/** The median of integers (mean of the two middle values for an even count, rounded once); null when empty. */
export function median(values: readonly number[]): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  if (sorted.length % 2 === 1) return sorted[mid]!;
  return Number(roundHalfUp((sorted[mid - 1]! + sorted[mid]!) / 2, 0));
}

/** The nearest-rank percentile (0 < p ≤ 100) of integers; null when empty. */
export function percentile(values: readonly number[], p: number): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const rank = Math.max(1, Math.ceil((p / 100) * sorted.length));
  return sorted[rank - 1]!;
}

/** The period of a move date: "YYYY-MM" or "YYYY-Qn" (null without a date). */
export function periodOf(moveDate: string | null, granularity: Granularity): string | null {
  if (moveDate === null || !/^\d{4}-\d{2}/.test(moveDate)) return null;
  const year = moveDate.slice(0, 4);
  const month = Number(moveDate.slice(5, 7));
  return granularity === "month" ? moveDate.slice(0, 7) : `${year}-Q${Math.ceil(month / 3)}`;
}

function statOf(dimension: Dimension, key: string, label: string, figures: readonly AccuracyFigure[]): AccuracyStat {
  const errors = figures.flatMap((f) => (f.errorBp === null ? [] : [Math.abs(f.errorBp)]));
  const currencies = [...new Set(figures.map((f) => f.currency))].sort().map((currency): CurrencyStat => {
    const inCurrency = figures.filter((f) => f.currency === currency);
    const diffs = inCurrency.flatMap((f) => (f.difference === null ? [] : [Math.abs(f.difference)]));
    return {
      currency,
      lines: inCurrency.length,
      estimate: inCurrency.reduce((n, f) => n + (f.estimate ?? 0), 0),
      approved: inCurrency.reduce((n, f) => n + f.approved, 0),
      medianAbsDifference: median(diffs) ?? 0,
      p90AbsDifference: percentile(diffs, 90) ?? 0,
    };
  });
  return { dimension, key, label, lines: figures.length, measured: errors.length, medianAbsErrorBp: median(errors), p90AbsErrorBp: percentile(errors, 90), currencies };
}

function groupStats(dimension: Dimension, figures: readonly AccuracyFigure[], keyOf: (f: AccuracyFigure) => { key: string; label: string } | null): AccuracyStat[] {
  const groups = new Map<string, { label: string; figures: AccuracyFigure[] }>();
  for (const f of figures) {
    const k = keyOf(f);
    if (!k) continue;
    const g = groups.get(k.key) ?? { label: k.label, figures: [] };
    g.figures.push(f);
    groups.set(k.key, g);
  }
  return [...groups.entries()].map(([key, g]) => statOf(dimension, key, g.label, g.figures)).sort((a, b) => (dimension === "period" ? a.key.localeCompare(b.key) : a.label.localeCompare(b.label) || a.key.localeCompare(b.key)));
}

/** The group's figures: per line, and the median and 90th percentile of the absolute error per service, policy and period. */
export function summariseAccuracy(lines: readonly AccuracyLine[], granularity: Granularity): { figures: AccuracyFigure[]; summary: AccuracySummary } {
  const figures = lines.map(accuracyFigure);
  return {
    figures,
    summary: {
      lines: figures.length,
      moves: new Set(figures.map((f) => f.moveId)).size,
      overall: statOf("service", "*", "", figures),
      byService: groupStats("service", figures, (f) => (f.serviceKey === null ? null : { key: f.serviceKey, label: f.serviceTitle || f.serviceKey })),
      byPolicy: groupStats("policy", figures, (f) => ({ key: String(f.policyId), label: f.policyName })),
      byPeriod: groupStats("period", figures, (f) => {
        const p = periodOf(f.moveDate, granularity);
        return p === null ? null : { key: p, label: p };
      }),
    },
  };
}
