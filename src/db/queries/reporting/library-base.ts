/**
 * The BASE reports' queries (issue 26; src/domain/reporting/catalog.ts): plain Kysely, no rules. Every query
 * reads one group's rows and, for a MANAGER, only moves their restrictions allow (`restrictMoves`, the one
 * helper; rows without a move are not a manager's). Row reports are read in keyset batches (`id > last`,
 * `limit n`) so a million rows never sit in memory and no read holds SQLite's connection for long; the
 * service (src/services/reporting/run.ts) turns them into report rows with the one-place domain functions.
 */
import { sql, type Expression, type SqlBool } from "kysely";
import type { DB } from "../../index.ts";
import { restrictMoves, type RestrictionScope } from "../restrictions.ts";
import { containsIgnoreCase } from "../like.ts";

export type BaseScope = { groupId: number; scope: RestrictionScope };
export type Period = { start: string | null; end: string | null };

/** Rows per keyset batch. */
export const BATCH_SIZE = 2000;

/** Reads batches of `readBatch(after)` until one comes back short; yields each row. */
export async function* keysetRows<R>(readBatch: (after: number, limit: number) => Promise<R[]>, keyOf: (row: R) => number, batch = BATCH_SIZE): AsyncGenerator<R> {
  let after = 0;
  for (;;) {
    const rows = await readBatch(after, batch);
    for (const r of rows) yield r;
    if (rows.length < batch) return;
    after = keyOf(rows[rows.length - 1]!);
  }
}

/** Reads batches like `keysetRows`, yielding each batch (for batch-wise derivations such as lifecycles). */
export async function* keysetBatches<R>(readBatch: (after: number, limit: number) => Promise<R[]>, keyOf: (row: R) => number, batch = BATCH_SIZE): AsyncGenerator<R[]> {
  let after = 0;
  for (;;) {
    const rows = await readBatch(after, batch);
    if (rows.length > 0) yield rows;
    if (rows.length < batch) return;
    after = keyOf(rows[rows.length - 1]!);
  }
}

/** "A move the scope may see" for a row whose move id is `moveRef` (rows without a move: not for a manager). */
function visibleMove(db: DB, scope: RestrictionScope, moveRef: string): Expression<SqlBool> | null {
  if (scope === null) return null;
  const sub = restrictMoves(db.selectFrom("moves as m").select("m.id").where("m.id", "=", sql.ref<number>(moveRef)), scope, "m");
  return sql<SqlBool>`exists ${sub}`;
}

/** Inclusive date bounds on a text date/timestamp column (timestamps compared on their date part). */
function inPeriod(column: string, p: Period, timestamp = false): Expression<SqlBool>[] {
  const out: Expression<SqlBool>[] = [];
  if (p.start) out.push(sql<SqlBool>`${sql.ref(column)} >= ${p.start}`);
  if (p.end) out.push(timestamp ? sql<SqlBool>`${sql.ref(column)} < ${nextDay(p.end)}` : sql<SqlBool>`${sql.ref(column)} <= ${p.end}`);
  return out;
}

function nextDay(date: string): string {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + 1);
  return d.toISOString().slice(0, 10);
}

const all = (conds: (Expression<SqlBool> | null)[]): Expression<SqlBool> => {
  const list = conds.filter((c): c is Expression<SqlBool> => c !== null);
  return list.length === 0 ? sql<SqlBool>`1 = 1` : sql<SqlBool>`(${sql.join(list, sql` and `)})`;
};

// ---------------------------------------------------------------- moves by status and stage

export async function movesByStatusStage(db: DB, s: BaseScope, f: { created: Period; policyId: number | null; status: string | null }) {
  let q = db
    .selectFrom("moves as m")
    .innerJoin("policies as p", "p.id", "m.policy_id")
    .select(["p.name as policy", "m.status", "m.current_move_stage as stage", sql<number>`count(*)`.as("moves")])
    .where("m.group_id", "=", s.groupId)
    .where(all(inPeriod("m.created_at", f.created, true)));
  if (f.policyId !== null) q = q.where("m.policy_id", "=", f.policyId);
  if (f.status !== null) q = q.where("m.status", "=", f.status as never);
  q = restrictMoves(q, s.scope, "m");
  return q.groupBy(["p.name", "m.status", "m.current_move_stage"]).orderBy("p.name").orderBy("m.status").orderBy("m.current_move_stage").execute();
}

// ---------------------------------------------------------------- moves (cost per move, assignments ending)

export type MoveListRow = {
  id: number;
  first_name: string;
  last_name: string;
  policy: string;
  move_type: string;
  origin: string | null;
  destination: string | null;
  origin_country_code: string | null;
  destination_country_code: string | null;
  assignment_end_date: string | null;
};

export function moveBatch(db: DB, s: BaseScope, f: { created: Period; policyId: number | null; moveType: string | null; moveIds: number[] | null; statuses: string[]; endBetween?: Period }) {
  return (after: number, limit: number): Promise<MoveListRow[]> => {
    let q = db
      .selectFrom("moves as m")
      .innerJoin("users as u", "u.id", "m.employee_user_id")
      .innerJoin("policies as p", "p.id", "m.policy_id")
      .select([
        "m.id",
        "u.first_name",
        "u.last_name",
        "p.name as policy",
        "p.move_type",
        "m.origin_city_name as origin",
        "m.destination_city_name as destination",
        "m.origin_country_code",
        "m.destination_country_code",
        "m.assignment_end_date",
      ])
      .where("m.group_id", "=", s.groupId)
      .where("m.id", ">", after)
      .where("m.status", "in", f.statuses as never[])
      .where(all(inPeriod("m.created_at", f.created, true)));
    if (f.policyId !== null) q = q.where("m.policy_id", "=", f.policyId);
    if (f.moveType !== null) q = q.where("p.move_type", "=", f.moveType as never);
    if (f.moveIds !== null) q = q.where("m.id", "in", f.moveIds);
    if (f.endBetween) q = q.where(all(inPeriod("m.assignment_end_date", f.endBetween)));
    q = restrictMoves(q, s.scope, "m");
    return q.orderBy("m.id").limit(limit).execute();
  };
}

/** The latest extension or end of assignment of each of the moves. */
export async function latestAssignmentActions(db: DB, moveIds: number[]): Promise<Map<number, { kind: string; new_end_date: string }>> {
  if (moveIds.length === 0) return new Map();
  const rows = await db.selectFrom("assignment_actions").select(["move_id", "kind", "new_end_date", "id"]).where("move_id", "in", moveIds).orderBy("id").execute();
  const out = new Map<number, { kind: string; new_end_date: string }>();
  for (const r of rows) out.set(r.move_id, { kind: r.kind, new_end_date: r.new_end_date });
  return out;
}

// ---------------------------------------------------------------- expenses

export type ExpenseReportRow = {
  id: number;
  move_id: number;
  first_name: string;
  last_name: string;
  service_key: string;
  category: string;
  expense_date: string;
  currency: string;
  gross_amount: number;
  status: string;
  created_at: string;
  rejection_reason: string | null;
  hold_reason: string | null;
  budget_amount: number | null;
};

export function expenseBatch(db: DB, s: BaseScope, f: { submitted: Period; employee: string | null; moveIds: number[] | null; currency: string | null }) {
  return (after: number, limit: number): Promise<ExpenseReportRow[]> => {
    let q = db
      .selectFrom("expenses as e")
      .innerJoin("users as u", "u.id", "e.employee_user_id")
      .select(["e.id", "e.move_id", "u.first_name", "u.last_name", "e.service_key", "e.category", "e.expense_date", "e.currency", "e.gross_amount", "e.status", "e.created_at", "e.rejection_reason", "e.hold_reason", "e.budget_amount"])
      .where("e.group_id", "=", s.groupId)
      .where("e.id", ">", after)
      .where(all(inPeriod("e.created_at", f.submitted, true)));
    if (f.currency !== null) q = q.where("e.currency", "=", f.currency);
    if (f.moveIds !== null) q = q.where("e.move_id", "in", f.moveIds);
    if (f.employee) {
      const name = f.employee;
      q = q.where((eb) => eb.or([containsIgnoreCase(eb.ref("u.first_name"), name), containsIgnoreCase(eb.ref("u.last_name"), name)]));
    }
    const vis = visibleMove(db, s.scope, "e.move_id");
    if (vis) q = q.where(vis);
    return q.orderBy("e.id").limit(limit).execute();
  };
}

export type FinanceItemReportRow = {
  id: number;
  kind: string;
  service_key: string | null;
  spend_category_id: number | null;
  currency: string;
  gross_amount: number;
  status: string;
  created_at: string;
  decided_at: string | null;
  rejection_reason: string | null;
  change_reason: string | null;
  hold_reason: string | null;
};

/** Finance's approval items that count against budgets (booking costs, lump sums, ad-hoc cash spends). */
export function financeItemBatch(db: DB, s: BaseScope, f: { submitted: Period; currency: string | null }) {
  return (after: number, limit: number): Promise<FinanceItemReportRow[]> => {
    let q = db
      .selectFrom("finance_items as i")
      .select(["i.id", "i.kind", "i.service_key", "i.spend_category_id", "i.currency", "i.gross_amount", "i.status", "i.created_at", "i.decided_at", "i.rejection_reason", "i.change_reason", "i.hold_reason"])
      .where("i.group_id", "=", s.groupId)
      .where("i.kind", "in", ["bookingCost", "lumpSum", "adhocCashSpend"])
      .where("i.id", ">", after)
      .where(all(inPeriod("i.created_at", f.submitted, true)));
    if (f.currency !== null) q = q.where("i.currency", "=", f.currency);
    const vis = visibleMove(db, s.scope, "i.move_id");
    if (vis) q = q.where(vis);
    return q.orderBy("i.id").limit(limit).execute() as Promise<FinanceItemReportRow[]>;
  };
}

export async function spendCategoryNames(db: DB, ids: number[]): Promise<Map<number, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db.selectFrom("spend_categories").select(["id", "description"]).where("id", "in", ids).execute();
  return new Map(rows.map((r) => [r.id, r.description]));
}

export async function serviceNames(db: DB): Promise<Map<string, string>> {
  const rows = await db.selectFrom("services").select(["key", "name"]).execute();
  return new Map(rows.map((r) => [r.key, r.name]));
}

// ---------------------------------------------------------------- bill lines

export type BillLineReportRow = {
  line_id: number;
  bill_id: number;
  reference: string;
  bill_type: string;
  status: string;
  audited: number;
  bill_date: string;
  due_date: string | null;
  move_id: number | null;
  name: string;
  currency: string;
  gross_amount: number;
  net_amount: number;
  tax_amount: number;
};

/** Bill lines with their bill, in line id order (one batch per call). */
export function billLineBatch(db: DB, s: BaseScope, f: { billDate: Period; dueBy: string | null; currency: string | null }) {
  return (after: number, limit: number): Promise<BillLineReportRow[]> => {
    let q = db
      .selectFrom("bill_lines as l")
      .innerJoin("bills as b", "b.id", "l.bill_id")
      .select([
        "l.id as line_id",
        "b.id as bill_id",
        "b.reference",
        "b.bill_type",
        "b.status",
        "b.audited",
        "b.bill_date",
        "b.due_date",
        "b.move_id",
        "l.name",
        "b.currency",
        "l.gross_amount",
        "l.net_amount",
        "l.tax_amount",
      ])
      .where("l.group_id", "=", s.groupId)
      .where("l.id", ">", after)
      .where(all(inPeriod("b.bill_date", f.billDate)));
    if (f.dueBy !== null) q = q.where("b.due_date", "<=", f.dueBy);
    if (f.currency !== null) q = q.where("b.currency", "=", f.currency);
    const vis = visibleMove(db, s.scope, "b.move_id");
    if (vis) q = q.where(vis);
    return q.orderBy("l.id").limit(limit).execute() as Promise<BillLineReportRow[]>;
  };
}

/** The bare streamed select of the same bill lines (the export bench's baseline): no joins beyond the bill. */
export function bareBillLineBatch(db: DB, groupId: number) {
  return (after: number, limit: number) =>
    db
      .selectFrom("bill_lines as l")
      .innerJoin("bills as b", "b.id", "l.bill_id")
      .select(["l.id as line_id", "b.id as bill_id", "b.reference", "b.bill_type", "b.status", "b.audited", "b.bill_date", "b.due_date", "b.move_id", "l.name", "b.currency", "l.gross_amount", "l.net_amount", "l.tax_amount"])
      .where("l.group_id", "=", groupId)
      .where("l.id", ">", after)
      .orderBy("l.id")
      .limit(limit)
      .execute();
}

// ---------------------------------------------------------------- payments

export async function paymentsByMonth(db: DB, s: BaseScope, f: { paid: Period; currency: string | null }) {
  const month = sql<string>`substr(p.payment_date, 1, 7)`;
  let q = db
    .selectFrom("payments as p")
    .leftJoin("bills as b", "b.id", "p.bill_id")
    .select([month.as("period"), "p.currency", sql<number>`count(*)`.as("payments"), sql<number>`sum(p.amount)`.as("amount")])
    .where("p.group_id", "=", s.groupId)
    .where("p.status", "<>", "RETURNED")
    .where(all(inPeriod("p.payment_date", f.paid)));
  if (f.currency !== null) q = q.where("p.currency", "=", f.currency);
  const vis = visibleMove(db, s.scope, "b.move_id");
  if (vis) q = q.where(vis);
  return q.groupBy([month, "p.currency"]).orderBy(month).orderBy("p.currency").execute();
}

// ---------------------------------------------------------------- exceptions and out-of-policy approvals

/** Exceptions (incidents of kind EXCEPTION) raised in the period: count, closed count and days to close. */
export async function exceptionIncidents(db: DB, s: BaseScope, f: { period: Period }) {
  let q = db
    .selectFrom("incidents as x")
    .select(["x.id", "x.status", "x.created_at", "x.closed_at"])
    .where("x.group_id", "=", s.groupId)
    .where("x.kind", "=", "EXCEPTION")
    .where(all(inPeriod("x.created_at", f.period, true)));
  const vis = visibleMove(db, s.scope, "x.move_id");
  if (vis) q = q.where(vis);
  return q.orderBy("x.id").execute();
}

/**
 * Expenses decided in the period with their budget amounts (an expense booked outside its budget group 99 or
 * without one is out of policy): the service counts them with the lifecycle.
 */
export function decidedExpenseBatch(db: DB, s: BaseScope, f: { period: Period; currency: string | null }) {
  return (after: number, limit: number) => {
    let q = db
      .selectFrom("expenses as e")
      .select(["e.id", "e.status", "e.created_at", "e.updated_at", "e.rejection_reason", "e.hold_reason", "e.currency", "e.gross_amount", "e.budget_group", "e.budget_amount"])
      .where("e.group_id", "=", s.groupId)
      .where("e.id", ">", after)
      .where(all(inPeriod("e.created_at", f.period, true)));
    if (f.currency !== null) q = q.where("e.currency", "=", f.currency);
    const vis = visibleMove(db, s.scope, "e.move_id");
    if (vis) q = q.where(vis);
    return q.orderBy("e.id").limit(limit).execute();
  };
}

// ---------------------------------------------------------------- welcome calls

export function welcomeCallBatch(db: DB, s: BaseScope, f: { scheduled: Period; status: string | null }) {
  return (after: number, limit: number) => {
    let q = db
      .selectFrom("welcome_call_requests as w")
      .innerJoin("users as u", "u.id", "w.user_id")
      .select(["w.id", "w.move_id", "u.first_name", "u.last_name", "w.scheduled_at", "w.time_zone", "w.status"])
      .where("w.group_id", "=", s.groupId)
      .where("w.id", ">", after)
      .where(all(inPeriod("w.scheduled_at", f.scheduled, true)));
    if (f.status !== null) q = q.where("w.status", "=", f.status);
    const vis = visibleMove(db, s.scope, "w.move_id");
    if (vis) q = q.where(vis);
    return q.orderBy("w.id").limit(limit).execute();
  };
}

// ---------------------------------------------------------------- activation funnel

/** Employees of the group invited in the period, per month invited: invited, activated, terms accepted. */
export async function activationFunnel(db: DB, s: BaseScope, f: { invited: Period }) {
  const month = sql<string>`substr(u.created_at, 1, 7)`;
  let q = db
    .selectFrom("users as u")
    .select([
      month.as("period"),
      sql<number>`count(*)`.as("invited"),
      sql<number>`sum(case when u.activation_state = 'ACTIVE' then 1 else 0 end)`.as("activated"),
      sql<number>`sum(case when u.terms_accepted_at is not null then 1 else 0 end)`.as("terms_accepted"),
    ])
    .where("u.group_id", "=", s.groupId)
    .where("u.role", "=", "EMPLOYEE")
    .where("u.anonymized_at", "is", null)
    .where(all(inPeriod("u.created_at", f.invited, true)));
  if (s.scope !== null) {
    // A manager counts the employees of moves they may see.
    const sub = restrictMoves(db.selectFrom("moves as m").select("m.id").where("m.employee_user_id", "=", sql.ref<number>("u.id")), s.scope, "m");
    q = q.where(sql<SqlBool>`exists ${sub}`);
  }
  return q.groupBy(month).orderBy(month).execute();
}

// ---------------------------------------------------------------- drawdown balances

export async function drawdownBalances(db: DB, groupId: number) {
  return db
    .selectFrom("finance_accounts as a")
    .leftJoin("finance_entries as e", "e.account_id", "a.id")
    .select([
      "a.id",
      "a.name",
      "a.currency",
      "a.float_amount",
      sql<number>`count(e.id)`.as("entries"),
      sql<string | null>`max(e.entry_date)`.as("last_entry"),
      sql<number | null>`(select e2.balance_after from finance_entries e2 where e2.account_id = a.id order by e2.seq desc limit 1)`.as("balance"),
    ])
    .where("a.group_id", "=", groupId)
    .where("a.type", "=", "Client")
    .where("a.billing_type", "=", "Drawdown")
    .groupBy(["a.id", "a.name", "a.currency", "a.float_amount"])
    .orderBy("a.name")
    .execute();
}
