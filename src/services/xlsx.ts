/**
 * The one way an export writes an .xlsx workbook (issue 23 item 9): every text the workbook carries
 * (cell values, rich text runs, hyperlink texts, formula results, cell notes, the workbook's properties)
 * goes through the domain's `xmlSafeText` first, so a character XML 1.0 forbids (a C0 control, an
 * unpaired surrogate, U+FFFE, U+FFFF) typed into a name or a reference cannot make the file unreadable.
 * `src/test/xml-exports.test.ts` feeds every export every forbidden character and checks that nothing
 * else calls `xlsx.writeBuffer`.
 */
import type ExcelJS from "exceljs";
import { xmlSafeText } from "../domain/text.ts";

function safeValue(value: ExcelJS.CellValue): ExcelJS.CellValue {
  if (typeof value === "string") return xmlSafeText(value);
  if (value === null || value === undefined || typeof value !== "object" || value instanceof Date) return value;
  if ("richText" in value && Array.isArray(value.richText)) return { ...value, richText: value.richText.map((r) => ({ ...r, text: xmlSafeText(r.text) })) };
  if ("hyperlink" in value && typeof value.text === "string") return { ...value, text: xmlSafeText(value.text) };
  if ("formula" in value && typeof value.result === "string") return { ...value, result: xmlSafeText(value.result) } as ExcelJS.CellValue;
  return value;
}

const PROPERTIES = ["creator", "lastModifiedBy", "title", "subject", "keywords", "category", "description", "company", "manager"] as const;

/** The workbook's bytes, every text made safe for XML first. */
export async function xlsxBytes(workbook: ExcelJS.Workbook): Promise<Uint8Array> {
  for (const key of PROPERTIES) {
    const v = workbook[key];
    if (typeof v === "string") workbook[key] = xmlSafeText(v);
  }
  for (const sheet of workbook.worksheets) {
    sheet.eachRow({ includeEmpty: false }, (row) => {
      row.eachCell({ includeEmpty: false }, (cell) => {
        const safe = safeValue(cell.value);
        if (safe !== cell.value) cell.value = safe;
        if (typeof cell.note === "string") cell.note = xmlSafeText(cell.note);
      });
    });
  }
  return new Uint8Array((await workbook.xlsx.writeBuffer()) as ArrayBuffer);
}
