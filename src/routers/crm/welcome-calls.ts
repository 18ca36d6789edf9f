import { ZBookWelcomeCallRequest, ZForMoveRequest, ZForMoveResponse, ZWelcomeCallListRequest, ZWelcomeCallListResponse, ZWelcomeCallRow } from "../../domain/crm/welcome-calls.ts";
import { bookWelcomeCall, listWelcomeCalls, moveWelcomeCall } from "../../services/crm/welcome-calls.ts";
import { groupProcedure, roleProcedure, router, sync } from "../../trpc.ts";

/**
 * The welcome calls employees requested (issue 24 §3): the CRM list (CRM agents, admins), booking a
 * requested call (the employee is told), and the request on HR's move page (HR of the group, admins).
 */
export const welcomeCallsRouter = router({
  /** The CRM list of requested (then booked) calls with the slot and interests. Reads only. */
  list: roleProcedure("CRM", "ADMIN")
    .input(sync(ZWelcomeCallListRequest))
    .output(sync(ZWelcomeCallListResponse))
    .query(({ ctx, input }) => listWelcomeCalls(ctx.db, ctx.user, input)),

  /** Books a requested call (once; parallel bookings: one effect, the rest CONFLICT). */
  book: roleProcedure("CRM", "ADMIN")
    .input(sync(ZBookWelcomeCallRequest))
    .output(sync(ZWelcomeCallRow))
    .mutation(({ ctx, input }) => bookWelcomeCall(ctx.db, ctx.user, input.id, { ip: ctx.ip })),

  /** HR's move page: the move's request, or null. Reads only. */
  forMove: groupProcedure("HR", "ADMIN")
    .input(sync(ZForMoveRequest))
    .output(sync(ZForMoveResponse))
    .query(({ ctx, input }) => moveWelcomeCall(ctx.db, ctx.group, input.moveId)),
});
