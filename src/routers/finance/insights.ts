/**
 * Finance: insights (issue 16 "Beyond the spec"). See ./index.ts. Estimate against actual has no
 * documented path (the spec has none); the rules of who may read live in src/services/finance/insights.ts.
 */
import { ZAccountActualsRequest, ZAccountActualsResponse, ZEstimateVsActualRequest, ZEstimateVsActualResponse } from "../../domain/finance/schemas-insights.ts";
import { accountActuals, estimateVsActual } from "../../services/finance/insights.ts";
import { roleProcedure, router, sync } from "../../trpc.ts";

export const financeInsightsRouter = router({
  /** A move's estimate against actual: FINANCE and ADMIN any group; HR their own group; a MANAGER of the group within their restrictions. */
  estimateVsActual: roleProcedure("FINANCE", "ADMIN", "HR", "MANAGER")
    .input(sync(ZEstimateVsActualRequest))
    .output(sync(ZEstimateVsActualResponse))
    .query(({ ctx, input }) => estimateVsActual(ctx.db, ctx.user, input)),

  /** Finance's account view: estimate against actual of the moves behind an account (an Employee account: that user's moves). */
  accountActuals: roleProcedure("FINANCE", "ADMIN")
    .input(sync(ZAccountActualsRequest))
    .output(sync(ZAccountActualsResponse))
    .query(({ ctx, input }) => accountActuals(ctx.db, ctx.user, input)),
});
