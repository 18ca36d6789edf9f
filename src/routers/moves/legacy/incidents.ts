/**
 * The incidents' documented path (issue 15; part 1 §7 "GET /api/admin/incidents/open-incidents-count
 * (openIncidents, openEscalatedIncidents)"). Answers exactly `{ openIncidents, openEscalatedIncidents }`;
 * `?groupName=` limits it to one group (ADMIN; HR only their own, which is also the default for HR).
 * Failures `{ success: false, error }` with the error's status. Same service as `incidents.count`.
 */
import type { Hono } from "hono";
import { incidentMessages as M, ZCountRequest } from "../../../domain/moves/incidents/schemas.ts";
import { failureText, legacyRoute } from "../../../server/http.ts";
import type { AppDeps, AppEnv } from "../../../server/types.ts";
import { openIncidentsCount } from "../../../services/moves/incidents/incidents.ts";

export function mountLegacyIncidents(app: Hono<AppEnv>, deps: AppDeps) {
  const { db } = deps;
  legacyRoute(app, {
    method: "GET",
    path: "/api/admin/incidents/open-incidents-count",
    user: true,
    input: ZCountRequest,
    run: async (_c, { input, user }) => {
      const { openIncidents, openEscalatedIncidents } = await openIncidentsCount(db, user!, input);
      return { openIncidents, openEscalatedIncidents };
    },
    failure: (error) => ({ success: false, error: failureText(error, M.countFailed) }),
  });
}
