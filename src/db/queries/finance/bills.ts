/**
 * Bill Management reads (issue 16; part 2 §2 Bill Management table, §4 Bill). Read-only: the list
 * page with its filter, search, sort and page, the totals per currency of the whole filtered set, and
 * one bill's row (the answer of a write).
 */
import { sql, type SelectQueryBuilder } from "kysely";
import type { DB } from "../../index.ts";
import type { Database } from "../../schema.ts";
import { containsIgnoreCase } from "../like.ts";
import type { BillListRequest } from "../../../domain/finance/schemas-bills.ts";
import type { Trx } from "../../../services/finance/core.ts";

export type BillRecord = {
  id: number;
  bill_type: Database["bills"]["bill_type"];
  status: "Open" | "PaymentPending" | "Paid" | "PaidPendingAudit" | "Void";
  audited: number;
  hold_reason: string | null;
  group_id: number;
  group_name: string;
  group_display_name: string;
  employee_user_id: number | null;
  employee_first: string | null;
  employee_last: string | null;
  vendor_name: string | null;
  currency: string;
  gross_amount: number;
  net_amount: number;
  tax_amount: number;
  is_credit: number;
  reference: string;
  bill_date: string;
  due_date: string | null;
  from_account_id: number | null;
  from_name: string | null;
  from_currency: string | null;
  to_account_id: number | null;
  to_name: string | null;
  to_currency: string | null;
  version: number;
  export_batch_id: number | null;
  export_message_id: string | null;
};

function base(db: Trx) {
  return db
    .selectFrom("bills as b")
    .innerJoin("groups as g", "g.id", "b.group_id")
    .leftJoin("users as u", "u.id", "b.employee_user_id")
    .leftJoin("finance_accounts as fa", "fa.id", "b.from_account_id")
    .leftJoin("finance_accounts as ta", "ta.id", "b.to_account_id")
    // The bill's active export batch (a cancelled batch's rows stay, with active = 0).
    .leftJoin("finance_payment_batch_bills as xb", (j) => j.onRef("xb.bill_id", "=", "b.id").on("xb.active", "=", 1))
    .leftJoin("finance_payment_batches as xf", "xf.id", "xb.batch_id");
}

type Base = ReturnType<typeof base> extends SelectQueryBuilder<infer D, infer T, any> ? SelectQueryBuilder<D, T, {}> : never;

function selectRow<Q extends Base>(q: Q) {
  return q.select([
    "b.id",
    "b.bill_type",
    "b.status",
    "b.audited",
    "b.hold_reason",
    "b.group_id",
    "g.name as group_name",
    "g.display_name as group_display_name",
    "b.employee_user_id",
    "u.first_name as employee_first",
    "u.last_name as employee_last",
    "b.vendor_name",
    "b.currency",
    "b.gross_amount",
    "b.net_amount",
    "b.tax_amount",
    "b.is_credit",
    "b.reference",
    "b.bill_date",
    "b.due_date",
    "b.from_account_id",
    "fa.name as from_name",
    "fa.currency as from_currency",
    "b.to_account_id",
    "ta.name as to_name",
    "ta.currency as to_currency",
    "b.version",
    "xb.batch_id as export_batch_id",
    "xf.message_id as export_message_id",
  ]);
}

function filtered(db: Trx, f: BillListRequest) {
  let q = base(db) as unknown as Base;
  if (f.status === "Audited") q = q.where("b.status", "=", "PaidPendingAudit").where("b.audited", "=", 1);
  else if (f.status === "PaidPendingAudit") q = q.where("b.status", "=", "PaidPendingAudit").where("b.audited", "=", 0);
  else q = q.where("b.status", "=", f.status);
  if (f.billType) q = q.where("b.bill_type", "=", f.billType);
  const search = f.search.trim();
  if (search !== "") {
    const asId = /^\d{1,9}$/.test(search) ? Number(search) : null;
    q = q.where((eb) =>
      eb.or([
        ...(asId !== null ? [eb("b.id", "=", asId)] : []),
        containsIgnoreCase(eb.ref("b.vendor_name"), search),
        containsIgnoreCase(eb.ref("b.reference"), search),
        containsIgnoreCase(eb.ref("u.first_name"), search),
        containsIgnoreCase(eb.ref("u.last_name"), search),
        containsIgnoreCase(eb.ref("g.name"), search),
      ]),
    );
  }
  return q;
}

const SORT_COLUMN = {
  id: "b.id",
  billDate: "b.bill_date",
  dueDate: "b.due_date",
  amount: "b.gross_amount",
  status: "b.status",
  vendorName: "b.vendor_name",
} as const;

/** One page of bills (ties broken by id) and the filtered count. */
export async function listBillRecords(db: DB, f: BillListRequest): Promise<{ rows: BillRecord[]; total: number; totals: { currency: string; amount: number }[] }> {
  const column = SORT_COLUMN[f.sort];
  const rows = await selectRow(filtered(db, f))
    .orderBy(column, f.dir)
    .orderBy("b.id", f.dir)
    .limit(f.pageSize)
    .offset((f.page - 1) * f.pageSize)
    .execute();
  const totals = await filtered(db, f)
    .select(["b.currency", sql<number>`sum(b.gross_amount)`.as("amount"), sql<number>`count(*)`.as("n")])
    .groupBy("b.currency")
    .orderBy("b.currency")
    .execute();
  const total = totals.reduce((n, t) => n + Number(t.n), 0);
  return { rows: rows as BillRecord[], total, totals: totals.map((t) => ({ currency: t.currency, amount: Number(t.amount) })) };
}

/** One bill's row, or undefined. */
export async function billRecord(db: Trx, id: number): Promise<BillRecord | undefined> {
  return (await selectRow(base(db) as unknown as Base).where("b.id", "=", id).executeTakeFirst()) as BillRecord | undefined;
}

/** Bills by id (any order). */
export async function billRecords(db: Trx, ids: readonly number[]): Promise<BillRecord[]> {
  if (ids.length === 0) return [];
  return (await selectRow(base(db) as unknown as Base).where("b.id", "in", [...ids]).execute()) as BillRecord[];
}

/** The latest payment of each bill. */
export async function latestPayments(db: Trx, billIds: readonly number[]) {
  if (billIds.length === 0) return new Map<number, { id: number; amount: number; currency: string; payment_date: string; recipient_amount: number | null; recipient_currency: string | null }>();
  const rows = await db
    .selectFrom("payments")
    .select(["id", "bill_id", "amount", "currency", "payment_date", "recipient_amount", "recipient_currency"])
    .where("bill_id", "in", [...billIds])
    .orderBy("id")
    .execute();
  const map = new Map<number, { id: number; amount: number; currency: string; payment_date: string; recipient_amount: number | null; recipient_currency: string | null }>();
  for (const r of rows) if (r.bill_id !== null) map.set(r.bill_id, r);
  return map;
}
