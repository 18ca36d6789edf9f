/**
 * Estimate against actual (issue 16 "Beyond the spec"): for one move, each service's approved spend
 * beside its cost-estimate line and its budget, with the difference. Pure: the service
 * (src/services/finance/insights.ts) reads the move's current estimate, its effective budgets, its
 * bills and items, and hands them here with a rate function; every amount is rounded in the money
 * module (`convert`, one rounding per converted amount, then exact integer sums).
 *
 * - Rows: one per (move stage, service) that has an estimate line or any spend; spend without a
 *   service (an ad-hoc charge with none) gets one row per stage with `serviceKey` null.
 * - Every row's amounts are in the VIEW currency: the estimate's display currency (the figures an
 *   HR user compares with), else the first budget's currency, else the first spend's, else USD.
 * - approved: bills that are not Void (credits count with their negative gross) and approved
 *   external spends without a bill; pending: submitted items with no bill yet (expenses and finance
 *   items awaiting approval). difference = estimate − approved (positive: under the estimate; null
 *   without an estimate line).
 * - Budgets are per budget group (several services may share one): `budgets` lists each group's
 *   effective budget in its own currency with the approved and pending spend of its services
 *   converted into that currency (an expense's stored budget amount is used when it was booked
 *   against that currency); a row names its group (`budgetGroup`). What remains of a budget is not
 *   computed here: each budget carries its figures (budget, committed, spent, remaining) from the
 *   move's ledger (src/domain/employee/budgets/figures.ts, issue 24 §2), the same every screen shows.
 * - Totals per currency: the rows' sums (one view currency) and the budgets' sums by budget currency.
 */
import { sumFigures, type BudgetFigures } from "../employee/budgets/figures.ts";
import { convert, type Money } from "../money/money.ts";

export type RateFn = (from: string, to: string) => string;

export type EstimateLine = { stage: number; serviceKey: string; title: string; amount: number };
export type BudgetLine = { stage: number; group: number; currency: string; amount: number; source: string; figures: BudgetFigures };
export type SpendItem = {
  stage: number | null;
  serviceKey: string | null;
  state: "approved" | "pending";
  money: Money;
  /** The amount already counted in a budget's currency (an expense's budget amount), if any. */
  inBudget?: Money | null;
};

export type ActualsInput = {
  estimateCurrency: string | null;
  estimateLines: EstimateLine[];
  budgets: BudgetLine[];
  /** `${stage}:${serviceKey}` → budget group number. */
  serviceGroups: ReadonlyMap<string, number>;
  serviceTitles: ReadonlyMap<string, string>;
  spend: SpendItem[];
  rateOf: RateFn;
};

export type ActualsRow = {
  stage: number | null;
  serviceKey: string | null;
  title: string;
  budgetGroup: number | null;
  currency: string;
  estimate: number | null;
  approved: number;
  pending: number;
  difference: number | null;
};

export type ActualsBudget = {
  stage: number;
  group: number;
  currency: string;
  amount: number;
  source: string;
  approved: number;
  pending: number;
  /** The budget's figures (the ledger's: src/domain/employee/budgets/figures.ts). */
  figures: BudgetFigures;
  serviceKeys: string[];
};

export type CurrencyTotal = { currency: string; estimate: number; approved: number; pending: number; difference: number };
export type BudgetTotal = { currency: string; budget: number; approved: number; pending: number; committed: number; spent: number; remaining: number };

export type Actuals = {
  currency: string;
  rows: ActualsRow[];
  budgets: ActualsBudget[];
  totals: CurrencyTotal[];
  budgetTotals: BudgetTotal[];
};

export const serviceRef = (stage: number | null, serviceKey: string | null) => `${stage ?? 0}:${serviceKey ?? ""}`;

/** Converts `money` into `to` with the rate function (unchanged in the same currency). */
export function convertWith(rateOf: RateFn, money: Money, to: string): number {
  if (money.currency === to) return money.amount;
  return convert(money, rateOf(money.currency, to), to).amount;
}

export function computeActuals(input: ActualsInput): Actuals {
  const currency = input.estimateCurrency ?? input.budgets[0]?.currency ?? input.spend[0]?.money.currency ?? "USD";
  const rows = new Map<string, ActualsRow>();
  const rowOf = (stage: number | null, serviceKey: string | null): ActualsRow => {
    const key = serviceRef(stage, serviceKey);
    let row = rows.get(key);
    if (!row) {
      const group = stage !== null && serviceKey !== null ? (input.serviceGroups.get(`${stage}:${serviceKey}`) ?? null) : null;
      row = {
        stage,
        serviceKey,
        title: serviceKey === null ? "" : (input.serviceTitles.get(serviceKey) ?? serviceKey),
        budgetGroup: group,
        currency,
        estimate: null,
        approved: 0,
        pending: 0,
        difference: null,
      };
      rows.set(key, row);
    }
    return row;
  };
  if (input.estimateCurrency !== null) {
    for (const line of input.estimateLines) {
      const row = rowOf(line.stage, line.serviceKey);
      row.estimate = (row.estimate ?? 0) + line.amount;
      if (line.title) row.title = line.title;
    }
  }
  const budgets = input.budgets.map(
    (b): ActualsBudget => ({ stage: b.stage, group: b.group, currency: b.currency, amount: b.amount, source: b.source, approved: 0, pending: 0, figures: b.figures, serviceKeys: [] }),
  );
  const budgetOf = (stage: number | null, group: number | null) => (stage === null || group === null ? undefined : budgets.find((b) => b.stage === stage && b.group === group));
  for (const s of input.spend) {
    const row = rowOf(s.stage, s.serviceKey);
    const inView = convertWith(input.rateOf, s.money, currency);
    if (s.state === "approved") row.approved += inView;
    else row.pending += inView;
    const budget = budgetOf(row.stage, row.budgetGroup);
    if (budget) {
      const inBudget = s.inBudget && s.inBudget.currency === budget.currency ? s.inBudget.amount : convertWith(input.rateOf, s.money, budget.currency);
      if (s.state === "approved") budget.approved += inBudget;
      else budget.pending += inBudget;
    }
  }
  const ordered = [...rows.values()].sort(
    (a, b) => (a.stage ?? Number.MAX_SAFE_INTEGER) - (b.stage ?? Number.MAX_SAFE_INTEGER) || (a.serviceKey === null ? 1 : 0) - (b.serviceKey === null ? 1 : 0) || a.title.localeCompare(b.title) || (a.serviceKey ?? "").localeCompare(b.serviceKey ?? ""),
  );
  for (const row of ordered) {
    row.difference = row.estimate === null ? null : row.estimate - row.approved;
    const budget = budgetOf(row.stage, row.budgetGroup);
    if (budget && row.serviceKey !== null) budget.serviceKeys.push(row.serviceKey);
  }

  const totals: CurrencyTotal[] = ordered.length
    ? [
        ordered.reduce<CurrencyTotal>(
          (t, r) => ({ currency, estimate: t.estimate + (r.estimate ?? 0), approved: t.approved + r.approved, pending: t.pending + r.pending, difference: t.difference + (r.estimate ?? 0) - r.approved }),
          { currency, estimate: 0, approved: 0, pending: 0, difference: 0 },
        ),
      ]
    : [];
  const budgetTotals = [...new Set(budgets.map((b) => b.currency))].sort().map((c): BudgetTotal => {
    const inCurrency = budgets.filter((b) => b.currency === c);
    const f = sumFigures(inCurrency.map((b) => b.figures));
    const sum = (pick: (b: ActualsBudget) => number) => inCurrency.reduce((n, b) => n + pick(b), 0);
    return { currency: c, budget: sum((b) => b.amount), approved: sum((b) => b.approved), pending: sum((b) => b.pending), committed: f.committed, spent: f.spent, remaining: f.remaining };
  });
  return { currency, rows: ordered, budgets, totals, budgetTotals };
}

/** The rate function of an estimate: its stored rates (either direction), else `fallback` (today's table). */
export function estimateRates(stored: readonly { from: string; to: string; rate: string }[], fallback: RateFn): RateFn {
  return (from, to) => {
    if (from === to) return "1";
    const direct = stored.find((r) => r.from === from && r.to === to);
    if (direct) return direct.rate;
    return fallback(from, to);
  };
}
