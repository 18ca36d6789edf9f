/**
 * The cost estimate as a file (part 1 §7 generateCostEstimateExport): an .xlsx workbook (exceljs)
 * or a PDF (pdf-lib, Helvetica, A4 landscape). Both carry the same content: the header block
 * (employee, policy, route, type, dates, currencies, tax, approval), each section's items with one
 * column per year plus Tax and Total, section totals and the grand total; every item's working
 * steps; and, when there is one, the balance sheet (first in the balance-sheet view).
 *
 * Amounts arrive in integer minor units; they leave as numbers in major units converted only by
 * src/domain/money/money.ts `toMajorString`, formatted with the currency's decimals.
 */
// exceljs and pdf-lib are loaded on the first export, not when the server starts.
import type ExcelJS from "exceljs";
import type { PDFDocument, PDFFont, PDFPage, rgb as Rgb } from "pdf-lib";
import type { TBalanceSheetView, TCostEstimateView, TEstimateItem, TWorkingStep } from "../../domain/estimate/schemas.ts";
import { minorUnitsOf, toMajorString } from "../../domain/money/money.ts";
import { xlsxBytes } from "../xlsx.ts";

export type ExportOptions = { isBalanceSheetView: boolean };
export type ExportFormat = "xlsx" | "pdf";

export const XLSX_CONTENT_TYPE = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet";
export const PDF_CONTENT_TYPE = "application/pdf";

export const SHEET_NAMES = { estimate: "Cost estimate", working: "Working", balanceSheet: "Balance sheet" } as const;

// ── shared content ──────────────────────────────────────────────────────────────────────────

/** Letters that lose no accent under NFKD but have a plain Latin spelling. */
const FOLD: Record<string, string> = { ł: "l", Ł: "L", đ: "d", Đ: "D", ı: "i", ø: "o", Ø: "O", ß: "ss", æ: "ae", Æ: "AE", œ: "oe", Œ: "OE" };
const fold = (text: string) => text.replace(/[łŁđĐıøØßæÆœŒ]/g, (ch) => FOLD[ch] ?? ch);

/** "Émile O'Brien" → "emile-o-brien" (letters and digits, dashes between words). */
export function nameSlug(name: string): string {
  const slug = fold(name)
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 60)
    .replace(/-+$/, "");
  return slug || "employee";
}

/** cost-estimate-{employee}-v{n}.xlsx, or balance-sheet-{employee}-v{n}.pdf for the balance-sheet view. */
export function exportFileName(view: TCostEstimateView, format: ExportFormat, isBalanceSheetView: boolean): string {
  const prefix = isBalanceSheetView ? "balance-sheet" : "cost-estimate";
  return `${prefix}-${nameSlug(view.employeeInformation.employeeName)}-v${view.versionNumber}.${format}`;
}

export function exportContentType(format: ExportFormat): string {
  return format === "pdf" ? PDF_CONTENT_TYPE : XLSX_CONTENT_TYPE;
}

/** A minor-unit amount as a number of major units (for spreadsheet cells). */
function major(amount: number, currency: string): number {
  return Number(toMajorString({ amount, currency }));
}

/** A minor-unit amount as text with thousands separators ("12,500.00", JPY "1,235"). */
function majorText(amount: number, currency: string): string {
  const [whole = "", fraction] = toMajorString({ amount, currency }).split(".");
  const sign = whole.startsWith("-") ? "-" : "";
  const digits = sign ? whole.slice(1) : whole;
  return `${sign}${digits.replace(/\B(?=(\d{3})+(?!\d))/g, ",")}${fraction === undefined ? "" : `.${fraction}`}`;
}

/** The exceljs number format of a currency: its decimals, thousands separators. */
function numberFormat(currency: string): string {
  const places = minorUnitsOf(currency);
  return places === 0 ? "#,##0" : `#,##0.${"0".repeat(places)}`;
}

const TYPE_LABELS: Record<TCostEstimateView["type"], string> = {
  ADVANCED: "Advanced",
  LTA: "Long-term assignment",
  STA: "Short-term assignment",
  NO_PROVIDER: "Basic",
};
const TAX_METHOD_LABELS: Record<TCostEstimateView["taxMethod"], string> = {
  SUPPLEMENTAL: "Supplemental rate",
  MARGINAL: "Marginal rate",
  GROSS_UP: "Gross-up",
};

/** The header block: label and value pairs, the same in both formats. */
export function headerLines(view: TCostEstimateView): [string, string][] {
  const info = view.employeeInformation;
  const dates = [info.estimatedMoveStartDate, info.estimatedMoveEndDate ?? view.endDate].filter((d): d is string => !!d);
  const approval = info.isApproved
    ? ["Approved", info.approverName ? `by ${info.approverName}` : null, info.approverEmail ? `(${info.approverEmail})` : null, info.approvalDate ? `on ${info.approvalDate}` : null]
        .filter(Boolean)
        .join(" ")
    : "Not approved";
  const currencies = view.secondaryDisplayCurrency ? `${view.displayCurrency} (secondary ${view.secondaryDisplayCurrency})` : view.displayCurrency;
  const tax = `${TAX_METHOD_LABELS[view.taxMethod]}, ${view.taxRate}%${view.manualTax || view.taxRateOverride !== null ? " (entered manually)" : ""}`;
  return [
    ["Employee", info.employeeEmail ? `${info.employeeName} (${info.employeeEmail})` : info.employeeName],
    ["Policy", info.policyName],
    ["Move", `${info.originName} → ${info.destinationName}`],
    ["Estimate type", TYPE_LABELS[view.type]],
    ["Dates", dates.length > 0 ? dates.join(" to ") : "Not set"],
    ["Display currency", currencies],
    ["Tax", tax],
    ["Approval", approval],
    ["Version", `${view.versionNumber}${view.current ? " (current)" : ""}, created ${view.createdAt.slice(0, 10)}${view.createdBy ? ` by ${view.createdBy}` : ""}`],
  ];
}

const sum = (values: number[]) => values.reduce((a, b) => a + b, 0);
/** Tax of items in the display currency (an item's own `taxAmount` is in its own currency). */
const sumTax = (items: TEstimateItem[]) => items.reduce((total, item) => total + sum(item.taxPerYear), 0);

/** Inputs of a working step as text: "salary = 120000, rate = 0.3". */
function inputsText(step: TWorkingStep): string {
  return Object.entries(step.inputs)
    .map(([name, value]) => `${name} = ${value}`)
    .join(", ");
}

/** A row of the estimate table: the label, one amount per year, tax and total (minor units, display currency). */
type AmountRow = { label: string; perYear: number[]; tax: number | null; total: number; kind: "item" | "section" | "total" | "heading" };

/**
 * The estimate table row by row. Year columns show each item's cost plus its tax for that year
 * (totalPerYear), so every column adds up to the section and grand totals; the Tax column shows
 * the tax part of the total.
 */
export function estimateRows(view: TCostEstimateView): AmountRow[] {
  const rows: AmountRow[] = [];
  for (const section of view.sections) {
    rows.push({ label: section.excludedFromTotal ? `${section.name} (not in the total)` : section.name, perYear: [], tax: null, total: 0, kind: "heading" });
    for (const item of section.items) {
      const label = item.custom ? `${item.name} (custom)` : item.overridden ? `${item.name} (overridden)` : item.name;
      rows.push({ label, perYear: item.totalPerYear, tax: sum(item.taxPerYear), total: sum(item.totalPerYear), kind: "item" });
    }
    rows.push({ label: `Total ${section.name}`, perYear: section.totalPerYear, tax: sumTax(section.items), total: section.total, kind: "section" });
  }
  const included = view.sections.filter((s) => !s.excludedFromTotal);
  rows.push({ label: "Grand total", perYear: view.totalPerYear, tax: included.reduce((sum, s) => sum + sumTax(s.items), 0), total: view.total, kind: "total" });
  return rows;
}

// ── xlsx ────────────────────────────────────────────────────────────────────────────────────

const BOLD = { bold: true } as const;
const HEADING_FILL: ExcelJS.Fill = { type: "pattern", pattern: "solid", fgColor: { argb: "FFE8EEF5" } };

function addEstimateSheet(workbook: ExcelJS.Workbook, view: TCostEstimateView) {
  const sheet = workbook.addWorksheet(SHEET_NAMES.estimate);
  const years = view.yearLabels.length;
  const fmt = numberFormat(view.displayCurrency);
  sheet.columns = [{ width: 42 }, ...Array.from({ length: years + 2 }, () => ({ width: 16 }))];

  sheet.addRow(["Cost estimate"]).font = { bold: true, size: 14 };
  for (const [label, value] of headerLines(view)) {
    const row = sheet.addRow([label, value]);
    row.getCell(1).font = BOLD;
  }
  sheet.addRow([]);

  const header = sheet.addRow(["Item", ...view.yearLabels, "Tax", `Total (${view.displayCurrency})`]);
  header.font = BOLD;
  header.eachCell((cell) => (cell.fill = HEADING_FILL));

  const setAmount = (row: ExcelJS.Row, column: number, amount: number) => {
    const cell = row.getCell(column);
    cell.value = major(amount, view.displayCurrency);
    cell.numFmt = fmt;
  };
  for (const r of estimateRows(view)) {
    const row = sheet.addRow([r.label]);
    if (r.kind === "heading") {
      row.font = BOLD;
      continue;
    }
    for (let y = 0; y < years; y++) setAmount(row, 2 + y, r.perYear[y] ?? 0);
    if (r.tax !== null) setAmount(row, 2 + years, r.tax);
    setAmount(row, 3 + years, r.total);
    if (r.kind !== "item") row.font = BOLD;
    if (r.kind === "total") row.eachCell((cell) => (cell.border = { top: { style: "thin" } }));
  }
  if (view.secondaryDisplayCurrency && view.secondaryTotalPerYear && view.secondaryTotal !== null) {
    const secondary = view.secondaryDisplayCurrency;
    const row = sheet.addRow([`Grand total (${secondary})`]);
    row.font = BOLD;
    view.secondaryTotalPerYear.forEach((amount, y) => {
      const cell = row.getCell(2 + y);
      cell.value = major(amount, secondary);
      cell.numFmt = numberFormat(secondary);
    });
    const total = row.getCell(3 + years);
    total.value = major(view.secondaryTotal, secondary);
    total.numFmt = numberFormat(secondary);
  }
  if (view.exchangeRates.length > 0) {
    sheet.addRow([]);
    sheet.addRow(["Exchange rates"]).font = BOLD;
    for (const r of view.exchangeRates) sheet.addRow([`1 ${r.from} = ${r.rate} ${r.to}`]);
  }
  if (view.taxTables.length > 0) {
    sheet.addRow([]);
    sheet.addRow(["Tax tables"]).font = BOLD;
    for (const t of view.taxTables) sheet.addRow([`${t.name} (${t.taxYear})`, t.note === undefined ? t.source : `${t.source} ${t.note}`]);
  }
  sheet.addRow([]);
  sheet.addRow(["Amounts per year include tax; the Tax column is the tax part of the total."]).font = { italic: true };
}

function addWorkingSheet(workbook: ExcelJS.Workbook, view: TCostEstimateView) {
  const sheet = workbook.addWorksheet(SHEET_NAMES.working);
  sheet.columns = [{ width: 36 }, { width: 36 }, { width: 40 }, { width: 40 }, { width: 18 }, { width: 10 }];
  const header = sheet.addRow(["Item", "Step", "Formula", "Inputs", "Result", "Currency"]);
  header.font = BOLD;
  header.eachCell((cell) => (cell.fill = HEADING_FILL));
  for (const section of view.sections) {
    for (const item of section.items) {
      if (item.working.length === 0) {
        sheet.addRow([`${section.name}: ${item.name}`, "No working recorded", "", "", "", ""]);
        continue;
      }
      for (const step of item.working) {
        sheet.addRow([`${section.name}: ${item.name}`, step.label, step.formula ?? "", inputsText(step), step.result, step.currency ?? ""]);
      }
    }
  }
}

export function balanceSheetHeaderLines(sheet: TBalanceSheetView): [string, string][] {
  const source = sheet.indexSource === "DEMO" ? "demo data (not published indices)" : sheet.indexSource === "IMPORT" ? "imported indices" : "none (index 1)";
  return [
    ["Currency", sheet.currency],
    ["Home / host currency", `${sheet.homeCurrency} / ${sheet.hostCurrency}`],
    ["Exchange rate", `1 ${sheet.homeCurrency} = ${sheet.exchangeRate} ${sheet.hostCurrency}`],
    ["Cost-of-living index", sheet.colIndex],
    ["Housing index", sheet.housingIndex],
    ["Index source", source],
  ];
}

function addBalanceSheet(workbook: ExcelJS.Workbook, balance: TBalanceSheetView) {
  const sheet = workbook.addWorksheet(SHEET_NAMES.balanceSheet);
  const years = balance.yearLabels.length;
  const fmt = numberFormat(balance.currency);
  sheet.columns = [{ width: 42 }, ...Array.from({ length: years }, () => ({ width: 16 })), { width: 60 }];
  sheet.addRow(["Balance sheet"]).font = { bold: true, size: 14 };
  for (const [label, value] of balanceSheetHeaderLines(balance)) sheet.addRow([label, value]).getCell(1).font = BOLD;
  sheet.addRow([]);
  const header = sheet.addRow(["Line", ...balance.yearLabels, "Working"]);
  header.font = BOLD;
  header.eachCell((cell) => (cell.fill = HEADING_FILL));
  const amounts = (row: ExcelJS.Row, perYear: number[]) => {
    for (let y = 0; y < years; y++) {
      const cell = row.getCell(2 + y);
      cell.value = major(perYear[y] ?? 0, balance.currency);
      cell.numFmt = fmt;
    }
  };
  for (const line of balance.lines) {
    const row = sheet.addRow([line.label]);
    amounts(row, line.amountPerYear);
    row.getCell(2 + years).value = line.working;
    if (line.kind === "subtotal" || line.kind === "total") row.font = BOLD;
  }
  const total = sheet.addRow([`Company cost (${balance.currency})`]);
  amounts(total, balance.totalPerYear);
  total.font = BOLD;
}

/** The estimate as an .xlsx workbook: "Cost estimate", "Working" and (when given) "Balance sheet", first in the balance-sheet view. */
export async function renderEstimateWorkbook(view: TCostEstimateView, balanceSheet: TBalanceSheetView | null, options: ExportOptions): Promise<Uint8Array> {
  const { default: Excel } = await import("exceljs");
  const workbook = new Excel.Workbook();
  workbook.creator = "Meridian";
  workbook.title = `Cost estimate ${view.employeeInformation.employeeName}`;
  const balanceFirst = balanceSheet !== null && options.isBalanceSheetView;
  if (balanceFirst) addBalanceSheet(workbook, balanceSheet);
  addEstimateSheet(workbook, view);
  addWorkingSheet(workbook, view);
  if (balanceSheet && !balanceFirst) addBalanceSheet(workbook, balanceSheet);
  return xlsxBytes(workbook);
}

// ── pdf ─────────────────────────────────────────────────────────────────────────────────────

/** Characters outside Latin-1 that WinAnsi (Helvetica's encoding) still has. */
const WIN_ANSI_EXTRA = new Set("€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ");
const REPLACEMENTS: Record<string, string> = { "→": "->", "←": "<-", "≤": "<=", "≥": ">=", "≈": "~", "−": "-", "\u2009": " ", "\u202f": " " };

/**
 * Text Helvetica can draw: WinAnsi characters stay; others lose their accents (ł → l, ő → o) or are
 * replaced ("→" → "->", else "?"); control characters become spaces.
 */
export function winAnsiSafe(text: string): string {
  let out = "";
  for (const ch of text) {
    const code = ch.codePointAt(0)!;
    if (code < 0x20 || (code >= 0x7f && code < 0xa0)) out += " ";
    else if (code < 0x100 || WIN_ANSI_EXTRA.has(ch)) out += ch;
    else if (REPLACEMENTS[ch] !== undefined) out += REPLACEMENTS[ch];
    else if (FOLD[ch] !== undefined) out += FOLD[ch];
    else {
      const base = ch.normalize("NFKD").replace(/[\u0300-\u036f]/g, "");
      out += [...base].every((c) => c.codePointAt(0)! < 0x100) && base !== "" ? base : "?";
    }
  }
  return out;
}

const A4_LANDSCAPE: [number, number] = [841.89, 595.28];
const MARGIN = 36;
const FONT_SIZE = 8.5;
const LINE = 13;

type Cell = { text: string; align?: "left" | "right" };
type TableRow = { cells: Cell[]; bold?: boolean; shade?: boolean };

/** Draws pages top to bottom, starting a new page when the next line does not fit. */
class PdfWriter {
  private page!: PDFPage;
  private y = 0;
  constructor(
    private readonly doc: PDFDocument,
    private readonly font: PDFFont,
    private readonly bold: PDFFont,
    private readonly rgb: typeof Rgb,
  ) {
    this.newPage();
  }

  newPage() {
    this.page = this.doc.addPage(A4_LANDSCAPE);
    this.y = A4_LANDSCAPE[1] - MARGIN;
  }

  private ensure(height: number): boolean {
    if (this.y - height >= MARGIN) return false;
    this.newPage();
    return true;
  }

  /** Cuts text to `width` points, ending with "..." when it was cut. */
  private fit(text: string, font: PDFFont, size: number, width: number): string {
    const safe = winAnsiSafe(text);
    if (font.widthOfTextAtSize(safe, size) <= width) return safe;
    let cut = safe;
    while (cut.length > 0 && font.widthOfTextAtSize(`${cut}...`, size) > width) cut = cut.slice(0, -1);
    return `${cut}...`;
  }

  title(text: string, size = 14) {
    this.ensure(size + 8);
    this.y -= size;
    this.page.drawText(winAnsiSafe(text), { x: MARGIN, y: this.y, size, font: this.bold });
    this.y -= 8;
  }

  pairs(lines: [string, string][]) {
    for (const [label, value] of lines) {
      this.ensure(LINE);
      this.y -= LINE;
      this.page.drawText(this.fit(label, this.bold, FONT_SIZE, 130), { x: MARGIN, y: this.y, size: FONT_SIZE, font: this.bold });
      this.page.drawText(this.fit(value, this.font, FONT_SIZE, A4_LANDSCAPE[0] - 2 * MARGIN - 140), { x: MARGIN + 140, y: this.y, size: FONT_SIZE, font: this.font });
    }
    this.y -= 6;
  }

  note(text: string) {
    this.ensure(LINE);
    this.y -= LINE;
    this.page.drawText(this.fit(text, this.font, FONT_SIZE, A4_LANDSCAPE[0] - 2 * MARGIN), { x: MARGIN, y: this.y, size: FONT_SIZE, font: this.font, color: this.rgb(0.3, 0.3, 0.3) });
  }

  gap(points = 10) {
    this.y -= points;
  }

  /** A table with a repeated header row on every page it spans. */
  table(widths: number[], header: Cell[], rows: TableRow[]) {
    const drawRow = (row: TableRow, isHeader: boolean) => {
      const font = isHeader || row.bold ? this.bold : this.font;
      if (isHeader || row.shade) {
        this.page.drawRectangle({ x: MARGIN, y: this.y - LINE + 3, width: widths.reduce((a, b) => a + b, 0), height: LINE, color: this.rgb(0.91, 0.93, 0.96) });
      }
      let x = MARGIN;
      row.cells.forEach((cell, i) => {
        const width = widths[i] ?? 60;
        const text = this.fit(cell.text, font, FONT_SIZE, width - 6);
        const textWidth = font.widthOfTextAtSize(text, FONT_SIZE);
        const at = cell.align === "right" ? x + width - 3 - textWidth : x + 3;
        this.page.drawText(text, { x: at, y: this.y - LINE + 6, size: FONT_SIZE, font });
        x += width;
      });
      this.y -= LINE;
    };
    this.ensure(LINE * 2);
    drawRow({ cells: header }, true);
    for (const row of rows) {
      if (this.ensure(LINE)) drawRow({ cells: header }, true);
      drawRow(row, false);
    }
    this.gap();
  }
}

/** Column widths: a wide first column, the rest shared equally across the page. */
function columnWidths(count: number, first: number, last?: number): number[] {
  const usable = A4_LANDSCAPE[0] - 2 * MARGIN;
  const middle = count - 1 - (last === undefined ? 0 : 1);
  const rest = (usable - first - (last ?? 0)) / Math.max(middle, 1);
  return [first, ...Array.from({ length: middle }, () => rest), ...(last === undefined ? [] : [last])];
}

const right = (text: string): Cell => ({ text, align: "right" });

function drawEstimate(w: PdfWriter, view: TCostEstimateView) {
  const ccy = view.displayCurrency;
  w.title(`Cost estimate: ${view.employeeInformation.employeeName}`);
  w.pairs(headerLines(view));
  const years = view.yearLabels.length;
  const header: Cell[] = [{ text: "Item" }, ...view.yearLabels.map(right), right("Tax"), right(`Total (${ccy})`)];
  const rows: TableRow[] = estimateRows(view).map((r) =>
    r.kind === "heading"
      ? { cells: [{ text: r.label }], bold: true }
      : {
          cells: [
            { text: r.label },
            ...Array.from({ length: years }, (_, y) => right(majorText(r.perYear[y] ?? 0, ccy))),
            right(r.tax === null ? "" : majorText(r.tax, ccy)),
            right(majorText(r.total, ccy)),
          ],
          bold: r.kind !== "item",
          shade: r.kind === "total",
        },
  );
  if (view.secondaryDisplayCurrency && view.secondaryTotalPerYear && view.secondaryTotal !== null) {
    const s = view.secondaryDisplayCurrency;
    rows.push({
      cells: [{ text: `Grand total (${s})` }, ...Array.from({ length: years }, (_, y) => right(majorText(view.secondaryTotalPerYear![y] ?? 0, s))), right(""), right(majorText(view.secondaryTotal, s))],
      bold: true,
    });
  }
  w.table(columnWidths(years + 3, 230), header, rows);
  for (const r of view.exchangeRates) w.note(`Exchange rate: 1 ${r.from} = ${r.rate} ${r.to}`);
  for (const t of view.taxTables) w.note(`Tax table: ${t.name} (${t.taxYear}), ${t.source}${t.note === undefined ? "" : ` ${t.note}`}`);
  w.note("Amounts per year include tax; the Tax column is the tax part of the total.");
  w.gap();
}

function drawWorking(w: PdfWriter, view: TCostEstimateView) {
  w.title("Working", 12);
  const rows: TableRow[] = [];
  for (const section of view.sections) {
    for (const item of section.items) {
      const name = `${section.name}: ${item.name}`;
      if (item.working.length === 0) rows.push({ cells: [{ text: name }, { text: "No working recorded" }] });
      for (const step of item.working) {
        rows.push({ cells: [{ text: name }, { text: step.label }, { text: step.formula ?? "" }, { text: inputsText(step) }, right(step.currency ? `${step.result} ${step.currency}` : step.result)] });
      }
    }
  }
  w.table([170, 150, 170, 190, A4_LANDSCAPE[0] - 2 * MARGIN - 680], [{ text: "Item" }, { text: "Step" }, { text: "Formula" }, { text: "Inputs" }, right("Result")], rows);
}

function drawBalanceSheet(w: PdfWriter, balance: TBalanceSheetView, title: string) {
  const ccy = balance.currency;
  w.title(title, 12);
  w.pairs(balanceSheetHeaderLines(balance));
  const years = balance.yearLabels.length;
  const rows: TableRow[] = balance.lines.map((line) => ({
    cells: [{ text: line.label }, ...Array.from({ length: years }, (_, y) => right(majorText(line.amountPerYear[y] ?? 0, ccy))), { text: line.working }],
    bold: line.kind === "subtotal" || line.kind === "total",
  }));
  rows.push({ cells: [{ text: `Company cost (${ccy})` }, ...Array.from({ length: years }, (_, y) => right(majorText(balance.totalPerYear[y] ?? 0, ccy))), { text: "" }], bold: true, shade: true });
  w.table(columnWidths(years + 2, 200, 230), [{ text: "Line" }, ...balance.yearLabels.map(right), { text: "Working" }], rows);
}

/** The estimate as a PDF (A4 landscape, Helvetica): the same content as the workbook, paginated. */
export async function renderEstimatePdf(view: TCostEstimateView, balanceSheet: TBalanceSheetView | null, options: ExportOptions): Promise<Uint8Array> {
  const { PDFDocument, StandardFonts, rgb } = await import("pdf-lib");
  const doc = await PDFDocument.create();
  doc.setTitle(winAnsiSafe(`Cost estimate ${view.employeeInformation.employeeName} v${view.versionNumber}`));
  doc.setCreator("Meridian");
  doc.setProducer("Meridian");
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const bold = await doc.embedFont(StandardFonts.HelveticaBold);
  const w = new PdfWriter(doc, font, bold, rgb);
  const balanceFirst = balanceSheet !== null && options.isBalanceSheetView;
  if (balanceFirst) {
    drawBalanceSheet(w, balanceSheet, `Balance sheet: ${view.employeeInformation.employeeName}`);
    w.newPage();
  }
  drawEstimate(w, view);
  drawWorking(w, view);
  if (balanceSheet && !balanceFirst) {
    w.newPage();
    drawBalanceSheet(w, balanceSheet, "Balance sheet");
  }
  return doc.save();
}
