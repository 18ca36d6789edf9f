/**
 * Cost-estimate group admin (part 1 §2 "Cost-estimate group admin: per-group flag and billing
 * status", §6 "Cost estimate authorisation is per group", §7 PUT /admin/costEstimates,
 * PUT /admin/costEstimates/billing, GET /policy/setup/getCostEstimateAuthorisation, §8).
 * Writes are ADMIN only (checked by the routers) and run in one transaction with their audit row.
 */
import { isCostEstimateAuthorised } from "../../domain/estimate/authorisation.ts";
import type { DB } from "../../db/index.ts";
import { insertAudit } from "../../db/queries/audit.ts";
import { lockRow } from "../../db/locks.ts";
import { findCostEstimateGroups, findGroupCostEstimateSettings, updateGroupCostEstimateSettings } from "../../db/queries/estimate/admin.ts";
import { findGroupByName } from "../../db/queries/admin/groups.ts";
import { AppError } from "../../domain/errors.ts";
import { ZBillingStatus, type ZAdminUpdateResponse, type ZAuthorisationResponse, type ZCostEstimateGroupsResponse } from "../../domain/estimate/schemas.ts";
import { messages } from "../../domain/messages.ts";
import { canActInGroup, type Role } from "../../domain/roles.ts";
import type { z } from "zod";

export type TBillingStatus = z.infer<typeof ZBillingStatus>;
export type TAdminUpdateResponse = z.infer<typeof ZAdminUpdateResponse>;
export type TAuthorisationResponse = z.infer<typeof ZAuthorisationResponse>;
export type TCostEstimateGroupsResponse = z.infer<typeof ZCostEstimateGroupsResponse>;
export type EstimateAdminActor = { userId: number; ip?: string | null };

/** A stored billing status the app does not know (written outside it) shows as NOT_BILLABLE. */
function billingOf(value: string): TBillingStatus {
  const parsed = ZBillingStatus.safeParse(value);
  return parsed.success ? parsed.data : "NOT_BILLABLE";
}


/** The admin page's list: every group with its flag, billing status and number of current estimates. */
export async function listCostEstimateGroups(db: DB): Promise<TCostEstimateGroupsResponse> {
  const rows = await findCostEstimateGroups(db);
  return {
    groups: rows.map((g) => ({
      groupId: g.id,
      name: g.name,
      displayName: g.display_name,
      costEstimateFlag: g.cost_estimate_enabled === 1,
      billingStatus: billingOf(g.cost_estimate_billing),
      estimates: Number(g.estimates),
    })),
  };
}

type SettingsChange = { cost_estimate_enabled?: number; cost_estimate_billing?: TBillingStatus };

async function updateSettings(db: DB, actor: EstimateAdminActor, groupId: number, change: SettingsChange, action: string, now: Date): Promise<TAdminUpdateResponse> {
  return db.transaction().execute(async (trx) => {
    // The group row is locked before it is read, so parallel identical changes write one audit row.
    await lockRow(trx, "groups", groupId);
    const group = await findGroupCostEstimateSettings(trx, groupId);
    if (!group) throw new AppError("NOT_FOUND", messages.notFound);
    const before = { costEstimateFlag: group.cost_estimate_enabled === 1, billingStatus: billingOf(group.cost_estimate_billing) };
    const unchanged =
      (change.cost_estimate_enabled === undefined || change.cost_estimate_enabled === group.cost_estimate_enabled) &&
      (change.cost_estimate_billing === undefined || change.cost_estimate_billing === group.cost_estimate_billing);
    if (!unchanged) {
      await updateGroupCostEstimateSettings(trx, groupId, change, now.toISOString());
      await insertAudit(trx, {
        at: now.toISOString(),
        actorUserId: actor.userId,
        groupId,
        entity: "group",
        entityId: groupId,
        action,
        oldValues: change.cost_estimate_enabled !== undefined ? { costEstimateFlag: before.costEstimateFlag } : { billingStatus: before.billingStatus },
        newValues:
          change.cost_estimate_enabled !== undefined ? { costEstimateFlag: change.cost_estimate_enabled === 1 } : { billingStatus: change.cost_estimate_billing },
        ip: actor.ip ?? null,
      });
    }
    return { success: true, errorMessage: null };
  });
}

/** PUT /admin/costEstimates: switches cost estimates on or off for a group. */
export function setCostEstimateFlag(
  db: DB,
  actor: EstimateAdminActor,
  input: { groupId: number; costEstimateFlag: boolean },
  now = new Date(),
): Promise<TAdminUpdateResponse> {
  return updateSettings(db, actor, input.groupId, { cost_estimate_enabled: input.costEstimateFlag ? 1 : 0 }, "estimate.setFlag", now);
}

/** PUT /admin/costEstimates/billing: the group's billing status (SUSPENDED withdraws the authorisation). */
export function setBillingStatus(
  db: DB,
  actor: EstimateAdminActor,
  input: { groupId: number; billingStatus: TBillingStatus },
  now = new Date(),
): Promise<TAdminUpdateResponse> {
  return updateSettings(db, actor, input.groupId, { cost_estimate_billing: input.billingStatus }, "estimate.setBilling", now);
}

export const AUTHORISATION_ROLES: Role[] = ["ADMIN", "HR"];

/**
 * GET /policy/setup/getCostEstimateAuthorisation?groupName: may the group use cost estimates?
 * For platform admins and the group's own HR; other roles and other groups are refused.
 */
export async function costEstimateAuthorisation(
  db: DB,
  user: { role: Role; groupId: number | null },
  groupName: string,
): Promise<TAuthorisationResponse> {
  if (!AUTHORISATION_ROLES.includes(user.role)) throw new AppError("FORBIDDEN", messages.forbidden);
  const group = await findGroupByName(db, groupName);
  if (!group) throw new AppError("NOT_FOUND", messages.notFound);
  if (!canActInGroup(user, group.id)) throw new AppError("FORBIDDEN", messages.otherGroup);
  return { success: true, authorised: isCostEstimateAuthorised(group), billingStatus: billingOf(group.cost_estimate_billing) };
}
