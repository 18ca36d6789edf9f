/**
 * Bill Approval's decisions (issue 16; part 2 §4 "Approval", "Approval flow order", §5 rejection, §7 billapproval/…,
 * §8 blocked actions). The approval items are the employees' expenses (their own table) and the
 * finance_items of kind bookingCost (made when a supplier quote is booked), lumpSum and
 * adhocCashSpend (made by the ad-hoc charges part).
 *
 * - Approve follows `approvalStep` (src/domain/finance/approval.ts) with the item's budget facts
 *   (approval-list.ts): calling approve is the user's
 *   out-of-policy and (ManagedBudget) out-of-budget confirm; an over-budget item needs
 *   maxTotalSpendOverride. Inside one financeWrite transaction: lock the item row, re-read it, refuse
 *   what the step refuses (held, decided), a conditional update on (status, version), then the bill(s)
 *   (approval-bills.ts), the draft (approval-drafts.ts) applied and removed, an audit row. Parallel
 *   approvals: one bill, the rest CONFLICT.
 * - Reject, request for change, hold/unhold, internal note and move stage: the same
 *   shape (role check, financeWrite, conditional update, audit row).
 * The table and budget checks are in approval-list.ts, the drafts and the bill-detail panel in
 * approval-drafts.ts, the auto-approval rules in approval-auto-rules.ts.
 * Every write goes through financeWrite with the caller's idempotency key.
 */
import type { Transaction } from "kysely";
import type { DB } from "../../db/index.ts";
import type { Database } from "../../db/schema.ts";
import { lockRow } from "../../db/locks.ts";
import { AppError } from "../../domain/errors.ts";
import { checkBillAmounts, REJECTION_NOTES_MAX } from "../../domain/finance/amounts.ts";
import { approvalStep, blockedText, type ApprovalKind } from "../../domain/finance/approval.ts";
import { isHoldReason } from "../../domain/finance/bill-state.ts";
import { fill, financeMessages as FM, notesMaxMessage } from "../../domain/finance/messages.ts";
import {
  approvalMessages as AM,
  type TApprovalPayload,
  type TApproveResponse,
  type TBillLineDto,
  type TDefaultFromAccountResponse,
  type TRejectInput,
  type TSetHoldInput,
} from "../../domain/finance/schemas-approval.ts";
import { toMajorString, toMinor } from "../../domain/money/money.ts";
import {
  billsForApprovedItem,
  clientAccount,
  defaultSpendCategory,
  isPending,
  readApprovalItem,
  type ApprovalItemRow,
} from "./approval-bills.ts";
import { ENTITY, firstError, requireItem } from "./approval-common.ts";
import { billFileOf, defaultReferenceOf, draftOf } from "./approval-drafts.ts";
import { budgetFactsOf } from "./approval-list.ts";
import { auditFinance, financeWrite, requireFinance, todayUtc, type FinanceActor } from "./core.ts";
import { notifyApprovalDecision } from "../identity/notifications/events.ts";

const major = (amount: number, currency: string) => toMajorString({ amount, currency });
const APPROVE_ERROR: Record<ApprovalKind, string> = {
  expense: FM.approveExpenseError,
  bookingCost: FM.approveVendorBookingError,
  lumpSum: FM.approveLumpSumError,
  adhocCashSpend: FM.productTeamError,
};
/** The fallback text of a failed approve (a documented call shows it when the error is not one of ours). */
export const approveFailureText = (kind: ApprovalKind) => APPROVE_ERROR[kind];

// ── approve ───────────────────────────────────────────────────────────────────────────────────

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

// ── move stage ────────────────────────────────────────────────────────────────────────────────

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
