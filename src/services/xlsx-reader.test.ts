/**
 * xlsx-reader.ts (issue 23 item 10): the sliced reader gives every cell the text exceljs's load gave it
 * (spreadsheet.ts `readSheetRowsWithExceljs`), and it yields to the event loop while it reads; the sliced CSV
 * parse gives `parseCsv`'s rows and yields too.
 */
import { describe, expect, test } from "bun:test";
import ExcelJS from "exceljs";
import JSZip from "jszip";
import { parseCsvSliced, readSheetRows, readSheetRowsWithExceljs } from "./spreadsheet.ts";
import { parseCsv } from "./policy/rates.ts";
import { sliceYielder } from "./jobs/yield.ts";
import { isDateFormat, readXlsxRows } from "./xlsx-reader.ts";

const bytesOf = async (wb: ExcelJS.Workbook) => new Uint8Array(await wb.xlsx.writeBuffer());

async function expectParity(bytes: Uint8Array) {
  const expected = await readSheetRowsWithExceljs(bytes);
  const actual = await readXlsxRows(bytes);
  expect(actual).toEqual(expected);
  return actual;
}

describe("xlsx reader: exceljs's cell texts", () => {
  test("strings, numbers, dates, booleans, formulas, errors, rich text, hyperlinks", async () => {
    const wb = new ExcelJS.Workbook();
    const sheet = wb.addWorksheet("Employees");
    sheet.addRow(["Policy", "First name", "Amount", "Start", "Flag", "Formula", "Text formula", "Error", "Rich", "Link"]);
    sheet.addRow([
      "Global Long-Term Assignment",
      "  Ada & <Lovelace> \"quoted\"  ",
      1234.5,
      new Date(Date.UTC(2027, 2, 1)),
      true,
      { formula: "C2*2", result: 2469 },
      { formula: 'CONCAT("a","b")', result: "ab & <c>" },
      { error: "#N/A" },
      { richText: [{ text: "Rich " }, { font: { bold: true }, text: "text" }] },
      { text: "the site", hyperlink: "https://example.com" },
    ]);
    sheet.addRow(["x", "Zoë 日本語 😀", -0.000123, new Date(Date.UTC(1999, 11, 31)), false, { formula: "TODAY()", result: new Date(Date.UTC(2026, 0, 5)) }, { formula: "NA()" }, 0, 1e21, 12345678901234567890]);
    sheet.getCell("D2").numFmt = "dd/mm/yyyy";
    sheet.getCell("C3").numFmt = "0.00%";
    sheet.getCell("F3").numFmt = "yyyy-mm-dd";
    const rows = await expectParity(await bytesOf(wb));
    expect(rows[1]![1]).toBe('Ada & <Lovelace> "quoted"');
    expect(rows[1]![3]).toBe("2027-03-01");
  });

  test("sparse rows and columns, styled empty cells, merged ranges, a second sheet", async () => {
    const wb = new ExcelJS.Workbook();
    const sheet = wb.addWorksheet("First");
    sheet.getCell("A1").value = "Header";
    sheet.getCell("E1").value = "far";
    sheet.getCell("B4").value = 7;
    sheet.getCell("C6").fill = { type: "pattern", pattern: "solid", fgColor: { argb: "FFFF0000" } };
    sheet.getCell("A8").value = "merged";
    sheet.mergeCells("A8:C9");
    sheet.getCell("D12").value = "after";
    wb.addWorksheet("Second").addRow(["not read"]);
    await expectParity(await bytesOf(wb));
  });

  test("a 1904 workbook's dates", async () => {
    const wb = new ExcelJS.Workbook();
    wb.properties.date1904 = true;
    const sheet = wb.addWorksheet("S");
    sheet.addRow([new Date(Date.UTC(2027, 5, 15)), 3]);
    await expectParity(await bytesOf(wb));
  });

  test("a file written by another tool: inline strings, str cells, escapes, phonetic runs, built-in and custom date formats", async () => {
    const zip = new JSZip();
    zip.file("[Content_Types].xml", '<?xml version="1.0"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/><Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/><Override PartName="/xl/sharedStrings.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sharedStrings+xml"/><Override PartName="/xl/styles.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.styles+xml"/></Types>');
    zip.file("_rels/.rels", '<?xml version="1.0"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="xl/workbook.xml"/></Relationships>');
    zip.file("xl/workbook.xml", '<?xml version="1.0"?><workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"><sheets><sheet name="Data" sheetId="1" r:id="rId1"/></sheets></workbook>');
    zip.file("xl/_rels/workbook.xml.rels", '<?xml version="1.0"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet1.xml"/><Relationship Id="rId2" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/sharedStrings" Target="sharedStrings.xml"/><Relationship Id="rId3" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/styles" Target="styles.xml"/></Relationships>');
    zip.file("xl/styles.xml", '<?xml version="1.0"?><styleSheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><numFmts count="1"><numFmt numFmtId="164" formatCode="[$-409]d\\-mmm\\-yy;@"/></numFmts><fonts count="1"><font/></fonts><fills count="1"><fill/></fills><borders count="1"><border/></borders><cellXfs count="4"><xf numFmtId="0"/><xf numFmtId="14"/><xf numFmtId="164"/><xf numFmtId="4"/></cellXfs></styleSheet>');
    zip.file("xl/sharedStrings.xml", '<?xml version="1.0"?><sst xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" count="3" uniqueCount="3"><si><t xml:space="preserve"> Line_x000D_break </t></si><si><r><t>東京</t></r><rPh sb="0" eb="2"><t>トウキョウ</t></rPh></si><si><r><rPr><b/></rPr><t>Bold</t></r><r><t xml:space="preserve"> tail</t></r></si></sst>');
    zip.file(
      "xl/worksheets/sheet1.xml",
      '<?xml version="1.0"?><worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData>' +
        '<row r="1"><c r="A1" t="s"><v>0</v></c><c r="B1" t="s"><v>1</v></c><c r="C1" t="s"><v>2</v></c><c r="D1" t="inlineStr"><is><t>inline &amp; text</t></is></c></row>' +
        '<row r="2"><c r="A2" s="1"><v>46447</v></c><c r="B2" s="2"><v>46448.5</v></c><c r="C2" s="3"><v>1234.5</v></c><c r="D2" t="str"><v>x &amp;amp; y</v></c><c r="E2" t="b"><v>1</v></c><c r="F2" t="e"><v>#DIV/0!</v></c></row>' +
        '<row r="3"><c r="A3" t="inlineStr"><is><r><t>rich</t></r><r><t> inline</t></r></is></c><c r="C3"><v>42</v></c></row>' +
        '<row r="5"><c r="B5" s="1"/></row>' +
        "</sheetData></worksheet>",
    );
    const bytes = await zip.generateAsync({ type: "uint8array" });
    const rows = await expectParity(bytes);
    expect(rows[1]![0]).toBe("2027-03-01");
  });

  test("random sheets read the same", async () => {
    let seed = 42;
    const rand = () => ((seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31);
    const pick = <T,>(xs: T[]) => xs[Math.floor(rand() * xs.length)]!;
    for (let round = 0; round < 5; round++) {
      const wb = new ExcelJS.Workbook();
      const sheet = wb.addWorksheet("R");
      for (let r = 1; r <= 40; r++) {
        for (let c = 1; c <= 8; c++) {
          if (rand() < 0.3) continue;
          const cell = sheet.getCell(r, c);
          cell.value = pick<ExcelJS.CellValue>([`t${r}-${c}`, ` pad ${c} `, r * c + 0.25, -r, rand() < 0.5, new Date(Date.UTC(2020 + (r % 9), c % 12, 1 + (r % 27))), { formula: `A${r}+1`, result: r }, "", "a&b<c>"]);
          if (rand() < 0.2) cell.numFmt = pick(["yyyy-mm-dd", "0.00", "#,##0", "d-mmm", '"Day" d']);
        }
      }
      await expectParity(await bytesOf(wb));
    }
  });

  test("the date-format rule ignores quoted text and brackets", () => {
    expect(isDateFormat("dd/mm/yyyy")).toBe(true);
    expect(isDateFormat("[Red]0.00")).toBe(false);
    expect(isDateFormat('"days" 0')).toBe(false);
    expect(isDateFormat("#,##0.00")).toBe(false);
  });

  test("a file that is no workbook is refused with the caller's text", async () => {
    const texts = { fileType: "type", fileUnreadable: "unreadable" };
    await expect(readSheetRows("x.xlsx", new TextEncoder().encode("not a zip"), texts)).rejects.toThrow("unreadable");
    await expect(readSheetRows("x.xls", new Uint8Array(4), texts)).rejects.toThrow("type");
  });
});

describe("xlsx reader: yields while it reads", () => {
  test("a timer set before a 3,000-row read fires before the read ends, and the read gives the loop many turns", async () => {
    const wb = new ExcelJS.Workbook();
    const sheet = wb.addWorksheet("Big");
    for (let i = 0; i < 3000; i++) sheet.addRow([`First${i}`, `Last${i}`, `person.${i}@example.com`, i, "Global Long-Term Assignment"]);
    const bytes = await bytesOf(wb);
    let turns = 0;
    let reading = true;
    const tick = () => {
      turns += 1;
      if (reading) setTimeout(tick, 0);
    };
    setTimeout(tick, 0);
    // Slices of 0 ms: the reader yields after every chunk of XML it parses.
    const rows = await readXlsxRows(bytes, 0);
    reading = false;
    expect(rows.length).toBe(3000);
    expect(turns).toBeGreaterThan(5);
    // exceljs's own load of the same file gives a timer no turn at all while it parses.
    let exceljsTurns = 0;
    let loading = true;
    const tick2 = () => {
      exceljsTurns += 1;
      if (loading) setTimeout(tick2, 0);
    };
    setTimeout(tick2, 0);
    await readSheetRowsWithExceljs(bytes);
    loading = false;
    expect(exceljsTurns).toBeLessThan(turns);
  });
});

describe("csv: sliced like the xlsx reader", () => {
  test("random CSV text gives parseCsv's rows", async () => {
    let seed = 7;
    const rand = () => ((seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31);
    const alphabet = ["a", "b", "Zoë", " ", '"', '""', ",", ";", "\n", "\r", "\r\n", "x y"];
    for (let round = 0; round < 500; round++) {
      let text = rand() < 0.2 ? "\uFEFF" : "";
      const length = Math.floor(rand() * 60);
      for (let i = 0; i < length; i++) text += alphabet[Math.floor(rand() * alphabet.length)];
      expect(await parseCsvSliced(text, async () => {})).toEqual(parseCsv(text));
    }
  });

  test("a 3,000-row CSV gives a timer turns while it is read", async () => {
    const text = Array.from({ length: 3000 }, (_, i) => `First${i},Last${i},"person.${i}@example.com",${i}`).join("\r\n");
    let turns = 0;
    let reading = true;
    // Another macrotask waiting beside the read (as a request's I/O would): a setImmediate chain, which
    // runs once per turn the read gives the loop (a setTimeout(0) chain needs a whole millisecond a turn,
    // longer than this read takes on a quick machine).
    const tick = () => {
      turns += 1;
      if (reading) setImmediate(tick);
    };
    setImmediate(tick);
    const rows = await parseCsvSliced(text, sliceYielder(0));
    reading = false;
    expect(rows).toEqual(parseCsv(text));
    expect(turns).toBeGreaterThan(5);
  });
});
