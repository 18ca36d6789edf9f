/**
 * Who may use the HR employee file's edits (issue 14): HR of the group named in the path and ADMIN (the
 * procedure builder and the legacy handler check role and group first). The employee or move must be in
 * that group: another group's employee, an unknown one and a non-employee all answer NOT_FOUND, so ids
 * cannot be probed from another group.
 */
import type { DB } from "../../../db/index.ts";
import type { GroupRef } from "../../../db/schema.ts";
import { findMoveWithPolicy, type MoveWithPolicy } from "../../../db/queries/moves/moves.ts";
import { messages } from "../../../domain/messages.ts";
import { canActInGroup } from "../../../domain/roles.ts";
import { AppError } from "../../../domain/errors.ts";
import { employeeFileMessages } from "../../../domain/moves/employee-file/messages.ts";
import { wizardMessages } from "../../../domain/moves/wizard/messages.ts";
import type { SessionUser } from "../../identity/auth.ts";

export type EmployeeFileActor = { user: SessionUser; ip: string | null };
export type GroupLike = Pick<GroupRef, "id" | "name">;

export async function employeeInGroup(db: DB, user: SessionUser, group: GroupLike, userId: number) {
  if (user.role !== "HR" && user.role !== "ADMIN") throw new AppError("FORBIDDEN", messages.forbidden);
  if (!canActInGroup(user, group.id)) throw new AppError("FORBIDDEN", messages.otherGroup);
  const employee = await db
    .selectFrom("users")
    .select(["id", "group_id", "role", "first_name", "last_name", "email", "phone", "activation_state", "anonymized_at"])
    .where("id", "=", userId)
    .executeTakeFirst();
  if (!employee || employee.role !== "EMPLOYEE" || employee.group_id !== group.id || employee.anonymized_at !== null) {
    throw new AppError("NOT_FOUND", employeeFileMessages.employeeNotFound);
  }
  return employee;
}

/**
 * The move of the named employee in the named group (the caller's role and group are checked by the
 * procedure builder or the legacy handler): a move of another group, of another employee or no move
 * at all are the same NOT_FOUND.
 */
export async function moveInGroup(db: DB, user: SessionUser, group: GroupLike, ref: { userId: number; moveId: number }): Promise<MoveWithPolicy> {
  if (user.role !== "HR" && user.role !== "ADMIN") throw new AppError("FORBIDDEN", messages.forbidden);
  const move = await findMoveWithPolicy(db, ref.moveId);
  if (!move || move.employee_user_id !== ref.userId || move.group_id !== group.id || !canActInGroup(user, move.group_id)) {
    throw new AppError("NOT_FOUND", wizardMessages.moveNotFound);
  }
  return move;
}
