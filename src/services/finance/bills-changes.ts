/**
 * Bill Management's single-bill writes (issue 16; spec part 2 §5 void, §7 billmanagement/hold-bill,
 * unhold-bill, update-bill, update-to-account, update-payment, send-bill-back; see bills.ts): each one
 * guarded change in its own financeWrite transaction.
 */
import type { DB } from "../../db/index.ts";
import { lockRow } from "../../db/locks.ts";
import { AppError } from "../../domain/errors.ts";
import type { Bill, BillStatus } from "../../domain/finance/bill-state.ts";
import { financeMessages as FM, fill } from "../../domain/finance/messages.ts";
import { billMessages as BM } from "../../domain/finance/schemas-bills.ts";
import { submittedStatus } from "../../domain/employee/expenses/rules.ts";
import { isCurrencyCode } from "../../domain/money/money.ts";
import { appendEntry, assertNotLocked, financeWrite, requireFinance, todayUtc, type FinanceActor } from "./core.ts";
import { audit, guardedUpdate, lockBill, requireAccount, rowById, snapshot, transition } from "./bills.ts";

/** billmanagement/hold-bill {billId, holdReason}. */
export async function holdBill(db: DB, actor: FinanceActor, input: { billId: number; holdReason: string }, key?: string | null) {
  requireFinance(actor.user);
  const at = new Date().toISOString();
  return financeWrite(db, actor, { scope: "billmanagement/hold-bill", key, payload: input }, async (trx) => {
    const { r, bill } = await lockBill(trx, input.billId);
    transition(bill, { type: "hold", reason: input.holdReason });
    await guardedUpdate(trx, r, { hold_reason: input.holdReason }, at);
    await audit(trx, actor, r, "hold", snapshot(r), { holdReason: input.holdReason }, at);
    return { success: true as const, bill: await rowById(trx, r.id) };
  });
}

/** billmanagement/unhold-bill {billId}. */
export async function unholdBill(db: DB, actor: FinanceActor, input: { billId: number }, key?: string | null) {
  requireFinance(actor.user);
  const at = new Date().toISOString();
  return financeWrite(db, actor, { scope: "billmanagement/unhold-bill", key, payload: input }, async (trx) => {
    const { r, bill } = await lockBill(trx, input.billId);
    transition(bill, { type: "unhold" });
    await guardedUpdate(trx, r, { hold_reason: null }, at);
    await audit(trx, actor, r, "unhold", snapshot(r), { holdReason: null }, at);
    return { success: true as const, bill: await rowById(trx, r.id) };
  });
}

function refuseFinal(bill: Bill) {
  if (bill.audited) throw new AppError("CONFLICT", FM.alreadyAudited);
  if (bill.holdReason !== null) throw new AppError("CONFLICT", FM.billOnHold);
}

/** billmanagement/update-bill (id, due): a new due date (or none) on a bill not audited nor held. */
export async function updateBillDue(db: DB, actor: FinanceActor, input: { id: number; due: string | null }, key?: string | null) {
  requireFinance(actor.user);
  const at = new Date().toISOString();
  return financeWrite(db, actor, { scope: "billmanagement/update-bill", key, payload: input }, async (trx) => {
    const { r, bill } = await lockBill(trx, input.id);
    refuseFinal(bill);
    if (bill.status === "Void") throw new AppError("CONFLICT", fill(FM.transitionNotAllowed, { from: "Void", to: "Void" }));
    await assertNotLocked(trx, { type: "change", oldDate: r.bill_date });
    await guardedUpdate(trx, r, { due_date: input.due }, at);
    await audit(trx, actor, r, "updateDue", { dueDate: r.due_date }, { dueDate: input.due }, at);
    return { success: true as const, bill: await rowById(trx, r.id) };
  });
}

/**
 * billmanagement/update-to-account (id, toAccountId): the recipient account of an unpaid bill. The new
 * account must be the payee's (the same employee, or a vendor account) in the bill's currency; the charge
 * moves with it (reversal on the old account, charge on the new one, both dated the bill date).
 */
export async function updateToAccount(db: DB, actor: FinanceActor, input: { id: number; toAccountId: number }, key?: string | null) {
  requireFinance(actor.user);
  const at = new Date().toISOString();
  return financeWrite(db, actor, { scope: "billmanagement/update-to-account", key, payload: input }, async (trx) => {
    const { r, bill } = await lockBill(trx, input.id);
    refuseFinal(bill);
    if (bill.status !== "Open" && bill.status !== "PaymentPending") throw new AppError("CONFLICT", bill.status === "Void" ? fill(FM.transitionNotAllowed, { from: "Void", to: "Void" }) : FM.alreadyPaid);
    const account = await trx.selectFrom("finance_accounts").select(["id", "type", "user_id", "currency"]).where("id", "=", input.toAccountId).executeTakeFirst();
    if (!account) throw new AppError("NOT_FOUND", BM.accountNotFound);
    if (account.currency !== r.currency) throw new AppError("VALIDATION", BM.accountCurrency, { toAccountId: BM.accountCurrency });
    const employeeBill = r.bill_type !== "VendorBooking";
    const owner = await trx.selectFrom("bills").select("employee_user_id").where("id", "=", r.id).executeTakeFirstOrThrow();
    if (employeeBill ? account.type !== "Employee" || account.user_id !== owner.employee_user_id : account.type !== "Vendor") {
      throw new AppError("VALIDATION", BM.accountOwner, { toAccountId: BM.accountOwner });
    }
    if (account.id === r.to_account_id) return { success: true as const, bill: await rowById(trx, r.id) };
    // The payment file names the recipient account: it stays while the file instructs the transfer (issue 23).
    if (bill.paymentFile) throw new AppError("CONFLICT", fill(FM.billInPaymentFile, { file: bill.paymentFile }));
    await assertNotLocked(trx, { type: "change", oldDate: r.bill_date });
    await guardedUpdate(trx, r, { to_account_id: account.id }, at);
    // Accounts in ascending id (core.ts lock order).
    const moves = [
      { accountId: requireAccount(r), amount: -r.gross_amount, kind: "reversal" as const },
      { accountId: account.id, amount: r.gross_amount, kind: "charge" as const },
    ].sort((a, b) => a.accountId - b.accountId);
    for (const m of moves) await appendEntry(trx, { ...m, date: r.bill_date, currency: r.currency, billId: r.id, notes: "recipient account changed", actorUserId: actor.user.id, at });
    await audit(trx, actor, r, "updateToAccount", { toAccountId: r.to_account_id }, { toAccountId: account.id }, at);
    return { success: true as const, bill: await rowById(trx, r.id) };
  });
}

/**
 * billmanagement/update-payment and billapproval/update-payment (id, currency or timestamp): the
 * recipient currency or the date of the bill's latest payment (a bill not yet audited). A new date
 * moves the payment entry (reversal on the old date, payment on the new one); both dates are checked
 * against the lock periods.
 */
export async function updatePayment(db: DB, actor: FinanceActor, input: { id: number; currency?: string; timestamp?: string }, key?: string | null) {
  requireFinance(actor.user);
  if (input.currency === undefined && input.timestamp === undefined) throw new AppError("VALIDATION", BM.nothingToChange, { currency: BM.nothingToChange });
  if (input.currency !== undefined && !isCurrencyCode(input.currency)) throw new AppError("VALIDATION", FM.currencyRequired, { currency: FM.currencyRequired });
  const at = new Date().toISOString();
  return financeWrite(db, actor, { scope: "billmanagement/update-payment", key, payload: input }, async (trx) => {
    const { r, bill } = await lockBill(trx, input.id);
    refuseFinal(bill);
    const payment = await trx.selectFrom("payments").selectAll().where("bill_id", "=", r.id).orderBy("id", "desc").limit(1).executeTakeFirst();
    if (!payment) throw new AppError("CONFLICT", BM.noPayment);
    const today = todayUtc(new Date(at));
    const newDate = input.timestamp ?? payment.payment_date;
    if (newDate > today) throw new AppError("VALIDATION", FM.dateInFuture, { timestamp: FM.dateInFuture });
    await assertNotLocked(trx, { type: "change", oldDate: payment.payment_date, newDate });
    await guardedUpdate(trx, r, {}, at);
    const set: Record<string, unknown> = {};
    if (input.currency !== undefined) {
      const different = input.currency !== payment.currency;
      set.recipient_currency = different ? input.currency : null;
      set.different_recipient_currency = different ? 1 : 0;
      if (!different) set.recipient_amount = null;
    }
    if (newDate !== payment.payment_date) {
      set.payment_date = newDate;
      const accountId = requireAccount(r);
      await appendEntry(trx, { accountId, date: payment.payment_date, kind: "reversal", amount: payment.amount, currency: payment.currency, billId: r.id, paymentId: payment.id, notes: "payment date changed", actorUserId: actor.user.id, at });
      await appendEntry(trx, { accountId, date: newDate, kind: "payment", amount: -payment.amount, currency: payment.currency, billId: r.id, paymentId: payment.id, notes: "payment date changed", actorUserId: actor.user.id, at });
    }
    if (Object.keys(set).length > 0) await trx.updateTable("payments").set(set as never).where("id", "=", payment.id).execute();
    await audit(trx, actor, r, "updatePayment", { paymentId: payment.id, paymentDate: payment.payment_date, recipientCurrency: payment.recipient_currency }, { paymentId: payment.id, paymentDate: newDate, recipientCurrency: set.recipient_currency ?? payment.recipient_currency }, at);
    return { success: true as const, bill: await rowById(trx, r.id) };
  });
}

/**
 * billmanagement/send-bill-back (id, status): removes an Open or PaymentPending bill and its lines
 * (reversal entry first) and puts its approval item back to submitted: an expense to its submitted
 * status, a finance item to SUBMITTED, a recurring instalment loses its bill and its recurring charge goes
 * back to SUBMITTED (approving it again bills only the instalments without a bill). `status` is the
 * status the screen showed: a bill that moved on since is refused. A bill in an active payment file is
 * refused (issue 23): cancel the batch first.
 */
export async function sendBillBack(db: DB, actor: FinanceActor, input: { id: number; status: BillStatus }, key?: string | null) {
  requireFinance(actor.user);
  const at = new Date().toISOString();
  return financeWrite(db, actor, { scope: "billmanagement/send-bill-back", key, payload: input }, async (trx) => {
    // Lock order: approval item first, then the bill.
    const peek = await trx.selectFrom("bills").select(["source_kind", "source_id"]).where("id", "=", input.id).executeTakeFirst();
    if (!peek) throw new AppError("NOT_FOUND", FM.billNotFound);
    // A recurring instalment's approval item is the recurring charge it belongs to.
    const instalment =
      peek.source_kind === "recurringPayment" ? await trx.selectFrom("finance_recurring_payments").select(["item_id", "seq"]).where("id", "=", peek.source_id).executeTakeFirst() : undefined;
    const itemId = instalment ? instalment.item_id : peek.source_id;
    if (peek.source_kind === "expense") await lockRow(trx, "expenses", peek.source_id);
    else await lockRow(trx, "finance_items", itemId);
    const { r, bill } = await lockBill(trx, input.id);
    if (r.status !== input.status) throw new AppError("CONFLICT", BM.statusChanged);
    transition(bill, { type: "sendBack" });
    await assertNotLocked(trx, { type: "change", oldDate: r.bill_date });
    const entry = await appendEntry(trx, { accountId: requireAccount(r), date: r.bill_date, kind: "reversal", amount: -r.gross_amount, currency: r.currency, billId: r.id, notes: "sent back to Bill Approval", actorUserId: actor.user.id, at });
    let restored: Record<string, unknown> = {};
    if (peek.source_kind === "expense") {
      const e = await trx.selectFrom("expenses").select(["receipt_file_id", "version", "status"]).where("id", "=", peek.source_id).executeTakeFirst();
      if (e) {
        const status = submittedStatus(e.receipt_file_id !== null);
        await trx.updateTable("expenses").set({ status, version: e.version + 1, updated_at: at }).where("id", "=", peek.source_id).where("version", "=", e.version).execute();
        restored = { expenseId: peek.source_id, from: e.status, to: status };
      }
    } else if (peek.source_kind === "recurringPayment") {
      // The instalment loses its bill and its recurring charge returns to Bill Approval (spec part 2 §4
      // "sent back to Bill Approval"); approving it again bills the instalments that have no bill.
      await trx.updateTable("finance_recurring_payments").set({ bill_id: null }).where("id", "=", peek.source_id).where("bill_id", "=", r.id).execute();
      const it = await trx.selectFrom("finance_items").select(["version", "status"]).where("id", "=", itemId).executeTakeFirst();
      if (it && it.status !== "SUBMITTED") {
        await trx
          .updateTable("finance_items")
          .set({ status: "SUBMITTED", version: it.version + 1, decided_by: null, decided_at: null, updated_at: at })
          .where("id", "=", itemId)
          .where("version", "=", it.version)
          .execute();
      }
      restored = { recurringPaymentId: peek.source_id, seq: instalment?.seq ?? null, itemId, from: it?.status ?? null, to: "SUBMITTED" };
    } else {
      const it = await trx.selectFrom("finance_items").select(["version", "status"]).where("id", "=", peek.source_id).executeTakeFirst();
      if (it) {
        await trx
          .updateTable("finance_items")
          .set({ status: "SUBMITTED", version: it.version + 1, decided_by: null, decided_at: null, updated_at: at })
          .where("id", "=", peek.source_id)
          .where("version", "=", it.version)
          .execute();
        restored = { itemId: peek.source_id, from: it.status, to: "SUBMITTED" };
      }
    }
    // A cancelled batch keeps its rows (the bill's history matches the file it produced; issue 23).
    await trx.deleteFrom("bill_lines").where("bill_id", "=", r.id).execute();
    const deleted = await trx.deleteFrom("bills").where("id", "=", r.id).where("status", "=", r.status).where("version", "=", r.version).executeTakeFirst();
    if (Number(deleted.numDeletedRows) !== 1) throw new AppError("CONFLICT", BM.statusChanged);
    await audit(trx, actor, r, "sendBack", snapshot(r), { removed: true, entryId: entry.id, source: `${peek.source_kind}:${peek.source_id}`, restored }, at);
    return { success: true as const, removed: true as const, id: r.id };
  });
}
