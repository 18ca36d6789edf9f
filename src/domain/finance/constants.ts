/**
 * The finance area's enumerations (issue 16; part 2 §3, §4), in a module that imports nothing, so the
 * web client's route table (src/web/features/finance-*\/routes.tsx, part of the initial JavaScript) can
 * validate its URL search with them without pulling the finance rules, zod schemas or the money module
 * into the first download. The rule modules re-export them.
 */
export const BILL_TYPES = ["VendorBooking", "Expense", "CashAllowances", "ExpenseBill", "CashLumpSumBill"] as const;
export const BILL_STATUSES = ["Open", "PaymentPending", "Paid", "PaidPendingAudit", "Void"] as const;
/** §4 hold reasons, word for word. */
export const HOLD_REASONS = ["Exception Requested", "Info Requested - E'ee", "Info Requested - HR", "Info Requested - Vendor"] as const;
export const APPROVAL_KINDS = ["bookingCost", "expense", "lumpSum", "adhocCashSpend"] as const;
/** The Bill Management list's status filter: the five bill statuses and "Audited" (PaidPendingAudit bills once audited). */
export const BILL_LIST_STATUSES = [...BILL_STATUSES, "Audited"] as const;
