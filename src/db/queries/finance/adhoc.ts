/**
 * Reads of the finance area's ad-hoc part (issue 16): ad-hoc charges and external spends
 * (finance_items of kind adhocCashSpend | externalSpend) with their recurring schedules, the moves a
 * charge can name, the finance companies, and the employees' expenses for finance's management view.
 * Plain Kysely, no rules: callers pass the scope (group, restriction scope) they already checked.
 */
import { sql, type ExpressionBuilder } from "kysely";
import type { DB } from "../../index.ts";
import type { Trx } from "../../../services/finance/core.ts";
import { containsIgnoreCase } from "../like.ts";
import { restrictMoves, type RestrictionScope } from "../restrictions.ts";

/** Moves that can carry charges: initiated and not cancelled. */
export const CHARGEABLE_MOVE_STATUSES = ["open", "on_assignment", "completed"] as const;

export function findChargeableMoves(db: DB, a: { groupId: number; search?: string; scope: RestrictionScope; limit: number }) {
  let q = db
    .selectFrom("moves as m")
    .innerJoin("users as u", "u.id", "m.employee_user_id")
    .select(["m.id as moveId", "u.id as employeeId", "u.first_name", "u.last_name", "u.email", "m.status", "m.destination_city_name", "m.destination_country_code"])
    .where("m.group_id", "=", a.groupId)
    .where("m.status", "in", [...CHARGEABLE_MOVE_STATUSES]);
  const search = a.search?.trim();
  if (search) {
    q = q.where((eb) =>
      eb.or([
        containsIgnoreCase(eb.ref("u.first_name"), search),
        containsIgnoreCase(eb.ref("u.last_name"), search),
        containsIgnoreCase(eb.ref("u.email"), search),
        containsIgnoreCase(sql<string>`${eb.ref("u.first_name")} || ' ' || ${eb.ref("u.last_name")}`, search),
      ]),
    );
  }
  return restrictMoves(q, a.scope, "m").orderBy("u.last_name").orderBy("u.first_name").orderBy("m.id", "desc").limit(a.limit).execute();
}

/** One chargeable move of the group (within the caller's restriction scope), or undefined. */
export function findChargeableMove(db: Trx, a: { groupId: number; moveId: number; scope: RestrictionScope }) {
  const q = db
    .selectFrom("moves as m")
    .innerJoin("users as u", "u.id", "m.employee_user_id")
    .select(["m.id", "m.group_id", "m.employee_user_id", "m.policy_version_id", "u.first_name", "u.last_name"])
    .where("m.id", "=", a.moveId)
    .where("m.group_id", "=", a.groupId)
    .where("m.status", "in", [...CHARGEABLE_MOVE_STATUSES]);
  return restrictMoves(q, a.scope, "m").executeTakeFirst();
}

/** The services (per stage, with their budget group) and the budget groups of a policy version. */
export async function findMoveServiceOptions(db: Trx, policyVersionId: number) {
  const [services, groups] = await Promise.all([
    db
      .selectFrom("policy_services as s")
      .leftJoin("services as c", "c.key", "s.service_key")
      .select(["s.move_stage", "s.service_key", "s.budget_group", "s.title", "c.name as catalogue_name"])
      .where("s.policy_version_id", "=", policyVersionId)
      .where("s.service_policy_type", "<>", 5)
      .orderBy("s.move_stage")
      .orderBy("s.id")
      .execute(),
    db.selectFrom("budget_groups").select(["move_stage", "group_number"]).where("policy_version_id", "=", policyVersionId).where("group_number", "<>", 99).orderBy("move_stage").orderBy("group_number").execute(),
  ]);
  return { services, groups };
}

/** Visible spend categories of level 3 (what a charge line is booked against). */
export function findSpendCategories(db: Trx) {
  return db.selectFrom("spend_categories").select(["id", "description", "is_budget_cash_out"]).where("level", "=", 3).where("hidden", "=", 0).orderBy("description").orderBy("id").execute();
}

export function findCompanies(db: Trx, category?: string) {
  let q = db.selectFrom("finance_companies").select(["id", "company_name", "category"]);
  if (category) q = q.where("category", "=", category);
  return q.orderBy("company_name").orderBy("id").limit(500).execute();
}

export function findCompany(db: Trx, id: number) {
  return db.selectFrom("finance_companies").select(["id", "company_name", "category"]).where("id", "=", id).executeTakeFirst();
}

function selectItems(db: Trx) {
  return db
    .selectFrom("finance_items as i")
    .innerJoin("groups as g", "g.id", "i.group_id")
    .leftJoin("users as u", "u.id", "i.employee_user_id")
    .leftJoin("finance_companies as c", "c.id", "i.company_id")
    .select([
      "i.id", "i.kind", "i.group_id", "g.name as group_name", "g.display_name as group_display_name", "i.move_id", "i.employee_user_id",
      "u.first_name", "u.last_name", "i.adhoc_type", "i.company_id", "c.company_name", "i.vendor_name", "i.description", "i.currency",
      "i.gross_amount", "i.net_amount", "i.tax_amount", "i.invoice_date", "i.move_stage", "i.service_key", "i.budget_group",
      "i.spend_category_id", "i.internal_ref", "i.external_ref", "i.notes", "i.status", "i.created_at", "i.created_by",
    ])
    .where("i.kind", "in", ["adhocCashSpend", "externalSpend"]);
}
export type AdhocItemRow = Awaited<ReturnType<ReturnType<typeof selectItems>["executeTakeFirstOrThrow"]>>;

export function findAdhocItem(db: Trx, id: number) {
  return selectItems(db).where("i.id", "=", id).executeTakeFirst();
}

export function findAdhocItems(db: Trx, a: { groupId?: number; kind?: "adhocCashSpend" | "externalSpend"; moveId?: number; limit: number }) {
  let q = selectItems(db);
  if (a.groupId !== undefined) q = q.where("i.group_id", "=", a.groupId);
  if (a.kind) q = q.where("i.kind", "=", a.kind);
  if (a.moveId !== undefined) q = q.where("i.move_id", "=", a.moveId);
  return q.orderBy("i.id", "desc").limit(a.limit).execute();
}

export function findRecurringPayments(db: Trx, itemIds: number[]) {
  if (itemIds.length === 0) return Promise.resolve([]);
  return db.selectFrom("finance_recurring_payments").select(["item_id", "seq", "amount", "currency", "due_date", "bill_id"]).where("item_id", "in", itemIds).orderBy("item_id").orderBy("seq").execute();
}

// ── employee expenses (finance's management view) ───────────────────────────────────────────

export type ManagedExpenseFilter = { groupId?: number; status?: string; search?: string };

function expensesBase(db: Trx, f: ManagedExpenseFilter) {
  let q = db
    .selectFrom("expenses as e")
    .innerJoin("groups as g", "g.id", "e.group_id")
    .innerJoin("users as u", "u.id", "e.employee_user_id")
    .leftJoin("employee_files as f", "f.id", "e.receipt_file_id");
  if (f.groupId !== undefined) q = q.where("e.group_id", "=", f.groupId);
  if (f.status === "PAID" || f.status === "APPROVED") {
    // The filter follows the state the list shows (src/domain/employee/expenses/lifecycle.ts): an approved expense
    // whose live bills are all paid reads Paid, so "Paid" finds it and "Approved" does not.
    const billsPaid = (eb: ExpressionBuilder<any, any>) =>
      eb.and([
        eb.exists(eb.selectFrom("bills as pb").select("pb.id").where("pb.source_kind", "=", "expense").whereRef("pb.source_id", "=", "e.id").where("pb.status", "in", ["Paid", "PaidPendingAudit"])),
        eb.not(eb.exists(eb.selectFrom("bills as ob").select("ob.id").where("ob.source_kind", "=", "expense").whereRef("ob.source_id", "=", "e.id").where("ob.status", "not in", ["Paid", "PaidPendingAudit", "Void"]))),
      ]);
    q =
      f.status === "PAID"
        ? q.where((eb) => eb.or([eb("e.status", "=", "PAID"), eb.and([eb("e.status", "=", "APPROVED"), billsPaid(eb)])]))
        : q.where((eb) => eb.and([eb("e.status", "=", "APPROVED"), eb.not(billsPaid(eb))]));
  } else if (f.status) q = q.where("e.status", "=", f.status);
  const search = f.search?.trim();
  if (search) {
    q = q.where((eb) =>
      eb.or([
        containsIgnoreCase(eb.ref("u.first_name"), search),
        containsIgnoreCase(eb.ref("u.last_name"), search),
        containsIgnoreCase(eb.ref("u.email"), search),
        containsIgnoreCase(eb.ref("e.description"), search),
        containsIgnoreCase(eb.ref("g.display_name"), search),
        containsIgnoreCase(sql<string>`${eb.ref("u.first_name")} || ' ' || ${eb.ref("u.last_name")}`, search),
      ]),
    );
  }
  return q;
}

const EXPENSE_COLUMNS = [
  "e.id", "e.group_id", "g.name as group_name", "g.display_name as group_display_name", "e.move_id", "e.employee_user_id", "u.first_name",
  "u.last_name", "u.email", "e.category", "e.category_other", "e.description", "e.expense_date", "e.currency", "e.net_amount", "e.tax_amount",
  "e.gross_amount", "e.status", "e.hold_reason", "e.rejection_reason", "f.hash as receipt_hash", "f.original_name as receipt_name", "e.internal_notes", "e.version",
  "e.created_at",
] as const;

export function findManagedExpenses(db: Trx, f: ManagedExpenseFilter & { offset: number; limit: number }) {
  return expensesBase(db, f).select(EXPENSE_COLUMNS).orderBy("e.id", "desc").offset(f.offset).limit(f.limit).execute();
}
export type ManagedExpenseRow = Awaited<ReturnType<typeof findManagedExpenses>>[number];

export async function countManagedExpenses(db: Trx, f: ManagedExpenseFilter): Promise<number> {
  const row = await expensesBase(db, f).select((eb) => eb.fn.countAll<number>().as("n")).executeTakeFirst();
  return Number(row?.n ?? 0);
}

export function findManagedExpense(db: Trx, id: number) {
  return expensesBase(db, {}).select(EXPENSE_COLUMNS).where("e.id", "=", id).executeTakeFirst();
}
