/**
 * Bill Approval (issue 16; part 2 §4 "Approval", "Approval flow order", §5 rejection, §7 billapproval/…,
 * §8 blocked actions). The approval items are the employees' expenses (their own table) and the
 * finance_items of kind bookingCost (made when a supplier quote is booked), lumpSum and
 * adhocCashSpend (made by the ad-hoc charges part).
 *
 * - Budget state of an item: the move's budget ledger (src/services/employee/budgets/ledger.ts) for the item's
 *   move stage and budget group. No move, no group (99) or no budget: out of budget ("N/A"). Over
 *   budget: what finance has approved plus this item (in the budget's currency) exceeds the budget;
 *   newTotalSpend is that sum. Out of policy: the item's service is not on the move's policy at its
 *   stage. `lock`: today is inside a lock period (a bill made today would be refused).
 * - Approve follows `approvalStep` (src/domain/finance/approval.ts): calling approve is the user's
 *   out-of-policy and (ManagedBudget) out-of-budget confirm; an over-budget item needs
 *   maxTotalSpendOverride. Inside one financeWrite transaction: lock the item row, re-read it, refuse
 *   what the step refuses (held, decided), a conditional update on (status, version), then the bill(s)
 *   (approval-bills.ts), the draft removed, an audit row. Parallel approvals: one bill, the rest CONFLICT.
 * - Reject, request for change, hold/unhold, internal note, move stage and service category: the same
 *   shape (role check, financeWrite, conditional update, audit row).
 * - Drafts: the lines and amounts a user edits before approving (finance_approval_drafts), applied by approve.
 * Every write goes through financeWrite with the caller's idempotency key; queries never write.
 */
import type { Transaction } from "kysely";
import type { DB } from "../../db/index.ts";
import { approvalListPage, duplicateCandidates, type DuplicateCandidateRow } from "../../db/queries/finance/approval.ts";
import type { Database } from "../../db/schema.ts";
import { lockRow } from "../../db/locks.ts";
import { AppError } from "../../domain/errors.ts";
import { checkBillAmounts, checkBillLines, readAmount, REJECTION_NOTES_MAX } from "../../domain/finance/amounts.ts";
import { approvedTotal } from "../../domain/employee/budgets/figures.ts";
import { approvalStep, blockedText, type ApprovalKind } from "../../domain/finance/approval.ts";
import { HOLD_REASONS, isHoldReason } from "../../domain/finance/bill-state.ts";
import { findDuplicates, type DuplicateCandidate } from "../../domain/finance/duplicates.ts";
import { checkLock } from "../../domain/finance/lock-periods.ts";
import { fill, financeMessages as FM, notesMaxMessage } from "../../domain/finance/messages.ts";
import {
  approvalMessages as AM,
  RECEIPT_PATH,
  type TApprovalListRequest,
  type TApprovalListResponse,
  type TApprovalPayload,
  type TApprovalRow,
  type TApproveResponse,
  type TAutoRule,
  type TAutoRuleSave,
  type TBillableChanges,
  type TBillDetail,
  type TBillLineDto,
  type TBudgetCheckResponse,
  type TBudgetState,
  type TDefaultFromAccountResponse,
  type TRejectInput,
  type TSetHoldInput,
} from "../../domain/finance/schemas-approval.ts";
import { minorUnitsOf, toMajorString, toMinor } from "../../domain/money/money.ts";
import { NO_BUDGET_GROUP } from "../../domain/policy/catalogue.ts";
import type { SessionUser } from "../identity/auth.ts";
import { ledgerMoveForCaller } from "../employee/budgets/access.ts";
import { convertMinor, loadLedger, serviceKeyOf, type Ledger } from "../employee/budgets/ledger.ts";
import {
  billsForApprovedItem,
  clientAccount,
  defaultSpendCategory,
  isPending,
  readApprovalItem,
  type ApprovalItemRow,
} from "./approval-bills.ts";
import { auditFinance, financeWrite, lockPeriodsOf, requireFinance, todayUtc, type FinanceActor } from "./core.ts";
import { FINANCE_DOCUMENT_CATEGORY } from "../employee/files/files.ts";
import { notifyApprovalDecision } from "../identity/notifications/events.ts";

const major = (amount: number, currency: string) => toMajorString({ amount, currency });
const ENTITY: Record<ApprovalKind, "expense" | "finance_item"> = { expense: "expense", bookingCost: "finance_item", lumpSum: "finance_item", adhocCashSpend: "finance_item" };
const APPROVE_ERROR: Record<ApprovalKind, string> = {
  expense: FM.approveExpenseError,
  bookingCost: FM.approveVendorBookingError,
  lumpSum: FM.approveLumpSumError,
  adhocCashSpend: FM.productTeamError,
};
/** The fallback text of a failed approve (a documented call shows it when the error is not one of ours). */
export const approveFailureText = (kind: ApprovalKind) => APPROVE_ERROR[kind];

/** Finance reads every group's moves (the budget role check of access.ts knows EMPLOYEE, HR and ADMIN). */
function ledgerReader(user: SessionUser): SessionUser {
  return { ...user, role: "ADMIN" };
}

async function requireItem(db: DB | Transaction<Database>, kind: ApprovalKind, id: number): Promise<ApprovalItemRow> {
  const item = await readApprovalItem(db, kind, id);
  if (!item) throw new AppError("NOT_FOUND", AM.itemNotFound);
  return item;
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

// ── approve ───────────────────────────────────────────────────────────────────────────────────

type Draft = { lines: TBillLineDto[] | null; billable: Partial<TBillableChanges> | null; serviceCategory: string | null };

async function draftOf(trx: Transaction<Database> | DB, kind: ApprovalKind, id: number): Promise<Draft> {
  const row = await trx.selectFrom("finance_approval_drafts").selectAll().where("item_kind", "=", kind).where("item_id", "=", id).executeTakeFirst();
  if (!row) return { lines: null, billable: null, serviceCategory: null };
  return { lines: row.lines ? (JSON.parse(row.lines) as TBillLineDto[]) : null, billable: row.billable ? (JSON.parse(row.billable) as TBillableChanges) : null, serviceCategory: row.service_category };
}

function firstError(errors: Partial<Record<string, string>>): AppError | null {
  const entries = Object.entries(errors).filter((e): e is [string, string] => typeof e[1] === "string");
  if (entries.length === 0) return null;
  return new AppError("VALIDATION", entries[0]![1], Object.fromEntries(entries));
}

const overrideGiven = (v: TApprovalPayload["maxTotalSpendOverride"]) => v === true || (typeof v === "number" && v > 0) || (typeof v === "string" && v.trim() !== "" && v.trim() !== "false" && v.trim() !== "0");

/** The refusal of an item that could not be updated: why, read again in the transaction. */
async function whyNot(trx: Transaction<Database>, kind: ApprovalKind, id: number, action: "approve" | "reject" | "change"): Promise<AppError> {
  const now = await readApprovalItem(trx, kind, id);
  if (!now) return new AppError("NOT_FOUND", AM.itemNotFound);
  if (!isPending(now)) return new AppError("CONFLICT", FM.approvalItemDone);
  if (now.holdReason !== null) return new AppError("CONFLICT", blockedText(kind, action, "onHold"));
  return new AppError("CONFLICT", AM.changed);
}

/** The conditional update of an item: on its id, the version read, still pending, and (unless `held` is given) not on hold. */
async function guardedUpdate(
  trx: Transaction<Database>,
  item: ApprovalItemRow,
  set: Record<string, unknown>,
  at: string,
  o: { requireNotHeld?: boolean; decidedBy?: number } = {},
): Promise<boolean> {
  const notHeld = o.requireNotHeld ?? true;
  if (item.kind === "expense") {
    let q = trx.updateTable("expenses").set({ ...set, version: item.version + 1, updated_at: at } as never).where("id", "=", item.id).where("version", "=", item.version).where("status", "in", ["SUBMITTED", "SUBMITTED_WITHOUT_RECEIPT", "IN_PROCESS"]);
    if (notHeld) q = q.where("hold_reason", "is", null);
    return Number((await q.executeTakeFirst()).numUpdatedRows) === 1;
  }
  const decided = o.decidedBy !== undefined ? { decided_by: o.decidedBy, decided_at: at } : {};
  let q = trx.updateTable("finance_items").set({ ...set, ...decided, version: item.version + 1, updated_at: at } as never).where("id", "=", item.id).where("kind", "=", item.kind).where("version", "=", item.version).where("status", "=", "SUBMITTED");
  if (notHeld) q = q.where("hold_reason", "is", null);
  return Number((await q.executeTakeFirst()).numUpdatedRows) === 1;
}

function lineMoney(text: string | null | undefined, currency: string): number {
  if (text === undefined || text === null || String(text).trim() === "") return 0;
  return toMinor(String(text).replaceAll(",", "").trim(), currency).amount;
}

/**
 * POST billapproval/approve{BookingCost,Expense,LumpSum,AdhocCashSpend}: approves one item and makes its
 * bill(s). Answers the bill ids.
 */
export async function approveItem(db: DB, actor: FinanceActor, kind: ApprovalKind, payload: TApprovalPayload, key?: string | null, now = new Date()): Promise<TApproveResponse> {
  requireFinance(actor.user);
  const before = await requireItem(db, kind, payload.id);
  const facts = await budgetFactsOf(db, actor.user, before);
  const at = now.toISOString();
  return financeWrite(db, actor, { scope: `billapproval/approve:${kind}`, key, payload: { kind, ...payload } }, async (trx) => {
    await lockRow(trx, kind === "expense" ? "expenses" : "finance_items", payload.id);
    const item = await requireItem(trx, kind, payload.id);
    const step = approvalStep(
      {
        kind,
        decided: !isPending(item),
        holdReason: isHoldReason(item.holdReason) ? item.holdReason : item.holdReason === null ? null : "Exception Requested",
        remainingCheckInProgress: false,
        outOfPolicy: facts.outOfPolicy,
        programmeType: facts.programmeType ?? "Standard",
        outOfBudget: facts.state.outOfBudget,
        overBudget: facts.state.overBudget,
        ...(facts.state.newTotalSpend !== null ? { newTotalSpend: facts.newTotalMinor ?? 0 } : {}),
      },
      { type: "approve", confirmations: { outOfPolicy: true, outOfBudget: true, overBudget: overrideGiven(payload.maxTotalSpendOverride) } },
    );
    if (step.next === "refused") throw new AppError("CONFLICT", step.message);
    if (step.next === "confirmOverBudget") throw new AppError("CONFLICT", fill(AM.overBudgetConfirm, { total: `${facts.state.currency ?? ""} ${facts.state.newTotalSpend ?? ""}`.trim() }));
    if (step.next !== "approve") throw new AppError("CONFLICT", AM.changed);

    // The bill: the draft's (or the call's) amounts and lines, else the item's with one default line.
    const draft = await draftOf(trx, kind, item.id);
    const c = item.currency;
    const billable = draft.billable ?? {};
    const grossText = billable.gross ?? major(item.gross, c);
    const netText = billable.gross !== undefined && billable.gross !== null ? (billable.net ?? null) : major(item.net, c);
    const taxText = billable.gross !== undefined && billable.gross !== null ? (billable.tax ?? null) : major(item.tax, c);
    const reference = (payload.reference ?? billable.reference ?? "").trim() || defaultReferenceOf(kind, item.id);
    const dtoLines = payload.billLinesDTOs ?? draft.lines;
    const lines: TBillLineDto[] =
      dtoLines && dtoLines.length > 0
        ? dtoLines
        : [{ name: item.description || item.serviceKey || kind, gross: grossText, net: netText, tax: taxText, notes: "", spendCategoryId: await defaultSpendCategory(trx, item), serviceCategory: draft.serviceCategory }];
    const amountErrors = checkBillAmounts({
      currency: c,
      gross: grossText,
      net: netText,
      tax: taxText,
      reference,
      lines: lines.map((l) => ({ gross: l.gross, net: l.net, tax: l.tax, notes: l.notes, spendCategoryId: l.spendCategoryId ?? null })),
    });
    const invalid = firstError(amountErrors);
    if (invalid) throw invalid;
    const gross = lineMoney(grossText, c);
    const tax = lineMoney(taxText, c);
    const net = netText === null || netText === undefined || String(netText).trim() === "" ? gross - tax : lineMoney(netText, c);

    // The call's payload first, else what the bill-detail panel saved (updateBillableChanges).
    const accountFrom = payload.accountFrom ?? billable.accountFrom ?? null;
    const accountTo = payload.accountTo ?? billable.accountTo ?? null;
    const costCenter = payload.costCenter ?? billable.costCenter ?? null;
    const costCenter2 = payload.costCenter2 ?? billable.costCenter2 ?? null;
    // Accounts named by the call must be in the bill's currency.
    for (const accountId of [accountFrom, accountTo]) {
      if (accountId === undefined || accountId === null) continue;
      const account = await trx.selectFrom("finance_accounts").select(["currency"]).where("id", "=", accountId).executeTakeFirst();
      if (!account) throw new AppError("VALIDATION", FM.bankAccountError, { accountTo: FM.bankAccountError });
      if (account.currency !== c) throw new AppError("VALIDATION", FM.mixedToAccountCurrencies, { accountTo: FM.mixedToAccountCurrencies });
    }
    if (payload.bankAccountId) {
      const bank = await trx.selectFrom("employee_bank_accounts").select("id").where("id", "=", payload.bankAccountId).where("employee_user_id", "=", item.employeeUserId ?? -1).executeTakeFirst();
      if (!bank) throw new AppError("VALIDATION", FM.bankAccountError, { bankAccountId: FM.bankAccountError });
    }

    const set = kind === "expense" ? { status: "APPROVED" } : { status: "APPROVED", invoice_date: payload.invoiceDate ?? item.invoiceDate, start_date: payload.startDate ?? null, end_date: payload.endDate ?? null };
    if (!(await guardedUpdate(trx, item, set, at, { decidedBy: actor.user.id }))) throw await whyNot(trx, kind, item.id, "approve");
    const billIds = await billsForApprovedItem(
      trx,
      actor,
      item,
      {
        lines: lines.map((l) => {
          const lg = lineMoney(l.gross, c);
          const lt = lineMoney(l.tax, c);
          const ln = l.net === undefined || l.net === null || String(l.net).trim() === "" ? lg - lt : lineMoney(l.net, c);
          return { name: (l.name || item.description || kind).slice(0, 200), gross: lg, net: ln, tax: lt, notes: l.notes ?? "", spendCategoryId: l.spendCategoryId!, serviceCategory: l.serviceCategory ?? draft.serviceCategory };
        }),
        gross,
        net,
        tax,
        reference,
        billDate: payload.invoiceDate ?? billable.invoiceDate ?? todayUtc(now),
        invoiceDate: payload.invoiceDate ?? billable.invoiceDate ?? item.invoiceDate,
        costCenter: costCenter || null,
        costCenter2: costCenter2 || null,
        fromAccountId: accountFrom,
        toAccountId: accountTo,
        bankAccountId: payload.bankAccountId ?? null,
        serviceCategory: draft.serviceCategory,
      },
      at,
    );
    // The bill file saved on the panel goes with the bill(s) (when it is still filed).
    if (billable.fileId) {
      const file = await billFileOf(trx, item, billable.fileId);
      if (file) await trx.updateTable("bills").set({ file_id: file.id }).where("id", "in", billIds).execute();
    }
    await trx.deleteFrom("finance_approval_drafts").where("item_kind", "=", kind).where("item_id", "=", item.id).execute();
    await notifyApprovalDecision(trx, { ...item, version: item.version + 1 }, "APPROVED", null, at);
    await auditFinance(trx, actor, {
      entity: ENTITY[kind],
      entityId: item.id,
      action: "finance.approve",
      groupId: item.groupId,
      oldValues: { kind, status: item.status, version: item.version },
      newValues: { kind, status: "APPROVED", version: item.version + 1, billIds, overBudget: facts.state.overBudget, outOfBudget: facts.state.outOfBudget, outOfPolicy: facts.outOfPolicy },
      at,
    });
    return { success: true as const, billIds, status: "APPROVED" };
  });
}

// ── reject, request change ────────────────────────────────────────────────────────────────────

/** GET billapproval/reject{BookingCost,Expense,AdhocCashSpend,LumpSum}: a reason (scope REJECT) is mandatory; notes ≤ 250. */
export async function rejectItem(db: DB, actor: FinanceActor, input: Omit<TRejectInput, "idempotencyKey">, key?: string | null, now = new Date()): Promise<{ success: true; status: string }> {
  requireFinance(actor.user);
  const { kind, id } = input;
  await requireItem(db, kind, id);
  const at = now.toISOString();
  return financeWrite(db, actor, { scope: `billapproval/reject:${kind}`, key, payload: input }, async (trx) => {
    const item = await requireItem(trx, kind, id);
    const step = approvalStep(
      { kind, decided: !isPending(item), holdReason: item.holdReason === null ? null : "Exception Requested", remainingCheckInProgress: false, outOfPolicy: false, programmeType: "Standard" },
      { type: "reject", rejectionId: input.rejectionId ?? null, rejectionReason: input.rejectionReason ?? null },
    );
    if (step.next === "refused") {
      throw step.field ? new AppError("VALIDATION", step.message, { [step.field]: step.message }) : new AppError("CONFLICT", step.message);
    }
    const reason = await trx.selectFrom("finance_rejection_reasons").select(["id", "label"]).where("id", "=", input.rejectionId!).where("scope", "=", "REJECT").executeTakeFirst();
    if (!reason) throw new AppError("VALIDATION", FM.rejectionReasonRequired, { rejectionId: FM.rejectionReasonRequired });
    const notes = (input.rejectionReason ?? "").trim();
    const set =
      kind === "expense"
        ? { status: "REJECTED", rejection_reason: notes ? `${reason.label}: ${notes}` : reason.label }
        : { status: "REJECTED", rejection_id: reason.id, rejection_reason: notes || null };
    if (!(await guardedUpdate(trx, item, set, at, { decidedBy: actor.user.id }))) throw await whyNot(trx, kind, id, "reject");
    await notifyApprovalDecision(trx, { ...item, version: item.version + 1 }, "REJECTED", notes ? `${reason.label}: ${notes}` : reason.label, at);
    await trx.deleteFrom("finance_approval_drafts").where("item_kind", "=", kind).where("item_id", "=", id).execute();
    await auditFinance(trx, actor, {
      entity: ENTITY[kind],
      entityId: id,
      action: "finance.reject",
      groupId: item.groupId,
      oldValues: { kind, status: item.status, version: item.version },
      newValues: { kind, status: "REJECTED", version: item.version + 1, rejectionId: reason.id, rejectionReason: notes },
      at,
    });
    return { success: true as const, status: "REJECTED" };
  });
}

/** POST billapproval/requestChangeOfBookingCost: a booking cost goes back to the vendor with a reason. */
export async function requestChange(db: DB, actor: FinanceActor, input: { bookingCostId: number; requestForChangeReason?: string | null }, key?: string | null, now = new Date()): Promise<{ success: true; status: string }> {
  requireFinance(actor.user);
  await requireItem(db, "bookingCost", input.bookingCostId);
  const at = now.toISOString();
  return financeWrite(db, actor, { scope: "billapproval/requestChangeOfBookingCost", key, payload: input }, async (trx) => {
    const item = await requireItem(trx, "bookingCost", input.bookingCostId);
    const step = approvalStep(
      { kind: "bookingCost", decided: !isPending(item), holdReason: item.holdReason === null ? null : "Exception Requested", remainingCheckInProgress: false, outOfPolicy: false, programmeType: "Standard" },
      { type: "requestChange", reason: input.requestForChangeReason ?? null },
    );
    if (step.next === "refused") throw step.field ? new AppError("VALIDATION", step.message, { [step.field]: step.message }) : new AppError("CONFLICT", step.message);
    const reason = (input.requestForChangeReason ?? "").trim();
    if (reason.length > REJECTION_NOTES_MAX) throw new AppError("VALIDATION", notesMaxMessage(REJECTION_NOTES_MAX), { requestForChangeReason: notesMaxMessage(REJECTION_NOTES_MAX) });
    if (!(await guardedUpdate(trx, item, { status: "CHANGE_REQUESTED", change_reason: reason }, at, { decidedBy: actor.user.id }))) throw await whyNot(trx, "bookingCost", item.id, "change");
    await notifyApprovalDecision(trx, { ...item, version: item.version + 1 }, "CHANGE_REQUESTED", reason, at);
    await auditFinance(trx, actor, {
      entity: "finance_item",
      entityId: item.id,
      action: "finance.requestChange",
      groupId: item.groupId,
      oldValues: { kind: "bookingCost", status: item.status, version: item.version },
      newValues: { kind: "bookingCost", status: "CHANGE_REQUESTED", version: item.version + 1, requestForChangeReason: reason },
      at,
    });
    return { success: true as const, status: "CHANGE_REQUESTED" };
  });
}

// ── hold, note ────────────────────────────────────────────────────────────────────────────────

/** POST billapproval/set-hold-status: hold (a reason of HOLD_REASONS) or release a pending item. */
export async function setHold(db: DB, actor: FinanceActor, input: Omit<TSetHoldInput, "idempotencyKey">, key?: string | null, now = new Date()): Promise<{ success: true; holdReason: string | null }> {
  requireFinance(actor.user);
  await requireItem(db, input.kind, input.id);
  const at = now.toISOString();
  return financeWrite(db, actor, { scope: "billapproval/set-hold-status", key, payload: input }, async (trx) => {
    const item = await requireItem(trx, input.kind, input.id);
    const step = approvalStep(
      { kind: input.kind, decided: !isPending(item), holdReason: item.holdReason === null ? null : "Exception Requested", remainingCheckInProgress: false, outOfPolicy: false, programmeType: "Standard" },
      input.holdStatus ? { type: "hold", reason: input.holdReason ?? null } : { type: "unhold" },
    );
    if (step.next === "refused") throw step.field ? new AppError("VALIDATION", step.message, { [step.field]: step.message }) : new AppError("CONFLICT", step.message);
    const holdReason = step.next === "hold" ? step.reason : null;
    let ok: boolean;
    if (item.kind === "expense") {
      ok = Number((await trx.updateTable("expenses").set({ hold_reason: holdReason, version: item.version + 1, updated_at: at }).where("id", "=", item.id).where("version", "=", item.version).executeTakeFirst()).numUpdatedRows) === 1;
    } else {
      ok = Number((await trx.updateTable("finance_items").set({ hold_reason: holdReason, version: item.version + 1, updated_at: at }).where("id", "=", item.id).where("version", "=", item.version).executeTakeFirst()).numUpdatedRows) === 1;
    }
    if (!ok) throw new AppError("CONFLICT", AM.changed);
    await auditFinance(trx, actor, {
      entity: ENTITY[item.kind],
      entityId: item.id,
      action: holdReason ? "finance.hold" : "finance.unhold",
      groupId: item.groupId,
      oldValues: { kind: item.kind, holdReason: item.holdReason, version: item.version },
      newValues: { kind: item.kind, holdReason, version: item.version + 1 },
      at,
    });
    return { success: true as const, holdReason };
  });
}

/** POST billapproval/expense/note: the expense's internal note (≤ 255, the spec's text beyond). */
export async function saveExpenseNote(db: DB, actor: FinanceActor, input: { expenseId: number; internalNote: string }, key?: string | null, now = new Date()): Promise<{ success: true; internalNote: string }> {
  requireFinance(actor.user);
  await requireItem(db, "expense", input.expenseId);
  const at = now.toISOString();
  return financeWrite(db, actor, { scope: "billapproval/expense/note", key, payload: input }, async (trx) => {
    const item = await requireItem(trx, "expense", input.expenseId);
    const note = input.internalNote.trim();
    // A note saved unchanged changes nothing (no version, no audit row).
    if (note === item.internalNotes) return { success: true as const, internalNote: note };
    const updated = await trx.updateTable("expenses").set({ internal_notes: note, version: item.version + 1, updated_at: at }).where("id", "=", item.id).where("version", "=", item.version).executeTakeFirst();
    if (Number(updated.numUpdatedRows) !== 1) throw new AppError("CONFLICT", AM.changed);
    await auditFinance(trx, actor, { entity: "expense", entityId: item.id, action: "finance.note", groupId: item.groupId, oldValues: { internalNote: item.internalNotes }, newValues: { internalNote: note }, at });
    return { success: true as const, internalNote: note };
  });
}

// ── move stage, service category, drafts ─────────────────────────────────────────────────────

/** POST billapproval/updateMoveStage: a pending item's move stage; answers the group's default from-account. */
export async function updateMoveStage(db: DB, actor: FinanceActor, input: { billId: number; billType: ApprovalKind; moveStageId: number }, key?: string | null, now = new Date()): Promise<TDefaultFromAccountResponse> {
  requireFinance(actor.user);
  await requireItem(db, input.billType, input.billId);
  const at = now.toISOString();
  return financeWrite(db, actor, { scope: "billapproval/updateMoveStage", key, payload: input }, async (trx) => {
    const item = await requireItem(trx, input.billType, input.billId);
    if (!isPending(item)) throw new AppError("CONFLICT", FM.approvalItemDone);
    if (item.holdReason !== null) throw new AppError("CONFLICT", blockedText(item.kind, "change", "onHold"));
    if (!(await guardedUpdate(trx, item, { move_stage: input.moveStageId }, at))) throw await whyNot(trx, item.kind, item.id, "change");
    const from = await clientAccount(trx, actor.user.id, item.groupId, item.currency, at);
    await auditFinance(trx, actor, { entity: ENTITY[item.kind], entityId: item.id, action: "finance.moveStage", groupId: item.groupId, oldValues: { kind: item.kind, moveStage: item.moveStage, version: item.version }, newValues: { kind: item.kind, moveStage: input.moveStageId, version: item.version + 1 }, at });
    return { success: true as const, defaultFromAccount: from };
  });
}

async function upsertDraft(trx: Transaction<Database>, actor: FinanceActor, item: ApprovalItemRow, patch: { lines?: string | null; billable?: string | null; service_category?: string | null }, at: string): Promise<void> {
  const existing = await trx.selectFrom("finance_approval_drafts").select(["id", "version"]).where("item_kind", "=", item.kind).where("item_id", "=", item.id).executeTakeFirst();
  if (existing) {
    const r = await trx.updateTable("finance_approval_drafts").set({ ...patch, version: existing.version + 1, updated_by: actor.user.id, updated_at: at }).where("id", "=", existing.id).where("version", "=", existing.version).executeTakeFirst();
    if (Number(r.numUpdatedRows) !== 1) throw new AppError("CONFLICT", AM.changed);
    return;
  }
  const inserted = await trx
    .insertInto("finance_approval_drafts")
    .values({ item_kind: item.kind, item_id: item.id, group_id: item.groupId, lines: patch.lines ?? null, billable: patch.billable ?? null, service_category: patch.service_category ?? null, updated_by: actor.user.id, updated_at: at })
    .onConflict((oc) => oc.columns(["item_kind", "item_id"]).doNothing())
    .returning("id")
    .executeTakeFirst();
  if (!inserted) throw new AppError("CONFLICT", AM.changed);
}

async function draftWrite<R>(db: DB, actor: FinanceActor, scope: string, kind: ApprovalKind, id: number, payload: unknown, key: string | null | undefined, fn: (trx: Transaction<Database>, item: ApprovalItemRow, at: string) => Promise<R>, now: Date): Promise<R> {
  requireFinance(actor.user);
  await requireItem(db, kind, id);
  const at = now.toISOString();
  return financeWrite(db, actor, { scope, key, payload }, async (trx) => {
    const item = await requireItem(trx, kind, id);
    if (!isPending(item)) throw new AppError("CONFLICT", FM.approvalItemDone);
    if (item.holdReason !== null) throw new AppError("CONFLICT", blockedText(kind, "change", "onHold"));
    return fn(trx, item, at);
  });
}

/** POST billapproval/updateServiceCategory: the service category the bill will carry (kept in the item's draft). */
export async function updateServiceCategory(db: DB, actor: FinanceActor, input: { billId: number; billType: ApprovalKind; serviceCategory: string }, key?: string | null, now = new Date()): Promise<TDefaultFromAccountResponse> {
  return draftWrite(db, actor, "billapproval/updateServiceCategory", input.billType, input.billId, input, key, async (trx, item, at) => {
    await upsertDraft(trx, actor, item, { service_category: input.serviceCategory || null }, at);
    const from = await clientAccount(trx, actor.user.id, item.groupId, item.currency, at);
    await auditFinance(trx, actor, { entity: ENTITY[item.kind], entityId: item.id, action: "finance.serviceCategory", groupId: item.groupId, newValues: { kind: item.kind, serviceCategory: input.serviceCategory }, at });
    return { success: true as const, defaultFromAccount: from };
  }, now);
}

/**
 * POST updateBillableChanges: the bill's amounts, reference, invoice date, cost centres, from/to accounts
 * and bill file as edited before approval (amounts checked as a bill's; accounts in the item's currency;
 * the file one filed for this item's group by uploadBillFile).
 */
export async function saveBillableChanges(db: DB, actor: FinanceActor, input: TBillableChanges, key?: string | null, now = new Date()): Promise<{ success: true }> {
  return draftWrite(db, actor, "billapproval/updateBillableChanges", input.type, input.id, input, key, async (trx, item, at) => {
    if (input.gross !== undefined && input.gross !== null) {
      const errors = checkBillAmounts({ currency: item.currency, gross: input.gross, net: input.net, tax: input.tax, reference: input.reference || "-" });
      const invalid = firstError(errors);
      if (invalid) throw invalid;
    }
    for (const field of ["accountFrom", "accountTo"] as const) {
      const accountId = input[field];
      if (accountId === undefined || accountId === null) continue;
      const account = await trx.selectFrom("finance_accounts").select("currency").where("id", "=", accountId).executeTakeFirst();
      if (!account) throw new AppError("VALIDATION", AM.accountNotFound, { [field]: AM.accountNotFound });
      if (account.currency !== item.currency) {
        const text = fill(AM.accountCurrency, { currency: item.currency });
        throw new AppError("VALIDATION", text, { [field]: text });
      }
    }
    if (input.fileId !== undefined && input.fileId !== null && !(await billFileOf(trx, item, input.fileId))) {
      throw new AppError("VALIDATION", AM.billFileNotFound, { fileId: AM.billFileNotFound });
    }
    // Each save replaces what was saved (the panel sends the whole record).
    const billable = {
      gross: input.gross ?? null,
      net: input.net ?? null,
      tax: input.tax ?? null,
      reference: input.reference ?? null,
      invoiceDate: input.invoiceDate ?? null,
      costCenter: input.costCenter?.trim() || null,
      costCenter2: input.costCenter2?.trim() || null,
      accountFrom: input.accountFrom ?? null,
      accountTo: input.accountTo ?? null,
      fileId: input.fileId ?? null,
    };
    await upsertDraft(trx, actor, item, { billable: JSON.stringify(billable) }, at);
    await auditFinance(trx, actor, { entity: ENTITY[item.kind], entityId: item.id, action: "finance.draftAmounts", groupId: item.groupId, newValues: { kind: item.kind, ...billable }, at });
    return { success: true as const };
  }, now);
}

/** POST updateBillLineCache: the bill lines as edited before approval (each line checked by §5's line rules). */
export async function saveBillLineCache(db: DB, actor: FinanceActor, input: { id: number; type: ApprovalKind; billLinesDTOs: TBillLineDto[] }, key?: string | null, now = new Date()): Promise<{ success: true }> {
  return draftWrite(db, actor, "billapproval/updateBillLineCache", input.type, input.id, input, key, async (trx, item, at) => {
    // Each line as §5 says (spend category, net and tax both or neither, net + tax = gross within 0.005, notes ≤ 250).
    const errors = checkBillLines(item.currency, input.billLinesDTOs.map((l) => ({ gross: l.gross, net: l.net, tax: l.tax, notes: l.notes, spendCategoryId: l.spendCategoryId ?? null })));
    const invalid = firstError(errors);
    if (invalid) throw invalid;
    await upsertDraft(trx, actor, item, { lines: JSON.stringify(input.billLinesDTOs) }, at);
    await auditFinance(trx, actor, { entity: ENTITY[item.kind], entityId: item.id, action: "finance.draftLines", groupId: item.groupId, newValues: { kind: item.kind, lines: input.billLinesDTOs.length }, at });
    return { success: true as const };
  }, now);
}

/** DELETE clearBillLinesCache/{id}/{type}: forgets the item's draft (nothing to forget is fine). */
export async function clearBillLinesCache(db: DB, actor: FinanceActor, input: { id: number; type: ApprovalKind }, key?: string | null, now = new Date()): Promise<{ success: true }> {
  requireFinance(actor.user);
  const item = await requireItem(db, input.type, input.id);
  const at = now.toISOString();
  return financeWrite(db, actor, { scope: "billapproval/clearBillLinesCache", key, payload: input }, async (trx) => {
    const deleted = await trx.deleteFrom("finance_approval_drafts").where("item_kind", "=", input.type).where("item_id", "=", input.id).executeTakeFirst();
    if (Number(deleted.numDeletedRows) > 0) {
      await auditFinance(trx, actor, { entity: ENTITY[item.kind], entityId: item.id, action: "finance.draftCleared", groupId: item.groupId, newValues: { kind: item.kind }, at });
    }
    return { success: true as const };
  });
}

// ── the bill-detail panel (issue 23 item 15) ─────────────────────────────────────────────────

/** The reference a bill gets when none was given: EXP-, BKG-, LS- or CASH- and the item's id. */
export function defaultReferenceOf(kind: ApprovalKind, id: number): string {
  return `${kind === "expense" ? "EXP" : kind === "bookingCost" ? "BKG" : kind === "lumpSum" ? "LS" : "CASH"}-${id}`;
}

/**
 * The bill file `fileId` names, if it is one uploadBillFile filed for this item's group (a finance
 * document: no employee, no temporary upload, the receipts-and-invoices category, filed by FINANCE or
 * ADMIN); an employee's own file can never become a bill's.
 */
export async function billFileOf(db: DB | Transaction<Database>, item: Pick<ApprovalItemRow, "groupId">, fileId: number) {
  return db
    .selectFrom("employee_files")
    .select(["id", "original_name", "size_bytes"])
    .where("id", "=", fileId)
    .where("group_id", "=", item.groupId)
    .where("employee_user_id", "is", null)
    .where("temp_uuid", "is", null)
    .where("category_id", "=", FINANCE_DOCUMENT_CATEGORY)
    .where("uploaded_by_role", "in", ["FINANCE", "ADMIN"])
    .executeTakeFirst();
}

const text = (v: unknown): string | null => (v === undefined || v === null ? null : String(v));

/** The bill-detail panel's read: the item, its saved billable changes and lines, and the accounts it may pick (read only). */
export async function billDetail(db: DB, user: SessionUser, input: { id: number; type: ApprovalKind }): Promise<TBillDetail> {
  requireFinance(user);
  const item = await requireItem(db, input.type, input.id);
  const c = item.currency;
  const [group, employee, draftRow, defaultSpend] = await Promise.all([
    db.selectFrom("groups").select("display_name").where("id", "=", item.groupId).executeTakeFirst(),
    item.employeeUserId === null ? undefined : db.selectFrom("users").select(["first_name", "last_name"]).where("id", "=", item.employeeUserId).executeTakeFirst(),
    db.selectFrom("finance_approval_drafts").select("version").where("item_kind", "=", item.kind).where("item_id", "=", item.id).executeTakeFirst(),
    defaultSpendCategory(db, item),
  ]);
  const draft = await draftOf(db, item.kind, item.id);
  const b = (draft.billable ?? {}) as Partial<TBillableChanges>;
  const file = b.fileId ? await billFileOf(db, item, b.fileId) : undefined;
  const account = (r: { id: number; name: string; type: string; currency: string }) => ({ id: r.id, name: r.name, type: r.type, currency: r.currency });
  const fromAccounts = await db.selectFrom("finance_accounts").select(["id", "name", "type", "currency"]).where("type", "=", "Client").where("group_id", "=", item.groupId).where("currency", "=", c).orderBy("name").orderBy("id").limit(200).execute();
  let to = db.selectFrom("finance_accounts").select(["id", "name", "type", "currency"]).where("currency", "=", c);
  if (item.kind === "bookingCost") to = item.companyId !== null ? to.where("type", "=", "Vendor").where("company_id", "=", item.companyId) : to.where("type", "=", "Vendor");
  else to = to.where("type", "=", "Employee").where("user_id", "=", item.employeeUserId ?? -1);
  const toAccounts = await to.orderBy("name").orderBy("id").limit(200).execute();
  // An account saved earlier stays pickable even when it is not among the usual ones.
  for (const [saved, list] of [[b.accountFrom, fromAccounts], [b.accountTo, toAccounts]] as const) {
    if (!saved || list.some((a) => a.id === saved)) continue;
    const extra = await db.selectFrom("finance_accounts").select(["id", "name", "type", "currency"]).where("id", "=", saved).executeTakeFirst();
    if (extra) list.push(extra);
  }
  return {
    kind: item.kind,
    id: item.id,
    groupId: item.groupId,
    groupName: group?.display_name ?? "",
    moveId: item.moveId,
    employeeName: employee ? `${employee.first_name} ${employee.last_name}`.trim() : null,
    vendorName: item.vendorName,
    description: item.description,
    currency: c,
    gross: major(item.gross, c),
    net: major(item.net, c),
    tax: major(item.tax, c),
    moveStageId: item.moveStage,
    holdReason: item.holdReason,
    version: item.version,
    draft: {
      gross: text(b.gross),
      net: text(b.net),
      tax: text(b.tax),
      reference: b.reference ?? null,
      invoiceDate: b.invoiceDate ?? null,
      costCenter: b.costCenter ?? null,
      costCenter2: b.costCenter2 ?? null,
      accountFrom: b.accountFrom ?? null,
      accountTo: b.accountTo ?? null,
      fileId: file ? file.id : null,
      lines: draft.lines
        ? draft.lines.map((l) => ({ name: l.name ?? "", gross: String(l.gross), net: text(l.net), tax: text(l.tax), notes: l.notes ?? null, spendCategoryId: l.spendCategoryId ?? null, serviceCategory: l.serviceCategory ?? null }))
        : null,
      serviceCategory: draft.serviceCategory,
      version: draftRow?.version ?? 0,
    },
    defaultReference: defaultReferenceOf(item.kind, item.id),
    defaultSpendCategoryId: defaultSpend,
    file: file ? { id: file.id, name: file.original_name, size: Number(file.size_bytes) } : null,
    fromAccounts: fromAccounts.map(account),
    toAccounts: toAccounts.map(account),
  };
}

/**
 * The bill file of a pending item (multipart or FormData): the finance role first, then the item
 * (pending, not on hold), then the file through the files service (20 971 520 bytes at most, its
 * content types). The panel then saves the answered id with updateBillableChanges.
 */
export async function checkBillFileItem(db: DB, actor: FinanceActor, input: { id: number; type: ApprovalKind }): Promise<ApprovalItemRow> {
  requireFinance(actor.user);
  const item = await requireItem(db, input.type, input.id);
  if (!isPending(item)) throw new AppError("CONFLICT", FM.approvalItemDone);
  if (item.holdReason !== null) throw new AppError("CONFLICT", blockedText(item.kind, "change", "onHold"));
  return item;
}

// ── auto-approval rules ───────────────────────────────────────────────────────────────────────

async function requireGroup(db: DB | Transaction<Database>, groupId: number) {
  const g = await db.selectFrom("groups").select(["id", "display_name"]).where("id", "=", groupId).executeTakeFirst();
  if (!g) throw new AppError("NOT_FOUND", "This group does not exist.");
  return g;
}

/** A group's auto-approval rule (off, EUR 0, receipt required when none was saved). */
export async function getAutoRule(db: DB, user: SessionUser, groupId: number): Promise<TAutoRule> {
  requireFinance(user);
  await requireGroup(db, groupId);
  const r = await db.selectFrom("finance_auto_approval_rules").selectAll().where("group_id", "=", groupId).executeTakeFirst();
  if (!r) return { groupId, enabled: false, maxAmount: "0.00", currency: "EUR", requiresReceipt: true, version: 0 };
  return { groupId, enabled: r.enabled === 1, maxAmount: major(r.max_amount, r.currency), currency: r.currency, requiresReceipt: r.requires_receipt === 1, version: r.version };
}

/** Saves a group's auto-approval rule, guarded by the version read (0: none yet). */
export async function saveAutoRule(db: DB, actor: FinanceActor, input: Omit<TAutoRuleSave, "idempotencyKey">, key?: string | null, now = new Date()): Promise<TAutoRule> {
  requireFinance(actor.user);
  await requireGroup(db, input.groupId);
  const amount = readAmount(input.maxAmount, input.currency);
  if ("error" in amount) throw new AppError("VALIDATION", amount.error, { maxAmount: amount.error });
  if (amount.money.amount < 0) throw new AppError("VALIDATION", AM.autoRuleAmount, { maxAmount: AM.autoRuleAmount });
  if (minorUnitsOf(input.currency) < 0) throw new AppError("VALIDATION", FM.currencyRequired, { currency: FM.currencyRequired });
  const at = now.toISOString();
  return financeWrite(db, actor, { scope: "finance.approval.saveAutoRule", key, payload: input }, async (trx) => {
    const old = await trx.selectFrom("finance_auto_approval_rules").selectAll().where("group_id", "=", input.groupId).executeTakeFirst();
    const values = { enabled: input.enabled ? 1 : 0, max_amount: amount.money.amount, currency: input.currency, requires_receipt: input.requiresReceipt ? 1 : 0, updated_by: actor.user.id, updated_at: at };
    let version: number;
    if (!old) {
      if (input.version !== 0) throw new AppError("CONFLICT", AM.autoRuleChanged);
      const ins = await trx.insertInto("finance_auto_approval_rules").values({ group_id: input.groupId, ...values, version: 1 }).onConflict((oc) => oc.column("group_id").doNothing()).returning("group_id").executeTakeFirst();
      if (!ins) throw new AppError("CONFLICT", AM.autoRuleChanged);
      version = 1;
    } else {
      const r = await trx.updateTable("finance_auto_approval_rules").set({ ...values, version: old.version + 1 }).where("group_id", "=", input.groupId).where("version", "=", input.version).executeTakeFirst();
      if (Number(r.numUpdatedRows) !== 1) throw new AppError("CONFLICT", AM.autoRuleChanged);
      version = old.version + 1;
    }
    await auditFinance(trx, actor, {
      entity: "finance_auto_approval_rule",
      entityId: input.groupId,
      action: "finance.autoRule",
      groupId: input.groupId,
      oldValues: old ? { enabled: old.enabled === 1, maxAmount: old.max_amount, currency: old.currency, requiresReceipt: old.requires_receipt === 1, version: old.version } : null,
      newValues: { enabled: input.enabled, maxAmount: amount.money.amount, currency: input.currency, requiresReceipt: input.requiresReceipt, version },
      at,
    });
    return { groupId: input.groupId, enabled: input.enabled, maxAmount: major(amount.money.amount, input.currency), currency: input.currency, requiresReceipt: input.requiresReceipt, version };
  });
}
