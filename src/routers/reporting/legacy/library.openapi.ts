import { z } from "zod";
import {
  ZFavouriteResponse,
  ZFilterDefaultsResponse,
  ZFilterLabelRequest,
  ZFilterLabelResponse,
  ZReportFiltersResponse,
  ZReportPreviewResponse,
  ZReportResultsResponse,
  ZReportsListResponse,
  ZResultMessageResponse,
} from "../../../domain/reporting/library-schemas.ts";
import type { Operation } from "../../../server/openapi-types.ts";
import {
  ZLegacyDownload,
  ZLegacyFavourite,
  ZLegacyFilterDefaults,
  ZLegacyReportFilters,
  ZLegacyReportPreview,
  ZLegacyReportResults,
  ZLegacyReportsList,
  ZLegacySaveFilterDefaults,
} from "./library.ts";

const who = "HR and managers of the group (a manager with reporting ON, reading only moves their restrictions allow), ADMIN any group (group required)";
const file = z.string().describe("the report file, streamed (Content-Disposition: attachment): CSV (RFC 4180, UTF-8) or XLSX");

/** OpenAPI descriptions of the legacy paths in ./library.ts (served in /api/openapi.json). */
export const reportingLibraryOperations: Operation[] = [
  { method: "get", path: "/reporting/getReports", summary: `The report library's reports of a tab (BASE recommended; CUSTOM configured and OLD custom), with search and category; drawdown categories only for groups with a drawdown account; favourites per user (${who})`, spec: "part 2 §2, §4, §6, §7", request: ZLegacyReportsList, requestType: "query", response: ZReportsListResponse, auth: "session" },
  { method: "post", path: "/reporting/getReportFilters", summary: `A report's filter definitions (dynamic lists filled) and the caller's saved filter defaults, else the spec's (currency USD, due date 45) (${who})`, spec: "part 2 §3, §7, §9", request: ZLegacyReportFilters, requestType: "form", response: ZReportFiltersResponse, auth: "session" },
  { method: "get", path: "/reporting/preview-data", summary: `A report's first 100 rows for its filters (JSON text of name → value; a dateRange "start||end"); a filter breaking a §5 rule answers "Error applying filters..." with the rule per field (${who})`, spec: "part 2 §5, §7 (\"GET preview data\")", request: ZLegacyReportPreview, requestType: "query", response: ZReportPreviewResponse, auth: "session" },
  { method: "get", path: "/reporting/finance/getReportResults", summary: `One page of a report's rows (page, pageSize ≤ 1000) (${who})`, spec: "part 2 §7", request: ZLegacyReportResults, requestType: "query", response: ZReportResultsResponse, auth: "session" },
  { method: "get", path: "/reporting/get-filter-defaults", summary: `The caller's saved filter values of a report (saved false: the spec's defaults) (${who})`, spec: "part 2 §7", request: ZLegacyFilterDefaults, requestType: "query", response: ZFilterDefaultsResponse, auth: "session" },
  { method: "post", path: "/reporting/save-filter-defaults", summary: `Saves the caller's filter values of a report after the §5 checks (one row per user and report) (${who})`, spec: "part 2 §5, §7, §8", request: ZLegacySaveFilterDefaults, requestType: "form", response: ZResultMessageResponse, auth: "session" },
  { method: "post", path: "/{group}/report/add-user-favourite-report", summary: "Adds a report to the caller's favourites (HR and managers of the group; not admins); repeating it is harmless", spec: "part 2 §6, §7", request: ZLegacyFavourite, requestType: "form", response: ZFavouriteResponse, auth: "session" },
  { method: "post", path: "/{group}/report/remove-user-favourite-report", summary: "Removes a report from the caller's favourites (HR and managers of the group; not admins)", spec: "part 2 §6, §7", request: ZLegacyFavourite, requestType: "form", response: ZFavouriteResponse, auth: "session" },
  { method: "post", path: "/reporting/loadReportFilterLabel", summary: "A filter label's translation (the caller's group's own first), else defaultValue; success false when neither exists", spec: "part 2 §7", request: ZFilterLabelRequest, requestType: "form", response: ZFilterLabelResponse, auth: "session" },
  { method: "post", path: "/reporting/download", summary: `Downloads a report (format csv or xlsx) for its filters, streamed; money in major units with the currency's digits; text cells starting with = + - @ are prefixed with an apostrophe (${who})`, spec: "part 2 §7 (form post)", request: ZLegacyDownload, requestType: "form", response: file, auth: "session" },
  { method: "post", path: "/reporting/generate", summary: `The report generation form's post: the same file as /reporting/download (${who})`, spec: "part 2 §2, §7 (form post)", request: ZLegacyDownload, requestType: "form", response: file, auth: "session" },
];
