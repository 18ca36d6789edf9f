/**
 * Bulk employee import (issue 15; part 1 §1, §3, §4, §7; part 2 §3, §4, §5, §7): the job states, the
 * import page states, the requests and answers of every bulk call, and the texts.
 */
import { z } from "zod";

export const bulkMessages = {
  /** part 2 §5: "Bulk upload needs a file". */
  chooseFile: "Please choose file!",
  fileType: "The file must be an .xlsx spreadsheet or a .csv file.",
  fileTooLarge: "The file is larger than 20 MB.",
  fileUnreadable: "The file could not be read as a spreadsheet.",
  empty: "The file has no employee rows.",
  tooManyRows: "The file has more than {max} employee rows.",
  columns: "The columns do not match the template: {problem}. Please download the template again.",
  missingColumn: "missing column \"{column}\"",
  unknownColumn: "unknown column \"{column}\"",
  unknownCountry: "{label}: unknown country \"{value}\".",
  /** Issue 24 §6: a place written as "city, region, country" (or in the three columns) that names no single city. */
  unknownRegion: "{label}: unknown state or region \"{value}\" in {country}.",
  unknownCity: "{label}: no city \"{value}\" in {place}.",
  ambiguousCity: "{label}: \"{value}\" is a city in several states or regions of {country} ({regions}). Please add the state or region, for example \"{example}\".",
  ambiguousSameRegion: "{label}: {count} cities are named \"{value}\" in that state or region. Please pick the city in the new-move form.",
  countryNeeded: "{label}: the city \"{value}\" needs a country (a Country column or \"city, region, country\").",
  policyRequired: "Policy cannot be empty.",
  aborted: "The import was stopped by an internal error. Rows imported before it are kept.",
  jobNotFound: "The import job does not exist.",
  noErrors: "The import has no failed rows.",
  notFinished: "The import has not finished yet.",
  ignoredColumn: "{column}: ignored, the field does not apply to policy {policy}.",
  completed: "{success} employees imported.",
  completedWithErrors: "{success} employees imported, {failure} rows failed.",
  running: "{done} of {total} rows processed.",
  registered: "The import is waiting to start.",
} as const;

export function bulkText(template: string, vars: Record<string, string | number>): string {
  return template.replace(/\{(\w+)\}/g, (m, k: string) => (k in vars ? String(vars[k]) : m));
}

/** part 2 §3: the upload job's status. */
export const JOB_STATES = ["REGISTERED", "UNDER_PROCESSING", "PROCESSED", "ABORTED"] as const;
export const ZJobState = z.enum(JOB_STATES);
export type TJobState = z.infer<typeof ZJobState>;
/** part 1 §4: the import page's terminal states. */
export const IMPORT_STATES = ["XLS_VALIDATION_ERROR", "XLS_IMPORT_ERROR", "COMPLETED", "COMPLETED_WITH_ERRORS"] as const;
export const ZImportState = z.enum(IMPORT_STATES);
export type TImportState = z.infer<typeof ZImportState>;
/** part 1 §4: REGISTERED and UNDER_PROCESSING keep polling; any other status stops it. */
export const isPolling = (status: TJobState) => status === "REGISTERED" || status === "UNDER_PROCESSING";

const groupName = z.string().trim().min(1).max(100);
const jobUuid = z.string().trim().uuid({ message: bulkMessages.jobNotFound });

export const ZBulkGroupRequest = z.object({ group: groupName });
export const ZStatusIdRequest = z.object({ statusId: jobUuid });
export const ZJobIdRequest = z.object({ jobId: jobUuid });

/** part 1 §3, §7: GET bulk/getStatus?statusId. */
export const ZBulkStatus = z.object({
  registrationId: z.string(),
  totalCount: z.number().int(),
  successCount: z.number().int(),
  failureCount: z.number().int(),
  status: ZJobState,
  /** The import page state once the job is over (null while it polls). */
  importState: ZImportState.nullable(),
  failureReason: z.string().nullable(),
  fileName: z.string(),
  createdAt: z.string(),
});
export type TBulkStatus = z.infer<typeof ZBulkStatus>;

/** part 2 §3: the upload job. */
export const ZUploadDTO = z.object({
  jobId: z.string(),
  totalCount: z.number().int(),
  successCount: z.number().int(),
  failureCount: z.number().int(),
  status: ZJobState,
  failureReason: z.string().nullable(),
});
/** part 2 §7: GET get-status?jobId (success, uploadDTO, resultMessage). */
export const ZJobStatusResponse = z.object({ success: z.boolean(), uploadDTO: ZUploadDTO, resultMessage: z.string() });
export type TJobStatusResponse = z.infer<typeof ZJobStatusResponse>;

/** One row's result on the import page: error and warning hover messages (part 2 §2). */
export const ZBulkRow = z.object({
  rowNumber: z.number().int(),
  status: z.enum(["SUCCESS", "FAILED"]),
  summary: z.string(),
  employeeId: z.number().int().nullable(),
  moveId: z.number().int().nullable(),
  errors: z.array(z.string()),
  warnings: z.array(z.string()),
});
export const ZBulkRowsResponse = z.object({ rows: z.array(ZBulkRow), truncated: z.boolean() });
export type TBulkRowsResponse = z.infer<typeof ZBulkRowsResponse>;

/** A downloadable file through tRPC (the legacy path answers the bytes themselves). */
export const ZBulkFile = z.object({ fileName: z.string(), contentType: z.string(), base64: z.string() });
export type TBulkFile = z.infer<typeof ZBulkFile>;

/** The upload through tRPC: FormData with `group` and `file` (or an object from a server-side caller). */
export const ZBulkUploadInput = z.preprocess(
  (v) => (v instanceof FormData ? Object.fromEntries(v.entries()) : v),
  z.object({ group: groupName, file: z.instanceof(File, { message: bulkMessages.chooseFile }).optional() }),
);
export const ZBulkUploadResponse = z.object({ success: z.boolean(), jobId: z.string(), statusId: z.string() });
export type TBulkUploadResponse = z.infer<typeof ZBulkUploadResponse>;
