/**
 * Whose budgets and expenses a caller may reach (issue 14 "Bad input and isolation"): an employee only
 * their own move; HR only moves of their own group; ADMIN any; every other role is refused. An unknown
 * move and a move the caller may not see answer the same NOT_FOUND, so guessing ids learns nothing.
 */
import type { DB } from "../../../db/index.ts";
import { AppError } from "../../../domain/errors.ts";
import { messages } from "../../../domain/messages.ts";
import { budgetMessages } from "../../../domain/employee/budgets/messages.ts";
import type { SessionUser } from "../../identity/auth.ts";
import { findGroupByName } from "../../../db/queries/admin/groups.ts";
import { canActInGroup } from "../../../domain/roles.ts";
import type { Role } from "../../../domain/roles.ts";

export type LedgerMove = {
  id: number;
  groupId: number;
  groupDisplayName: string;
  employeeUserId: number;
  policyVersionId: number;
  stageCount: number;
  currentMoveStage: number;
  status: string;
};

/** Moves that have budgets and expenses: initiated and not cancelled. */
const LIVE_STATUSES = ["open", "on_assignment", "completed"] as const;

/** Roles that may read a move's budget ledger at all (the legacy paths check it before the request is read). */
export const BUDGET_ROLES: Role[] = ["EMPLOYEE", "HR", "ADMIN"];
/** HR budget pages (`/{group}/…`): HR of that group or an admin. */
export const BUDGET_PAGE_ROLES: Role[] = ["HR", "ADMIN"];

export function assertBudgetRole(user: SessionUser): void {
  if (!BUDGET_ROLES.includes(user.role)) throw new AppError("FORBIDDEN", messages.forbidden);
}

function baseQuery(db: DB) {
  return db
    .selectFrom("moves as m")
    .innerJoin("policies as p", "p.id", "m.policy_id")
    .innerJoin("groups as g", "g.id", "m.group_id")
    .select(["m.id", "m.group_id", "g.display_name", "m.employee_user_id", "m.policy_version_id", "m.current_move_stage", "m.status", "p.move_stages_count"])
    .where("m.status", "in", [...LIVE_STATUSES]);
}

type Row = { id: number; group_id: number; display_name: string; employee_user_id: number; policy_version_id: number; current_move_stage: number; status: string; move_stages_count: number };
const toMove = (r: Row): LedgerMove => ({
  id: r.id,
  groupId: r.group_id,
  groupDisplayName: r.display_name,
  employeeUserId: r.employee_user_id,
  policyVersionId: r.policy_version_id,
  stageCount: Math.max(1, Math.min(3, r.move_stages_count)),
  currentMoveStage: r.current_move_stage,
  status: r.status,
});

/**
 * The move the caller asks about: an employee's own (the newest, or the one named if it is theirs);
 * HR and admins name it by `moveId` or by `employeeId` (that employee's newest move; HR only in their
 * own group). `groupId`, when given, must be the move's group (the URL's group of an HR page).
 */
export async function ledgerMoveForCaller(
  db: DB,
  user: SessionUser,
  by: { moveId?: number; employeeId?: number; groupId?: number },
): Promise<LedgerMove | null> {
  assertBudgetRole(user);
  let q = baseQuery(db);
  if (user.role === "EMPLOYEE") {
    q = q.where("m.employee_user_id", "=", user.id);
    if (by.employeeId !== undefined && by.employeeId !== user.id) return null;
    if (by.moveId !== undefined) q = q.where("m.id", "=", by.moveId);
  } else {
    if (by.moveId === undefined && by.employeeId === undefined) return null;
    if (by.moveId !== undefined) q = q.where("m.id", "=", by.moveId);
    if (by.employeeId !== undefined) q = q.where("m.employee_user_id", "=", by.employeeId);
    if (user.role === "HR") q = q.where("m.group_id", "=", user.groupId ?? -1);
  }
  if (by.groupId !== undefined) q = q.where("m.group_id", "=", by.groupId);
  const row = await q.orderBy("m.id", "desc").limit(1).executeTakeFirst();
  return row ? toMove(row) : null;
}

/** As `ledgerMoveForCaller`, refusing with NOT_FOUND when there is none. */
export async function requireLedgerMove(db: DB, user: SessionUser, by: { moveId?: number; employeeId?: number; groupId?: number }): Promise<LedgerMove> {
  const move = await ledgerMoveForCaller(db, user, by);
  if (!move) throw new AppError("NOT_FOUND", budgetMessages.noMove);
  return move;
}

/** The URL's group of an HR budget page (`/{group}/…`): HR of that group or an admin; the same checks as `groupProcedure("HR", "ADMIN")`. */
export async function budgetGroupForCaller(db: DB, user: SessionUser, name: string): Promise<{ id: number; name: string }> {
  if (user.role !== "HR" && user.role !== "ADMIN") throw new AppError("FORBIDDEN", messages.forbidden);
  const group = await findGroupByName(db, name);
  if (!group) throw new AppError("NOT_FOUND", messages.notFound);
  if (!canActInGroup(user, group.id)) throw new AppError("FORBIDDEN", messages.otherGroup);
  return { id: group.id, name: group.name };
}
