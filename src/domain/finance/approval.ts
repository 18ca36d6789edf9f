/**
 * Bill Approval rules (issue 16; spec part 2 §4 "Approval", "Approval flow order"; §5 rejection;
 * §8 blocked actions). Pure: the screen (or a service) calls `approvalStep` with the item as it stands
 * and the confirmations the user has given so far, and gets the next thing to do: a confirmation to
 * ask, a budget check to run, a refusal with the spec's text, or the go-ahead.
 *
 * Order for approve (§4): out-of-policy confirm → out-of-budget check (programme type ManagedBudget
 * gets a confirm) → over-budget check → approve. Approve, reject and request-change are blocked while
 * the remaining-budget check runs and while the item is on hold; a hold needs a reason; rejection needs
 * a reason.
 *
 * Where the spec is silent:
 * - An out-of-budget item of any other programme type goes on without a confirm (it is not drawn from
 *   a budget; the budget column shows "N/A").
 * - Over budget asks a confirm showing the new total spend, as commercial tools warn before spending
 *   past a budget; the confirm is the finance user's override (maxTotalSpendOverride).
 * - Lump sums and ad-hoc cash spends get the same blocked texts as the spec's booking costs and
 *   expenses, with their own noun.
 * - A request for change needs a reason text (the call carries requestForChangeReason).
 */
import { HOLD_REASONS, isHoldReason, type HoldReason } from "./bill-state.ts";
import { checkRejection } from "./amounts.ts";
import { blockedMessage, financeMessages as M } from "./messages.ts";

import { APPROVAL_KINDS } from "./constants.ts";

export { APPROVAL_KINDS };
export type ApprovalKind = (typeof APPROVAL_KINDS)[number];
/** §4 invoice service types for the budget checks. */
export const INVOICE_SERVICE_TYPES = { bookingCost: "APPROVE_BOOKING_COST", expense: "APPROVE_EXPENSE" } as const;
export const MANAGED_BUDGET = "ManagedBudget";

export type ApprovalItem = {
  kind: ApprovalKind;
  decided: boolean;
  holdReason: HoldReason | null;
  remainingCheckInProgress: boolean;
  outOfPolicy: boolean;
  programmeType: string;
  /** Result of checkOutOfBudget; undefined until it has run. */
  outOfBudget?: boolean;
  /** Result of checkOverBudget; undefined until it has run. */
  overBudget?: boolean;
  newTotalSpend?: number;
};

export type Confirmations = { outOfPolicy?: boolean; outOfBudget?: boolean; overBudget?: boolean };

export type ApprovalAction =
  | { type: "approve"; confirmations?: Confirmations }
  | { type: "reject"; rejectionId?: number | null; rejectionReason?: string | null }
  | { type: "requestChange"; reason?: string | null }
  | { type: "hold"; reason?: string | null }
  | { type: "unhold" };

export type ApprovalStep =
  | { next: "confirmOutOfPolicy" }
  | { next: "checkOutOfBudget" }
  | { next: "confirmOutOfBudget" }
  | { next: "checkOverBudget" }
  | { next: "confirmOverBudget"; newTotalSpend?: number }
  | { next: "approve" }
  | { next: "reject" }
  | { next: "requestChange" }
  | { next: "hold"; reason: HoldReason }
  | { next: "unhold" }
  | { next: "refused"; message: string; field?: string };

const NOUNS: Record<ApprovalKind, string> = { bookingCost: "booking cost", expense: "expense", lumpSum: "lump sum", adhocCashSpend: "cash spend" };

/** The §8 text "This booking cost/expense cannot be approved/rejected/requested for change, because …". */
export function blockedText(kind: ApprovalKind, action: "approve" | "reject" | "change", reason: "remainingCheck" | "onHold"): string {
  if (kind === "bookingCost" || kind === "expense") return blockedMessage(kind, action, reason);
  const verb = { approve: "approved", reject: "rejected", change: "requested for change" }[action];
  const why = reason === "remainingCheck" ? "remaining check is in progress" : "it is on hold";
  return `This ${NOUNS[kind]} cannot be ${verb}, because ${why}`;
}

function refused(message: string, field?: string): ApprovalStep {
  return field ? { next: "refused", message, field } : { next: "refused", message };
}

export function approvalStep(item: ApprovalItem, action: ApprovalAction): ApprovalStep {
  if (item.decided) return refused(M.approvalItemDone);
  switch (action.type) {
    case "hold":
      if (item.holdReason !== null) return refused(M.billOnHold);
      if (!isHoldReason(action.reason)) return refused(M.holdReasonRequired, "holdReason");
      return { next: "hold", reason: action.reason };
    case "unhold":
      return item.holdReason === null ? refused(M.billNotOnHold) : { next: "unhold" };
  }
  const short = action.type === "approve" ? "approve" : action.type === "reject" ? "reject" : "change";
  if (item.remainingCheckInProgress) return refused(blockedText(item.kind, short, "remainingCheck"));
  if (item.holdReason !== null) return refused(blockedText(item.kind, short, "onHold"));
  if (action.type === "reject") {
    const errors = checkRejection(action.rejectionId, action.rejectionReason);
    const [field, message] = Object.entries(errors)[0] ?? [];
    return field && message ? refused(message, field) : { next: "reject" };
  }
  if (action.type === "requestChange") {
    return (action.reason ?? "").trim() === "" ? refused(M.rejectionReasonRequired, "requestForChangeReason") : { next: "requestChange" };
  }
  const c = action.confirmations ?? {};
  if (item.outOfPolicy && !c.outOfPolicy) return { next: "confirmOutOfPolicy" };
  if (item.outOfBudget === undefined) return { next: "checkOutOfBudget" };
  if (item.outOfBudget && item.programmeType === MANAGED_BUDGET && !c.outOfBudget) return { next: "confirmOutOfBudget" };
  if (item.overBudget === undefined) return { next: "checkOverBudget" };
  if (item.overBudget && !c.overBudget) return item.newTotalSpend === undefined ? { next: "confirmOverBudget" } : { next: "confirmOverBudget", newTotalSpend: item.newTotalSpend };
  return { next: "approve" };
}

export { HOLD_REASONS };
