/**
 * Payment files (issue 16): the CSV columns and the ISO 20022 pain.001.001.03 XML. The official XSD check
 * is src/test/pain001-xsd.test.ts (issue 24 §5, the schema vendored from Debian's Tryton SEPA module); this
 * file keeps a quick structural check that needs no xmllint: the XML is validated structurally against the schema's rules for every element Meridian writes: the
 * content model (children, their order and occurrences, from the published message definition
 * CustomerCreditTransferInitiationV03), and the simple types (Max35Text, Max140Text, Max34Text,
 * ISODate, ISODateTime, ActiveOrHistoricCurrencyCode, ActiveOrHistoricCurrencyAndAmount with at most
 * 5 fraction and 18 total digits and no negative value, DecimalNumber, code lists PmtMtd and ChrgBr),
 * plus the totals (NbOfTxs, CtrlSum) agreeing with the transactions.
 */
import { describe, expect, test } from "bun:test";
import { CSV_COLUMNS, PAIN_001_NAMESPACE, paymentCsv, paymentXml, type PaymentLine } from "../../services/finance/payment-files.ts";

type El = { name: string; attrs: Record<string, string>; children: El[]; text: string };

/** A small XML reader for the files Meridian writes (elements, attributes, text, entities; no CDATA or comments). */
function parseXml(xml: string): El {
  const body = xml.replace(/^<\?xml[^?]*\?>\s*/, "");
  const stack: El[] = [{ name: "#root", attrs: {}, children: [], text: "" }];
  const re = /<(\/?)([A-Za-z][\w:.-]*)((?:\s+[\w:.-]+="[^"]*")*)\s*(\/?)>|([^<]+)/g;
  const decode = (s: string) => s.replace(/&(lt|gt|amp|quot|apos);/g, (_, e: string) => ({ lt: "<", gt: ">", amp: "&", quot: '"', apos: "'" })[e]!);
  let m: RegExpExecArray | null;
  let consumed = 0;
  while ((m = re.exec(body))) {
    expect(m.index).toBe(consumed);
    consumed = re.lastIndex;
    const [, close, name, attrText, selfClose, text] = m;
    if (text !== undefined) {
      stack.at(-1)!.text += decode(text);
      continue;
    }
    if (close) {
      const el = stack.pop()!;
      expect(el.name).toBe(name!);
      continue;
    }
    const attrs: Record<string, string> = {};
    for (const a of attrText!.matchAll(/([\w:.-]+)="([^"]*)"/g)) attrs[a[1]!] = decode(a[2]!);
    const el: El = { name: name!, attrs, children: [], text: "" };
    stack.at(-1)!.children.push(el);
    if (!selfClose) stack.push(el);
  }
  expect(consumed).toBe(body.length);
  expect(stack).toHaveLength(1);
  const roots = stack[0]!.children;
  expect(roots).toHaveLength(1);
  return roots[0]!;
}

// Simple types of pain.001.001.03.
const maxText = (max: number) => (s: string) => s.length >= 1 && s.length <= max;
const TYPES = {
  Max35Text: maxText(35),
  Max34Text: maxText(34),
  Max140Text: maxText(140),
  Max15NumericText: (s: string) => /^[0-9]{1,15}$/.test(s),
  ISODate: (s: string) => /^\d{4}-\d{2}-\d{2}$/.test(s) && !Number.isNaN(Date.parse(s)),
  ISODateTime: (s: string) => /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})?$/.test(s),
  DecimalNumber: (s: string) => /^\d{1,18}(\.\d{1,17})?$/.test(s) && s.replace(/[.-]/g, "").length <= 18,
  Amount: (s: string) => /^\d+(\.\d{1,5})?$/.test(s) && s.replace(".", "").length <= 18,
  Ccy: (s: string) => /^[A-Z]{3}$/.test(s),
  IBAN: (s: string) => /^[A-Z]{2}[0-9]{2}[a-zA-Z0-9]{1,30}$/.test(s),
  BIC: (s: string) => /^[A-Z]{6}[A-Z2-9][A-NP-Z0-9]([A-Z0-9]{3})?$/.test(s),
  PmtMtd: (s: string) => ["CHK", "TRF", "TRA"].includes(s),
  ChrgBr: (s: string) => ["DEBT", "CRED", "SHAR", "SLEV"].includes(s),
} as const;
type TypeName = keyof typeof TYPES;

/** Content model: an element's children in schema order with [min, max] occurrences, or its simple type. */
type Model = { seq: [string, number, number][] } | { type: TypeName; attrs?: Record<string, TypeName> } | { choice: string[] };
const N = Number.POSITIVE_INFINITY;
const MODELS: Record<string, Model> = {
  Document: { seq: [["CstmrCdtTrfInitn", 1, 1]] },
  CstmrCdtTrfInitn: { seq: [["GrpHdr", 1, 1], ["PmtInf", 1, N]] },
  GrpHdr: { seq: [["MsgId", 1, 1], ["CreDtTm", 1, 1], ["Authstn", 0, 2], ["NbOfTxs", 1, 1], ["CtrlSum", 0, 1], ["InitgPty", 1, 1], ["FwdgAgt", 0, 1]] },
  MsgId: { type: "Max35Text" },
  CreDtTm: { type: "ISODateTime" },
  NbOfTxs: { type: "Max15NumericText" },
  CtrlSum: { type: "DecimalNumber" },
  InitgPty: { seq: [["Nm", 0, 1], ["PstlAdr", 0, 1], ["Id", 0, 1], ["CtryOfRes", 0, 1], ["CtctDtls", 0, 1]] },
  Nm: { type: "Max140Text" },
  PmtInf: {
    seq: [
      ["PmtInfId", 1, 1], ["PmtMtd", 1, 1], ["BtchBookg", 0, 1], ["NbOfTxs", 0, 1], ["CtrlSum", 0, 1], ["PmtTpInf", 0, 1], ["ReqdExctnDt", 1, 1],
      ["PoolgAdjstmntDt", 0, 1], ["Dbtr", 1, 1], ["DbtrAcct", 1, 1], ["DbtrAgt", 1, 1], ["DbtrAgtAcct", 0, 1], ["UltmtDbtr", 0, 1], ["ChrgBr", 0, 1],
      ["ChrgsAcct", 0, 1], ["ChrgsAcctAgt", 0, 1], ["CdtTrfTxInf", 1, N],
    ],
  },
  PmtInfId: { type: "Max35Text" },
  PmtMtd: { type: "PmtMtd" },
  ReqdExctnDt: { type: "ISODate" },
  Dbtr: { seq: [["Nm", 0, 1], ["PstlAdr", 0, 1], ["Id", 0, 1], ["CtryOfRes", 0, 1], ["CtctDtls", 0, 1]] },
  Cdtr: { seq: [["Nm", 0, 1], ["PstlAdr", 0, 1], ["Id", 0, 1], ["CtryOfRes", 0, 1], ["CtctDtls", 0, 1]] },
  DbtrAcct: { seq: [["Id", 1, 1], ["Tp", 0, 1], ["Ccy", 0, 1], ["Nm", 0, 1]] },
  CdtrAcct: { seq: [["Id", 1, 1], ["Tp", 0, 1], ["Ccy", 0, 1], ["Nm", 0, 1]] },
  "DbtrAcct/Id": { choice: ["IBAN", "Othr"] },
  "CdtrAcct/Id": { choice: ["IBAN", "Othr"] },
  Othr: { seq: [["Id", 1, 1], ["SchmeNm", 0, 1], ["Issr", 0, 1]] },
  "DbtrAcct/Id/Othr/Id": { type: "Max34Text" },
  "CdtrAcct/Id/Othr/Id": { type: "Max34Text" },
  "FinInstnId/Othr/Id": { type: "Max35Text" },
  Ccy: { type: "Ccy" },
  DbtrAgt: { seq: [["FinInstnId", 1, 1], ["BrnchId", 0, 1]] },
  CdtrAgt: { seq: [["FinInstnId", 1, 1], ["BrnchId", 0, 1]] },
  IBAN: { type: "IBAN" },
  BIC: { type: "BIC" },
  ClrSysMmbId: { seq: [["ClrSysId", 0, 1], ["MmbId", 1, 1]] },
  MmbId: { type: "Max35Text" },
  FinInstnId: { seq: [["BIC", 0, 1], ["ClrSysMmbId", 0, 1], ["Nm", 0, 1], ["PstlAdr", 0, 1], ["Othr", 0, 1]] },
  ChrgBr: { type: "ChrgBr" },
  CdtTrfTxInf: {
    seq: [
      ["PmtId", 1, 1], ["PmtTpInf", 0, 1], ["Amt", 1, 1], ["XchgRateInf", 0, 1], ["ChrgBr", 0, 1], ["ChqInstr", 0, 1], ["UltmtDbtr", 0, 1],
      ["IntrmyAgt1", 0, 1], ["IntrmyAgt1Acct", 0, 1], ["IntrmyAgt2", 0, 1], ["IntrmyAgt2Acct", 0, 1], ["IntrmyAgt3", 0, 1], ["IntrmyAgt3Acct", 0, 1],
      ["CdtrAgt", 0, 1], ["CdtrAgtAcct", 0, 1], ["Cdtr", 0, 1], ["CdtrAcct", 0, 1], ["UltmtCdtr", 0, 1], ["InstrForCdtrAgt", 0, N],
      ["InstrForDbtrAgt", 0, 1], ["Purp", 0, 1], ["RgltryRptg", 0, 10], ["Tax", 0, 1], ["RltdRmtInf", 0, 10], ["RmtInf", 0, 1],
    ],
  },
  PmtId: { seq: [["InstrId", 0, 1], ["EndToEndId", 1, 1]] },
  InstrId: { type: "Max35Text" },
  EndToEndId: { type: "Max35Text" },
  Amt: { choice: ["InstdAmt", "EqvtAmt"] },
  InstdAmt: { type: "Amount", attrs: { Ccy: "Ccy" } },
  RmtInf: { seq: [["Ustrd", 0, N], ["Strd", 0, N]] },
  Ustrd: { type: "Max140Text" },
};

function modelOf(path: string[]): Model {
  for (let i = 0; i < path.length; i++) {
    const key = path.slice(i).join("/");
    if (MODELS[key]) return MODELS[key]!;
  }
  throw new Error(`no model for ${path.join("/")}`);
}

/** Problems of `el` against the content model (empty when valid). */
function validate(el: El, path: string[] = [el.name]): string[] {
  const model = modelOf(path);
  const where = path.join("/");
  const problems: string[] = [];
  if ("type" in model) {
    if (el.children.length > 0) problems.push(`${where}: simple content expected`);
    if (!TYPES[model.type](el.text)) problems.push(`${where}: "${el.text}" is not a ${model.type}`);
    for (const [name, type] of Object.entries(model.attrs ?? {})) {
      if (el.attrs[name] === undefined || !TYPES[type](el.attrs[name]!)) problems.push(`${where}@${name}: "${el.attrs[name]}" is not a ${type}`);
    }
    return problems;
  }
  if (el.text.trim() !== "") problems.push(`${where}: unexpected text`);
  if ("choice" in model) {
    if (el.children.length !== 1 || !model.choice.includes(el.children[0]!.name)) problems.push(`${where}: exactly one of ${model.choice.join(", ")} expected`);
  } else {
    let i = 0;
    for (const [name, min, max] of model.seq) {
      let n = 0;
      while (i < el.children.length && el.children[i]!.name === name) {
        n++;
        i++;
      }
      if (n < min || n > max) problems.push(`${where}/${name}: ${n} occurrences, expected ${min}..${max}`);
    }
    if (i < el.children.length) problems.push(`${where}/${el.children[i]!.name}: not allowed here`);
  }
  for (const child of el.children) problems.push(...validate(child, [...path, child.name]));
  return problems;
}

const line = (over: Partial<PaymentLine>): PaymentLine => ({
  billId: 1,
  billType: "Expense",
  groupName: "Acme",
  payeeName: "Emma Lindqvist",
  payeeAccountName: "Emma Lindqvist (EUR)",
  creditor: { kind: "iban", iban: "DE89370400440532013000", bic: "COBADEFFXXX" },
  debtor: { accountId: 1, name: "Acme Corporation (EUR)", account: { kind: "iban", iban: "NL91ABNA0417164300", bic: "ABNANL2A" } },
  amount: { amount: 12_050, currency: "EUR" },
  reference: "INV-1",
  billDate: "2026-11-20",
  dueDate: null,
  ...over,
});

const LINES: PaymentLine[] = [
  line({}),
  line({ billId: 2, amount: { amount: 99, currency: "EUR" }, creditor: { kind: "local", accountNumber: "000123456789", bankCode: "021000021", bic: null }, payeeName: "Swift & <Sons> \"Movers\"", billType: "VendorBooking", reference: "" }),
  line({ billId: 3, amount: { amount: 5_000, currency: "JPY" }, payeeName: "x".repeat(200), reference: "y".repeat(300) }),
];

describe("pain.001.001.03", () => {
  const xml = paymentXml("MER-20261126120000-ABCDEF12", "2026-11-26T12:00:00.000Z", "2026-11-26", LINES);
  const doc = parseXml(xml);

  test("is well-formed, in the pain.001.001.03 namespace, and every element Meridian writes follows the schema's content model and types", () => {
    expect(doc.name).toBe("Document");
    expect(doc.attrs.xmlns).toBe(PAIN_001_NAMESPACE);
    expect(validate(doc)).toEqual([]);
  });

  test("the totals agree: NbOfTxs and CtrlSum per message and per payment block (one block per currency)", () => {
    const root = doc.children[0]!;
    const header = root.children[0]!;
    const text = (el: El, name: string) => el.children.find((c) => c.name === name)!.text;
    expect(text(header, "NbOfTxs")).toBe("3");
    expect(text(header, "CtrlSum")).toBe("5121.49");
    const blocks = root.children.filter((c) => c.name === "PmtInf");
    expect(blocks.map((b) => [text(b, "NbOfTxs"), text(b, "CtrlSum"), b.children.find((c) => c.name === "DbtrAcct")!.children.find((c) => c.name === "Ccy")!.text])).toEqual([
      ["2", "121.49", "EUR"],
      ["1", "5000.00", "JPY"],
    ]);
    const amounts = blocks.flatMap((b) => b.children.filter((c) => c.name === "CdtTrfTxInf")).map((tx) => tx.children.find((c) => c.name === "Amt")!.children[0]!);
    expect(amounts.map((a) => [a.attrs.Ccy, a.text])).toEqual([
      ["EUR", "120.50"],
      ["EUR", "0.99"],
      ["JPY", "5000"],
    ]);
  });

  test("CtrlSum reads each currency's ISO 4217 digits: BHD 1.000 is 1, KWD/OMR/TND likewise, JPY and KRW have none (issue 23 item 6)", () => {
    const ctrl = (ls: PaymentLine[]) => {
      const root = parseXml(paymentXml("MER-X", "2026-11-26T12:00:00.000Z", "2026-11-26", ls)).children[0]!;
      const header = root.children[0]!;
      const blocks = root.children.filter((c) => c.name === "PmtInf");
      return [header, ...blocks].map((el) => el.children.find((c) => c.name === "CtrlSum")!.text);
    };
    expect(ctrl([line({ amount: { amount: 1_000, currency: "BHD" } })])).toEqual(["1.000", "1.000"]);
    for (const currency of ["KWD", "OMR", "TND"]) expect(ctrl([line({ amount: { amount: 12_345, currency } })])).toEqual(["12.345", "12.345"]);
    expect(ctrl([line({ amount: { amount: 1_000, currency: "BHD" } }), line({ billId: 2, amount: { amount: 250, currency: "EUR" } }), line({ billId: 3, amount: { amount: 7, currency: "KRW" } })])).toEqual([
      "10.500",
      "1.000",
      "2.50",
      "7.00",
    ]);
    const doc3 = parseXml(paymentXml("MER-X", "2026-11-26T12:00:00.000Z", "2026-11-26", [line({ amount: { amount: 1_005, currency: "BHD" } })]));
    expect(validate(doc3)).toEqual([]);
    const amt = doc3.children[0]!.children[1]!.children.find((c) => c.name === "CdtTrfTxInf")!.children.find((c) => c.name === "Amt")!.children[0]!;
    expect([amt.attrs.Ccy, amt.text]).toEqual(["BHD", "1.005"]);
  });

  test("the checker itself refuses what the schema refuses", () => {
    const broken = parseXml(xml.replace("<PmtMtd>TRF</PmtMtd>", "<PmtMtd>WIRE</PmtMtd>").replace(/<EndToEndId>BILL-1<\/EndToEndId>/, "").replace('Ccy="JPY"', 'Ccy="yen"'));
    const problems = validate(broken);
    expect(problems.some((p) => p.includes("PmtMtd"))).toBe(true);
    expect(problems.some((p) => p.includes("EndToEndId"))).toBe(true);
    expect(problems.some((p) => p.includes("@Ccy"))).toBe(true);
    const reordered = parseXml(xml.replace(/(<MsgId>[^<]*<\/MsgId>)(\s*)(<CreDtTm>[^<]*<\/CreDtTm>)/, "$3$2$1"));
    expect(validate(reordered).length).toBeGreaterThan(0);
  });
});

describe("CSV", () => {
  test("header row with the documented columns, RFC 4180 quoting, CRLF, a formula-looking text defused", () => {
    const csv = paymentCsv(7, "MER-X", "2026-11-26", [line({ reference: '=HYPERLINK("x")', payeeName: "Doe, Jane" })]);
    const rows = csv.split("\r\n");
    expect(rows[0]!.split(",")).toEqual([...CSV_COLUMNS]);
    expect(rows[1]).toBe(`7,MER-X,BILL-1,1,Expense,Acme,"Doe, Jane",Emma Lindqvist (EUR),,EUR,120.50,"'=HYPERLINK(""x"")",2026-11-20,,2026-11-26,DE89370400440532013000,COBADEFFXXX,,Acme Corporation (EUR),NL91ABNA0417164300,ABNANL2A,,`);
    // Where IBAN does not apply: the account number and bank code columns.
    const local = paymentCsv(7, "MER-X", "2026-11-26", [line({ creditor: { kind: "local", accountNumber: "000123456789", bankCode: "021000021", bic: "CHASUS33" } })]).split("\r\n")[1]!.split(",");
    const col = (name: string) => local[CSV_COLUMNS.indexOf(name as (typeof CSV_COLUMNS)[number])];
    expect([col("payeeAccountNumber"), col("payeeBankCode"), col("payeeBic"), col("payeeIban")]).toEqual(["000123456789", "021000021", "CHASUS33", ""]);
    expect(rows[2]).toBe("");
  });
});
