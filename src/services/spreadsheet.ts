/**
 * Reading an uploaded spreadsheet, shared by the imports that take one (the city indices, the bulk employee
 * import): a .csv file or the first sheet of an .xlsx workbook as rows of trimmed text cells, header first.
 * An .xlsx row keeps its place (a row with no cells is an empty array), so row numbers match the sheet's.
 * The .xlsx is read by xlsx-reader.ts, which yields to the event loop as it goes (issue 23 item 10); its
 * cell texts are exceljs's (`readSheetRowsWithExceljs` below, the reference of its parity test).
 */
import type ExcelJS from "exceljs";
import { PermanentJobError } from "./jobs/queue.ts";
import { sliceYielder } from "./jobs/yield.ts";
import { readXlsxRows, SLICE_MS } from "./xlsx-reader.ts";

/** The texts a caller refuses a file with: not .csv or .xlsx, or an .xlsx that cannot be read. */
export type SpreadsheetTexts = { fileType: string; fileUnreadable: string };

function cellText(value: ExcelJS.CellValue): string {
  if (value === null || value === undefined) return "";
  if (value instanceof Date) return value.toISOString().slice(0, 10);
  if (typeof value === "object") {
    if ("result" in value && value.result !== undefined) return cellText(value.result as ExcelJS.CellValue);
    if ("richText" in value && Array.isArray(value.richText)) return value.richText.map((r) => r.text).join("");
    if ("text" in value && typeof value.text === "string") return value.text;
    return "";
  }
  return String(value);
}

/** The file's rows as trimmed text cells; PermanentJobError with the caller's text for a file that is no spreadsheet. */
export async function readSheetRows(fileName: string, bytes: Uint8Array, texts: SpreadsheetTexts): Promise<string[][]> {
  if (/\.csv$/i.test(fileName)) {
    const rows = await parseCsvSliced(new TextDecoder().decode(bytes), sliceYielder(SLICE_MS));
    return rows.map((row) => row.map((c) => c.trim()));
  }
  if (!/\.xlsx$/i.test(fileName)) throw new PermanentJobError(texts.fileType);
  try {
    // Read in slices that yield to the event loop (xlsx-reader.ts): exceljs's load held the thread for seconds.
    return await readXlsxRows(bytes);
  } catch {
    throw new PermanentJobError(texts.fileUnreadable);
  }
}

/** exceljs's reading of the same file (the reference the reader's parity test compares against). */
export async function readSheetRowsWithExceljs(bytes: Uint8Array): Promise<string[][]> {
  const { default: Excel } = await import("exceljs");
  const workbook = new Excel.Workbook();
  await workbook.xlsx.load(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer);
  const sheet = workbook.worksheets[0];
  if (!sheet) return [];
  const rows: string[][] = [];
  sheet.eachRow({ includeEmpty: false }, (row, rowNumber) => {
    const cells: string[] = [];
    row.eachCell({ includeEmpty: true }, (cell, col) => (cells[col - 1] = cellText(cell.value).trim()));
    rows[rowNumber - 1] = Array.from(cells, (c) => c ?? "");
  });
  return Array.from(rows, (r) => r ?? []);
}

/**
 * `parseCsv` (policy/rates.ts) with a turn of the event loop whenever a slice has run long enough (a
 * 20,000-row CSV took 0.8–1.4 s in one piece): the same rows (the parity test in xlsx-reader.test.ts).
 * Separators "," and ";", quotes with "" inside, CR, LF or CRLF line ends, a BOM dropped, blank rows left out.
 */
export async function parseCsvSliced(text: string, pause: () => Promise<void>): Promise<string[][]> {
  const input = text.replace(/^\uFEFF/, "");
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = "";
  let quoted = false;
  let run = 0; // where the characters not yet added to `cell` start
  let i = 0;
  while (i < input.length) {
    const c = input.charCodeAt(i);
    if (quoted) {
      if (c === 34) {
        cell += input.slice(run, i);
        if (input.charCodeAt(i + 1) === 34) {
          cell += '"';
          i += 2;
        } else {
          quoted = false;
          i += 1;
        }
        run = i;
      } else i += 1;
    } else if (c === 34) {
      cell += input.slice(run, i);
      quoted = true;
      run = ++i;
    } else if (c === 44 || c === 59) {
      row.push(cell + input.slice(run, i));
      cell = "";
      run = ++i;
    } else if (c === 10 || c === 13) {
      row.push(cell + input.slice(run, i));
      rows.push(row);
      row = [];
      cell = "";
      i += c === 13 && input.charCodeAt(i + 1) === 10 ? 2 : 1;
      run = i;
      if (rows.length % 64 === 0) await pause();
    } else i += 1;
  }
  cell += input.slice(run);
  if (cell !== "" || row.length > 0) {
    row.push(cell);
    rows.push(row);
  }
  return rows.filter((r) => r.some((c) => c.trim() !== ""));
}
