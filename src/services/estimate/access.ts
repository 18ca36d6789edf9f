/**
 * Who may work on a move's cost estimate (part 1 §6 "HR/mobility managers … work on estimates",
 * "Cost estimate authorisation is per group", "Cost estimate export route sits under the group
 * prefix, or a CRM prefix when no group"): HR of the move's group and platform admins write;
 * CRM agents also read (history, one version, export). The policy must have an estimate and the
 * group's cost-estimate flag must be on.
 */
import type { DB } from "../../db/index.ts";
import { findMoveWithPolicy, type MoveWithPolicy } from "../../db/queries/moves/moves.ts";
import { estimateMessages } from "../../domain/estimate/messages.ts";
import { AppError } from "../../domain/errors.ts";
import { messages } from "../../domain/messages.ts";
import { canActInGroup, type Role } from "../../domain/roles.ts";
import { wizardMessages } from "../../domain/moves/wizard/messages.ts";
import type { SessionUser } from "../identity/auth.ts";
import { isCostEstimateAuthorised } from "../../domain/estimate/authorisation.ts";

export const ESTIMATE_WRITE_ROLES: readonly Role[] = ["HR", "ADMIN"];
export const ESTIMATE_READ_ROLES: readonly Role[] = ["HR", "ADMIN", "CRM"];

export type EstimateMove = MoveWithPolicy;

/** The move after the role, group, policy and group-flag checks. */
export async function estimateMoveForCaller(
  db: DB,
  user: SessionUser,
  ref: { employeeId: number; moveId: number },
  access: "read" | "write" = "write",
): Promise<EstimateMove> {
  const roles = access === "write" ? ESTIMATE_WRITE_ROLES : ESTIMATE_READ_ROLES;
  if (!roles.includes(user.role)) throw new AppError("FORBIDDEN", messages.forbidden);
  const move = await findMoveWithPolicy(db, ref.moveId);
  if (!move || move.employee_user_id !== ref.employeeId) throw new AppError("NOT_FOUND", wizardMessages.moveNotFound);
  // CRM agents work across groups (welcome calls); HR only in its own group.
  if (user.role !== "CRM" && !canActInGroup(user, move.group_id)) throw new AppError("FORBIDDEN", messages.otherGroup);
  if (move.estimate_type === "NONE") throw new AppError("VALIDATION", estimateMessages.noEstimateOnPolicy);
  if (move.status === "cancelled") throw new AppError("VALIDATION", wizardMessages.moveCancelled);
  // The group's flags come with the move (one read).
  if (!isCostEstimateAuthorised(move)) throw new AppError("FORBIDDEN", estimateMessages.estimateDisabled);
  return move;
}
