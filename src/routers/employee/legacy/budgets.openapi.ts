import {
  ZBookingEstimateRequest,
  ZBookingEstimateResponse,
  ZCheckHardLimitRequest,
  ZCheckHardLimitResponse,
  ZEditBudgetLoadRequest,
  ZEditBudgetResponse,
  ZEditBudgetSaveRequest,
  ZRemainingRequest,
  ZRemainingResponse,
} from "../../../domain/employee/budgets/schemas.ts";
import { ZDeleteExpenseRequest, ZDeleteExpenseResponse, ZSubmitExpenseRequest } from "../../../domain/employee/expenses/schemas.ts";
import { z } from "zod";
import type { Operation } from "../../../server/openapi-types.ts";

const spec = "part 1 §7 budgets and expenses";

/** OpenAPI descriptions of the legacy paths in ./budgets.ts (served in /api/openapi.json). */
export const budgetOperations: Operation[] = [
  { method: "get", path: "/{group}/employeefile/summaryView/editBudget", summary: "An employee's budget for a budget group and move stage (HR of the group, ADMIN): amount, range, budgetType (S soft), currencyEditable, budgetSeenByEmployee, spentAmount, progressPercentage", spec, request: ZEditBudgetLoadRequest, requestType: "query", response: ZEditBudgetResponse, auth: "session" },
  { method: "post", path: "/{group}/employeefile/summaryView/editBudget", summary: "Save an employee's budget (?userId; employeeId, budgetGroupId, moveStageId, currency, amount; confirmOutsideRange answers the soft-budget warning; budgetSeenByEmployee)", spec, request: ZEditBudgetSaveRequest, requestType: "form", response: ZEditBudgetResponse, auth: "session" },
  { method: "post", path: "/budget/spend/remaining", summary: "Remaining budget per service and move stage (searches[] of id, userId, serviceName, currency, moveStageId, moveId): outOfBudget, amount (2 decimals), remainingBudgetDto", spec, request: ZRemainingRequest, requestType: "form", response: ZRemainingResponse, auth: "session" },
  { method: "post", path: "/json/checkHardLimit", summary: "A cost against the service's remaining budget (enquiryId = move, productId = service, moveStageId, amount, currency): companyName, remainingBudget, costOfService, amountOver", spec, request: ZCheckHardLimitRequest, requestType: "form", response: ZCheckHardLimitResponse, auth: "session" },
  { method: "get", path: "/{serviceName}/booking-estimate", summary: "A booking's cost against the service's remaining budget (enquiryId = move, quoteId, serviceParam = move stage, currency, amount)", spec: "part 2 §7", request: ZBookingEstimateRequest, requestType: "query", response: ZBookingEstimateResponse, auth: "session" },
  { method: "post", path: "/expenses/add", summary: "Submit an expense of the caller's move (serviceName, moveStageId, category, categoryOther, expenseDate, currency, gross, net, tax, receiptFileId from the files API upload, requestId): success, errors, id, fileName, fileHash (Meridian's path: the spec names the form post only)", spec: "part 2 §7 Expenses", request: ZSubmitExpenseRequest, requestType: "form", response: z.object({ success: z.boolean(), errors: z.record(z.string(), z.string()), id: z.number().int().nullable(), fileName: z.string().nullable(), fileHash: z.string().nullable() }), auth: "session" },
  { method: "post", path: "/expenses/delete", summary: "Delete an expense finance has not started on (expenseId); otherwise \"Unable to delete expense as it is being processed by the finance team.\" (Meridian's path)", spec: "part 1 §6, §8", request: ZDeleteExpenseRequest, requestType: "form", response: ZDeleteExpenseResponse, auth: "session" },
];
