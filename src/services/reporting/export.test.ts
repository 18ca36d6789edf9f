/** Report downloads (issue 26): money text equals the money module's, RFC 4180 fields, formula-injection safety, streamed CSV. */
import { describe, expect, test } from "bun:test";
import fc from "fast-check";
import { toMajorString } from "../../domain/money/money.ts";
import type { ReportColumn, ReportRow } from "../../domain/reporting/types.ts";
import ExcelJS from "exceljs";
import { csvField, csvStream, majorText, safeText, xlsxStream } from "./export.ts";
import { batchedRows } from "./run.ts";

describe("majorText", () => {
  test("equals toMajorString for every amount and currency digits (0, 2, 3)", () => {
    fc.assert(
      fc.property(fc.integer({ min: -9_999_999_999_999, max: 9_999_999_999_999 }), fc.constantFrom("USD", "JPY", "BHD", "EUR", "KWD", "CLP"), (amount, currency) => {
        expect(majorText(amount, currency)).toBe(toMajorString({ amount, currency }));
      }),
      { numRuns: 2000 },
    );
    expect(majorText(-5, "USD")).toBe("-0.05");
    expect(majorText(1500, "JPY")).toBe("1500");
    expect(majorText(1, "BHD")).toBe("0.001");
  });
});

describe("CSV", () => {
  test("RFC 4180 quoting and formula neutralising", () => {
    expect(csvField("plain")).toBe("plain");
    expect(csvField('a,"b"')).toBe('"a,""b"""');
    expect(csvField("line\r\nbreak")).toBe('"line\r\nbreak"');
    for (const lead of ["=", "+", "-", "@", "\t", "\r"]) expect(safeText(`${lead}1+1`)).toBe(`'${lead}1+1`);
    expect(safeText("1+1")).toBe("1+1");
  });

  test("streams rows, a batched source or a plain iterable, with the same text", async () => {
    const columns: ReportColumn[] = [
      { key: "name", title: "=Name", kind: "text" },
      { key: "n", title: "N", kind: "integer" },
      { key: "amount", title: "Amount", kind: "money", currencyKey: "currency" },
      { key: "currency", title: "Currency", kind: "text" },
    ];
    const rows: ReportRow[] = Array.from({ length: 1234 }, (_, i) => ({ name: i % 2 ? `-x${i}` : `a,b ${i}`, n: -i, amount: i * 101, currency: i % 3 ? "USD" : "JPY" }));
    async function* plain() {
      for (const r of rows) yield r;
    }
    const read = async (s: ReadableStream<Uint8Array>) => new Response(s).text();
    const a = await read(csvStream({ columns, rows: plain() }));
    const b = await read(csvStream({ columns, rows: batchedRows(async function* () { for (let i = 0; i < rows.length; i += 100) yield rows.slice(i, i + 100); }, (r) => r) }));
    expect(a).toBe(b);
    const lines = a.replace(/^\uFEFF/, "").split("\r\n");
    expect(lines[0]).toBe("'=Name,N,Amount,Currency");
    expect(lines[1]).toBe('"a,b 0",0,0,JPY');
    expect(lines[2]).toBe("'-x1,-1,1.01,USD");
    expect(lines[4]).toBe("'-x3,-3,303,JPY");
    expect(lines.length).toBe(rows.length + 2);
  });
});

describe("XLSX", () => {
  test("the reader drives the writer: nothing is written past what is read, and every row arrives", async () => {
    const columns: ReportColumn[] = [
      { key: "n", title: "N", kind: "integer" },
      { key: "amount", title: "Amount", kind: "money", currencyKey: "currency" },
      { key: "currency", title: "Currency", kind: "text" },
      { key: "text", title: "Text", kind: "text" },
    ];
    const TOTAL = 5_000;
    let produced = 0;
    async function* rows() {
      for (let i = 0; i < TOTAL; i++) {
        produced++;
        yield { n: i, amount: i * 3, currency: i % 2 ? "USD" : "BHD", text: i === 7 ? "@SUM(1)" : `row ${i}` } as ReportRow;
      }
    }
    const reader = xlsxStream({ columns, rows: rows() }).getReader();
    const first = await reader.read();
    expect(first.done).toBe(false);
    // One pull wrote at most a few batches, not the whole report.
    expect(produced).toBeLessThan(TOTAL);
    const parts: Uint8Array[] = [first.value!];
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      parts.push(value);
    }
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(await new Blob(parts as BlobPart[]).arrayBuffer());
    const sheet = wb.worksheets[0]!;
    expect(sheet.rowCount).toBe(TOTAL + 1);
    expect(sheet.getRow(9).getCell(4).value).toBe("'@SUM(1)");
    expect(sheet.getRow(3).getCell(2).value).toBe(0.03);
    expect(sheet.getRow(3).getCell(2).numFmt).toBe("#,##0.00");
    expect(sheet.getRow(4).getCell(2).value).toBe(0.006);
    expect(sheet.getRow(4).getCell(2).numFmt).toBe("#,##0.000");
  }, 120_000);
});
