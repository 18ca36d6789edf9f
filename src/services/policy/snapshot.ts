import type { DB } from "../../db/index.ts";
import {
  findBudgetGroups,
  findBudgets,
  findPolicyRow,
  findServiceAttributes,
  findServiceBenefits,
  findStageServices,
  findVersionRow,
} from "../../db/queries/policy/policy.ts";
import { AppError } from "../../domain/errors.ts";
import { policyMessages } from "../../domain/policy/messages.ts";
import type { VersionSnapshot } from "../../domain/policy/validation.ts";
import { bool, parseAttributes } from "./common.ts";

/**
 * A policy version as the pure validation rules read it (`validateVersion`): its services with
 * their budget fields, benefit counts, attribute values and required attributes, and the budget
 * groups with their budgets. Used by GET versions/{version}/validation and by the release.
 */
export async function loadVersionSnapshot(db: DB, versionId: number): Promise<VersionSnapshot> {
  const version = await findVersionRow(db, versionId);
  if (!version) throw new AppError("NOT_FOUND", policyMessages.versionNotFound);
  const policy = await findPolicyRow(db, version.policy_id);
  if (!policy) throw new AppError("NOT_FOUND", policyMessages.policyNotFound);

  const services = (await findStageServices(db, versionId)).filter((s) => s.move_stage <= policy.move_stages_count);
  const [benefits, attributes, groups] = await Promise.all([
    findServiceBenefits(db, services.map((s) => s.id)),
    findServiceAttributes(db, [...new Set(services.map((s) => s.service_key))]),
    findBudgetGroups(db, versionId),
  ]);
  const stageGroups = groups.filter((g) => g.move_stage <= policy.move_stages_count);
  const budgets = await findBudgets(db, stageGroups.map((g) => g.id));

  return {
    versionNumber: version.version_number,
    moveStagesCount: policy.move_stages_count,
    estimatePackage: policy.estimate_package,
    services: services.map((s) => ({
      moveStage: s.move_stage,
      serviceKey: s.service_key,
      serviceName: s.service_name,
      servicePolicyType: s.service_policy_type,
      budgetGroup: s.budget_group,
      budgetType: s.budget_type,
      currency: s.currency,
      amount: s.amount,
      provided: bool(s.provided),
      addable: bool(s.addable),
      moveHub: bool(s.move_hub),
      // One benefit per set with a chosen option or value.
      benefitCount: new Set(
        benefits.filter((b) => b.policy_service_id === s.id && (b.benefit_option_id !== null || (b.value ?? "").trim() !== "")).map((b) => b.benefit_set_id),
      ).size,
      attributes: parseAttributes(s.attributes),
      requiredAttributes: attributes
        .filter((a) => a.service_key === s.service_key && a.data_fill_level >= 1)
        .map((a) => ({ key: a.attr_key, label: a.label, dataFillLevel: a.data_fill_level })),
    })),
    budgetGroups: stageGroups.map((g) => ({
      moveStage: g.move_stage,
      groupNumber: g.group_number,
      budgets: budgets
        .filter((b) => b.budget_group_id === g.id)
        .map((b) => ({ id: b.id, currency: b.currency, amount: b.amount, minAmount: b.min_amount, maxAmount: b.max_amount })),
    })),
  };
}
