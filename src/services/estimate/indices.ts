/**
 * City cost-of-living and housing indices (part 1 §7 GET /admin/mercer/state, POST
 * /admin/mercer/import; part 1 §9 "import state 5 s"): an administrator uploads a spreadsheet
 * (.xlsx or .csv, columns CITY_INDEX_COLUMNS, header row first); the file runs as a persisted job
 * of kind "indices.import" that validates every row and writes the valid ones in one transaction
 * (source IMPORT, replacing the demo or earlier row of the same city), recording counts and
 * per-row problems in the job. The admin page polls `cityIndexImportState`.
 *
 * Importing this module registers the job handler.
 */
// exceljs is loaded on first use, not when the server starts.
import { readSheetRows } from "../spreadsheet.ts";
import type { DB } from "../../db/index.ts";
import { insertAudit } from "../../db/queries/audit.ts";
import {
  countCityIndicesBySource,
  findCityIndex,
  lastImportAt,
  pruneFinishedJobPayloads,
  upsertCityIndicesIn,
  cityKeyOf,
  type NewCityIndex,
} from "../../db/queries/estimate/city-indices.ts";
import { findLatestJobOfKind } from "../../db/queries/jobs.ts";
import { AppError } from "../../domain/errors.ts";
import { CITY_INDEX_COLUMNS, type ZImportStateResponse } from "../../domain/estimate/schemas.ts";
import { estimateMessages, estimateText } from "../../domain/estimate/messages.ts";
import { isCurrencyCode, MONEY_MAX_MINOR, parseAmount } from "../../domain/money/money.ts";
import type { z } from "zod";
import { enqueueJob, PermanentJobError, registerJobHandler, type Job, type JobDeps } from "../jobs/queue.ts";
import { xlsxBytes } from "../xlsx.ts";

export { findCityIndex, cityKeyOf };

export type TImportStateResponse = z.infer<typeof ZImportStateResponse>;

export const CITY_INDEX_IMPORT_JOB = "indices.import";
/** part 2 "Files": uploads up to 20 971 520 bytes. */
export const MAX_INDEX_FILE_BYTES = 20_971_520;
/** How many row problems the state message lists (the job result keeps all of them). */
const MESSAGE_PROBLEMS = 5;

/** Meridian's texts for the index import (the spec names the import but not these words). */
export const indexImportMessages = {
  fileType: "Please choose an .xlsx or .csv file.",
  fileTooLarge: "The file is larger than 20 MB.",
  fileUnreadable: "The file could not be read as a spreadsheet.",
  header: `The first row must name the columns: ${CITY_INDEX_COLUMNS.join(", ")}.`,
  country: 'the country code "{value}" is not a two-letter country code.',
  city: "the city is missing or longer than 200 characters.",
  currency: 'the currency "{value}" is not an ISO 4217 currency code.',
  index: 'the {column} "{value}" must be a positive decimal number.',
  rent: 'the monthly rent "{value}" must be a positive amount in {currency}: {reason}',
  rentPositive: "it must be more than zero.",
  rentTooLarge: "it is too large.",
  asOf: 'the date "{value}" must be a date (YYYY-MM-DD).',
  duplicate: "{city} ({country}) appears more than once; row {first} is used.",
  moreProblems: "… and {count} more.",
  noProblemsListed: "Some rows were not imported.",
} as const;

/** The texts a FAILED job may show as they are (anything else is an internal error: the generic text). */
const FILE_FAILURES = new Set<string>([
  indexImportMessages.fileType,
  indexImportMessages.fileUnreadable,
  indexImportMessages.header,
  estimateMessages.importEmpty,
]);

type ImportPayload = { fileName: string; base64: string; size: number };
export type ImportProblem = { row: number; message: string };
export type ImportResult = { fileName: string; imported: number; failed: number; problems: ImportProblem[] };

const isSpreadsheetName = (name: string) => /\.(xlsx|csv)$/i.test(name.trim());

// ── starting an import ──────────────────────────────────────────────────────────────────────

/**
 * Queues the import of an index file and answers the job id. Refused while another import is
 * pending or running (CONFLICT), for another file type or an oversized file (VALIDATION /
 * PAYLOAD_TOO_LARGE). The file travels in the job's payload, so a restart resumes it.
 */
export async function startCityIndexImport(
  deps: JobDeps,
  actor: { userId: number },
  file: { fileName: string; bytes: Uint8Array },
  now = new Date(),
): Promise<string> {
  const fileName = file.fileName.trim().slice(0, 255);
  if (!isSpreadsheetName(fileName)) throw new AppError("VALIDATION", indexImportMessages.fileType, { file: indexImportMessages.fileType });
  if (file.bytes.byteLength > MAX_INDEX_FILE_BYTES) throw new AppError("PAYLOAD_TOO_LARGE", indexImportMessages.fileTooLarge, { file: indexImportMessages.fileTooLarge });
  if (file.bytes.byteLength === 0) throw new AppError("VALIDATION", estimateMessages.importEmpty, { file: estimateMessages.importEmpty });
  const latest = await findLatestJobOfKind(deps.db, CITY_INDEX_IMPORT_JOB);
  if (latest && (latest.status === "PENDING" || latest.status === "RUNNING")) throw new AppError("CONFLICT", estimateMessages.importRunning);
  // Only the newest file is kept: earlier finished imports keep their result, not their bytes.
  await pruneFinishedJobPayloads(deps.db, CITY_INDEX_IMPORT_JOB);
  const payload: ImportPayload = { fileName, base64: Buffer.from(file.bytes).toString("base64"), size: file.bytes.byteLength };
  return enqueueJob(deps, { kind: CITY_INDEX_IMPORT_JOB, groupId: null, createdBy: actor.userId, payload }, now);
}

// ── reading and validating the file ─────────────────────────────────────────────────────────

/** The file's rows as trimmed text cells (header included), one per index column; PermanentJobError for a file that is no spreadsheet. */
export async function readIndexSheet(fileName: string, bytes: Uint8Array): Promise<string[][]> {
  const rows = (await readSheetRows(fileName, bytes, indexImportMessages)).map((row) => CITY_INDEX_COLUMNS.map((_, i) => row[i] ?? ""));
  // A spreadsheet's blank rows are left out; a CSV file's rows are kept as they are.
  return /\.csv$/i.test(fileName) ? rows : rows.filter((cells) => cells.some((c) => c !== ""));
}

const POSITIVE_DECIMAL = /^\d{1,6}(\.\d{1,6})?$/;

function isIsoDate(text: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(text)) return false;
  const d = new Date(`${text}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === text;
}

/** "87,5" or "087.50" → "87.5"; null unless a positive decimal. */
function indexValue(text: string): string | null {
  const cleaned = text.replace(",", ".");
  if (!POSITIVE_DECIMAL.test(cleaned)) return null;
  const [whole = "0", fraction = ""] = cleaned.split(".");
  const normalised = `${String(Number(whole))}${fraction.replace(/0+$/, "") ? `.${fraction.replace(/0+$/, "")}` : ""}`;
  return /^0(\.0*)?$/.test(normalised) ? null : normalised;
}

/**
 * Validates the data rows (the header is row 1, so data rows are numbered from 2): the valid ones
 * become city_indices rows (source IMPORT), the others one problem each ("Row 4: …").
 */
export function validateIndexRows(sheet: string[][], countries: ReadonlySet<string>, now: Date): { rows: NewCityIndex[]; problems: ImportProblem[] } {
  const rows: NewCityIndex[] = [];
  const problems: ImportProblem[] = [];
  const seen = new Map<string, number>();
  sheet.forEach((cells, index) => {
    const row = index + 2;
    const problem = (text: string, vars: Record<string, string | number> = {}) =>
      problems.push({ row, message: estimateText(estimateMessages.importRow, { row, problem: estimateText(text, vars) }) });
    const [country = "", city = "", currencyText = "", col = "", housing = "", rent = "", asOf = ""] = cells.map((c) => c.trim());
    const code = country.toUpperCase();
    if (!/^[A-Z]{2}$/.test(code) || (countries.size > 0 && !countries.has(code))) return problem(indexImportMessages.country, { value: country });
    if (city === "" || city.length > 200) return problem(indexImportMessages.city);
    const currency = currencyText.toUpperCase();
    if (!isCurrencyCode(currency)) return problem(indexImportMessages.currency, { value: currencyText });
    const colIndex = indexValue(col);
    if (colIndex === null) return problem(indexImportMessages.index, { column: "cost of living index", value: col });
    const housingIndex = indexValue(housing);
    if (housingIndex === null) return problem(indexImportMessages.index, { column: "housing index", value: housing });
    let monthlyRent: number;
    try {
      monthlyRent = parseAmount(rent, currency).amount;
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      return problem(indexImportMessages.rent, { value: rent, currency, reason: error.message });
    }
    if (monthlyRent <= 0) return problem(indexImportMessages.rent, { value: rent, currency, reason: indexImportMessages.rentPositive });
    if (monthlyRent > MONEY_MAX_MINOR) return problem(indexImportMessages.rent, { value: rent, currency, reason: indexImportMessages.rentTooLarge });
    if (!isIsoDate(asOf)) return problem(indexImportMessages.asOf, { value: asOf });
    const key = `${code}:${cityKeyOf(city)}`;
    const first = seen.get(key);
    if (first !== undefined) return problem(indexImportMessages.duplicate, { city, country: code, first });
    seen.set(key, row);
    rows.push({
      country_code: code,
      city_name: city.replace(/\s+/g, " "),
      currency,
      col_index: colIndex,
      housing_index: housingIndex,
      monthly_rent: monthlyRent,
      as_of: asOf,
      source: "IMPORT",
      updated_at: now.toISOString(),
    });
  });
  return { rows, problems };
}

function payloadOf(job: Job): ImportPayload {
  const payload = JSON.parse(job.payload) as Partial<ImportPayload>;
  if (typeof payload.fileName !== "string" || typeof payload.base64 !== "string") throw new PermanentJobError(indexImportMessages.fileUnreadable);
  return { fileName: payload.fileName, base64: payload.base64, size: payload.size ?? 0 };
}

/** The job: read, validate, write every valid row and the audit row in one transaction. */
export async function runCityIndexImport(job: Job, deps: JobDeps): Promise<{ result: ImportResult; successCount: number; failureCount: number }> {
  const payload = payloadOf(job);
  const sheet = await readIndexSheet(payload.fileName, new Uint8Array(Buffer.from(payload.base64, "base64")));
  const header = (sheet[0] ?? []).map((h) => h.trim().toLowerCase());
  if (sheet.length === 0) throw new PermanentJobError(estimateMessages.importEmpty);
  if (CITY_INDEX_COLUMNS.some((c, i) => header[i] !== c.toLowerCase())) throw new PermanentJobError(indexImportMessages.header);
  const data = sheet.slice(1);
  if (data.length === 0) throw new PermanentJobError(estimateMessages.importEmpty);

  const now = new Date();
  const countries = new Set((await deps.db.selectFrom("countries").select("code").execute()).map((c) => c.code));
  const { rows, problems } = validateIndexRows(data, countries, now);
  const imported = await deps.db.transaction().execute(async (trx) => {
    const written = await upsertCityIndicesIn(trx, rows);
    await insertAudit(trx, {
      at: now.toISOString(),
      actorUserId: job.created_by,
      groupId: null,
      entity: "cityIndices",
      entityId: job.id,
      action: "estimate.indicesImported",
      newValues: { fileName: payload.fileName, imported: written, failed: problems.length },
    });
    return written;
  });
  return {
    result: { fileName: payload.fileName, imported, failed: problems.length, problems },
    successCount: imported,
    failureCount: problems.length,
  };
}

registerJobHandler(CITY_INDEX_IMPORT_JOB, runCityIndexImport);

// ── state and template ──────────────────────────────────────────────────────────────────────

function resultOf(job: Job): ImportResult | null {
  if (!job.result) return null;
  try {
    return JSON.parse(job.result) as ImportResult;
  } catch {
    return null;
  }
}

/** The import message of a finished job: "12 city indices imported." and the first row problems. */
function doneMessage(job: Job): string {
  const result = resultOf(job);
  const done = estimateText(estimateMessages.importDone, { count: job.success_count });
  if (job.failure_count === 0) return done;
  const problems = result?.problems ?? [];
  if (problems.length === 0) return `${done} ${indexImportMessages.noProblemsListed}`;
  const listed = problems.slice(0, MESSAGE_PROBLEMS).map((p) => p.message);
  const more = problems.length - listed.length;
  return [done, ...listed, ...(more > 0 ? [estimateText(indexImportMessages.moreProblems, { count: more })] : [])].join(" ");
}

/**
 * GET /admin/mercer/state: the latest import's state (IDLE without one; PENDING and RUNNING jobs
 * are RUNNING; DONE is COMPLETED, or COMPLETED_WITH_ERRORS when rows were refused; FAILED), its
 * message, `rows` = imported rows in the table, `demoRows` = demo rows still in it, and when
 * imported rows were last written.
 */
export async function cityIndexImportState(db: DB): Promise<TImportStateResponse> {
  const [job, counts, importedAt] = await Promise.all([findLatestJobOfKind(db, CITY_INDEX_IMPORT_JOB), countCityIndicesBySource(db), lastImportAt(db)]);
  const base = { rows: counts.IMPORT, demoRows: counts.DEMO, importedAt };
  if (!job) return { importState: "IDLE", importResultMessage: null, ...base };
  switch (job.status) {
    case "PENDING":
    case "RUNNING":
      return { importState: "RUNNING", importResultMessage: null, ...base };
    case "DONE":
      return { importState: job.failure_count > 0 ? "COMPLETED_WITH_ERRORS" : "COMPLETED", importResultMessage: doneMessage(job), ...base };
    case "FAILED":
      return { importState: "FAILED", importResultMessage: job.error && FILE_FAILURES.has(job.error) ? job.error : estimateMessages.generic, ...base };
  }
}

/** GET /admin/mercer/template: the header row and two example rows, as .xlsx. */
export async function cityIndexTemplate(): Promise<Uint8Array> {
  const { default: Excel } = await import("exceljs");
  const workbook = new Excel.Workbook();
  workbook.creator = "Meridian";
  const sheet = workbook.addWorksheet("City indices");
  sheet.columns = CITY_INDEX_COLUMNS.map((header) => ({ header, key: header, width: header === "City" ? 24 : 18 }));
  sheet.getRow(1).font = { bold: true };
  sheet.addRow(["GB", "London", "GBP", "86", "78", "4600.00", "2026-01-01"]);
  sheet.addRow(["US", "New York City", "USD", "100", "100", "7500.00", "2026-01-01"]);
  // Text cells, so a spreadsheet program keeps "2026-01-01" and "4600.00" as typed.
  for (let r = 2; r <= 3; r++) for (let c = 1; c <= CITY_INDEX_COLUMNS.length; c++) sheet.getRow(r).getCell(c).numFmt = "@";
  return xlsxBytes(workbook);
}

export const CITY_INDEX_TEMPLATE_NAME = "city-indices-template.xlsx";
