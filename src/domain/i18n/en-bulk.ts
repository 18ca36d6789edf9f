/**
 * English texts of the bulk employee import page (issue 15; part 1 §4; part 2 §2, §4, §5). The spec's own
 * texts ("Please choose file!", the job states) come from src/domain/moves/bulk/schemas.ts.
 */
import { bulkMessages } from "../moves/bulk/schemas.ts";

export const enBulk = {
  "bulk.title": "Import employees",
  "bulk.eyebrow": "{{group}} · Bulk import",
  "bulk.intro": "Download the template, fill in one employee per row (each row is checked like the new-move form's stage 2), and upload it. Each valid row creates the employee and a draft move.",
  "bulk.template": "Download template",
  "bulk.file": "Spreadsheet (.xlsx or .csv)",
  "bulk.upload": "Upload",
  "bulk.uploading": "Uploading…",
  "bulk.chooseFile": bulkMessages.chooseFile,
  "bulk.uploadFailed": "The upload failed. Please try again.",
  "bulk.progress": "Import progress",
  "bulk.counts": "{{done}} of {{total}} rows · {{success}} imported · {{failure}} failed",
  "bulk.state.REGISTERED": "Waiting to start",
  "bulk.state.UNDER_PROCESSING": "Importing…",
  "bulk.state.XLS_VALIDATION_ERROR": "The file could not be imported",
  "bulk.state.XLS_IMPORT_ERROR": "The import was stopped",
  "bulk.state.COMPLETED": "Complete",
  "bulk.state.COMPLETED_WITH_ERRORS": "Complete with errors",
  "bulk.state.PROCESSED": "Complete",
  "bulk.state.ABORTED": "The import was stopped",
  "bulk.errorFile": "Download error report",
  "bulk.inputFile": "Download uploaded file",
  "bulk.rows": "Rows with problems",
  "bulk.colRow": "Row",
  "bulk.colEmployee": "Employee",
  "bulk.colResult": "Result",
  "bulk.rowFailed": "Failed",
  "bulk.rowWarning": "Imported with warnings",
  "bulk.errorsOf": "Errors of row {{row}}",
  "bulk.warningsOf": "Warnings of row {{row}}",
  "bulk.noProblems": "Every row was imported without a problem.",
  "bulk.history": "Recent imports",
  "bulk.noImports": "No imports yet",
  "bulk.noImportsHint": "Uploaded files and their results appear here.",
  "bulk.loadFailed": "The imports could not be loaded.",
  "bulk.truncated": "Only the first 500 rows with problems are listed; the error report has them all.",
  "bulk.open": "Show",
} as const;
