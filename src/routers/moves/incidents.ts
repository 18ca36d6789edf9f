/**
 * Incidents (issue 15; part 1 §6, §7). Each procedure calls the same service as the documented path
 * (src/routers/moves/legacy/incidents.ts: GET /api/admin/incidents/open-incidents-count). Rules of who may do
 * what live in src/services/moves/incidents/incidents.ts.
 */
import {
  ZCountRequest,
  ZCountResponse,
  ZIncidentIdRequest,
  ZIncidentListResponse,
  ZIncidentResponse,
  ZListForMoveRequest,
  ZRaiseRequest,
} from "../../domain/moves/incidents/schemas.ts";
import { closeIncident, escalateIncident, listMoveIncidents, openIncidentsCount, raiseIncident } from "../../services/moves/incidents/incidents.ts";
import { groupProcedure, roleProcedure, router, sync } from "../../trpc.ts";

const inGroup = groupProcedure("HR", "ADMIN", "MANAGER");

export const incidentsRouter = router({
  /** GET /api/admin/incidents/open-incidents-count?groupName: {openIncidents, openEscalatedIncidents} (ADMIN any group or all; HR own group). */
  count: roleProcedure("ADMIN", "HR")
    .input(sync(ZCountRequest))
    .output(sync(ZCountResponse))
    .query(({ ctx, input }) => openIncidentsCount(ctx.db, ctx.user, input)),

  /** The HR move page's Incidents card: the move's incidents, newest first. */
  listForMove: inGroup
    .input(sync(ZListForMoveRequest))
    .output(sync(ZIncidentListResponse))
    .query(({ ctx, input }) => listMoveIncidents(ctx.db, ctx.user, ctx.group, input.moveId)),

  /** Raises an OPEN incident on a move of the group. */
  raise: inGroup
    .input(sync(ZRaiseRequest))
    .output(sync(ZIncidentResponse))
    .mutation(async ({ ctx, input }) => ({ incident: await raiseIncident(ctx.db, { user: ctx.user, ip: ctx.ip }, ctx.group, input) })),

  /** Escalates an OPEN incident once. */
  escalate: inGroup
    .input(sync(ZIncidentIdRequest))
    .output(sync(ZIncidentResponse))
    .mutation(async ({ ctx, input }) => ({ incident: await escalateIncident(ctx.db, { user: ctx.user, ip: ctx.ip }, ctx.group, input.incidentId) })),

  /** Closes an OPEN incident. */
  close: inGroup
    .input(sync(ZIncidentIdRequest))
    .output(sync(ZIncidentResponse))
    .mutation(async ({ ctx, input }) => ({ incident: await closeIncident(ctx.db, { user: ctx.user, ip: ctx.ip }, ctx.group, input.incidentId) })),
});
