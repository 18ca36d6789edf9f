import type { DB } from "../../db/index.ts";
import { findGroupById } from "../../db/queries/admin/groups.ts";
import { AppError } from "../../domain/errors.ts";
import { messages } from "../../domain/messages.ts";
import { policyMessages } from "../../domain/policy/messages.ts";
import { canActInGroup, type Role } from "../../domain/roles.ts";
import type { SessionUser } from "../identity/auth.ts";

/**
 * Who may do what with policies: platform admins configure every group's policies; HR reads its
 * own group's policies (search, list, details, the employee policy view). Every policy-scoped
 * procedure and legacy handler resolves its policy or version through these functions, so the
 * group check is never forgotten and never written twice.
 */
export type PolicyAccess = "read" | "write";

export type PolicyRef = { id: number; groupId: number; name: string };
export type VersionRef = PolicyRef & { versionId: number; versionNumber: number; versionStatus: "DRAFT" | "RELEASED" };

/** Who may read and who may write policies (the builders check it before parsing any input). */
export const POLICY_ROLES: Record<PolicyAccess, Role[]> = { read: ["ADMIN", "HR"], write: ["ADMIN"] };

export function assertPolicyRole(user: Pick<SessionUser, "role">, access: PolicyAccess): void {
  if (!POLICY_ROLES[access].includes(user.role)) throw new AppError("FORBIDDEN", messages.forbidden);
}

/** The group a caller may act in for policies: ADMIN any, HR its own. */
export function assertPolicyGroup(user: Pick<SessionUser, "role" | "groupId">, groupId: number, access: PolicyAccess): void {
  assertPolicyRole(user, access);
  if (!canActInGroup(user, groupId)) throw new AppError("FORBIDDEN", messages.otherGroup);
}

/**
 * A group named by id in a request (benefit sets, metadata scopes), checked against the caller;
 * NOT_FOUND for an unknown id, before anything is written under it (no foreign-key failure).
 */
export async function groupForCaller(db: DB, user: Pick<SessionUser, "role" | "groupId">, groupId: number, access: PolicyAccess): Promise<number> {
  assertPolicyGroup(user, groupId, access);
  if (!(await findGroupById(db, groupId))) throw new AppError("NOT_FOUND", policyMessages.groupNotFound, { groupId: policyMessages.groupNotFound });
  return groupId;
}

/** The policy, checked against the caller; NOT_FOUND for an unknown id. */
export async function policyForCaller(db: DB, user: SessionUser, policyId: number, access: PolicyAccess): Promise<PolicyRef> {
  assertPolicyRole(user, access);
  const row = await db
    .selectFrom("policies")
    .select(["id", "group_id", "name"])
    .where("id", "=", policyId)
    .executeTakeFirst();
  if (!row) throw new AppError("NOT_FOUND", policyMessages.policyNotFound);
  assertPolicyGroup(user, row.group_id, access);
  return { id: row.id, groupId: row.group_id, name: row.name };
}

/**
 * The policy version, checked against the caller. Writes need a DRAFT version (released
 * versions are what employees started on and never change).
 */
export async function versionForCaller(db: DB, user: SessionUser, versionId: number, access: PolicyAccess): Promise<VersionRef> {
  assertPolicyRole(user, access);
  const row = await db
    .selectFrom("policy_versions as v")
    .innerJoin("policies as p", "p.id", "v.policy_id")
    .select(["p.id", "p.group_id", "p.name", "v.id as version_id", "v.version_number", "v.status"])
    .where("v.id", "=", versionId)
    .executeTakeFirst();
  if (!row) throw new AppError("NOT_FOUND", policyMessages.versionNotFound);
  assertPolicyGroup(user, row.group_id, access);
  if (access === "write" && row.status !== "DRAFT") throw new AppError("CONFLICT", policyMessages.versionNotEditable);
  return {
    id: row.id,
    groupId: row.group_id,
    name: row.name,
    versionId: row.version_id,
    versionNumber: row.version_number,
    versionStatus: row.status,
  };
}
