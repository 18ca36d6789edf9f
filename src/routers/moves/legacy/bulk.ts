/**
 * Bulk employee import paths (issue 15): GET /bulk/getStatus?statusId (part 1 §3, §7), GET
 * /bulk/get-status?jobId and /bulk/download-input-file?jobId (part 2 §7), GET /bulk/errorFile?statusId
 * and /bulk/download-error-file?jobId (part 1 §1), and the paths the spec does not name: GET
 * /bulk/template?group, POST /bulk/upload (multipart group + file), GET /bulk/jobs?group, GET
 * /bulk/rows?jobId. Each parses with the tRPC procedure's schema and calls the same service function
 * (src/services/moves/bulk/). Failures answer `{ success: false, errorMessage }` with the error's status.
 */
import type { Hono } from "hono";
import { ZBulkGroupRequest, ZJobIdRequest, ZStatusIdRequest } from "../../../domain/moves/bulk/schemas.ts";
import { messages } from "../../../domain/messages.ts";
import { failureText, legacyRoute } from "../../../server/http.ts";
import type { AppDeps, AppEnv } from "../../../server/types.ts";
import { bulkErrorFile, bulkInputFile, bulkJobs, bulkJobStatus, bulkRows, bulkStatus } from "../../../services/moves/bulk/bulk-status.ts";
import { receiveBulkUpload } from "../../../services/moves/bulk/bulk-upload.ts";
import { bulkTemplate } from "../../../services/moves/bulk/bulk.ts";
import { fileStoreFor } from "../../../services/employee/files/store.ts";
import { mailerFor } from "../../../trpc.ts";
import { WIZARD_ROLES } from "../../../services/moves/wizard/access.ts";

function download(file: { fileName: string; contentType: string; bytes: Uint8Array }): Response {
  const ascii = file.fileName.replace(/[^\x20-\x7e]/g, "_").replace(/["\\]/g, "_");
  return new Response(new Blob([file.bytes as Uint8Array<ArrayBuffer>]), {
    headers: {
      "Content-Type": file.contentType,
      "Content-Length": String(file.bytes.byteLength),
      "Content-Disposition": `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(file.fileName)}`,
      "Cache-Control": "private, no-store",
      "X-Content-Type-Options": "nosniff",
    },
  });
}

export function mountLegacyBulk(app: Hono<AppEnv>, deps: AppDeps) {
  const { db, config } = deps;
  const jobDeps = { db, config, mailer: mailerFor(config) };
  // Bulk import is HR of the group or ADMIN (WIZARD_ROLES), checked before the request is read (issue 23 item 13).
  const bulk = { roles: WIZARD_ROLES, failure: (error: unknown) => ({ success: false, errorMessage: failureText(error, messages.genericFailure) }) };

  legacyRoute(app, {
    ...bulk,
    method: "GET",
    path: "/bulk/template",
    input: ZBulkGroupRequest,
    run: async (_c, { input, user }) => download(await bulkTemplate(db, user!, input.group)),
  });

  legacyRoute(app, {
    ...bulk,
    method: "POST",
    path: "/bulk/upload",
    run: async (c, { user }) =>
      receiveBulkUpload(jobDeps, fileStoreFor(config), user!, {
        contentType: c.req.header("content-type"),
        contentLength: c.req.header("content-length"),
        body: c.req.raw.body,
        group: c.req.query("group"),
      }),
  });

  legacyRoute(app, { ...bulk, method: "GET", path: "/bulk/getStatus", input: ZStatusIdRequest, run: async (_c, { input, user }) => bulkStatus(db, user!, input.statusId) });

  legacyRoute(app, { ...bulk, method: "GET", path: "/bulk/get-status", input: ZJobIdRequest, run: async (_c, { input, user }) => bulkJobStatus(db, user!, input.jobId) });

  legacyRoute(app, { ...bulk, method: "GET", path: "/bulk/jobs", input: ZBulkGroupRequest, run: async (_c, { input, user }) => bulkJobs(db, user!, input.group) });

  legacyRoute(app, { ...bulk, method: "GET", path: "/bulk/rows", input: ZJobIdRequest, run: async (_c, { input, user }) => bulkRows(db, user!, input.jobId) });

  legacyRoute(app, {
    ...bulk,
    method: "GET",
    path: "/bulk/errorFile",
    input: ZStatusIdRequest,
    run: async (_c, { input, user }) => download(await bulkErrorFile(db, user!, input.statusId)),
  });

  legacyRoute(app, {
    ...bulk,
    method: "GET",
    path: "/bulk/download-error-file",
    input: ZJobIdRequest,
    run: async (_c, { input, user }) => download(await bulkErrorFile(db, user!, input.jobId)),
  });

  legacyRoute(app, {
    ...bulk,
    method: "GET",
    path: "/bulk/download-input-file",
    input: ZJobIdRequest,
    run: async (_c, { input, user }) => download(await bulkInputFile(db, fileStoreFor(config), user!, input.jobId)),
  });
}
