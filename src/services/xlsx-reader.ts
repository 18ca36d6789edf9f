/**
 * The first sheet of an .xlsx workbook as rows of text cells, read in slices that give the event loop a turn
 * (issue 23 item 10; DESIGN.md "Background work": long work never holds the request thread for more than
 * ~100 ms). exceljs's whole-file load parses a 20,000-row sheet and builds its cell objects in blocks of
 * 0.3–0.7 s that never yield, so every other request of the server waited behind it; this reader unzips with
 * JSZip (which yields), then feeds the sheet's XML to a SAX parser in small chunks and yields whenever a
 * slice has run `SLICE_MS`.
 *
 * The text of each cell is what `cellText(cell.value)` gave for exceljs's loaded cell (spreadsheet.ts; the
 * parity test in xlsx-reader.test.ts holds the two equal): shared and inline strings (rich text joined,
 * `_xHHHH_` escapes of shared strings decoded, phonetic runs left out), numbers as JavaScript prints them,
 * numbers in a date format as the ISO date (`date1904` honoured), booleans as "true"/"false", a formula's
 * cached result, errors as "", and a merged range's cells all carrying its top-left cell's text.
 */
import JSZip from "jszip";
import { sliceYielder } from "./jobs/yield.ts";

/** The longest a slice of parsing runs before it yields to the event loop. */
export const SLICE_MS = 8;

type Tag = { name: string; attr: () => Record<string, string> };
type Handlers = {
  open?: (tag: Tag) => void;
  text?: (text: string) => void;
  close?: (name: string) => void;
};

/**
 * One token of XML at the current position (sticky): a tag (its name, its attributes' text, self-closing),
 * CDATA, a comment, a processing instruction or doctype, or text. A workbook's parts are generated XML
 * without DTDs; anything that is not one of these is malformed and refused.
 */
const TOKEN = /<(\/?)([A-Za-z_][\w.:-]*)((?:\s+[^\s=/>]+\s*=\s*(?:"[^"]*"|'[^']*'))*)\s*(\/?)>|<!\[CDATA\[([\s\S]*?)\]\]>|<!--[\s\S]*?-->|<\?[\s\S]*?\?>|<!DOCTYPE[^>]*>|([^<]+)/y;
const ATTRIBUTE = /([^\s=]+)\s*=\s*(?:"([^"]*)"|'([^']*)')/g;
const ENTITY = /&(?:#(\d+)|#x([0-9a-fA-F]+)|(lt|gt|amp|quot|apos));/g;
const NAMED: Record<string, string> = { lt: "<", gt: ">", amp: "&", quot: '"', apos: "'" };

function decodeEntities(text: string): string {
  if (!text.includes("&")) return text;
  return text.replace(ENTITY, (_, dec: string | undefined, hex: string | undefined, name: string | undefined) =>
    name ? NAMED[name]! : String.fromCodePoint(dec ? parseInt(dec, 10) : parseInt(hex!, 16)),
  );
}

function attributesOf(text: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const m of text.matchAll(ATTRIBUTE)) out[m[1]!] = decodeEntities(m[2] ?? m[3] ?? "");
  return out;
}

/** Tokens between checks of the slice's clock. */
const TOKENS_PER_CHECK = 512;

/**
 * Walks `xml` token by token with the element's local name (any prefix dropped), yielding between slices
 * (`pause`); throws on malformed XML. A specialised scanner: a general SAX parser (saxes, as exceljs uses)
 * took 2–3 times as long for a 20,000-row sheet.
 */
async function parseXml(xml: string, on: Handlers, pause: () => Promise<void>): Promise<void> {
  const re = new RegExp(TOKEN.source, "y");
  let count = 0;
  let depth = 0;
  while (re.lastIndex < xml.length) {
    const at = re.lastIndex;
    const m = re.exec(xml);
    if (!m) throw new Error(`malformed XML at ${at}`);
    if (m[2] !== undefined) {
      const colon = m[2].indexOf(":");
      const name = colon < 0 ? m[2] : m[2].slice(colon + 1);
      if (m[1] === "/") {
        depth -= 1;
        on.close?.(name);
      } else {
        const attrText = m[3]!;
        on.open?.({ name, attr: () => attributesOf(attrText) });
        if (m[4] === "/") on.close?.(name);
        else depth += 1;
      }
    } else if (m[5] !== undefined) {
      on.text?.(m[5]);
    } else if (m[6] !== undefined) {
      if (on.text && depth > 0) on.text(decodeEntities(m[6]));
    }
    if (++count % TOKENS_PER_CHECK === 0) await pause();
  }
  if (depth !== 0) throw new Error("malformed XML: unclosed elements");
}

/** Built-in number formats that are dates (ECMA-376 §18.8.30, and the CJK ids exceljs knows). */
const BUILT_IN_DATE_FORMATS = new Set([14, 15, 16, 17, 18, 19, 20, 21, 22, 27, 28, 29, 30, 31, 32, 33, 34, 35, 36, 45, 46, 47, 50, 51, 52, 53, 54, 55, 56, 57, 58]);

/** exceljs's date-format test: any of y m d h M s b outside quotes and brackets. */
export function isDateFormat(code: string): boolean {
  return /[ymdhMsb]+/.test(code.replace(/\[[^\]]*]/g, "").replace(/"[^"]*"/g, ""));
}

/** exceljs's `utils.excelToDate`, as an ISO date (YYYY-MM-DD). */
function excelDate(serial: number, date1904: boolean): string {
  const ms = Math.round((serial - 25569 + (date1904 ? 1462 : 0)) * 24 * 3600 * 1000);
  const d = new Date(ms);
  return Number.isNaN(d.getTime()) ? "" : d.toISOString().slice(0, 10);
}

/** `_x000D_` style escapes of a shared string's text. */
const decodeEscapes = (text: string) => text.replace(/_x([0-9A-F]{4})_/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));

/** exceljs's `utils.xmlDecode` (applied again to the value of a `t="str"` cell). */
const XML_ENTITIES: Record<string, string> = { "&lt;": "<", "&gt;": ">", "&amp;": "&", "&apos;": "'", "&quot;": '"' };
const xmlDecode = (text: string) => text.replace(/&([a-z]*);/g, (c) => XML_ENTITIES[c] ?? c);

/** Column number (1-based) of a cell reference such as "AB12". */
function columnOf(ref: string): number {
  let n = 0;
  for (let i = 0; i < ref.length; i++) {
    const c = ref.charCodeAt(i);
    if (c < 65 || c > 90) break;
    n = n * 26 + (c - 64);
  }
  return n;
}
const rowOf = (ref: string) => Number(ref.replace(/^[A-Z]+/, ""));

/** The path inside the zip of a relationship target relative to xl/. */
const partPath = (target: string) => (target.startsWith("/") ? target.slice(1) : `xl/${target.replace(/^\.\//, "")}`);

async function partText(zip: JSZip, path: string): Promise<string | null> {
  const file = zip.file(path) ?? zip.file(`/${path}`);
  return file ? await file.async("string") : null;
}

/** The shared strings table (exceljs's SharedStringsXform, then cellText). */
async function readSharedStrings(xml: string, pause: () => Promise<void>): Promise<string[]> {
  const out: string[] = [];
  let item: string[] | null = null; // text pieces of the current <si>
  let inPhonetic = false;
  let inText = false;
  await parseXml(
    xml,
    {
      open: ({ name }) => {
        if (name === "si") item = [];
        else if (name === "rPh") inPhonetic = true;
        else if (name === "t" && item && !inPhonetic) inText = true;
      },
      text: (text) => {
        if (inText) item!.push(text);
      },
      close: (name) => {
        if (name === "t") inText = false;
        else if (name === "rPh") inPhonetic = false;
        else if (name === "si") {
          out.push(decodeEscapes(item!.join("")));
          item = null;
        }
      },
    },
    pause,
  );
  return out;
}

/** Style index → whether its number format is a date (exceljs's StylesXform.getStyleModel + isDateFmt). */
async function readDateStyles(xml: string | null, pause: () => Promise<void>): Promise<boolean[]> {
  if (xml === null) return [];
  const custom = new Map<number, string>();
  const xfFormats: number[] = [];
  let inCellXfs = false;
  await parseXml(
    xml,
    {
      open: ({ name, attr }) => {
        if (name === "numFmt") {
          const a = attr();
          custom.set(Number(a["numFmtId"]), a["formatCode"] ?? "");
        } else if (name === "cellXfs") inCellXfs = true;
        else if (name === "xf" && inCellXfs) xfFormats.push(Number(attr()["numFmtId"] ?? 0));
      },
      close: (name) => {
        if (name === "cellXfs") inCellXfs = false;
      },
    },
    pause,
  );
  return xfFormats.map((id) => {
    if (!id) return false;
    const code = custom.get(id);
    return code !== undefined && code !== "" ? isDateFormat(code) : BUILT_IN_DATE_FORMATS.has(id);
  });
}

/** Reads the first sheet; throws on a file that is not an .xlsx workbook. */
export async function readXlsxRows(bytes: Uint8Array, sliceMs = SLICE_MS): Promise<string[][]> {
  const pause = sliceYielder(sliceMs);
  const zip = await JSZip.loadAsync(bytes);
  const workbookXml = await partText(zip, "xl/workbook.xml");
  if (workbookXml === null) throw new Error("no xl/workbook.xml");
  let firstSheetRel: string | null = null;
  let date1904 = false;
  await parseXml(
    workbookXml,
    {
      open: ({ name, attr }) => {
        if (name === "workbookPr") {
          const flag = attr()["date1904"];
          date1904 = flag === "1" || flag === "true";
        }
        if (name === "sheet" && firstSheetRel === null) {
          const a = attr();
          firstSheetRel = a["r:id"] ?? Object.entries(a).find(([k]) => k.endsWith(":id"))?.[1] ?? null;
        }
      },
    },
    pause,
  );
  if (firstSheetRel === null) return [];
  let sheetPath: string | null = null;
  const relsXml = await partText(zip, "xl/_rels/workbook.xml.rels");
  if (relsXml !== null) {
    await parseXml(
      relsXml,
      {
        open: ({ name, attr }) => {
          if (name !== "Relationship") return;
          const a = attr();
          if (a["Id"] === firstSheetRel) sheetPath = partPath(a["Target"] ?? "");
        },
      },
      pause,
    );
  }
  const sheetXml = sheetPath ? await partText(zip, sheetPath) : null;
  if (sheetXml === null) return [];
  const sharedXml = await partText(zip, "xl/sharedStrings.xml");
  const shared = sharedXml === null ? [] : await readSharedStrings(sharedXml, pause);
  const dateStyles = await readDateStyles(await partText(zip, "xl/styles.xml"), pause);

  const rows: string[][] = [];
  const merges: string[] = [];
  let rowNumber = 0;
  let cells: string[] = [];
  let rowHasValue = false;
  // The current cell.
  let col = 0;
  let type = "";
  let dateStyle = false;
  let styled = false;
  let hasFormula = false;
  let value: string | null = null;
  let inline: string[] | null = null;
  let reading: "v" | "t" | null = null;
  let inInline = false;

  const cellText = (): string => {
    if (inline !== null && !hasFormula) return inline.join("");
    if (value === null) return "";
    const v = value;
    switch (type) {
      case "s":
        return hasFormula ? String(parseFloat(v)) : (shared[parseInt(v, 10)] ?? "");
      case "str":
        return xmlDecode(v);
      case "inlineStr":
        return hasFormula ? String(parseFloat(v)) : v;
      case "b":
        return String(parseInt(v, 10) !== 0);
      case "e":
        return "";
      default: {
        const n = parseFloat(v);
        return dateStyle ? excelDate(n, date1904) : String(n);
      }
    }
  };

  await parseXml(
    sheetXml,
    {
      open: ({ name, attr }) => {
        switch (name) {
          case "row": {
            const r = attr()["r"];
            rowNumber = r ? Number(r) : rowNumber + 1;
            cells = [];
            rowHasValue = false;
            col = 0;
            break;
          }
          case "c": {
            const a = attr();
            col = a["r"] ? columnOf(a["r"]) : col + 1;
            type = a["t"] ?? "";
            const s = a["s"] ? parseInt(a["s"], 10) : 0;
            styled = s > 0;
            dateStyle = dateStyles[s] ?? false;
            hasFormula = false;
            value = null;
            inline = null;
            break;
          }
          case "f":
            hasFormula = true;
            break;
          case "v":
            reading = "v";
            break;
          case "is":
            inInline = true;
            inline = [];
            break;
          case "t":
            if (inInline) reading = "t";
            break;
          case "mergeCell": {
            const ref = attr()["ref"];
            if (ref) merges.push(ref);
            break;
          }
        }
      },
      text: (text) => {
        if (reading === "v") value = (value ?? "") + text;
        else if (reading === "t") inline!.push(text);
      },
      close: (name) => {
        switch (name) {
          case "v":
          case "t":
            reading = null;
            break;
          case "is":
            inInline = false;
            break;
          case "c": {
            const text = cellText().trim();
            for (let i = cells.length; i < col - 1; i++) cells[i] = "";
            cells[col - 1] = text;
            // exceljs counts a cell without a value as a value unless it is styled (its Merge type).
            if (value !== null || inline !== null || hasFormula || !styled) rowHasValue = true;
            break;
          }
          case "row":
            if (rowHasValue && rowNumber > 0) {
              for (let i = rows.length; i < rowNumber - 1; i++) rows[i] = [];
              rows[rowNumber - 1] = cells;
            }
            break;
        }
      },
    },
    pause,
  );

  // A merged range: every cell shows the top-left cell's text (exceljs's merge values).
  for (const ref of merges) {
    const [from, to = from] = ref.split(":") as [string, string?];
    const [c1, r1, c2, r2] = [columnOf(from), rowOf(from), columnOf(to), rowOf(to)];
    const master = rows[r1 - 1]?.[c1 - 1] ?? "";
    for (let r = r1; r <= r2; r++) {
      for (let i = rows.length; i < r; i++) rows[i] = [];
      const row = rows[r - 1]!;
      for (let i = row.length; i < c2; i++) row[i] = "";
      for (let c = c1; c <= c2; c++) row[c - 1] = master;
    }
    await pause();
  }
  return Array.from(rows, (r) => r ?? []);
}
