/**
 * The HR move page, the spec's employee file summary (part 1 §2 "HR employee files page";
 * part 2 employee file calls under `/{group}/employeefile/…`): one move of one employee with its
 * person, move, policy version, cost estimate, stage-3 overrides and audit timeline. Later areas
 * (files, budgets, expenses, tasks) add their panels to the same page.
 */
import { ZApprovalState } from "../estimate/approval-link.ts";
import { z } from "zod";
import { ZActivationState } from "../roles.ts";
import { ZMovePolicyRef } from "./policy-ref.ts";
import { ZMoveStatus, zId } from "./wizard/search.ts";
import { ZWizardStep } from "./wizard/navigation.ts";

export const ZMoveFileRequest = z.object({ group: z.string().trim().min(1).max(64), employeeId: zId, moveId: zId });
export type TMoveFileRequest = z.infer<typeof ZMoveFileRequest>;

export const ZMoveFileResponse = z.object({
  person: z.object({
    id: z.number().int(),
    firstName: z.string(),
    lastName: z.string(),
    email: z.string(),
    activationState: ZActivationState,
  }),
  move: z.object({
    id: z.number().int(),
    status: ZMoveStatus,
    /** The wizard stage a draft resumes at (1–6). */
    wizardStage: z.number().int(),
    /** That stage as the wizard's stepper numbers and names it. */
    wizardStep: ZWizardStep,
    currentMoveStage: z.number().int(),
    moveStagesCount: z.number().int(),
    /** The name of the current move stage ("Pre-Departure", …). */
    moveStageName: z.string(),
    origin: z.string().nullable(),
    destination: z.string().nullable(),
    moveDate: z.string().nullable(),
    assignmentStartDate: z.string().nullable(),
    assignmentEndDate: z.string().nullable(),
    createdAt: z.string(),
    initiatedAt: z.string().nullable(),
    initiatedBy: z.string().nullable(),
  }),
  policy: ZMovePolicyRef,
  /** Whether the move's policy has a cost estimate (stage 4). */
  estimateAvailable: z.boolean(),
  /** The CURRENT estimate version, or null when none was made. */
  estimate: z
    .object({
      costEstimateId: z.number().int(),
      versionNumber: z.number().int(),
      type: z.string(),
      /** Whole units in the display currency, e.g. "USD 123,456". */
      total: z.string(),
      createdAt: z.string(),
      createdBy: z.string().nullable(),
      isApproved: z.boolean(),
      approverName: z.string().nullable(),
      approverEmail: z.string().nullable(),
      approvalDate: z.string().nullable(),
      /** Approved, rejected with the approver's comment, pending since sent, or never sent (issue 13 item 6). */
      approvalState: ZApprovalState,
    })
    .nullable(),
  /** Estimate versions that are not deleted (the current one included). */
  estimateVersions: z.number().int(),
  overrides: z.object({
    services: z.array(
      z.object({
        moveStage: z.number().int(),
        moveStageName: z.string(),
        title: z.string(),
        change: z.enum(["added", "removed", "changed"]),
        /** The chosen option or amount, when the override sets one. */
        detail: z.string().nullable(),
      }),
    ),
    budgets: z.array(z.object({ moveStage: z.number().int(), moveStageName: z.string(), budgetGroup: z.number().int(), amount: z.string() })),
  }),
  /** Audit rows of the move and its employee, newest first (at most TIMELINE_LIMIT). */
  timeline: z.array(
    z.object({
      id: z.number().int(),
      at: z.string(),
      entity: z.string(),
      action: z.string(),
      actor: z.string().nullable(),
    }),
  ),
});
export type TMoveFileResponse = z.infer<typeof ZMoveFileResponse>;

export const TIMELINE_LIMIT = 100;

/** A stage-3 service override as stored, beside what the move's policy version says for that service. */
export type ServiceOverrideVsPolicy = {
  selected: boolean;
  /** Addable services are off unless the override adds them; the others are part of the policy. */
  addable: boolean;
  benefitOptionId: number | null;
  amount: number | null;
  currency: string | null;
  policy: { benefitOptionId: number | null; amount: number | null; currency: string | null };
};

/**
 * What a stage-3 service override changed against the move's policy version (null: nothing; the
 * move follows its policy there). Stage 3 stores every service it shows, touched or not, so a row
 * alone is no change: only a different benefit option or amount is "changed".
 */
export function overrideChange(o: ServiceOverrideVsPolicy): "added" | "removed" | "changed" | null {
  if (o.selected && o.addable) return "added";
  if (!o.selected && !o.addable) return "removed";
  if (!o.selected) return null;
  const optionChanged = o.benefitOptionId !== null && o.benefitOptionId !== o.policy.benefitOptionId;
  const amountChanged = (o.amount !== null || o.currency !== null) && (o.amount !== o.policy.amount || o.currency !== o.policy.currency);
  return optionChanged || amountChanged ? "changed" : null;
}

/** Whether a stage-3 budget override differs from the policy's budget for that group (none: it does). */
export function budgetOverrideChanged(o: { amount: number; currency: string }, policy: { amount: number; currency: string } | null): boolean {
  return policy === null || policy.amount !== o.amount || policy.currency !== o.currency;
}
