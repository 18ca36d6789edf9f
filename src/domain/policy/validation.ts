/**
 * Version validation (part 2 §5 "Submit", §4 "policy validation"; GET versions/{version}/validation):
 * every check the submit of a policy version runs, over a plain snapshot of the version, so the
 * rules are testable without a database. Each message names the service by its name; the error's
 * `service` is the service key (the screen marks that service), `moveStageId` the move stage number.
 *
 * Decisions where the spec is terse:
 * - Budget group 99 ("none") is a valid choice for every type: a CCY service outside a budget group
 *   carries its own currency and amount. Only a number outside 1–20/99 is "required" (corrupt data).
 * - Type 2 hides the budget group, so the group is not checked for it (its value is kept and, when it
 *   is 1–20, the CCY amounts still come from that group's budgets).
 * - A zero amount counts as no amount (the budget form blanks zero).
 * - Types 4 and 5 are skipped except for the addable rule; the move-hub rule counts every service.
 */
import { IGNORE_MANDATORY_ATTRIBUTE_VERSION, type BudgetType } from "./catalogue.ts";
import { isValidBudgetGroupNumber, validateBudget } from "./budget.ts";
import { policyMessages } from "./messages.ts";
import { checkAddable } from "./service-rules.ts";

export type SnapshotService = {
  moveStage: number;
  serviceKey: string;
  serviceName: string;
  servicePolicyType: number;
  budgetGroup: number;
  budgetType: BudgetType | null;
  currency: string | null;
  amount: number | null;
  provided: boolean;
  addable: boolean;
  moveHub: boolean;
  benefitCount: number;
  attributes: Record<string, string>;
  requiredAttributes: { key: string; label: string; dataFillLevel: number }[];
};
export type SnapshotBudgetGroup = {
  moveStage: number;
  groupNumber: number;
  budgets: { id: number; currency: string; amount: number; minAmount: number | null; maxAmount: number | null }[];
};
export type VersionSnapshot = {
  versionNumber: number;
  moveStagesCount: number;
  estimatePackage: string | null;
  services: SnapshotService[];
  budgetGroups: SnapshotBudgetGroup[];
};
export type PolicyErrorType = "REQUIRED" | "BUDGET" | "BENEFIT" | "MOVE_HUB" | "ADDABLE" | "MANDATORY_ATTRIBUTE";
export type PolicyValidationError = { moveStageId: number; service: string | null; field: string; message: string; errorType: PolicyErrorType };

const isBlank = (v: string | null | undefined) => v == null || String(v).trim() === "";
const hasAmount = (v: number | null | undefined) => v != null && v !== 0;

/** Every submit error of a version, by move stage (ascending) and then in the services' order. */
export function validateVersion(s: VersionSnapshot): PolicyValidationError[] {
  const errors: PolicyValidationError[] = [];
  const groups = new Map<string, SnapshotBudgetGroup>();
  for (const g of s.budgetGroups ?? []) groups.set(`${g.moveStage}:${g.groupNumber}`, g);

  for (const svc of s.services ?? []) {
    const push = (field: string, message: string, errorType: PolicyErrorType) =>
      errors.push({ moveStageId: svc.moveStage, service: svc.serviceKey, field, message, errorType });
    const name = svc.serviceName;

    const addable = checkAddable(name, Boolean(svc.provided), Boolean(svc.addable));
    if (addable) push("addable", addable, "ADDABLE");

    const type = svc.servicePolicyType;
    if (type !== 1 && type !== 2 && type !== 3) continue;

    // Required selects: service attributes with data-fill level 1–3.
    for (const attr of svc.requiredAttributes ?? []) {
      if (attr.dataFillLevel >= 1 && attr.dataFillLevel <= 3 && isBlank(svc.attributes?.[attr.key])) {
        push(`attributes.${attr.key}`, policyMessages.selectRequiredValue(name, attr.label), "MANDATORY_ATTRIBUTE");
      }
    }

    if (type === 1 && svc.budgetType == null) push("budgetType", policyMessages.budgetTypeRequired(name), "REQUIRED");
    if (type !== 2 && !isValidBudgetGroupNumber(svc.budgetGroup)) {
      push("budgetGroup", policyMessages.budgetGroupRequired(name), "REQUIRED");
    }

    const inGroup = svc.budgetGroup >= 1 && svc.budgetGroup <= 20;
    if (svc.budgetType === "CCY") {
      if (inGroup) {
        const budgets = groups.get(`${svc.moveStage}:${svc.budgetGroup}`)?.budgets ?? [];
        if (!budgets.some((b) => !isBlank(b.currency))) push("currency", policyMessages.budgetCurrencyRequired(name), "REQUIRED");
        if (!budgets.some((b) => hasAmount(b.amount))) push("amount", policyMessages.budgetAmountRequired(name), "REQUIRED");
      } else {
        if (isBlank(svc.currency)) push("currency", policyMessages.budgetCurrencyRequired(name), "REQUIRED");
        if (!hasAmount(svc.amount)) push("amount", policyMessages.budgetAmountRequired(name), "REQUIRED");
      }
    }
    if (type === 3 && svc.budgetType === "BEN" && !(svc.benefitCount >= 1)) {
      push("benefits", policyMessages.benefitRequired(name), "BENEFIT");
    }
    if (svc.budgetType == null && type !== 1 && (!isBlank(svc.currency) || hasAmount(svc.amount))) {
      push("budgetType", policyMessages.budgetTypeForAmount(name), "REQUIRED");
    }
    if (svc.amount != null && svc.amount < 0) push("amount", policyMessages.negativeAmount, "BUDGET");
  }

  // One move hub per move stage: every hub after the first is an error naming the first.
  const hubs = new Map<number, SnapshotService>();
  for (const svc of s.services ?? []) {
    if (!svc.moveHub) continue;
    const first = hubs.get(svc.moveStage);
    if (!first) hubs.set(svc.moveStage, svc);
    else {
      errors.push({
        moveStageId: svc.moveStage,
        service: svc.serviceKey,
        field: "moveHub",
        message: policyMessages.moveHubTaken(first.serviceName),
        errorType: "MOVE_HUB",
      });
    }
  }

  // Budgets of the budget groups: min ≤ amount ≤ max, no negatives.
  for (const g of s.budgetGroups ?? []) {
    for (const b of g.budgets ?? []) {
      const fieldErrors = validateBudget({ currency: b.currency, amount: b.amount, minAmount: b.minAmount, maxAmount: b.maxAmount });
      for (const [field, message] of Object.entries(fieldErrors)) {
        errors.push({ moveStageId: g.moveStage, service: null, field: `budgetGroup.${g.groupNumber}.budget.${b.id}.${field}`, message, errorType: "BUDGET" });
      }
    }
  }

  return errors
    .map((e, i) => ({ e, i }))
    .sort((a, b) => a.e.moveStageId - b.e.moveStageId || a.i - b.i)
    .map(({ e }) => e);
}

/**
 * Versions at or below IGNORE_MANDATORY_ATTRIBUTE_VERSION whose only remaining errors are
 * mandatory-attribute errors may skip them and continue (part 2 §4).
 */
export function canSkipMandatoryAttributes(versionNumber: number, errors: PolicyValidationError[]): boolean {
  return (
    versionNumber <= IGNORE_MANDATORY_ATTRIBUTE_VERSION &&
    errors.length > 0 &&
    errors.every((e) => e.errorType === "MANDATORY_ATTRIBUTE")
  );
}
