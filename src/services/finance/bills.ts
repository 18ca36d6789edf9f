/**
 * Bill Management (issue 16; spec part 2 §2, §4 Bill, §5 bill amounts / payments / multi-bill / void,
 * §7 billmanagement/…, §8 Bill management). Every write goes through `financeWrite` (one transaction,
 * idempotency key, audit row) and changes a bill with ONE conditional update on (id, status, version)
 * whose row count decides: two finance users paying the same bill at once make one payment and one
 * clear refusal. The transition itself is asked of the pure state machine (bill-state.ts `nextState`).
 *
 * Ledger (core.ts): a payment appends −amount on the bill's to-account dated the payment date; void and
 * send-back append a `reversal` −gross dated the bill date; moving a bill to another recipient account
 * reverses the charge on the old account and charges the new one; moving a payment's date reverses the
 * payment entry and appends it again on the new date. Entries are never changed.
 *
 * Lock order (core.ts): approval item → bill → account. Lock periods: a payment checks its date and the
 * bill's date (`pay`); void, send-back, a new due date and an account change check the bill's date (`change`).
 *
 * This module holds the table's reads and the guarded change every write makes; the status updates and
 * payments are in bills-payments.ts, hold, due date, recipient account, payment date and send-back in
 * bills-changes.ts.
 */
import type { Transaction } from "kysely";
import type { DB } from "../../db/index.ts";
import { lockRow } from "../../db/locks.ts";
import { billRecord, latestPayments, listBillRecords, type BillRecord } from "../../db/queries/finance/bills.ts";
import type { Database } from "../../db/schema.ts";
import { AppError } from "../../domain/errors.ts";
import {
  actionsEnabled,
  nextState,
  type Bill,
  type BillAction,
  type BillStatus,
  type BillType,
  type HoldReason,
} from "../../domain/finance/bill-state.ts";
import { financeMessages as FM } from "../../domain/finance/messages.ts";
import { billMessages as BM, type BillListRequest, type BillRow } from "../../domain/finance/schemas-bills.ts";
import type { SessionUser } from "../identity/auth.ts";
import { auditFinance, requireFinance, type FinanceActor } from "./core.ts";

type Tx = Transaction<Database>;

// ---------------------------------------------------------------- rows

function stateOf(r: Pick<BillRecord, "bill_type" | "status" | "audited" | "hold_reason" | "export_message_id">): Bill {
  return {
    billType: r.bill_type as BillType,
    status: r.status as BillStatus,
    audited: r.audited === 1,
    holdReason: (r.hold_reason as HoldReason | null) ?? null,
    paymentFile: r.export_message_id ?? null,
  };
}

function allowed(bill: Bill, action: BillAction): boolean {
  return nextState(bill, action).ok;
}

function rowOf(r: BillRecord, payment: { id: number; amount: number; currency: string; payment_date: string; recipient_amount: number | null; recipient_currency: string | null } | undefined): BillRow {
  const bill = stateOf(r);
  const enabled = actionsEnabled(bill);
  const employeeName = r.employee_first !== null ? `${r.employee_first} ${r.employee_last ?? ""}`.trim() : null;
  return {
    id: r.id,
    billType: bill.billType,
    status: bill.status,
    audited: bill.audited,
    holdReason: bill.holdReason,
    groupId: r.group_id,
    groupName: r.group_name,
    groupDisplayName: r.group_display_name,
    employeeId: r.employee_user_id,
    employeeName,
    vendorName: r.vendor_name,
    currency: r.currency,
    gross: r.gross_amount,
    net: r.net_amount,
    tax: r.tax_amount,
    isCredit: r.is_credit === 1,
    reference: r.reference,
    billDate: r.bill_date,
    dueDate: r.due_date,
    fromAccount: r.from_account_id !== null && r.from_name !== null ? { id: r.from_account_id, name: r.from_name, currency: r.from_currency ?? r.currency } : null,
    toAccount: r.to_account_id !== null && r.to_name !== null ? { id: r.to_account_id, name: r.to_name, currency: r.to_currency ?? r.currency } : null,
    payment: payment
      ? { id: payment.id, amount: payment.amount, currency: payment.currency, paymentDate: payment.payment_date, recipientAmount: payment.recipient_amount, recipientCurrency: payment.recipient_currency }
      : null,
    exportBatchId: r.export_batch_id ?? null,
    version: r.version,
    actions: {
      pay: enabled.pay && allowed(bill, { type: "pay" }),
      void: enabled.void,
      select: enabled.select && (bill.status === "Open" || bill.status === "PaymentPending"),
      markPaymentPending: allowed(bill, { type: "markPaymentPending" }),
      recordPayment: allowed(bill, { type: "recordPayment" }),
      audit: allowed(bill, { type: "audit" }),
      hold: allowed(bill, { type: "hold", reason: "Exception Requested" }),
      unhold: allowed(bill, { type: "unhold" }),
      sendBack: allowed(bill, { type: "sendBack" }),
      export: bill.status === "PaymentPending" && bill.holdReason === null && (r.export_batch_id ?? null) === null,
      changePayment: payment !== undefined && !bill.audited && bill.holdReason === null,
    },
  };
}

async function rowsOf(db: DB | Tx, records: BillRecord[]): Promise<BillRow[]> {
  const payments = await latestPayments(db, records.map((r) => r.id));
  return records.map((r) => rowOf(r, payments.get(r.id)));
}

export async function rowById(db: DB | Tx, id: number): Promise<BillRow | null> {
  const r = await billRecord(db, id);
  return r ? (await rowsOf(db, [r]))[0]! : null;
}

/** The Bill Management table: one page of the filtered bills with their actions, and the totals per currency. */
export async function listBills(db: DB, user: SessionUser, f: BillListRequest) {
  requireFinance(user);
  const { rows, total, totals } = await listBillRecords(db, f);
  return { rows: await rowsOf(db, rows), total, page: f.page, pageSize: f.pageSize, totals };
}

/** One bill's row (NOT_FOUND when missing). */
export async function getBill(db: DB, user: SessionUser, id: number): Promise<BillRow> {
  requireFinance(user);
  const row = await rowById(db, id);
  if (!row) throw new AppError("NOT_FOUND", FM.billNotFound);
  return row;
}

// ---------------------------------------------------------------- the guarded change

type Locked = { r: BillRecord; bill: Bill };

/** Locks and reads one bill inside the write's transaction (NOT_FOUND when missing). */
export async function lockBill(trx: Tx, id: number): Promise<Locked> {
  if (!(await lockRow(trx, "bills", id))) throw new AppError("NOT_FOUND", FM.billNotFound);
  const r = await billRecord(trx, id);
  if (!r) throw new AppError("NOT_FOUND", FM.billNotFound);
  return { r, bill: stateOf(r) };
}

/** The transition or its refusal (CONFLICT; VALIDATION with the field when an input is missing). */
export function transition(bill: Bill, action: BillAction): Bill | null {
  const t = nextState(bill, action);
  if (!t.ok) {
    if (t.field) throw new AppError("VALIDATION", t.message, { [t.field]: t.message });
    throw new AppError("CONFLICT", t.message);
  }
  return t.removed ? null : t.bill;
}

/** The one conditional update of a bill: on its id, the status and version read, bumping the version. */
export async function guardedUpdate(trx: Tx, r: BillRecord, set: Partial<Record<string, unknown>>, at: string): Promise<void> {
  const result = await trx
    .updateTable("bills")
    .set({ ...set, version: r.version + 1, updated_at: at } as never)
    .where("id", "=", r.id)
    .where("status", "=", r.status)
    .where("version", "=", r.version)
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) !== 1) throw new AppError("CONFLICT", BM.statusChanged);
}

/** The version the screen showed, when given, must still be the bill's (CONFLICT). */
export function checkVersion(r: BillRecord, version: number | undefined) {
  if (version !== undefined && version !== r.version) throw new AppError("CONFLICT", BM.statusChanged);
}

/** The bill's fields an audit row records before a change. */
export function snapshot(r: BillRecord) {
  return { status: r.status, audited: r.audited === 1, holdReason: r.hold_reason, version: r.version, dueDate: r.due_date, toAccountId: r.to_account_id };
}

/** The audit row of a bill write. */
export async function audit(trx: Tx, actor: FinanceActor, r: BillRecord, action: string, oldValues: unknown, newValues: unknown, at: string) {
  await auditFinance(trx, actor, { entity: "bill", entityId: r.id, action, groupId: r.group_id, oldValues, newValues, at });
}

/** The bill's recipient account (CONFLICT when it has none). */
export function requireAccount(r: BillRecord): number {
  if (r.to_account_id === null) throw new AppError("CONFLICT", BM.accountNotFound);
  return r.to_account_id;
}
