/**
 * The cost-estimates popup of a policy-details service (part 2 §2 "Each service section holds …
 * plus a cost-estimates popup"): what a new move's cost estimate uses for one service of a policy
 * version, before any stage-3 choice. The rules are the estimate's own, read the same way as
 * src/services/estimate/source.ts and src/domain/estimate/engine.ts apply them:
 * - inclusion: policy types 1–3 are estimated; a non-addable service always, an addable one only
 *   when chosen at stage 3; type 4 (view-only third party) and 5 (off) are skipped;
 * - the amount is the first that applies: the default benefit option's metadata formulas, the
 *   budget (the budget group's first budget, counted once per group; else the service's own amount),
 *   a destination rate of its budget group, else nothing (a warning on the estimate);
 * - placement by move stage (stage 1 one-off in year 1, stage 2 every year, stage 3 the last year);
 * - the default taxability of the service (src/domain/estimate/taxability.ts).
 */
import { z } from "zod";
import { ESTIMATE_TYPES, NO_BUDGET_GROUP } from "./catalogue.ts";
import { defaultTaxability, isTaxed } from "../estimate/taxability.ts";
import { TAXABILITIES } from "../estimate/schemas.ts";

export const SERVICE_INCLUSIONS = ["INCLUDED", "IF_CHOSEN", "VIEW_ONLY", "OFF"] as const;
export type ServiceInclusion = (typeof SERVICE_INCLUSIONS)[number];
export const AMOUNT_SOURCES = ["FORMULAS", "BUDGET", "RATE", "NONE"] as const;
export const BUDGET_SOURCES = ["BUDGET_GROUP", "SERVICE", "NONE"] as const;
export const PLACEMENTS = ["ONE_OFF_FIRST_YEAR", "EVERY_YEAR", "LAST_YEAR"] as const;

const ZMoneyOut = z.object({ amount: z.number().int(), currency: z.string() });

/** policy.services.costEstimateSettings: one service's cost-estimate settings in a policy version. */
export const ZServiceEstimateSettingsResponse = z.object({
  moveStage: z.number().int(),
  serviceKey: z.string(),
  serviceName: z.string(),
  /** The policy's estimate type; NONE: the policy has no cost estimate. */
  estimateType: z.enum(ESTIMATE_TYPES),
  policyType: z.number().int(),
  inclusion: z.enum(SERVICE_INCLUSIONS),
  amountSource: z.enum(AMOUNT_SOURCES),
  placement: z.enum(PLACEMENTS),
  budget: z.object({
    source: z.enum(BUDGET_SOURCES),
    amount: ZMoneyOut.nullable(),
    budgetGroup: z.number().int(),
    /** The other services of the budget group: the group's budget counts once, under the first of them. */
    sharedWith: z.array(z.string()),
    /** The budget is counted under another service of the group (named here). */
    countedUnder: z.string().nullable(),
  }),
  rateFrequency: z.string().nullable(),
  benefitOption: z.string().nullable(),
  formulas: z.array(z.object({ label: z.string(), formula: z.string(), adjustmentFormula: z.string().nullable() })),
  rates: z.array(
    z.object({ countryCode: z.string(), city: z.string(), description: z.string(), amount: ZMoneyOut, frequency: z.string().nullable() }),
  ),
  taxability: z.enum(TAXABILITIES),
  taxed: z.boolean(),
});
export type TServiceEstimateSettingsResponse = z.infer<typeof ZServiceEstimateSettingsResponse>;

/** A version's service row (policy_services with its catalogue name). */
export type EstimateServiceRow = {
  id: number;
  move_stage: number;
  service_key: string;
  title: string | null;
  service_name: string;
  service_policy_type: number;
  budget_group: number;
  addable: number;
  amount: number | null;
  currency: string | null;
  rate_frequency: string | null;
};

export type ServiceEstimateInput = {
  estimateType: (typeof ESTIMATE_TYPES)[number];
  /** The service asked for. */
  service: EstimateServiceRow;
  /** Every estimated service (types 1–4) of the version, in stage and service order (the estimate's order). */
  services: EstimateServiceRow[];
  /** The version's budgets in order (the first of a group is its budget). */
  budgets: { move_stage: number; group_number: number; amount: number; currency: string }[];
  /** The benefit option the version chose for the service first, with its formulas in scope (most specific already chosen). */
  option: { name: string; formulas: { label: string; formula: string; adjustmentFormula: string | null }[] } | null;
  rates: { move_stage: number; group_number: number; country_code: string; city: string; description: string; currency: string; amount: number; frequency: string | null }[];
};

const nameOf = (s: EstimateServiceRow) => s.title || s.service_name;

function inclusionOf(s: EstimateServiceRow): ServiceInclusion {
  if (s.service_policy_type === 5) return "OFF";
  if (s.service_policy_type === 4) return "VIEW_ONLY";
  return s.addable ? "IF_CHOSEN" : "INCLUDED";
}

function placementOf(moveStage: number): (typeof PLACEMENTS)[number] {
  return moveStage <= 1 ? "ONE_OFF_FIRST_YEAR" : moveStage === 2 ? "EVERY_YEAR" : "LAST_YEAR";
}

/** A benefit option's metadata rows in scope (global, the group's, the policy's; findOptionFormulas). */
export type OptionFormulaRow = {
  option_id: number;
  option_name: string;
  metadata_info_id: number | null;
  group_id: number | null;
  policy_id: number | null;
  formula: string | null;
  adjustment_formula: string | null;
  info_name: string | null;
  info_sort_order: number | null;
};

const rank = (l: { group_id: number | null; policy_id: number | null }) => (l.policy_id !== null ? 2 : l.group_id !== null ? 1 : 0);

/** An option's formulas as the estimate reads them: per metadata line the most specific (policy over group over global), in line order. */
export function optionFormulas(rows: OptionFormulaRow[], optionId: number): { name: string; formulas: { label: string; formula: string; adjustmentFormula: string | null }[] } | null {
  const own = rows.filter((r) => r.option_id === optionId);
  if (own.length === 0) return null;
  const lines = new Map<number, OptionFormulaRow>();
  for (const r of own) {
    if (r.metadata_info_id === null || r.formula === null) continue;
    const current = lines.get(r.metadata_info_id);
    if (!current || rank(r) > rank(current)) lines.set(r.metadata_info_id, r);
  }
  const formulas = [...lines.values()]
    .sort((a, b) => (a.info_sort_order ?? 0) - (b.info_sort_order ?? 0))
    .map((r) => ({ label: r.info_name ?? "", formula: r.formula!, adjustmentFormula: r.adjustment_formula }));
  return { name: own[0]!.option_name, formulas };
}

/** The popup's content for one service (see the module comment). */
export function serviceEstimateSettings(input: ServiceEstimateInput): TServiceEstimateSettingsResponse {
  const s = input.service;
  const inGroup = s.budget_group !== NO_BUDGET_GROUP;
  const groupMembers = inGroup ? input.services.filter((o) => o.move_stage === s.move_stage && o.budget_group === s.budget_group && inclusionOf(o) !== "VIEW_ONLY" && inclusionOf(o) !== "OFF") : [];
  const first = inGroup ? input.budgets.find((b) => b.move_stage === s.move_stage && b.group_number === s.budget_group) : undefined;
  let budget: TServiceEstimateSettingsResponse["budget"];
  if (first) {
    // The group's budget counts once, under the first service the estimate takes by default.
    const counter = groupMembers.find((o) => inclusionOf(o) === "INCLUDED") ?? s;
    budget = {
      source: "BUDGET_GROUP",
      amount: { amount: first.amount, currency: first.currency },
      budgetGroup: s.budget_group,
      sharedWith: groupMembers.filter((o) => o.service_key !== s.service_key).map(nameOf),
      countedUnder: counter && counter.service_key !== s.service_key ? nameOf(counter) : null,
    };
  } else if (!inGroup && s.amount !== null && s.currency) {
    budget = { source: "SERVICE", amount: { amount: s.amount, currency: s.currency }, budgetGroup: s.budget_group, sharedWith: [], countedUnder: null };
  } else {
    budget = { source: "NONE", amount: null, budgetGroup: s.budget_group, sharedWith: inGroup ? groupMembers.filter((o) => o.service_key !== s.service_key).map(nameOf) : [], countedUnder: null };
  }
  const rates = input.rates
    .filter((r) => r.move_stage === s.move_stage && r.group_number === s.budget_group)
    .map((r) => ({ countryCode: r.country_code, city: r.city, description: r.description, amount: { amount: r.amount, currency: r.currency }, frequency: r.frequency }));
  const formulas = input.option?.formulas ?? [];
  const amountSource = formulas.length > 0 ? "FORMULAS" : budget.amount ? "BUDGET" : rates.length > 0 ? "RATE" : "NONE";
  const taxability = defaultTaxability(s.service_key);
  return {
    moveStage: s.move_stage,
    serviceKey: s.service_key,
    serviceName: nameOf(s),
    estimateType: input.estimateType,
    policyType: s.service_policy_type,
    inclusion: inclusionOf(s),
    amountSource,
    placement: placementOf(s.move_stage),
    budget,
    rateFrequency: s.rate_frequency,
    benefitOption: input.option?.name ?? null,
    formulas,
    rates,
    taxability,
    taxed: isTaxed(taxability),
  };
}
