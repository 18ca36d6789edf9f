import { createContext, useContext } from "react";
import type { TDetailsResponse, TValidationError } from "../../../domain/policy/schemas.ts";
import { queryClient, trpc } from "../../lib/trpc.ts";

export type DetailsStage = TDetailsResponse["moveStages"][number];
export type DetailsService = DetailsStage["services"][number];
export type DetailsBudgetGroup = DetailsStage["budgetGroups"][number];

/** What every part of the policy details screen needs: which version, whether it can change, shared lists. */
export type DetailsContextValue = {
  policyId: number;
  policyVersionId: number;
  group: string;
  groupId: number;
  readOnly: boolean;
  currencies: { code: string; name: string }[];
  /** Errors of the last "Validate" run (empty before it). */
  validationErrors: TValidationError[];
};

export const DetailsContext = createContext<DetailsContextValue | null>(null);

export function useDetails(): DetailsContextValue {
  const value = useContext(DetailsContext);
  if (!value) throw new Error("useDetails outside the policy details page");
  return value;
}

/** Reloads the version's details (and the validation result, which may have changed). */
export function refreshDetails(): Promise<void> {
  return Promise.all([
    queryClient.invalidateQueries(trpc.policy.policies.details.pathFilter()),
    queryClient.invalidateQueries(trpc.policy.services.properties.pathFilter()),
  ]).then(() => undefined);
}

/**
 * Reloads the details after an autosave and lets the reloaded data reach the fields before the
 * save counts as settled (so a field following the server value never shows the older one).
 */
export async function refreshDetailsSettled(): Promise<void> {
  await refreshDetails();
  await new Promise((resolve) => setTimeout(resolve, 0));
}

/** The input that names one move-stage service of the version being edited. */
export function serviceRef(ctx: DetailsContextValue, moveStage: number, serviceKey: string) {
  return { policyVersionId: ctx.policyVersionId, moveStage, serviceKey };
}
