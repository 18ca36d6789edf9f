import { z } from "zod";
import {
  ZCloneReportRequest,
  ZDeleteReportRequest,
  ZOkResponse,
  ZPermissionDataResponse,
  ZSaveFieldsOverridesRequest,
  ZSavePermissionsRequest,
  ZSaveReportRequest,
  ZSaveReportResponse,
  ZStandardFieldsResponse,
} from "../../../domain/reporting/builder-schemas.ts";
import type { Operation } from "../../../server/openapi-types.ts";

const SPEC = "part 2 §7 Reporting";
const ZGroupQuery = z.object({ group: z.string().optional() });

/** OpenAPI descriptions of the legacy paths in ./builder.ts (served in /api/openapi.json). */
export const reportingBuilderOperations: Operation[] = [
  { method: "post", path: "/reporting/save-report", summary: "Save a custom report (new, or an edit at the version read); a name unique per group, at least one column, the group required for admins", spec: SPEC, request: ZSaveReportRequest, requestType: "form", response: ZSaveReportResponse, auth: "session" },
  { method: "post", path: "/reporting/reporting-clone", summary: "Clone a report under a new name into the group", spec: SPEC, request: ZCloneReportRequest, requestType: "form", response: ZSaveReportResponse, auth: "session" },
  { method: "post", path: "/reporting/delete-report", summary: "Delete a custom report (admins)", spec: SPEC, request: ZDeleteReportRequest, requestType: "form", response: ZOkResponse, auth: "session" },
  { method: "post", path: "/{group}/report/delete-report", summary: "Delete one of your own custom reports (HR)", spec: SPEC, request: ZDeleteReportRequest, requestType: "form", response: ZOkResponse, auth: "session" },
  { method: "get", path: "/reporting/getChartPermissionData", summary: "The reporting table: the group's reports and charts with enabled and names", spec: SPEC, request: ZGroupQuery, requestType: "query", response: ZPermissionDataResponse, auth: "session" },
  { method: "post", path: "/reporting/savePermissions", summary: "Save the reporting table's rows (enabled, names)", spec: SPEC, request: ZSavePermissionsRequest, requestType: "form", response: ZOkResponse, auth: "session" },
  { method: "get", path: "/reporting/getStandardFields", summary: "The builder's fields of every subject with the group's overrides", spec: SPEC, request: ZGroupQuery, requestType: "query", response: ZStandardFieldsResponse, auth: "session" },
  { method: "post", path: "/reporting/saveFieldsOverrides", summary: "Save field overrides: an enabled field needs a title; at least one enabled", spec: SPEC, request: ZSaveFieldsOverridesRequest, requestType: "form", response: ZOkResponse, auth: "session" },
];
