/**
 * The wizard's and the HR home's URL contracts: what a page's route validates before any page code
 * loads. Kept apart from schemas.ts (which re-exports them) so the web client's entry chunk, which
 * holds the route tree, needs only this small module.
 */
import { z } from "zod";
import { ZId, zInt } from "../../numbers.ts";

const blankToUndefined = (v: unknown) => (v === "" || v === null ? undefined : v);
/** An id from a number or its decimal text (src/domain/numbers.ts: bounded to an integer column, no hex). */
export const zId = ZId;
export const zOptionalId = z.preprocess(blankToUndefined, zId.optional());

export const MOVE_STATUSES = ["draft", "open", "on_assignment", "completed", "cancelled"] as const;
export const ZMoveStatus = z.enum(MOVE_STATUSES);
export const WIZARD_STAGES = [1, 2, 3, 4, 5, 6] as const;
export type WizardStage = (typeof WIZARD_STAGES)[number];
export const zStage = zInt({ min: 1, max: 6 });

/** The wizard's URL query (part 1 §2 "new-move, with query stage (1 to 6), policy, employeeId, …"). */
export const ZWizardSearch = z.object({
  stage: zStage.catch(1).default(1),
  /** The chosen policy version id. */
  policy: zOptionalId.catch(undefined),
  employeeId: zOptionalId.catch(undefined),
  moveId: zOptionalId.catch(undefined),
  skipCE: z.boolean().optional().catch(undefined),
  benefits: z.boolean().optional().catch(undefined),
  previousStage: zStage.optional().catch(undefined),
  externalImport: z.boolean().optional().catch(undefined),
  resume: z.boolean().optional().catch(undefined),
});
export type TWizardSearch = z.infer<typeof ZWizardSearch>;

/** The HR home moves list's sort columns. */
export const MOVE_SORTS = ["employee", "policy", "origin", "destination", "moveDate", "status", "stage", "updated"] as const;
