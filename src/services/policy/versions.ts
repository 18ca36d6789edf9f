import type { DB } from "../../db/index.ts";
import {
  copyPopupRows,
  copyStageRows,
  findDraftVersion,
  findLatestVersion,
  findPolicyMetadataOverrides,
  findPolicyRow,
  findTagsOfPolicies,
  insertPolicy,
  insertVersion,
  replacePolicyTags,
} from "../../db/queries/policy/policy.ts";
import { AppError } from "../../domain/errors.ts";
import { lockRow } from "../../db/locks.ts";
import { policyMessages } from "../../domain/policy/messages.ts";
import type {
  TCloneFields,
  TCloneResponse,
  TCompleteResponse,
  TCreateVersionResponse,
  TSuccessResponse,
  TValidationResponse,
} from "../../domain/policy/schemas.ts";
import { canSkipMandatoryAttributes, validateVersion } from "../../domain/policy/validation.ts";
import { assertPolicyGroup, assertPolicyRole, versionForCaller, type PolicyRef, type VersionRef } from "./access.ts";
import { auditPolicy, conflictOnDuplicate, type PolicyActor } from "./common.ts";
import { resolveGroup, setupUrl } from "./policies.ts";
import { loadVersionSnapshot } from "./snapshot.ts";

/**
 * Policy versions (part 2 §4 "policy version", §7 version link, clone link, DELETE
 * policies/versions/{id}, POST /policy/versions/{versionId}/complete, GET versions/{v}/validation).
 * A version is a copy of rows (decision 004): a new draft copies the latest released version;
 * released versions are never written, and moves keep the version they started on.
 */

/** Copies every row of a version (services, benefits, budget groups, budgets, rates, popup) onto another. */
async function copyVersion(db: DB, fromVersionId: number, toVersionId: number) {
  await copyStageRows(db, { versionId: fromVersionId }, { versionId: toVersionId });
  await copyPopupRows(db, fromVersionId, toVersionId);
}

/**
 * "Version link": a DRAFT copy of the latest released version (CONFLICT draftExists when the
 * policy already has a draft). Returns the setup page to continue on.
 */
export async function createDraftVersion(db: DB, actor: PolicyActor, policy: PolicyRef, now = new Date()): Promise<TCreateVersionResponse> {
  assertPolicyRole(actor.user, "write");
  const at = now.toISOString();
  return conflictOnDuplicate(policyMessages.draftExists, () => db.transaction().execute(async (trx) => {
    // One draft at a time: parallel requests queue on the policy's row and the later ones find the
    // draft; the partial unique index (one DRAFT per policy) backs it up.
    await lockRow(trx, "policies", policy.id);
    if (await findDraftVersion(trx, policy.id)) throw new AppError("CONFLICT", policyMessages.draftExists);
    const latest = await findLatestVersion(trx, policy.id);
    const source = await findLatestVersion(trx, policy.id, "RELEASED");
    const versionId = await insertVersion(trx, {
      policyId: policy.id,
      versionNumber: (latest?.version_number ?? 0) + 1,
      createdBy: actor.user.id,
      now: at,
    });
    if (source) await copyVersion(trx, source.id, versionId);
    await auditPolicy(trx, actor, {
      groupId: policy.groupId,
      entity: "policy_version",
      entityId: versionId,
      action: "policyVersionCreated",
      newValues: { policyId: policy.id, versionNumber: (latest?.version_number ?? 0) + 1, copiedFrom: source?.id ?? null },
    }, now);
    return { success: true as const, redirectUrl: setupUrl(policy.id), versionId };
  }));
}

/**
 * "Clone link": a new policy named `name` in the customer group `customerName` (URL name or id)
 * with every setting of this one, its policy-level metadata overrides, its tags (same group only)
 * and a copy of its latest version as DRAFT version 1.
 */
export async function clonePolicy(db: DB, actor: PolicyActor, policy: PolicyRef, input: TCloneFields, now = new Date()): Promise<TCloneResponse> {
  assertPolicyRole(actor.user, "write");
  if (input.name === "") throw new AppError("VALIDATION", policyMessages.cloneNameRequired, { name: policyMessages.cloneNameRequired });
  if (input.customerName === "") {
    throw new AppError("VALIDATION", policyMessages.cloneGroupRequired, { customerName: policyMessages.cloneGroupRequired });
  }
  if (input.name.length > 200) throw new AppError("VALIDATION", policyMessages.versioningFailed, { name: policyMessages.versioningFailed });
  const group = await resolveGroup(db, input.customerName).catch((e: unknown) => {
    if (e instanceof AppError && e.code === "NOT_FOUND") {
      throw new AppError("VALIDATION", policyMessages.cloneGroupRequired, { customerName: policyMessages.cloneGroupRequired });
    }
    throw e;
  });
  assertPolicyGroup(actor.user, group.id, "write");
  const at = now.toISOString();
  return db.transaction().execute(async (trx) => {
    const row = await findPolicyRow(trx, policy.id);
    if (!row) throw new AppError("NOT_FOUND", policyMessages.policyNotFound);
    const { id: _id, ...settings } = row;
    const newId = await insertPolicy(trx, { ...settings, group_id: group.id, name: input.name, created_at: at, updated_at: at });
    if (group.id === row.group_id) {
      const tags = await findTagsOfPolicies(trx, [row.id]);
      await replacePolicyTags(trx, newId, tags.map((t) => t.id));
    }
    const overrides = await findPolicyMetadataOverrides(trx, row.id);
    if (overrides.length > 0) {
      await trx
        .insertInto("benefit_metadata")
        .values(overrides.map(({ id: _o, ...m }) => ({ ...m, policy_id: newId, group_id: group.id, updated_at: at })))
        .execute();
    }
    const versionId = await insertVersion(trx, { policyId: newId, versionNumber: 1, createdBy: actor.user.id, now: at });
    const source = await findLatestVersion(trx, row.id);
    if (source) await copyVersion(trx, source.id, versionId);
    await auditPolicy(trx, actor, {
      groupId: group.id,
      entity: "policy",
      entityId: newId,
      action: "policyCloned",
      newValues: { from: row.id, fromVersionId: source?.id ?? null, name: input.name, groupId: group.id, policyVersionId: versionId },
    }, now);
    return { success: true as const, id: newId, policyVersionId: versionId };
  });
}

/**
 * Deletes a DRAFT version with everything on it (DELETE policies/versions/{id}). A released
 * version is refused (CONFLICT, errorDeletingDraft). ADMIN only.
 */
export async function deleteDraftVersion(db: DB, actor: PolicyActor, versionId: number, now = new Date()): Promise<TSuccessResponse> {
  assertPolicyRole(actor.user, "write");
  const version = await versionForCaller(db, actor.user, versionId, "read");
  assertPolicyGroup(actor.user, version.groupId, "write");
  if (version.versionStatus !== "DRAFT") throw new AppError("CONFLICT", policyMessages.errorDeletingDraft);
  return db.transaction().execute(async (trx) => {
    const inUse = await trx.selectFrom("moves").select("id").where("policy_version_id", "=", versionId).limit(1).executeTakeFirst();
    if (inUse) throw new AppError("CONFLICT", policyMessages.errorDeletingDraft);
    // Conditional: of parallel deletes one removes the draft, the others are refused.
    const deleted = await trx.deleteFrom("policy_versions").where("id", "=", versionId).where("status", "=", "DRAFT").returning("id").execute();
    if (deleted.length === 0) throw new AppError("CONFLICT", policyMessages.errorDeletingDraft);
    await auditPolicy(trx, actor, {
      groupId: version.groupId,
      entity: "policy_version",
      entityId: versionId,
      action: "policyDraftDeleted",
      oldValues: { policyId: version.id, versionNumber: version.versionNumber },
    }, now);
    return { success: true as const };
  });
}

/** GET versions/{version}/validation: every submit error of the version (an empty list when it is ready). */
export async function validateVersionById(db: DB, version: VersionRef): Promise<TValidationResponse> {
  const snapshot = await loadVersionSnapshot(db, version.versionId);
  return { success: true, errors: validateVersion(snapshot) };
}

/**
 * Releases a DRAFT (the confirm page's POST /policy/versions/{versionId}/complete): the version
 * must validate, except that a version at or below the ignore-mandatory-attribute version whose
 * only errors are mandatory attributes may skip them with `ignoreMandatory`. Employees keep the
 * version they started on; new moves take the newest released version.
 */
export async function completeVersion(
  db: DB,
  actor: PolicyActor,
  version: VersionRef,
  ignoreMandatory: boolean,
  now = new Date(),
): Promise<TCompleteResponse> {
  assertPolicyRole(actor.user, "write");
  return db.transaction().execute(async (trx) => {
    const errors = validateVersion(await loadVersionSnapshot(trx, version.versionId));
    const canSkip = canSkipMandatoryAttributes(version.versionNumber, errors);
    if (errors.length > 0 && !(ignoreMandatory && canSkip)) {
      return { success: false, errors, canSkipMandatory: canSkip, message: policyMessages.versionHasErrors };
    }
    const at = now.toISOString();
    const updated = await trx
      .updateTable("policy_versions")
      .set({ status: "RELEASED", released_at: at, released_by: actor.user.id })
      .where("id", "=", version.versionId)
      .where("status", "=", "DRAFT")
      .executeTakeFirst();
    if (Number(updated.numUpdatedRows) !== 1) throw new AppError("CONFLICT", policyMessages.versionNotEditable);
    await trx.updateTable("policies").set({ updated_at: at }).where("id", "=", version.id).execute();
    await auditPolicy(trx, actor, {
      groupId: version.groupId,
      entity: "policy_version",
      entityId: version.versionId,
      action: "policyVersionReleased",
      oldValues: { status: "DRAFT" },
      newValues: { status: "RELEASED", versionNumber: version.versionNumber, skippedMandatory: errors.length > 0 },
    }, now);
    return { success: true, errors: [], canSkipMandatory: false, redirectUrl: `/policy/search?group=${encodeURIComponent(await groupNameOf(trx, version.groupId))}` };
  });
}

async function groupNameOf(db: DB, groupId: number): Promise<string> {
  const row = await db.selectFrom("groups").select("name").where("id", "=", groupId).executeTakeFirst();
  return row?.name ?? "";
}
