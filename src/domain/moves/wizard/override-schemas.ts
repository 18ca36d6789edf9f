/**
 * Contracts of wizard stage 3, policy overrides (part 1 §3 "Policy response", "Policy section",
 * "Policy view component", "Budget (view)"; §7 getPolicyOverrides, employeePolicyServiceBenefits,
 * storePolicyOverrides). Amounts travel as major-unit strings ("1500.00") with their currency;
 * the services convert with src/domain/money.
 */
import { z } from "zod";
import { zInt } from "../../numbers.ts";
import { zFlag } from "../../policy/benefit-schemas.ts";
import { zId, zOptionalId } from "./schemas.ts";
import { ZMoneyText } from "../../money/schemas.ts";

const blankToUndefined = (v: unknown) => (v === "" || v === null ? undefined : v);

/** A field of a policy view component: a list of benefits, or a money amount. */
export const ZListOfBenefitsField = z.object({
  type: z.literal("list-of-benefits"),
  label: z.string(),
  mandatory: z.boolean(),
  benefits: z.array(z.object({ id: z.number().int(), name: z.string() })),
  selectedBenefitId: z.number().int().nullable(),
});
export const ZMoneyAmountField = z.object({
  type: z.literal("money-amount"),
  label: z.string(),
  mandatory: z.boolean(),
  amount: z.string().nullable(),
  currency: z.string().nullable(),
  currencyCodes: z.array(z.string()),
  allowNegative: z.boolean(),
});
export const ZPolicyViewField = z.discriminatedUnion("type", [ZListOfBenefitsField, ZMoneyAmountField]);
export type TPolicyViewField = z.infer<typeof ZPolicyViewField>;

export const ZPolicyViewComponent = z.object({
  /** The service policy type label (Cash flex, Budget, Benefits, View only, Off). */
  type: z.string(),
  service: z.string(),
  title: z.string(),
  icon: z.string(),
  selected: z.boolean(),
  isEditable: z.boolean(),
  isRemovable: z.boolean(),
  nonRemovableReason: z.string().nullable(),
  externalNote: z.string(),
  /** 1–20, or 99 for none. */
  budgetGroupId: z.number().int(),
  fields: z.array(ZPolicyViewField),
});
export type TPolicyViewComponent = z.infer<typeof ZPolicyViewComponent>;

export const ZBudgetGroupComponent = z.object({
  id: z.number().int(),
  budgetAmount: z.string().nullable(),
  currency: z.string().nullable(),
  minimum: z.string().nullable(),
  maximum: z.string().nullable(),
  budgetAuthType: z.string(),
  /** H hard, S soft: a soft budget outside its range is a warning to confirm (part 1 §5). */
  budgetType: z.enum(["H", "S"]).optional(),
  /** The group's outside-range option: with type S, outside the range is a warning to confirm; otherwise an error. */
  allowOutsideRange: z.boolean().optional(),
  /** Two or more services share the budget (part 1 §4). */
  shared: z.boolean(),
  components: z.array(ZPolicyViewComponent),
});
export type TBudgetGroupComponent = z.infer<typeof ZBudgetGroupComponent>;

export const ZPolicySectionView = z.object({
  sectionTitle: z.string(),
  /** Included services (label "Included") and addable ones (label "Available to add"). */
  components: z.array(z.object({ label: z.string(), mandatory: z.boolean(), servicesList: z.array(ZPolicyViewComponent) })),
  budgetGroupComponents: z.array(ZBudgetGroupComponent),
});
export type TPolicySectionView = z.infer<typeof ZPolicySectionView>;

export const ZBudgetView = z.object({
  id: z.number().int(),
  amount: z.string(),
  minAmount: z.string().nullable(),
  maxAmount: z.string().nullable(),
  currency: z.string(),
  services: z.array(z.string()),
  budgetAuthType: z.string(),
});

export const ZMoveStageSection = z.object({
  moveStageId: z.number().int(),
  moveStageName: z.string(),
  isRepatriation: z.boolean(),
  budgets: z.array(ZBudgetView),
  sections: z.array(ZPolicySectionView),
});
export type TMoveStageSection = z.infer<typeof ZMoveStageSection>;

// ── GET /hr/json/getPolicyOverrides?employeeId&moveId ───────────────────────────────────────
export const ZPolicyOverridesRequest = z.object({ employeeId: zId, moveId: zId });
export const ZPolicyOverridesResponse = z.object({
  success: z.boolean(),
  policyName: z.string(),
  isPolicyEditable: z.boolean(),
  currencyCodes: z.array(z.string()),
  moveStageSections: z.array(ZMoveStageSection),
  /** "No benefits are available on this policy" / "No additional benefits may be added to this employee's policy". */
  message: z.string().nullable(),
});
export type TPolicyOverridesResponse = z.infer<typeof ZPolicyOverridesResponse>;

// ── GET /hr/json/employeePolicyServiceBenefits?employeeId&action ────────────────────────────
export const POLICY_BENEFIT_ACTIONS = ["VIEW", "EDIT", "END_ASSIGNMENT"] as const;
export const ZEmployeePolicyServiceBenefitsRequest = z.object({
  employeeId: zId,
  action: z.preprocess((v) => (typeof v === "string" ? v.toUpperCase() : v), z.enum(POLICY_BENEFIT_ACTIONS)).default("VIEW"),
  moveId: zOptionalId,
});
export const ZEmployeePolicyServiceBenefitsResponse = z.object({
  success: z.boolean(),
  policyName: z.string(),
  currencyCodes: z.array(z.string()),
  isUserAuthorizedForPolicyEdit: z.boolean(),
  moveStageSections: z.array(ZMoveStageSection),
});
export type TEmployeePolicyServiceBenefitsResponse = z.infer<typeof ZEmployeePolicyServiceBenefitsResponse>;

// ── POST /hr/json/storePolicyOverrides ──────────────────────────────────────────────────────
export const ZStoredService = z.object({
  service: z.string().trim().toUpperCase().max(64),
  selected: zFlag,
  selectedBenefitId: zOptionalId,
  amount: z.preprocess(blankToUndefined, ZMoneyText.optional()),
  currency: z.preprocess(blankToUndefined, z.string().trim().toUpperCase().length(3).optional()),
});
export const ZStoredBudget = z.object({
  budgetGroupId: zInt({ min: 1, max: 99 }),
  amount: z.preprocess(blankToUndefined, ZMoneyText.optional()),
  currency: z.preprocess(blankToUndefined, z.string().trim().toUpperCase().length(3).optional()),
});
export const ZStorePolicyOverridesRequest = z.object({
  employeeId: zId,
  moveId: zId,
  moveStageSections: z
    .array(
      z.object({
        moveStageId: zInt({ min: 1, max: 3 }),
        services: z.array(ZStoredService).max(200),
        budgets: z.array(ZStoredBudget).max(100),
      }),
    )
    .max(3),
  /** Show the benefits on the summary (stage 5 `benefits=`). */
  benefits: z.preprocess(blankToUndefined, zFlag.default(true)),
  /** The editor confirmed soft budgets outside their range ("Warning: Budget is going to be outside the range provided."). */
  confirmOutsideRange: z.preprocess(blankToUndefined, zFlag.optional()),
});
export type TStorePolicyOverridesRequest = z.infer<typeof ZStorePolicyOverridesRequest>;
export const ZStorePolicyOverridesResponse = z.object({
  success: z.boolean(),
  /** Keyed `stage{n}.{SERVICE}` or `stage{n}.budget{group}`. */
  errors: z.record(z.string(), z.string()),
  message: z.string().nullable(),
  /** Soft budgets outside their range (stored, with the warning), keyed like errors. */
  warnings: z.record(z.string(), z.string()).optional(),
  /** Soft budgets outside their range wait for the editor's confirmation (nothing stored). */
  needsConfirmation: z.boolean().optional(),
  /** The stage the wizard goes to next: 4 with an estimate, else 5. */
  nextStage: z.number().int().nullable(),
});
export type TStorePolicyOverridesResponse = z.infer<typeof ZStorePolicyOverridesResponse>;
export const overrideErrorKey = {
  service: (stage: number, service: string) => `stage${stage}.${service}`,
  budget: (stage: number, group: number) => `stage${stage}.budget${group}`,
};
