/**
 * The incidents' documented path (issue 15; part 1 §7 "GET /api/admin/incidents/open-incidents-count
 * (openIncidents, openEscalatedIncidents)"). Answers exactly `{ openIncidents, openEscalatedIncidents }`;
 * `?groupName=` limits it to one group (ADMIN; HR only their own, which is also the default for HR).
 * Failures `{ success: false, error }` with the error's status. Same service as `incidents.count`.
 */
import type { Hono } from "hono";
import { incidentMessages as M, ZCountRequest } from "../../../domain/moves/incidents/schemas.ts";
import { failureText, legacyRoute, legacyUser, parseFields } from "../../../server/http.ts";
import type { AppDeps, AppEnv } from "../../../server/types.ts";
import { openIncidentsCount } from "../../../services/moves/incidents/incidents.ts";

export function mountLegacyIncidents(app: Hono<AppEnv>, deps: AppDeps) {
  const { db } = deps;
  legacyRoute(
    app,
    "GET",
    "/api/admin/incidents/open-incidents-count",
    async (c) => {
      const user = legacyUser(c);
      const { openIncidents, openEscalatedIncidents } = await openIncidentsCount(db, user, parseFields(ZCountRequest, c.req.query()));
      return { openIncidents, openEscalatedIncidents };
    },
    (error) => ({ success: false, error: failureText(error, M.countFailed) }),
  );
}
