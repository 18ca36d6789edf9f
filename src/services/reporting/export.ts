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
import { XML_FORBIDDEN, xmlSafeText } from "../../domain/text.ts";
import type { ReportCell, ReportColumn, ReportResult, ReportRow } from "../../domain/reporting/types.ts";
import { ROW_BATCHES, type BatchedRows } from "./run.ts";

/**
 * Minor units as a major-unit decimal string with the currency's digits: the same text as the money module's
 * `toMajorString` (export.test.ts holds them equal), by integer string arithmetic, since a download formats
 * millions of amounts (a decimal-library division per cell costs ~25 µs). Amounts beyond 2^53 go through
 * `toMajorString` itself.
 */
export function majorText(amount: number, currency: string): string {
  let digits = DIGITS.get(currency);
  if (digits === undefined) DIGITS.set(currency, (digits = minorUnitsOf(currency)));
  if (!Number.isSafeInteger(amount)) return toMajorString({ amount, currency });
  if (digits === 0) return String(amount);
  const pow = POWERS[digits]!;
  const abs = amount < 0 ? -amount : amount;
  // Exact: the quotient is corrected by the remainder (whole * pow stays below 2^53).
  let whole = Math.floor(abs / pow);
  let frac = abs - whole * pow;
  if (frac < 0) {
    whole -= 1;
    frac += pow;
  } else if (frac >= pow) {
    whole += 1;
    frac -= pow;
  }
  const fracText = String(frac);
  return `${amount < 0 ? "-" : ""}${whole}.${fracText.length < digits ? "0".repeat(digits - fracText.length) + fracText : fracText}`;
}

/** Digits by currency code as asked (the money module's table, read once per code). */
const DIGITS = new Map<string, number>();
const POWERS = [1, 10, 100, 1000, 10000];

/** A money cell's text in major units of the row's currency ("" without a currency or an amount). */
export function moneyText(amount: ReportCell, currency: ReportCell): string {
  if (amount === null || amount === "" || typeof currency !== "string" || currency === "") return amount === null ? "" : String(amount);
  return majorText(Number(amount), currency);
}

/** One cell as text (money in major units). */
export function cellText(column: ReportColumn, row: ReportRow): string {
  const v = row[column.key] ?? null;
  if (column.kind === "money") return moneyText(v, column.currencyKey ? (row[column.currencyKey] ?? null) : null);
  return v === null ? "" : String(v);
}

/** A character XML 1.0 forbids (a workbook would not open; a CSV reader may stop): the test without the /g state. */
const FORBIDDEN_CHAR = new RegExp(XML_FORBIDDEN.source, "u");

/**
 * A text cell as written: characters XML 1.0 forbids replaced by U+FFFD (src/domain/text.ts, the rule of every
 * export), and a spreadsheet formula neutralised (OWASP CSV injection): a leading =, +, -, @, tab or CR gets an
 * apostrophe.
 */
export function safeText(raw: string): string {
  const text = FORBIDDEN_CHAR.test(raw) ? xmlSafeText(raw) : raw;
  const c = text.charCodeAt(0);
  // = + - @ TAB CR
  return c === 61 || c === 43 || c === 45 || c === 64 || c === 9 || c === 13 ? `'${text}` : text;
}

/** One RFC 4180 field: quoted when it holds a quote, comma, CR or LF (quotes doubled). */
export function csvField(text: string): string {
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    // " , LF CR
    if (c === 34 || c === 44 || c === 10 || c === 13) return `"${text.replaceAll('"', '""')}"`;
  }
  return text;
}

/** A CSV line of text cells (CRLF ended). */
export function csvLine(cells: string[]): string {
  return `${cells.map(csvField).join(",")}\r\n`;
}

/** One compiled formatter per column (the row loop then does no per-cell dispatch on the column's kind). */
function csvRowFormatter(columns: ReportColumn[]): (row: ReportRow) => string {
  const cells = columns.map((c): ((row: ReportRow) => string) => {
    const key = c.key;
    if (c.kind === "money") {
      const currencyKey = c.currencyKey;
      return (row) => moneyText(row[key] ?? null, currencyKey ? (row[currencyKey] ?? null) : null);
    }
    if (c.kind === "text" || c.kind === "date" || c.kind === "datetime") return (row) => {
      const v = row[key];
      return v === null || v === undefined ? "" : csvField(safeText(String(v)));
    };
    // Integers and percents are digits, a sign and a point: never quoted, never a formula.
    return (row) => {
      const v = row[key];
      return v === null || v === undefined ? "" : String(v);
    };
  });
  return (row) => {
    let line = cells[0] ? cells[0](row) : "";
    for (let i = 1; i < cells.length; i++) line += `,${cells[i]!(row)}`;
    return `${line}\r\n`;
  };
}

/** The rows a batch at a time: a batched source's own batches, else up to `size` rows gathered from the iterator. */
async function* rowBatches(rows: AsyncIterable<ReportRow>, size: number): AsyncGenerator<ReportRow[]> {
  const batched = (rows as Partial<BatchedRows>)[ROW_BATCHES];
  if (typeof batched === "function") {
    yield* batched.call(rows);
    return;
  }
  let batch: ReportRow[] = [];
  for await (const row of rows) {
    batch.push(row);
    if (batch.length >= size) {
      yield batch;
      batch = [];
    }
  }
  if (batch.length > 0) yield batch;
}

/** Lines per chunk handed to the stream (fewer, larger writes). */
const CSV_CHUNK_ROWS = 500;

/** The report as a streamed CSV body (one chunk per batch of rows, pulled as the client reads). */
export function csvStream(result: ReportResult): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  const format = csvRowFormatter(result.columns);
  const batches = rowBatches(result.rows, CSV_CHUNK_ROWS)[Symbol.asyncIterator]();
  let started = false;
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      let out = "";
      if (!started) {
        started = true;
        out = `\uFEFF${csvLine(result.columns.map((c) => safeText(c.title)))}`;
      }
      const next = await batches.next();
      if (!next.done) for (const row of next.value) out += format(row);
      if (out) controller.enqueue(encoder.encode(out));
      if (next.done) controller.close();
    },
    async cancel() {
      await batches.return(undefined);
    },
  });
}

/** The value an XLSX cell holds: numbers as numbers (money in major units), text as text. */
function xlsxValue(column: ReportColumn, row: ReportRow): string | number | null {
  const v = row[column.key] ?? null;
  if (v === null) return null;
  if (column.kind === "money") {
    const currency = column.currencyKey ? row[column.currencyKey] : null;
    return typeof currency === "string" && currency !== "" ? Number(majorText(Number(v), currency)) : Number(v);
  }
  if (column.kind === "integer" || column.kind === "percent") return typeof v === "number" ? v : Number(v);
  return safeText(String(v));
}

/** The number format of a money column: the digits of the currency of the first row that names one (0, 2 or 3). */
function moneyFormat(digits: number): string {
  return digits === 0 ? "#,##0" : `#,##0.${"0".repeat(digits)}`;
}

/**
 * The report as a streamed XLSX body (exceljs WorkbookWriter; each row committed as written). The reader drives
 * the writer: a pull hands out the zip bytes already made, and only when there are none writes the next batch of
 * rows, so a slow client holds back the rows instead of the server buffering the whole file.
 */
export function xlsxStream(result: ReportResult, sheetName = "Report"): ReadableStream<Uint8Array> {
  const pass = new PassThrough();
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: pass, useStyles: true, useSharedStrings: false });
  const sheet = workbook.addWorksheet(xmlSafeText(sheetName.slice(0, 31), " ").replace(/[\\/?*[\]:]/g, " ") || "Report");
  sheet.columns = result.columns.map((c) => ({ header: safeText(c.title), key: c.key, width: Math.min(40, Math.max(10, c.title.length + 2)) }));
  const batches = rowBatches(result.rows, XLSX_BATCH_ROWS)[Symbol.asyncIterator]();
  let tail: AsyncIterator<Buffer> | null = null;
  const tick = () => new Promise<void>((resolve) => setImmediate(resolve));
  const writeRow = (row: ReportRow) => {
    const added = sheet.addRow(result.columns.map((c) => xlsxValue(c, row)));
    result.columns.forEach((c, i) => {
      if (c.kind !== "money") return;
      const currency = c.currencyKey ? row[c.currencyKey] : null;
      if (typeof currency === "string" && currency !== "") added.getCell(i + 1).numFmt = moneyFormat(minorUnitsOf(currency));
    });
    added.commit();
  };
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      for (;;) {
        if (tail) {
          const n = await tail.next();
          if (n.done) controller.close();
          else controller.enqueue(new Uint8Array(n.value));
          return;
        }
        const chunk = pass.read() as Buffer | null;
        if (chunk !== null) {
          controller.enqueue(new Uint8Array(chunk));
          return;
        }
        const next = await batches.next();
        if (next.done) {
          sheet.commit();
          workbook.commit().catch((error: unknown) => pass.destroy(error as Error));
          tail = pass[Symbol.asyncIterator]();
          continue;
        }
        for (const row of next.value) writeRow(row);
        await tick();
      }
    },
    async cancel() {
      await batches.return(undefined);
      pass.destroy();
    },
  });
}

const XLSX_BATCH_ROWS = 500;

export const CSV_TYPE = "text/csv; charset=utf-8";
export const XLSX_TYPE = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet";

/** A download's file name: the report name's letters, digits and dashes, then the date and extension. */
export function downloadName(reportName: string, format: "csv" | "xlsx", today: string): string {
  const base = reportName.replace(/[^A-Za-z0-9]+/g, "-").replace(/^-+|-+$/g, "").slice(0, 80) || "report";
  return `${base}-${today}.${format}`;
}
