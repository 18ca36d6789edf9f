import { z } from "zod";
import { ZAddNoteRequest, ZAddNoteResponse, ZDashboardRequest } from "../../../domain/manager/dashboard/schemas.ts";
import type { Operation } from "../../../server/openapi-types.ts";

/** OpenAPI descriptions of the legacy paths in ./dashboard.ts (served in /api/openapi.json). */
export const dashboardOperations: Operation[] = [
  {
    method: "get",
    path: "/{group}/managerDashboardBody",
    summary:
      "The manager dashboard as an HTML fragment (HR of the group, ADMIN, a MANAGER whose dashboard restriction is ON; a manager's rows limited by their restrictions): a table of employee rows (id, first and last name, move status, number of move stages, current move stage id, assignment end date, note, new end date, extension reason, end-assignment reason) with sortable headers, page links (all up to 6, otherwise an ellipsis) and a per-page selector. filters: URL-encoded JSON {status, q, endFrom, endTo}; page zero-based; numberOfRows 10 | 25 | 50 | 100; sort a column key; dir asc | desc; cache ignored. Errors: an HTML alert fragment with the status",
    spec: "part 1 §2, §3, §7, §9",
    request: ZDashboardRequest.omit({ group: true }).extend({ filters: z.string().optional(), page: z.string().optional(), numberOfRows: z.string().optional() }),
    requestType: "query",
    response: z.string(),
    auth: "session",
  },
  {
    method: "post",
    path: "/{group}/addEmployeeNote",
    summary:
      "Replaces the move's note (the HR note) (HR of the group, ADMIN, a MANAGER whose dashboard restriction is ON and who can see the move): form uid (the employee), mid (their move), notes (up to 4000 characters); answers {success: true, note}; an unknown or hidden move is 404; audited once per change (parallel identical notes: one note)",
    spec: "part 1 §7",
    request: ZAddNoteRequest.omit({ group: true }).extend({ uid: z.string(), mid: z.string() }),
    requestType: "form",
    response: ZAddNoteResponse,
    auth: "session",
  },
];
