/**
 * The manager dashboard (issue 15; part 1 §2, §3, §7): the same service as GET /{group}/managerDashboardBody and
 * POST /{group}/addEmployeeNote (src/routers/legacy/dashboard.ts). HR of the group, ADMIN and managers whose
 * dashboard restriction is ON (checked in src/services/dashboard.ts); a manager's rows are restricted in SQL.
 */
import { ZAddNoteRequest, ZAddNoteResponse, ZDashboardRequest, ZDashboardResponse } from "../domain/dashboard/schemas.ts";
import { addEmployeeNote, dashboardRows } from "../services/dashboard.ts";
import { groupProcedure, router, sync } from "../trpc.ts";

const dashboard = groupProcedure("HR", "MANAGER", "ADMIN");

export const dashboardRouter = router({
  /** The rows of /{group}/managerDashboardBody (zero-based page, numberOfRows, sort, dir, filters). */
  rows: dashboard
    .input(sync(ZDashboardRequest))
    .output(sync(ZDashboardResponse))
    .query(({ ctx, input }) => dashboardRows(ctx.db, ctx.user, ctx.group, input)),
  /** POST /{group}/addEmployeeNote: replaces the move's note (audited). */
  addNote: dashboard
    .input(sync(ZAddNoteRequest))
    .output(sync(ZAddNoteResponse))
    .mutation(({ ctx, input }) => addEmployeeNote(ctx.db, { user: ctx.user, ip: ctx.ip }, ctx.group, input)),
});
