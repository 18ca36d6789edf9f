/**
 * Budget and expense paths (issue 14; part 1 §7; part 2 §7): each handler parses with the tRPC
 * procedure's schema, calls the same service function and shapes the documented answer.
 * - GET /{group}/employeefile/summaryView/editBudget?employeeId&budgetGroupId&moveStageId → success, response[]
 * - POST /{group}/employeefile/summaryView/editBudget?userId (employeeId, budgetGroupId, moveStageId,
 *   currency, amount; confirmOutsideRange, budgetSeenByEmployee) → success, response[] (needsConfirmation, message)
 * - POST /budget/spend/remaining (searches[]) → results[]
 * - POST /json/checkHardLimit → success, data (companyName, remainingBudget, costOfService, amountOver)
 * - GET /{service}/booking-estimate → success, xlateMsg, currencySign, currencyCode, companyName,
 *   moveStageName, costAmount, originalRemaining, overBudgetAmount, remainingBudget
 * - POST /expenses/add and /expenses/delete (the spec's expense form posts name no path): success,
 *   errors, id, fileName, fileHash.
 * Failures answer the call's failure shape with the §8 text and the error table's status.
 */
import type { Context, Hono } from "hono";
import { budgetMessages } from "../../../domain/employee/budgets/messages.ts";
import {
  ZBookingEstimateRequest,
  ZCheckHardLimitRequest,
  ZEditBudgetLoadRequest,
  ZEditBudgetSaveRequest,
  ZRemainingRequest,
} from "../../../domain/employee/budgets/schemas.ts";
import { publicError } from "../../../domain/errors.ts";
import { expenseMessages } from "../../../domain/employee/expenses/messages.ts";
import { ZDeleteExpenseRequest, ZSubmitExpenseRequest } from "../../../domain/employee/expenses/schemas.ts";
import { decodeComponent } from "../../../domain/text.ts";
import { failureText, legacyRoute, legacyUser, parseFields, readFields } from "../../../server/http.ts";
import type { AppDeps, AppEnv } from "../../../server/types.ts";
import { BUDGET_PAGE_ROLES, BUDGET_ROLES, budgetGroupForCaller } from "../../../services/employee/budgets/access.ts";
import { loadEditBudget, saveEditBudget } from "../../../services/employee/budgets/budgets.ts";
import { bookingEstimate, checkHardLimit, deleteExpense, REMAINING_BUDGET_ROLES, remainingBudgets, submitExpense } from "../../../services/employee/expenses/expenses.ts";
import { clientIp } from "../../../server/http.ts";

type C = Context<AppEnv>;

const groupParam = (c: C) => decodeComponent(c.req.param("group") ?? "") ?? "";
const fieldErrors = (error: unknown) => {
  const e = publicError(error);
  return e.fields ?? {};
};

export function mountLegacyBudgets(app: Hono<AppEnv>, deps: AppDeps) {
  const { db } = deps;
  const editPath = "/:group/employeefile/summaryView/editBudget";

  legacyRoute(app, "GET", editPath, async (c) => {
    const user = legacyUser(c);
    const input = parseFields(ZEditBudgetLoadRequest, { ...c.req.query(), group: groupParam(c) });
    const group = await budgetGroupForCaller(db, user, input.group);
    return loadEditBudget(db, user, group, input);
  }, (error) => ({ success: false, response: [], message: failureText(error, budgetMessages.loadFailure) }), BUDGET_PAGE_ROLES);

  legacyRoute(app, "POST", editPath, async (c) => {
    const user = legacyUser(c);
    const input = parseFields(ZEditBudgetSaveRequest, { ...(await readFields(c)), ...c.req.query(), group: groupParam(c) });
    const group = await budgetGroupForCaller(db, user, input.group);
    return saveEditBudget(db, { user, ip: clientIp(c) }, group, input);
  }, (error) => ({ success: false, response: [], message: failureText(error, budgetMessages.saveFailure), errors: fieldErrors(error) }), BUDGET_PAGE_ROLES);

  legacyRoute(app, "POST", "/budget/spend/remaining", async (c) => {
    const user = legacyUser(c);
    return remainingBudgets(db, user, parseFields(ZRemainingRequest, await readFields(c)));
  }, (error) => ({ results: [], message: failureText(error, budgetMessages.fetchFailure) }), REMAINING_BUDGET_ROLES);

  legacyRoute(app, "POST", "/json/checkHardLimit", async (c) => {
    const user = legacyUser(c);
    return checkHardLimit(db, user, parseFields(ZCheckHardLimitRequest, await readFields(c)));
  }, (error) => ({ success: false, data: null, message: failureText(error, budgetMessages.hardLimitFailure) }), BUDGET_ROLES);

  legacyRoute(app, "GET", "/:service/booking-estimate", async (c) => {
    const user = legacyUser(c);
    const input = parseFields(ZBookingEstimateRequest, { ...c.req.query(), service: decodeComponent(c.req.param("service") ?? "") ?? "" });
    return bookingEstimate(db, user, input);
  }, (error) => ({ success: false, xlateMsg: failureText(error, budgetMessages.hardLimitFailure) }), BUDGET_ROLES);

  legacyRoute(app, "POST", "/expenses/add", async (c) => {
    const user = legacyUser(c);
    const input = parseFields(ZSubmitExpenseRequest, await readFields(c));
    const { id, expense } = await submitExpense(db, { user, ip: clientIp(c), expenseDateWindowDays: deps.config.expenseDateWindowDays }, input);
    return { success: true, errors: {}, id, fileName: expense.receiptName, fileHash: expense.receiptHash };
  }, (error) => ({ success: false, errors: fieldErrors(error), message: failureText(error, expenseMessages.genericError), id: null, fileName: null, fileHash: null }));

  legacyRoute(app, "POST", "/expenses/delete", async (c) => {
    const user = legacyUser(c);
    const input = parseFields(ZDeleteExpenseRequest, await readFields(c));
    return { ...(await deleteExpense(db, { user, ip: clientIp(c) }, input.expenseId)), errors: {} };
  }, (error) => ({ success: false, errors: { expense: failureText(error, expenseMessages.deleteFailure) }, message: failureText(error, expenseMessages.deleteFailure) }));
}
