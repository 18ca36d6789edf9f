/**
 * Payment-file batches and their reconciliation (issue 24 §5): the texts and the one derivation of a
 * batch's and a bill-in-a-batch's state that the history page, the API and the tests share. Pure.
 *
 * A batch is Active once exported (the bank has the file), Paid once finance marks it paid (its bills
 * paid in one transaction), Cancelled when withdrawn before any payment (issue 23). A bill in a batch is
 * in the file, paid, or returned by the bank (back to PaymentPending with the bank's reason; it may be
 * exported again).
 */
export const BATCH_STATUSES = ["Active", "Cancelled", "Paid"] as const;
export type BatchStatus = (typeof BATCH_STATUSES)[number];

export const BATCH_BILL_STATES = ["InFile", "Paid", "Returned", "Withdrawn"] as const;
export type BatchBillState = (typeof BATCH_BILL_STATES)[number];

/** Display names (no internal codes on screen). */
export const BATCH_STATUS_LABELS: Record<BatchStatus, string> = { Active: "Sent to bank", Cancelled: "Cancelled", Paid: "Paid" };
export const BATCH_BILL_STATE_LABELS: Record<BatchBillState, string> = { InFile: "In the file", Paid: "Paid", Returned: "Returned by the bank", Withdrawn: "Withdrawn" };

export const RETURN_REASON_MAX = 500;

export const batchMessages = {
  notActive: "Payment file {file} is {status}; only a file sent to the bank can be marked paid",
  alreadyPaid: "Payment file {file} has already been marked paid",
  nothingToPay: "Payment file {file} has no bills left to pay (every bill was returned)",
  billNotInBatch: "Bill {id} is not in payment file {file}",
  alreadyReturned: "Bill {id} has already been returned by the bank",
  cancelledBatch: "Payment file {file} was cancelled; its bills cannot be returned",
  returnAudited: "Bill {id} has been audited; a returned payment can no longer be recorded",
  reasonRequired: "Please enter the bank's reason for the return",
  reasonTooLong: `The reason can be at most ${RETURN_REASON_MAX} characters`,
  paymentDateFuture: "The payment date cannot be in the future",
} as const;

/** A bill's state within a batch, from the batch row and the bill's row in it. */
export function batchBillState(batchStatus: BatchStatus, row: { active: boolean; returnedAt: string | null }): BatchBillState {
  if (row.returnedAt !== null) return "Returned";
  if (batchStatus === "Cancelled" || !row.active) return "Withdrawn";
  return batchStatus === "Paid" ? "Paid" : "InFile";
}
