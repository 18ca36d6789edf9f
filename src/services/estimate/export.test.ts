import { describe, expect, test } from "bun:test";
import ExcelJS from "exceljs";
import { decodePDFRawStream, PDFDocument, PDFRawStream } from "pdf-lib";
import { ZBalanceSheetView, ZCostEstimateView, type TBalanceSheetView, type TCostEstimateView, type TEstimateItem } from "../../domain/estimate/schemas.ts";
import { exportFileName, nameSlug, renderEstimatePdf, renderEstimateWorkbook, SHEET_NAMES, winAnsiSafe } from "./export.ts";

// ── a realistic advanced estimate: 3 years, two sections, a custom item, a balance sheet ─────

const YEARS = 3;
const zero = () => Array.from({ length: YEARS }, () => 0);

function item(o: Partial<TEstimateItem> & { identifier: string; name: string; amountPerYear: number[]; taxPerYear: number[] }): TEstimateItem {
  const totalPerYear = o.amountPerYear.map((a, i) => a + (o.taxPerYear[i] ?? 0));
  const taxAmount = o.taxPerYear.reduce((a, b) => a + b, 0);
  return {
    serviceType: "SERVICE",
    serviceCode: null,
    stageId: 2,
    custom: false,
    editable: true,
    annualCost: false,
    taxability: taxAmount > 0 ? "TAXABLE" : "NON_TAXABLE",
    currency: "USD",
    amount: o.amountPerYear.reduce((a, b) => a + b, 0),
    originalAmount: null,
    overridden: false,
    taxAmount,
    totalPerYear,
    total: totalPerYear.reduce((a, b) => a + b, 0),
    benefits: [],
    feedbackStatus: "INFO",
    estimateResultStatusMessage: null,
    working: [],
    ...o,
  };
}

function section(key: string, name: string, items: TEstimateItem[]) {
  const totalPerYear = zero().map((_, y) => items.reduce((sum, i) => sum + i.totalPerYear[y]!, 0));
  return { key, name, excludedFromTotal: false, items, totalPerYear, total: totalPerYear.reduce((a, b) => a + b, 0) };
}

const services = section("services", "Relocation services", [
  item({
    identifier: "svc:2:HHG",
    name: "Household goods shipment",
    serviceCode: "HHG",
    amountPerYear: [1_250_000, 0, 0],
    taxPerYear: [375_000, 0, 0],
    working: [
      { label: "Policy amount", formula: null, inputs: {}, result: "12500.00", currency: "USD" },
      { label: "Tax at the supplemental rate", formula: "amount * rate", inputs: { amount: 12500, rate: 0.3 }, result: "3750.00", currency: "USD" },
    ],
  }),
  item({ identifier: "svc:2:TMP", name: "Temporary housing", serviceCode: "TMP", amountPerYear: [480_000, 0, 0], taxPerYear: [0, 0, 0], originalAmount: 600_000, overridden: true }),
  item({ identifier: "custom:1", name: "Pet relocation → Tokyo", serviceType: "CUSTOM", custom: true, taxability: "MAYBE", amountPerYear: [150_050, 0, 0], taxPerYear: [0, 0, 0] }),
]);
const allowances = section("allowances", "Annual allowances", [
  item({
    identifier: "comp:col",
    name: "Cost-of-living allowance",
    serviceType: "ALLOWANCE",
    annualCost: true,
    amountPerYear: [1_800_000, 1_800_000, 1_800_000],
    taxPerYear: [540_000, 540_000, 540_000],
    working: [{ label: "Spendable income x (host index / home index - 1)", formula: "spendable * (col / 100 - 1)", inputs: { spendable: 60000, col: 130 }, result: "18000.00", currency: "USD" }],
  }),
  item({ identifier: "comp:housing", name: "Housing allowance", serviceType: "ALLOWANCE", annualCost: true, amountPerYear: [3_600_000, 3_708_000, 3_819_240], taxPerYear: [1_080_000, 1_112_400, 1_145_772] }),
]);
const totalPerYear = zero().map((_, y) => services.totalPerYear[y]! + allowances.totalPerYear[y]!);
const total = totalPerYear.reduce((a, b) => a + b, 0);

const exportFixture: TCostEstimateView = ZCostEstimateView.parse({
  costEstimateId: 41,
  employeeId: 7,
  moveId: 12,
  group: "acme",
  type: "ADVANCED",
  versionNumber: 3,
  current: true,
  years: YEARS,
  yearLabels: ["Year 1", "Year 2", "Year 3"],
  sections: [services, allowances],
  totalPerYear,
  total,
  displayCurrency: "USD",
  displayCurrencies: ["USD", "EUR", "JPY"],
  secondaryDisplayCurrency: "JPY",
  secondaryTotalPerYear: totalPerYear.map((t) => Math.round((t / 100) * 151.2)),
  secondaryTotal: totalPerYear.map((t) => Math.round((t / 100) * 151.2)).reduce((a, b) => a + b, 0),
  exchangeRates: [{ from: "USD", to: "JPY", rate: "151.2000" }],
  taxMethod: "GROSS_UP",
  taxCategory: "MARGINAL",
  taxRate: 30,
  manualTax: false,
  taxRateOverride: null,
  showTaxCalcPrompt: false,
  billingUsageMessage: null,
  annualSalaryAmount: 12_000_000,
  annualSalaryCurrency: "USD",
  endDate: "2029-06-30",
  employeeInformation: {
    employeeId: 7,
    employeeName: "Zoë Müller",
    employeeEmail: "zoe.muller@acme.test",
    policyName: "Global Long-Term Assignment",
    originName: "New York City, United States",
    destinationName: "Tokyo, Japan",
    estimatedMoveStartDate: "2026-07-01",
    estimatedMoveEndDate: "2029-06-30",
    isApproved: true,
    approverName: "Hannah Reyes",
    approverEmail: "hr@acme.test",
    approvalDate: "2026-05-20",
  },
  servicesEstimation: { servicesEstimations: [], customServicesEstimations: [], totalEstimateAfterOverrides: total },
  balanceSheetEnabled: true,
  balanceSheetNeedsRecalculation: false,
  taxTables: [{ name: "United States federal", taxYear: "2026", source: "IRS Rev. Proc. 2025-32" }],
  createdAt: "2026-05-18T10:00:00.000Z",
  createdBy: "Hannah Reyes",
});

const balanceFixture: TBalanceSheetView = ZBalanceSheetView.parse({
  costEstimateId: 41,
  years: YEARS,
  yearLabels: ["Year 1", "Year 2", "Year 3"],
  currency: "USD",
  homeCurrency: "USD",
  hostCurrency: "JPY",
  exchangeRate: "151.2000",
  colIndex: "1.0850",
  housingIndex: "0.9200",
  indexSource: "DEMO",
  lines: [
    { key: "salary", label: "Base salary", kind: "income", amountPerYear: [12_000_000, 12_360_000, 12_730_800], working: "Annual salary, 3% a year" },
    { key: "hypoTax", label: "Hypothetical home tax", kind: "deduction", amountPerYear: [-2_400_000, -2_472_000, -2_546_160], working: "Home tax table" },
    { key: "net", label: "Net home income", kind: "subtotal", amountPerYear: [9_600_000, 9_888_000, 10_184_640], working: "Salary - tax" },
    { key: "col", label: "Cost-of-living allowance", kind: "allowance", amountPerYear: [1_800_000, 1_800_000, 1_800_000], working: "Spendable x (index - 1)" },
    { key: "total", label: "Host package", kind: "total", amountPerYear: [11_400_000, 11_688_000, 11_984_640], working: "" },
  ],
  totalPerYear: [2_340_000, 2_340_000, 2_340_000],
});

// ── reading the files back ──────────────────────────────────────────────────────────────────

async function loadWorkbook(bytes: Uint8Array) {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer);
  return workbook;
}

/** The sheet's rows as arrays of cell values (1-based columns become 0-based). */
function rowsOf(sheet: ExcelJS.Worksheet): unknown[][] {
  const rows: unknown[][] = [];
  sheet.eachRow({ includeEmpty: false }, (row) => {
    const values: unknown[] = [];
    for (let c = 1; c <= row.cellCount; c++) values.push(row.getCell(c).value ?? null);
    rows.push(values);
  });
  return rows;
}

const rowStarting = (rows: unknown[][], label: string) => {
  const row = rows.find((r) => r[0] === label);
  if (!row) throw new Error(`No row "${label}" in ${JSON.stringify(rows.map((r) => r[0]))}`);
  return row;
};

/** The text drawn on the PDF's pages: every content stream inflated, every hex string of a Tj decoded (WinAnsi ≈ Latin-1). */
async function pdfText(bytes: Uint8Array): Promise<string> {
  const doc = await PDFDocument.load(bytes);
  const texts: string[] = [];
  for (const [, object] of doc.context.enumerateIndirectObjects()) {
    if (!(object instanceof PDFRawStream)) continue;
    const content = new TextDecoder("latin1").decode(decodePDFRawStream(object).decode());
    for (const match of content.matchAll(/<([0-9A-Fa-f]*)>\s*Tj/g)) {
      const hex = match[1]!;
      texts.push(String.fromCharCode(...(hex.match(/../g) ?? []).map((h) => parseInt(h, 16))));
    }
  }
  return texts.join("\n");
}

describe("renderEstimateWorkbook", () => {
  test("the estimate sheet: header block, items per year with tax and total, section and grand totals", async () => {
    const workbook = await loadWorkbook(await renderEstimateWorkbook(exportFixture, balanceFixture, { isBalanceSheetView: false }));
    expect(workbook.worksheets.map((s) => s.name)).toEqual([SHEET_NAMES.estimate, SHEET_NAMES.working, SHEET_NAMES.balanceSheet]);
    const sheet = workbook.getWorksheet(SHEET_NAMES.estimate)!;
    const rows = rowsOf(sheet);
    expect(rowStarting(rows, "Employee")[1]).toBe("Zoë Müller (zoe.muller@acme.test)");
    expect(rowStarting(rows, "Policy")[1]).toBe("Global Long-Term Assignment");
    expect(rowStarting(rows, "Move")[1]).toBe("New York City, United States → Tokyo, Japan");
    expect(rowStarting(rows, "Estimate type")[1]).toBe("Advanced");
    expect(rowStarting(rows, "Dates")[1]).toBe("2026-07-01 to 2029-06-30");
    expect(rowStarting(rows, "Display currency")[1]).toBe("USD (secondary JPY)");
    expect(rowStarting(rows, "Tax")[1]).toBe("Gross-up, 30%");
    expect(rowStarting(rows, "Approval")[1]).toBe("Approved by Hannah Reyes (hr@acme.test) on 2026-05-20");
    expect(rowStarting(rows, "Item")).toEqual(["Item", "Year 1", "Year 2", "Year 3", "Tax", "Total (USD)"]);

    // Items: year columns in major units (cost + tax), tax, total.
    expect(rowStarting(rows, "Household goods shipment")).toEqual(["Household goods shipment", 16250, 0, 0, 3750, 16250]);
    expect(rowStarting(rows, "Temporary housing (overridden)")).toEqual(["Temporary housing (overridden)", 4800, 0, 0, 0, 4800]);
    expect(rowStarting(rows, "Pet relocation → Tokyo (custom)")).toEqual(["Pet relocation → Tokyo (custom)", 1500.5, 0, 0, 0, 1500.5]);
    expect(rowStarting(rows, "Housing allowance")).toEqual(["Housing allowance", 46800, 48204, 49650.12, 33381.72, 144654.12]);
    // Section and grand totals.
    expect(rowStarting(rows, "Total Relocation services")).toEqual(["Total Relocation services", 22550.5, 0, 0, 3750, 22550.5]);
    expect(rowStarting(rows, "Total Annual allowances")).toEqual(["Total Annual allowances", 70200, 71604, 73050.12, 49581.72, 214854.12]);
    const grand = rowStarting(rows, "Grand total");
    expect(grand).toEqual(["Grand total", 92750.5, 71604, 73050.12, 53331.72, 237404.62]);
    expect(Math.round(((grand[1] as number) + (grand[2] as number) + (grand[3] as number)) * 100)).toBe(exportFixture.total);
    const secondary = rowStarting(rows, "Grand total (JPY)");
    expect(secondary.slice(1, 4)).toEqual(exportFixture.secondaryTotalPerYear!);
    expect(secondary[5]).toBe(exportFixture.secondaryTotal!);

    // Number formats follow the currency's decimals.
    const hhg = sheet.getRows(1, sheet.rowCount)!.find((r) => r.getCell(1).value === "Household goods shipment")!;
    expect(hhg.getCell(2).numFmt).toBe("#,##0.00");
    const yen = sheet.getRows(1, sheet.rowCount)!.find((r) => r.getCell(1).value === "Grand total (JPY)")!;
    expect(yen.getCell(2).numFmt).toBe("#,##0");
    expect(rows.some((r) => r[0] === "1 USD = 151.2000 JPY")).toBe(true);
  });

  test("the working sheet lists each item's steps", async () => {
    const workbook = await loadWorkbook(await renderEstimateWorkbook(exportFixture, null, { isBalanceSheetView: false }));
    expect(workbook.worksheets.map((s) => s.name)).toEqual([SHEET_NAMES.estimate, SHEET_NAMES.working]);
    const rows = rowsOf(workbook.getWorksheet(SHEET_NAMES.working)!);
    expect(rows[0]).toEqual(["Item", "Step", "Formula", "Inputs", "Result", "Currency"]);
    expect(rows).toContainEqual(["Relocation services: Household goods shipment", "Tax at the supplemental rate", "amount * rate", "amount = 12500, rate = 0.3", "3750.00", "USD"]);
    expect(rows).toContainEqual(["Relocation services: Temporary housing", "No working recorded", "", "", "", ""]);
    expect(rows.filter((r) => r[0] === "Annual allowances: Cost-of-living allowance")).toHaveLength(1);
  });

  test("the balance-sheet view puts the balance sheet first, with its lines and company cost", async () => {
    const workbook = await loadWorkbook(await renderEstimateWorkbook(exportFixture, balanceFixture, { isBalanceSheetView: true }));
    expect(workbook.worksheets.map((s) => s.name)).toEqual([SHEET_NAMES.balanceSheet, SHEET_NAMES.estimate, SHEET_NAMES.working]);
    const rows = rowsOf(workbook.getWorksheet(SHEET_NAMES.balanceSheet)!);
    expect(rowStarting(rows, "Exchange rate")[1]).toBe("1 USD = 151.2000 JPY");
    expect(rowStarting(rows, "Index source")[1]).toBe("demo data (not published indices)");
    expect(rowStarting(rows, "Line")).toEqual(["Line", "Year 1", "Year 2", "Year 3", "Working"]);
    expect(rowStarting(rows, "Hypothetical home tax")).toEqual(["Hypothetical home tax", -24000, -24720, -25461.6, "Home tax table"]);
    expect(rowStarting(rows, "Company cost (USD)")).toEqual(["Company cost (USD)", 23400, 23400, 23400]);
  });

  test("a zero-decimal display currency and a one-year basic estimate", async () => {
    const yen: TCostEstimateView = {
      ...exportFixture,
      type: "NO_PROVIDER",
      years: 1,
      yearLabels: ["Year 1"],
      displayCurrency: "JPY",
      secondaryDisplayCurrency: null,
      secondaryTotal: null,
      secondaryTotalPerYear: null,
      sections: [{ key: "services", name: "Services", excludedFromTotal: false, items: [item({ identifier: "svc:1:X", name: "Visa", currency: "JPY", amountPerYear: [125_000], taxPerYear: [0] })], totalPerYear: [125_000], total: 125_000 }],
      totalPerYear: [125_000],
      total: 125_000,
    };
    const rows = rowsOf((await loadWorkbook(await renderEstimateWorkbook(yen, null, { isBalanceSheetView: true }))).getWorksheet(SHEET_NAMES.estimate)!);
    expect(rowStarting(rows, "Estimate type")[1]).toBe("Basic");
    expect(rowStarting(rows, "Visa")).toEqual(["Visa", 125000, 0, 125000]);
    expect(rowStarting(rows, "Grand total")).toEqual(["Grand total", 125000, 0, 125000]);
  });
});

describe("renderEstimatePdf", () => {
  test("loads, A4 landscape, carries the employee, the items and the totals", async () => {
    const bytes = await renderEstimatePdf(exportFixture, balanceFixture, { isBalanceSheetView: false });
    const doc = await PDFDocument.load(bytes);
    expect(doc.getPageCount()).toBeGreaterThanOrEqual(1);
    const { width, height } = doc.getPage(0).getSize();
    expect(Math.round(width)).toBe(842);
    expect(Math.round(height)).toBe(595);
    expect(doc.getTitle()).toBe("Cost estimate Zoë Müller v3");
    const text = await pdfText(bytes);
    expect(text).toContain("Cost estimate: Zoë Müller");
    expect(text).toContain("New York City, United States -> Tokyo, Japan");
    expect(text).toContain("Household goods shipment");
    expect(text).toContain("Pet relocation -> Tokyo (custom)");
    expect(text).toContain("237,404.62");
    expect(text).toContain("Balance sheet");
    expect(text).toContain("Company cost (USD)");
    expect(text).toContain("Tax at the supplemental rate");
  });

  test("the balance-sheet view starts with the balance sheet; long content paginates with the header repeated", async () => {
    const many = {
      ...exportFixture,
      sections: [
        ...exportFixture.sections,
        section(
          "extra",
          "Extra services",
          Array.from({ length: 80 }, (_, i) => item({ identifier: `custom:${i + 2}`, name: `Extra item ${i + 1} Łódź`, amountPerYear: [1000, 0, 0], taxPerYear: [0, 0, 0] })),
        ),
      ],
    };
    const bytes = await renderEstimatePdf(many, balanceFixture, { isBalanceSheetView: true });
    const doc = await PDFDocument.load(bytes);
    expect(doc.getPageCount()).toBeGreaterThanOrEqual(3);
    const text = await pdfText(bytes);
    expect(text.indexOf("Balance sheet: Zoë Müller")).toBeGreaterThanOrEqual(0);
    expect(text.indexOf("Balance sheet: Zoë Müller")).toBeLessThan(text.indexOf("Cost estimate: Zoë Müller"));
    expect(text).toContain("Extra item 80 Lódz");
    expect(text.split("\n").filter((line) => line === "Item").length).toBeGreaterThanOrEqual(3);
  });
});

describe("names and text", () => {
  test("file names", () => {
    expect(exportFileName(exportFixture, "xlsx", false)).toBe("cost-estimate-zoe-muller-v3.xlsx");
    expect(exportFileName(exportFixture, "pdf", false)).toBe("cost-estimate-zoe-muller-v3.pdf");
    expect(exportFileName(exportFixture, "pdf", true)).toBe("balance-sheet-zoe-muller-v3.pdf");
    expect(nameSlug("  Émile O'Brien-Łukasz ")).toBe("emile-o-brien-lukasz");
    expect(nameSlug("李小龍")).toBe("employee");
  });

  test("winAnsiSafe keeps Latin-1 and WinAnsi characters, replaces the rest", () => {
    expect(winAnsiSafe("Zoë Müller – 1 000 € “ok”")).toBe("Zoë Müller – 1 000 € “ok”");
    expect(winAnsiSafe("Łódź → Kraków\tő")).toBe("Lódz -> Kraków o");
    expect(winAnsiSafe("東京 ✓")).toBe("?? ?");
  });
});
