/**
 * Adding and removing a stage's services, a service's budget group and the copy of a whole stage (part 2
 * §3, §4; §7 PUT/DELETE …/services/{serviceName}, …/budget-groups/{id}, movestages/copy; see
 * services.ts). Writes act on DRAFT versions only, in one transaction with an audit row.
 */
import type { DB } from "../../db/index.ts";
import { lockRow } from "../../db/locks.ts";
import {
  copyStageRows,
  countActiveMoveUsers,
  deleteStageRows,
  ensureBudgetGroup,
  findCatalogueService,
  findStageService,
  findStageServices,
  insertStageService,
} from "../../db/queries/policy/policy.ts";
import { AppError } from "../../domain/errors.ts";
import { NO_BUDGET_GROUP, type ServicePolicyType } from "../../domain/policy/catalogue.ts";
import { policyMessages } from "../../domain/policy/messages.ts";
import type { TAssignBudgetGroupResponse, TCopyStageResponse, TServiceResponse, TSuccessResponse } from "../../domain/policy/schemas.ts";
import { applyServicePolicyType, defaultBudgetType, sharedBudgetGroups } from "../../domain/policy/service-rules.ts";
import { assertPolicyRole, type VersionRef } from "./access.ts";
import { assertStageInRange, auditPolicy, conflictOnDuplicate, type PolicyActor } from "./common.ts";
import { fail, loadStageService } from "./services.ts";

/**
 * PUT …/movestages/{stage}/services/{serviceName}: adds a catalogue service to the stage with the
 * defaults (policy type 2 "budget", the service's default budget type, no budget group).
 */
export async function addStageService(
  db: DB,
  actor: PolicyActor,
  version: VersionRef,
  stage: number,
  serviceKey: string,
  now = new Date(),
): Promise<TServiceResponse> {
  assertPolicyRole(actor.user, "write");
  await assertStageInRange(db, version.id, stage);
  const service = await findCatalogueService(db, serviceKey);
  if (!service) throw new AppError("NOT_FOUND", policyMessages.unknownService);
  return conflictOnDuplicate(policyMessages.serviceAlreadyOnStage, () => db.transaction().execute(async (trx) => {
    if (await findStageService(trx, version.versionId, stage, serviceKey)) {
      throw new AppError("CONFLICT", policyMessages.serviceAlreadyOnStage);
    }
    const last = await trx
      .selectFrom("policy_services")
      .select((eb) => eb.fn.max("sort_order").as("n"))
      .where("policy_version_id", "=", version.versionId)
      .where("move_stage", "=", stage)
      .executeTakeFirst();
    const values = {
      policy_version_id: version.versionId,
      move_stage: stage,
      service_key: service.key,
      service_policy_type: 2,
      budget_group: NO_BUDGET_GROUP,
      budget_type: defaultBudgetType(service.key) ?? service.default_budget_type,
      cash_service: service.cash_service,
      sort_order: Number(last?.n ?? -1) + 1,
    };
    const id = await insertStageService(trx, values);
    await auditPolicy(trx, actor, {
      groupId: version.groupId,
      entity: "policy_service",
      entityId: id,
      action: "policyServiceAdded",
      newValues: { policyVersionId: version.versionId, moveStage: stage, serviceKey: service.key },
    }, now);
    return { success: true as const, service: await loadStageService(trx, version, stage, service.key) };
  }));
}

/**
 * DELETE …/services/{serviceName}: removes the service from the stage. Cash Flex cannot be removed
 * while employees are on the policy (cashFlexInUse). With `budgetGroupId` (the service's budget
 * group number) the group is deleted too when no other service of the stage is left in it.
 */
export async function removeStageService(
  db: DB,
  actor: PolicyActor,
  version: VersionRef,
  stage: number,
  serviceKey: string,
  budgetGroupId?: number,
  now = new Date(),
): Promise<TSuccessResponse> {
  assertPolicyRole(actor.user, "write");
  return db.transaction().execute(async (trx) => {
    await lockRow(trx, "policy_versions", version.versionId); // the group may be deleted: edits of the version queue
    const row = await findStageService(trx, version.versionId, stage, serviceKey);
    if (!row) throw new AppError("NOT_FOUND", policyMessages.serviceNotFound);
    if (row.is_cash_flex === 1) {
      const users = await countActiveMoveUsers(trx, version.id);
      if (users > 0) throw new AppError("CONFLICT", policyMessages.cashFlexInUse(users));
    }
    await trx.deleteFrom("policy_services").where("id", "=", row.id).execute();
    // The popup lists the stage's services: a removed service leaves it too.
    await trx
      .deleteFrom("policy_popup_items")
      .where("policy_version_id", "=", version.versionId)
      .where("move_stage", "=", stage)
      .where("service_key", "=", row.service_key)
      .execute();
    let groupDeleted = false;
    if (budgetGroupId !== undefined && budgetGroupId !== NO_BUDGET_GROUP && budgetGroupId === row.budget_group) {
      const others = await trx
        .selectFrom("policy_services")
        .select("id")
        .where("policy_version_id", "=", version.versionId)
        .where("move_stage", "=", stage)
        .where("budget_group", "=", budgetGroupId)
        .limit(1)
        .executeTakeFirst();
      if (!others) {
        await trx
          .deleteFrom("budget_groups")
          .where("policy_version_id", "=", version.versionId)
          .where("move_stage", "=", stage)
          .where("group_number", "=", budgetGroupId)
          .execute();
        groupDeleted = true;
      }
    }
    const { service_name: _n, is_cash_flex: _c, ...old } = row;
    await auditPolicy(trx, actor, {
      groupId: version.groupId,
      entity: "policy_service",
      entityId: row.id,
      action: "policyServiceRemoved",
      oldValues: old,
      newValues: { budgetGroupDeleted: groupDeleted },
    }, now);
    return { success: true as const };
  });
}

/**
 * PUT …/services/{serviceName}/budget-groups/{id}: puts the service in budget group `groupNumber`
 * (1–20, or 99 for none), creating the stage's budget group when needed. `shared` lists the other
 * services of the stage in that group (the UI confirms before a shared group is left).
 */
export async function assignBudgetGroup(
  db: DB,
  actor: PolicyActor,
  version: VersionRef,
  stage: number,
  serviceKey: string,
  groupNumber: number,
  now = new Date(),
): Promise<TAssignBudgetGroupResponse> {
  assertPolicyRole(actor.user, "write");
  return db.transaction().execute(async (trx) => {
    await lockRow(trx, "policy_versions", version.versionId); // the version's budget groups change: edits queue
    const row = await findStageService(trx, version.versionId, stage, serviceKey);
    if (!row) throw new AppError("NOT_FOUND", policyMessages.serviceNotFound);
    const effect = applyServicePolicyType(row.service_policy_type as ServicePolicyType, { budgetGroup: groupNumber, budgetType: row.budget_type });
    if (effect.budgetGroup !== groupNumber) fail("budgetGroup", policyMessages.budgetGroupOutOfRange, "CONFLICT");
    if (groupNumber !== NO_BUDGET_GROUP) await ensureBudgetGroup(trx, version.versionId, stage, groupNumber);
    await trx.updateTable("policy_services").set({ budget_group: groupNumber }).where("id", "=", row.id).execute();
    const stageServices = await findStageServices(trx, version.versionId, stage);
    const shared = groupNumber === NO_BUDGET_GROUP
      ? []
      : (sharedBudgetGroups(stageServices.map((s) => ({ serviceKey: s.service_key, budgetGroup: s.budget_group }))).get(groupNumber) ?? []).filter(
          (k) => k !== row.service_key,
        );
    await auditPolicy(trx, actor, {
      groupId: version.groupId,
      entity: "policy_service",
      entityId: row.id,
      action: "policyServiceBudgetGroup",
      oldValues: { budgetGroup: row.budget_group },
      newValues: { budgetGroup: groupNumber },
    }, now);
    return { success: true as const, budgetGroup: groupNumber, shared, service: await loadStageService(trx, version, stage, row.service_key) };
  });
}

/**
 * POST …/movestages/copy?moveStageIdFrom=&moveStageIdTo=: replaces the services, benefits, budget
 * groups and budgets (with rates) of one stage with a copy of another's.
 */
export async function copyMoveStage(
  db: DB,
  actor: PolicyActor,
  version: VersionRef,
  from: number,
  to: number,
  now = new Date(),
): Promise<TCopyStageResponse> {
  assertPolicyRole(actor.user, "write");
  await assertStageInRange(db, version.id, from);
  await assertStageInRange(db, version.id, to);
  if (from === to) fail("moveStageIdTo", policyMessages.moveStageOutOfRange);
  return db.transaction().execute(async (trx) => {
    // Delete-then-copy: parallel copies queue on the version's row, else each one's delete misses the
    // others' uncommitted copies (duplicate keys, deadlocks on PostgreSQL).
    await lockRow(trx, "policy_versions", version.versionId);
    await deleteStageRows(trx, version.versionId, to, false);
    const copied = await copyStageRows(trx, { versionId: version.versionId, stage: from }, { versionId: version.versionId, stage: to });
    await auditPolicy(trx, actor, {
      groupId: version.groupId,
      entity: "policy_version",
      entityId: version.versionId,
      action: "policyStageCopied",
      newValues: { moveStageIdFrom: from, moveStageIdTo: to, ...copied },
    }, now);
    return { success: true as const, ...copied };
  });
}
