/**
 * Finance: Bill Management (issue 16; part 2 §2, §4 Bill, §5, §7 billmanagement/…, §8). Each procedure
 * calls the same service as its documented path (src/routers/finance/legacy/bills.ts). FINANCE and
 * ADMIN only (the services check it too); writes take an optional `idempotencyKey`.
 */
import {
  ZBatchFileRequest,
  ZBatchFileResponse,
  ZBatchHistoryRequest,
  ZBatchHistoryResponse,
  ZMarkBatchPaidRequest,
  ZMarkBatchPaidResponse,
  ZReturnBatchBillRequest,
  ZReturnBatchBillResponse,
  ZBatchListResponse,
  ZBillIdRequest,
  ZBillListRequest,
  ZBillListResponse,
  ZBillRow,
  ZBillWriteResponse,
  ZCalculateMultipleRequest,
  ZCalculateMultipleResponse,
  ZCancelBatchRequest,
  ZCancelBatchResponse,
  ZExportRequest,
  ZExportResponse,
  ZHoldBillRequest,
  ZMarkRfpPaidRequest,
  ZSendBackResponse,
  ZSendBillBackRequest,
  ZUnholdBillRequest,
  ZUpdateBillRequest,
  ZUpdateBillStatusRequest,
  ZUpdateBillStatusResponse,
  ZUpdatePaymentRequest,
  ZUpdateToAccountRequest,
} from "../../domain/finance/schemas-bills.ts";
import { holdBill, sendBillBack, unholdBill, updateBillDue, updatePayment, updateToAccount } from "../../services/finance/bills-changes.ts";
import { calculateMultiple, markEmployeeRfpAsPaid, updateBillStatus } from "../../services/finance/bills-payments.ts";
import { getBill, listBills } from "../../services/finance/bills.ts";
import { batchHistory, cancelPaymentBatch, listBatches, markBatchPaid, returnBatchBill } from "../../services/finance/payment-batches.ts";
import { batchFile, exportBills } from "../../services/finance/payment-files.ts";
import { roleProcedure, router, sync } from "../../trpc.ts";

const finance = roleProcedure("FINANCE", "ADMIN");

export const financeBillsRouter = router({
  /** The Bill Management table: status filter (Open, PaymentPending, Paid, PaidPendingAudit, Void, Audited), search, sort, page; totals per currency. */
  list: finance
    .input(sync(ZBillListRequest))
    .output(sync(ZBillListResponse))
    .query(({ ctx, input }) => listBills(ctx.db, ctx.user, input)),

  /** One bill's row. */
  get: finance
    .input(sync(ZBillIdRequest))
    .output(sync(ZBillRow))
    .query(({ ctx, input }) => getBill(ctx.db, ctx.user, input.id)),

  /** POST billmanagement/update-bill-status: per item {success, errorMessage, skippableErrors}. */
  updateStatus: finance
    .input(sync(ZUpdateBillStatusRequest))
    .output(sync(ZUpdateBillStatusResponse))
    .mutation(({ ctx, input }) => updateBillStatus(ctx.db, { user: ctx.user, ip: ctx.ip }, input.bills, input.idempotencyKey)),

  /** POST billmanagement/update-to-account (id, toAccountId). */
  updateToAccount: finance
    .input(sync(ZUpdateToAccountRequest))
    .output(sync(ZBillWriteResponse))
    .mutation(({ ctx, input }) => updateToAccount(ctx.db, { user: ctx.user, ip: ctx.ip }, { id: input.id, toAccountId: input.toAccountId }, input.idempotencyKey)),

  /** POST billmanagement/update-payment and billapproval/update-payment (id, currency or timestamp). */
  updatePayment: finance
    .input(sync(ZUpdatePaymentRequest))
    .output(sync(ZBillWriteResponse))
    .mutation(({ ctx, input }) => updatePayment(ctx.db, { user: ctx.user, ip: ctx.ip }, { id: input.id, currency: input.currency, timestamp: input.timestamp }, input.idempotencyKey)),

  /** POST billmanagement/update-bill (id, due). */
  updateBill: finance
    .input(sync(ZUpdateBillRequest))
    .output(sync(ZBillWriteResponse))
    .mutation(({ ctx, input }) => updateBillDue(ctx.db, { user: ctx.user, ip: ctx.ip }, { id: input.id, due: input.due }, input.idempotencyKey)),

  /** POST billmanagement/send-bill-back (id, status). */
  sendBack: finance
    .input(sync(ZSendBillBackRequest))
    .output(sync(ZSendBackResponse))
    .mutation(({ ctx, input }) => sendBillBack(ctx.db, { user: ctx.user, ip: ctx.ip }, { id: input.id, status: input.status }, input.idempotencyKey)),

  /** POST billmanagement/calculatemultiple. */
  calculateMultiple: finance
    .input(sync(ZCalculateMultipleRequest))
    .output(sync(ZCalculateMultipleResponse))
    .query(({ ctx, input }) => calculateMultiple(ctx.db, ctx.user, input)),

  /** POST billmanagement/mark-employee-rfp-as-paid. */
  markEmployeeRfpAsPaid: finance
    .input(sync(ZMarkRfpPaidRequest))
    .output(sync(ZBillWriteResponse))
    .mutation(({ ctx, input }) => markEmployeeRfpAsPaid(ctx.db, { user: ctx.user, ip: ctx.ip }, input, input.idempotencyKey)),

  /** POST billmanagement/hold-bill {billId, holdReason}. */
  hold: finance
    .input(sync(ZHoldBillRequest))
    .output(sync(ZBillWriteResponse))
    .mutation(({ ctx, input }) => holdBill(ctx.db, { user: ctx.user, ip: ctx.ip }, { billId: input.billId, holdReason: input.holdReason }, input.idempotencyKey)),

  /** POST billmanagement/unhold-bill {billId}. */
  unhold: finance
    .input(sync(ZUnholdBillRequest))
    .output(sync(ZBillWriteResponse))
    .mutation(({ ctx, input }) => unholdBill(ctx.db, { user: ctx.user, ip: ctx.ip }, { billId: input.billId }, input.idempotencyKey)),

  /** POST billmanagement/export (billIds): an export batch with its CSV and pain.001 files. */
  export: finance
    .input(sync(ZExportRequest))
    .output(sync(ZExportResponse))
    .mutation(({ ctx, input }) => exportBills(ctx.db, { user: ctx.user, ip: ctx.ip }, input.billIds, input.idempotencyKey)),

  /**
   * Cancels an export batch before any of its bills is paid (issue 23): its bills may then be voided, sent
   * back or exported again; the batch stays, Cancelled. Meridian's own call: the spec documents no path for it.
   */
  cancelBatch: finance
    .input(sync(ZCancelBatchRequest))
    .output(sync(ZCancelBatchResponse))
    .mutation(({ ctx, input }) => cancelPaymentBatch(ctx.db, { user: ctx.user, ip: ctx.ip }, { batchId: input.batchId }, input.idempotencyKey)),

  /**
   * Payment-file history (issue 24 §5): every batch with its files, bills, totals per currency, who exported
   * it and when, and its reconciliation. Meridian's own call: the spec documents no path for it.
   */
  batchHistory: finance
    .input(sync(ZBatchHistoryRequest))
    .output(sync(ZBatchHistoryResponse))
    .query(({ ctx, input }) => batchHistory(ctx.db, ctx.user, input)),

  /** The bank paid the batch: its bills are paid in one transaction, as a manual payment (issue 24 §5). */
  markBatchPaid: finance
    .input(sync(ZMarkBatchPaidRequest))
    .output(sync(ZMarkBatchPaidResponse))
    .mutation(({ ctx, input }) => markBatchPaid(ctx.db, { user: ctx.user, ip: ctx.ip }, { batchId: input.batchId, paymentDate: input.paymentDate }, input.idempotencyKey)),

  /** The bank returned one bill of the batch with its reason: back to payment pending (issue 24 §5). */
  returnBatchBill: finance
    .input(sync(ZReturnBatchBillRequest))
    .output(sync(ZReturnBatchBillResponse))
    .mutation(({ ctx, input }) => returnBatchBill(ctx.db, { user: ctx.user, ip: ctx.ip }, { batchId: input.batchId, billId: input.billId, reason: input.reason }, input.idempotencyKey)),

  /** The latest export batches. */
  batches: finance.output(sync(ZBatchListResponse)).query(({ ctx }) => listBatches(ctx.db, ctx.user)),

  /** One batch's CSV or XML file. */
  batchFile: finance
    .input(sync(ZBatchFileRequest))
    .output(sync(ZBatchFileResponse))
    .query(({ ctx, input }) => batchFile(ctx.db, ctx.user, input.batchId, input.format)),
});
