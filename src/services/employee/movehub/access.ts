/**
 * Who may see and change a move's hub (issue 14 "Bad input and isolation"): the move's own employee,
 * HR of the move's group (read and help), platform admins. Another employee of the same group, HR of
 * another group and every other role are refused: an unknown move and a move the caller may not see
 * answer the same NOT_FOUND, so guessing ids learns nothing.
 */
import type { DB } from "../../../db/index.ts";
import { AppError } from "../../../domain/errors.ts";
import { messages } from "../../../domain/messages.ts";
import { moveHubMessages } from "../../../domain/employee/movehub/messages.ts";
import type { SessionUser } from "../../identity/auth.ts";
import type { Role } from "../../../domain/roles.ts";

/** Statuses a hub exists for; tasks change only while the move is open or on assignment. */
const HUB_STATUSES = ["open", "on_assignment", "completed"] as const;
const EDITABLE_STATUSES: readonly string[] = ["open", "on_assignment"];

export type HubMove = {
  id: number;
  groupId: number;
  employeeUserId: number;
  policyVersionId: number;
  stageCount: number;
  status: string;
  editable: boolean;
  moveDate: string | null;
  assignmentStartDate: string | null;
  assignmentEndDate: string | null;
  consultantUserId: number | null;
};

/** Roles that may reach a hub at all (the rest are refused before any read or parse). */
export const HUB_ROLES: Role[] = ["EMPLOYEE", "HR", "ADMIN"];

export function assertHubRole(user: SessionUser): void {
  if (!HUB_ROLES.includes(user.role)) throw new AppError("FORBIDDEN", messages.forbidden);
}

function baseQuery(db: DB) {
  return db
    .selectFrom("moves as m")
    .innerJoin("policies as p", "p.id", "m.policy_id")
    .select([
      "m.id",
      "m.group_id",
      "m.employee_user_id",
      "m.policy_version_id",
      "m.status",
      "m.move_date",
      "m.assignment_start_date",
      "m.assignment_end_date",
      "m.initiated_by",
      "m.created_by",
      "p.move_stages_count",
    ])
    .where("m.status", "in", [...HUB_STATUSES]);
}

/**
 * The move whose hub the caller asks for: an employee's own (the newest hub move, or the one named if
 * it is theirs); HR and admins must name it (HR only in their own group).
 */
export async function hubMoveForCaller(db: DB, user: SessionUser, moveId: number | undefined): Promise<HubMove> {
  assertHubRole(user);
  let query = baseQuery(db);
  if (user.role === "EMPLOYEE") {
    query = query.where("m.employee_user_id", "=", user.id);
    if (moveId !== undefined) query = query.where("m.id", "=", moveId);
  } else {
    if (moveId === undefined) throw new AppError("NOT_FOUND", moveHubMessages.noMove);
    query = query.where("m.id", "=", moveId);
    if (user.role === "HR") query = query.where("m.group_id", "=", user.groupId ?? -1);
  }
  const row = await query.orderBy("m.id", "desc").limit(1).executeTakeFirst();
  if (!row) throw new AppError("NOT_FOUND", moveHubMessages.noMove);
  return toHubMove(row);
}

/** A move with a hub by id, without a caller (the demo seed); undefined when it has none. */
export async function hubMoveById(db: DB, moveId: number): Promise<HubMove | undefined> {
  const row = await baseQuery(db).where("m.id", "=", moveId).executeTakeFirst();
  return row ? toHubMove(row) : undefined;
}

type MoveRow = Awaited<ReturnType<ReturnType<typeof baseQuery>["executeTakeFirstOrThrow"]>>;

function toHubMove(row: MoveRow): HubMove {
  return {
    id: row.id,
    groupId: row.group_id,
    employeeUserId: row.employee_user_id,
    policyVersionId: row.policy_version_id,
    stageCount: Math.max(1, Math.min(3, row.move_stages_count)),
    status: row.status,
    editable: EDITABLE_STATUSES.includes(row.status),
    moveDate: row.move_date,
    assignmentStartDate: row.assignment_start_date,
    assignmentEndDate: row.assignment_end_date,
    consultantUserId: row.initiated_by ?? row.created_by,
  };
}

/** The move of a task, checked as `hubMoveForCaller` checks it; an item the caller may not see is NOT_FOUND. */
export async function hubMoveOfItem(db: DB, user: SessionUser, itemId: number): Promise<HubMove> {
  assertHubRole(user);
  const item = await db.selectFrom("move_hub_items").select("move_id").where("id", "=", itemId).executeTakeFirst();
  if (!item) throw new AppError("NOT_FOUND", moveHubMessages.itemNotFound);
  try {
    return await hubMoveForCaller(db, user, item.move_id);
  } catch (error) {
    if (error instanceof AppError && error.code === "NOT_FOUND") throw new AppError("NOT_FOUND", moveHubMessages.itemNotFound);
    throw error;
  }
}

export function assertEditable(move: HubMove): void {
  if (!move.editable) throw new AppError("FORBIDDEN", messages.forbidden);
}
