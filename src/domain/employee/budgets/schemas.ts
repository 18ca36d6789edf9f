/**
 * Budget schemas (part 1 §3 "Budget (view)", "Budget edit", "Expense budget search"; §7 editBudget,
 * budget/spend/remaining, checkHardLimit; part 2 §7 booking-estimate). Amounts travel as decimal
 * text in major units of their currency ("4000.00"); stored as integer minor units.
 */
import { z } from "zod";
import { ZId } from "../../numbers.ts";
import { ZBudgetGroupNumber, ZMoveStage, ZServiceKey, ZSwitch } from "../../policy/schemas.ts";
import { BUDGET_TYPES } from "./range.ts";
import { ZMoneyText } from "../../money/schemas.ts";

const ZCurrencyCode = z.string().trim().toUpperCase().regex(/^[A-Z]{3}$/, "Please select a currency.");
const ZAmountText = ZMoneyText;

/**
 * The figures of one budget (issue 24 §2; src/domain/employee/budgets/figures.ts) in minor units of its
 * currency: what every screen shows under the labels Budget, Committed, Spent and Remaining.
 */
export const ZBudgetFigures = z.object({
  currency: z.string(),
  budget: z.number().int(),
  submitted: z.number().int(),
  approved: z.number().int(),
  committed: z.number().int(),
  spent: z.number().int(),
  remaining: z.number().int(),
});
export type TBudgetFigures = z.infer<typeof ZBudgetFigures>;

/** One budget of an employee (the editBudget load's row; also the employee's and the HR panel's). */
export const ZEmployeeBudget = z.object({
  employeeId: z.number().int(),
  moveId: z.number().int(),
  budgetGroupId: z.number().int(),
  /** The group's name for people: its services' titles (src/domain/employee/budgets/group-name.ts), never "Budget group 1". */
  budgetGroupName: z.string(),
  moveStageId: z.number().int(),
  moveStageName: z.string(),
  currency: z.string(),
  amount: z.string(),
  minAmount: z.string().nullable(),
  maxAmount: z.string().nullable(),
  /** H hard, S soft. */
  budgetType: z.enum(BUDGET_TYPES),
  /** The budget group's outside-range option: with type S, an amount outside the range is a warning to confirm instead of an error. */
  allowOutsideRange: z.boolean(),
  budgetAuthType: z.string(),
  currencyEditable: z.boolean(),
  budgetSeenByEmployee: z.boolean(),
  source: z.enum(["POLICY", "OVERRIDE", "HR"]),
  services: z.array(z.string()),
  /** Submitted and approved, not yet paid (issue 24 §2). */
  committedAmount: z.string(),
  /** Paid. */
  spentAmount: z.string(),
  /** amount − committed − spent. */
  remainingAmount: z.string(),
  /** What the budget has used (committed + spent), whole percent of the amount. */
  progressPercentage: z.number().int(),
  currencyCodes: z.array(z.string()),
  figures: ZBudgetFigures,
});
export type TEmployeeBudget = z.infer<typeof ZEmployeeBudget>;

export const ZEditBudgetLoadRequest = z.object({
  group: z.string().trim().min(1).max(64),
  employeeId: ZId,
  budgetGroupId: ZBudgetGroupNumber,
  moveStageId: ZMoveStage,
});
export type TEditBudgetLoadRequest = z.infer<typeof ZEditBudgetLoadRequest>;

export const ZEditBudgetSaveRequest = z.object({
  group: z.string().trim().min(1).max(64),
  /** The query's userId (the legacy path); the same as employeeId when given. */
  userId: ZId.optional(),
  employeeId: ZId,
  budgetGroupId: ZBudgetGroupNumber,
  moveStageId: ZMoveStage,
  currency: ZCurrencyCode,
  amount: ZAmountText,
  /** The editor's answer to the soft-budget warning (confirm mode). */
  confirmOutsideRange: ZSwitch.optional(),
  budgetSeenByEmployee: ZSwitch.optional(),
});
export type TEditBudgetSaveRequest = z.infer<typeof ZEditBudgetSaveRequest>;

export const ZEditBudgetResponse = z.object({
  success: z.boolean(),
  response: z.array(ZEmployeeBudget),
  /** Set when a soft budget out of range waits for confirmation (success false, nothing saved). */
  needsConfirmation: z.boolean().optional(),
  message: z.string().nullable().optional(),
});
export type TEditBudgetResponse = z.infer<typeof ZEditBudgetResponse>;

export const ZMoveBudgetsRequest = z.object({ moveId: ZId.optional() });
export const ZMoveBudgetsResponse = z.object({
  moveId: z.number().int().nullable(),
  employeeId: z.number().int().nullable(),
  budgets: z.array(ZEmployeeBudget),
});
export type TMoveBudgetsResponse = z.infer<typeof ZMoveBudgetsResponse>;

/** part 1 §3 "Expense budget search": id, userId, serviceName, currency, moveStageId, moveId. */
export const ZBudgetSearch = z.object({
  id: z.union([z.string().max(64), z.number()]).transform(String).optional(),
  userId: ZId.optional(),
  serviceName: ZServiceKey,
  currency: ZCurrencyCode.optional(),
  moveStageId: ZMoveStage.optional().nullable(),
  moveId: ZId.optional(),
});
export const ZRemainingRequest = z.object({ searches: z.array(ZBudgetSearch).max(200) });
export type TRemainingRequest = z.infer<typeof ZRemainingRequest>;
export const ZBudgetSearchResult = z.object({
  id: z.string().nullable(),
  serviceName: z.string(),
  moveStageId: z.number().int().nullable(),
  budgetGroupId: z.number().int().nullable(),
  outOfBudget: z.boolean(),
  /** No move stage named: the page shows "Set move stage". */
  noMoveStage: z.boolean(),
  amount: z.object({ currencyUnit: z.object({ code: z.string() }), amount: z.string() }).nullable(),
  remainingBudgetDto: z
    .object({ submitted: z.string(), approvedByAdvocate: z.string(), approvedByFinance: z.string(), budget: z.string() })
    .nullable(),
  /** What the page shows: the remaining amount with 2 decimals, "N/A" or "Set move stage". */
  display: z.string(),
});
export type TBudgetSearchResult = z.infer<typeof ZBudgetSearchResult>;
export const ZRemainingResponse = z.object({ results: z.array(ZBudgetSearchResult) });
export type TRemainingResponse = z.infer<typeof ZRemainingResponse>;

/**
 * POST /json/checkHardLimit: enquiryId (the move), productId (the service key), apartmentType (a label
 * echoed back; Meridian has no apartment catalogue), plus the cost asked about: moveStageId, amount,
 * currency.
 */
export const ZCheckHardLimitRequest = z.object({
  enquiryId: ZId.optional(),
  productId: ZServiceKey,
  apartmentType: z.string().trim().max(64).optional(),
  moveStageId: ZMoveStage,
  amount: ZAmountText,
  currency: ZCurrencyCode,
});
export type TCheckHardLimitRequest = z.infer<typeof ZCheckHardLimitRequest>;
export const ZCheckHardLimitResponse = z.object({
  success: z.boolean(),
  data: z
    .object({
      companyName: z.string(),
      remainingBudget: z.string(),
      costOfService: z.string(),
      amountOver: z.string(),
      currencyCode: z.string(),
      hardLimit: z.boolean(),
      outOfBudget: z.boolean(),
    })
    .nullable(),
  message: z.string().nullable().optional(),
});
export type TCheckHardLimitResponse = z.infer<typeof ZCheckHardLimitResponse>;

/**
 * GET /{service}/booking-estimate: enquiryId (the move), quoteId, serviceParam (the move stage), currency,
 * amount. With quoteId (a supplier quote of the move, src/domain/employee/quotes/quotes.ts) the quote's service,
 * stage, amount, currency and company are used and amount may be left out; without it amount is required.
 */
export const ZBookingEstimateRequest = z.object({
  service: ZServiceKey,
  enquiryId: ZId.optional(),
  quoteId: z.preprocess((v) => (typeof v === "string" && v.trim() === "" ? undefined : v), ZId.optional()),
  serviceParam: ZMoveStage,
  currency: ZCurrencyCode,
  amount: ZAmountText.optional(),
});
export type TBookingEstimateRequest = z.infer<typeof ZBookingEstimateRequest>;
export const ZBookingEstimateResponse = z.object({
  success: z.boolean(),
  xlateMsg: z.string().nullable(),
  currencySign: z.string(),
  currencyCode: z.string(),
  companyName: z.string(),
  moveStageName: z.string(),
  costAmount: z.string(),
  originalRemaining: z.string(),
  overBudgetAmount: z.string(),
  remainingBudget: z.string(),
  /** The service's budget figures before the booking (issue 24 §2; null without a budget): what the booking dialog shows. */
  figures: ZBudgetFigures.nullable().optional(),
});
export type TBookingEstimateResponse = z.infer<typeof ZBookingEstimateResponse>;
