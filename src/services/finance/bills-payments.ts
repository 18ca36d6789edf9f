/**
 * Bill Management's status updates and payments (issue 16; spec part 2 §5 bill amounts / payments /
 * multi-bill / void, §7 billmanagement/update-bill-status, calculatemultiple, mark-employee-rfp-as-paid;
 * see bills.ts): each update one guarded change in its own financeWrite transaction, a multi-bill
 * payment all of its bills in one.
 */
import type { Transaction } from "kysely";
import type { DB } from "../../db/index.ts";
import { lockRow } from "../../db/locks.ts";
import { billRecords, type BillRecord } from "../../db/queries/finance/bills.ts";
import type { Database } from "../../db/schema.ts";
import { AppError } from "../../domain/errors.ts";
import { checkAuditPayment, readAmount } from "../../domain/finance/amounts.ts";
import { financeMessages as FM, fill } from "../../domain/finance/messages.ts";
import { checkMultiBillPayment, checkPaidPopup, distinctBills, totalsByCurrency, type PayableBill } from "../../domain/finance/payments.ts";
import { billMessages as BM, type BillStatusResult, type BillStatusUpdate } from "../../domain/finance/schemas-bills.ts";
import { isCurrencyCode, toMajorString, type Money } from "../../domain/money/money.ts";
import type { SessionUser } from "../identity/auth.ts";
import { appendEntry, assertNotLocked, financeWrite, requireFinance, todayUtc, type FinanceActor } from "./core.ts";
import { notifyBillPaid } from "../identity/notifications/events.ts";
import { audit, checkVersion, guardedUpdate, lockBill, requireAccount, rowById, snapshot, transition } from "./bills.ts";

type Tx = Transaction<Database>;

// ---------------------------------------------------------------- status updates

type PaymentFields = { amount: Money; recipient: Money | null; paymentDate: string; reference: string };

/** The payment of `pay` / `recordPayment`: the bill's amount in its currency, a recipient amount when paid in another currency. */
function paymentOf(r: BillRecord, u: Pick<BillStatusUpdate, "paymentAmount" | "currency" | "paymentDate" | "reference" | "differentRecipientCurrency" | "recipientAmount" | "recipientCurrency">, today: string, pendingAudit: boolean): PaymentFields {
  const paymentDate = u.paymentDate ?? today;
  if (pendingAudit) {
    const errors = checkAuditPayment(
      {
        amount: u.paymentAmount ?? null,
        currency: u.currency ?? null,
        paymentDate: u.paymentDate ?? null,
        differentRecipientCurrency: u.differentRecipientCurrency ?? false,
        recipientAmount: u.recipientAmount,
        recipientCurrency: u.recipientCurrency ?? null,
      },
      today,
    );
    const first = Object.entries(errors)[0];
    if (first) throw new AppError("VALIDATION", first[1]!, errors as Record<string, string>);
  } else if (paymentDate > today) {
    throw new AppError("VALIDATION", FM.dateInFuture, { paymentDate: FM.dateInFuture });
  }
  let recipient: Money | null = null;
  if (u.differentRecipientCurrency && u.recipientCurrency && u.recipientAmount !== undefined) {
    const rr = readAmount(u.recipientAmount, u.recipientCurrency);
    if ("money" in rr) recipient = rr.money;
  } else if (u.currency && u.currency !== r.currency && u.paymentAmount !== undefined) {
    // Paid in another currency than the bill's: what the recipient got.
    if (!isCurrencyCode(u.currency)) throw new AppError("VALIDATION", FM.currencyRequired, { currency: FM.currencyRequired });
    const rr = readAmount(u.paymentAmount, u.currency);
    if ("error" in rr) throw new AppError("VALIDATION", rr.error, { paymentAmount: rr.error });
    recipient = rr.money;
  }
  return { amount: { amount: r.gross_amount, currency: r.currency }, recipient, paymentDate, reference: u.reference ?? r.reference };
}

/** Warnings the screen may skip (ignoreErrors): a bill past its due date, a payment amount in the bill currency that differs from it. */
function skippableOf(r: BillRecord, u: BillStatusUpdate, today: string): string[] {
  const out: string[] = [];
  if ((u.status === "Paid" || u.status === "PaidPendingAudit") && r.due_date !== null && r.due_date < (u.paymentDate ?? today)) out.push(BM.pastDue);
  if ((u.status === "Paid" || u.status === "PaidPendingAudit") && u.paymentAmount !== undefined && (u.currency ?? r.currency) === r.currency) {
    const m = readAmount(u.paymentAmount, r.currency);
    if ("money" in m && m.money.amount !== r.gross_amount) out.push(BM.amountDiffers);
  }
  return out;
}

async function insertPayment(trx: Tx, actor: FinanceActor, r: BillRecord, p: PaymentFields, status: string, at: string) {
  const accountId = requireAccount(r);
  const payment = await trx
    .insertInto("payments")
    .values({
      group_id: r.group_id,
      bill_id: r.id,
      status,
      amount: p.amount.amount,
      currency: p.amount.currency,
      payment_date: p.paymentDate,
      paid_at: at,
      recipient_amount: p.recipient?.amount ?? null,
      recipient_currency: p.recipient?.currency ?? null,
      recipient_account_id: accountId,
      different_recipient_currency: p.recipient && p.recipient.currency !== p.amount.currency ? 1 : 0,
      reference: p.reference,
      is_credit: r.is_credit,
      created_by: actor.user.id,
      created_at: at,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  const entry = await appendEntry(trx, { accountId, date: p.paymentDate, kind: "payment", amount: -p.amount.amount, currency: r.currency, billId: r.id, paymentId: payment.id, actorUserId: actor.user.id, at });
  // The employee whose expense this bill pays is told in the payment's own transaction (issue 24 §3).
  await notifyBillPaid(trx, r.id, { id: payment.id, amount: p.amount, recipient: p.recipient, paymentDate: p.paymentDate }, at);
  return { paymentId: payment.id, entryId: entry.id };
}

/** Applies one status update inside the write's transaction; answers the skippable warnings it found (then nothing changed). */
async function applyStatusUpdate(trx: Tx, actor: FinanceActor, u: BillStatusUpdate, at: string): Promise<{ skippable: string[]; status: string }> {
  const today = todayUtc(new Date(at));
  const { r, bill } = await lockBill(trx, u.id);
  checkVersion(r, u.version);
  const old = snapshot(r);
  switch (u.status) {
    case "PaymentPending": {
      transition(bill, { type: "markPaymentPending" });
      await assertNotLocked(trx, { type: "change", oldDate: r.bill_date });
      await guardedUpdate(trx, r, { status: "PaymentPending", ...(u.due !== undefined ? { due_date: u.due } : {}) }, at);
      await audit(trx, actor, r, "markPaymentPending", old, { status: "PaymentPending" }, at);
      return { skippable: [], status: "PaymentPending" };
    }
    case "Paid":
    case "PaidPendingAudit": {
      const pending = u.status === "PaidPendingAudit";
      transition(bill, { type: pending ? "recordPayment" : "pay" });
      const p = paymentOf(r, u, today, pending);
      await assertNotLocked(trx, { type: "pay", paymentDate: p.paymentDate, billDate: r.bill_date });
      const skippable = skippableOf(r, u, today);
      if (skippable.length > 0 && !u.ignoreErrors) return { skippable, status: r.status };
      await guardedUpdate(trx, r, { status: u.status, paid_at: at }, at);
      const { paymentId, entryId } = await insertPayment(trx, actor, r, p, pending ? "PAID_PENDING_AUDIT" : "PAID", at);
      await audit(trx, actor, r, pending ? "recordPayment" : "pay", old, { status: u.status, paymentId, entryId, amount: p.amount, recipient: p.recipient, paymentDate: p.paymentDate, multipleBills: u.multipleBills ?? false }, at);
      return { skippable, status: u.status };
    }
    case "Audited": {
      transition(bill, { type: "audit" });
      await guardedUpdate(trx, r, { audited: 1, audited_at: at, audited_by: actor.user.id }, at);
      await audit(trx, actor, r, "audit", old, { audited: true }, at);
      return { skippable: [], status: "Audited" };
    }
    case "Void": {
      transition(bill, { type: "void", rejectionId: u.rejectionId ?? null, rejectionReason: u.rejectionReason ?? null });
      let reasonLabel: string | null = null;
      if (u.rejectionId != null) {
        const reason = await trx.selectFrom("finance_rejection_reasons").select("label").where("id", "=", u.rejectionId).where("scope", "=", "VOID").executeTakeFirst();
        if (!reason) throw new AppError("VALIDATION", BM.voidReasonUnknown, { rejectionId: BM.voidReasonUnknown });
        reasonLabel = reason.label;
      }
      await assertNotLocked(trx, { type: "change", oldDate: r.bill_date });
      const text = u.rejectionReason?.trim() || reasonLabel;
      await guardedUpdate(trx, r, { status: "Void", void_reason_id: u.rejectionId ?? null, void_reason: text }, at);
      const entry = await appendEntry(trx, { accountId: requireAccount(r), date: r.bill_date, kind: "reversal", amount: -r.gross_amount, currency: r.currency, billId: r.id, notes: "void", actorUserId: actor.user.id, at });
      await audit(trx, actor, r, "void", old, { status: "Void", voidReasonId: u.rejectionId ?? null, voidReason: text, entryId: entry.id }, at);
      return { skippable: [], status: "Void" };
    }
  }
}

/** The multi-bill rule (§5) over the bills a paying update names together. */
async function checkTogether(db: DB, updates: BillStatusUpdate[]): Promise<string | null> {
  const paying = updates.filter((u) => u.status === "Paid" || u.status === "PaidPendingAudit");
  if (paying.length < 2 && !updates.some((u) => u.multipleBills)) return null;
  const records = await billRecords(db, paying.map((u) => u.id));
  const selection: PayableBill[] = records.map((r) => ({
    id: r.id,
    amount: { amount: r.gross_amount, currency: r.currency },
    fromAccountCurrency: r.from_currency ?? r.currency,
    toAccountCurrency: r.to_currency ?? r.currency,
    invoiceCurrency: r.currency,
    onHold: r.hold_reason !== null,
  }));
  if (selection.length === 0) return null;
  return checkMultiBillPayment(selection);
}

/** An item of a multi-bill payment (§3 `multipleBills`): a payment made together with the request's other such items. */
function isJointPayment(u: BillStatusUpdate): boolean {
  return (u.status === "Paid" || u.status === "PaidPendingAudit") && u.multipleBills === true;
}

/** Stops a multi-bill payment's transaction at the bill that refused (its message, or its skippable warnings). */
class JointStop extends Error {
  constructor(
    readonly billId: number,
    readonly reason: string | null,
    readonly skippable: string[],
  ) {
    super("joint payment refused");
  }
}

/**
 * A multi-bill payment is one transaction (issue 23 item 2): every bill is paid or none. The bills are
 * locked in ascending id first (core.ts lock order); the first refusal rolls everything back and every
 * item's answer names the bill that refused (that bill keeps its own skippable warnings, so the screen
 * can offer to ignore them). With a key, the payment's key is `<key>#together`.
 */
async function payTogether(db: DB, actor: FinanceActor, items: BillStatusUpdate[], key: string | null | undefined): Promise<BillStatusResult[]> {
  const at = new Date().toISOString();
  try {
    const outs = await financeWrite(db, actor, { scope: "billmanagement/update-bill-status", key: key ? `${key}#together` : null, payload: items }, async (trx) => {
      for (const id of [...new Set(items.map((u) => u.id))].sort((a, b) => a - b)) await lockRow(trx, "bills", id);
      const done: { skippable: string[]; status: string }[] = [];
      for (const u of items) {
        try {
          const r = await applyStatusUpdate(trx, actor, u, at);
          if (r.skippable.length > 0 && !u.ignoreErrors) throw new JointStop(u.id, null, r.skippable);
          done.push(r);
        } catch (e) {
          if (e instanceof AppError && e.code !== "FORBIDDEN" && e.code !== "UNAUTHORIZED") throw new JointStop(u.id, e.message, []);
          throw e;
        }
      }
      return done;
    });
    return items.map((u, k) => ({ id: u.id, success: true, errorMessage: null, skippableErrors: outs[k]!.skippable, status: outs[k]!.status }));
  } catch (e) {
    if (e instanceof JointStop) {
      const errorMessage = fill(FM.multiBillRefused, { id: String(e.billId), reason: e.reason ?? e.skippable.join("; ") });
      return items.map((u) =>
        u.id === e.billId && e.reason === null
          ? { id: u.id, success: false, errorMessage: null, skippableErrors: e.skippable, status: null }
          : { id: u.id, success: false, errorMessage, skippableErrors: [], status: null },
      );
    }
    if (e instanceof AppError && e.code !== "FORBIDDEN" && e.code !== "UNAUTHORIZED") return items.map((u) => ({ id: u.id, success: false, errorMessage: e.message, skippableErrors: [], status: null }));
    throw e;
  }
}

/**
 * billmanagement/update-bill-status: a single-bill item is its own guarded write (one transaction; with a
 * key, `<key>#<index>`), answered {success, errorMessage, skippableErrors}. Bills paid together must pass
 * the multi-bill rule first, or none is paid; the items of a multi-bill payment (`multipleBills`) are
 * then paid in one transaction (`payTogether`): all or none.
 */
export async function updateBillStatus(db: DB, actor: FinanceActor, items: BillStatusUpdate[], key?: string | null): Promise<BillStatusResult[]> {
  requireFinance(actor.user);
  const together = await checkTogether(db, items);
  if (together) return items.map((u) => ({ id: u.id, success: false, errorMessage: together, skippableErrors: [], status: null }));
  const joint = items.filter(isJointPayment);
  const jointResults = joint.length > 0 ? await payTogether(db, actor, joint, key) : [];
  const results: BillStatusResult[] = [];
  for (const [i, u] of items.entries()) {
    if (isJointPayment(u)) {
      results.push(jointResults[joint.indexOf(u)]!);
      continue;
    }
    try {
      const at = new Date().toISOString();
      const out = await financeWrite(db, actor, { scope: "billmanagement/update-bill-status", key: key ? `${key}#${i}` : null, payload: u }, async (trx) => {
        const r = await applyStatusUpdate(trx, actor, u, at);
        if (r.skippable.length > 0 && !u.ignoreErrors) throw new SkippableStop(r.skippable);
        return r;
      });
      results.push({ id: u.id, success: true, errorMessage: null, skippableErrors: out.skippable, status: out.status });
    } catch (e) {
      if (e instanceof SkippableStop) results.push({ id: u.id, success: false, errorMessage: null, skippableErrors: e.skippable, status: null });
      else if (e instanceof AppError && e.code !== "FORBIDDEN" && e.code !== "UNAUTHORIZED") results.push({ id: u.id, success: false, errorMessage: e.message, skippableErrors: [], status: null });
      else throw e;
    }
  }
  return results;
}

/** Rolls the item's transaction back when it found warnings the caller did not choose to ignore. */
class SkippableStop extends Error {
  constructor(readonly skippable: string[]) {
    super("skippable");
  }
}


/**
 * billmanagement/mark-employee-rfp-as-paid: an employee's request for payment paid by hand: a
 * PaidPendingAudit payment (§5 payment rules) on an employee bill (not a vendor booking). Any refusal
 * other than a rule's own text answers "Unable to mark employee RFP as paid".
 */
export async function markEmployeeRfpAsPaid(db: DB, actor: FinanceActor, input: { id: number; paymentAmount?: string; currency?: string; paymentDate?: string; reference?: string | null }, key?: string | null) {
  requireFinance(actor.user);
  const bill = await db.selectFrom("bills").select(["bill_type", "currency", "gross_amount"]).where("id", "=", input.id).executeTakeFirst();
  if (!bill) throw new AppError("NOT_FOUND", FM.billNotFound);
  if (bill.bill_type === "VendorBooking") throw new AppError("CONFLICT", FM.markRfpPaidError);
  const today = todayUtc();
  const [item] = await updateBillStatus(
    db,
    actor,
    [
      {
        id: input.id,
        status: "PaidPendingAudit",
        // The bill's amount in major units with its currency's ISO 4217 digits (KRW 0, BHD 3: issue 23 item 6).
        paymentAmount: input.paymentAmount ?? toMajorString({ amount: bill.gross_amount, currency: bill.currency }),
        currency: input.currency ?? bill.currency,
        paymentDate: input.paymentDate ?? today,
        reference: input.reference ?? undefined,
        ignoreErrors: true,
      },
    ],
    key,
  );
  if (!item!.success) throw new AppError("CONFLICT", item!.errorMessage ?? FM.markRfpPaidError);
  return { success: true as const, bill: await rowById(db, input.id) };
}

/**
 * billmanagement/calculatemultiple: whether the selected bills can be paid together (§5) and the
 * Paid popup's totals; with both totals given, the same-currency-different-total rule.
 */
export async function calculateMultiple(
  db: DB,
  user: SessionUser,
  input: { totalAmountFrom?: string; totalAmountTo?: string; amountToCurrency?: string; amountFromCurrency?: string; bills: number[] },
) {
  requireFinance(user);
  const ids = distinctBills(input.bills.map((id) => ({ id }))).map((b) => b.id);
  const records = await billRecords(db, ids);
  if (records.length !== ids.length) throw new AppError("NOT_FOUND", FM.billNotFound);
  const selection: PayableBill[] = records.map((r) => ({
    id: r.id,
    amount: { amount: r.gross_amount, currency: r.currency },
    fromAccountCurrency: r.from_currency ?? r.currency,
    toAccountCurrency: r.to_currency ?? r.currency,
    invoiceCurrency: r.currency,
    onHold: r.hold_reason !== null,
  }));
  const totalsFrom = totalsByCurrency(selection.map((b) => b.amount));
  let errorMessage = checkMultiBillPayment(selection);
  const read = (text: string | undefined, currency: string | undefined): Money | null => {
    if (text === undefined || currency === undefined || !isCurrencyCode(currency)) return null;
    const r = readAmount(text, currency);
    if ("error" in r) throw new AppError("VALIDATION", r.error, { totalAmountFrom: r.error });
    return r.money;
  };
  const totalFrom = read(input.totalAmountFrom, input.amountFromCurrency) ?? (totalsFrom.length === 1 ? totalsFrom[0]! : null);
  const totalTo = read(input.totalAmountTo, input.amountToCurrency);
  if (!errorMessage && totalFrom && totalTo) errorMessage = checkPaidPopup(totalFrom, totalTo);
  return { success: errorMessage === null, errorMessage, billCount: selection.length, totalsFrom, totalFrom, totalTo };
}

/**
 * Pays one bill inside the caller's transaction exactly as a manual payment does (the same status update:
 * guarded update, payment row, ledger entry, audit row): the payment-file reconciliation (issue 24 §5,
 * payment-batches.ts `markBatchPaid`) pays every bill of a batch this way in one transaction. Refuses
 * (AppError) what a manual payment would refuse; the past-due and amount warnings do not stop a payment the bank made.
 */
export async function payBillInTransaction(trx: Tx, actor: FinanceActor, input: { id: number; paymentDate: string; reference?: string }, at: string): Promise<void> {
  await applyStatusUpdate(trx, actor, { id: input.id, status: "Paid", paymentDate: input.paymentDate, reference: input.reference, ignoreErrors: true }, at);
}
