/**
 * Bill Approval's reads (issue 16; part 2 §4 "Approval", §7 billapproval/…): the table of pending
 * items, the reasons the popups offer and the budget checks; queries never write.
 * - Budget state of an item: the move's budget ledger (src/services/employee/budgets/ledger.ts) for the item's
 *   move stage and budget group. No move, no group (99) or no budget: out of budget ("N/A"). Over
 *   budget: what finance has approved plus this item (in the budget's currency) exceeds the budget;
 *   newTotalSpend is that sum. Out of policy: the item's service is not on the move's policy at its
 *   stage. `lock`: today is inside a lock period (a bill made today would be refused).
 */
import type { DB } from "../../db/index.ts";
import { approvalListPage, duplicateCandidates, type DuplicateCandidateRow } from "../../db/queries/finance/approval.ts";
import { approvedTotal } from "../../domain/employee/budgets/figures.ts";
import type { ApprovalKind } from "../../domain/finance/approval.ts";
import { HOLD_REASONS } from "../../domain/finance/bill-state.ts";
import { findDuplicates, type DuplicateCandidate } from "../../domain/finance/duplicates.ts";
import { checkLock } from "../../domain/finance/lock-periods.ts";
import {
  RECEIPT_PATH,
  type TApprovalListRequest,
  type TApprovalListResponse,
  type TApprovalRow,
  type TBudgetCheckResponse,
  type TBudgetState,
} from "../../domain/finance/schemas-approval.ts";
import { toMajorString } from "../../domain/money/money.ts";
import { NO_BUDGET_GROUP } from "../../domain/policy/catalogue.ts";
import type { SessionUser } from "../identity/auth.ts";
import { ledgerMoveForCaller } from "../employee/budgets/access.ts";
import { convertMinor, loadLedger, serviceKeyOf, type Ledger } from "../employee/budgets/ledger.ts";
import type { ApprovalItemRow } from "./approval-bills.ts";
import { requireItem } from "./approval-common.ts";
import { lockPeriodsOf, requireFinance, todayUtc } from "./core.ts";

const major = (amount: number, currency: string) => toMajorString({ amount, currency });

/** Finance reads every group's moves (the budget role check of access.ts knows EMPLOYEE, HR and ADMIN). */
function ledgerReader(user: SessionUser): SessionUser {
  return { ...user, role: "ADMIN" };
}


// ── budget state ──────────────────────────────────────────────────────────────────────────────

type BudgetFacts = { state: TBudgetState; outOfPolicy: boolean; programmeType: string | null; newTotalMinor: number | null };
type LedgerCache = Map<number, Promise<{ ledger: Ledger; programmeType: string } | null>>;

const NA: TBudgetState = { status: "na", outOfBudget: true, overBudget: false, currency: null, remaining: null, newTotalSpend: null, budget: null };

async function ledgerOfMove(db: DB, user: SessionUser, moveId: number, cache: LedgerCache) {
  let found = cache.get(moveId);
  if (!found) {
    found = (async () => {
      const move = await ledgerMoveForCaller(db, ledgerReader(user), { moveId });
      if (!move) return null;
      const [ledger, policy] = await Promise.all([
        loadLedger(db, move),
        db.selectFrom("moves as m").innerJoin("policies as p", "p.id", "m.policy_id").select("p.programme_type").where("m.id", "=", moveId).executeTakeFirst(),
      ]);
      return { ledger, programmeType: policy?.programme_type ?? "Standard" };
    })();
    cache.set(moveId, found);
  }
  return found;
}

/** The budget state of an item (see the file's comment). */
export async function budgetFactsOf(db: DB, user: SessionUser, item: Pick<ApprovalItemRow, "moveId" | "moveStage" | "serviceKey" | "budgetGroup" | "currency" | "gross">, cache: LedgerCache = new Map()): Promise<BudgetFacts> {
  if (item.moveId === null) return { state: NA, outOfPolicy: false, programmeType: null, newTotalMinor: null };
  const found = await ledgerOfMove(db, user, item.moveId, cache);
  if (!found) return { state: NA, outOfPolicy: false, programmeType: null, newTotalMinor: null };
  const { ledger, programmeType } = found;
  const key = item.moveStage !== null && item.serviceKey ? serviceKeyOf(item.moveStage, item.serviceKey) : null;
  const onPolicy = key !== null ? ledger.serviceGroups.get(key) : undefined;
  const outOfPolicy = key !== null && onPolicy === undefined;
  const group = item.budgetGroup ?? onPolicy;
  const budget = group === undefined || group === null || group === NO_BUDGET_GROUP ? undefined : ledger.budgets.find((b) => b.stage === item.moveStage && b.group === group);
  if (!budget) return { state: NA, outOfPolicy, programmeType, newTotalMinor: null };
  const c = budget.budget.currency;
  const amount = convertMinor(ledger.rates, item.gross, item.currency, c).amount;
  const newTotal = approvedTotal(budget.figures) + amount;
  return {
    state: {
      status: "ok",
      outOfBudget: false,
      overBudget: newTotal > budget.budget.amount,
      currency: c,
      remaining: major(budget.figures.remaining, c),
      newTotalSpend: major(newTotal, c),
      budget: major(budget.budget.amount, c),
    },
    outOfPolicy,
    programmeType,
    newTotalMinor: newTotal,
  };
}

async function safeBudgetFacts(db: DB, user: SessionUser, item: ApprovalItemRow, cache: LedgerCache): Promise<BudgetFacts> {
  try {
    return await budgetFactsOf(db, user, item, cache);
  } catch {
    return { state: { ...NA, status: "error", outOfBudget: false }, outOfPolicy: false, programmeType: null, newTotalMinor: null };
  }
}

// ── queries ───────────────────────────────────────────────────────────────────────────────────

/** The Bill Approval table: pending items with search, type filter, sort and pages; each row with its budget state. */
export async function listApprovalItems(db: DB, user: SessionUser, input: TApprovalListRequest): Promise<TApprovalListResponse> {
  requireFinance(user);
  const page = await approvalListPage(db, input);
  const extras = await receiptsAndDuplicates(db, page.rows.filter((r) => r.kind === "expense").map((r) => r.id));
  const cache: LedgerCache = new Map();
  const rows = await Promise.all(
    page.rows.map(async (r) => {
      const kind = r.kind as ApprovalKind;
      const item: ApprovalItemRow = {
        kind, id: r.id, groupId: r.group_id, moveId: r.move_id, employeeUserId: r.employee_user_id, serviceKey: r.service_key, moveStage: r.move_stage,
        budgetGroup: r.budget_group, currency: r.currency, net: Number(r.net_amount), tax: Number(r.tax_amount), gross: Number(r.gross_amount), status: r.status,
        holdReason: r.hold_reason, version: r.version, hasReceipt: Number(r.has_receipt) === 1, spendCategoryId: null, companyId: null,
        vendorName: r.vendor_name, adhocType: r.adhoc_type, description: r.description, internalNotes: r.internal_notes, invoiceDate: null, createdAt: r.created_at,
      };
      const facts = await safeBudgetFacts(db, user, item, cache);
      return {
        kind,
        id: r.id,
        groupId: r.group_id,
        groupName: r.group_name,
        moveId: r.move_id,
        employeeId: r.employee_user_id,
        employeeName: r.employee_name,
        vendorName: r.vendor_name,
        serviceName: r.service_key,
        moveStageId: r.move_stage,
        description: r.description,
        currency: r.currency,
        gross: major(item.gross, r.currency),
        net: major(item.net, r.currency),
        tax: major(item.tax, r.currency),
        status: r.status,
        holdReason: r.hold_reason,
        hasReceipt: item.hasReceipt,
        receipt: kind === "expense" ? (extras.receipts.get(r.id) ?? null) : null,
        duplicateOf: kind === "expense" ? (extras.duplicates.get(r.id) ?? null) : null,
        internalNote: r.internal_notes,
        outOfPolicy: facts.outOfPolicy,
        programmeType: facts.programmeType,
        recurring: r.adhoc_type === "CashAllowanceRecurring",
        version: r.version,
        createdAt: r.created_at,
        budget: facts.state,
      };
    }),
  );
  return { rows, total: page.total, page: input.page, pageSize: input.pageSize, totals: page.totals.map((t) => ({ currency: t.currency, amount: major(t.amount, t.currency) })) };
}

/** GET billapproval/receipt: where a pending item's receipt is previewed (inline) or downloaded. */
export const receiptUrl = (kind: ApprovalKind, id: number, download = false) => `${RECEIPT_PATH}?type=${kind}&id=${id}${download ? "&download=true" : ""}`;

/**
 * The receipts and likely duplicates of a page's pending expenses (issue 24 §1): one query
 * (`duplicateCandidates`) feeds the pure rule (src/domain/finance/duplicates.ts).
 */
async function receiptsAndDuplicates(db: DB, expenseIds: number[]) {
  const rows = await duplicateCandidates(db, expenseIds);
  const asCandidate = (r: DuplicateCandidateRow): DuplicateCandidate => ({
    id: r.id, employeeUserId: r.employee_user_id, currency: r.currency, gross: r.gross_amount, expenseDate: r.expense_date, category: r.category,
    categoryOther: r.category_other, status: r.status, receiptHash: r.receipt_hash, description: r.description,
  });
  const wanted = new Set(expenseIds);
  const found = findDuplicates(rows.filter((r) => wanted.has(r.id)).map(asCandidate), rows.map(asCandidate));
  const receipts = new Map<number, TApprovalRow["receipt"]>();
  for (const r of rows) {
    if (!wanted.has(r.id) || r.receipt_name === null || r.receipt_type === null) continue;
    receipts.set(r.id, { fileName: r.receipt_name, contentType: r.receipt_type, previewUrl: receiptUrl("expense", r.id), downloadUrl: receiptUrl("expense", r.id, true) });
  }
  const duplicates = new Map<number, TApprovalRow["duplicateOf"]>();
  for (const [id, m] of found) duplicates.set(id, { kind: "expense", id: m.id, reason: m.reason, description: m.description, expenseDate: m.expenseDate, status: m.status });
  return { receipts, duplicates };
}

/** The rejection reasons (scope REJECT) and the hold reasons the popups offer. */
export async function approvalReasons(db: DB, user: SessionUser): Promise<{ reasons: { id: number; label: string }[]; holdReasons: string[] }> {
  requireFinance(user);
  const rows = await db.selectFrom("finance_rejection_reasons").select(["id", "label"]).where("scope", "=", "REJECT").orderBy("sort_order").execute();
  return { reasons: rows, holdReasons: [...HOLD_REASONS] };
}

/** POST {billapproval|billmanagement}/checkOutOfBudget and checkOverBudget: the item's budget facts (read only). */
export async function checkBudget(db: DB, user: SessionUser, input: { id: number; invoiceServiceType: ApprovalKind }): Promise<TBudgetCheckResponse> {
  requireFinance(user);
  const item = await requireItem(db, input.invoiceServiceType, input.id);
  const facts = await budgetFactsOf(db, user, item);
  const lock = checkLock(await lockPeriodsOf(db), { type: "create", date: todayUtc() }) !== null;
  return { success: true, outOfBudget: facts.state.outOfBudget, overBudget: facts.state.overBudget, newTotalSpend: facts.state.newTotalSpend, lock, errorMessage: null };
}
