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
 */
import type { Transaction } from "kysely";
import type { DB } from "../../db/index.ts";
import { lockRow } from "../../db/locks.ts";
import { billRecord, billRecords, latestPayments, listBillRecords, type BillRecord } from "../../db/queries/finance/bills.ts";
import type { Database } from "../../db/schema.ts";
import { AppError } from "../../domain/errors.ts";
import { checkAuditPayment, readAmount } from "../../domain/finance/amounts.ts";
import { actionsEnabled, nextState, type Bill, type BillAction, type BillStatus, type BillType, type HoldReason } from "../../domain/finance/bill-state.ts";
import { financeMessages as FM, fill } from "../../domain/finance/messages.ts";
import { checkMultiBillPayment, checkPaidPopup, distinctBills, totalsByCurrency, type PayableBill } from "../../domain/finance/payments.ts";
import { billMessages as BM, type BillListRequest, type BillRow, type BillStatusResult, type BillStatusUpdate } from "../../domain/finance/schemas-bills.ts";
import { submittedStatus } from "../../domain/employee/expenses/rules.ts";
import { isCurrencyCode, toMajorString, type Money } from "../../domain/money/money.ts";
import type { SessionUser } from "../identity/auth.ts";
import { appendEntry, assertNotLocked, auditFinance, financeWrite, requireFinance, todayUtc, type FinanceActor } from "./core.ts";
import { notifyBillPaid } from "../identity/notifications/events.ts";

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

async function rowById(db: DB | Tx, id: number): Promise<BillRow | null> {
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
async function lockBill(trx: Tx, id: number): Promise<Locked> {
  if (!(await lockRow(trx, "bills", id))) throw new AppError("NOT_FOUND", FM.billNotFound);
  const r = await billRecord(trx, id);
  if (!r) throw new AppError("NOT_FOUND", FM.billNotFound);
  return { r, bill: stateOf(r) };
}

/** The transition or its refusal (CONFLICT; VALIDATION with the field when an input is missing). */
function transition(bill: Bill, action: BillAction): Bill | null {
  const t = nextState(bill, action);
  if (!t.ok) {
    if (t.field) throw new AppError("VALIDATION", t.message, { [t.field]: t.message });
    throw new AppError("CONFLICT", t.message);
  }
  return t.removed ? null : t.bill;
}

/** The one conditional update of a bill: on its id, the status and version read, bumping the version. */
async function guardedUpdate(trx: Tx, r: BillRecord, set: Partial<Record<string, unknown>>, at: string): Promise<void> {
  const result = await trx
    .updateTable("bills")
    .set({ ...set, version: r.version + 1, updated_at: at } as never)
    .where("id", "=", r.id)
    .where("status", "=", r.status)
    .where("version", "=", r.version)
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) !== 1) throw new AppError("CONFLICT", BM.statusChanged);
}

function checkVersion(r: BillRecord, version: number | undefined) {
  if (version !== undefined && version !== r.version) throw new AppError("CONFLICT", BM.statusChanged);
}

function snapshot(r: BillRecord) {
  return { status: r.status, audited: r.audited === 1, holdReason: r.hold_reason, version: r.version, dueDate: r.due_date, toAccountId: r.to_account_id };
}

async function audit(trx: Tx, actor: FinanceActor, r: BillRecord, action: string, oldValues: unknown, newValues: unknown, at: string) {
  await auditFinance(trx, actor, { entity: "bill", entityId: r.id, action, groupId: r.group_id, oldValues, newValues, at });
}

function requireAccount(r: BillRecord): number {
  if (r.to_account_id === null) throw new AppError("CONFLICT", BM.accountNotFound);
  return r.to_account_id;
}

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

// ---------------------------------------------------------------- single-bill writes

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
 * payment-files.ts `markBatchPaid`) pays every bill of a batch this way in one transaction. Refuses
 * (AppError) what a manual payment would refuse; the past-due and amount warnings do not stop a payment the bank made.
 */
export async function payBillInTransaction(trx: Tx, actor: FinanceActor, input: { id: number; paymentDate: string; reference?: string }, at: string): Promise<void> {
  await applyStatusUpdate(trx, actor, { id: input.id, status: "Paid", paymentDate: input.paymentDate, reference: input.reference, ignoreErrors: true }, at);
}
