/**
 * The bill state machine (issue 16; spec part 2 §3 "Bill", §4 "Bill", §5 void). Pure: a service
 * loads the bill, asks `nextState`, and writes the answer with a conditional update on the old
 * status and version, so two finance users acting at once get one effect and one refusal.
 *
 * Spec transitions: Open ⇄ on hold (hold needs one of four reasons; unhold); Open → PaymentPending
 * (mark as payment pending); PaymentPending → Paid; PaidPendingAudit → audited (irreversible);
 * Void (needs a reason for VendorBooking and Expense); send back to Bill Approval (removes the bill
 * and its lines; no confirmation when PaymentPending). A hold disables pay, void, upload, selection
 * and approval actions.
 *
 * Where the spec is silent, Meridian does what commercial AP tools do:
 * - PaidPendingAudit is reached by `recordPayment`: a payment entered by hand by finance (e.g. an
 *   employee RFP marked as paid) rather than confirmed by the payment provider; it must be audited.
 *   It may be recorded on an Open or PaymentPending bill.
 * - Void only from Open or PaymentPending: a paid bill is never voided (a credit bill reverses it).
 * - Send back only from Open or PaymentPending: once money has moved the bill stays.
 * - A bill in an active payment file (export batch) is neither voided nor sent back: the file still
 *   instructs the transfer (issue 23). Cancel the batch first (only before any of its bills is paid).
 * - Paid and audited bills are final; a second payment is refused ("already paid"), never applied.
 * - Hold only from Open (the spec's "Open to on hold"); a held bill accepts only unhold.
 */
import { fill, financeMessages as M } from "./messages.ts";
import { checkVoidReason } from "./amounts.ts";
import { BILL_STATUSES, BILL_TYPES, HOLD_REASONS } from "./constants.ts";

export { BILL_STATUSES, BILL_TYPES, HOLD_REASONS };
export type BillType = (typeof BILL_TYPES)[number];
export type BillStatus = (typeof BILL_STATUSES)[number];
export type HoldReason = (typeof HOLD_REASONS)[number];

/**
 * `paymentFile`: the message id of the active payment file (export batch) holding the bill, if any
 * (issue 23 item 1). While a file instructs the transfer, the bill cannot be voided or sent back (nor
 * its recipient account changed): the batch must be cancelled first, or the payment recorded.
 */
export type Bill = { billType: BillType; status: BillStatus; audited: boolean; holdReason: HoldReason | null; paymentFile?: string | null };

export type BillAction =
  | { type: "hold"; reason: string | null | undefined }
  | { type: "unhold" }
  | { type: "markPaymentPending" }
  | { type: "pay" }
  | { type: "recordPayment" }
  | { type: "audit" }
  | { type: "void"; rejectionId?: number | null; rejectionReason?: string | null }
  | { type: "sendBack" };

export type BillTransition =
  | { ok: true; bill: Bill; removed?: false }
  /** Send-back: the service deletes the bill and its lines; `confirm` says whether the screen asks first. */
  | { ok: true; removed: true; confirm: boolean }
  | { ok: false; message: string; field?: string };

function refuse(message: string, field?: string): BillTransition {
  return field ? { ok: false, message, field } : { ok: false, message };
}

function notAllowed(from: Bill, to: string): BillTransition {
  return refuse(fill(M.transitionNotAllowed, { from: from.status, to }));
}

export function isHoldReason(v: unknown): v is HoldReason {
  return typeof v === "string" && (HOLD_REASONS as readonly string[]).includes(v);
}

export function isPaid(bill: Bill): boolean {
  return bill.status === "Paid" || bill.status === "PaidPendingAudit";
}

/** The bill after `action`, or a refusal with the message to show. Never throws. */
export function nextState(bill: Bill, action: BillAction): BillTransition {
  if (bill.audited) return refuse(M.alreadyAudited);
  if (bill.holdReason !== null && action.type !== "unhold") return refuse(M.billOnHold);
  switch (action.type) {
    case "hold":
      if (!isHoldReason(action.reason)) return refuse(M.holdReasonRequired, "holdReason");
      if (bill.status !== "Open") return notAllowed(bill, "on hold");
      return { ok: true, bill: { ...bill, holdReason: action.reason } };
    case "unhold":
      if (bill.holdReason === null) return refuse(M.billNotOnHold);
      return { ok: true, bill: { ...bill, holdReason: null } };
    case "markPaymentPending":
      if (bill.status !== "Open") return isPaid(bill) ? refuse(M.alreadyPaid) : notAllowed(bill, "PaymentPending");
      return { ok: true, bill: { ...bill, status: "PaymentPending" } };
    case "pay":
      if (isPaid(bill)) return refuse(M.alreadyPaid);
      if (bill.status !== "PaymentPending") return notAllowed(bill, "Paid");
      return { ok: true, bill: { ...bill, status: "Paid" } };
    case "recordPayment":
      if (isPaid(bill)) return refuse(M.alreadyPaid);
      if (bill.status !== "Open" && bill.status !== "PaymentPending") return notAllowed(bill, "PaidPendingAudit");
      return { ok: true, bill: { ...bill, status: "PaidPendingAudit" } };
    case "audit":
      if (bill.status !== "PaidPendingAudit") return notAllowed(bill, "audited");
      return { ok: true, bill: { ...bill, audited: true } };
    case "void": {
      if (isPaid(bill)) return refuse(M.alreadyPaid);
      if (bill.status !== "Open" && bill.status !== "PaymentPending") return notAllowed(bill, "Void");
      if (bill.paymentFile) return refuse(fill(M.billInPaymentFile, { file: bill.paymentFile }));
      const errors = checkVoidReason(bill.billType, action.rejectionId, action.rejectionReason);
      const [field, message] = Object.entries(errors)[0] ?? [];
      if (field && message) return refuse(message, field);
      return { ok: true, bill: { ...bill, status: "Void" } };
    }
    case "sendBack":
      if (bill.status !== "Open" && bill.status !== "PaymentPending") return notAllowed(bill, "Bill Approval");
      if (bill.paymentFile) return refuse(fill(M.billInPaymentFile, { file: bill.paymentFile }));
      return { ok: true, removed: true, confirm: bill.status !== "PaymentPending" };
  }
}

/** §4: after a successful transition, the row leaves a list filtered on Open or PaidPendingAudit. */
export function leavesList(listStatus: BillStatus, before: Bill, after: Bill | null): boolean {
  if (listStatus !== "Open" && listStatus !== "PaidPendingAudit") return false;
  return after === null || after.status !== before.status || after.audited !== before.audited;
}

/** §4: a hold disables pay and void, upload, selection and approval actions. */
export function actionsEnabled(bill: Bill): { pay: boolean; void: boolean; upload: boolean; select: boolean; approve: boolean } {
  const free = bill.holdReason === null && !bill.audited;
  return {
    pay: free && (bill.status === "Open" || bill.status === "PaymentPending"),
    void: free && !bill.paymentFile && (bill.status === "Open" || bill.status === "PaymentPending"),
    upload: free,
    select: free,
    approve: free,
  };
}
