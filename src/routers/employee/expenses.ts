/**
 * Expenses (issue 14; part 1 §2 "My move", §3, §6, §8): the employee's list, submit and delete. Each
 * procedure calls the same service function as its documented path (src/routers/employee/legacy/budgets.ts).
 */
import {
  ZDeleteExpenseRequest,
  ZDeleteExpenseResponse,
  ZExpenseListRequest,
  ZExpenseListResponse,
  ZSubmitExpenseRequest,
  ZSubmitExpenseResponse,
} from "../../domain/employee/expenses/schemas.ts";
import { deleteExpense, listExpenses, submitExpense } from "../../services/employee/expenses/expenses.ts";
import { groupProcedure, roleProcedure, router, sync } from "../../trpc.ts";
import { ZMoveMoneyRequest, ZMoveMoneyResponse } from "../../domain/employee/expenses/money-schemas.ts";
import { moveMoney } from "../../services/employee/expenses/move-money.ts";

export const expensesRouter = router({
  /** The caller's expenses (employees) or a move's (`moveId`: HR of its group, admins), with the services they may be submitted against. */
  list: roleProcedure("EMPLOYEE", "HR", "ADMIN")
    .input(sync(ZExpenseListRequest))
    .output(sync(ZExpenseListResponse))
    .query(({ ctx, input }) => listExpenses(ctx.db, ctx.user, input.moveId, ctx.config.expenseDateWindowDays)),
  /** Submit an expense of the caller's own move (with a receipt file id, or without). */
  submit: roleProcedure("EMPLOYEE")
    .input(sync(ZSubmitExpenseRequest))
    .output(sync(ZSubmitExpenseResponse))
    .mutation(({ ctx, input }) => submitExpense(ctx.db, { user: ctx.user, ip: ctx.ip, expenseDateWindowDays: ctx.config.expenseDateWindowDays }, input)),
  /** Delete one while finance has not started on it. */
  delete: roleProcedure("EMPLOYEE")
    .input(sync(ZDeleteExpenseRequest))
    .output(sync(ZDeleteExpenseResponse))
    .mutation(({ ctx, input }) => deleteExpense(ctx.db, { user: ctx.user, ip: ctx.ip }, input.expenseId)),
  /** HR's Money panel on the move page: the move's expenses, bookings and bills with their derived states (HR, admins; managers within their restrictions). */
  moneyForMove: groupProcedure("HR", "ADMIN", "MANAGER")
    .input(sync(ZMoveMoneyRequest))
    .output(sync(ZMoveMoneyResponse))
    .query(({ ctx, input }) => moveMoney(ctx.db, ctx.user, ctx.group, input.moveId)),
});
