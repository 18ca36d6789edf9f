/**
 * Payment batches after their export (issues 16, 23, 24 §5; the export and its files are in
 * payment-files.ts): the list of batches, cancelling one while none of its bills is paid, the history
 * page, the bank's payment of a whole batch and a bill it returned. A batch is never deleted.
 */
import type { DB } from "../../db/index.ts";
import { lockRow } from "../../db/locks.ts";
import { AppError } from "../../domain/errors.ts";
import { financeMessages as FM } from "../../domain/finance/messages.ts";
import { billMessages as BM } from "../../domain/finance/schemas-bills.ts";
import { fill } from "../../domain/finance/messages.ts";
import type { Money } from "../../domain/money/money.ts";
import type { SessionUser } from "../identity/auth.ts";
import { appendEntry, auditFinance, financeWrite, requireFinance, todayUtc, type FinanceActor, type Trx } from "./core.ts";
import { payBillInTransaction } from "./bills-payments.ts";
import { BATCH_BILL_STATE_LABELS, BATCH_STATUS_LABELS, batchBillState, batchMessages as PB, RETURN_REASON_MAX, type BatchStatus } from "../../domain/finance/payment-batches.ts";

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

// ---------------------------------------------------------------- history and reconciliation (issue 24 §5)

type BatchRow = { id: number; message_id: string; status: BatchStatus };

async function lockedBatch(trx: Trx, batchId: number): Promise<BatchRow> {
  const batch = await trx.selectFrom("finance_payment_batches").select(["id", "message_id", "status"]).where("id", "=", batchId).executeTakeFirst();
  if (!batch) throw new AppError("NOT_FOUND", BM.batchNotFound);
  return batch as BatchRow;
}

/**
 * The bank paid the batch: every bill still in it (not returned) that is PaymentPending is paid in ONE
 * transaction through the bill service's own payment (bills-payments.ts `payBillInTransaction`: the same payment
 * row, ledger entry, audit row and notification as a manual payment), dated `paymentDate` (default today).
 * A bill already paid by hand is left as it is. Lock order as every bill write (bills in ascending id),
 * then the conditional update Active → Paid whose row count decides between parallel calls: one effect,
 * the others refused with the file's name. Any refusal rolls everything back.
 */
export async function markBatchPaid(db: DB, actor: FinanceActor, input: { batchId: number; paymentDate?: string }, key?: string | null) {
  requireFinance(actor.user);
  const at = new Date().toISOString();
  const paymentDate = input.paymentDate ?? todayUtc(new Date(at));
  if (paymentDate > todayUtc(new Date(at))) throw new AppError("VALIDATION", PB.paymentDateFuture, { paymentDate: PB.paymentDateFuture });
  return financeWrite(db, actor, { scope: "billmanagement/mark-payment-batch-paid", key, payload: { ...input, paymentDate } }, async (trx) => {
    const batch = await lockedBatch(trx, input.batchId);
    const refuseStatus = (status: string) => {
      if (status === "Paid") throw new AppError("CONFLICT", fill(PB.alreadyPaid, { file: batch.message_id }));
      throw new AppError("CONFLICT", fill(PB.notActive, { file: batch.message_id, status: BATCH_STATUS_LABELS[status as BatchStatus]?.toLowerCase() ?? status }));
    };
    if (batch.status !== "Active") refuseStatus(batch.status);
    const members = await trx.selectFrom("finance_payment_batch_bills").select(["bill_id", "group_id"]).where("batch_id", "=", batch.id).where("active", "=", 1).orderBy("bill_id").execute();
    for (const m of members) await lockRow(trx, "bills", m.bill_id);
    const ids = members.map((m) => m.bill_id);
    const bills = ids.length === 0 ? [] : await trx.selectFrom("bills").select(["id", "status", "group_id"]).where("id", "in", ids).orderBy("id").execute();
    const toPay = bills.filter((b) => b.status === "PaymentPending");
    if (toPay.length === 0 && bills.every((b) => b.status !== "Paid" && b.status !== "PaidPendingAudit")) throw new AppError("CONFLICT", fill(PB.nothingToPay, { file: batch.message_id }));
    const updated = await trx
      .updateTable("finance_payment_batches")
      .set({ status: "Paid", paid_by: actor.user.id, paid_at: at, paid_date: paymentDate })
      .where("id", "=", batch.id)
      .where("status", "=", "Active")
      .executeTakeFirst();
    if (Number(updated.numUpdatedRows) !== 1) refuseStatus((await lockedBatch(trx, batch.id)).status);
    for (const b of toPay) await payBillInTransaction(trx, actor, { id: b.id, paymentDate, reference: batch.message_id }, at);
    await auditFinance(trx, actor, {
      entity: "finance_payment_batch",
      entityId: batch.id,
      action: "markPaid",
      groupId: null,
      oldValues: { status: "Active" },
      newValues: { status: "Paid", messageId: batch.message_id, paymentDate, paidBillIds: toPay.map((b) => b.id), alreadyPaidBillIds: bills.filter((b) => b.status !== "PaymentPending").map((b) => b.id) },
      at,
    });
    return { success: true as const, batchId: batch.id, messageId: batch.message_id, status: "Paid" as const, paymentDate, paidBillIds: toPay.map((b) => b.id) };
  });
}

/**
 * The bank returned one bill of a batch (a rejected or bounced transfer) with its reason: the bill's row
 * in the batch is marked returned (inactive, so the bill may be exported again) by a conditional update on
 * active = 1 (parallel returns: one effect). A bill the batch already paid goes back to PaymentPending: its
 * payment is marked RETURNED and the payment entry is reversed (+amount on the payee's account, dated the
 * return day), the bill's version bumped; an audited bill is refused. Audit rows for the bill and the batch.
 */
export async function returnBatchBill(db: DB, actor: FinanceActor, input: { batchId: number; billId: number; reason: string }, key?: string | null) {
  requireFinance(actor.user);
  const reason = input.reason.trim();
  if (reason === "") throw new AppError("VALIDATION", PB.reasonRequired, { reason: PB.reasonRequired });
  if (reason.length > RETURN_REASON_MAX) throw new AppError("VALIDATION", PB.reasonTooLong, { reason: PB.reasonTooLong });
  const at = new Date().toISOString();
  return financeWrite(db, actor, { scope: "billmanagement/return-payment-batch-bill", key, payload: { ...input, reason } }, async (trx) => {
    const batch = await lockedBatch(trx, input.batchId);
    if (batch.status === "Cancelled") throw new AppError("CONFLICT", fill(PB.cancelledBatch, { file: batch.message_id }));
    const member = await trx.selectFrom("finance_payment_batch_bills").select(["bill_id", "group_id", "active", "returned_at"]).where("batch_id", "=", batch.id).where("bill_id", "=", input.billId).executeTakeFirst();
    if (!member) throw new AppError("NOT_FOUND", fill(PB.billNotInBatch, { id: String(input.billId), file: batch.message_id }));
    if (member.returned_at !== null) throw new AppError("CONFLICT", fill(PB.alreadyReturned, { id: String(input.billId) }));
    await lockRow(trx, "bills", input.billId);
    const bill = await trx.selectFrom("bills").select(["id", "status", "version", "audited", "to_account_id", "currency", "group_id"]).where("id", "=", input.billId).executeTakeFirst();
    if (!bill) throw new AppError("NOT_FOUND", FM.billNotFound);
    if (bill.audited === 1) throw new AppError("CONFLICT", fill(PB.returnAudited, { id: String(bill.id) }));
    const marked = await trx
      .updateTable("finance_payment_batch_bills")
      .set({ active: 0, returned_at: at, returned_by: actor.user.id, return_reason: reason })
      .where("batch_id", "=", batch.id)
      .where("bill_id", "=", bill.id)
      .where("returned_at", "is", null)
      .executeTakeFirst();
    if (Number(marked.numUpdatedRows) !== 1) throw new AppError("CONFLICT", fill(PB.alreadyReturned, { id: String(bill.id) }));
    let reversal: { paymentId: number; entryId: number } | null = null;
    if (bill.status === "Paid" || bill.status === "PaidPendingAudit") {
      const payment = await trx.selectFrom("payments").select(["id", "amount", "currency"]).where("bill_id", "=", bill.id).where("status", "!=", "RETURNED").orderBy("id", "desc").limit(1).executeTakeFirst();
      const moved = await trx
        .updateTable("bills")
        .set({ status: "PaymentPending", paid_at: null, version: bill.version + 1, updated_at: at })
        .where("id", "=", bill.id)
        .where("status", "=", bill.status)
        .where("version", "=", bill.version)
        .executeTakeFirst();
      if (Number(moved.numUpdatedRows) !== 1) throw new AppError("CONFLICT", BM.statusChanged);
      if (payment && bill.to_account_id !== null) {
        await trx.updateTable("payments").set({ status: "RETURNED" }).where("id", "=", payment.id).execute();
        const entry = await appendEntry(trx, { accountId: bill.to_account_id, date: todayUtc(new Date(at)), kind: "reversal", amount: payment.amount, currency: payment.currency, billId: bill.id, paymentId: payment.id, notes: `returned by the bank: ${reason}`.slice(0, 500), actorUserId: actor.user.id, at });
        reversal = { paymentId: payment.id, entryId: entry.id };
      }
    }
    const newStatus = bill.status === "Paid" || bill.status === "PaidPendingAudit" ? "PaymentPending" : bill.status;
    await auditFinance(trx, actor, { entity: "bill", entityId: bill.id, action: "paymentReturned", groupId: bill.group_id, oldValues: { status: bill.status, exportBatchId: member.active === 1 ? batch.id : null }, newValues: { status: newStatus, exportBatchId: null, reason, ...reversal }, at });
    await auditFinance(trx, actor, { entity: "finance_payment_batch", entityId: batch.id, action: "billReturned", groupId: null, newValues: { billId: bill.id, reason }, at });
    return { success: true as const, batchId: batch.id, billId: bill.id, status: newStatus, returnedAt: at, reason };
  });
}

/** The history page: every batch (newest first, a page at a time) with who exported it and when, totals per currency and its bills. */
export async function batchHistory(db: DB, user: SessionUser, input: { page: number; pageSize: number }) {
  requireFinance(user);
  const total = Number((await db.selectFrom("finance_payment_batches").select((eb) => eb.fn.countAll<number>().as("n")).executeTakeFirstOrThrow()).n);
  const batches = await db
    .selectFrom("finance_payment_batches as pb")
    .leftJoin("users as cu", "cu.id", "pb.created_by")
    .leftJoin("users as pu", "pu.id", "pb.paid_by")
    .leftJoin("users as xu", "xu.id", "pb.cancelled_by")
    .select(["pb.id", "pb.message_id", "pb.bill_count", "pb.totals", "pb.created_at", "pb.status", "pb.paid_at", "pb.paid_date", "pb.cancelled_at", "cu.first_name as c_first", "cu.last_name as c_last", "pu.first_name as p_first", "pu.last_name as p_last", "xu.first_name as x_first", "xu.last_name as x_last"])
    .orderBy("pb.id", "desc")
    .limit(input.pageSize)
    .offset((input.page - 1) * input.pageSize)
    .execute();
  const ids = batches.map((b) => b.id);
  const members =
    ids.length === 0
      ? []
      : await db
          .selectFrom("finance_payment_batch_bills as x")
          .leftJoin("bills as b", "b.id", "x.bill_id")
          .leftJoin("users as u", "u.id", "b.employee_user_id")
          .leftJoin("groups as g", "g.id", "x.group_id")
          .select(["x.batch_id", "x.bill_id", "x.position", "x.active", "x.returned_at", "x.return_reason", "b.bill_type", "b.status", "b.gross_amount", "b.currency", "b.vendor_name", "u.first_name", "u.last_name", "g.display_name as group_name"])
          .where("x.batch_id", "in", ids)
          .orderBy("x.batch_id")
          .orderBy("x.position")
          .execute();
  const name = (f: string | null, l: string | null) => (f === null ? null : `${f} ${l ?? ""}`.trim());
  return {
    page: input.page,
    pageSize: input.pageSize,
    total,
    batches: batches.map((b) => {
      const status = b.status as BatchStatus;
      return {
        id: b.id,
        messageId: b.message_id,
        status,
        statusLabel: BATCH_STATUS_LABELS[status],
        billCount: b.bill_count,
        totals: JSON.parse(b.totals) as Money[],
        createdAt: b.created_at,
        createdBy: name(b.c_first, b.c_last),
        paidAt: b.paid_at,
        paidDate: b.paid_date,
        paidBy: name(b.p_first, b.p_last),
        cancelledAt: b.cancelled_at,
        cancelledBy: name(b.x_first, b.x_last),
        csvUrl: `/accountmanagement/billmanagement/export/${b.id}/csv`,
        xmlUrl: `/accountmanagement/billmanagement/export/${b.id}/xml`,
        bills: members
          .filter((m) => m.batch_id === b.id)
          .map((m) => {
            const state = batchBillState(status, { active: m.active === 1, returnedAt: m.returned_at });
            return {
              billId: m.bill_id,
              payeeName: m.bill_type === "VendorBooking" ? (m.vendor_name ?? "") : (name(m.first_name, m.last_name) ?? ""),
              groupName: m.group_name ?? "",
              amount: m.gross_amount === null || m.currency === null ? null : { amount: m.gross_amount, currency: m.currency },
              billStatus: m.status,
              state,
              stateLabel: BATCH_BILL_STATE_LABELS[state],
              returnedAt: m.returned_at,
              returnReason: m.return_reason,
              canReturn: status !== "Cancelled" && m.returned_at === null && m.active === 1 && m.status !== null,
            };
          }),
      };
    }),
  };
}
