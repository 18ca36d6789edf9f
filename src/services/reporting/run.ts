/**
 * Running a report (issue 26 "Report library"): `runReport(db, viewer, reportId, filters)` answers its columns
 * and its rows, streamed. The page's preview, the results page, the CSV and XLSX downloads and the reminder
 * e-mails all call it, so a report reads the same everywhere.
 *
 * - The report must be offered to the viewer's group (BASE: every group; CUSTOM/OLD: the group's own) and, for
 *   HR and managers, not disabled for the group (report_permissions, kind REPORT). A manager needs their
 *   reporting switch ON (part 1 §3 reportingRestriction) and reads only moves their restrictions allow
 *   (`restrictionScopeOf`, read now: a reminder sent later reads with the recipient's restrictions then).
 * - BASE reports: filters checked by src/domain/reporting/filters.ts, rows from
 *   src/db/queries/reporting/library-base.ts, states and figures from the one-place functions: an expense's or
 *   item's status from its lifecycle (`withLifecycles` / `loadLifecycles`), where it stands against budgets from
 *   `budgetStageOf`, a bill's from `billStateOf`, a move's budget and estimate figures from finance's estimate
 *   against actual (`estimateVsActual`, built on the ledger's `budgetFigures`), money in integer minor units.
 *   "estimate-accuracy" is `estimateAccuracyReport` (./accuracy.ts).
 * - CUSTOM and OLD reports: `runCustomReport` (./custom-run.ts).
 */
import type { DB } from "../../db/index.ts";
import { findCurrencyOptions, findGroupReport, findPolicyOptions, findReportingRestriction, type ReportRow as StoredReport } from "../../db/queries/reporting/library.ts";
import {
  activationFunnel,
  billLineBatch,
  decidedExpenseBatch,
  drawdownBalances,
  exceptionIncidents,
  expenseBatch,
  financeItemBatch,
  keysetBatches,
  latestAssignmentActions,
  moveBatch,
  movesByStatusStage,
  paymentsByMonth,
  serviceNames,
  spendCategoryNames,
  welcomeCallBatch,
  type BaseScope,
} from "../../db/queries/reporting/library-base.ts";
import { restrictionScopeOf } from "../../db/queries/restrictions.ts";
import { budgetStageOf } from "../../domain/employee/budgets/figures.ts";
import { billStateOf } from "../../domain/employee/expenses/lifecycle.ts";
import { AppError } from "../../domain/errors.ts";
import { catalogReport, expenseCategoryLabel, moveStatusLabel, moveTypeLabel, welcomeCallStatusLabel, type CatalogReport } from "../../domain/reporting/catalog.ts";
import { addDays, applyFilters, currencyOf, DUE_DAYS_FILTER, idsOf, optionOf, periodOf, textOf, type AppliedFilters } from "../../domain/reporting/filters.ts";
import { libraryMessages } from "../../domain/reporting/library-messages.ts";
import type { FilterDefinition, FilterValues, ReportResult, ReportRow, ReportViewer } from "../../domain/reporting/types.ts";
import { expenseSource, lifecycleKey, loadLifecycles, withLifecycles, type LifecycleSource } from "../employee/expenses/lifecycle.ts";
import { estimateVsActual } from "../finance/insights.ts";
import type { SessionUser } from "../identity/auth.ts";
import { estimateAccuracyReport } from "./accuracy.ts";
import { runCustomReport } from "./custom-run.ts";

/** Today as "YYYY-MM-DD" (UTC). */
export const todayOf = (now: Date) => now.toISOString().slice(0, 10);

/** The stored report the viewer may run, or NOT_FOUND (a disabled report is not offered to HR and managers). */
export async function reportForViewer(db: DB, viewer: ReportViewer, reportId: number): Promise<StoredReport & { enabled: number | null; display_name: string | null }> {
  const report = await findGroupReport(db, viewer.groupId, reportId);
  if (!report) throw new AppError("NOT_FOUND", libraryMessages.reportNotFound);
  if (viewer.role !== "ADMIN" && report.enabled === 0) throw new AppError("NOT_FOUND", libraryMessages.reportNotFound);
  return report;
}

/** A MANAGER's reports need their reporting switch ON (part 1 §3); other roles pass. */
export async function assertReportingAllowed(db: DB, viewer: Pick<ReportViewer, "role" | "userId">): Promise<void> {
  if (viewer.role !== "MANAGER") return;
  if ((await findReportingRestriction(db, viewer.userId)) !== "ON") throw new AppError("FORBIDDEN", libraryMessages.reportingOff);
}

/** The catalogue entry of a BASE report (null for CUSTOM/OLD). */
export function catalogOf(report: Pick<StoredReport, "type" | "report_key">): CatalogReport | null {
  return report.type === "BASE" ? catalogReport(report.report_key) : null;
}

export async function runReport(db: DB, viewer: ReportViewer, reportId: number, filters: FilterValues, now = new Date()): Promise<ReportResult> {
  await assertReportingAllowed(db, viewer);
  const report = await reportForViewer(db, viewer, reportId);
  if (report.type !== "BASE") return runCustomReport(db, viewer, reportId, filters);
  const entry = catalogOf(report);
  if (!entry) throw new AppError("NOT_FOUND", libraryMessages.reportNotFound);
  if (entry.key === "estimate-accuracy") return estimateAccuracyReport(db, viewer, filters);
  const applied = applyFilters(await filledFilters(db, viewer.groupId, entry.filters), filters, todayOf(now), entry.rules);
  const scope: BaseScope = { groupId: viewer.groupId, scope: await restrictionScopeOf(db, { id: viewer.userId, role: viewer.role }) };
  if (entry.key === "bills-by-status") {
    const due = optionOf(applied, DUE_DAYS_FILTER);
    const dueBy = due === null || due === "ALL" ? null : addDays(todayOf(now), Number(due));
    return { columns: entry.columns, rows: billLineRows(db, scope, { billDate: periodOf(applied, "billDate"), dueBy, currency: currencyOf(applied) }) };
  }
  return { columns: entry.columns, rows: baseRows(db, viewer, entry, applied, scope, now) };
}

/** Marks an AsyncIterable of report rows that can also be read a batch at a time (the downloads read so). */
export const ROW_BATCHES = Symbol.for("meridian.reporting.rowBatches");
export type BatchedRows = AsyncIterable<ReportRow> & { [ROW_BATCHES]: () => AsyncIterable<ReportRow[]> };

/**
 * Rows read in batches and mapped a batch at a time: iterating row by row hands out each batch's rows
 * without an async step per row; `[ROW_BATCHES]` gives the batches themselves (a million-row CSV then costs
 * one await per batch, not per row).
 */
export function batchedRows<R>(batches: () => AsyncIterable<R[]>, map: (row: R) => ReportRow): BatchedRows {
  const mapped = async function* () {
    for await (const batch of batches()) yield batch.map(map);
  };
  return {
    [ROW_BATCHES]: mapped,
    [Symbol.asyncIterator]() {
      const source = mapped()[Symbol.asyncIterator]();
      let current: ReportRow[] = [];
      let at = 0;
      return {
        async next(): Promise<IteratorResult<ReportRow>> {
          while (at >= current.length) {
            const n = await source.next();
            if (n.done) return { done: true, value: undefined };
            current = n.value;
            at = 0;
          }
          return { done: false, value: current[at++]! };
        },
        async return(): Promise<IteratorResult<ReportRow>> {
          await source.return?.(undefined);
          return { done: true, value: undefined };
        },
      };
    },
  };
}

/** A report's filter definitions with their dynamic lists filled (policies of the group, currencies). */
export async function filledFilters(db: DB, groupId: number, defs: readonly FilterDefinition[]): Promise<FilterDefinition[]> {
  return Promise.all(
    defs.map(async (d) => {
      if (d.dynamicOptions === "policies") return { ...d, options: await findPolicyOptions(db, groupId) };
      if (d.dynamicOptions === "currencies") return { ...d, options: await findCurrencyOptions(db) };
      return d;
    }),
  );
}

const policyIdOf = (f: AppliedFilters) => {
  const v = optionOf(f, "policy");
  return v === null ? null : Number(v);
};
const nameOf = (r: { first_name: string; last_name: string }) => `${r.first_name} ${r.last_name}`.trim();
const routeOf = (r: { origin: string | null; destination: string | null; origin_country_code: string | null; destination_country_code: string | null }) =>
  `${r.origin ?? r.origin_country_code ?? ""} → ${r.destination ?? r.destination_country_code ?? ""}`;
const num = (v: unknown) => Number(v ?? 0);
const LIVE_MOVE_STATUSES = ["open", "on_assignment", "completed"];

/** A session-shaped reader for the services that take one (the viewer's own role, group and id). */
function readerOf(viewer: ReportViewer): SessionUser {
  return { id: viewer.userId, email: "", firstName: "", lastName: "", role: viewer.role, groupId: viewer.groupId, groupName: null, groupDisplayName: null, termsAccepted: true };
}

async function* baseRows(db: DB, viewer: ReportViewer, entry: CatalogReport, f: AppliedFilters, s: BaseScope, now: Date): AsyncGenerator<ReportRow> {
  const today = todayOf(now);
  switch (entry.key) {
    case "moves-by-status-stage": {
      const status = optionOf(f, "status");
      for (const r of await movesByStatusStage(db, s, { created: periodOf(f, "created"), policyId: policyIdOf(f), status })) {
        yield { policy: r.policy, status: moveStatusLabel(r.status), stage: num(r.stage), moves: num(r.moves) };
      }
      return;
    }
    case "cost-per-move": {
      const readBatch = moveBatch(db, s, { created: periodOf(f, "created"), policyId: policyIdOf(f), moveType: optionOf(f, "moveType"), moveIds: idsOf(f, "moveIds"), statuses: LIVE_MOVE_STATUSES });
      const reader = readerOf(viewer);
      for await (const batch of keysetBatches(readBatch, (r) => r.id, 200)) {
        for (const m of batch) {
          // The move's figures from finance's estimate against actual (the ledger's budget figures inside).
          const a = await estimateVsActual(db, reader, { moveId: m.id });
          const total = a.totals.find((t) => t.currency === a.currency) ?? a.totals[0];
          const budget = a.budgetTotals.find((b) => b.currency === a.currency) ?? a.budgetTotals[0];
          yield {
            moveId: m.id,
            employee: nameOf(m),
            policy: m.policy,
            moveType: moveTypeLabel(m.move_type),
            route: routeOf(m),
            currency: a.currency,
            estimate: total?.estimate ?? 0,
            approved: total?.approved ?? 0,
            pending: total?.pending ?? 0,
            difference: total?.difference ?? 0,
            budgetCurrency: budget?.currency ?? null,
            budget: budget?.budget ?? null,
            committed: budget?.committed ?? null,
            spent: budget?.spent ?? null,
            remaining: budget?.remaining ?? null,
          };
        }
      }
      return;
    }
    case "spend-by-service-category": {
      const names = await serviceNames(db);
      const totals = new Map<string, { service: string; category: string; currency: string; items: number; submitted: number; approved: number; paid: number }>();
      const add = (service: string, category: string, currency: string, stage: ReturnType<typeof budgetStageOf>, amount: number) => {
        if (stage === null) return;
        const key = `${service}\u0000${category}\u0000${currency}`;
        const t = totals.get(key) ?? { service, category, currency, items: 0, submitted: 0, approved: 0, paid: 0 };
        t.items += 1;
        if (stage === "submitted") t.submitted += amount;
        else if (stage === "approved") t.approved += amount;
        else t.paid += amount;
        totals.set(key, t);
      };
      const period = periodOf(f, "submitted");
      const currency = currencyOf(f);
      for await (const batch of keysetBatches(expenseBatch(db, s, { submitted: period, employee: null, moveIds: null, currency }), (r) => r.id)) {
        for (const e of await withLifecycles(db, batch)) add(names.get(e.service_key) ?? e.service_key, expenseCategoryLabel(e.category), e.currency, budgetStageOf(e.lifecycle.stage), e.gross_amount);
      }
      for await (const batch of keysetBatches(financeItemBatch(db, s, { submitted: period, currency }), (r) => r.id)) {
        const sources: LifecycleSource[] = batch.map((i) => ({ kind: i.kind as LifecycleSource["kind"], id: i.id, status: i.status, submittedAt: i.created_at, decidedAt: i.decided_at, rejectionReason: i.rejection_reason, changeReason: i.change_reason, holdReason: i.hold_reason }));
        const lifecycles = await loadLifecycles(db, sources);
        const categories = await spendCategoryNames(db, [...new Set(batch.map((i) => i.spend_category_id).filter((v): v is number => v !== null))]);
        for (const i of batch) {
          const life = lifecycles.get(lifecycleKey(i.kind as LifecycleSource["kind"], i.id))!;
          add(i.service_key ? (names.get(i.service_key) ?? i.service_key) : "", i.spend_category_id !== null ? (categories.get(i.spend_category_id) ?? "") : "", i.currency, budgetStageOf(life.stage), i.gross_amount);
        }
      }
      const rows = [...totals.values()].sort((a, b) => a.service.localeCompare(b.service) || a.category.localeCompare(b.category) || a.currency.localeCompare(b.currency));
      for (const r of rows) yield r;
      return;
    }
    case "expenses-by-status": {
      const names = await serviceNames(db);
      const readBatch = expenseBatch(db, s, { submitted: periodOf(f, "submitted"), employee: textOf(f, "employee"), moveIds: idsOf(f, "moveIds"), currency: currencyOf(f) });
      for await (const batch of keysetBatches(readBatch, (r) => r.id)) {
        for (const e of await withLifecycles(db, batch)) {
          yield {
            expenseId: e.id,
            moveId: e.move_id,
            employee: nameOf(e),
            service: names.get(e.service_key) ?? e.service_key,
            category: expenseCategoryLabel(e.category),
            expenseDate: e.expense_date,
            currency: e.currency,
            gross: e.gross_amount,
            status: e.lifecycle.label,
            onHold: e.lifecycle.onHold ? "Yes" : "No",
          };
        }
      }
      return;
    }
    case "payments-by-period-currency": {
      const from = periodOf(f, "fromMonth").start;
      const to = periodOf(f, "toMonth").end;
      const paid = periodOf(f, "paid");
      const period = { start: maxOf(paid.start, from), end: minOf(paid.end, to) };
      for (const r of await paymentsByMonth(db, s, { paid: period, currency: currencyOf(f) })) {
        yield { period: r.period, currency: r.currency, payments: num(r.payments), amount: num(r.amount) };
      }
      return;
    }
    case "assignments-ending": {
      const days = Number(optionOf(f, "withinDays") ?? "90");
      const readBatch = moveBatch(db, s, { created: { start: null, end: null }, policyId: policyIdOf(f), moveType: null, moveIds: null, statuses: ["open", "on_assignment"], endBetween: { start: today, end: addDays(today, days) } });
      for await (const batch of keysetBatches(readBatch, (r) => r.id)) {
        const actions = await latestAssignmentActions(db, batch.map((m) => m.id));
        for (const m of batch) {
          const action = actions.get(m.id);
          const end = m.assignment_end_date!;
          yield {
            moveId: m.id,
            employee: nameOf(m),
            policy: m.policy,
            route: routeOf(m),
            assignmentEnd: end,
            daysLeft: Math.round((Date.parse(`${end}T00:00:00Z`) - Date.parse(`${today}T00:00:00Z`)) / 86_400_000),
            lastAction: action ? `${action.kind === "EXTEND" ? "Extended" : "Ended"} to ${action.new_end_date}` : "",
          };
        }
      }
      return;
    }
    case "exceptions-out-of-policy":
      yield* exceptionRows(db, viewer, s, f);
      return;
    case "welcome-calls": {
      for await (const batch of keysetBatches(welcomeCallBatch(db, s, { scheduled: periodOf(f, "scheduled"), status: optionOf(f, "status") }), (r) => r.id)) {
        for (const w of batch) yield { callId: w.id, moveId: w.move_id, employee: nameOf(w), scheduledAt: w.scheduled_at, timeZone: w.time_zone, status: welcomeCallStatusLabel(w.status) };
      }
      return;
    }
    case "activation-funnel": {
      for (const r of await activationFunnel(db, s, { invited: periodOf(f, "invited") })) {
        const invited = num(r.invited);
        const activated = num(r.activated);
        yield { period: r.period, invited, activated, termsAccepted: num(r.terms_accepted), activationRate: invited === 0 ? 0 : Math.round((activated * 1000) / invited) / 10 };
      }
      return;
    }
    case "drawdown-balances": {
      // Account balances are the group's own (no move): not a manager's.
      if (s.scope !== null) return;
      for (const a of await drawdownBalances(db, s.groupId)) {
        yield { account: a.name, currency: a.currency, float: num(a.float_amount), balance: a.balance === null ? 0 : num(a.balance), entries: num(a.entries), lastEntry: a.last_entry };
      }
      return;
    }
    default:
      throw new AppError("NOT_FOUND", libraryMessages.reportNotFound);
  }
}

const maxOf = (a: string | null, b: string | null) => (a === null ? b : b === null ? a : a > b ? a : b);
const minOf = (a: string | null, b: string | null) => (a === null ? b : b === null ? a : a < b ? a : b);

/** Bill lines with their bill's state (`billStateOf`, the one place a lone bill's state is named), in batches. */
export function billLineRows(db: DB, s: BaseScope, f: Parameters<typeof billLineBatch>[2]): BatchedRows {
  return batchedRows(
    () => keysetBatches(billLineBatch(db, s, f), (r) => r.line_id),
    (l) => ({
      billId: l.bill_id,
      reference: l.reference,
      billType: l.bill_type,
      status: billStateOf({ status: l.status as never, audited: l.audited === 1 }).label,
      billDate: l.bill_date,
      dueDate: l.due_date,
      moveId: l.move_id,
      line: l.name,
      currency: l.currency,
      gross: l.gross_amount,
      net: l.net_amount,
      tax: l.tax_amount,
    }),
  );
}

/**
 * Exceptions and out-of-policy approvals: the group's exceptions (incidents of kind EXCEPTION: count, share
 * closed as the approval rate, average days to close as the time to decision), and expenses booked to no budget
 * (budget group 99, "out of policy": count, their cost, their share of the period's spend, the share finance
 * approved, and the average days from submission to the decision).
 */
async function* exceptionRows(db: DB, _viewer: ReportViewer, s: BaseScope, f: AppliedFilters): AsyncGenerator<ReportRow> {
  const period = periodOf(f, "period");
  const incidents = await exceptionIncidents(db, s, { period });
  const closed = incidents.filter((x) => x.status === "CLOSED" && x.closed_at !== null);
  const days = (from: string, to: string) => (Date.parse(to) - Date.parse(from)) / 86_400_000;
  yield {
    measure: "Exceptions",
    currency: null,
    count: incidents.length,
    cost: null,
    shareOfSpend: null,
    approvalRate: incidents.length === 0 ? null : Math.round((closed.length * 1000) / incidents.length) / 10,
    avgDaysToDecision: closed.length === 0 ? null : Math.round(closed.reduce((t, x) => t + days(x.created_at, x.closed_at!), 0) / closed.length),
  };
  type Acc = { count: number; cost: number; total: number; decided: number; approved: number; daysSum: number };
  const byCurrency = new Map<string, Acc>();
  for await (const batch of keysetBatches(decidedExpenseBatch(db, s, { period, currency: currencyOf(f) }), (r) => r.id)) {
    const lifecycles = await loadLifecycles(db, batch.map(expenseSource));
    for (const e of batch) {
      const life = lifecycles.get(lifecycleKey("expense", e.id))!;
      const stage = budgetStageOf(life.stage);
      const acc = byCurrency.get(e.currency) ?? { count: 0, cost: 0, total: 0, decided: 0, approved: 0, daysSum: 0 };
      if (stage === "approved" || stage === "paid") acc.total += e.gross_amount;
      if (e.budget_group === 99) {
        acc.count += 1;
        const decided = life.stage !== "submitted" && life.stage !== "submittedWithoutReceipt" && life.stage !== "inReview";
        if (decided) {
          acc.decided += 1;
          const decision = life.steps.find((st) => st.stage === "approved" || st.stage === "rejected" || st.stage === "changesRequested")?.date ?? e.updated_at;
          acc.daysSum += Math.max(0, days(e.created_at, decision));
        }
        if (stage === "approved" || stage === "paid") {
          acc.approved += 1;
          acc.cost += e.gross_amount;
        }
      }
      byCurrency.set(e.currency, acc);
    }
  }
  for (const [currency, a] of [...byCurrency.entries()].sort(([x], [y]) => x.localeCompare(y))) {
    yield {
      measure: "Out-of-policy approvals",
      currency,
      count: a.count,
      cost: a.cost,
      shareOfSpend: a.total === 0 ? 0 : Math.round((a.cost * 1000) / a.total) / 10,
      approvalRate: a.decided === 0 ? null : Math.round((a.approved * 1000) / a.decided) / 10,
      avgDaysToDecision: a.decided === 0 ? null : Math.round(a.daysSum / a.decided),
    };
  }
}

