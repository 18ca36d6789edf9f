/**
 * policy.services.costEstimateSettings (part 2 §2, the cost-estimates popup of a policy-details
 * service): reads what a new move's estimate would use for one service of a policy version and
 * shapes it with the pure rule in src/domain/policy/service-estimate.ts. Read only.
 */
import type { DB } from "../../db/index.ts";
import { findOptionFormulas, findVersionRates } from "../../db/queries/estimate/estimate.ts";
import { findPolicyEstimateType, findVersionStageService } from "../../db/queries/policy/service-estimate.ts";
import { findSummaryBenefits, findSummaryBudgets, findSummaryServices } from "../../db/queries/moves/wizard.ts";
import { AppError } from "../../domain/errors.ts";
import { ESTIMATE_TYPES, type EstimateType } from "../../domain/policy/catalogue.ts";
import { policyMessages } from "../../domain/policy/messages.ts";
import { optionFormulas, serviceEstimateSettings, type TServiceEstimateSettingsResponse } from "../../domain/policy/service-estimate.ts";
import type { VersionRef } from "./access.ts";

export async function serviceCostEstimateSettings(
  db: DB,
  version: VersionRef,
  moveStage: number,
  serviceKey: string,
): Promise<TServiceEstimateSettingsResponse> {
  const service = await findVersionStageService(db, version.versionId, moveStage, serviceKey);
  if (!service) throw new AppError("NOT_FOUND", policyMessages.serviceNotFound);
  const [estimateType, services, budgets, choices, rates] = await Promise.all([
    findPolicyEstimateType(db, version.id),
    findSummaryServices(db, version.versionId),
    findSummaryBudgets(db, version.versionId),
    findSummaryBenefits(db, version.versionId),
    findVersionRates(db, version.versionId),
  ]);
  // The benefit option the estimate takes without a stage-3 choice: the version's first for the service.
  const optionId = choices.find((c) => c.policy_service_id === service.id && c.benefit_option_id !== null)?.benefit_option_id ?? null;
  const rows = optionId === null ? [] : await findOptionFormulas(db, [optionId], version.groupId, version.id);
  return serviceEstimateSettings({
    estimateType: (ESTIMATE_TYPES as readonly string[]).includes(estimateType ?? "") ? (estimateType as EstimateType) : "NONE",
    service,
    services,
    budgets,
    option: optionId === null ? null : optionFormulas(rows, optionId),
    rates,
  });
}
