/**
 * Every XML and spreadsheet export is fed every character XML 1.0 forbids (issue 23 item 9), on the
 * dialect under test. EXPORTS lists each export function with the source file it lives in; each is fed
 * each forbidden character class in the texts it writes (names, references, descriptions, messages),
 * and every XML document it produces (the pain.001 file; every part of an .xlsx) must be well-formed
 * to a strict XML 1.0 parser (saxes, the parser exceljs itself reads with). The CSV payment file must
 * carry none of those characters either (a spreadsheet program opens it).
 *
 * The list is checked against the source: every file outside tests that writes an .xlsx
 * (`xlsxBytes(`), an XML prolog (`<?xml`) or a CSV file (`text/csv` content) must have an entry,
 * and only src/services/xlsx.ts may call exceljs's `writeBuffer`. A new export therefore joins the list
 * or this test fails.
 *
 * Storage: PostgreSQL refuses NUL in text (the app refuses it at every boundary), so exports fed from
 * the database get the NUL class on SQLite only; pure exports get every class on both runs.
 */
import { describe, expect, test } from "bun:test";
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join, relative } from "node:path";
import JSZip from "jszip";
import { SaxesParser } from "saxes";
import { ZCostEstimateView, type TCostEstimateView } from "../domain/estimate/schemas.ts";
import { XML_FORBIDDEN, xmlSafeText } from "../domain/text.ts";
import { financeActorOf } from "../db/seed-finance-bills.ts";
import { BULK_IMPORT_JOB } from "../services/moves/bulk/bulk-job.ts";
import { bulkErrorFile } from "../services/moves/bulk/bulk-status.ts";
import { bulkTemplate } from "../services/moves/bulk/bulk.ts";
import { renderEstimateWorkbook } from "../services/estimate/export.ts";
import { cityIndexTemplate } from "../services/estimate/indices.ts";
import { paymentCsv, paymentXml, type PaymentLine } from "../services/finance/payment-files.ts";
import { ratesWorkbook } from "../services/policy/rates.ts";
import { csvStream, xlsxStream } from "../services/reporting/export.ts";
import type { ReportResult } from "../domain/reporting/types.ts";
import { testDialect } from "./db.ts";
import { DEMO, useTestDatabase } from "./fixtures.ts";

const t = useTestDatabase();

/** The character classes outside XML 1.0's Char production, each with every member (or its ends). */
const C0 = Array.from({ length: 32 }, (_, i) => i).filter((i) => i !== 0x9 && i !== 0xa && i !== 0xd);
export const FORBIDDEN_CLASSES: Record<string, string> = {
  nul: "\u0000",
  "c0 controls": C0.filter((i) => i !== 0).map((i) => String.fromCharCode(i)).join(""),
  "lone high surrogate": "\uD800 \uDBFF",
  "lone low surrogate": "\uDC00 \uDFFF",
  "reversed surrogate pair": "\uDC00\uD800",
  "U+FFFE": "\uFFFE",
  "U+FFFF": "\uFFFF",
};

type Produced = { xml?: string[]; xlsx?: Uint8Array[]; csv?: string[] };
type Export = { name: string; file: string; stored: boolean; run: (text: string) => Promise<Produced> };

const line = (text: string, over: Partial<PaymentLine> = {}): PaymentLine => ({
  billId: 1,
  billType: "Expense",
  groupName: `Acme ${text}`,
  payeeName: `Emma ${text} Lindqvist`,
  payeeAccountName: `Emma ${text} (EUR)`,
  creditor: { kind: "local", accountNumber: `DE89${text}3704`, bankCode: `BLZ ${text}`, bic: null },
  debtor: { accountId: 1, name: `Acme ${text} (EUR)`, account: { kind: "iban", iban: "NL91ABNA0417164300", bic: "ABNANL2A" } },
  amount: { amount: 12_050, currency: "EUR" },
  reference: `INV-${text}-1`,
  billDate: "2026-11-20",
  dueDate: null,
  ...over,
});

function estimateView(text: string): TCostEstimateView {
  const item = {
    identifier: "custom:1", name: `Pet relocation ${text}`, serviceType: "CUSTOM", serviceCode: null, stageId: 2, custom: true, editable: true, annualCost: false,
    taxability: "NON_TAXABLE", currency: "USD", amount: 150_050, originalAmount: null, overridden: false, taxAmount: 0, amountPerYear: [150_050], taxPerYear: [0], totalPerYear: [150_050], total: 150_050,
    benefits: [], feedbackStatus: "INFO", estimateResultStatusMessage: null,
    working: [{ label: `Policy amount ${text}`, formula: null, inputs: {}, result: "1500.50", currency: "USD" }],
  };
  return ZCostEstimateView.parse({
    costEstimateId: 41, employeeId: 7, moveId: 12, group: "acme", type: "ADVANCED", versionNumber: 1, current: true, years: 1, yearLabels: ["Year 1"],
    sections: [{ key: "services", name: `Services ${text}`, excludedFromTotal: false, items: [item], totalPerYear: [150_050], total: 150_050 }],
    totalPerYear: [150_050], total: 150_050, displayCurrency: "USD", displayCurrencies: ["USD"], secondaryDisplayCurrency: null, secondaryTotalPerYear: null,
    secondaryTotal: null, exchangeRates: [], taxMethod: "GROSS_UP", taxCategory: "MARGINAL", taxRate: 30, manualTax: false, taxRateOverride: null,
    showTaxCalcPrompt: false, billingUsageMessage: null, annualSalaryAmount: 12_000_000, annualSalaryCurrency: "USD", endDate: "2029-06-30",
    employeeInformation: {
      employeeId: 7, employeeName: `Zoë ${text} Müller`, employeeEmail: "zoe@acme.test", policyName: `Policy ${text}`, originName: `New York ${text}`,
      destinationName: "Tokyo, Japan", estimatedMoveStartDate: "2026-07-01", estimatedMoveEndDate: "2029-06-30", isApproved: false, approverName: null,
      approverEmail: null, approvalDate: null,
    },
    servicesEstimation: { servicesEstimations: [], customServicesEstimations: [], totalEstimateAfterOverrides: 150_050 },
    balanceSheetEnabled: false, balanceSheetNeedsRecalculation: false, taxTables: [], createdAt: "2026-05-18T10:00:00.000Z", createdBy: `Hannah ${text}`,
  });
}

const hr = () => financeActorOf(t.db, DEMO.HR).then((a) => a.user);
const acmeGroupId = async () => (await t.db.selectFrom("groups").select("id").where("name", "=", "acme").executeTakeFirstOrThrow()).id;

export const EXPORTS: Export[] = [
  {
    name: "pain.001 payment file",
    file: "src/services/finance/payment-files.ts",
    stored: false,
    run: async (text) => ({ xml: [paymentXml(`MER-${text}`, "2026-11-26T12:00:00.000Z", "2026-11-26", [line(text), line(text, { billId: 2, amount: { amount: 1_000, currency: "BHD" } })])] }),
  },
  {
    name: "CSV payment file",
    file: "src/services/finance/payment-files.ts",
    stored: false,
    run: async (text) => ({ csv: [paymentCsv(7, `MER-${text}`, "2026-11-26", [line(text)])] }),
  },
  {
    name: "cost estimate workbook",
    file: "src/services/estimate/export.ts",
    stored: false,
    run: async (text) => ({ xlsx: [await renderEstimateWorkbook(estimateView(text), null, { isBalanceSheetView: false })] }),
  },
  {
    name: "city indices template (fixed content)",
    file: "src/services/estimate/indices.ts",
    stored: false,
    run: async () => ({ xlsx: [await cityIndexTemplate()] }),
  },
  {
    name: "budget group rates workbook",
    file: "src/services/policy/rates.ts",
    stored: true,
    run: async (text) => {
      const bg = await t.db.selectFrom("budget_groups").select("id").orderBy("id").executeTakeFirstOrThrow();
      const row = await t.db
        .insertInto("budget_group_rates")
        .values({ budget_group_id: bg.id, country_code: "GB", city: `London ${text}`, description: `Per diem ${text}`, currency: "GBP", amount: 10_000, frequency: "DAILY" } as never)
        .returning("id")
        .executeTakeFirstOrThrow();
      try {
        return { xlsx: [await ratesWorkbook(t.db, bg.id)] };
      } finally {
        await t.db.deleteFrom("budget_group_rates").where("id", "=", row.id).execute();
      }
    },
  },
  {
    name: "bulk import template (policy names)",
    file: "src/services/moves/bulk/bulk.ts",
    stored: true,
    run: async (text) => {
      const groupId = await acmeGroupId();
      const policy = await t.db.selectFrom("policies").select(["id", "name"]).where("group_id", "=", groupId).orderBy("id").executeTakeFirstOrThrow();
      await t.db.updateTable("policies").set({ name: `${policy.name} ${text}` }).where("id", "=", policy.id).execute();
      try {
        return { xlsx: [(await bulkTemplate(t.db, await hr(), "acme")).bytes] };
      } finally {
        await t.db.updateTable("policies").set({ name: policy.name }).where("id", "=", policy.id).execute();
      }
    },
  },
  {
    name: "bulk import error file",
    file: "src/services/moves/bulk/bulk-status.ts",
    stored: true,
    run: async (text) => {
      const groupId = await acmeGroupId();
      const id = crypto.randomUUID();
      const now = new Date().toISOString();
      await t.db
        .insertInto("jobs")
        .values({ id, kind: BULK_IMPORT_JOB, group_id: groupId, created_by: null, status: "DONE", payload: JSON.stringify({ fileName: `import ${text}.xlsx` }), result: null, error: null, locked_until: null, created_at: now, updated_at: now, finished_at: now } as never)
        .execute();
      await t.db
        .insertInto("bulk_import_rows")
        .values({ job_id: id, group_id: groupId, row_number: 2, status: "FAILED", employee_id: null, move_id: null, errors: JSON.stringify([`Bad ${text} value`]), warnings: JSON.stringify([`Odd ${text}`]), summary: `Jane ${text} Doe`, created_at: now })
        .execute();
      return { xlsx: [(await bulkErrorFile(t.db, await hr(), id)).bytes] };
    },
  },  {
    name: "report download CSV",
    file: "src/services/reporting/export.ts",
    stored: false,
    run: async (text) => ({ csv: [await new Response(csvStream(reportResult(text))).text()] }),
  },
  {
    name: "report download workbook",
    file: "src/services/reporting/export.ts",
    stored: false,
    run: async (text) => ({ xlsx: [new Uint8Array(await new Response(xlsxStream(reportResult(text), `Report ${text}`)).arrayBuffer())] }),
  },
  {
    // The scheduler attaches the recipient's rows as csvStream writes them (src/services/reporting/scheduler.ts reportFor).
    name: "report reminder CSV attachment",
    file: "src/services/reporting/scheduler.ts",
    stored: false,
    run: async (text) => ({ csv: [await new Response(csvStream(reportResult(text))).text()] }),
  },
];

/** A report's result whose texts carry `text` (a name, a title, a status), with a money column. */
function reportResult(text: string): ReportResult {
  async function* rows() {
    yield { employee: `Zoë ${text} Müller`, status: `Approved ${text}`, currency: "EUR", amount: 12_050 };
    yield { employee: `=SUM(${text})`, status: null, currency: "JPY", amount: 1_000 };
  }
  return {
    columns: [
      { key: "employee", title: `Employee ${text}`, kind: "text" },
      { key: "status", title: "Status", kind: "text" },
      { key: "currency", title: "Currency", kind: "text" },
      { key: "amount", title: "Amount", kind: "money", currencyKey: "currency" },
    ],
    rows: rows(),
  };
}

/** The first well-formedness error of an XML document (saxes, XML 1.0), or null. */
function xmlError(xml: string): string | null {
  const parser = new SaxesParser({ xmlns: false });
  let error: string | null = null;
  parser.on("error", (e) => {
    error ??= e.message;
  });
  try {
    parser.write(xml).close();
  } catch (e) {
    error ??= (e as Error).message;
  }
  return error;
}

async function xlsxErrors(bytes: Uint8Array): Promise<string[]> {
  const zip = await JSZip.loadAsync(bytes);
  const errors: string[] = [];
  for (const name of Object.keys(zip.files)) {
    if (!/\.(xml|rels)$/.test(name)) continue;
    const e = xmlError(await zip.file(name)!.async("string"));
    if (e) errors.push(`${name}: ${e}`);
  }
  return errors;
}

describe("xmlSafeText", () => {
  test("replaces exactly the characters outside XML 1.0's Char production", () => {
    for (const [name, chars] of Object.entries(FORBIDDEN_CLASSES)) {
      const safe = xmlSafeText(`a${chars}b`);
      expect(xmlError(`<x>${safe}</x>`), name).toBeNull();
      expect(safe.startsWith("a") && safe.endsWith("b"), name).toBe(true);
    }
    const allowed = "tab\tlf\ncr\r ascii ~ é € \uD7FF \uE000 \uFFFD 😀 \u{10FFFF}";
    expect(xmlSafeText(allowed)).toBe(allowed);
    expect(xmlSafeText("a\uFFFEb", " ")).toBe("a b");
    expect(xmlError("<x>a\uFFFEb</x>")).not.toBeNull();
  });
});

describe("every XML and spreadsheet export, fed every forbidden character", () => {
  for (const ex of EXPORTS) {
    for (const [className, chars] of Object.entries(FORBIDDEN_CLASSES)) {
      test(`${ex.name}: ${className}`, async () => {
        if (ex.stored && className === "nul" && testDialect() === "postgres") return;
        const out = await ex.run(`<${chars}&>`);
        const produced = (out.xml?.length ?? 0) + (out.xlsx?.length ?? 0) + (out.csv?.length ?? 0);
        expect(produced).toBeGreaterThan(0);
        for (const xml of out.xml ?? []) expect(xmlError(xml)).toBeNull();
        for (const bytes of out.xlsx ?? []) expect(await xlsxErrors(bytes)).toEqual([]);
        for (const csv of out.csv ?? []) expect(csv.match(XML_FORBIDDEN)).toBeNull();
      });
    }
  }
});

describe("the list of exports is complete", () => {
  const root = join(import.meta.dir, "..");
  const files: string[] = [];
  const walk = (dir: string) => {
    for (const name of readdirSync(dir)) {
      const path = join(dir, name);
      if (statSync(path).isDirectory()) walk(path);
      else if (/\.(ts|tsx)$/.test(name) && !/\.test\.tsx?$/.test(name)) files.push(path);
    }
  };
  walk(root);
  const source = (path: string) => readFileSync(path, "utf8");
  const rel = (path: string) => `src/${relative(root, path)}`;

  test("only src/services/xlsx.ts writes workbook bytes", () => {
    const writers = files.filter((f) => /\.writeBuffer\(|\.xlsx\.write\(|csv\.write/.test(source(f))).map(rel);
    expect(writers).toEqual(["src/services/xlsx.ts"]);
  });

  test("every file that writes an .xlsx, an XML document or a CSV file has an entry", () => {
    const covered = new Set(EXPORTS.map((e) => e.file));
    const producers = files
      .filter((f) => !f.includes(`${join("src", "web")}`) && rel(f) !== "src/services/xlsx.ts")
      .filter((f) => {
        const s = source(f);
        return /xlsxBytes\(|<\?xml|paymentCsv\(|["'`]text\/csv/.test(s) && !/\.openapi\.ts$/.test(f);
      })
      .map(rel)
      .filter((f) => !f.startsWith("src/routers/") && !f.startsWith("src/server/"));
    for (const f of producers) expect(covered.has(f), `${f} writes an export that src/test/xml-exports.test.ts does not feed`).toBe(true);
    expect(producers.length).toBeGreaterThanOrEqual(5);
  });
});
