import { z } from "zod";
import {
  ZAdvanceCeDetailsRequest,
  ZAdvanceCeDetailsResponse,
  ZAsyncResultResponse,
  ZAsyncStatusResponse,
  ZCalculateTaxRequest,
  ZCalculateTaxResponse,
  ZEstimationViewRequest,
  ZEstimationViewResponse,
  ZExportRequest,
  ZHistoryResponse,
  ZRecalculateRequest,
  ZRecalculateResponse,
  ZSaveAdvanceCeDetailsRequest,
  ZSaveEstimateRequest,
  ZSaveEstimateResponse,
  ZSendForApprovalRequest,
  ZSoftDeleteResponse,
  ZTaxRateRequest,
  ZUpdateAdvancedRequest,
} from "../../../domain/estimate/schemas.ts";
import { ZMoveRef } from "../../../domain/moves/wizard/schemas.ts";
import type { Operation } from "../../../server/openapi-types.ts";

const spec = "part 1 §7 Calls (cost estimate)";
const who = "(HR of the move's group, ADMIN)";

/** OpenAPI descriptions of the legacy paths in ./estimate.ts (served in /api/openapi.json). */
export const estimateOperations: Operation[] = [
  { method: "get", path: "/hr/json/getEstimationView", summary: `The move's current estimate (estimationView=CostEstimate) or balance sheet (BalanceSheet); createIfNecessary computes and stores version 1; recalculateEstimationView stores a fresh version ${who} — changes state, so refused cross-site (403) unless Sec-Fetch-Site is same-origin or none, or, without that header, Origin/Referer of this site or X-Requested-With`, spec, request: ZEstimationViewRequest, requestType: "query", response: ZEstimationViewResponse, auth: "session", changesState: true },
  { method: "post", path: "/hr/json/saveEstimate", summary: `Basic estimate save (JSON body): overrides, custom items, tax settings and approval as a new version; §5 messages per field ${who}`, spec, request: ZSaveEstimateRequest, requestType: "form", response: ZSaveEstimateResponse, auth: "session" },
  { method: "post", path: "/hr/json/updateAdvancedCostEstimate", summary: `Advanced estimate save (?employeeId&moveId, JSON body) ${who}`, spec, request: ZUpdateAdvancedRequest, requestType: "form", response: ZSaveEstimateResponse, auth: "session" },
  { method: "get", path: "/hr/json/advance-ce-details", summary: `Stage 6 inputs: family dates of birth, home and host details, route options (stored, or defaults from the move) ${who}`, spec, request: ZAdvanceCeDetailsRequest, requestType: "query", response: ZAdvanceCeDetailsResponse, auth: "session" },
  { method: "post", path: "/hr/json/advance-ce-details", summary: `Stage 6 save (?group&employeeId&moveId, JSON body) ${who}`, spec, request: ZSaveAdvanceCeDetailsRequest, requestType: "form", response: ZAdvanceCeDetailsResponse, auth: "session" },
  { method: "post", path: "/hr/json/basic-ce/calculate-tax", summary: `Tax of the edited rows at the estimate's method or a manual rate; nothing stored ${who}`, spec, request: ZCalculateTaxRequest, requestType: "form", response: ZCalculateTaxResponse, auth: "session" },
  { method: "get", path: "/{group}/get-tax-rate", summary: "The whole-percent tax rate for a country (region), tax category, salary and move date, for the family: optional filingStatus (SINGLE, MARRIED_JOINT — married elsewhere than the US —, HEAD_OF_HOUSEHOLD), married (shorthand) and dependants (0–20); missing ones from the move given by employeeId + moveId (stage-6 details, else the stage-2 family), else single without dependants; answers the number (HR of the group, ADMIN)", spec, request: ZTaxRateRequest.omit({ group: true }), requestType: "query", response: z.number().int(), auth: "session" },
  { method: "post", path: "/hr/json/recalculateEstimationView", summary: `Posts a recalculation with the page's edits (?estimationView&employeeId&moveId, JSON body) as a persisted job; answers its uuid ${who}`, spec, request: ZRecalculateRequest, requestType: "form", response: ZRecalculateResponse, auth: "session" },
  { method: "get", path: "/hr/json/get-async-cost-estimate-request-status/{uuid}/{pollNumber}", summary: "Status of a recalculation (Pending, Processing, Done, Forced, Failed); poll every 2 s, at most 60 polls; a poll that finds the job waiting runs it (Forced) — changes state, so refused cross-site (403) unless Sec-Fetch-Site is same-origin or none, or, without that header, Origin/Referer of this site or X-Requested-With", spec, response: ZAsyncStatusResponse, auth: "session", changesState: true },
  { method: "get", path: "/hr/json/get-async-cost-estimate/{uuid}", summary: "The recalculated estimate (or balance sheet) once the status is Done or Forced", spec, response: ZAsyncResultResponse, auth: "session" },
  { method: "get", path: "/hr/json/send-cost-estimate-for-approval", summary: `E-mails the approver the estimate as a PDF (ccSender copies the sender); answers true ${who} — changes state, so refused cross-site (403) unless Sec-Fetch-Site is same-origin or none, or, without that header, Origin/Referer of this site or X-Requested-With`, spec, request: ZSendForApprovalRequest, requestType: "query", response: z.boolean(), auth: "session", changesState: true },
  { method: "get", path: "/hr/json/cost-estimate-history/{employeeId}", summary: "Every kept version of the employee's estimates, newest first, with the /{group}/cost-estimate-view link (HR of the group, ADMIN, CRM)", spec, response: ZHistoryResponse, auth: "session" },
  { method: "post", path: "/hr/json/soft-delete-estimates", summary: `Soft-deletes every version of the move's estimate (?employeeId&moveId) ${who}`, spec, request: ZMoveRef, requestType: "query", response: ZSoftDeleteResponse, auth: "session" },
  { method: "get", path: "/{group}/generateCostEstimateExport", summary: "The estimate as a spreadsheet (format=xlsx, default) or PDF (format=pdf); isBalanceSheetView puts the balance sheet first; also under /crm/ for CRM agents", spec, request: ZExportRequest, requestType: "query", response: z.string(), auth: "session" },
];
