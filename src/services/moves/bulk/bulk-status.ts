/**
 * The bulk import's status, rows and downloads (issue 15; part 1 §3, §7; part 2 §3, §4, §7; see
 * bulk.ts), for HR of the job's group and ADMIN (another group's job is NOT_FOUND).
 */
import type { DB } from "../../../db/index.ts";
import { findJob } from "../../../db/queries/jobs.ts";
import { AppError } from "../../../domain/errors.ts";
import { messages } from "../../../domain/messages.ts";
import { canActInGroup } from "../../../domain/roles.ts";
import {
  bulkMessages,
  bulkText,
  type TBulkFile,
  type TBulkRowsResponse,
  type TBulkStatus,
  type TImportState,
  type TJobState,
  type TJobStatusResponse,
} from "../../../domain/moves/bulk/schemas.ts";
import type { SessionUser } from "../../identity/auth.ts";
import type { FileStore } from "../../employee/files/store.ts";
import type { Job } from "../../jobs/queue.ts";
import { WIZARD_ROLES } from "../wizard/access.ts";
import { bulkGroupFor, workbookBytes, XLSX_TYPE, type BulkJobPayload } from "./bulk.ts";
import { BULK_IMPORT_JOB, isFileProblem, readStored } from "./bulk-job.ts";

/** The bulk job `jobId` for HR of its group or ADMIN; any other job (another group's, another kind) is NOT_FOUND. */
async function jobFor(db: DB, user: SessionUser, jobId: string): Promise<Job> {
  if (!WIZARD_ROLES.includes(user.role)) throw new AppError("FORBIDDEN", messages.forbidden);
  const job = await findJob(db, jobId);
  if (!job || job.kind !== BULK_IMPORT_JOB || job.group_id === null || !canActInGroup(user, job.group_id)) {
    throw new AppError("NOT_FOUND", bulkMessages.jobNotFound);
  }
  return job;
}

// ── status ────────────────────────────────────────────────────────────────────────────────────

function jobState(job: Job): TJobState {
  switch (job.status) {
    case "PENDING":
      return "REGISTERED";
    case "RUNNING":
      return "UNDER_PROCESSING";
    case "DONE":
      return "PROCESSED";
    case "FAILED":
      return "ABORTED";
  }
}

/** The spec's text of an aborted job: the file's own problem as it is, anything internal as the generic abort text. */
function failureReasonOf(job: Job): string | null {
  if (job.status !== "FAILED") return null;
  const reason = job.error ?? "";
  return isFileProblem(reason) ? reason : bulkMessages.aborted;
}

function importStateOf(job: Job): TImportState | null {
  switch (job.status) {
    case "PENDING":
    case "RUNNING":
      return null;
    case "FAILED":
      return isFileProblem(job.error ?? "") ? "XLS_VALIDATION_ERROR" : "XLS_IMPORT_ERROR";
    case "DONE":
      return job.failure_count > 0 ? "COMPLETED_WITH_ERRORS" : "COMPLETED";
  }
}

function statusOf(job: Job): TBulkStatus {
  const payload = JSON.parse(job.payload) as Partial<BulkJobPayload>;
  return {
    registrationId: job.id,
    totalCount: job.total_count,
    successCount: job.success_count,
    failureCount: job.failure_count,
    status: jobState(job),
    importState: importStateOf(job),
    failureReason: failureReasonOf(job),
    fileName: payload.fileName ?? "",
    createdAt: job.created_at,
  };
}

/** GET /bulk/getStatus?statusId (part 1 §3, §7): polled every 5 s while REGISTERED or UNDER_PROCESSING. */
export async function bulkStatus(db: DB, user: SessionUser, statusId: string): Promise<TBulkStatus> {
  return statusOf(await jobFor(db, user, statusId));
}

/** GET /bulk/get-status?jobId (part 2 §3, §4, §7): success, uploadDTO, resultMessage. */
export async function bulkJobStatus(db: DB, user: SessionUser, jobId: string): Promise<TJobStatusResponse> {
  const job = await jobFor(db, user, jobId);
  const s = statusOf(job);
  const resultMessage =
    s.status === "ABORTED"
      ? (s.failureReason ?? bulkMessages.aborted)
      : s.status === "PROCESSED"
        ? s.failureCount > 0
          ? bulkText(bulkMessages.completedWithErrors, { success: s.successCount, failure: s.failureCount })
          : bulkText(bulkMessages.completed, { success: s.successCount })
        : s.status === "REGISTERED"
          ? bulkMessages.registered
          : bulkText(bulkMessages.running, { done: s.successCount + s.failureCount, total: s.totalCount });
  return {
    success: s.status !== "ABORTED",
    uploadDTO: { jobId: job.id, totalCount: s.totalCount, successCount: s.successCount, failureCount: s.failureCount, status: s.status, failureReason: s.failureReason },
    resultMessage,
  };
}

/** The newest bulk jobs of the group (the import page's history), newest first. */
export async function bulkJobs(db: DB, user: SessionUser, groupName: string): Promise<TBulkStatus[]> {
  const group = await bulkGroupFor(db, user, groupName);
  const jobs = await db
    .selectFrom("jobs")
    .selectAll()
    .where("kind", "=", BULK_IMPORT_JOB)
    .where("group_id", "=", group.id)
    .orderBy("created_at", "desc")
    .orderBy("id")
    .limit(10)
    .execute();
  return jobs.map(statusOf);
}

const ROWS_SHOWN = 500;
const parseList = (json: string): string[] => {
  try {
    const v = JSON.parse(json) as unknown;
    return Array.isArray(v) ? v.map(String) : [];
  } catch {
    return [];
  }
};

/** The rows with errors or warnings (the import page's hover messages), first ROWS_SHOWN. */
export async function bulkRows(db: DB, user: SessionUser, jobId: string): Promise<TBulkRowsResponse> {
  const job = await jobFor(db, user, jobId);
  const rows = await db
    .selectFrom("bulk_import_rows")
    .selectAll()
    .where("job_id", "=", job.id)
    .where((eb) => eb.or([eb("status", "=", "FAILED"), eb("warnings", "!=", "[]")]))
    .orderBy("row_number")
    .limit(ROWS_SHOWN + 1)
    .execute();
  return {
    rows: rows.slice(0, ROWS_SHOWN).map((r) => ({
      rowNumber: r.row_number,
      status: r.status,
      summary: r.summary,
      employeeId: r.employee_id,
      moveId: r.move_id,
      errors: parseList(r.errors),
      warnings: parseList(r.warnings),
    })),
    truncated: rows.length > ROWS_SHOWN,
  };
}

// ── downloads ─────────────────────────────────────────────────────────────────────────────────

/** GET /bulk/errorFile?statusId and /bulk/download-error-file?jobId: an .xlsx with each failed row and its messages. */
export async function bulkErrorFile(db: DB, user: SessionUser, jobId: string): Promise<TBulkFile & { bytes: Uint8Array }> {
  const job = await jobFor(db, user, jobId);
  if (job.status !== "DONE") throw new AppError("CONFLICT", bulkMessages.notFinished);
  const rows = await db
    .selectFrom("bulk_import_rows")
    .select(["row_number", "summary", "errors", "warnings"])
    .where("job_id", "=", job.id)
    .where("status", "=", "FAILED")
    .orderBy("row_number")
    .execute();
  if (rows.length === 0) throw new AppError("NOT_FOUND", bulkMessages.noErrors);
  const { default: Excel } = await import("exceljs");
  const workbook = new Excel.Workbook();
  const sheet = workbook.addWorksheet("Errors");
  sheet.addRow(["Row", "Employee", "Errors", "Warnings"]).font = { bold: true };
  for (const r of rows) sheet.addRow([r.row_number, r.summary, parseList(r.errors).join("\n"), parseList(r.warnings).join("\n")]);
  sheet.getColumn(2).width = 40;
  sheet.getColumn(3).width = 80;
  sheet.getColumn(4).width = 60;
  const bytes = await workbookBytes(workbook);
  const base = (JSON.parse(job.payload) as Partial<BulkJobPayload>).fileName?.replace(/\.(xlsx|csv)$/i, "") ?? "import";
  return { fileName: `${base}-errors.xlsx`, contentType: XLSX_TYPE, base64: Buffer.from(bytes).toString("base64"), bytes };
}

/** GET /bulk/download-input-file?jobId: the uploaded file as it was stored. */
export async function bulkInputFile(db: DB, store: FileStore, user: SessionUser, jobId: string): Promise<TBulkFile & { bytes: Uint8Array }> {
  const job = await jobFor(db, user, jobId);
  const payload = JSON.parse(job.payload) as Partial<BulkJobPayload>;
  const bytes = payload.hash ? await readStored(store, payload.hash) : null;
  if (!bytes) throw new AppError("NOT_FOUND", bulkMessages.jobNotFound);
  const fileName = payload.fileName ?? "import.xlsx";
  const contentType = /\.csv$/i.test(fileName) ? "text/csv; charset=utf-8" : XLSX_TYPE;
  return { fileName, contentType, base64: Buffer.from(bytes).toString("base64"), bytes };
}
