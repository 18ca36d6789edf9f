import type { DB } from "../../db/index.ts";
import { insertAudit } from "../../db/queries/audit.ts";
import { findDraftVersion, findPolicyRow } from "../../db/queries/policy/policy.ts";
import { AppError } from "../../domain/errors.ts";
import { policyMessages } from "../../domain/policy/messages.ts";
import type { SessionUser } from "../identity/auth.ts";
import type { PolicyRef, VersionRef } from "./access.ts";

/** Who is acting, for the audit log and the access checks. */
export type PolicyActor = { user: SessionUser; ip: string | null };

export type AuditedEntity =
  | "policy"
  | "policy_version"
  | "policy_service"
  | "budget"
  | "benefit_set"
  | "benefit_option"
  | "benefit_metadata"
  | "metadata_info"
  | "policy_popup"
  | "group_tag"
  | "service_attribute";

/** One audit row of a policy-area write (groupId null: the global catalogue); call inside the write's transaction. */
export function auditPolicy(
  db: DB,
  actor: PolicyActor,
  e: { groupId: number | null; entity: AuditedEntity; entityId: number | string; action: string; oldValues?: unknown; newValues?: unknown },
  now = new Date(),
) {
  return insertAudit(db, {
    actorUserId: actor.user.id,
    groupId: e.groupId,
    entity: e.entity,
    entityId: e.entityId,
    action: e.action,
    oldValues: e.oldValues,
    newValues: e.newValues,
    ip: actor.ip,
    at: now.toISOString(),
  });
}

/** The policy's DRAFT version, for the calls that name no version (budgets); CONFLICT noDraft without one. */
export async function draftVersionOf(db: DB, policy: PolicyRef): Promise<VersionRef> {
  const draft = await findDraftVersion(db, policy.id);
  if (!draft) throw new AppError("CONFLICT", policyMessages.noDraft);
  return { ...policy, versionId: draft.id, versionNumber: draft.version_number, versionStatus: draft.status };
}

/** The number of move stages of the version's policy. */
export async function moveStagesCountOf(db: DB, policyId: number): Promise<number> {
  const row = await findPolicyRow(db, policyId);
  if (!row) throw new AppError("NOT_FOUND", policyMessages.policyNotFound);
  return row.move_stages_count;
}

/** VALIDATION moveStageOutOfRange unless 1 ≤ stage ≤ the policy's number of move stages. */
export async function assertStageInRange(db: DB, policyId: number, stage: number): Promise<void> {
  const count = await moveStagesCountOf(db, policyId);
  if (!Number.isInteger(stage) || stage < 1 || stage > count) {
    throw new AppError("VALIDATION", policyMessages.moveStageOutOfRange, { moveStage: policyMessages.moveStageOutOfRange });
  }
}

/** A legacy path names a policy and a version: the version must be that policy's. */
export function assertVersionOfPolicy(version: VersionRef, policyId: number): void {
  if (version.id !== policyId) throw new AppError("NOT_FOUND", policyMessages.versionNotFound);
}

/** Parses the JSON attributes column into a string map (bad or non-object JSON reads as empty). */
export function parseAttributes(text: string | null | undefined): Record<string, string> {
  if (!text) return {};
  try {
    const value: unknown = JSON.parse(text);
    if (!value || typeof value !== "object" || Array.isArray(value)) return {};
    const out: Record<string, string> = {};
    for (const [k, v] of Object.entries(value)) if (v !== null && v !== undefined) out[k] = String(v);
    return out;
  } catch {
    return {};
  }
}

export const bool = (n: number | null | undefined) => n === 1;
export const flag = (b: boolean) => (b ? 1 : 0);

/** A unique-constraint failure on either dialect (two requests creating the same row at once). */
export function isUniqueViolation(error: unknown): boolean {
  if (!error || typeof error !== "object") return false;
  const e = error as { code?: unknown; message?: unknown };
  return e.code === "23505" || e.code === "SQLITE_CONSTRAINT_UNIQUE" || (typeof e.message === "string" && e.message.includes("UNIQUE constraint failed"));
}

/** Runs `work`, turning a unique-constraint failure into CONFLICT `message`. */
export async function conflictOnDuplicate<T>(message: string, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (isUniqueViolation(error)) throw new AppError("CONFLICT", message);
    throw error;
  }
}
