/** English UI texts of the per-service cost-estimates popup on the policy details page (merged into en.ts). */
export const enServiceEstimate = {
  "serviceEstimate.open": "Cost estimates",
} as const;
