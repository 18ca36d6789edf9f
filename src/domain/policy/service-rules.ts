/**
 * Rules of a policy service (part 2 §4 "service policy type", "move hub"; §5 submit checks; §9
 * default budget type and shared budget groups).
 */
import {
  BUDGET_GROUP_MAX,
  BUDGET_GROUP_MIN,
  CCY_DEFAULT_SERVICE_KEYS,
  NO_BUDGET_GROUP,
  type BudgetType,
  type ServicePolicyType,
} from "./catalogue.ts";
import { policyMessages } from "./messages.ts";

const CCY_KEYS = new Set<string>(CCY_DEFAULT_SERVICE_KEYS);

/** Third-party services (accountants, home finding, immigration, removals, serviced apartments) default to a currency budget. */
export function defaultBudgetType(serviceKey: string): BudgetType | null {
  return CCY_KEYS.has(serviceKey) ? "CCY" : null;
}

export type ServicePolicyTypeEffect = {
  budgetGroup: number;
  budgetType: BudgetType | null;
  /** The budget form (budget type, group, amounts) is shown. */
  formVisible: boolean;
  /** The budget-group select is shown (type 2 keeps the value but hides the select). */
  budgetGroupVisible: boolean;
  /** The benefits selection is shown. */
  benefitsVisible: boolean;
};

/**
 * What choosing a service policy type does to the service's budget fields: 4 (view only) and 5
 * (off) drop the service out of any budget group (99) and hide the form; 1 (cash flex) forces a
 * currency budget; 2 (budget) hides the budget group but keeps its value; 3 (benefits) shows the
 * benefit selection.
 */
export function applyServicePolicyType(
  type: ServicePolicyType,
  current: { budgetGroup: number; budgetType: BudgetType | null },
): ServicePolicyTypeEffect {
  switch (type) {
    case 1:
      return { budgetGroup: current.budgetGroup, budgetType: "CCY", formVisible: true, budgetGroupVisible: true, benefitsVisible: false };
    case 2:
      return { budgetGroup: current.budgetGroup, budgetType: current.budgetType, formVisible: true, budgetGroupVisible: false, benefitsVisible: false };
    case 3:
      return { budgetGroup: current.budgetGroup, budgetType: current.budgetType, formVisible: true, budgetGroupVisible: true, benefitsVisible: true };
    case 4:
    case 5:
      return { budgetGroup: NO_BUDGET_GROUP, budgetType: current.budgetType, formVisible: false, budgetGroupVisible: false, benefitsVisible: false };
  }
}

/**
 * Only one service per move stage may be the move hub. Setting `serviceKey` as the hub is refused
 * with the current hub's name unless `force`, in which case `unset` lists the services that lose
 * the flag.
 */
export function checkMoveHub(
  stageServices: { serviceKey: string; serviceName: string; moveHub: boolean }[],
  serviceKey: string,
  force: boolean,
): { ok: true; unset: string[] } | { ok: false; message: string; current: string } {
  const others = stageServices.filter((s) => s.moveHub && s.serviceKey !== serviceKey);
  if (others.length === 0) return { ok: true, unset: [] };
  if (force) return { ok: true, unset: others.map((s) => s.serviceKey) };
  const current = others[0]!;
  return { ok: false, message: policyMessages.moveHubTaken(current.serviceName), current: current.serviceKey };
}

/** A service HR may add must be provided; returns the error text or null. */
export function checkAddable(serviceName: string, provided: boolean, addable: boolean): string | null {
  return addable && !provided ? policyMessages.addableNotProvided(serviceName) : null;
}

/** Budget groups 1–20 used by two or more services, with their service keys (in input order). */
export function sharedBudgetGroups(services: { serviceKey: string; budgetGroup: number }[]): Map<number, string[]> {
  const byGroup = new Map<number, string[]>();
  for (const s of services) {
    if (s.budgetGroup < BUDGET_GROUP_MIN || s.budgetGroup > BUDGET_GROUP_MAX) continue;
    const list = byGroup.get(s.budgetGroup) ?? [];
    list.push(s.serviceKey);
    byGroup.set(s.budgetGroup, list);
  }
  for (const [group, keys] of byGroup) if (keys.length < 2) byGroup.delete(group);
  return byGroup;
}

/** Integer digits a benefit value may have (keeps it exact as a formula number). */
const BENEFIT_VALUE_MAX_DIGITS = 12;

/**
 * A benefit value as typed (part 2 §5 "Numeric benefit values must be numeric"): the numeric
 * quantity of the benefit a policy grants (nights, trips, hours…) that formulas can use. Commas are
 * stripped; the value must be a non-negative number with at most 2 decimals. Empty text clears
 * the value (null); a valid one is normalised ("1,500.50" → "1500.5", "007" → "7", ".5" → "0.5").
 */
export function parseBenefitValue(text: string | null | undefined): { ok: true; value: string | null } | { ok: false; message: string } {
  const cleaned = (text ?? "").replaceAll(",", "").trim();
  if (cleaned === "") return { ok: true, value: null };
  const match = /^(\d*)(?:\.(\d*))?$/.exec(cleaned);
  if (!match) return { ok: false, message: policyMessages.benefitValueNotNumeric };
  const whole = match[1] ?? "";
  const decimals = match[2] ?? "";
  if (whole === "" && decimals === "") return { ok: false, message: policyMessages.benefitValueNotNumeric };
  if (decimals.length > 2) return { ok: false, message: policyMessages.benefitValueNotNumeric };
  const integer = whole.replace(/^0+(?=\d)/, "") || "0";
  if (integer.length > BENEFIT_VALUE_MAX_DIGITS) return { ok: false, message: policyMessages.benefitValueNotNumeric };
  const fraction = decimals.replace(/0+$/, "");
  return { ok: true, value: fraction === "" ? integer : `${integer}.${fraction}` };
}
