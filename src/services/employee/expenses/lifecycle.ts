/**
 * Reads what `deriveLifecycle` (src/domain/employee/expenses/lifecycle.ts) needs, at query time, for a page of
 * approval items (expenses and finance items): their bill(s) (a recurring ad-hoc cash spend's through
 * its instalments), the bills' payments, and the dates the rows do not keep (an expense's decision and a
 * bill's "payment pending", from the audit log the decisions write), and a bank's return of a bill from a
 * payment batch (finance_payment_batch_bills) as a returned payment with the bank's reason. Nothing is copied onto the item,
 * so whatever pays a bill (Bill Management, a payment batch marked paid, an RFP marked paid) shows on
 * the employee's, HR's and finance's screens at once. Six queries per page, whatever its length.
 */
import type { DB } from "../../../db/index.ts";
import { deriveLifecycle, type Lifecycle, type LifecycleBill, type LifecycleItem, type LifecycleItemKind } from "../../../domain/employee/expenses/lifecycle.ts";

export type LifecycleSource = LifecycleItem & { id: number };

/** The key of an item in the answered map. */
export const lifecycleKey = (kind: LifecycleItemKind, id: number) => `${kind}:${id}`;

const FINANCE_KINDS = ["bookingCost", "lumpSum", "adhocCashSpend"] as const;
/** The audit actions that record finance's decision on an expense (approval.ts, approval-bills.ts). */
const EXPENSE_DECISIONS = ["finance.approve", "finance.autoApprove", "finance.reject"];
const CHUNK = 500;

function chunks<T>(values: T[]): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < values.length; i += CHUNK) out.push(values.slice(i, i + CHUNK));
  return out;
}

export type BillWithOwner = LifecycleBill & { id: number; ownerKey: string; reference: string; billType: string; currency: string; gross: number; dueDate: string | null };

/** The bills of the items (void ones too) with their payments and payment-pending dates, each with its item's key. */
export async function billsOfItems(db: DB, items: { kind: LifecycleItemKind; id: number }[]): Promise<BillWithOwner[]> {
  const expenseIds = [...new Set(items.filter((i) => i.kind === "expense").map((i) => i.id))];
  const financeIds = [...new Set(items.filter((i) => i.kind !== "expense").map((i) => i.id))];
  const kindOfFinance = new Map(items.filter((i) => i.kind !== "expense").map((i) => [i.id, i.kind]));
  type Row = { id: number; source_kind: string; source_id: number; item_id: number | null; status: LifecycleBill["status"]; audited: number; created_at: string; audited_at: string | null; void_reason: string | null; reference: string; bill_type: string; currency: string; gross_amount: number; due_date: string | null };
  const rows: Row[] = [];
  const columns = ["b.id", "b.source_kind", "b.source_id", "b.status", "b.audited", "b.created_at", "b.audited_at", "b.void_reason", "b.reference", "b.bill_type", "b.currency", "b.gross_amount", "b.due_date"] as const;
  for (const ids of chunks(expenseIds)) {
    const found = await db.selectFrom("bills as b").select(columns).where("b.source_kind", "=", "expense").where("b.source_id", "in", ids).execute();
    rows.push(...found.map((r) => ({ ...r, item_id: r.source_id })));
  }
  for (const ids of chunks(financeIds)) {
    const direct = await db.selectFrom("bills as b").select(columns).where("b.source_kind", "in", [...FINANCE_KINDS]).where("b.source_id", "in", ids).execute();
    rows.push(...direct.map((r) => ({ ...r, item_id: r.source_id })));
    const instalments = await db
      .selectFrom("bills as b")
      .innerJoin("finance_recurring_payments as rp", "rp.id", "b.source_id")
      .select([...columns, "rp.item_id"])
      .where("b.source_kind", "=", "recurringPayment")
      .where("rp.item_id", "in", ids)
      .execute();
    rows.push(...instalments);
  }
  const billIds = rows.map((r) => r.id);
  const payments = new Map<number, LifecycleBill["payments"]>();
  const pendingAt = new Map<number, string>();
  for (const ids of chunks(billIds)) {
    const [ps, audits, returns] = await Promise.all([
      db
        .selectFrom("payments")
        .select(["bill_id", "status", "payment_date", "amount", "currency", "recipient_amount", "recipient_currency", "rejection_reason", "created_at"])
        .where("bill_id", "in", ids)
        .orderBy("id")
        .execute(),
      db
        .selectFrom("audit_log")
        .select(["entity_id", (eb) => eb.fn.max("at").as("at")])
        .where("entity", "=", "bill")
        .where("entity_id", "in", ids.map(String))
        .where("action", "=", "markPaymentPending")
        .groupBy("entity_id")
        .execute(),
      // A bill the bank returned from a payment batch (payment-batches.ts returnBatchBill): its reason.
      db.selectFrom("finance_payment_batch_bills").select(["bill_id", "returned_at", "return_reason"]).where("bill_id", "in", ids).where("returned_at", "is not", null).execute(),
    ]);
    for (const r of returns) {
      const list = payments.get(r.bill_id) ?? [];
      list.push({ status: "RETURNED", paymentDate: r.returned_at!.slice(0, 10), amount: 0, currency: "", recipientAmount: null, recipientCurrency: null, returnReason: r.return_reason, createdAt: r.returned_at! });
      payments.set(r.bill_id, list);
    }
    for (const p of ps) {
      const list = payments.get(p.bill_id!) ?? [];
      list.push({
        status: p.status,
        paymentDate: p.payment_date,
        amount: Number(p.amount),
        currency: p.currency,
        recipientAmount: p.recipient_amount === null ? null : Number(p.recipient_amount),
        recipientCurrency: p.recipient_currency,
        returnReason: p.rejection_reason,
        createdAt: p.created_at,
      });
      payments.set(p.bill_id!, list);
    }
    for (const a of audits) if (a.entity_id !== null && a.at) pendingAt.set(Number(a.entity_id), String(a.at));
  }
  return rows
    .filter((r) => r.source_kind === "expense" || kindOfFinance.has(r.item_id!))
    .map((r) => ({
      id: r.id,
      ownerKey: lifecycleKey(r.source_kind === "expense" ? "expense" : kindOfFinance.get(r.item_id!)!, r.item_id!),
      reference: r.reference,
      billType: r.bill_type,
      currency: r.currency,
      gross: Number(r.gross_amount),
      dueDate: r.due_date,
      status: r.status,
      audited: Number(r.audited) === 1,
      createdAt: r.created_at,
      paymentPendingAt: pendingAt.get(r.id) ?? null,
      auditedAt: r.audited_at,
      voidReason: r.void_reason,
      payments: payments.get(r.id) ?? [],
    }));
}

/** The latest decision date of each expense (approve, auto-approve, reject), from the audit log. */
async function expenseDecisionDates(db: DB, expenseIds: number[]): Promise<Map<number, string>> {
  const out = new Map<number, string>();
  for (const ids of chunks(expenseIds)) {
    const rows = await db
      .selectFrom("audit_log")
      .select(["entity_id", (eb) => eb.fn.max("at").as("at")])
      .where("entity", "=", "expense")
      .where("entity_id", "in", ids.map(String))
      .where("action", "in", EXPENSE_DECISIONS)
      .groupBy("entity_id")
      .execute();
    for (const r of rows) if (r.entity_id !== null && r.at) out.set(Number(r.entity_id), String(r.at));
  }
  return out;
}

/** The derived lifecycle of each item, keyed by `lifecycleKey(kind, id)`. */
export async function loadLifecycles(db: DB, items: LifecycleSource[]): Promise<Map<string, Lifecycle>> {
  const out = new Map<string, Lifecycle>();
  if (items.length === 0) return out;
  const undated = items.filter((i) => i.kind === "expense" && i.decidedAt === null).map((i) => i.id);
  const [bills, decided] = await Promise.all([billsOfItems(db, items), expenseDecisionDates(db, undated)]);
  const byOwner = new Map<string, LifecycleBill[]>();
  for (const b of bills) {
    const list = byOwner.get(b.ownerKey) ?? [];
    list.push(b);
    byOwner.set(b.ownerKey, list);
  }
  for (const i of items) {
    const key = lifecycleKey(i.kind, i.id);
    const decidedAt = i.decidedAt ?? (i.kind === "expense" ? (decided.get(i.id) ?? null) : null);
    out.set(key, deriveLifecycle({ ...i, decidedAt }, byOwner.get(key) ?? []));
  }
  return out;
}

/** The source of an expense row (the columns every expense query has). */
export function expenseSource(r: { id: number; status: string; created_at: string; rejection_reason: string | null; hold_reason: string | null }): LifecycleSource {
  return { kind: "expense", id: r.id, status: r.status, submittedAt: r.created_at, decidedAt: null, rejectionReason: r.rejection_reason, changeReason: null, holdReason: r.hold_reason };
}

/** Expense rows with their derived lifecycle beside them (one batch of queries for all the rows). */
export async function withLifecycles<R extends { id: number; status: string; created_at: string; rejection_reason: string | null; hold_reason: string | null }>(db: DB, rows: R[]): Promise<(R & { lifecycle: Lifecycle })[]> {
  const lifecycles = await loadLifecycles(db, rows.map(expenseSource));
  return rows.map((r) => ({ ...r, lifecycle: lifecycles.get(lifecycleKey("expense", r.id))! }));
}
