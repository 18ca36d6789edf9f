/**
 * The manager dashboard's select (issue 15): one page of a group's moves with the employee, the policy's stage
 * count and the move's HR note, limited IN SQL by the manager's restrictions (`restrictMoves`), sorted by a
 * whitelisted column (nulls last both ways, ties by move id), and its count. Indexes: see
 * migrations/20261126030000_manager_dashboard.ts.
 */
import { sql } from "kysely";
import type { DB } from "../index.ts";
import { likeIgnoreCase, likePattern } from "./like.ts";
import { restrictMoves, type RestrictionScope } from "./restrictions.ts";
import type { DashboardSort, TDashboardFilters } from "../../domain/dashboard/schemas.ts";

export type DashboardQuery = {
  groupId: number;
  scope: RestrictionScope;
  filters: TDashboardFilters;
  sort: DashboardSort;
  dir: "asc" | "desc";
  limit: number;
  offset: number;
};

/** Whitelisted sort expressions (never built from input text). */
const SORT_SQL: Record<DashboardSort, string[]> = {
  id: ["m.employee_user_id"],
  firstName: ["lower(u.first_name)"],
  lastName: ["lower(u.last_name)", "lower(u.first_name)"],
  moveStatus: ["m.status"],
  numberOfMoveStages: ["p.move_stages_count"],
  currentMoveStageId: ["m.current_move_stage"],
  assignmentEndDate: ["m.assignment_end_date"],
  note: ["n.notes_text"],
  newEndDate: ["a.new_end_date"],
  extensionReason: ["case when a.kind = 'EXTEND' then lower(a.reason) end"],
  endAssignmentReason: ["case when a.kind = 'END' then lower(a.reason) end"],
};

function base(db: DB, p: DashboardQuery) {
  let q = db
    .selectFrom("moves as m")
    .innerJoin("users as u", "u.id", "m.employee_user_id")
    .innerJoin("policies as p", "p.id", "m.policy_id")
    .leftJoin("move_hr_notes as n", "n.move_id", "m.id")
    .where("m.group_id", "=", p.groupId);
  q = restrictMoves(q, p.scope, "m");
  const f = p.filters;
  q = f.status ? q.where("m.status", "=", f.status) : q.where("m.status", "<>", "cancelled");
  if (f.endFrom) q = q.where("m.assignment_end_date", ">=", f.endFrom);
  if (f.endTo) q = q.where("m.assignment_end_date", "<=", f.endTo);
  if (f.q) {
    const pattern = likePattern(f.q);
    q = q.where((eb) => eb.or([likeIgnoreCase(sql`u.first_name || ' ' || u.last_name`, pattern), likeIgnoreCase(sql.ref("u.email"), pattern)]));
  }
  return q;
}

export async function findDashboardRows(db: DB, p: DashboardQuery) {
  let q = base(db, p)
    // The move's latest extension or end (assignment_actions, issue 15's extend/end actions), if any.
    .leftJoin("assignment_actions as a", (j) =>
      j
        .onRef("a.move_id", "=", "m.id")
        .on("a.id", "=", (eb) => eb.selectFrom("assignment_actions as a2").select((e2) => e2.fn.max("a2.id").as("latest")).whereRef("a2.move_id", "=", "m.id")),
    )
    .select([
    "m.id as move_id",
    "m.employee_user_id",
    "m.status",
    "m.current_move_stage",
    "m.assignment_end_date",
    "u.first_name",
    "u.last_name",
    "p.move_stages_count",
    "n.notes_text",
    "a.kind as action_kind",
    "a.new_end_date",
    "a.reason as action_reason",
  ]);
  for (const column of SORT_SQL[p.sort]) {
    const ref = sql.raw(column);
    q = q.orderBy(sql`case when ${ref} is null then 1 else 0 end`).orderBy(sql`${ref}`, p.dir);
  }
  return q.orderBy("m.id", p.dir).limit(p.limit).offset(p.offset).execute();
}

export async function countDashboardRows(db: DB, p: DashboardQuery): Promise<number> {
  const row = await base(db, p)
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** The move `moveId` of employee `userId` in the group, if the scope may see it (null otherwise). */
export function findVisibleMove(db: DB, groupId: number, scope: RestrictionScope, ref: { userId: number; moveId: number }) {
  let q = db
    .selectFrom("moves as m")
    .select(["m.id", "m.group_id", "m.employee_user_id"])
    .where("m.id", "=", ref.moveId)
    .where("m.employee_user_id", "=", ref.userId)
    .where("m.group_id", "=", groupId);
  q = restrictMoves(q, scope, "m");
  return q.executeTakeFirst();
}
