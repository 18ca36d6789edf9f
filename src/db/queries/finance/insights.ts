/** Reads of the finance insights (src/services/finance/insights.ts): a move, its spend, an account's moves. No rules here. */
import { sql } from "kysely";
import type { DB } from "../../index.ts";
import { restrictMoves, type RestrictionScope } from "../restrictions.ts";

/** A move (any status: a draft shows its budgets) with what the budget ledger needs, limited to a manager's scope when one is given. */
export function findInsightsMove(db: DB, moveId: number, scope: RestrictionScope) {
  return restrictMoves(
    db
      .selectFrom("moves as m")
      .innerJoin("policies as p", "p.id", "m.policy_id")
      .innerJoin("groups as g", "g.id", "m.group_id")
      .leftJoin("users as u", "u.id", "m.employee_user_id")
      .select(["m.id", "m.group_id", "g.name as group_name", "g.display_name", "m.employee_user_id", "m.policy_version_id", "m.current_move_stage", "m.status", "p.move_stages_count"])
      .select(["u.first_name", "u.last_name", "m.origin_city_name", "m.destination_city_name"])
      .where("m.id", "=", moveId),
    scope,
    "m",
  ).executeTakeFirst();
}

export type InsightsMoveRow = NonNullable<Awaited<ReturnType<typeof findInsightsMove>>>;

/** The move's bills that are not Void, with the expense a bill was made from (its budget amount). */
export function findMoveBills(db: DB, moveId: number) {
  return db
    .selectFrom("bills as b")
    .leftJoin("expenses as e", (j) => j.on("b.source_kind", "=", "expense").onRef("e.id", "=", "b.source_id"))
    .select(["b.id", "b.move_stage", "b.service_key", "b.currency", "b.gross_amount", "b.updated_at", "e.gross_amount as expense_gross", "e.currency as expense_currency", "e.budget_currency", "e.budget_amount"])
    .where("b.move_id", "=", moveId)
    .where("b.status", "!=", "Void")
    .orderBy("b.id")
    .execute();
}

/** No bill (of any status) was made from the row: bills name their source by kind and id. */
const noBill = (kind: string | ReturnType<typeof sql.ref>, ref: string) => sql<boolean>`not exists (select 1 from bills x where x.source_kind = ${kind} and x.source_id = ${sql.ref(ref)})`;

/** The move's expenses that have no bill at all (pending ones, and approved ones from before finance billed them). */
export function findUnbilledExpenses(db: DB, moveId: number) {
  return db
    .selectFrom("expenses as e")
    .select(["e.id", "e.move_stage", "e.service_key", "e.status", "e.currency", "e.gross_amount", "e.budget_currency", "e.budget_amount", "e.updated_at"])
    .where("e.move_id", "=", moveId)
    .where(noBill("expense", "e.id"))
    .orderBy("e.id")
    .execute();
}

/** The move's finance items (booking costs, lump sums, ad-hoc cash spends, external spends) that have no bill. */
export function findUnbilledItems(db: DB, moveId: number) {
  return db
    .selectFrom("finance_items as i")
    .select(["i.id", "i.kind", "i.move_stage", "i.service_key", "i.status", "i.currency", "i.gross_amount", "i.updated_at"])
    .where("i.move_id", "=", moveId)
    .where(noBill(sql.ref("i.kind"), "i.id"))
    .orderBy("i.id")
    .execute();
}

/** A finance account's owner columns. */
export function findInsightsAccount(db: DB, accountId: number) {
  return db.selectFrom("finance_accounts").select(["id", "type", "group_id", "user_id"]).where("id", "=", accountId).executeTakeFirst();
}

/** The moves (not drafts) of an employee, newest first. */
export async function findEmployeeMoveIds(db: DB, userId: number, limit: number): Promise<number[]> {
  const rows = await db.selectFrom("moves").select("id").where("employee_user_id", "=", userId).where("status", "!=", "draft").orderBy("id", "desc").limit(limit).execute();
  return rows.map((r) => r.id);
}

/** The moves with a bill to or from an account, newest first. */
export async function findAccountMoveIds(db: DB, accountId: number, limit: number): Promise<number[]> {
  const rows = await db
    .selectFrom("bills")
    .select("move_id")
    .distinct()
    .where("move_id", "is not", null)
    .where((eb) => eb.or([eb("to_account_id", "=", accountId), eb("from_account_id", "=", accountId)]))
    .orderBy("move_id", "desc")
    .limit(limit)
    .execute();
  return rows.map((r) => r.move_id!);
}
