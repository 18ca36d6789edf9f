/**
 * Report downloads (issue 26 "download as streamed CSV and as XLSX (exceljs streaming writer)"): a report's rows
 * as they come from `runReport`, never all in memory. Money cells are written in major units with the
 * currency's digits (src/domain/money/, `toMajorString`), never floats of minor units.
 *
 * - CSV: RFC 4180 (comma, CRLF, fields quoted when they hold a comma, quote, CR or LF; quotes doubled), with a
 *   UTF-8 byte order mark, and formula-injection safe: a text cell starting with =, +, -, @ (or a tab/CR) gets a
 *   leading apostrophe (OWASP "CSV injection").
 * - XLSX: exceljs's streaming WorkbookWriter, each row committed as written.
 */
import { PassThrough } from "node:stream";
import ExcelJS from "exceljs";
import { minorUnitsOf, toMajorString } from "../../domain/money/money.ts";
import type { ReportCell, ReportColumn, ReportResult, ReportRow } from "../../domain/reporting/types.ts";

/** A money cell's text in major units of the row's currency ("" without a currency or an amount). */
export function moneyText(amount: ReportCell, currency: ReportCell): string {
  if (amount === null || amount === "" || typeof currency !== "string" || currency === "") return amount === null ? "" : String(amount);
  return toMajorString({ amount: Number(amount), currency });
}

/** One cell as text (money in major units). */
export function cellText(column: ReportColumn, row: ReportRow): string {
  const v = row[column.key] ?? null;
  if (column.kind === "money") return moneyText(v, column.currencyKey ? (row[column.currencyKey] ?? null) : null);
  return v === null ? "" : String(v);
}

/** Neutralises a spreadsheet formula (OWASP CSV injection): a leading =, +, -, @, tab or CR gets an apostrophe. */
export function safeText(text: string): string {
  return /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
}

/** One RFC 4180 field. */
export function csvField(text: string): string {
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** A CSV line of text cells (CRLF ended). */
export function csvLine(cells: string[]): string {
  return `${cells.map(csvField).join(",")}\r\n`;
}

/** A numeric cell stays as it is (a negative amount is not a formula); text cells are neutralised. */
function csvCell(column: ReportColumn, row: ReportRow): string {
  const text = cellText(column, row);
  return column.kind === "text" ? safeText(text) : text;
}

/** Lines per chunk handed to the stream (fewer, larger writes). */
const CSV_CHUNK_ROWS = 500;

/** The report as a streamed CSV body. */
export function csvStream(result: ReportResult): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  const iterator = result.rows[Symbol.asyncIterator]();
  let started = false;
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      let out = "";
      if (!started) {
        started = true;
        out += `\uFEFF${csvLine(result.columns.map((c) => safeText(c.title)))}`;
      }
      for (let i = 0; i < CSV_CHUNK_ROWS; i++) {
        const next = await iterator.next();
        if (next.done) {
          if (out) controller.enqueue(encoder.encode(out));
          controller.close();
          return;
        }
        const row = next.value;
        out += `${result.columns.map((c) => csvField(csvCell(c, row))).join(",")}\r\n`;
      }
      controller.enqueue(encoder.encode(out));
    },
    async cancel() {
      await iterator.return?.();
    },
  });
}

/** The value an XLSX cell holds: numbers as numbers (money in major units), text as text. */
function xlsxValue(column: ReportColumn, row: ReportRow): string | number | null {
  const v = row[column.key] ?? null;
  if (v === null) return null;
  if (column.kind === "money") {
    const currency = column.currencyKey ? row[column.currencyKey] : null;
    return typeof currency === "string" && currency !== "" ? Number(toMajorString({ amount: Number(v), currency })) : Number(v);
  }
  if (column.kind === "integer" || column.kind === "percent") return typeof v === "number" ? v : Number(v);
  return safeText(String(v));
}

/** The number format of a money column: the digits of the currency of the first row that names one (0, 2 or 3). */
function moneyFormat(digits: number): string {
  return digits === 0 ? "#,##0" : `#,##0.${"0".repeat(digits)}`;
}

/** The report as a streamed XLSX body (exceljs WorkbookWriter; rows committed as written). */
export function xlsxStream(result: ReportResult, sheetName = "Report"): ReadableStream<Uint8Array> {
  const pass = new PassThrough();
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: pass, useStyles: true, useSharedStrings: false });
  const sheet = workbook.addWorksheet(sheetName.slice(0, 31).replace(/[\\/?*[\]:]/g, " ") || "Report");
  sheet.columns = result.columns.map((c) => ({ header: safeText(c.title), key: c.key, width: Math.min(40, Math.max(10, c.title.length + 2)) }));
  const write = (async () => {
    try {
      for await (const row of result.rows) {
        const added = sheet.addRow(result.columns.map((c) => xlsxValue(c, row)));
        result.columns.forEach((c, i) => {
          if (c.kind !== "money") return;
          const currency = c.currencyKey ? row[c.currencyKey] : null;
          if (typeof currency === "string" && currency !== "") added.getCell(i + 1).numFmt = moneyFormat(minorUnitsOf(currency));
        });
        added.commit();
      }
      sheet.commit();
      await workbook.commit();
    } catch (error) {
      pass.destroy(error as Error);
    }
  })();
  void write;
  const reader = pass[Symbol.asyncIterator]();
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      const next = await reader.next();
      if (next.done) controller.close();
      else controller.enqueue(new Uint8Array(next.value as Buffer));
    },
    async cancel() {
      pass.destroy();
    },
  });
}

export const CSV_TYPE = "text/csv; charset=utf-8";
export const XLSX_TYPE = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet";

/** A download's file name: the report name's letters, digits and dashes, then the date and extension. */
export function downloadName(reportName: string, format: "csv" | "xlsx", today: string): string {
  const base = reportName.replace(/[^A-Za-z0-9]+/g, "-").replace(/^-+|-+$/g, "").slice(0, 80) || "report";
  return `${base}-${today}.${format}`;
}
