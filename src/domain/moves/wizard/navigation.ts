/**
 * Wizard navigation (part 1 §2 breadcrumb, §4 wizard transitions): which stages a policy shows,
 * where Next and Back go. Stage 6 (advanced estimate inputs) sits between 3 and 4 in the flow
 * for an ADVANCED estimate; the breadcrumb shows it only then.
 */
import { z } from "zod";
import type { EstimateType } from "../../policy/catalogue.ts";

export type WizardPolicy = { estimateType: EstimateType | string; cityGuideOnly: boolean };

/** Stages hidden for a policy: city guide only hides 3 and 4; no cost estimate hides 4 (and 6). */
export function hiddenStages(policy: WizardPolicy): number[] {
  if (policy.cityGuideOnly) return [3, 4, 6];
  if (policy.estimateType === "NONE") return [4, 6];
  if (policy.estimateType !== "ADVANCED") return [6];
  return [];
}

/** The stages in the order the wizard walks them for this policy. */
export function stageOrder(policy: WizardPolicy): number[] {
  const hidden = new Set(hiddenStages(policy));
  return [1, 2, 3, 6, 4, 5].filter((s) => !hidden.has(s));
}

/** Where Next goes from `stage` (null after 5: completion). skipCE goes from 3 or 4 (or 6) straight to 5. */
export function nextStage(policy: WizardPolicy, stage: number, options: { skipCE?: boolean } = {}): number | null {
  if (options.skipCE && (stage === 3 || stage === 4 || stage === 6)) return 5;
  const order = stageOrder(policy);
  const at = order.indexOf(stage);
  if (at === -1) return order.find((s) => s > stage) ?? null;
  return order[at + 1] ?? null;
}

/**
 * Where Back goes (part 1 §4: stages 1, 2, 4 and 5 go back one stage; stage 0 is the group home):
 * 0 means the group home. From 5 after a skipped estimate Back returns to 3.
 */
export function previousStage(policy: WizardPolicy, stage: number, options: { skipCE?: boolean } = {}): number {
  if (stage === 5 && options.skipCE && !policy.cityGuideOnly) return 3;
  const order = stageOrder(policy);
  const at = order.indexOf(stage);
  if (at <= 0) return at === 0 ? 0 : (order.filter((s) => s < stage).at(-1) ?? 0);
  return order[at - 1]!;
}

/** A stage the policy does not show is corrected to the nearest shown stage before it. */
export function visibleStage(policy: WizardPolicy, stage: number): number {
  const hidden = new Set(hiddenStages(policy));
  if (!hidden.has(stage)) return stage;
  return previousStage(policy, stage) || 1;
}

/** A stage as the wizard's stepper shows it: its place among the policy's steps (issue 13 QA item 11). */
export const ZWizardStep = z.object({
  /** 1-based number in the stepper ("step 4 of 5"). */
  number: z.number().int(),
  count: z.number().int(),
  /** The internal stage (1–6), whose name the stepper shows (`wizard.steps.{stage}`). */
  stage: z.number().int(),
});
export type TWizardStep = z.infer<typeof ZWizardStep>;

/** Where a draft resumes, as the stepper numbers it: stage 6 of an advanced estimate is step 4, … */
export function wizardStepOf(policy: WizardPolicy, stage: number): TWizardStep {
  const order = stageOrder(policy);
  const shown = visibleStage(policy, stage);
  const at = order.indexOf(shown);
  return { number: at === -1 ? 1 : at + 1, count: order.length, stage: at === -1 ? order[0]! : shown };
}
