/**
 * Budgets (issue 14; part 1 §3, §4, §5, §7): HR's editBudget load and save (group-scoped), the
 * budgets of a move, the remaining budget per service, the hard-limit check and the booking estimate.
 * Each procedure calls the same service function as its documented path (src/routers/employee/legacy/budgets.ts).
 */
import {
  ZBookingEstimateRequest,
  ZBookingEstimateResponse,
  ZCheckHardLimitRequest,
  ZCheckHardLimitResponse,
  ZEditBudgetLoadRequest,
  ZEditBudgetResponse,
  ZEditBudgetSaveRequest,
  ZMoveBudgetsRequest,
  ZMoveBudgetsResponse,
  ZRemainingRequest,
  ZRemainingResponse,
} from "../../domain/employee/budgets/schemas.ts";
import { loadEditBudget, moveBudgets, saveEditBudget } from "../../services/employee/budgets/budgets.ts";
import { bookingEstimate, checkHardLimit, remainingBudgets } from "../../services/employee/expenses/expenses.ts";
import { groupProcedure, roleProcedure, router, sync } from "../../trpc.ts";

const moveReaders = roleProcedure("EMPLOYEE", "HR", "ADMIN");
const budgetEditors = groupProcedure("HR", "ADMIN");

export const budgetsRouter = router({
  /** The budgets of the caller's move (employees: those budgetSeenByEmployee) or of `moveId` (HR of its group, admins). */
  forMove: moveReaders
    .input(sync(ZMoveBudgetsRequest))
    .output(sync(ZMoveBudgetsResponse))
    .query(({ ctx, input }) => moveBudgets(ctx.db, ctx.user, input.moveId)),
  /** GET /{group}/employeefile/summaryView/editBudget. */
  editBudgetLoad: budgetEditors
    .input(sync(ZEditBudgetLoadRequest))
    .output(sync(ZEditBudgetResponse))
    .query(({ ctx, input }) => loadEditBudget(ctx.db, ctx.user, ctx.group, input)),
  /** POST /{group}/employeefile/summaryView/editBudget?userId. */
  editBudgetSave: budgetEditors
    .input(sync(ZEditBudgetSaveRequest))
    .output(sync(ZEditBudgetResponse))
    .mutation(({ ctx, input }) => saveEditBudget(ctx.db, { user: ctx.user, ip: ctx.ip }, ctx.group, input)),
  /** POST /budget/spend/remaining (reads only: a query). */
  remaining: moveReaders
    .input(sync(ZRemainingRequest))
    .output(sync(ZRemainingResponse))
    .query(({ ctx, input }) => remainingBudgets(ctx.db, ctx.user, input)),
  /** POST /json/checkHardLimit. */
  checkHardLimit: moveReaders
    .input(sync(ZCheckHardLimitRequest))
    .output(sync(ZCheckHardLimitResponse))
    .query(({ ctx, input }) => checkHardLimit(ctx.db, ctx.user, input)),
  /** GET /{service}/booking-estimate. */
  bookingEstimate: moveReaders
    .input(sync(ZBookingEstimateRequest))
    .output(sync(ZBookingEstimateResponse))
    .query(({ ctx, input }) => bookingEstimate(ctx.db, ctx.user, input)),
});
