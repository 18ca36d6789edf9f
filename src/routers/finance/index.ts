/**
 * The finance area (issue 16; part 2 §§2–9 "Finance"): one sub-router per part, each calling the same
 * services as the documented paths under /accountmanagement/ (src/routers/finance/legacy/*.ts).
 * - accounts: accounts, ledger entries, manual adjustments, subgroups, companies, employee bank accounts, lock periods
 * - approval: Bill Approval (booking costs, expenses, lump sums, ad-hoc cash spends; budget checks, holds)
 * - bills: Bill Management (statuses, payments, multi-bill payment, send back, audit, payment files)
 * - adhoc: ad-hoc charges (with recurring schedules) and external spends
 * - insights: estimate against actual, employee expenses management
 */
import { router } from "../../trpc.ts";
import { financeAccountsRouter } from "./accounts.ts";
import { financeAdhocRouter } from "./adhoc.ts";
import { financeApprovalRouter } from "./approval.ts";
import { financeBillsRouter } from "./bills.ts";
import { financeInsightsRouter } from "./insights.ts";

export const financeRouter = router({
  accounts: financeAccountsRouter,
  approval: financeApprovalRouter,
  bills: financeBillsRouter,
  adhoc: financeAdhocRouter,
  insights: financeInsightsRouter,
});

/** The finance room's procedures, under the names AppRouter has always used (src/routers/_app.ts spreads them). */
export const financeProcedures = {
  finance: financeRouter,
};
