/**
 * The Bill Approval list (issue 16; part 2 §2 "Bill Approval: approval table, search form with sort,
 * pagination, type filter"): the pending approval items of both sources — expenses (their own table)
 * and finance_items (booking costs, lump sums, ad-hoc cash spends) — as one UNION ALL, filtered,
 * sorted and paged in the database. Read-only.
 */
import { sql, type SelectQueryBuilder } from "kysely";
import type { DB } from "../../index.ts";
import type { Database } from "../../schema.ts";

export type ApprovalListRow = {
  kind: string;
  id: number;
  group_id: number;
  group_name: string;
  move_id: number | null;
  employee_user_id: number | null;
  employee_name: string | null;
  vendor_name: string | null;
  service_key: string | null;
  move_stage: number | null;
  budget_group: number | null;
  description: string;
  currency: string;
  gross_amount: number;
  net_amount: number;
  tax_amount: number;
  status: string;
  hold_reason: string | null;
  has_receipt: number;
  internal_notes: string;
  adhoc_type: string | null;
  version: number;
  created_at: string;
};

const PENDING_EXPENSE = ["SUBMITTED", "SUBMITTED_WITHOUT_RECEIPT", "IN_PROCESS"];
const ITEM_KINDS = ["bookingCost", "lumpSum", "adhocCashSpend"] as const;

function pendingItems(db: DB) {
  const expenses = db
    .selectFrom("expenses as e")
    .innerJoin("groups as g", "g.id", "e.group_id")
    .innerJoin("users as u", "u.id", "e.employee_user_id")
    .select([
      sql<string>`'expense'`.as("kind"),
      "e.id as id",
      "e.group_id as group_id",
      "g.display_name as group_name",
      "e.move_id as move_id",
      "e.employee_user_id as employee_user_id",
      sql<string | null>`u.first_name || ' ' || u.last_name`.as("employee_name"),
      sql<string | null>`cast(null as text)`.as("vendor_name"),
      "e.service_key as service_key",
      "e.move_stage as move_stage",
      "e.budget_group as budget_group",
      sql<string>`case when e.description = '' then coalesce(e.category_other, e.category) else e.description end`.as("description"),
      "e.currency as currency",
      "e.gross_amount as gross_amount",
      "e.net_amount as net_amount",
      "e.tax_amount as tax_amount",
      "e.status as status",
      "e.hold_reason as hold_reason",
      sql<number>`case when e.receipt_file_id is null then 0 else 1 end`.as("has_receipt"),
      "e.internal_notes as internal_notes",
      sql<string | null>`cast(null as text)`.as("adhoc_type"),
      "e.version as version",
      "e.created_at as created_at",
    ])
    .where("e.status", "in", PENDING_EXPENSE);
  const items = db
    .selectFrom("finance_items as f")
    .innerJoin("groups as g", "g.id", "f.group_id")
    .leftJoin("users as u", "u.id", "f.employee_user_id")
    .select([
      "f.kind as kind",
      "f.id as id",
      "f.group_id as group_id",
      "g.display_name as group_name",
      "f.move_id as move_id",
      "f.employee_user_id as employee_user_id",
      sql<string | null>`u.first_name || ' ' || u.last_name`.as("employee_name"),
      "f.vendor_name as vendor_name",
      "f.service_key as service_key",
      "f.move_stage as move_stage",
      "f.budget_group as budget_group",
      "f.description as description",
      "f.currency as currency",
      "f.gross_amount as gross_amount",
      "f.net_amount as net_amount",
      "f.tax_amount as tax_amount",
      "f.status as status",
      "f.hold_reason as hold_reason",
      sql<number>`0`.as("has_receipt"),
      "f.internal_notes as internal_notes",
      "f.adhoc_type as adhoc_type",
      "f.version as version",
      "f.created_at as created_at",
    ])
    .where("f.status", "=", "SUBMITTED")
    .where("f.kind", "in", [...ITEM_KINDS]);
  return expenses.unionAll(items as never);
}

export type ApprovalListQuery = { search: string; type?: string; sort: "date" | "amount" | "type" | "group" | "employee"; dir: "asc" | "desc"; page: number; pageSize: number };

const SORT_COLUMN = { date: "created_at", amount: "gross_amount", type: "kind", group: "group_name", employee: "employee_name" } as const;

function filtered(db: DB, q: Pick<ApprovalListQuery, "search" | "type">) {
  let query = db.selectFrom(pendingItems(db).as("a")) as unknown as SelectQueryBuilder<Database & { a: ApprovalListRow }, "a", object>;
  if (q.type) query = query.where("a.kind", "=", q.type);
  const text = q.search.toLowerCase().replace(/[%_\\]/g, "").trim();
  if (text) {
    const like = `%${text}%`;
    query = query.where(
      sql<boolean>`lower(coalesce(a.employee_name, '') || ' ' || coalesce(a.vendor_name, '') || ' ' || a.group_name || ' ' || coalesce(a.service_key, '') || ' ' || a.description || ' ' || a.currency) like ${like}`,
    );
  }
  return query;
}

/** One page of pending approval items, the count of all that match, and their gross totals per currency. */
export async function approvalListPage(db: DB, q: ApprovalListQuery): Promise<{ rows: ApprovalListRow[]; total: number; totals: { currency: string; amount: number }[] }> {
  const column = SORT_COLUMN[q.sort];
  const [rows, count, totals] = await Promise.all([
    filtered(db, q)
      .selectAll("a")
      .orderBy(sql.ref(`a.${column}`), q.dir)
      .orderBy("a.kind", "asc")
      .orderBy("a.id", q.dir)
      .limit(q.pageSize)
      .offset((q.page - 1) * q.pageSize)
      .execute() as Promise<ApprovalListRow[]>,
    filtered(db, q).select(sql<number>`count(*)`.as("n")).executeTakeFirst() as Promise<{ n: number } | undefined>,
    filtered(db, q).select(["a.currency", sql<number>`sum(a.gross_amount)`.as("amount")]).groupBy("a.currency").orderBy("a.currency").execute() as Promise<{ currency: string; amount: number }[]>,
  ]);
  return { rows, total: Number(count?.n ?? 0), totals: totals.map((t) => ({ currency: t.currency, amount: Number(t.amount) })) };
}

/** An expense that may duplicate a pending one, with its receipt file (issue 24 §1). */
export type DuplicateCandidateRow = {
  id: number;
  employee_user_id: number;
  currency: string;
  gross_amount: number;
  expense_date: string;
  category: string;
  category_other: string | null;
  description: string;
  status: string;
  receipt_file_id: number | null;
  receipt_hash: string | null;
  receipt_name: string | null;
  receipt_type: string | null;
};

/**
 * The one query behind Bill Approval's duplicate flags and receipt previews (read only): the expenses
 * `expenseIds` themselves and every expense of the same employee with the same amount and date, or
 * whose receipt has the same SHA-256 as theirs, each with its receipt file. The rule itself is
 * src/domain/finance/duplicates.ts.
 */
export async function duplicateCandidates(db: DB, expenseIds: readonly number[]): Promise<DuplicateCandidateRow[]> {
  if (expenseIds.length === 0) return [];
  // Two index-friendly branches (employee, date, amount; receipt hash → files → expenses), one statement.
  const byDetails = db
    .selectFrom("expenses as p")
    .innerJoin("expenses as o", (join) =>
      join.onRef("o.employee_user_id", "=", "p.employee_user_id").onRef("o.expense_date", "=", "p.expense_date").onRef("o.gross_amount", "=", "p.gross_amount").onRef("o.currency", "=", "p.currency"),
    )
    .select("o.id as id")
    .where("p.id", "in", [...expenseIds]);
  const byReceipt = db
    .selectFrom("expenses as p")
    .innerJoin("employee_files as pf", "pf.id", "p.receipt_file_id")
    .innerJoin("employee_files as h", "h.hash", "pf.hash")
    .innerJoin("expenses as o", "o.receipt_file_id", "h.id")
    .select("o.id as id")
    .where("p.id", "in", [...expenseIds]);
  const rows = await db
    .selectFrom("expenses as o")
    .leftJoin("employee_files as f", "f.id", "o.receipt_file_id")
    .select([
      "o.id as id",
      "o.employee_user_id as employee_user_id",
      "o.currency as currency",
      "o.gross_amount as gross_amount",
      "o.expense_date as expense_date",
      "o.category as category",
      "o.category_other as category_other",
      sql<string>`case when o.description = '' then coalesce(o.category_other, o.category) else o.description end`.as("description"),
      "o.status as status",
      "o.receipt_file_id as receipt_file_id",
      "f.hash as receipt_hash",
      "f.original_name as receipt_name",
      "f.content_type as receipt_type",
    ])
    .where("o.id", "in", byDetails.union(byReceipt))
    .orderBy("o.id")
    .limit(5000)
    .execute();
  return rows.map((r) => ({ ...r, gross_amount: Number(r.gross_amount) }));
}
