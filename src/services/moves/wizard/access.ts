/**
 * Who may work on a move in the wizard: HR of the move's group and platform admins (part 1 §6
 * "HR/mobility managers: create moves"). A move of another group answers FORBIDDEN, an unknown
 * move or one that does not belong to the named employee NOT_FOUND.
 */
import type { DB } from "../../../db/index.ts";
import { findMoveWithPolicy, type MoveWithPolicy } from "../../../db/queries/moves/moves.ts";
import { AppError } from "../../../domain/errors.ts";
import { messages } from "../../../domain/messages.ts";
import { canActInGroup, type Role } from "../../../domain/roles.ts";
import { wizardMessages } from "../../../domain/moves/wizard/messages.ts";
import type { SessionUser } from "../../identity/auth.ts";

/** Roles that initiate moves. */
export const WIZARD_ROLES: readonly Role[] = ["HR", "ADMIN"];

export async function moveForCaller(db: DB, user: SessionUser, ref: { employeeId: number; moveId: number }): Promise<MoveWithPolicy> {
  if (!WIZARD_ROLES.includes(user.role)) throw new AppError("FORBIDDEN", messages.forbidden);
  const move = await findMoveWithPolicy(db, ref.moveId);
  if (!move || move.employee_user_id !== ref.employeeId) throw new AppError("NOT_FOUND", wizardMessages.moveNotFound);
  if (!canActInGroup(user, move.group_id)) throw new AppError("FORBIDDEN", messages.otherGroup);
  return move;
}
