import { ZCountRequest, ZCountResponse } from "../../../domain/moves/incidents/schemas.ts";
import type { Operation } from "../../../server/openapi-types.ts";

/** OpenAPI descriptions of the legacy paths in ./incidents.ts (served in /api/openapi.json). */
export const incidentOperations: Operation[] = [
  {
    method: "get",
    path: "/api/admin/incidents/open-incidents-count",
    summary:
      "Open incidents and open escalated incidents: {openIncidents, openEscalatedIncidents}. ADMIN: every group, or the group named by groupName (URL name); HR: their own group (another group's name is refused 403); others 403.",
    spec: "part 1 §6, §7",
    request: ZCountRequest,
    requestType: "query",
    response: ZCountResponse,
    auth: "session",
  },
];
