/**
 * Finance: Bill Approval (issue 16; part 2 §4 "Approval", §7 billapproval/…). Each procedure calls the
 * same service as its documented path (src/routers/finance/legacy/approval.ts); the rules live in
 * src/services/finance/approval*.ts. Writes take an optional `idempotencyKey`. FINANCE and ADMIN only.
 */
import { remainingBudgets } from "../../services/employee/expenses/expenses.ts";
import { ZRemainingRequest, ZRemainingResponse } from "../../domain/employee/budgets/schemas.ts";
import {
  ZApprovalKind,
  ZApprovalListRequest,
  ZApprovalListResponse,
  ZApproveInput,
  ZApproveResponse,
  ZAutoRule,
  ZAutoRuleRequest,
  ZAutoRuleSave,
  ZBillableChanges,
  ZBillDetail,
  ZBillDetailRequest,
  ZBillFileInput,
  ZBillFileResponse,
  ZBillLineCache,
  ZBudgetCheckRequest,
  ZBudgetCheckResponse,
  ZClearCache,
  ZDecisionResponse,
  ZDefaultFromAccountResponse,
  ZDraftResponse,
  ZExpenseNoteInput,
  ZExpenseNoteResponse,
  ZHoldResponse,
  ZRejectInput,
  ZRejectionReasonsResponse,
  ZRequestChangeInput,
  ZSetHoldInput,
  ZUpdateMoveStage,
  ZUpdateServiceCategory,
  idempotencyKey,
} from "../../domain/finance/schemas-approval.ts";
import { getAutoRule, saveAutoRule } from "../../services/finance/approval-auto-rules.ts";
import {
  billDetail,
  clearBillLinesCache,
  saveBillableChanges,
  saveBillLineCache,
  updateServiceCategory,
} from "../../services/finance/approval-drafts.ts";
import { approvalReasons, checkBudget, listApprovalItems } from "../../services/finance/approval-list.ts";
import { approveItem, rejectItem, requestChange, saveExpenseNote, setHold, updateMoveStage } from "../../services/finance/approval.ts";
import { receiveBillFileFormData } from "../../services/finance/bill-files.ts";
import { fileStoreFor } from "../../services/employee/files/store.ts";
import { roleProcedure, router, sync } from "../../trpc.ts";

const finance = roleProcedure("FINANCE", "ADMIN");
const actorOf = (ctx: { user: Parameters<typeof listApprovalItems>[1]; ip: string | null }) => ({ user: ctx.user, ip: ctx.ip });
const strip = <T extends { idempotencyKey?: string }>(input: T): Omit<T, "idempotencyKey"> => {
  const { idempotencyKey: _key, ...rest } = input;
  return rest;
};

export const financeApprovalRouter = router({
  /** The Bill Approval table: pending items (search, type filter, sort, pages), each with its budget state. */
  list: finance
    .input(sync(ZApprovalListRequest))
    .output(sync(ZApprovalListResponse))
    .query(({ ctx, input }) => listApprovalItems(ctx.db, ctx.user, input)),

  /** The rejection reasons (scope REJECT) and hold reasons the popups offer. */
  reasons: finance.output(sync(ZRejectionReasonsResponse)).query(({ ctx }) => approvalReasons(ctx.db, ctx.user)),

  /** POST /budget/spend/remaining as finance reads it (same service). */
  remaining: finance
    .input(sync(ZRemainingRequest))
    .output(sync(ZRemainingResponse))
    .query(({ ctx, input }) => remainingBudgets(ctx.db, ctx.user, input)),

  /** POST billapproval/checkOutOfBudget and checkOverBudget (read only). */
  checkBudget: finance
    .input(sync(ZBudgetCheckRequest))
    .output(sync(ZBudgetCheckResponse))
    .query(({ ctx, input }) => checkBudget(ctx.db, ctx.user, input)),

  /** POST billapproval/approve{BookingCost,Expense,LumpSum,AdhocCashSpend}. */
  approve: finance
    .input(sync(ZApproveInput.extend({ kind: ZApprovalKind })))
    .output(sync(ZApproveResponse))
    .mutation(({ ctx, input }) => {
      const { kind, idempotencyKey: key, ...payload } = input;
      return approveItem(ctx.db, actorOf(ctx), kind, payload, key);
    }),

  /** GET billapproval/reject{BookingCost,Expense,AdhocCashSpend,LumpSum}. */
  reject: finance
    .input(sync(ZRejectInput))
    .output(sync(ZDecisionResponse))
    .mutation(({ ctx, input }) => rejectItem(ctx.db, actorOf(ctx), strip(input), input.idempotencyKey)),

  /** POST billapproval/requestChangeOfBookingCost. */
  requestChange: finance
    .input(sync(ZRequestChangeInput))
    .output(sync(ZDecisionResponse))
    .mutation(({ ctx, input }) => requestChange(ctx.db, actorOf(ctx), strip(input), input.idempotencyKey)),

  /** POST billapproval/set-hold-status (any item kind here). */
  setHold: finance
    .input(sync(ZSetHoldInput))
    .output(sync(ZHoldResponse))
    .mutation(({ ctx, input }) => setHold(ctx.db, actorOf(ctx), strip(input), input.idempotencyKey)),

  /** POST billapproval/expense/note. */
  expenseNote: finance
    .input(sync(ZExpenseNoteInput))
    .output(sync(ZExpenseNoteResponse))
    .mutation(({ ctx, input }) => saveExpenseNote(ctx.db, actorOf(ctx), strip(input), input.idempotencyKey)),

  /** POST billapproval/updateMoveStage. */
  updateMoveStage: finance
    .input(sync(ZUpdateMoveStage.extend({ idempotencyKey })))
    .output(sync(ZDefaultFromAccountResponse))
    .mutation(({ ctx, input }) => updateMoveStage(ctx.db, actorOf(ctx), strip(input), input.idempotencyKey)),

  /** POST billapproval/updateServiceCategory. */
  updateServiceCategory: finance
    .input(sync(ZUpdateServiceCategory.extend({ idempotencyKey })))
    .output(sync(ZDefaultFromAccountResponse))
    .mutation(({ ctx, input }) => updateServiceCategory(ctx.db, actorOf(ctx), strip(input), input.idempotencyKey)),

  /** POST {billapproval|billmanagement}/updateBillableChanges. */
  updateBillableChanges: finance
    .input(sync(ZBillableChanges.extend({ idempotencyKey })))
    .output(sync(ZDraftResponse))
    .mutation(({ ctx, input }) => saveBillableChanges(ctx.db, actorOf(ctx), strip(input), input.idempotencyKey)),

  /** POST {billapproval|billmanagement}/updateBillLineCache. */
  updateBillLineCache: finance
    .input(sync(ZBillLineCache.extend({ idempotencyKey })))
    .output(sync(ZDraftResponse))
    .mutation(({ ctx, input }) => saveBillLineCache(ctx.db, actorOf(ctx), strip(input), input.idempotencyKey)),

  /** The bill-detail panel's read: the item, its saved billable changes and lines, the accounts it may pick (issue 23 item 15). */
  billDetail: finance
    .input(sync(ZBillDetailRequest))
    .output(sync(ZBillDetail))
    .query(({ ctx, input }) => billDetail(ctx.db, ctx.user, input)),

  /** POST billapproval/uploadBillFile as FormData (id, type, file): the item's bill file through the files service. */
  uploadBillFile: finance
    .input(sync(ZBillFileInput))
    .output(sync(ZBillFileResponse))
    .mutation(({ ctx, input }) => receiveBillFileFormData(ctx.db, fileStoreFor(ctx.config), actorOf(ctx), input)),

  /** DELETE {billapproval|billmanagement}/clearBillLinesCache/{id}/{type}. */
  clearBillLinesCache: finance
    .input(sync(ZClearCache.extend({ idempotencyKey })))
    .output(sync(ZDraftResponse))
    .mutation(({ ctx, input }) => clearBillLinesCache(ctx.db, actorOf(ctx), strip(input), input.idempotencyKey)),

  /** A group's auto-approval rule (off by default). */
  autoRule: finance
    .input(sync(ZAutoRuleRequest))
    .output(sync(ZAutoRule))
    .query(({ ctx, input }) => getAutoRule(ctx.db, ctx.user, input.groupId)),

  /** Saves a group's auto-approval rule (guarded by the version read). */
  saveAutoRule: finance
    .input(sync(ZAutoRuleSave))
    .output(sync(ZAutoRule))
    .mutation(({ ctx, input }) => saveAutoRule(ctx.db, actorOf(ctx), strip(input), input.idempotencyKey)),
});
