/**
 * Finance: ad-hoc charges (with recurring schedules), external spends and employee expenses management
 * (issue 16; spec part 2 §2, §3 Recurring payment, §5 Ad-hoc and Recurring, §9). tRPC only: the spec
 * documents no path for these (its GET /crm/adhocCharge/getCompaniesByType is the accounts part's).
 * Who may do what lives in the services (src/services/finance/adhoc.ts, external-spend.ts, expenses-admin.ts).
 */
import {
  ZAdhocItemRequest,
  ZAdhocItemResponse,
  ZAdhocListRequest,
  ZAdhocListResponse,
  ZAdhocMovesRequest,
  ZAdhocMovesResponse,
  ZCompaniesRequest,
  ZCompaniesResponse,
  ZCreateChargeRequest,
  ZCreateExternalSpendRequest,
  ZExpenseDeleteRequest,
  ZExpenseNoteRequest,
  ZExpenseResponse,
  ZExpensesRequest,
  ZExpensesResponse,
  ZMoveOptionsRequest,
  ZMoveOptionsResponse,
  ZSuccessResponse,
} from "../../domain/finance/schemas-adhoc.ts";
import { createCharge, getAdhocItem, listAdhocItems, listChargeableMoves, listCompanies, moveOptions } from "../../services/finance/adhoc.ts";
import { deleteManagedExpense, listManagedExpenses, setManagedExpenseNote } from "../../services/finance/expenses-admin.ts";
import { createExternalSpend, EXTERNAL_SPEND_ROLES } from "../../services/finance/external-spend.ts";
import { roleProcedure, router, sync } from "../../trpc.ts";

const staff = roleProcedure("CRM", "FINANCE", "ADMIN");
/** Charges are staff's; external spends also HR's and managers' (the services check group, switch and move). */
const chargeReaders = roleProcedure("CRM", "FINANCE", "ADMIN", "HR", "MANAGER");
const finance = roleProcedure("FINANCE", "ADMIN");

export const financeAdhocRouter = router({
  /** The group's moves a charge or external spend can name (search by employee name or e-mail). */
  moves: chargeReaders
    .input(sync(ZAdhocMovesRequest))
    .output(sync(ZAdhocMovesResponse))
    .query(({ ctx, input }) => listChargeableMoves(ctx.db, ctx.user, input)),

  /** A move's services, budget groups and the spend categories (580 = budget cash-out). */
  moveOptions: chargeReaders
    .input(sync(ZMoveOptionsRequest))
    .output(sync(ZMoveOptionsResponse))
    .query(({ ctx, input }) => moveOptions(ctx.db, ctx.user, input)),

  /** Finance companies (by category) a charge can name; the documented lookup is GET /crm/adhocCharge/getCompaniesByType. */
  companies: staff
    .input(sync(ZCompaniesRequest))
    .output(sync(ZCompaniesResponse))
    .query(({ ctx, input }) => listCompanies(ctx.db, ctx.user, input)),

  /** Creates an ad-hoc charge (SUBMITTED adhocCashSpend item; CashAllowanceRecurring with its schedule). */
  createCharge: staff
    .input(sync(ZCreateChargeRequest))
    .output(sync(ZAdhocItemResponse))
    .mutation(({ ctx, input }) => createCharge(ctx.db, { user: ctx.user, ip: ctx.ip }, input)),

  /** Records an external spend (APPROVED externalSpend item against a move's service). */
  createExternalSpend: roleProcedure(...EXTERNAL_SPEND_ROLES)
    .input(sync(ZCreateExternalSpendRequest))
    .output(sync(ZAdhocItemResponse))
    .mutation(({ ctx, input }) => createExternalSpend(ctx.db, { user: ctx.user, ip: ctx.ip }, input)),

  /** One charge or external spend with its schedule. */
  item: chargeReaders
    .input(sync(ZAdhocItemRequest))
    .output(sync(ZAdhocItemResponse))
    .query(({ ctx, input }) => getAdhocItem(ctx.db, ctx.user, input.itemId)),

  /** The newest charges and external spends the caller may read. */
  list: chargeReaders
    .input(sync(ZAdhocListRequest))
    .output(sync(ZAdhocListResponse))
    .query(({ ctx, input }) => listAdhocItems(ctx.db, ctx.user, input)),

  /** Employee expenses management: every group's expenses (status filter, search, pages, totals per currency). */
  expenses: finance
    .input(sync(ZExpensesRequest))
    .output(sync(ZExpensesResponse))
    .query(({ ctx, input }) => listManagedExpenses(ctx.db, ctx.user, input)),

  /** An expense's internal note (≤ 255), as POST billapproval/expense/note. */
  expenseNote: finance
    .input(sync(ZExpenseNoteRequest))
    .output(sync(ZExpenseResponse))
    .mutation(({ ctx, input }) => setManagedExpenseNote(ctx.db, { user: ctx.user, ip: ctx.ip }, input)),

  /** Deletes an expense finance has not started on. */
  deleteExpense: finance
    .input(sync(ZExpenseDeleteRequest))
    .output(sync(ZSuccessResponse))
    .mutation(({ ctx, input }) => deleteManagedExpense(ctx.db, { user: ctx.user, ip: ctx.ip }, input)),
});
