/**
 * Finance insights (issue 16 "Beyond the spec"): estimate against actual for a move
 * (`finance.insights.estimateVsActual`) and for the moves behind a finance account
 * (`finance.insights.accountActuals`). Reads only; the computation is src/domain/finance/actuals.ts.
 *
 * What is read:
 * - the move's CURRENT cost estimate (cost_estimates.result, the stored view): each service item's
 *   amount per year summed, in the display currency; its stored exchange rates convert first;
 * - the move's effective budgets (src/services/employee/budgets/ledger.ts: policy budget → wizard override →
 *   HR's edit) and which budget group each service belongs to;
 * - approved spend: the move's bills that are not Void, approved external spends without a bill, and
 *   expenses approved or paid without a bill; pending: submitted expenses and finance items without a
 *   bill. A bill is counted once whatever made it (bills name their source), so approving an item
 *   moves its amount from pending to approved in the next read.
 *
 * Who: FINANCE and ADMIN any move (a group, when named, must be the move's); HR only moves of their
 * own group (another group named: FORBIDDEN; without a name their own group applies); a MANAGER of the group within their restrictions (the shared SQL
 * helper; an invisible move answers like a missing one); everyone else FORBIDDEN.
 * accountActuals is FINANCE and ADMIN only: an Employee account → that user's moves; any other
 * account → the moves of the bills to or from it.
 */
import type { DB } from "../../db/index.ts";
import { findGroupByName } from "../../db/queries/admin/groups.ts";
import {
  findAccountMoveIds,
  findEmployeeMoveIds,
  findInsightsAccount,
  findInsightsMove,
  findMoveBills,
  findUnbilledExpenses,
  findUnbilledItems,
  type InsightsMoveRow,
} from "../../db/queries/finance/insights.ts";
import { findCurrentEstimate } from "../../db/queries/estimate/estimate.ts";
import { restrictionScopeOf } from "../../db/queries/restrictions.ts";
import { AppError } from "../../domain/errors.ts";
import { computeActuals, estimateRates, type EstimateLine, type SpendItem } from "../../domain/finance/actuals.ts";
import {
  insightsMessages as M,
  type TAccountActualsRequest,
  type TAccountActualsResponse,
  type TEstimateVsActualRequest,
  type TEstimateVsActualResponse,
} from "../../domain/finance/schemas-insights.ts";
import { messages } from "../../domain/messages.ts";
import type { SessionUser } from "../identity/auth.ts";
import type { LedgerMove } from "../employee/budgets/access.ts";
import { loadLedger, stageNameOf } from "../employee/budgets/ledger.ts";
import { requireFinance } from "./core.ts";
import { moveDisplayName } from "../../domain/moves/display-name.ts";

/** Expense statuses still waiting for finance, and the ones finance approved. */
const PENDING_EXPENSES = new Set(["SUBMITTED", "SUBMITTED_WITHOUT_RECEIPT", "IN_PROCESS"]);
const APPROVED_EXPENSES = new Set(["APPROVED", "PAID"]);

/** The most moves an account's view computes. */
export const ACCOUNT_MOVES_LIMIT = 20;

const READ_ROLES = new Set(["FINANCE", "ADMIN", "HR", "MANAGER"]);

/** The move the caller may read in the named group, or the refusal. */
async function readableMove(db: DB, user: SessionUser, groupName: string | undefined, moveId: number): Promise<InsightsMoveRow> {
  if (!READ_ROLES.has(user.role)) throw new AppError("FORBIDDEN", messages.forbidden);
  const groupScoped = user.role === "HR" || user.role === "MANAGER";
  let groupId: number | null = groupScoped ? user.groupId : null;
  if (groupName !== undefined) {
    const group = await findGroupByName(db, groupName);
    if (!group) throw new AppError("NOT_FOUND", messages.notFound);
    if (groupScoped && user.groupId !== group.id) throw new AppError("FORBIDDEN", messages.otherGroup);
    groupId = group.id;
  }
  if (groupScoped && groupId === null) throw new AppError("FORBIDDEN", messages.forbidden);
  const move = await findInsightsMove(db, moveId, await restrictionScopeOf(db, user));
  if (!move || (groupId !== null && move.group_id !== groupId)) throw new AppError("NOT_FOUND", M.moveNotFound, { moveId: M.moveNotFound });
  return move;
}

type StoredItem = { serviceCode: string | null; stageId: number | null; custom?: boolean; name?: string; amountPerYear?: number[] };
type StoredView = { costEstimateId?: number; versionNumber?: number; displayCurrency?: string; exchangeRates?: { from: string; to: string; rate: string }[]; sections?: { items?: StoredItem[] }[] };

/** The service lines of a stored estimate view: each service item's yearly amounts summed (display currency). */
function estimateLinesOf(view: StoredView): EstimateLine[] {
  const lines: EstimateLine[] = [];
  for (const section of view.sections ?? []) {
    for (const item of section.items ?? []) {
      if (item.custom || item.serviceCode == null || item.stageId == null) continue;
      lines.push({ stage: item.stageId, serviceKey: item.serviceCode, title: item.name ?? item.serviceCode, amount: (item.amountPerYear ?? []).reduce((a, b) => a + b, 0) });
    }
  }
  return lines;
}

/** Estimate against actual of one move the caller may read (the rules above). */
async function actualsOfMove(db: DB, move: InsightsMoveRow): Promise<TEstimateVsActualResponse> {
  const ledgerMove: LedgerMove = {
    id: move.id,
    groupId: move.group_id,
    groupDisplayName: move.display_name,
    employeeUserId: move.employee_user_id,
    policyVersionId: move.policy_version_id,
    stageCount: Math.max(1, Math.min(3, move.move_stages_count)),
    currentMoveStage: move.current_move_stage,
    status: move.status,
  };
  const [ledger, estimate, bills, expenses, items] = await Promise.all([
    loadLedger(db, ledgerMove),
    findCurrentEstimate(db, move.id),
    findMoveBills(db, move.id),
    findUnbilledExpenses(db, move.id),
    findUnbilledItems(db, move.id),
  ]);
  let view: StoredView | null = null;
  if (estimate) {
    try {
      view = JSON.parse(estimate.result) as StoredView;
    } catch {
      view = null;
    }
  }
  const spend: SpendItem[] = [];
  let asOf: string | null = null;
  const seen = (at: string) => {
    if (asOf === null || at > asOf) asOf = at;
  };
  for (const b of bills) {
    const sameAsExpense = b.expense_gross === b.gross_amount && b.expense_currency === b.currency;
    spend.push({
      stage: b.move_stage,
      serviceKey: b.service_key,
      state: "approved",
      money: { amount: b.gross_amount, currency: b.currency },
      inBudget: sameAsExpense && b.budget_currency && b.budget_amount !== null ? { amount: b.budget_amount, currency: b.budget_currency } : null,
    });
    seen(b.updated_at);
  }
  for (const e of expenses) {
    const state = PENDING_EXPENSES.has(e.status) ? "pending" : APPROVED_EXPENSES.has(e.status) ? "approved" : null;
    if (!state) continue;
    spend.push({
      stage: e.move_stage,
      serviceKey: e.service_key,
      state,
      money: { amount: e.gross_amount, currency: e.currency },
      inBudget: e.budget_currency && e.budget_amount !== null ? { amount: e.budget_amount, currency: e.budget_currency } : null,
    });
    seen(e.updated_at);
  }
  for (const i of items) {
    const state = i.status === "SUBMITTED" ? "pending" : i.status === "APPROVED" && i.kind === "externalSpend" ? "approved" : null;
    if (!state) continue;
    spend.push({ stage: i.move_stage, serviceKey: i.service_key, state, money: { amount: i.gross_amount, currency: i.currency } });
    seen(i.updated_at);
  }
  const estimateCurrency = view?.displayCurrency ?? null;
  const actuals = computeActuals({
    estimateCurrency,
    estimateLines: view ? estimateLinesOf(view) : [],
    budgets: ledger.budgets.map((b) => ({ stage: b.stage, group: b.group, currency: b.budget.currency, amount: b.budget.amount, source: b.budget.source, figures: b.figures })),
    serviceGroups: ledger.serviceGroups,
    serviceTitles: ledger.serviceTitles,
    spend,
    rateOf: estimateRates(view?.exchangeRates ?? [], ledger.rates.rateOf),
  });
  const stageName = (stage: number | null) => (stage === null ? "" : stageNameOf(ledger, stage));
  const budgetOf = (stage: number | null, group: number | null) => actuals.budgets.find((b) => b.stage === stage && b.group === group);
  return {
    moveId: move.id,
    moveName: moveDisplayName({ firstName: move.first_name, lastName: move.last_name, origin: move.origin_city_name, destination: move.destination_city_name }),
    employeeId: move.employee_user_id,
    group: move.group_name,
    currency: actuals.currency,
    costEstimateId: estimate ? estimate.id : null,
    estimateVersion: estimate ? estimate.version_number : null,
    rows: actuals.rows.map((r) => {
      const budget = budgetOf(r.stage, r.budgetGroup);
      return { ...r, stageName: stageName(r.stage), budget: budget ? { currency: budget.currency, amount: budget.amount } : null, budgetShared: budget ? budget.serviceKeys.length : 0 };
    }),
    budgets: actuals.budgets.map((b) => ({ ...b, stageName: stageName(b.stage), figures: { currency: b.currency, ...b.figures } })),
    totals: actuals.totals,
    budgetTotals: actuals.budgetTotals,
    asOf,
  };
}

/** finance.insights.estimateVsActual: one move's estimate against actual. */
export async function estimateVsActual(db: DB, user: SessionUser, input: TEstimateVsActualRequest): Promise<TEstimateVsActualResponse> {
  const move = await readableMove(db, user, input.group, input.moveId);
  return actualsOfMove(db, move);
}

/** finance.insights.accountActuals: estimate against actual of the moves behind a finance account (FINANCE, ADMIN). */
export async function accountActuals(db: DB, user: SessionUser, input: TAccountActualsRequest): Promise<TAccountActualsResponse> {
  requireFinance(user);
  const account = await findInsightsAccount(db, input.accountId);
  if (!account) throw new AppError("NOT_FOUND", M.accountNotFound, { accountId: M.accountNotFound });
  const moveIds =
    account.type === "Employee" && account.user_id !== null
      ? await findEmployeeMoveIds(db, account.user_id, ACCOUNT_MOVES_LIMIT)
      : await findAccountMoveIds(db, account.id, ACCOUNT_MOVES_LIMIT);
  const moves: TEstimateVsActualResponse[] = [];
  for (const id of moveIds) {
    const move = await findInsightsMove(db, id, null);
    if (move) moves.push(await actualsOfMove(db, move));
  }
  return { accountId: account.id, accountType: account.type, moves };
}
