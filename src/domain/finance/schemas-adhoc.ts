/**
 * Schemas of the finance area's ad-hoc part (issue 16; spec part 2 §2 "Ad-hoc charge creation (CRM),
 * including type CashAllowanceRecurring with a recurring payment schedule calculator", "External spend
 * creation", §3 "Recurring payment: paymentAmount, paymentDueDate", §5 "Ad-hoc", "Recurring", §9 limits;
 * the "employee expenses management"). The same schemas drive the tRPC procedures
 * (src/routers/finance/adhoc.ts) and the screens (src/web/features/finance-adhoc/).
 *
 * Amounts travel as the text people typed (major units): the pure rules (amounts.ts `checkAdhocCharge`,
 * recurring.ts `checkSchedule`) read them through the money module and answer the spec's message per
 * field, so the schemas only bound their length.
 */
import { z } from "zod";
import { ZId, zInt } from "../numbers.ts";
import { EXPENSE_CATEGORIES, EXPENSE_STATUSES } from "../employee/expenses/rules.ts";
import { ZLifecycle } from "../employee/expenses/lifecycle.ts";
import { ADHOC_TEXT_MAX, financeDay, INTERNAL_NOTES_MAX } from "./amounts.ts";
import { financeMessages as FM } from "./messages.ts";
import { MAX_INSTALMENTS, RECURRENCE_UNITS } from "./recurring.ts";
import { ZMoneyText } from "../money/schemas.ts";

/**
 * Ad-hoc charge types. §9 names CashAllowanceRecurring; the others are Meridian's: a one-off cash
 * allowance, a cash lump sum paid to the employee, and a vendor charge (a company's invoice charged
 * to the move). All four become an `adhocCashSpend` approval item; a recurring one carries a schedule.
 */
export const ADHOC_TYPES = ["CashAllowance", "CashAllowanceRecurring", "CashLumpSum", "VendorCharge"] as const;
export type AdhocType = (typeof ADHOC_TYPES)[number];
export const ADHOC_TYPE_LABELS: Record<AdhocType, string> = {
  CashAllowance: "Cash allowance",
  CashAllowanceRecurring: "Cash allowance (recurring)",
  CashLumpSum: "Cash lump sum",
  VendorCharge: "Vendor charge",
};

/** Meridian's texts for refusals the spec implies but never words. */
export const adhocMessages = {
  moveNotFound: "This move does not exist in the group.",
  groupNotFound: "This group does not exist.",
  companyNotFound: "Please select a company from the list",
  scheduleRequired: "Please build the payment schedule",
  scheduleOnlyRecurring: "Only a recurring cash allowance has a payment schedule",
  chargeNotFound: "This ad-hoc charge does not exist.",
  serviceRequired: "Please select a service of the move",
  grossPositive: "The gross amount must be greater than zero",
  expenseNotFound: "This expense does not exist.",
  expenseProcessing: "Unable to delete expense as it is being processed by the finance team.",
  expenseChanged: "This expense was changed by someone else. Reload and try again.",
  dateRequired: FM.dateRequired,
} as const;

const ZText255 = z.string().max(ADHOC_TEXT_MAX, FM.adhocMax255);
const ZCurrency = z.string().trim().toUpperCase().length(3, FM.currencyRequired);
// A calendar date in the finance range (financeDay: "2026-02-30" and "9999-12-31" are refused).
const ZIsoDate = z.string().trim().regex(/^\d{4}-\d{2}-\d{2}$/, FM.dateRequired).refine((v) => financeDay(v) === v, FM.dateInvalid);
const ZIdempotencyKey = z.string().max(200).optional();
const ZGroupName = z.string().trim().min(1).max(64);

// ── lookups ──────────────────────────────────────────────────────────────────────────────────

export const ZAdhocMovesRequest = z.object({ group: ZGroupName, search: z.string().trim().max(100).optional() });
export const ZAdhocMove = z.object({
  moveId: z.number().int(),
  employeeId: z.number().int(),
  employeeName: z.string(),
  email: z.string(),
  status: z.string(),
  destination: z.string().nullable(),
});
export const ZAdhocMovesResponse = z.object({ moves: z.array(ZAdhocMove) });
export type TAdhocMove = z.infer<typeof ZAdhocMove>;

export const ZMoveOptionsRequest = z.object({ group: ZGroupName, moveId: ZId });
export const ZMoveOptionsResponse = z.object({
  services: z.array(z.object({ moveStage: z.number().int(), serviceKey: z.string(), title: z.string(), budgetGroup: z.number().int() })),
  budgetGroups: z.array(z.object({ moveStage: z.number().int(), budgetGroupId: z.number().int() })),
  cashOutCategory: z.object({ id: z.number().int(), description: z.string() }).nullable(),
  spendCategories: z.array(z.object({ id: z.number().int(), description: z.string() })),
});
export type TMoveOptions = z.infer<typeof ZMoveOptionsResponse>;

export const ZCompaniesRequest = z.object({ category: z.string().trim().max(100).optional() });
export const ZCompaniesResponse = z.object({ companies: z.array(z.object({ id: z.number().int(), companyName: z.string(), category: z.string() })) });

// ── ad-hoc charges ───────────────────────────────────────────────────────────────────────────

export const ZRecurringPaymentInput = z.object({ paymentAmount: ZMoneyText, paymentDueDate: z.string().trim().max(10) });
export const ZRecurringInput = z.object({
  unit: z.enum(RECURRENCE_UNITS),
  count: zInt({ min: 1, max: MAX_INSTALMENTS, message: FM.recurringCount }),
  firstDueDate: z.string().trim().max(10),
  payments: z.array(ZRecurringPaymentInput).max(MAX_INSTALMENTS),
});
export type TRecurringInput = z.infer<typeof ZRecurringInput>;

export const ZCreateChargeRequest = z.object({
  group: ZGroupName,
  moveId: ZId,
  adhocType: z.enum(ADHOC_TYPES),
  companyId: ZId.nullable().optional(),
  currency: ZCurrency,
  amount: ZMoneyText,
  /** YYYY-MM-DD; today when absent. A date on or before a lock date is refused. */
  chargeDate: ZIsoDate.optional(),
  moveStage: zInt({ min: 1, max: 3 }).nullable().optional(),
  serviceKey: z.string().trim().max(100).nullable().optional(),
  budgetGroupId: zInt({ min: 1, max: 99 }).nullable().optional(),
  spendCategoryId: ZId.nullable().optional(),
  internalRef: ZText255.optional(),
  externalRef: ZText255.optional(),
  notes: ZText255.optional(),
  recurring: ZRecurringInput.nullable().optional(),
  idempotencyKey: ZIdempotencyKey,
});
export type TCreateChargeRequest = z.infer<typeof ZCreateChargeRequest>;

export const ZRecurringPayment = z.object({ seq: z.number().int(), paymentAmount: z.string(), paymentDueDate: z.string(), billId: z.number().int().nullable() });

export const ZAdhocItem = z.object({
  id: z.number().int(),
  kind: z.enum(["adhocCashSpend", "externalSpend"]),
  groupName: z.string(),
  groupDisplayName: z.string(),
  moveId: z.number().int().nullable(),
  employeeId: z.number().int().nullable(),
  employeeName: z.string(),
  adhocType: z.string().nullable(),
  companyId: z.number().int().nullable(),
  companyName: z.string().nullable(),
  vendorName: z.string().nullable(),
  description: z.string(),
  currency: z.string(),
  gross: z.string(),
  net: z.string(),
  tax: z.string(),
  date: z.string().nullable(),
  moveStage: z.number().int().nullable(),
  serviceKey: z.string().nullable(),
  budgetGroupId: z.number().int().nullable(),
  spendCategoryId: z.number().int().nullable(),
  internalRef: z.string(),
  externalRef: z.string(),
  notes: z.string(),
  status: z.string(),
  createdAt: z.string(),
  payments: z.array(ZRecurringPayment),
});
export type TAdhocItem = z.infer<typeof ZAdhocItem>;
export const ZAdhocItemResponse = z.object({ item: ZAdhocItem });

export const ZAdhocItemRequest = z.object({ itemId: ZId });
export const ZAdhocListRequest = z.object({
  group: ZGroupName.optional(),
  kind: z.enum(["adhocCashSpend", "externalSpend"]).optional(),
  moveId: ZId.optional(),
  limit: zInt({ min: 1, max: 100 }).optional(),
});
export const ZAdhocListResponse = z.object({ items: z.array(ZAdhocItem) });

// ── external spends ──────────────────────────────────────────────────────────────────────────

export const ZCreateExternalSpendRequest = z.object({
  group: ZGroupName,
  moveId: ZId,
  moveStage: zInt({ min: 1, max: 3 }),
  serviceKey: z.string().trim().min(1, adhocMessages.serviceRequired).max(100),
  vendorName: ZText255.optional(),
  description: ZText255.optional(),
  currency: ZCurrency,
  gross: ZMoneyText,
  net: ZMoneyText.optional(),
  tax: ZMoneyText.optional(),
  /** YYYY-MM-DD, when it was paid; a date on or before a lock date is refused. */
  spendDate: ZIsoDate,
  externalRef: ZText255.optional(),
  notes: ZText255.optional(),
  idempotencyKey: ZIdempotencyKey,
});
export type TCreateExternalSpendRequest = z.infer<typeof ZCreateExternalSpendRequest>;

// ── employee expenses management ─────────────────────────────────────────────────────────────

export const EXPENSES_PAGE_SIZE = 25;
export const ZExpensesRequest = z.object({
  group: ZGroupName.optional(),
  status: z.enum(EXPENSE_STATUSES).optional(),
  search: z.string().trim().max(100).optional(),
  page: zInt({ min: 1, max: 100_000 }).optional(),
  pageSize: zInt({ min: 1, max: 100 }).optional(),
});
export const ZManagedExpense = z.object({
  id: z.number().int(),
  groupName: z.string(),
  groupDisplayName: z.string(),
  moveId: z.number().int(),
  employeeId: z.number().int(),
  employeeName: z.string(),
  email: z.string(),
  category: z.enum(EXPENSE_CATEGORIES),
  categoryOther: z.string().nullable(),
  description: z.string(),
  expenseDate: z.string(),
  currency: z.string(),
  net: z.string(),
  tax: z.string(),
  gross: z.string(),
  status: z.enum(EXPENSE_STATUSES),
  /** The state derived from the expense and its bill(s) (src/domain/employee/expenses/lifecycle.ts), as the employee sees it. */
  lifecycle: ZLifecycle,
  holdReason: z.string().nullable(),
  receiptHash: z.string().nullable(),
  receiptName: z.string().nullable(),
  internalNotes: z.string(),
  deletable: z.boolean(),
  version: z.number().int(),
  createdAt: z.string(),
});
export type TManagedExpense = z.infer<typeof ZManagedExpense>;
export const ZExpensesResponse = z.object({
  expenses: z.array(ZManagedExpense),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
  /** Gross totals of the page per currency (major units). */
  totals: z.array(z.object({ currency: z.string(), gross: z.string() })),
});

export const ZExpenseNoteRequest = z.object({
  expenseId: ZId,
  internalNote: z.string().max(INTERNAL_NOTES_MAX, FM.internalNotesTooLong),
  /** The version the caller read: a note over someone else's newer change is refused. */
  version: ZId.optional(),
  idempotencyKey: ZIdempotencyKey,
});
export const ZExpenseDeleteRequest = z.object({ expenseId: ZId, idempotencyKey: ZIdempotencyKey });
export const ZExpenseResponse = z.object({ expense: ZManagedExpense });
export const ZSuccessResponse = z.object({ success: z.literal(true) });
