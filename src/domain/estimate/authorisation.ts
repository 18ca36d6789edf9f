/**
 * part 1 §6 "Cost estimate authorisation is per group": cost estimates may be used in a group when
 * its flag is on (PUT /admin/costEstimates) and its billing status is not SUSPENDED.
 */
export function isCostEstimateAuthorised(settings: { cost_estimate_enabled: number; cost_estimate_billing: string }): boolean {
  return settings.cost_estimate_enabled === 1 && settings.cost_estimate_billing !== "SUSPENDED";
}
