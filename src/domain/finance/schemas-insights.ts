/**
 * Schemas of the finance insights (issue 16 "Beyond the spec": estimate against actual). Amounts are
 * integer minor units of the named currency (src/domain/money); the browser formats them.
 */
import { z } from "zod";
import { ZBudgetFigures } from "../employee/budgets/schemas.ts";

const id = z.number().int().positive().max(2_147_483_647);
const minor = z.number().int();

/** `group` (the URL name) is the move's group; HR and managers are limited to their own either way, finance may leave it out. */
export const ZEstimateVsActualRequest = z.object({ group: z.string().trim().min(1).max(64).optional(), moveId: id });
export type TEstimateVsActualRequest = z.infer<typeof ZEstimateVsActualRequest>;

export const ZAccountActualsRequest = z.object({ accountId: id });
export type TAccountActualsRequest = z.infer<typeof ZAccountActualsRequest>;

export const ZActualsRow = z.object({
  stage: z.number().int().nullable(),
  stageName: z.string(),
  serviceKey: z.string().nullable(),
  /** The service's title (the estimate's line name, else the policy's title); "" for spend without a service. */
  title: z.string(),
  budgetGroup: z.number().int().nullable(),
  currency: z.string(),
  estimate: minor.nullable(),
  approved: minor,
  pending: minor,
  /** estimate − approved; null without an estimate line. */
  difference: minor.nullable(),
  /** The effective budget of the row's budget group (shared by `budgetShared` services), in its own currency. */
  budget: z.object({ currency: z.string(), amount: minor }).nullable(),
  budgetShared: z.number().int(),
});
export type TActualsRow = z.infer<typeof ZActualsRow>;

export const ZActualsBudget = z.object({
  stage: z.number().int(),
  stageName: z.string(),
  group: z.number().int(),
  currency: z.string(),
  amount: minor,
  /** POLICY, OVERRIDE (the wizard's) or HR (HR's edit). */
  source: z.string(),
  approved: minor,
  pending: minor,
  /** The budget's figures: budget, committed, spent, remaining (issue 24 §2, the same on every screen). */
  figures: ZBudgetFigures,
  serviceKeys: z.array(z.string()),
});

export const ZEstimateVsActualResponse = z.object({
  moveId: z.number().int(),
  /** The move for people: the employee and the route (src/domain/moves/display-name.ts), never "Move 12". */
  moveName: z.string(),
  employeeId: z.number().int(),
  group: z.string(),
  /** The view currency: the estimate's display currency, else the first budget's. */
  currency: z.string(),
  costEstimateId: z.number().int().nullable(),
  estimateVersion: z.number().int().nullable(),
  rows: z.array(ZActualsRow),
  budgets: z.array(ZActualsBudget),
  totals: z.array(z.object({ currency: z.string(), estimate: minor, approved: minor, pending: minor, difference: minor })),
  budgetTotals: z.array(z.object({ currency: z.string(), budget: minor, approved: minor, pending: minor, committed: minor, spent: minor, remaining: minor })),
  /** The newest time a counted bill or item changed (ISO), null without spend. */
  asOf: z.string().nullable(),
});
export type TEstimateVsActualResponse = z.infer<typeof ZEstimateVsActualResponse>;

export const ZAccountActualsResponse = z.object({
  accountId: z.number().int(),
  accountType: z.string(),
  moves: z.array(ZEstimateVsActualResponse),
});
export type TAccountActualsResponse = z.infer<typeof ZAccountActualsResponse>;

export const insightsMessages = {
  moveNotFound: "This move does not exist or you cannot see it.",
  accountNotFound: "This account does not exist.",
} as const;
