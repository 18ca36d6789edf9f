/** Expense schemas (part 1 §3 "My move expense status"; part 2 §3 Expense, Bill line). */
import { z } from "zod";
import { ZId } from "../../numbers.ts";
import { ZMoveStage, ZServiceKey } from "../../policy/schemas.ts";
import { EXPENSE_CATEGORIES, EXPENSE_STATUSES, isCalendarDate, latestToday } from "./rules.ts";
import { expenseMessages } from "./messages.ts";
import { ZMoneyText } from "../../money/schemas.ts";
import { ZLifecycle } from "./lifecycle.ts";

const ZOptionalMoneyText = ZMoneyText.nullable().optional();

export const ZExpense = z.object({
  id: z.number().int(),
  moveId: z.number().int(),
  employeeId: z.number().int(),
  serviceName: z.string(),
  serviceTitle: z.string(),
  moveStageId: z.number().int(),
  moveStageName: z.string(),
  budgetGroupId: z.number().int(),
  category: z.enum(EXPENSE_CATEGORIES),
  categoryOther: z.string().nullable(),
  description: z.string(),
  expenseDate: z.string(),
  currency: z.string(),
  net: z.string(),
  tax: z.string(),
  gross: z.string(),
  budgetCurrency: z.string().nullable(),
  budgetAmount: z.string().nullable(),
  exchangeRate: z.string().nullable(),
  receiptFileId: z.number().int().nullable(),
  receiptHash: z.string().nullable(),
  receiptName: z.string().nullable(),
  status: z.enum(EXPENSE_STATUSES),
  /** The state derived from the expense and its bill(s) (src/domain/employee/expenses/lifecycle.ts): what the screens show. */
  lifecycle: ZLifecycle,
  onHold: z.boolean(),
  deletable: z.boolean(),
  version: z.number().int(),
  createdAt: z.string(),
});
export type TExpense = z.infer<typeof ZExpense>;

export const ZExpenseListRequest = z.object({ moveId: ZId.optional() });
export const ZExpenseListResponse = z.object({
  moveId: z.number().int().nullable(),
  expenses: z.array(ZExpense),
  /** The services of the move's policy an expense may be submitted against, per move stage. */
  services: z.array(z.object({ serviceName: z.string(), title: z.string(), moveStageId: z.number().int(), budgetGroupId: z.number().int() })),
  moveStages: z.array(z.object({ id: z.number().int(), name: z.string() })),
  currentMoveStage: z.number().int().nullable(),
  /** The date bounds of a new expense (YYYY-MM-DD): the move's start minus EXPENSE_DATE_WINDOW_DAYS (null: none), and that window. */
  expenseDateBounds: z.object({ earliest: z.string().nullable(), windowDays: z.number().int() }).optional(),
});
export type TExpenseListResponse = z.infer<typeof ZExpenseListResponse>;

export const ZSubmitExpenseRequest = z.object({
  serviceName: ZServiceKey,
  moveStageId: ZMoveStage,
  category: z.enum(EXPENSE_CATEGORIES, { error: "Please choose a category." }),
  categoryOther: z.string().trim().max(255).optional().nullable(),
  description: z.string().trim().max(255, "You have exceeded the maximum notes length...").optional(),
  /** A real date, not after today (the latest today anywhere; the service also bounds it by the move's start). */
  expenseDate: z
    .string(expenseMessages.dateRequired)
    .trim()
    .refine(isCalendarDate, expenseMessages.dateRequired)
    .refine((d) => d <= latestToday(), expenseMessages.dateInFuture),
  currency: z.string().trim().toUpperCase().regex(/^[A-Z]{3}$/, "Please select the currency."),
  gross: ZMoneyText,
  net: ZOptionalMoneyText,
  tax: ZOptionalMoneyText,
  receiptFileId: ZId.optional().nullable(),
  /** A client-made id of this submission: a repeated request with it has one effect. */
  requestId: z.string().trim().regex(/^[A-Za-z0-9-]{8,64}$/, "Invalid request id.").optional(),
});
export type TSubmitExpenseRequest = z.infer<typeof ZSubmitExpenseRequest>;
export const ZSubmitExpenseResponse = z.object({ success: z.literal(true), id: z.number().int(), expense: ZExpense });

export const ZDeleteExpenseRequest = z.object({ expenseId: ZId });
export const ZDeleteExpenseResponse = z.object({ success: z.boolean(), errors: z.record(z.string(), z.string()).optional() });
