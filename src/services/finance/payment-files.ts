/**
 * Payment files (issue 16 "Beyond the spec: Payment files"; part 2 §7 "Export to a payment provider
 * form-posts billIds"; §9 the export batch selection kept across pages). An export makes one batch of
 * PaymentPending bills (not held, positive amounts, each bill exported once: unique bill_id in
 * finance_payment_batch_bills) and writes two files stored with the batch, so a download answers exactly
 * what was exported:
 *
 * CSV (RFC 4180, comma separated, CRLF, header row, fields quoted when needed), one row per bill:
 *   batchId, messageId, endToEndId ("BILL-<billId>"), billId, billType, groupName, payeeName,
 *   payeeAccountName (the recipient account), payeeAccountNumber (the employee bank account, empty for
 *   vendors), currency (ISO 4217), amount (major units, the currency's decimals, "." separator),
 *   reference, billDate (yyyy-mm-dd), dueDate (yyyy-mm-dd or empty), requestedExecutionDate (yyyy-mm-dd).
 *
 * XML: ISO 20022 pain.001.001.03 (CustomerCreditTransferInitiationV03): one group header (MsgId,
 * CreDtTm, NbOfTxs, CtrlSum, InitgPty), one payment information block per currency (PmtMtd TRF, the
 * debtor "Meridian Relocation" with its settlement account per currency), one credit transfer per bill
 * (EndToEndId, InstdAmt with Ccy, creditor name, creditor account when known, remittance text).
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
import type { SessionUser } from "../auth.ts";
import { auditFinance, financeWrite, requireFinance, todayUtc, type FinanceActor } from "./core.ts";

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
] as const;

export type PaymentLine = {
  billId: number;
  billType: string;
  groupName: string;
  payeeName: string;
  payeeAccountName: string;
  payeeAccountNumber: string;
  amount: Money;
  reference: string;
  billDate: string;
  dueDate: string | null;
};

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
        l.payeeAccountNumber,
        l.amount.currency,
        toMajorString(l.amount),
        l.reference,
        l.billDate,
        l.dueDate ?? "",
        executionDate,
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
  const byCurrency = total(lines).map((t) => ({ currency: t.currency, lines: lines.filter((l) => l.amount.currency === t.currency) }));
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
    out.push(`      <PmtInfId>${maxText(`${messageId}-${block.currency}`, 35)}</PmtInfId>`);
    out.push("      <PmtMtd>TRF</PmtMtd>");
    out.push(`      <NbOfTxs>${block.lines.length}</NbOfTxs>`);
    out.push(`      <CtrlSum>${ctrlSum(block.lines)}</CtrlSum>`);
    out.push(`      <ReqdExctnDt>${executionDate}</ReqdExctnDt>`);
    out.push(`      <Dbtr><Nm>${maxText(DEBTOR_NAME, 140)}</Nm></Dbtr>`);
    out.push(`      <DbtrAcct><Id><Othr><Id>${maxText(`MERIDIAN-${block.currency}`, 34)}</Id></Othr></Id><Ccy>${block.currency}</Ccy></DbtrAcct>`);
    out.push("      <DbtrAgt><FinInstnId><Othr><Id>NOTPROVIDED</Id></Othr></FinInstnId></DbtrAgt>");
    out.push("      <ChrgBr>SLEV</ChrgBr>");
    for (const l of block.lines) {
      out.push("      <CdtTrfTxInf>");
      out.push(`        <PmtId><InstrId>${maxText(`BILL-${l.billId}`, 35)}</InstrId><EndToEndId>${maxText(`BILL-${l.billId}`, 35)}</EndToEndId></PmtId>`);
      out.push(`        <Amt><InstdAmt Ccy="${l.amount.currency}">${toMajorString(l.amount)}</InstdAmt></Amt>`);
      out.push(`        <Cdtr><Nm>${maxText(l.payeeName, 140)}</Nm></Cdtr>`);
      if (l.payeeAccountNumber.trim() !== "") out.push(`        <CdtrAcct><Id><Othr><Id>${maxText(l.payeeAccountNumber, 34)}</Id></Othr></Id></CdtrAcct>`);
      out.push(`        <RmtInf><Ustrd>${maxText(`Bill ${l.billId}${l.reference ? ` ${l.reference}` : ""}`, 140)}</Ustrd></RmtInf>`);
      out.push("      </CdtTrfTxInf>");
    }
    out.push("    </PmtInf>");
  }
  out.push("  </CstmrCdtTrfInitn>");
  out.push("</Document>");
  return `${out.join("\n")}\n`;
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
      .leftJoin("employee_bank_accounts as ba", "ba.id", "b.bank_account_id")
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
        "g.display_name as group_name",
        "u.first_name",
        "u.last_name",
        "ta.name as account_name",
        "ba.account_number",
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
    const lines: PaymentLine[] = rows.map((r) => ({
      billId: r.id,
      billType: r.bill_type,
      groupName: r.group_name,
      payeeName: r.bill_type === "VendorBooking" ? (r.vendor_name ?? r.account_name ?? "") : `${r.first_name ?? ""} ${r.last_name ?? ""}`.trim() || (r.account_name ?? ""),
      payeeAccountName: r.account_name ?? "",
      payeeAccountNumber: r.account_number ?? "",
      amount: { amount: r.gross_amount, currency: r.currency },
      reference: r.reference,
      billDate: r.bill_date,
      dueDate: r.due_date,
    }));
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

/** The latest export batches (newest first), cancelled ones included (a batch is never deleted). */
export async function listBatches(db: DB, user: SessionUser) {
  requireFinance(user);
  const rows = await db
    .selectFrom("finance_payment_batches")
    .select(["id", "message_id", "bill_count", "totals", "created_at", "status", "cancelled_at"])
    .orderBy("id", "desc")
    .limit(50)
    .execute();
  return rows.map((r) => ({
    id: r.id,
    messageId: r.message_id,
    billCount: r.bill_count,
    totals: JSON.parse(r.totals) as Money[],
    createdAt: r.created_at,
    status: r.status,
    cancelledAt: r.cancelled_at,
  }));
}

/**
 * Cancels an export batch (issue 23 item 1): the file is withdrawn, so its bills may be voided, sent
 * back or exported again. Allowed only while none of its bills is paid (PaidPendingAudit or Paid). The
 * batch and its rows stay (status Cancelled, rows inactive); an audit row for the batch and one per bill.
 * Lock order: the batch's bills in ascending id (as every bill write), then the conditional update of the
 * batch on status Active, whose row count decides between parallel cancels.
 */
export async function cancelPaymentBatch(db: DB, actor: FinanceActor, input: { batchId: number }, key?: string | null) {
  requireFinance(actor.user);
  const at = new Date().toISOString();
  return financeWrite(db, actor, { scope: "billmanagement/cancel-payment-batch", key, payload: input }, async (trx) => {
    const batch = await trx.selectFrom("finance_payment_batches").select(["id", "message_id", "status"]).where("id", "=", input.batchId).executeTakeFirst();
    if (!batch) throw new AppError("NOT_FOUND", BM.batchNotFound);
    if (batch.status !== "Active") throw new AppError("CONFLICT", fill(FM.paymentFileCancelled, { file: batch.message_id }));
    const members = await trx.selectFrom("finance_payment_batch_bills").select(["bill_id", "group_id"]).where("batch_id", "=", batch.id).orderBy("bill_id").execute();
    for (const m of members) await lockRow(trx, "bills", m.bill_id);
    const ids = members.map((m) => m.bill_id);
    const bills = ids.length === 0 ? [] : await trx.selectFrom("bills").select(["id", "status"]).where("id", "in", ids).orderBy("id").execute();
    const paid = bills.find((b) => b.status === "Paid" || b.status === "PaidPendingAudit");
    if (paid) throw new AppError("CONFLICT", fill(FM.paymentFilePaid, { file: batch.message_id, id: String(paid.id) }));
    const updated = await trx
      .updateTable("finance_payment_batches")
      .set({ status: "Cancelled", cancelled_by: actor.user.id, cancelled_at: at })
      .where("id", "=", batch.id)
      .where("status", "=", "Active")
      .executeTakeFirst();
    if (Number(updated.numUpdatedRows) !== 1) throw new AppError("CONFLICT", fill(FM.paymentFileCancelled, { file: batch.message_id }));
    await trx.updateTable("finance_payment_batch_bills").set({ active: 0 }).where("batch_id", "=", batch.id).execute();
    for (const m of members) {
      await auditFinance(trx, actor, { entity: "bill", entityId: m.bill_id, action: "exportCancelled", groupId: m.group_id, oldValues: { exportBatchId: batch.id }, newValues: { exportBatchId: null }, at });
    }
    await auditFinance(trx, actor, {
      entity: "finance_payment_batch",
      entityId: batch.id,
      action: "cancel",
      groupId: null,
      oldValues: { status: "Active" },
      newValues: { status: "Cancelled", messageId: batch.message_id, billIds: ids },
      at,
    });
    return { success: true as const, batchId: batch.id, messageId: batch.message_id, status: "Cancelled" as const, cancelledAt: at };
  });
}
