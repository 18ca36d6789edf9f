/**
 * English texts of an expense's (or booking's) derived state (issue 24 §1; src/domain/expenses/lifecycle.ts):
 * stage names, what to do next, and HR's Money panel on the move page (merged into en.ts).
 */
import { LIFECYCLE_LABELS, NEXT_ACTION_TEXTS } from "../expenses/lifecycle.ts";
import { MONEY_ITEM_KIND_LABELS } from "../expenses/money-schemas.ts";

export const enExpenseLifecycle = {
  "expenses.stage.submitted": LIFECYCLE_LABELS.submitted,
  "expenses.stage.inReview": LIFECYCLE_LABELS.inReview,
  "expenses.stage.changesRequested": LIFECYCLE_LABELS.changesRequested,
  "expenses.stage.rejected": LIFECYCLE_LABELS.rejected,
  "expenses.stage.approved": LIFECYCLE_LABELS.approved,
  "expenses.stage.paymentPending": LIFECYCLE_LABELS.paymentPending,
  "expenses.stage.partiallyPaid": LIFECYCLE_LABELS.partiallyPaid,
  "expenses.stage.paid": LIFECYCLE_LABELS.paid,
  "expenses.stage.audited": LIFECYCLE_LABELS.audited,
  "expenses.stage.cancelled": LIFECYCLE_LABELS.cancelled,
  "expenses.next.wait": NEXT_ACTION_TEXTS.wait,
  "expenses.next.resubmit": NEXT_ACTION_TEXTS.resubmit,
  "expenses.next.supplierRevises": NEXT_ACTION_TEXTS.supplierRevises,
  "expenses.next.checkBankDetails": NEXT_ACTION_TEXTS.checkBankDetails,
  "expenses.next.contactFinance": NEXT_ACTION_TEXTS.contactFinance,
  "expenses.next.none": NEXT_ACTION_TEXTS.none,
  "expenses.lifecycle.progress": "Progress",
  "expenses.lifecycle.reason": "Reason",
  "expenses.lifecycle.next": "What next",
  "expenses.lifecycle.paid": "{{amount}} paid on {{date}}",
  "expenses.lifecycle.onHold": "On hold with finance",
  "expenses.lifecycle.notDated": "date not recorded",
  "expenses.lifecycle.stepDone": "done",
  "expenses.lifecycle.stepCurrent": "current step",
  "expenses.lifecycle.stepUpcoming": "to come",
  "moneyPanel.kind.expense": MONEY_ITEM_KIND_LABELS.expense,
  "moneyPanel.kind.bookingCost": MONEY_ITEM_KIND_LABELS.bookingCost,
  "moneyPanel.kind.lumpSum": MONEY_ITEM_KIND_LABELS.lumpSum,
  "moneyPanel.kind.adhocCashSpend": MONEY_ITEM_KIND_LABELS.adhocCashSpend,
  "moneyPanel.title": "Money",
  "moneyPanel.intro": "The move's expenses, bookings and bills, each with the state the employee and finance see.",
  "moneyPanel.items": "Expenses and bookings",
  "moneyPanel.bills": "Bills",
  "moneyPanel.noItems": "No expenses or bookings yet.",
  "moneyPanel.noBills": "No bills yet.",
  "moneyPanel.loadFailed": "The move's money could not be loaded.",
  "moneyPanel.due": "Due {{date}}",
  "moneyPanel.paidOn": "Paid on {{date}}",
  "moneyPanel.billOpen": "Awaiting payment",
};
