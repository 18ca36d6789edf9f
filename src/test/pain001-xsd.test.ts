/**
 * Issue 24 §5: a pain.001 with accounts validates against the OFFICIAL ISO 20022 schema
 * (src/test/fixtures/iso20022/pain.001.001.03.xsd, see its README for the source), checked by xmllint
 * (Debian libxml2-utils, installed by scripts/ensure-xmllint.sh before the tests). Both the file the pure
 * builder writes (IBAN and account-number accounts, several currencies and debtor accounts, awkward text)
 * and the file a real export stores on the database under test; the checker refuses a broken file.
 */
import { beforeAll, describe, expect, test } from "bun:test";
import { join } from "node:path";
import { paymentXml, type PaymentLine } from "../services/finance/payment-files.ts";
import { DEMO, useTestDatabase } from "./fixtures.ts";
import { financeActorOf, makeBill } from "../db/seed-finance-bills.ts";

const XSD = join(import.meta.dir, "fixtures/iso20022/pain.001.001.03.xsd");

/** xmllint's verdict: exit code and its messages. */
async function validate(xml: string): Promise<{ ok: boolean; output: string }> {
  const proc = Bun.spawn(["xmllint", "--noout", "--nonet", "--schema", XSD, "-"], { stdin: new TextEncoder().encode(xml), stdout: "pipe", stderr: "pipe" });
  const [code, out, err] = await Promise.all([proc.exited, new Response(proc.stdout).text(), new Response(proc.stderr).text()]);
  return { ok: code === 0, output: `${out}${err}` };
}

beforeAll(() => {
  if (!Bun.which("xmllint")) throw new Error("xmllint is missing: run `bash scripts/ensure-xmllint.sh` (Debian libxml2-utils)");
});

const debtorEur = { accountId: 10, name: "Acme Corporation (EUR)", account: { kind: "iban" as const, iban: "NL91ABNA0417164300", bic: "ABNANL2A" } };
const debtorUsd = { accountId: 11, name: "Acme Corporation (USD)", account: { kind: "local" as const, accountNumber: "483101090345", bankCode: "021000021", bic: "CHASUS33" } };
const line = (over: Partial<PaymentLine>): PaymentLine => ({
  billId: 1,
  billType: "Expense",
  groupName: "Acme",
  payeeName: "Emma Lindqvist",
  payeeAccountName: "Emma Lindqvist (EUR)",
  creditor: { kind: "iban", iban: "GB82WEST12345698765432", bic: "WESTGB2L" },
  debtor: debtorEur,
  amount: { amount: 12_050, currency: "EUR" },
  reference: "INV-1",
  billDate: "2026-11-20",
  dueDate: null,
  ...over,
});

describe("pain.001.001.03 against the official XSD", () => {
  const lines = [
    line({}),
    line({ billId: 2, billType: "VendorBooking", payeeName: 'Swift & <Sons> "Movers"', creditor: { kind: "iban", iban: "DE89370400440532013000", bic: "COBADEFFXXX" }, reference: "" }),
    line({ billId: 3, amount: { amount: 99_999, currency: "USD" }, debtor: debtorUsd, creditor: { kind: "local", accountNumber: "000123456789", bankCode: "026009593", bic: null }, payeeName: "x".repeat(200) }),
    line({ billId: 4, amount: { amount: 1_005, currency: "BHD" }, creditor: { kind: "local", accountNumber: "BH-1234 5678", bankCode: "NBOB", bic: "NBOBBHBM" }, reference: "y".repeat(300) }),
    line({ billId: 5, amount: { amount: 5_000, currency: "EUR" }, debtor: { ...debtorEur, accountId: 12, name: "Globex (EUR)" } }),
  ];
  const xml = paymentXml("MER-20261207120000-ABCDEF12", "2026-12-07T12:00:00.000Z", "2026-12-07", lines);

  test("a file with IBAN and account-number accounts, several currencies and debtor accounts is valid", async () => {
    const r = await validate(xml);
    expect(r.output).toContain("validates");
    expect(r.ok).toBe(true);
    // Every transfer names its agent, creditor and account; each block its debtor account and agent.
    expect(xml.match(/<CdtTrfTxInf>/g)).toHaveLength(5);
    expect(xml.match(/<CdtrAgt>/g)).toHaveLength(5);
    expect(xml.match(/<CdtrAcct>/g)).toHaveLength(5);
    expect(xml.match(/<PmtInf>/g)).toHaveLength(4);
    expect(xml.match(/<DbtrAcct>/g)).toHaveLength(4);
    expect(xml.match(/<DbtrAgt>/g)).toHaveLength(4);
    expect(xml).toContain("<CdtrAcct><Id><IBAN>GB82WEST12345698765432</IBAN></Id></CdtrAcct>");
    expect(xml).toContain("<CdtrAgt><FinInstnId><ClrSysMmbId><MmbId>026009593</MmbId></ClrSysMmbId></FinInstnId></CdtrAgt>");
    expect(xml).toContain("<DbtrAcct><Id><Othr><Id>483101090345</Id></Othr></Id><Ccy>USD</Ccy></DbtrAcct>");
    expect(xml).toContain("<DbtrAgt><FinInstnId><BIC>CHASUS33</BIC><ClrSysMmbId><MmbId>021000021</MmbId></ClrSysMmbId></FinInstnId></DbtrAgt>");
  });

  test("the checker refuses what the schema refuses (a blank account, a bad BIC, elements out of order)", async () => {
    for (const broken of [
      xml.replace("<IBAN>GB82WEST12345698765432</IBAN>", "<IBAN></IBAN>"),
      xml.replace("<BIC>WESTGB2L</BIC>", "<BIC>west</BIC>"),
      xml.replace(/<CdtrAgt>(.*?)<\/CdtrAgt>\s*(<Cdtr>.*?<\/Cdtr>)/, "$2<CdtrAgt>$1</CdtrAgt>"),
      xml.replace("<PmtMtd>TRF</PmtMtd>", "<PmtMtd>WIRE</PmtMtd>"),
    ]) {
      expect(broken).not.toBe(xml);
      expect((await validate(broken)).ok).toBe(false);
    }
  });
});

describe("a stored export against the official XSD (database under test)", () => {
  const t = useTestDatabase();
  test("bills of an employee and a vendor in two currencies export to a valid pain.001", async () => {
    const actor = await financeActorOf(t.db, DEMO.FINANCE);
    const finance = await t.finance();
    const ids: number[] = [];
    for (const b of [{ currency: "EUR" }, { currency: "GBP", billType: "VendorBooking" as const, vendorName: "Atlas XSD Movers" }, { currency: "EUR", gross: 1 }]) {
      const { billId } = await makeBill(t.db, actor, { employeeEmail: DEMO.EMPLOYEE, ...b });
      const [r] = await finance.finance.bills.updateStatus({ bills: [{ id: billId, status: "PaymentPending" }] });
      expect(r!.success).toBe(true);
      ids.push(billId);
    }
    const batch = await finance.finance.bills.export({ billIds: ids });
    const file = await finance.finance.bills.batchFile({ batchId: batch.batchId, format: "xml" });
    const r = await validate(file.content);
    expect(r.output).toContain("validates");
    expect(r.ok).toBe(true);
    expect(file.content.match(/<CdtrAcct><Id><IBAN>/g)).toHaveLength(3);
    expect(file.content.match(/<DbtrAcct><Id><IBAN>NL91ABNA0417164300<\/IBAN><\/Id>/g)).toHaveLength(2);
  });
});
