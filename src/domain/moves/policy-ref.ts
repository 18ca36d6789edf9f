import { z } from "zod";

/** The policy a move runs on, at the version it started on: one shape for the summary and the move page. */
export const ZMovePolicyRef = z.object({
  id: z.number().int(),
  versionId: z.number().int(),
  name: z.string(),
  versionNumber: z.number().int(),
  estimateType: z.string(),
});
export type TMovePolicyRef = z.infer<typeof ZMovePolicyRef>;

/** A move row's policy columns as `ZMovePolicyRef`. */
export function movePolicyRef(move: { policy_id: number; policy_version_id: number; policy_name: string; version_number: number; estimate_type: string }): TMovePolicyRef {
  return { id: move.policy_id, versionId: move.policy_version_id, name: move.policy_name, versionNumber: move.version_number, estimateType: move.estimate_type };
}
