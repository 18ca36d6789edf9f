import {
  ZAddQuoteRequest,
  ZBookQuoteRequest,
  ZBookQuoteResponse,
  ZQuote,
  ZQuotesListRequest,
  ZQuotesListResponse,
} from "../../domain/employee/quotes/quotes.ts";
import { addQuote, bookQuote, listQuotes } from "../../services/employee/quotes/quotes.ts";
import { groupProcedure, roleProcedure, router, sync } from "../../trpc.ts";

/**
 * Supplier quotes and the comparison page (issue 14; part 2 §2 comparison page). The booking estimate
 * with a quoteId is budgets.bookingEstimate (GET /{service}/booking-estimate).
 */
export const quotesRouter = router({
  /** The quotes of the employee's own move (or, for HR of its group and admins, of `moveId`), filtered by scope. */
  list: roleProcedure("EMPLOYEE", "HR", "ADMIN")
    .input(sync(ZQuotesListRequest))
    .output(sync(ZQuotesListResponse))
    .query(({ ctx, input }) => listQuotes(ctx.db, ctx.user, input)),
  /** HR of the move's group (or an admin) enters a supplier's quote. */
  add: groupProcedure("HR", "ADMIN")
    .input(sync(ZAddQuoteRequest))
    .output(sync(ZQuote))
    .mutation(({ ctx, input }) => addQuote(ctx.db, { user: ctx.user, ip: ctx.ip }, ctx.group, input)),
  /** The employee books a quote of their own move (once; the others of that service and stage are declined). */
  book: roleProcedure("EMPLOYEE")
    .input(sync(ZBookQuoteRequest))
    .output(sync(ZBookQuoteResponse))
    .mutation(({ ctx, input }) => bookQuote(ctx.db, { user: ctx.user, ip: ctx.ip }, input)),
});
