// exceljs is loaded on first use, not when the server starts.
import type ExcelJS from "exceljs";
import type { DB } from "../../db/index.ts";
import { lockRow } from "../../db/locks.ts";
import { findBudgetGroupById, findRates } from "../../db/queries/policy/policy.ts";
import { AppError } from "../../domain/errors.ts";
import { toMajorString } from "../../domain/money/money.ts";
import { parseBudgetAmount } from "../../domain/policy/budget.ts";
import { RATE_FREQUENCIES, type RateFrequency } from "../../domain/policy/catalogue.ts";
import { policyMessages } from "../../domain/policy/messages.ts";
import type { TRateRow, TUploadRatesResponse } from "../../domain/policy/schemas.ts";
import type { SessionUser } from "../identity/auth.ts";
import { versionForCaller, type PolicyAccess, type VersionRef } from "./access.ts";
import { auditPolicy, type PolicyActor } from "./common.ts";
import { xlsxBytes } from "../xlsx.ts";

/**
 * Rates of a budget group (part 2 §7 GET and POST rates/budget-groups/{id}, GET
 * rates/budget-groups/popup/{id}): a spreadsheet of country, city, description, currency, amount
 * and frequency per row. Download as .xlsx (a template with the headers when empty); upload an
 * .xlsx or .csv that replaces the group's rates in one transaction, or nothing when any row is wrong.
 */

export const RATE_COLUMNS = ["Country code", "City", "Description", "Currency", "Amount", "Frequency"] as const;
export const XLSX_TYPE = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet";

/** The budget group row and its version, checked against the caller (writes need a DRAFT version). */
export async function budgetGroupForCaller(db: DB, user: SessionUser, budgetGroupId: number, access: PolicyAccess) {
  const group = await findBudgetGroupById(db, budgetGroupId);
  if (!group) throw new AppError("NOT_FOUND", policyMessages.cannotLoadBudgetData);
  const version = await versionForCaller(db, user, group.policy_version_id, access);
  return { group, version };
}

function toRateRow(r: { id: number; country_code: string; city: string; description: string; currency: string; amount: number; frequency: string }): TRateRow {
  let amountText: string;
  try {
    amountText = toMajorString({ amount: r.amount, currency: r.currency });
  } catch {
    amountText = String(r.amount);
  }
  return {
    id: r.id,
    countryCode: r.country_code,
    city: r.city,
    description: r.description,
    currency: r.currency,
    amount: r.amount,
    amountText,
    frequency: r.frequency,
  };
}

/** The group's rates (GET rates/budget-groups/popup/{id}). */
export async function rateRows(db: DB, budgetGroupId: number): Promise<TRateRow[]> {
  return (await findRates(db, budgetGroupId)).map(toRateRow);
}

/** The group's rates as an .xlsx workbook (headers only when there are none). */
export async function ratesWorkbook(db: DB, budgetGroupId: number): Promise<Uint8Array> {
  const rows = await rateRows(db, budgetGroupId);
  const { default: Excel } = await import("exceljs");
  const workbook = new Excel.Workbook();
  workbook.creator = "Meridian";
  const sheet = workbook.addWorksheet("Rates");
  sheet.columns = RATE_COLUMNS.map((header) => ({ header, key: header, width: header === "Description" ? 40 : 16 }));
  sheet.getRow(1).font = { bold: true };
  for (const r of rows) sheet.addRow([r.countryCode, r.city, r.description, r.currency, r.amountText, r.frequency]);
  return xlsxBytes(workbook);
}

/** Splits CSV text into rows of cells (quotes, doubled quotes, CRLF). */
export function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = "";
  let quoted = false;
  const input = text.replace(/^\uFEFF/, "");
  for (let i = 0; i < input.length; i++) {
    const ch = input[i]!;
    if (quoted) {
      if (ch === '"' && input[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (ch === '"') quoted = false;
      else cell += ch;
    } else if (ch === '"') quoted = true;
    else if (ch === "," || ch === ";") {
      row.push(cell);
      cell = "";
    } else if (ch === "\n" || ch === "\r") {
      if (ch === "\r" && input[i + 1] === "\n") i++;
      row.push(cell);
      rows.push(row);
      row = [];
      cell = "";
    } else cell += ch;
  }
  if (cell !== "" || row.length > 0) {
    row.push(cell);
    rows.push(row);
  }
  return rows.filter((r) => r.some((c) => c.trim() !== ""));
}

function cellText(value: ExcelJS.CellValue): string {
  if (value === null || value === undefined) return "";
  if (typeof value === "object") {
    if ("text" in value && typeof value.text === "string") return value.text;
    if ("result" in value && value.result !== undefined) return String(value.result);
    if ("richText" in value && Array.isArray(value.richText)) return value.richText.map((r) => r.text).join("");
    if (value instanceof Date) return value.toISOString().slice(0, 10);
    return "";
  }
  return String(value);
}

async function readSheet(fileName: string, bytes: Uint8Array): Promise<string[][]> {
  if (/\.csv$/i.test(fileName)) return parseCsv(new TextDecoder().decode(bytes));
  if (!/\.xlsx$/i.test(fileName)) throw new AppError("VALIDATION", policyMessages.rateFileInvalid);
  const { default: Excel } = await import("exceljs");
  const workbook = new Excel.Workbook();
  try {
    await workbook.xlsx.load(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer);
  } catch {
    throw new AppError("VALIDATION", policyMessages.rateFileInvalid);
  }
  const sheet = workbook.worksheets[0];
  if (!sheet) return [];
  const rows: string[][] = [];
  sheet.eachRow({ includeEmpty: false }, (row) => {
    const cells: string[] = [];
    for (let c = 1; c <= RATE_COLUMNS.length; c++) cells.push(cellText(row.getCell(c).value).trim());
    if (cells.some((c) => c !== "")) rows.push(cells);
  });
  return rows;
}

type ParsedRate = { country_code: string; city: string; description: string; currency: string; amount: number; frequency: RateFrequency };

/**
 * POST rates/budget-groups/{id}: replaces the group's rates with the file's rows (the first row is
 * the header). Row errors are listed and nothing is written; the message starts with the spec's
 * "File upload: success." or "File upload: failure.".
 */
export async function uploadRates(
  db: DB,
  actor: PolicyActor,
  version: VersionRef,
  budgetGroupId: number,
  file: { name: string; bytes: Uint8Array },
  now = new Date(),
): Promise<TUploadRatesResponse> {
  const failure = (detail: string, errors: { row: number; message: string }[] = []): TUploadRatesResponse => ({
    success: false,
    message: `${policyMessages.fileUploadFailure} ${detail}`,
    rows: [],
    errors,
  });
  let sheet: string[][];
  try {
    sheet = await readSheet(file.name, file.bytes);
  } catch (e) {
    if (e instanceof AppError) return failure(e.message);
    throw e;
  }
  const header = sheet[0]?.map((h) => h.trim().toLowerCase()) ?? [];
  if (RATE_COLUMNS.some((c, i) => header[i] !== c.toLowerCase())) return failure(policyMessages.rateFileInvalid);

  const currencies = new Set((await db.selectFrom("currencies").select("code").execute()).map((c) => c.code));
  const countries = new Set((await db.selectFrom("countries").select("code").execute()).map((c) => c.code));
  const rates: ParsedRate[] = [];
  const errors: { row: number; message: string }[] = [];
  sheet.slice(1).forEach((cells, index) => {
    const rowNumber = index + 2;
    const [country = "", city = "", description = "", currency = "", amount = "", frequency = ""] = cells.map((c) => c.trim());
    const code = country.toUpperCase();
    const ccy = currency.toUpperCase();
    const freq = frequency.toUpperCase().replace(/[\s-]+/g, "_");
    if (!/^[A-Z]{2}$/.test(code) || (countries.size > 0 && !countries.has(code))) {
      errors.push({ row: rowNumber, message: `Row ${rowNumber}: unknown country code "${country}".` });
      return;
    }
    if (!currencies.has(ccy)) {
      errors.push({ row: rowNumber, message: `Row ${rowNumber}: unknown currency "${currency}".` });
      return;
    }
    const parsed = parseBudgetAmount(amount, ccy);
    if (!parsed.ok || parsed.minor === null) {
      errors.push({ row: rowNumber, message: `Row ${rowNumber}: ${parsed.ok ? policyMessages.notANumber : parsed.message}` });
      return;
    }
    if (!(RATE_FREQUENCIES as readonly string[]).includes(freq)) {
      errors.push({ row: rowNumber, message: `Row ${rowNumber}: the frequency must be one of ${RATE_FREQUENCIES.join(", ")}.` });
      return;
    }
    if (city.length > 200 || description.length > 500) {
      errors.push({ row: rowNumber, message: `Row ${rowNumber}: ${policyMessages.rateFileInvalid}` });
      return;
    }
    rates.push({ country_code: code, city, description, currency: ccy, amount: parsed.minor, frequency: freq as RateFrequency });
  });
  if (errors.length > 0) return failure(errors.map((e) => e.message).join(" "), errors);

  return db.transaction().execute(async (trx) => {
    // Replace = delete then insert: parallel uploads queue on the version's row, else each delete
    // misses the others' uncommitted rows and the rates add up.
    await lockRow(trx, "policy_versions", version.versionId);
    const before = await findRates(trx, budgetGroupId);
    await trx.deleteFrom("budget_group_rates").where("budget_group_id", "=", budgetGroupId).execute();
    if (rates.length > 0) {
      await trx.insertInto("budget_group_rates").values(rates.map((r) => ({ ...r, budget_group_id: budgetGroupId }))).execute();
    }
    await auditPolicy(trx, actor, {
      groupId: version.groupId,
      entity: "budget",
      entityId: `group:${budgetGroupId}`,
      action: "budgetRatesUploaded",
      oldValues: { rows: before.length },
      newValues: { rows: rates.length, file: file.name },
    }, now);
    const rows = (await findRates(trx, budgetGroupId)).map(toRateRow);
    return { success: true, message: `${policyMessages.fileUploadSuccess} ${rows.length} ${rows.length === 1 ? "row" : "rows"} saved.`, rows, errors: [] };
  });
}
