/**
 * Payment files (issue 16 "Beyond the spec: Payment files"; part 2 §7 "Export to a payment provider
 * form-posts billIds"; §9 the export batch selection kept across pages). An export makes one batch of
 * PaymentPending bills (not held, positive amounts, each bill exported once: unique bill_id in
 * finance_payment_batch_bills) and writes two files stored with the batch, so a download answers exactly
 * what was exported:
 *
 * CSV (RFC 4180, comma separated, CRLF, header row, fields quoted when needed), one row per bill:
 *   batchId, messageId, endToEndId ("BILL-<billId>"), billId, billType, groupName, payeeName,
 *   payeeAccountName (the recipient account), payeeAccountNumber (where IBAN does not apply), currency
 *   (ISO 4217), amount (major units, the currency's decimals, "." separator), reference, billDate
 *   (yyyy-mm-dd), dueDate (yyyy-mm-dd or empty), requestedExecutionDate (yyyy-mm-dd), then the accounts
 *   the XML names (issue 24 §5): payeeIban, payeeBic, payeeBankCode, debtorAccountName, debtorIban,
 *   debtorBic, debtorAccountNumber, debtorBankCode.
 *
 * XML: ISO 20022 pain.001.001.03 (CustomerCreditTransferInitiationV03): one group header (MsgId,
 * CreDtTm, NbOfTxs, CtrlSum, InitgPty), one payment information block per debtor account and currency
 * (PmtMtd TRF, Dbtr the paying Client account, DbtrAcct its IBAN or account number, DbtrAgt its BIC or
 * bank code), one credit transfer per bill (EndToEndId, InstdAmt with Ccy, CdtrAgt, Cdtr, CdtrAcct,
 * remittance text). Validated against the official XSD in src/test/pain001-xsd.test.ts.
 *
 * Accounts (issue 24 §5): the payee's is the bill's employee bank account (else the employee's bank
 * account in the bill's currency) or the vendor account's bank details; the debtor's is the bill's from
 * account (else its group's Client account in the bill's currency). Both must be usable
 * (src/domain/finance/bank-accounts.ts `creditorAccountOf`): a bill without one is refused at export with
 * a message naming the payee or the account, never written with blanks.
 *
 * A batch's later life (the list, cancel, history, the bank's payment and returns) is in payment-batches.ts.
 */
import type { DB } from "../../db/index.ts";
import { lockRow } from "../../db/locks.ts";
import { AppError } from "../../domain/errors.ts";
import { financeMessages as FM } from "../../domain/finance/messages.ts";
import { totalsByCurrency } from "../../domain/finance/payments.ts";
import { billMessages as BM } from "../../domain/finance/schemas-bills.ts";
import { fill } from "../../domain/finance/messages.ts";
import { minorUnitsOf, toMajorString, type Money } from "../../domain/money/money.ts";
import { xmlSafeText } from "../../domain/text.ts";
import { bankMessages, creditorAccountOf, type UsableAccount } from "../../domain/finance/bank-accounts.ts";
import type { SessionUser } from "../identity/auth.ts";
import { auditFinance, financeWrite, requireFinance, todayUtc, type FinanceActor, type Trx } from "./core.ts";

export const PAIN_001_NAMESPACE = "urn:iso:std:iso:20022:tech:xsd:pain.001.001.03";
export const DEBTOR_NAME = "Meridian Relocation";

export const CSV_COLUMNS = [
  "batchId",
  "messageId",
  "endToEndId",
  "billId",
  "billType",
  "groupName",
  "payeeName",
  "payeeAccountName",
  "payeeAccountNumber",
  "currency",
  "amount",
  "reference",
  "billDate",
  "dueDate",
  "requestedExecutionDate",
  "payeeIban",
  "payeeBic",
  "payeeBankCode",
  "debtorAccountName",
  "debtorIban",
  "debtorBic",
  "debtorAccountNumber",
  "debtorBankCode",
] as const;

/** The paying account of a payment block: a Client account with usable bank details. */
export type DebtorAccount = { accountId: number; name: string; account: UsableAccount };

export type PaymentLine = {
  billId: number;
  billType: string;
  groupName: string;
  payeeName: string;
  payeeAccountName: string;
  /** The payee's account the transfer goes to. */
  creditor: UsableAccount;
  /** The account the transfer is paid from. */
  debtor: DebtorAccount;
  amount: Money;
  reference: string;
  billDate: string;
  dueDate: string | null;
};

const ibanOf = (a: UsableAccount) => (a.kind === "iban" ? a.iban : "");
const numberOf = (a: UsableAccount) => (a.kind === "local" ? a.accountNumber : "");
const bankCodeOf = (a: UsableAccount) => (a.kind === "local" ? a.bankCode : "");
const bicOf = (a: UsableAccount) => a.bic ?? "";

function csvField(v: string | number): string {
  const s = xmlSafeText(String(v));
  // A leading =, +, - or @ would be a formula in a spreadsheet: prefixed with ' (OWASP CSV injection).
  const safe = /^[=+\-@\t\r]/.test(s) && !/^-?\d+(\.\d+)?$/.test(s) ? `'${s}` : s;
  return /[",\r\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

/** The CSV file (columns: CSV_COLUMNS). */
export function paymentCsv(batchId: number, messageId: string, executionDate: string, lines: readonly PaymentLine[]): string {
  const rows = [CSV_COLUMNS.join(",")];
  for (const l of lines) {
    rows.push(
      [
        batchId,
        messageId,
        `BILL-${l.billId}`,
        l.billId,
        l.billType,
        l.groupName,
        l.payeeName,
        l.payeeAccountName,
        numberOf(l.creditor),
        l.amount.currency,
        toMajorString(l.amount),
        l.reference,
        l.billDate,
        l.dueDate ?? "",
        executionDate,
        ibanOf(l.creditor),
        bicOf(l.creditor),
        bankCodeOf(l.creditor),
        l.debtor.name,
        ibanOf(l.debtor.account),
        bicOf(l.debtor.account),
        numberOf(l.debtor.account),
        bankCodeOf(l.debtor.account),
      ]
        .map(csvField)
        .join(","),
    );
  }
  return `${rows.join("\r\n")}\r\n`;
}

function xmlText(s: string): string {
  return s.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&apos;" })[c]!);
}

/** Max35Text / Max140Text: at least one character, at most `max`. */
function maxText(s: string, max: number): string {
  const t = xmlSafeText(s.replace(/[\t\n\r]/g, " "), " ").trim();
  return xmlText((t === "" ? "-" : t).slice(0, max));
}

/** AccountIdentification4Choice: the IBAN, or the account number as Othr/Id. */
function accountXml(a: UsableAccount): string {
  return a.kind === "iban" ? `<Id><IBAN>${a.iban}</IBAN></Id>` : `<Id><Othr><Id>${maxText(a.accountNumber, 34)}</Id></Othr></Id>`;
}

/** BranchAndFinancialInstitutionIdentification4: the BIC and, where IBAN does not apply, the bank code as clearing-system member id. */
function agent(a: UsableAccount): string {
  const bic = a.bic ? `<BIC>${a.bic}</BIC>` : "";
  const code = a.kind === "local" ? `<ClrSysMmbId><MmbId>${maxText(a.bankCode, 35)}</MmbId></ClrSysMmbId>` : "";
  return `<FinInstnId>${bic}${code}</FinInstnId>`;
}

/** The ISO 20022 pain.001.001.03 file. */
export function paymentXml(messageId: string, createdAt: string, executionDate: string, lines: readonly PaymentLine[]): string {
  const total = (ls: readonly PaymentLine[]) => totalsByCurrency(ls.map((l) => l.amount));
  // CtrlSum adds the amounts as plain decimals whatever their currency (pain.001 "irrespective of currencies"),
  // each read with its own ISO 4217 digits (BHD 1.000 is 1, not 10), written with the most digits any line has (at least 2).
  const ctrlSum = (ls: readonly PaymentLine[]) => {
    const places = ls.reduce((d, l) => Math.max(d, minorUnitsOf(l.amount.currency)), 2);
    const units = ls.reduce((n, l) => n + BigInt(l.amount.amount) * 10n ** BigInt(places - minorUnitsOf(l.amount.currency)), 0n);
    const s = units.toString().padStart(places + 1, "0");
    return `${s.slice(0, -places)}.${s.slice(-places)}`;
  };
  // One payment block per debtor account and currency (currencies in totalsByCurrency's order, then accounts by id).
  const byCurrency = total(lines).flatMap((t) => {
    const inCurrency = lines.filter((l) => l.amount.currency === t.currency);
    const accounts = [...new Set(inCurrency.map((l) => l.debtor.accountId))].sort((a, b) => a - b);
    return accounts.map((accountId) => {
      const ls = inCurrency.filter((l) => l.debtor.accountId === accountId);
      return { currency: t.currency, debtor: ls[0]!.debtor, lines: ls, id: accounts.length > 1 ? `${t.currency}-${accountId}` : t.currency };
    });
  });
  const out: string[] = [];
  out.push('<?xml version="1.0" encoding="UTF-8"?>');
  out.push(`<Document xmlns="${PAIN_001_NAMESPACE}" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance">`);
  out.push("  <CstmrCdtTrfInitn>");
  out.push("    <GrpHdr>");
  out.push(`      <MsgId>${maxText(messageId, 35)}</MsgId>`);
  out.push(`      <CreDtTm>${createdAt.slice(0, 19)}</CreDtTm>`);
  out.push(`      <NbOfTxs>${lines.length}</NbOfTxs>`);
  out.push(`      <CtrlSum>${ctrlSum(lines)}</CtrlSum>`);
  out.push(`      <InitgPty><Nm>${maxText(DEBTOR_NAME, 140)}</Nm></InitgPty>`);
  out.push("    </GrpHdr>");
  for (const block of byCurrency) {
    out.push("    <PmtInf>");
    out.push(`      <PmtInfId>${maxText(`${messageId}-${block.id}`, 35)}</PmtInfId>`);
    out.push("      <PmtMtd>TRF</PmtMtd>");
    out.push(`      <NbOfTxs>${block.lines.length}</NbOfTxs>`);
    out.push(`      <CtrlSum>${ctrlSum(block.lines)}</CtrlSum>`);
    out.push(`      <ReqdExctnDt>${executionDate}</ReqdExctnDt>`);
    out.push(`      <Dbtr><Nm>${maxText(block.debtor.name, 140)}</Nm></Dbtr>`);
    out.push(`      <DbtrAcct>${accountXml(block.debtor.account)}<Ccy>${block.currency}</Ccy></DbtrAcct>`);
    out.push(`      <DbtrAgt>${agent(block.debtor.account)}</DbtrAgt>`);
    out.push("      <ChrgBr>SLEV</ChrgBr>");
    for (const l of block.lines) {
      out.push("      <CdtTrfTxInf>");
      out.push(`        <PmtId><InstrId>${maxText(`BILL-${l.billId}`, 35)}</InstrId><EndToEndId>${maxText(`BILL-${l.billId}`, 35)}</EndToEndId></PmtId>`);
      out.push(`        <Amt><InstdAmt Ccy="${l.amount.currency}">${toMajorString(l.amount)}</InstdAmt></Amt>`);
      out.push(`        <CdtrAgt>${agent(l.creditor)}</CdtrAgt>`);
      out.push(`        <Cdtr><Nm>${maxText(l.payeeName, 140)}</Nm></Cdtr>`);
      out.push(`        <CdtrAcct>${accountXml(l.creditor)}</CdtrAcct>`);
      out.push(`        <RmtInf><Ustrd>${maxText(`Bill ${l.billId}${l.reference ? ` ${l.reference}` : ""}`, 140)}</Ustrd></RmtInf>`);
      out.push("      </CdtTrfTxInf>");
    }
    out.push("    </PmtInf>");
  }
  out.push("  </CstmrCdtTrfInitn>");
  out.push("</Document>");
  return `${out.join("\n")}\n`;
}

/**
 * The paying account of each (group, currency, from account): the bill's from account when it is a Client
 * account, else the group's Client account in the currency; `account` null when it has no usable details.
 */
async function debtorAccounts(trx: Trx, keys: { groupId: number; currency: string; fromAccountId: number | null }[]) {
  const out = new Map<string, { accountId: number | null; name: string | null; account: UsableAccount | null }>();
  const groupIds = [...new Set(keys.map((k) => k.groupId))];
  const fromIds = [...new Set(keys.map((k) => k.fromAccountId).filter((id): id is number => id !== null))];
  const cols = ["id", "name", "type", "group_id", "currency", "iban", "bic", "bank_account_number", "bank_code", "natural_key"] as const;
  const clients = groupIds.length === 0 ? [] : await trx.selectFrom("finance_accounts").select(cols).where("type", "=", "Client").where("group_id", "in", groupIds).orderBy("id").execute();
  const named = fromIds.length === 0 ? [] : await trx.selectFrom("finance_accounts").select(cols).where("id", "in", fromIds).execute();
  for (const k of keys) {
    const from = named.find((a) => a.id === k.fromAccountId && a.type === "Client" && a.currency === k.currency);
    const inCurrency = clients.filter((a) => a.group_id === k.groupId && a.currency === k.currency);
    // The group's default Client account in the currency first (its natural key), then any other with usable details.
    const candidates = from ? [from] : [...inCurrency.filter((a) => a.natural_key === `Client:${k.groupId}:${k.currency}`), ...inCurrency];
    const usable = candidates.map((a) => ({ a, account: creditorAccountOf({ iban: a.iban, bic: a.bic, accountNumber: a.bank_account_number, bankCode: a.bank_code }) })).find((c) => c.account !== null);
    const first = usable?.a ?? candidates[0];
    out.set(`${k.groupId}:${k.currency}:${k.fromAccountId ?? ""}`, { accountId: first?.id ?? null, name: first?.name ?? null, account: usable?.account ?? null });
  }
  return out;
}

export function batchFileName(messageId: string, format: "csv" | "xml"): string {
  return `${messageId}.${format}`;
}

/**
 * billmanagement/export (form field billIds): one export batch of the bills (PaymentPending, not on
 * hold, positive amount, never exported before), its two files, an audit row per bill and one for the batch.
 */
export async function exportBills(db: DB, actor: FinanceActor, billIds: number[], key?: string | null) {
  requireFinance(actor.user);
  const ids = [...new Set(billIds)].sort((a, b) => a - b);
  if (ids.length === 0) throw new AppError("VALIDATION", BM.exportNothing, { billIds: BM.exportNothing });
  const at = new Date().toISOString();
  return financeWrite(db, actor, { scope: "billmanagement/export", key, payload: { billIds: ids } }, async (trx) => {
    for (const id of ids) if (!(await lockRow(trx, "bills", id))) throw new AppError("NOT_FOUND", FM.billNotFound);
    const rows = await trx
      .selectFrom("bills as b")
      .innerJoin("groups as g", "g.id", "b.group_id")
      .leftJoin("users as u", "u.id", "b.employee_user_id")
      .leftJoin("finance_accounts as ta", "ta.id", "b.to_account_id")
      .leftJoin("finance_payment_batch_bills as xb", (j) => j.onRef("xb.bill_id", "=", "b.id").on("xb.active", "=", 1))
      .select([
        "b.id",
        "b.group_id",
        "b.bill_type",
        "b.status",
        "b.hold_reason",
        "b.gross_amount",
        "b.currency",
        "b.reference",
        "b.bill_date",
        "b.due_date",
        "b.vendor_name",
        "b.employee_user_id",
        "b.bank_account_id",
        "b.from_account_id",
        "g.display_name as group_name",
        "u.first_name",
        "u.last_name",
        "ta.name as account_name",
        "ta.iban as to_iban",
        "ta.bic as to_bic",
        "ta.bank_account_number as to_account_number",
        "ta.bank_code as to_bank_code",
        "xb.batch_id",
      ])
      .where("b.id", "in", ids)
      .orderBy("b.id")
      .execute();
    for (const r of rows) {
      if (r.batch_id !== null) throw new AppError("CONFLICT", fill(BM.alreadyExported, { id: String(r.id) }));
      if (r.hold_reason !== null) throw new AppError("CONFLICT", FM.billOnHold);
      if (r.status !== "PaymentPending" || r.gross_amount <= 0) throw new AppError("CONFLICT", fill(BM.exportStatus, { id: String(r.id) }));
    }
    const executionDate = todayUtc(new Date(at));
    // The accounts each transfer names (issue 24 §5): refused, naming the payee or account, when one is missing.
    const employeeIds = [...new Set(rows.filter((r) => r.bill_type !== "VendorBooking" && r.employee_user_id !== null).map((r) => r.employee_user_id!))];
    const bankAccounts =
      employeeIds.length === 0
        ? []
        : await trx
            .selectFrom("employee_bank_accounts")
            .select(["id", "employee_user_id", "account_number", "account_currency", "iban", "bic", "bank_code"])
            .where("employee_user_id", "in", employeeIds)
            .orderBy("id")
            .execute();
    const debtors = await debtorAccounts(trx, rows.map((r) => ({ groupId: r.group_id, currency: r.currency, fromAccountId: r.from_account_id })));
    const refusals: string[] = [];
    const lines: PaymentLine[] = [];
    for (const r of rows) {
      const payeeName = r.bill_type === "VendorBooking" ? (r.vendor_name ?? r.account_name ?? "") : `${r.first_name ?? ""} ${r.last_name ?? ""}`.trim() || (r.account_name ?? "");
      let creditor: UsableAccount | null;
      if (r.bill_type === "VendorBooking") {
        creditor = creditorAccountOf({ iban: r.to_iban, bic: r.to_bic, accountNumber: r.to_account_number, bankCode: r.to_bank_code });
      } else {
        const chosen = bankAccounts.find((a) => a.id === r.bank_account_id);
        const candidates = chosen ? [chosen] : bankAccounts.filter((a) => a.employee_user_id === r.employee_user_id && a.account_currency === r.currency);
        creditor = candidates.map((a) => creditorAccountOf({ iban: a.iban, bic: a.bic, accountNumber: a.account_number, bankCode: a.bank_code })).find((a) => a !== null) ?? null;
      }
      const debtor = debtors.get(`${r.group_id}:${r.currency}:${r.from_account_id ?? ""}`) ?? null;
      if (!creditor) refusals.push(fill(bankMessages.noPayeeAccount, { payee: payeeName || `Bill ${r.id}`, id: String(r.id) }));
      else if (!debtor?.account) refusals.push(fill(bankMessages.noDebtorAccount, { account: debtor?.name ?? `${r.group_name} (${r.currency})`, currency: r.currency, id: String(r.id) }));
      else {
        lines.push({
          billId: r.id,
          billType: r.bill_type,
          groupName: r.group_name,
          payeeName,
          payeeAccountName: r.account_name ?? "",
          creditor,
          debtor: { accountId: debtor.accountId!, name: debtor.name ?? "", account: debtor.account },
          amount: { amount: r.gross_amount, currency: r.currency },
          reference: r.reference,
          billDate: r.bill_date,
          dueDate: r.due_date,
        });
      }
    }
    if (refusals.length > 0) throw new AppError("CONFLICT", refusals.join(" "));
    const totals = totalsByCurrency(lines.map((l) => l.amount));
    // A unique, sortable message id (≤ 35 characters): MER-<yyyymmddhhmmss>-<random>.
    const messageId = `MER-${at.replace(/[-:T.Z]/g, "").slice(0, 14)}-${crypto.randomUUID().slice(0, 8).toUpperCase()}`;
    const batch = await trx
      .insertInto("finance_payment_batches")
      .values({ message_id: messageId, bill_count: lines.length, totals: JSON.stringify(totals), csv: "", xml: "", created_by: actor.user.id, created_at: at })
      .returning("id")
      .executeTakeFirstOrThrow();
    const csv = paymentCsv(batch.id, messageId, executionDate, lines);
    const xml = paymentXml(messageId, at, executionDate, lines);
    await trx.updateTable("finance_payment_batches").set({ csv, xml }).where("id", "=", batch.id).execute();
    await trx
      .insertInto("finance_payment_batch_bills")
      .values(rows.map((r, i) => ({ batch_id: batch.id, bill_id: r.id, group_id: r.group_id, position: i + 1 })))
      .execute();
    for (const r of rows) {
      await auditFinance(trx, actor, { entity: "bill", entityId: r.id, action: "export", groupId: r.group_id, oldValues: { exportBatchId: null }, newValues: { exportBatchId: batch.id, messageId }, at });
    }
    await auditFinance(trx, actor, { entity: "finance_payment_batch", entityId: batch.id, action: "create", groupId: null, newValues: { messageId, billIds: ids, totals }, at });
    return {
      success: true as const,
      batchId: batch.id,
      messageId,
      billCount: lines.length,
      totals,
      csvUrl: `/accountmanagement/billmanagement/export/${batch.id}/csv`,
      xmlUrl: `/accountmanagement/billmanagement/export/${batch.id}/xml`,
    };
  });
}

/** One batch's file (read-only). */
export async function batchFile(db: DB, user: SessionUser, batchId: number, format: "csv" | "xml") {
  requireFinance(user);
  const b = await db.selectFrom("finance_payment_batches").select(["message_id", "csv", "xml"]).where("id", "=", batchId).executeTakeFirst();
  if (!b) throw new AppError("NOT_FOUND", BM.batchNotFound);
  return {
    fileName: batchFileName(b.message_id, format),
    contentType: format === "csv" ? "text/csv; charset=utf-8" : "application/xml; charset=utf-8",
    content: format === "csv" ? b.csv : b.xml,
  };
}
