/**
 * Estimate accuracy, published (issue 26): for every move with approved spend, per service, the current
 * estimate line, the budget and the actual approved spend, the difference and the percentage error; across
 * the group the median and 90th-percentile absolute error per service, per policy and over time.
 *
 * One definition of the figures: each move's lines are finance's "estimate against actual"
 * (`estimateVsActual`, src/services/finance/insights.ts, built on src/domain/finance/actuals.ts and the
 * budget ledger), read with the caller's own access (HR their group, a MANAGER within their restrictions,
 * FINANCE and ADMIN any move); the percentage error, median and percentile are src/domain/reporting/accuracy.ts.
 * The moves read are those with approved spend (src/db/queries/reporting/accuracy.ts, restrictions in SQL),
 * newest move date first, at most ACCURACY_MOVES_LIMIT per request (the answer says when there were more).
 *
 * Read by: programme.accuracy / programme.moveAccuracy / programme.financeAccuracy, GET
 * /reporting/getWidgetDetails, the HR overview, the move page, finance's accuracy page, and the BASE report
 * "estimate-accuracy" (src/services/reporting/run.ts calls `estimateAccuracyReport`).
 */
import type { DB } from "../../db/index.ts";
import { findGroupByName } from "../../db/queries/admin/groups.ts";
import { accuracyMoves, type AccuracyMoveRow } from "../../db/queries/reporting/accuracy.ts";
import { restrictionScopeOf } from "../../db/queries/restrictions.ts";
import { AppError } from "../../domain/errors.ts";
import { messages } from "../../domain/messages.ts";
import { accuracyFigure, summariseAccuracy, type AccuracyLine, type Granularity } from "../../domain/reporting/accuracy.ts";
import type {
  TAccuracyLine,
  TAccuracyResponse,
  TFinanceAccuracyRequest,
  TMoveAccuracyResponse,
  TProgrammeAccuracyRequest,
  TSpendTotals,
  TWidgetDetailsResponse,
} from "../../domain/reporting/accuracy-schemas.ts";
import { toMajorString } from "../../domain/money/money.ts";
import { applyFilters, optionOf, periodOf } from "../../domain/reporting/filters.ts";
import { catalogReport } from "../../domain/reporting/catalog.ts";
import type { FilterValues, ReportColumn, ReportResult, ReportRow, ReportViewer } from "../../domain/reporting/types.ts";
import type { TEstimateVsActualResponse } from "../../domain/finance/schemas-insights.ts";
import { estimateVsActual } from "../finance/insights.ts";
import type { SessionUser } from "../identity/auth.ts";

/** The most moves one accuracy answer reads (newest move date first). */
export const ACCURACY_MOVES_LIMIT = 300;
/** The most moves the BASE report lists (streamed, a batch at a time). */
export const REPORT_MOVES_LIMIT = 5000;
/** Moves read at once. */
const BATCH = 8;

export type AccuracyQuery = {
  groupId: number | null;
  from?: string | null;
  to?: string | null;
  createdFrom?: string | null;
  createdTo?: string | null;
  policyId?: number | null;
  moveId?: number | null;
  limit?: number;
};

export type MoveAccuracy = { move: AccuracyMoveRow; actuals: TEstimateVsActualResponse; lines: TAccuracyLine[] };

/** The accuracy lines of one move from finance's estimate against actual (service rows with an estimate or approved spend). */
export function linesOfMove(move: AccuracyMoveRow, actuals: TEstimateVsActualResponse): TAccuracyLine[] {
  const lines: TAccuracyLine[] = [];
  for (const r of actuals.rows) {
    if (r.serviceKey === null || (r.estimate === null && r.approved === 0)) continue;
    const line: AccuracyLine = {
      moveId: move.id,
      moveDate: move.move_date,
      policyId: move.policy_id,
      policyName: move.policy_name,
      stage: r.stage,
      serviceKey: r.serviceKey,
      serviceTitle: r.title,
      currency: r.currency,
      estimate: r.estimate,
      budget: r.budget ? { amount: r.budget.amount, currency: r.budget.currency, sharedBy: r.budgetShared } : null,
      approved: r.approved,
    };
    const f = accuracyFigure(line);
    lines.push({ ...f, moveName: actuals.moveName, group: move.group_name, moveDate: move.move_date });
  }
  return lines;
}

/** Sums finance's per-move totals per currency (never across currencies). */
export function spendTotals(moves: readonly TEstimateVsActualResponse[]): TSpendTotals {
  const est = new Map<string, { currency: string; estimate: number; approved: number; pending: number }>();
  const bud = new Map<string, { currency: string; budget: number; approved: number; pending: number }>();
  for (const m of moves) {
    for (const t of m.totals) {
      const e = est.get(t.currency) ?? { currency: t.currency, estimate: 0, approved: 0, pending: 0 };
      e.estimate += t.estimate;
      e.approved += t.approved;
      e.pending += t.pending;
      est.set(t.currency, e);
    }
    for (const t of m.budgetTotals) {
      const b = bud.get(t.currency) ?? { currency: t.currency, budget: 0, approved: 0, pending: 0 };
      b.budget += t.budget;
      b.approved += t.approved;
      b.pending += t.pending;
      bud.set(t.currency, b);
    }
  }
  const sorted = <T extends { currency: string }>(m: Map<string, T>) => [...m.values()].sort((a, b) => a.currency.localeCompare(b.currency));
  return { estimate: sorted(est), budget: sorted(bud) };
}

/** The moves with approved spend the caller may read, each with finance's figures and its accuracy lines. */
export async function readAccuracy(db: DB, user: SessionUser, q: AccuracyQuery): Promise<{ moves: MoveAccuracy[]; truncated: boolean; limit: number }> {
  const limit = q.limit ?? ACCURACY_MOVES_LIMIT;
  const scope = await restrictionScopeOf(db, user);
  const rows = await accuracyMoves(db, { ...q, groupId: q.groupId, scope, limit: limit + 1 }).execute();
  const truncated = rows.length > limit;
  const read = rows.slice(0, limit);
  const moves: MoveAccuracy[] = [];
  for (let i = 0; i < read.length; i += BATCH) {
    const batch = await Promise.all(
      read.slice(i, i + BATCH).map(async (move) => {
        // Finance's own figures, with the caller's access (the group is the move's: admins and finance read any).
        const actuals = await estimateVsActual(db, user, { moveId: move.id, group: move.group_name });
        return { move, actuals, lines: linesOfMove(move, actuals) };
      }),
    );
    moves.push(...batch);
  }
  return { moves, truncated, limit };
}

/** The group's (or, for finance, every group's) accuracy figures. */
export async function accuracyAnswer(db: DB, user: SessionUser, groupName: string | null, q: AccuracyQuery, granularity: Granularity): Promise<TAccuracyResponse> {
  const { moves, truncated, limit } = await readAccuracy(db, user, q);
  const lines = moves.flatMap((m) => m.lines);
  const { summary } = summariseAccuracy(lines.map(toDomainLine), granularity);
  return {
    group: groupName,
    granularity,
    moves: moves.length,
    truncated,
    limit,
    overall: summary.overall,
    byService: summary.byService,
    byPolicy: summary.byPolicy,
    byPeriod: summary.byPeriod,
    totals: spendTotals(moves.map((m) => m.actuals)),
    lines,
  };
}

const toDomainLine = (l: TAccuracyLine): AccuracyLine => ({
  moveId: l.moveId,
  moveDate: l.moveDate,
  policyId: l.policyId,
  policyName: l.policyName,
  stage: l.stage,
  serviceKey: l.serviceKey,
  serviceTitle: l.serviceTitle,
  currency: l.currency,
  estimate: l.estimate,
  budget: l.budget,
  approved: l.approved,
});

/** programme.accuracy: the group's figures (the group is resolved and checked by the procedure). */
export function programmeAccuracy(db: DB, user: SessionUser, group: { id: number; name: string }, input: TProgrammeAccuracyRequest): Promise<TAccuracyResponse> {
  return accuracyAnswer(db, user, group.name, { groupId: group.id, from: input.from, to: input.to, policyId: input.policyId }, input.granularity);
}

/** programme.financeAccuracy: FINANCE and ADMIN, every group or one named. */
export async function financeAccuracy(db: DB, user: SessionUser, input: TFinanceAccuracyRequest): Promise<TAccuracyResponse> {
  if (user.role !== "FINANCE" && user.role !== "ADMIN") throw new AppError("FORBIDDEN", messages.forbidden);
  let groupId: number | null = null;
  if (input.group !== undefined) {
    const g = await findGroupByName(db, input.group);
    if (!g) throw new AppError("NOT_FOUND", messages.notFound);
    groupId = g.id;
  }
  return accuracyAnswer(db, user, input.group ?? null, { groupId, from: input.from, to: input.to, policyId: input.policyId }, input.granularity);
}

/** programme.moveAccuracy: one move of the group (a move the caller may not see, or of another group, answers as missing). */
export async function moveAccuracy(db: DB, user: SessionUser, group: { id: number; name: string }, moveId: number): Promise<TMoveAccuracyResponse> {
  const { moves } = await readAccuracy(db, user, { groupId: group.id, moveId, limit: 1 });
  const found = moves[0];
  if (!found) {
    // No approved spend yet: finance's figures still name the move, and refuse one the caller may not see.
    const actuals = await estimateVsActual(db, user, { moveId, group: group.name });
    return { moveId, moveName: actuals.moveName, hasSpend: false, overall: summariseAccuracy([], "quarter").summary.overall, totals: spendTotals([actuals]), lines: [] };
  }
  const { summary } = summariseAccuracy(found.lines.map(toDomainLine), "quarter");
  return { moveId, moveName: found.actuals.moveName, hasSpend: true, overall: summary.overall, totals: spendTotals([found.actuals]), lines: found.lines };
}

/** The BASE report's columns (src/domain/reporting/catalog.ts "estimate-accuracy"). */
export const ACCURACY_COLUMNS: ReportColumn[] = [
  { key: "moveId", title: "Move", kind: "integer" },
  { key: "employee", title: "Move name", kind: "text" },
  { key: "moveDate", title: "Move date", kind: "date" },
  { key: "policy", title: "Policy", kind: "text" },
  { key: "service", title: "Service", kind: "text" },
  { key: "currency", title: "Currency", kind: "text" },
  { key: "estimate", title: "Estimate", kind: "money", currencyKey: "currency" },
  { key: "budgetCurrency", title: "Budget currency", kind: "text" },
  { key: "budget", title: "Budget", kind: "money", currencyKey: "budgetCurrency" },
  { key: "approved", title: "Approved spend", kind: "money", currencyKey: "currency" },
  { key: "difference", title: "Difference", kind: "money", currencyKey: "currency" },
  { key: "errorPercent", title: "Error %", kind: "percent" },
];

/** A line as a report row (money in minor units; the error as a percentage with two decimals, from basis points). */
export function accuracyRow(l: TAccuracyLine): ReportRow {
  return {
    moveId: l.moveId,
    employee: l.moveName,
    moveDate: l.moveDate,
    policy: l.policyName,
    service: l.serviceTitle,
    currency: l.currency,
    estimate: l.estimate,
    budgetCurrency: l.budget?.currency ?? null,
    budget: l.budget?.amount ?? null,
    approved: l.approved,
    difference: l.difference,
    errorPercent: l.errorBp === null ? null : bpToPercent(l.errorBp),
  };
}

/** Basis points as a percentage text with two decimals ("-12.34"); exact (integer arithmetic). */
export function bpToPercent(bp: number): string {
  const sign = bp < 0 ? "-" : "";
  const a = Math.abs(bp);
  return `${sign}${Math.floor(a / 100)}.${String(a % 100).padStart(2, "0")}`;
}

function readerOf(viewer: ReportViewer): SessionUser {
  return { id: viewer.userId, email: "", firstName: "", lastName: "", role: viewer.role, groupId: viewer.groupId, groupName: null, groupDisplayName: null, termsAccepted: true };
}

/**
 * The BASE report "estimate accuracy": one row per move and service, in the viewer's group (a MANAGER within
 * their restrictions, read now). Filters: `policy` (a policy id) and `created` (the move's creation, "start||end").
 */
export async function estimateAccuracyReport(db: DB, viewer: ReportViewer, filters: FilterValues): Promise<ReportResult> {
  const entry = catalogReport("estimate-accuracy");
  const applied = applyFilters(entry?.filters ?? [], filters, new Date().toISOString().slice(0, 10), entry?.rules ?? {});
  const policy = optionOf(applied, "policy");
  const created = periodOf(applied, "created");
  const user = readerOf(viewer);
  const scope = await restrictionScopeOf(db, user);
  // The move list is read before streaming (a refusal is an error of the call); each batch's figures as the rows are pulled.
  const list = await accuracyMoves(db, { groupId: viewer.groupId, scope, policyId: policy === null ? null : Number(policy), createdFrom: created.start, createdTo: created.end, limit: REPORT_MOVES_LIMIT }).execute();
  async function* rows(): AsyncIterable<ReportRow> {
    for (let i = 0; i < list.length; i += BATCH) {
      const batch = await Promise.all(list.slice(i, i + BATCH).map(async (move) => linesOfMove(move, await estimateVsActual(db, user, { moveId: move.id, group: move.group_name }))));
      for (const lines of batch) for (const l of lines) yield accuracyRow(l);
    }
  }
  return { columns: ACCURACY_COLUMNS, rows: rows() };
}

/** A percentage text with two decimals of an absolute error in basis points (null stays null). */
const percentOf = (bp: number | null) => (bp === null ? null : bpToPercent(bp));

/**
 * GET /reporting/getWidgetDetails (finance dashboard widgets): the estimate accuracy widget (median and 90th
 * percentile absolute error) and the spend widgets (approved spend against estimate, and against budget, per
 * currency, amounts in major units as text). FINANCE and ADMIN; every group, or one named.
 */
export async function widgetDetails(db: DB, user: SessionUser, input: { group?: string }): Promise<TWidgetDetailsResponse> {
  const a = await financeAccuracy(db, user, { group: input.group, granularity: "quarter" });
  const major = (amount: number, currency: string) => toMajorString({ amount, currency });
  return {
    success: true,
    widgets: [
      {
        id: "estimateAccuracy",
        title: "Estimate accuracy",
        moves: a.moves,
        medianAbsErrorPercent: percentOf(a.overall.medianAbsErrorBp),
        p90AbsErrorPercent: percentOf(a.overall.p90AbsErrorBp),
        figures: a.overall.currencies.map((c) => ({ currency: c.currency, planned: major(c.estimate, c.currency), approved: major(c.approved, c.currency) })),
      },
      {
        id: "spendAgainstEstimate",
        title: "Spend against estimate",
        moves: a.moves,
        medianAbsErrorPercent: null,
        p90AbsErrorPercent: null,
        figures: a.totals.estimate.map((t) => ({ currency: t.currency, planned: major(t.estimate, t.currency), approved: major(t.approved, t.currency) })),
      },
      {
        id: "spendAgainstBudget",
        title: "Spend against budget",
        moves: a.moves,
        medianAbsErrorPercent: null,
        p90AbsErrorPercent: null,
        figures: a.totals.budget.map((t) => ({ currency: t.currency, planned: major(t.budget, t.currency), approved: major(t.approved, t.currency) })),
      },
    ],
    resultMessage: null,
  };
}
