import { z } from "zod";
import { ZBulkGroupRequest, ZBulkRowsResponse, ZBulkStatus, ZBulkUploadResponse, ZJobIdRequest, ZJobStatusResponse, ZStatusIdRequest } from "../../../domain/moves/bulk/schemas.ts";
import type { Operation } from "../../../server/openapi-types.ts";

const xlsx = z.string().describe("the file's bytes (Content-Disposition: attachment)");
const who = "HR of the job's group or ADMIN; another group's job answers 404";

/** OpenAPI descriptions of the bulk import paths in ./bulk.ts (served in /api/openapi.json). */
export const bulkOperations: Operation[] = [
  { method: "get", path: "/bulk/template", summary: "The group's employee import template (.xlsx): a Policy column and one column per field of the initiation form (places as Country, State and City columns, money as amount and Currency), and a Policies sheet (HR of the group, ADMIN)", spec: "part 1 §1, §4 (path not named by the spec)", request: ZBulkGroupRequest, requestType: "query", response: xlsx, auth: "session" },
  { method: "post", path: "/bulk/upload", summary: "Upload a filled template: multipart/form-data with `group` and part `file` (.xlsx or .csv, at most 20971520 bytes, refused while it arrives; none: \"Please choose file!\"). Registers the import job and answers success, jobId and statusId (the same id)", spec: "part 2 §5, §3 (path not named by the spec)", request: ZBulkGroupRequest, requestType: "form", response: ZBulkUploadResponse, auth: "session" },
  { method: "get", path: "/bulk/getStatus", summary: `The job's progress, polled every 5 s: totalCount, successCount, failureCount, status (REGISTERED, UNDER_PROCESSING, PROCESSED, ABORTED), registrationId, importState (XLS_VALIDATION_ERROR, XLS_IMPORT_ERROR, COMPLETED, COMPLETED_WITH_ERRORS once over), failureReason (${who})`, spec: "part 1 §3, §4, §7", request: ZStatusIdRequest, requestType: "query", response: ZBulkStatus, auth: "session" },
  { method: "get", path: "/bulk/get-status", summary: `The upload job: success (false when ABORTED), uploadDTO (jobId, totalCount, successCount, failureCount, status, failureReason) and resultMessage (${who})`, spec: "part 2 §3, §4, §7", request: ZJobIdRequest, requestType: "query", response: ZJobStatusResponse, auth: "session" },
  { method: "get", path: "/bulk/jobs", summary: "The group's ten latest import jobs, newest first (HR of the group, ADMIN)", spec: "part 1 §4 (path not named by the spec)", request: ZBulkGroupRequest, requestType: "query", response: z.array(ZBulkStatus), auth: "session" },
  { method: "get", path: "/bulk/rows", summary: `The rows with errors or warnings (the import page's hover messages), first 500 (${who})`, spec: "part 2 §2 (path not named by the spec)", request: ZJobIdRequest, requestType: "query", response: ZBulkRowsResponse, auth: "session" },
  { method: "get", path: "/bulk/errorFile", summary: `The error file of a PROCESSED job (.xlsx: Row, Employee, Errors, Warnings for each failed row); 409 while it runs, 404 when no row failed (${who})`, spec: "part 1 §1, §4", request: ZStatusIdRequest, requestType: "query", response: xlsx, auth: "session" },
  { method: "get", path: "/bulk/download-error-file", summary: `The same error file by jobId (${who})`, spec: "part 1 §1; part 2 §4", request: ZJobIdRequest, requestType: "query", response: xlsx, auth: "session" },
  { method: "get", path: "/bulk/download-input-file", summary: `The uploaded file as stored (${who})`, spec: "part 2 §7", request: ZJobIdRequest, requestType: "query", response: xlsx, auth: "session" },
];
