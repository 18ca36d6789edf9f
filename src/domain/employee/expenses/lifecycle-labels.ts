/**
 * The words of an expense's derived state (issue 24 §1): stage names, what to do next, item kinds. In a
 * module that imports nothing, so the English texts (src/domain/i18n/en-expense-lifecycle.ts, part of the
 * first download) take them without the rules, zod or the money module. lifecycle.ts and money-schemas.ts
 * re-export them.
 */
export const LIFECYCLE_STAGES = ["submitted", "submittedWithoutReceipt", "inReview", "changesRequested", "rejected", "approved", "paymentPending", "partiallyPaid", "paid", "audited", "cancelled"] as const;
export type LifecycleStage = (typeof LIFECYCLE_STAGES)[number];

/** The display name of each stage (the English text; the screens read `expenses.stage.<stage>` with this as default). */
export const LIFECYCLE_LABELS: Record<LifecycleStage, string> = {
  submitted: "Submitted",
  submittedWithoutReceipt: "Submitted without receipt",
  inReview: "Being processed by finance",
  changesRequested: "Changes requested",
  rejected: "Rejected",
  approved: "Approved",
  paymentPending: "Payment pending",
  partiallyPaid: "Partly paid",
  paid: "Paid",
  audited: "Paid and audited",
  cancelled: "Cancelled",
};

export const NEXT_ACTIONS = ["wait", "resubmit", "supplierRevises", "checkBankDetails", "contactFinance", "none"] as const;
export type NextAction = (typeof NEXT_ACTIONS)[number];

/** What the employee does next, in words. */
export const NEXT_ACTION_TEXTS: Record<NextAction, string> = {
  wait: "Nothing to do: finance takes it from here.",
  resubmit: "Correct what the reason asks for and submit it again.",
  supplierRevises: "The supplier revises the booking and sends it again.",
  checkBankDetails: "The bank returned the payment: check your bank details, finance pays it again.",
  contactFinance: "Contact finance if you have questions about this decision.",
  none: "Nothing to do: the money has been paid.",
};

export const MONEY_ITEM_KINDS = ["expense", "bookingCost", "lumpSum", "adhocCashSpend"] as const;
export const MONEY_ITEM_KIND_LABELS: Record<(typeof MONEY_ITEM_KINDS)[number], string> = {
  expense: "Expense",
  bookingCost: "Vendor booking",
  lumpSum: "Lump sum",
  adhocCashSpend: "Cash allowance",
};
