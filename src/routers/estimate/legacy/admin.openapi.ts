import { z } from "zod";
import {
  ZAdminUpdateResponse,
  ZAuthorisationRequest,
  ZAuthorisationResponse,
  ZBillingStatusRequest,
  ZCityIndexImportResponse,
  ZCostEstimateFlagRequest,
  ZImportStateResponse,
} from "../../../domain/estimate/schemas.ts";
import type { Operation } from "../../../server/openapi-types.ts";

const spec = "part 1 §7 Cost estimate admin";

/** OpenAPI descriptions of the legacy paths in ./estimate-admin.ts (served in /api/openapi.json). */
export const estimateAdminOperations: Operation[] = [
  { method: "put", path: "/admin/costEstimates", summary: "Switch cost estimates on or off for a group (groupId, costEstimateFlag); failures answer success false with errorMessage (ADMIN)", spec, request: ZCostEstimateFlagRequest, requestType: "form", response: ZAdminUpdateResponse, auth: "session" },
  { method: "put", path: "/admin/costEstimates/billing", summary: "Set a group's cost-estimate billing status: NOT_BILLABLE, BILLABLE, TRIAL or SUSPENDED (ADMIN)", spec, request: ZBillingStatusRequest, requestType: "form", response: ZAdminUpdateResponse, auth: "session" },
  { method: "get", path: "/policy/setup/getCostEstimateAuthorisation", summary: "Whether the group may use cost estimates (flag on and billing not SUSPENDED) and its billing status (ADMIN, or HR of the group)", spec, request: ZAuthorisationRequest, requestType: "query", response: ZAuthorisationResponse, auth: "session" },
  { method: "get", path: "/admin/mercer/state", summary: "State of the latest city index import (IDLE, RUNNING, COMPLETED, COMPLETED_WITH_ERRORS, FAILED), its message, imported and demo row counts; poll every 5 s while RUNNING (ADMIN)", spec, response: ZImportStateResponse, auth: "session" },
  { method: "post", path: "/admin/mercer/import", summary: "Start a city index import: multipart/form-data field `file`, an .xlsx or .csv of at most 20 MB with the columns Country code, City, Currency, Cost of living index, Housing index, Monthly rent, As of; answers the job id (ADMIN)", spec, response: ZCityIndexImportResponse, auth: "session" },
  { method: "get", path: "/admin/mercer/template", summary: "The city index spreadsheet template (.xlsx: the header row and two example rows) (ADMIN)", spec, response: z.string().describe("application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"), auth: "session" },
];
