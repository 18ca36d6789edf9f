/**
 * Bill Management's inputs and answers (issue 16; spec part 2 §3 "Bill status update", §7
 * billmanagement/…, §8 Bill management). Field names exactly as §7; amounts typed in major units
 * (text or number, read by amounts.ts through the money module); ids are positive integers.
 */
import { z } from "zod";
import { BILL_LIST_STATUSES } from "./constants.ts";
import { BILL_STATUSES, BILL_TYPES, HOLD_REASONS } from "./bill-state.ts";
import { REFERENCE_MAX, VOID_REASON_MAX, financeDay } from "./amounts.ts";
import { financeMessages as FM } from "./messages.ts";
import { ZMoneyText } from "../money/schemas.ts";
import { BATCH_BILL_STATES, BATCH_STATUSES, RETURN_REASON_MAX, batchMessages } from "./payment-batches.ts";

/** Meridian's own Bill Management texts (the spec states the rule, not the words). */
export const billMessages = {
  statusChanged: "This bill was changed by someone else; reload it and try again",
  pastDue: "This bill is past its due date",
  amountDiffers: "The payment amount differs from the bill amount",
  exportNothing: "Please select at least one bill",
  alreadyExported: "Bill {id} has already been exported to the payment provider",
  exportStatus: "Only bills marked as payment pending can be exported (bill {id})",
  batchNotFound: "This payment file does not exist.",
  accountNotFound: "This account does not exist.",
  accountCurrency: "The recipient account must be in the bill's currency",
  accountOwner: "The recipient account must belong to the bill's payee",
  noPayment: "This bill has no payment to change",
  invalidDate: "Please enter a valid date (yyyy-mm-dd)",
  voidReasonUnknown: "Please select a reason for voiding this bill",
  notEmployeeBill: "Unable to mark employee RFP as paid",
  nothingToChange: "Please enter a currency or a timestamp",
} as const;

const id = z.coerce.number().int().positive().max(2_147_483_647);
const amountText = ZMoneyText;
const currency = z.string().trim().toUpperCase().max(3);
// A calendar date in the finance range (financeDay: "2026-02-30" and "9999-12-31" are refused).
const isoDate = z.string().trim().regex(/^\d{4}-\d{2}-\d{2}$/, billMessages.invalidDate).refine((v) => financeDay(v) === v, billMessages.invalidDate);
const optionalText = (max: number) => z.string().max(max).optional().nullable();
export const idempotencyKey = z.string().max(200).optional();
const bool = z.union([z.boolean(), z.enum(["true", "false"]).transform((v) => v === "true")]);

/** The list's status filter: the five bill statuses and "audited" (PaidPendingAudit bills once audited). */
export { BILL_LIST_STATUSES };
export const BILL_SORTS = ["id", "billDate", "dueDate", "amount", "status", "vendorName"] as const;

export const ZBillListRequest = z.object({
  status: z.enum(BILL_LIST_STATUSES).default("Open"),
  search: z.string().trim().max(100).default(""),
  billType: z.enum(BILL_TYPES).optional(),
  sort: z.enum(BILL_SORTS).default("id"),
  dir: z.enum(["asc", "desc"]).default("desc"),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(25),
});
export type BillListRequest = z.infer<typeof ZBillListRequest>;

const ZAccountRef = z.object({ id: z.number(), name: z.string(), currency: z.string() }).nullable();
export const ZBillRow = z.object({
  id: z.number(),
  billType: z.enum(BILL_TYPES),
  status: z.enum(BILL_STATUSES),
  audited: z.boolean(),
  holdReason: z.string().nullable(),
  groupId: z.number(),
  groupName: z.string(),
  /** The group's name for people (groupName is its URL slug). */
  groupDisplayName: z.string(),
  /** The payee employee's user id (employee bills; the bill's employee for vendor bookings). */
  employeeId: z.number().nullable(),
  employeeName: z.string().nullable(),
  vendorName: z.string().nullable(),
  currency: z.string(),
  /** Minor units. */
  gross: z.number(),
  net: z.number(),
  tax: z.number(),
  isCredit: z.boolean(),
  reference: z.string(),
  billDate: z.string(),
  dueDate: z.string().nullable(),
  fromAccount: ZAccountRef,
  toAccount: ZAccountRef,
  payment: z
    .object({ id: z.number(), amount: z.number(), currency: z.string(), paymentDate: z.string(), recipientAmount: z.number().nullable(), recipientCurrency: z.string().nullable() })
    .nullable(),
  exportBatchId: z.number().nullable(),
  version: z.number(),
  actions: z.object({
    pay: z.boolean(),
    void: z.boolean(),
    select: z.boolean(),
    markPaymentPending: z.boolean(),
    recordPayment: z.boolean(),
    audit: z.boolean(),
    hold: z.boolean(),
    unhold: z.boolean(),
    sendBack: z.boolean(),
    export: z.boolean(),
    changePayment: z.boolean(),
  }),
});
export type BillRow = z.infer<typeof ZBillRow>;
const ZTotal = z.object({ amount: z.number(), currency: z.string() });
export const ZBillListResponse = z.object({ rows: z.array(ZBillRow), total: z.number(), page: z.number(), pageSize: z.number(), totals: z.array(ZTotal) });

/** §3 "Bill status update" (one item of update-bill-status), plus the void reason and the PaidPendingAudit payment fields. */
export const ZBillStatusUpdate = z.object({
  id,
  /** The status the bill goes to; "Audited" audits a PaidPendingAudit bill. */
  status: z.enum(["PaymentPending", "Paid", "PaidPendingAudit", "Void", "Audited"]),
  billableItemAmount: amountText.optional(),
  billableItemCurrency: currency.optional(),
  paymentAmount: amountText.optional(),
  currency: currency.optional(),
  invoiceCurrency: currency.optional(),
  employeeBudgetCurrency: currency.optional(),
  accountFromCurrency: currency.optional(),
  accountToCurrency: currency.optional(),
  accountFromName: optionalText(255),
  accountToName: optionalText(255),
  vendorName: optionalText(255),
  multipleBills: bool.optional(),
  paymentDate: isoDate.optional(),
  due: isoDate.optional().nullable(),
  reference: optionalText(REFERENCE_MAX),
  ignoreErrors: bool.optional(),
  /** PaidPendingAudit: a payment in another currency than the bill's. */
  differentRecipientCurrency: bool.optional(),
  recipientAmount: amountText.optional(),
  recipientCurrency: currency.optional(),
  /** Void: the reason (finance_rejection_reasons scope VOID) and its text. */
  rejectionId: id.optional().nullable(),
  rejectionReason: optionalText(VOID_REASON_MAX + 1000),
  /** The bill version the screen showed (optional; a changed bill is refused). */
  version: z.number().int().positive().optional(),
});
export type BillStatusUpdate = z.infer<typeof ZBillStatusUpdate>;
export const ZUpdateBillStatusRequest = z.object({ bills: z.array(ZBillStatusUpdate).min(1, FM.selectAtLeastOneBill).max(200), idempotencyKey });
export const ZBillStatusResult = z.object({ id: z.number(), success: z.boolean(), errorMessage: z.string().nullable(), skippableErrors: z.array(z.string()), status: z.string().nullable() });
export type BillStatusResult = z.infer<typeof ZBillStatusResult>;
export const ZUpdateBillStatusResponse = z.array(ZBillStatusResult);

export const ZUpdateToAccountRequest = z.object({ id, toAccountId: id, idempotencyKey });
export const ZUpdatePaymentRequest = z.object({ id, currency: currency.optional(), timestamp: isoDate.optional(), idempotencyKey });
export const ZUpdateBillRequest = z.object({ id, due: isoDate.nullable(), idempotencyKey });
export const ZSendBillBackRequest = z.object({ id, status: z.enum(BILL_STATUSES), idempotencyKey });
export const ZHoldBillRequest = z.object({ billId: id, holdReason: z.enum(HOLD_REASONS, { message: FM.holdReasonRequired }), idempotencyKey });
export const ZUnholdBillRequest = z.object({ billId: id, idempotencyKey });
export const ZMarkRfpPaidRequest = z.object({
  id,
  paymentAmount: amountText.optional(),
  currency: currency.optional(),
  paymentDate: isoDate.optional(),
  reference: optionalText(REFERENCE_MAX),
  idempotencyKey,
});
export const ZCalculateMultipleRequest = z.object({
  totalAmountFrom: amountText.optional(),
  totalAmountTo: amountText.optional(),
  amountToCurrency: currency.optional(),
  amountFromCurrency: currency.optional(),
  bills: z.array(id).min(1, FM.selectAtLeastOneBill).max(500),
});
export const ZCalculateMultipleResponse = z.object({
  success: z.boolean(),
  errorMessage: z.string().nullable(),
  billCount: z.number(),
  totalsFrom: z.array(ZTotal),
  totalFrom: ZTotal.nullable(),
  totalTo: ZTotal.nullable(),
});
export const ZBillWriteResponse = z.object({ success: z.literal(true), bill: ZBillRow.nullable() });
export const ZSendBackResponse = z.object({ success: z.literal(true), removed: z.literal(true), id: z.number() });

export const ZExportRequest = z.object({ billIds: z.array(id).min(1, billMessages.exportNothing).max(500), idempotencyKey });
export const ZExportResponse = z.object({ success: z.literal(true), batchId: z.number(), messageId: z.string(), billCount: z.number(), totals: z.array(ZTotal), csvUrl: z.string(), xmlUrl: z.string() });
export const ZBatchRequest = z.object({ batchId: id });
export const ZBillIdRequest = z.object({ id });
export const ZBatchFileRequest = z.object({ batchId: id, format: z.enum(["csv", "xml"]) });
export const ZBatchFileResponse = z.object({ fileName: z.string(), contentType: z.string(), content: z.string() });
export { BATCH_STATUSES };
export const ZBatchListResponse = z.array(
  z.object({ id: z.number(), messageId: z.string(), billCount: z.number(), totals: z.array(ZTotal), createdAt: z.string(), status: z.enum(BATCH_STATUSES), cancelledAt: z.string().nullable() }),
);
/** Cancelling an export batch (issue 23): Meridian's own call (the spec has no path for it), tRPC only. */
export const ZCancelBatchRequest = z.object({ batchId: id, idempotencyKey });
export const ZCancelBatchResponse = z.object({ success: z.literal(true), batchId: z.number(), messageId: z.string(), status: z.literal("Cancelled"), cancelledAt: z.string() });

/** Payment-file history and reconciliation (issue 24 §5): Meridian's own calls (the spec documents no path), tRPC only. */
export const ZBatchHistoryRequest = z.object({ page: z.coerce.number().int().min(1).max(100_000).default(1), pageSize: z.coerce.number().int().min(1).max(50).default(10) });
export const ZBatchHistoryResponse = z.object({
  page: z.number(),
  pageSize: z.number(),
  total: z.number(),
  batches: z.array(
    z.object({
      id: z.number(),
      messageId: z.string(),
      status: z.enum(BATCH_STATUSES),
      statusLabel: z.string(),
      billCount: z.number(),
      totals: z.array(ZTotal),
      createdAt: z.string(),
      createdBy: z.string().nullable(),
      paidAt: z.string().nullable(),
      paidDate: z.string().nullable(),
      paidBy: z.string().nullable(),
      cancelledAt: z.string().nullable(),
      cancelledBy: z.string().nullable(),
      csvUrl: z.string(),
      xmlUrl: z.string(),
      bills: z.array(
        z.object({
          billId: z.number(),
          payeeName: z.string(),
          groupName: z.string(),
          amount: ZTotal.nullable(),
          billStatus: z.string().nullable(),
          state: z.enum(BATCH_BILL_STATES),
          stateLabel: z.string(),
          returnedAt: z.string().nullable(),
          returnReason: z.string().nullable(),
          canReturn: z.boolean(),
        }),
      ),
    }),
  ),
});
export const ZMarkBatchPaidRequest = z.object({ batchId: id, paymentDate: isoDate.optional(), idempotencyKey });
export const ZMarkBatchPaidResponse = z.object({ success: z.literal(true), batchId: z.number(), messageId: z.string(), status: z.literal("Paid"), paymentDate: z.string(), paidBillIds: z.array(z.number()) });
export const ZReturnBatchBillRequest = z.object({
  batchId: id,
  billId: id,
  reason: z.string().trim().min(1, batchMessages.reasonRequired).max(RETURN_REASON_MAX, batchMessages.reasonTooLong),
  idempotencyKey,
});
export const ZReturnBatchBillResponse = z.object({ success: z.literal(true), batchId: z.number(), billId: z.number(), status: z.string(), returnedAt: z.string(), reason: z.string() });
