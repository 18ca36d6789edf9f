/**
 * The life of an employee's money (issue 24 §1): an expense, a booked quote's vendor booking, a lump sum
 * or an ad-hoc cash spend goes submitted → (in review) → approved, rejected (with the reason) or changes
 * requested → billed → payment pending → paid (the payment date and the amount the payee got, in their
 * currency) → audited. Pure: no I/O. The ONE place the state the employee, HR and finance see is
 * derived, from the item's own row and its bill(s) with their payments read at query time (no copy of
 * the bill's state is stored on the item), so the three screens cannot drift.
 *
 * - Pending item (expense SUBMITTED / SUBMITTED_WITHOUT_RECEIPT / IN_PROCESS, finance item SUBMITTED):
 *   submitted (with or without a receipt, part 1 §3), or being processed once finance took it (IN_PROCESS). A bill sent back to Bill Approval is
 *   deleted and the item is pending again, so it reads as submitted again.
 * - REJECTED: rejected, with the rejection reason. CHANGE_REQUESTED (booking costs): changes requested,
 *   with the reason.
 * - APPROVED (or the legacy stored PAID): from the live (not void) bills: every one audited → audited;
 *   every one paid (Paid or PaidPendingAudit) → paid; some paid → partly paid (recurring instalments);
 *   one in PaymentPending → payment pending (a payment the bank returned: payment pending with the bank's
 *   reason); otherwise approved (the bill is open). All bills void → cancelled, with the void reason.
 *   No bill at all: approved (or paid for a row stored as PAID before bills existed).
 * - Paid: the latest payment date, and the sum the payee got (the recipient amount where finance paid
 *   in another currency, else the payment's amount) when all those payments are in one currency.
 */
import { z } from "zod";
import { toMajorString } from "../../money/money.ts";
import { LIFECYCLE_LABELS, LIFECYCLE_STAGES, NEXT_ACTION_TEXTS, NEXT_ACTIONS, type LifecycleStage, type NextAction } from "./lifecycle-labels.ts";

export { LIFECYCLE_LABELS, LIFECYCLE_STAGES, NEXT_ACTION_TEXTS, NEXT_ACTIONS, type LifecycleStage, type NextAction };

export const LIFECYCLE_STEP_STATES = ["done", "current", "upcoming"] as const;
export type LifecycleStepState = (typeof LIFECYCLE_STEP_STATES)[number];

export type LifecycleItemKind = "expense" | "bookingCost" | "lumpSum" | "adhocCashSpend";

/** The item's own row, as the expenses table or finance_items holds it. */
export type LifecycleItem = {
  kind: LifecycleItemKind;
  /** The stored status: SUBMITTED, SUBMITTED_WITHOUT_RECEIPT, IN_PROCESS, APPROVED, REJECTED, PAID (expenses) or CHANGE_REQUESTED (finance items). */
  status: string;
  submittedAt: string;
  /** When finance approved, rejected or asked for changes (null when unknown). */
  decidedAt: string | null;
  rejectionReason: string | null;
  changeReason: string | null;
  holdReason: string | null;
};

export type LifecyclePayment = {
  /** PAID, PAID_PENDING_AUDIT, or RETURNED (the bank sent it back). */
  status: string;
  paymentDate: string;
  /** Integer minor units of `currency` (the bill's). */
  amount: number;
  currency: string;
  /** What the payee got when paid in another currency (minor units of `recipientCurrency`). */
  recipientAmount: number | null;
  recipientCurrency: string | null;
  /** The bank's reason of a returned payment. */
  returnReason: string | null;
  createdAt: string;
};

export type LifecycleBill = {
  status: "Open" | "PaymentPending" | "Paid" | "PaidPendingAudit" | "Void";
  audited: boolean;
  createdAt: string;
  /** When it was marked payment pending (null when unknown). */
  paymentPendingAt: string | null;
  auditedAt: string | null;
  voidReason: string | null;
  payments: LifecyclePayment[];
};

export type LifecycleStep = { stage: LifecycleStage; label: string; date: string | null; state: LifecycleStepState };

export type Lifecycle = {
  stage: LifecycleStage;
  label: string;
  onHold: boolean;
  /** The path so far and ahead, each step with its date when known. */
  steps: LifecycleStep[];
  /** The rejection, change-request or void reason, or the bank's reason of a returned payment. */
  reason: string | null;
  nextAction: NextAction;
  nextActionText: string;
  /** Paid (or partly): the latest payment date and the total the payee got, in their currency. */
  paid: { date: string; amount: string; currency: string } | null;
  /** The live (not void) bills. */
  bills: number;
};

const PENDING: Record<LifecycleItemKind, readonly string[]> = {
  expense: ["SUBMITTED", "SUBMITTED_WITHOUT_RECEIPT", "IN_PROCESS"],
  bookingCost: ["SUBMITTED"],
  lumpSum: ["SUBMITTED"],
  adhocCashSpend: ["SUBMITTED"],
};

const isPaidBill = (b: LifecycleBill) => b.status === "Paid" || b.status === "PaidPendingAudit";
const isPayment = (p: LifecyclePayment) => p.status !== "RETURNED";
const latest = (dates: (string | null)[]): string | null => dates.reduce<string | null>((m, d) => (d !== null && (m === null || d > m) ? d : m), null);

function paidOf(bills: LifecycleBill[]): Lifecycle["paid"] {
  const payments = bills.flatMap((b) => (isPaidBill(b) ? b.payments.filter(isPayment) : []));
  if (payments.length === 0) return null;
  const got = payments.map((p) => (p.recipientAmount !== null && p.recipientCurrency ? { amount: p.recipientAmount, currency: p.recipientCurrency } : { amount: p.amount, currency: p.currency }));
  const currencies = new Set(got.map((g) => g.currency));
  // Payees paid in several currencies: the bills' own currency (one per item) keeps the sum meaningful.
  const sums = currencies.size === 1 ? got : payments.map((p) => ({ amount: p.amount, currency: p.currency }));
  const currency = sums[0]!.currency;
  const amount = sums.filter((s) => s.currency === currency).reduce((t, s) => t + s.amount, 0);
  return { date: latest(payments.map((p) => p.paymentDate))!, amount: toMajorString({ amount, currency }), currency };
}

/** The reason shown for a returned payment whose bank gave none. */
export const RETURNED_TEXT = "The bank returned the payment.";

/** The bank's reason of the latest returned payment of a bill that is not paid (null when none). */
function returnedReason(bills: LifecycleBill[]): string | null {
  let found: LifecyclePayment | null = null;
  for (const b of bills) {
    if (isPaidBill(b)) continue;
    for (const p of b.payments) if (p.status === "RETURNED" && (found === null || p.createdAt > found.createdAt)) found = p;
  }
  return found ? found.returnReason?.trim() || RETURNED_TEXT : null;
}

function nextActionOf(kind: LifecycleItemKind, stage: LifecycleStage, returned: boolean): NextAction {
  switch (stage) {
    case "submitted":
    case "submittedWithoutReceipt":
    case "inReview":
    case "approved":
    case "partiallyPaid":
      return "wait";
    case "paymentPending":
      return returned ? "checkBankDetails" : "wait";
    case "changesRequested":
      return kind === "bookingCost" ? "supplierRevises" : "resubmit";
    case "rejected":
    case "cancelled":
      return "contactFinance";
    case "paid":
    case "audited":
      return "none";
  }
}

/** The stage of an item with its bills (see the file's comment). */
export function lifecycleStageOf(item: LifecycleItem, bills: LifecycleBill[]): LifecycleStage {
  if (PENDING[item.kind].includes(item.status)) return item.status === "IN_PROCESS" ? "inReview" : item.status === "SUBMITTED_WITHOUT_RECEIPT" ? "submittedWithoutReceipt" : "submitted";
  if (item.status === "REJECTED") return "rejected";
  if (item.status === "CHANGE_REQUESTED") return "changesRequested";
  const live = bills.filter((b) => b.status !== "Void");
  if (bills.length > 0 && live.length === 0) return "cancelled";
  if (live.length === 0) return item.status === "PAID" ? "paid" : "approved";
  const paid = live.filter(isPaidBill);
  if (paid.length === live.length) return live.every((b) => b.audited) ? "audited" : "paid";
  if (paid.length > 0) return "partiallyPaid";
  if (live.some((b) => b.status === "PaymentPending")) return "paymentPending";
  return "approved";
}

/** The derived state of an item and its bill(s): stage, display name, steps with dates, reason, next action, payment. */
export function deriveLifecycle(item: LifecycleItem, bills: LifecycleBill[]): Lifecycle {
  const stage = lifecycleStageOf(item, bills);
  const live = bills.filter((b) => b.status !== "Void");
  const returned = stage === "paymentPending" || stage === "approved" ? returnedReason(live) : null;
  const paid = stage === "paid" || stage === "audited" || stage === "partiallyPaid" ? paidOf(live) : null;

  // The decision step: what finance decided (approved unless it rejected or asked for changes).
  const decision: LifecycleStage = stage === "rejected" ? "rejected" : stage === "changesRequested" ? "changesRequested" : "approved";
  const billed = latest(live.map((b) => b.createdAt));
  const path: { stage: LifecycleStage; date: string | null }[] = [{ stage: stage === "submittedWithoutReceipt" ? stage : "submitted", date: item.submittedAt }];
  if (stage === "inReview") path.push({ stage: "inReview", date: null });
  path.push({ stage: decision, date: item.decidedAt ?? (decision === "approved" ? billed : null) });
  if (stage === "cancelled") {
    path.push({ stage: "cancelled", date: null });
  } else if (decision === "approved") {
    const paidDates = live.filter(isPaidBill).flatMap((b) => b.payments.filter(isPayment).map((p) => p.paymentDate));
    path.push({ stage: "paymentPending", date: latest(live.map((b) => b.paymentPendingAt)) });
    if (stage === "partiallyPaid") path.push({ stage: "partiallyPaid", date: latest(paidDates) });
    path.push({ stage: "paid", date: stage === "paid" || stage === "audited" ? (paid?.date ?? latest(paidDates)) : null });
    path.push({ stage: "audited", date: stage === "audited" ? latest(live.map((b) => b.auditedAt)) : null });
  }
  const at = path.findIndex((p) => p.stage === stage);
  const steps: LifecycleStep[] = path.map((p, i) => ({
    stage: p.stage,
    label: LIFECYCLE_LABELS[p.stage],
    date: i <= at ? p.date : null,
    state: i < at ? "done" : i === at ? "current" : "upcoming",
  }));
  const reason =
    stage === "rejected"
      ? item.rejectionReason
      : stage === "changesRequested"
        ? item.changeReason
        : stage === "cancelled"
          ? (bills.find((b) => b.voidReason)?.voidReason ?? null)
          : returned;
  const next = nextActionOf(item.kind, stage, returned !== null);
  return {
    stage,
    label: LIFECYCLE_LABELS[stage],
    onHold: item.holdReason !== null,
    steps,
    reason: reason?.trim() ? reason : null,
    nextAction: next,
    nextActionText: NEXT_ACTION_TEXTS[next],
    paid,
    bills: live.length,
  };
}

/** The state of one bill on its own (HR's Money panel lists the move's bills): the stage a lone bill gives. */
export function billStageOf(bill: Pick<LifecycleBill, "status" | "audited">): LifecycleStage {
  if (bill.status === "Void") return "cancelled";
  if (bill.status === "Paid" || bill.status === "PaidPendingAudit") return bill.audited ? "audited" : "paid";
  return bill.status === "PaymentPending" ? "paymentPending" : "approved";
}

export const ZLifecycle = z.object({
  stage: z.enum(LIFECYCLE_STAGES),
  label: z.string(),
  onHold: z.boolean(),
  steps: z.array(z.object({ stage: z.enum(LIFECYCLE_STAGES), label: z.string(), date: z.string().nullable(), state: z.enum(LIFECYCLE_STEP_STATES) })),
  reason: z.string().nullable(),
  nextAction: z.enum(NEXT_ACTIONS),
  nextActionText: z.string(),
  paid: z.object({ date: z.string(), amount: z.string(), currency: z.string() }).nullable(),
  bills: z.number().int(),
});
export type TLifecycle = z.infer<typeof ZLifecycle>;

/** A lone bill's stage and display name (an open bill awaits its payment). */
export function billStateOf(bill: Pick<LifecycleBill, "status" | "audited">): { stage: LifecycleStage; label: string } {
  const stage = billStageOf(bill);
  return { stage, label: stage === "approved" ? "Awaiting payment" : LIFECYCLE_LABELS[stage] };
}
