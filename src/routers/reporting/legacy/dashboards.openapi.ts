import { z } from "zod";
import { ZDashboardDetailResponse, ZInitialDashboardResponse } from "../../../domain/reporting/dashboards.ts";
import type { Operation } from "../../../server/openapi-types.ts";
import { ZLegacyDashboardsQuery } from "./dashboards.ts";

const SPEC = "part 2 §2 dashboard viewer, §3 Dashboard, §7 Reporting (looker-style dashboards)";
const WHO = "HR of the group, its managers with the dashboard restriction ON, administrators (?group= names the group; HR and managers: their own by default; administrators must name one)";

/** OpenAPI descriptions of the legacy paths in ./dashboards.ts (served in /api/openapi.json). */
export const reportingDashboardsOperations: Operation[] = [
  { method: "get", path: "/reporting/initial-dashboard", summary: `The group's initial dashboard: {url, id} (null when it has none). ${WHO}; reads only`, spec: SPEC, request: ZLegacyDashboardsQuery, requestType: "query", response: ZInitialDashboardResponse, auth: "session" },
  {
    method: "get",
    path: "/reporting/dashboards",
    summary: `The group's dashboards in their order: [{id, title, description, url, initial}]. ${WHO}; reads only`,
    spec: SPEC,
    request: ZLegacyDashboardsQuery,
    requestType: "query",
    response: z.array(z.object({ id: z.number().int(), title: z.string(), description: z.string(), url: z.string(), initial: z.boolean() })),
    auth: "session",
  },
  { method: "get", path: "/reporting/dashboards/{id}", summary: `One dashboard of the group: {id, title, url, description} (404 for another group's). ${WHO}; reads only`, spec: SPEC, request: ZLegacyDashboardsQuery, requestType: "query", response: ZDashboardDetailResponse, auth: "session" },
];
