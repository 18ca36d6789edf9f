import {
  ZClientErrorsRequest,
  ZClientErrorsResponse,
  ZReportClientErrorRequest,
  ZReportClientErrorResponse,
} from "../../domain/admin/client-errors/schemas.ts";
import { listClientErrors, reportClientError } from "../../services/admin/client-errors.ts";
import { publicProcedure, roleProcedure, router, sync } from "../../trpc.ts";

/** The error-reporting service (part 1 §8, part 2 §8): the web client reports, admins read. */
export const errorsRouter = router({
  /** Open to everyone (a signed-out page can fail too); rate-limited per session or address, answered the same. */
  report: publicProcedure
    .input(sync(ZReportClientErrorRequest))
    .output(sync(ZReportClientErrorResponse))
    .mutation(({ ctx, input }) => reportClientError(ctx.db, ctx, input)),

  list: roleProcedure("ADMIN")
    .input(sync(ZClientErrorsRequest))
    .output(sync(ZClientErrorsResponse))
    .query(({ ctx, input }) => listClientErrors(ctx.db, input)),
});
