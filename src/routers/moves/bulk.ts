import { z } from "zod";
import {
  ZBulkFile,
  ZBulkGroupRequest,
  ZBulkRowsResponse,
  ZBulkStatus,
  ZBulkUploadInput,
  ZBulkUploadResponse,
  ZJobIdRequest,
  ZJobStatusResponse,
  ZStatusIdRequest,
} from "../../domain/moves/bulk/schemas.ts";
import { bulkErrorFile, bulkInputFile, bulkJobs, bulkJobStatus, bulkRows, bulkStatus } from "../../services/moves/bulk/bulk-status.ts";
import { receiveBulkFormUpload } from "../../services/moves/bulk/bulk-upload.ts";
import { bulkTemplate } from "../../services/moves/bulk/bulk.ts";
import { fileStoreFor } from "../../services/employee/files/store.ts";
import { roleProcedure, router, sync } from "../../trpc.ts";

const hr = roleProcedure("HR", "ADMIN");
const file = ({ fileName, contentType, base64 }: { fileName: string; contentType: string; base64: string }) => ({ fileName, contentType, base64 });

/**
 * Bulk employee import (issue 15; part 1 §1, §3, §4, §7; part 2 §3, §4, §5, §7). Each procedure calls
 * the same service as its documented path (src/routers/moves/legacy/bulk.ts); HR of the job's group and
 * ADMIN only, another group's job is NOT_FOUND.
 */
export const bulkRouter = router({
  /** GET /bulk/template?group: the import template (.xlsx, base64). */
  template: hr.input(sync(ZBulkGroupRequest)).output(sync(ZBulkFile)).query(async ({ ctx, input }) => file(await bulkTemplate(ctx.db, ctx.user, input.group))),

  /** POST /bulk/upload (FormData group, file): stores the file and registers the job. */
  upload: hr
    .input(sync(ZBulkUploadInput))
    .output(sync(ZBulkUploadResponse))
    .mutation(({ ctx, input }) => receiveBulkFormUpload(ctx, fileStoreFor(ctx.config), ctx.user, input)),

  /** GET /bulk/getStatus?statusId: totalCount, successCount, failureCount, status, registrationId. */
  getStatus: hr.input(sync(ZStatusIdRequest)).output(sync(ZBulkStatus)).query(({ ctx, input }) => bulkStatus(ctx.db, ctx.user, input.statusId)),

  /** GET /bulk/get-status?jobId: success, uploadDTO, resultMessage. */
  jobStatus: hr.input(sync(ZJobIdRequest)).output(sync(ZJobStatusResponse)).query(({ ctx, input }) => bulkJobStatus(ctx.db, ctx.user, input.jobId)),

  /** GET /bulk/jobs?group: the group's latest imports. */
  jobs: hr.input(sync(ZBulkGroupRequest)).output(sync(z.array(ZBulkStatus))).query(({ ctx, input }) => bulkJobs(ctx.db, ctx.user, input.group)),

  /** GET /bulk/rows?jobId: the rows with errors or warnings (hover messages). */
  rows: hr.input(sync(ZJobIdRequest)).output(sync(ZBulkRowsResponse)).query(({ ctx, input }) => bulkRows(ctx.db, ctx.user, input.jobId)),

  /** GET /bulk/errorFile?statusId: the failed rows with their messages (.xlsx, base64). */
  errorFile: hr.input(sync(ZStatusIdRequest)).output(sync(ZBulkFile)).query(async ({ ctx, input }) => file(await bulkErrorFile(ctx.db, ctx.user, input.statusId))),

  /** GET /bulk/download-error-file?jobId: the same file by job id. */
  downloadErrorFile: hr.input(sync(ZJobIdRequest)).output(sync(ZBulkFile)).query(async ({ ctx, input }) => file(await bulkErrorFile(ctx.db, ctx.user, input.jobId))),

  /** GET /bulk/download-input-file?jobId: the uploaded file. */
  downloadInputFile: hr
    .input(sync(ZJobIdRequest))
    .output(sync(ZBulkFile))
    .query(async ({ ctx, input }) => file(await bulkInputFile(ctx.db, fileStoreFor(ctx.config), ctx.user, input.jobId))),
});
