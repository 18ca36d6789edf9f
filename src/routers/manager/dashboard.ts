/**
 * The manager dashboard (issue 15; part 1 §2, §3, §7): the same service as GET /{group}/managerDashboardBody and
 * POST /{group}/addEmployeeNote (src/routers/manager/legacy/dashboard.ts). HR of the group, ADMIN and managers whose
 * dashboard restriction is ON (checked in src/services/manager/dashboard.ts); a manager's rows are restricted in SQL.
 */
import { ZAddNoteRequest, ZAddNoteResponse, ZDashboardRequest, ZDashboardResponse } from "../../domain/manager/dashboard/schemas.ts";
import { ZManagerMoveRequest, ZManagerMoveResponse, ZManagerNotesResponse } from "../../domain/manager/dashboard/manager-move.ts";
import { addEmployeeNote, dashboardRows } from "../../services/manager/dashboard.ts";
import { managerMove, managerNotesOfMove } from "../../services/manager/manager-move.ts";
import { groupProcedure, router, sync } from "../../trpc.ts";

const dashboard = groupProcedure("HR", "MANAGER", "ADMIN");

export const dashboardRouter = router({
  /** The rows of /{group}/managerDashboardBody (zero-based page, numberOfRows, sort, dir, filters). */
  rows: dashboard
    .input(sync(ZDashboardRequest))
    .output(sync(ZDashboardResponse))
    .query(({ ctx, input }) => dashboardRows(ctx.db, ctx.user, ctx.group, input)),
  /** A manager's read-only move page (issue 24 §4): a move their restrictions allow, with their own note. */
  move: groupProcedure("MANAGER")
    .input(sync(ZManagerMoveRequest))
    .output(sync(ZManagerMoveResponse))
    .query(({ ctx, input }) => managerMove(ctx.db, ctx.user, ctx.group, input)),
  /** HR's move page: the managers' own notes on the move, apart from HR's notes (issue 24 §4). */
  managerNotes: groupProcedure("HR", "ADMIN")
    .input(sync(ZManagerMoveRequest))
    .output(sync(ZManagerNotesResponse))
    .query(({ ctx, input }) => managerNotesOfMove(ctx.db, ctx.user, ctx.group, input)),
  /** POST /{group}/addEmployeeNote: replaces the caller's note (a manager's own, HR's the move's HR note; audited). */
  addNote: dashboard
    .input(sync(ZAddNoteRequest))
    .output(sync(ZAddNoteResponse))
    .mutation(({ ctx, input }) => addEmployeeNote(ctx.db, { user: ctx.user, ip: ctx.ip }, ctx.group, input)),
});
