/**
 * Estimate accuracy's reads (issue 26): the moves that have approved spend, with their policy and move
 * date. "Approved spend" is the finance insights' rule (src/services/finance/insights.ts): a bill that is
 * not Void, an expense approved or paid without a bill, an approved external spend without a bill. The
 * figures of each move are then read by finance's own service (estimateVsActual), never recomputed here.
 * Limited to a group (or every group for finance), and for a MANAGER to their restrictions (`restrictMoves`).
 */
import { sql, type SqlBool } from "kysely";
import type { DB } from "../../index.ts";
import { restrictMoves, type RestrictionScope } from "../restrictions.ts";

export type AccuracyMovesFilter = {
  /** null: every group (FINANCE and ADMIN at finance level). */
  groupId: number | null;
  scope: RestrictionScope;
  /** YYYY-MM-DD bounds on the move date (inclusive). */
  from?: string | null;
  to?: string | null;
  /** YYYY-MM-DD bounds on the day the move was created (inclusive). */
  createdFrom?: string | null;
  createdTo?: string | null;
  policyId?: number | null;
  moveId?: number | null;
  limit: number;
};

/** The condition "the move `m` has approved spend". */
export const hasApprovedSpend = sql<SqlBool>`(
  exists (select 1 from bills b where b.move_id = m.id and b.status <> 'Void')
  or exists (select 1 from expenses e where e.move_id = m.id and e.status in ('APPROVED', 'PAID')
    and not exists (select 1 from bills x where x.source_kind = 'expense' and x.source_id = e.id))
  or exists (select 1 from finance_items i where i.move_id = m.id and i.kind = 'externalSpend' and i.status = 'APPROVED'
    and not exists (select 1 from bills x where x.source_kind = i.kind and x.source_id = i.id))
)`;

/** The moves with approved spend (newest move date first), with what accuracy groups them by. */
export function accuracyMoves(db: DB, f: AccuracyMovesFilter) {
  let q = db
    .selectFrom("moves as m")
    .innerJoin("policies as p", "p.id", "m.policy_id")
    .innerJoin("groups as g", "g.id", "m.group_id")
    .select(["m.id", "m.group_id", "g.name as group_name", "m.policy_id", "p.name as policy_name", "m.move_date", "m.status"])
    .where("m.status", "!=", "draft")
    .where(hasApprovedSpend);
  if (f.groupId !== null) q = q.where("m.group_id", "=", f.groupId);
  if (f.from) q = q.where("m.move_date", ">=", f.from);
  if (f.to) q = q.where("m.move_date", "<=", f.to);
  if (f.createdFrom) q = q.where("m.created_at", ">=", f.createdFrom);
  // created_at is an ISO timestamp: the day's last instant still compares below the next day.
  if (f.createdTo) q = q.where("m.created_at", "<", `${f.createdTo}T99`);
  if (f.policyId != null) q = q.where("m.policy_id", "=", f.policyId);
  if (f.moveId != null) q = q.where("m.id", "=", f.moveId);
  return restrictMoves(q, f.scope, "m").orderBy("m.move_date", "desc").orderBy("m.id", "desc").limit(f.limit);
}

export type AccuracyMoveRow = Awaited<ReturnType<ReturnType<typeof accuracyMoves>["execute"]>>[number];
