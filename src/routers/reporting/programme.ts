/**
 * The reporting room: the HR overview and published estimate accuracy (issue 26). Procedures over
 * src/services/reporting/programme.ts and ./accuracy.ts; the documented path (GET /reporting/getWidgetDetails)
 * is in ./legacy/programme.ts.
 * - overview, accuracy, moveAccuracy: HR of the group, its MANAGERs (restrictions applied in SQL), ADMIN.
 * - financeAccuracy: FINANCE and ADMIN, every group or one named.
 */
import {
  ZAccuracyResponse,
  ZFinanceAccuracyRequest,
  ZMoveAccuracyRequest,
  ZMoveAccuracyResponse,
  ZProgrammeAccuracyRequest,
  ZProgrammeOverviewRequest,
  ZProgrammeOverviewResponse,
} from "../../domain/reporting/accuracy-schemas.ts";
import { financeAccuracy, moveAccuracy, programmeAccuracy } from "../../services/reporting/accuracy.ts";
import { programmeOverview } from "../../services/reporting/programme.ts";
import { groupProcedure, roleProcedure, router, sync } from "../../trpc.ts";

const groupReader = groupProcedure("HR", "MANAGER", "ADMIN");

export const programmeRouter = router({
  /** The HR overview's tiles (the group home). */
  overview: groupReader
    .input(sync(ZProgrammeOverviewRequest))
    .output(sync(ZProgrammeOverviewResponse))
    .query(({ ctx }) => programmeOverview(ctx.db, ctx.user, ctx.group)),
  /** The group's estimate accuracy: per move and service, and the median / 90th percentile per service, policy and period. */
  accuracy: groupReader
    .input(sync(ZProgrammeAccuracyRequest))
    .output(sync(ZAccuracyResponse))
    .query(({ ctx, input }) => programmeAccuracy(ctx.db, ctx.user, ctx.group, input)),
  /** One move's estimate accuracy (HR's move page). */
  moveAccuracy: groupReader
    .input(sync(ZMoveAccuracyRequest))
    .output(sync(ZMoveAccuracyResponse))
    .query(({ ctx, input }) => moveAccuracy(ctx.db, ctx.user, ctx.group, input.moveId)),
  /** Finance's accuracy page: every group, or one named. */
  financeAccuracy: roleProcedure("FINANCE", "ADMIN")
    .input(sync(ZFinanceAccuracyRequest))
    .output(sync(ZAccuracyResponse))
    .query(({ ctx, input }) => financeAccuracy(ctx.db, ctx.user, input)),
});
