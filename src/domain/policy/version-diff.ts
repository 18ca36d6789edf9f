import { formatMoney } from "../money/money.ts";
import { NO_BUDGET_GROUP, SERVICE_POLICY_TYPE_LABELS, type ServicePolicyType, type VersionChangeArea } from "./catalogue.ts";

/**
 * What differs between two versions of a policy (issue 13 item 3, "list the versions with what
 * differs between two of them"; part 2 §4 "policy version"). Pure: the service loads both
 * versions into `VersionDiffSnapshot`s (src/services/policy/version-compare.ts) and this turns them
 * into sentences an admin reads, in move-stage order: services added or removed, a service's type,
 * budget group, budget fields, flags and benefit choices, each budget group's settings and
 * budgets (amount, min, max per currency), the version's popup, and any setup settings given.
 */

export type DiffBenefit = { set: string; option: string | null; value: string | null };
export type DiffServiceFlags = {
  addable: boolean;
  moveHub: boolean;
  provided: boolean;
  cashService: boolean;
  showAsMoveHubBudget: boolean;
  amountCanBeNegative: boolean;
};
export type DiffService = {
  moveStage: number;
  serviceKey: string;
  name: string;
  policyType: number;
  budgetGroup: number;
  budgetType: string | null;
  authorizationType: string | null;
  currency: string | null;
  amount: number | null;
  minAmount: number | null;
  maxAmount: number | null;
  rateFrequency: string | null;
  flags: DiffServiceFlags;
  benefits: DiffBenefit[];
};
export type DiffBudget = { currency: string; amount: number; minAmount: number | null; maxAmount: number | null };
export type DiffBudgetGroup = { moveStage: number; groupNumber: number; authType: string; complexity: string; budgetType?: string; budgets: DiffBudget[] };
export type VersionDiffSnapshot = {
  versionNumber: number;
  /** Stage names by stage number − 1 (moveStageNames of the policy). */
  stageNames: string[];
  services: DiffService[];
  budgetGroups: DiffBudgetGroup[];
  /** The version's popup: on when it has one; the "relocation and ongoing benefits" switch. */
  popup: { on: boolean; relocationAndOngoing: boolean };
  /** Setup settings by the label people read (only compared when both sides carry them). */
  settings?: Record<string, string | number | boolean | null>;
};

export type VersionChange = { area: VersionChangeArea; moveStage: number | null; text: string };

const FLAG_LABELS: Record<keyof DiffServiceFlags, string> = {
  addable: "addable",
  moveHub: "move hub",
  provided: "provided",
  cashService: "cash service",
  showAsMoveHubBudget: "shown as move hub budget",
  amountCanBeNegative: "amount can be negative",
};

const onOff = (v: boolean) => (v ? "on" : "off");

function money(amount: number | null, currency: string | null): string {
  if (amount === null) return "none";
  if (!currency) return String(amount);
  try {
    return formatMoney({ amount, currency });
  } catch {
    return `${currency} ${amount}`;
  }
}

const typeLabel = (t: number) => SERVICE_POLICY_TYPE_LABELS[t as ServicePolicyType] ?? `type ${t}`;
const groupLabel = (n: number) => (n === NO_BUDGET_GROUP ? "no budget group" : `budget group ${n}`);
const text = (v: string | number | boolean | null | undefined) =>
  v === null || v === undefined || v === "" ? "none" : typeof v === "boolean" ? onOff(v) : String(v);
const benefitText = (b: DiffBenefit | undefined) => (b ? (b.option ?? (b.value?.trim() ? b.value.trim() : "none")) : "none");

/** Every difference from `from` to `to`, by move stage, services first, then budget groups; popup and settings last. */
export function diffVersions(from: VersionDiffSnapshot, to: VersionDiffSnapshot): VersionChange[] {
  const changes: VersionChange[] = [];
  const stageName = (stage: number) => to.stageNames[stage - 1] ?? from.stageNames[stage - 1] ?? `Move stage ${stage}`;
  const stages = [...new Set([...from.services, ...to.services, ...from.budgetGroups, ...to.budgetGroups].map((x) => x.moveStage))].sort((a, b) => a - b);

  for (const stage of stages) {
    const where = stageName(stage);
    const push = (area: VersionChangeArea, sentence: string) => changes.push({ area, moveStage: stage, text: `${where}: ${sentence}` });

    // ── services ──
    const before = new Map(from.services.filter((s) => s.moveStage === stage).map((s) => [s.serviceKey, s]));
    const after = new Map(to.services.filter((s) => s.moveStage === stage).map((s) => [s.serviceKey, s]));
    for (const [key, s] of after) {
      if (!before.has(key)) push("service", `service ${s.name} added (${typeLabel(s.policyType)}).`);
    }
    for (const [key, s] of before) {
      if (!after.has(key)) push("service", `service ${s.name} removed.`);
    }
    for (const [key, b] of before) {
      const a = after.get(key);
      if (a) diffService(b, a, (area, sentence) => push(area, `${a.name}: ${sentence}`));
    }

    // ── budget groups ──
    const groupsBefore = new Map(from.budgetGroups.filter((g) => g.moveStage === stage).map((g) => [g.groupNumber, g]));
    const groupsAfter = new Map(to.budgetGroups.filter((g) => g.moveStage === stage).map((g) => [g.groupNumber, g]));
    const numbers = [...new Set([...groupsBefore.keys(), ...groupsAfter.keys()])].sort((a, b) => a - b);
    for (const n of numbers) {
      const b = groupsBefore.get(n);
      const a = groupsAfter.get(n);
      const say = (area: VersionChangeArea, sentence: string) => push(area, `budget group ${n}: ${sentence}`);
      if (!b && a && a.budgets.length > 0) {
        say("budgetGroup", `added with ${a.budgets.map((x) => money(x.amount, x.currency)).join(", ")}.`);
        continue;
      }
      if (b && !a && b.budgets.length > 0) {
        say("budgetGroup", "removed.");
        continue;
      }
      if (b && a) {
        if (b.authType !== a.authType) say("budgetGroup", `authorisation ${b.authType} → ${a.authType}.`);
        if (b.complexity !== a.complexity) say("budgetGroup", `complexity ${b.complexity} → ${a.complexity}.`);
        if ((b.budgetType ?? "H") !== (a.budgetType ?? "H")) say("budgetGroup", `budget type ${b.budgetType ?? "H"} → ${a.budgetType ?? "H"}.`);
      }
      diffBudgets(b?.budgets ?? [], a?.budgets ?? [], (sentence) => say("budget", sentence));
    }
  }

  // ── popup ──
  if (from.popup.on !== to.popup.on) changes.push({ area: "popup", moveStage: null, text: `Popup turned ${onOff(to.popup.on)}.` });
  else if (to.popup.on && from.popup.relocationAndOngoing !== to.popup.relocationAndOngoing) {
    changes.push({
      area: "popup",
      moveStage: null,
      text: `Popup: relocation and ongoing benefits shown ${onOff(from.popup.relocationAndOngoing)} → ${onOff(to.popup.relocationAndOngoing)}.`,
    });
  }

  // ── setup settings ──
  if (from.settings && to.settings) {
    for (const label of [...new Set([...Object.keys(from.settings), ...Object.keys(to.settings)])]) {
      const b = from.settings[label];
      const a = to.settings[label];
      if (b !== a) changes.push({ area: "setting", moveStage: null, text: `Setting ${label}: ${text(b)} → ${text(a)}.` });
    }
  }
  return changes;
}

function diffService(b: DiffService, a: DiffService, push: (area: VersionChangeArea, sentence: string) => void) {
  if (b.policyType !== a.policyType) push("service", `type ${typeLabel(b.policyType)} → ${typeLabel(a.policyType)}.`);
  if (b.budgetGroup !== a.budgetGroup) push("service", `${groupLabel(b.budgetGroup)} → ${groupLabel(a.budgetGroup)}.`);
  if (b.budgetType !== a.budgetType) push("service", `budget type ${text(b.budgetType)} → ${text(a.budgetType)}.`);
  if (b.authorizationType !== a.authorizationType) push("service", `authorisation ${text(b.authorizationType)} → ${text(a.authorizationType)}.`);
  if (b.amount !== a.amount || b.currency !== a.currency) push("budget", `amount ${money(b.amount, b.currency)} → ${money(a.amount, a.currency)}.`);
  if (b.minAmount !== a.minAmount) push("budget", `minimum ${money(b.minAmount, b.currency)} → ${money(a.minAmount, a.currency)}.`);
  if (b.maxAmount !== a.maxAmount) push("budget", `maximum ${money(b.maxAmount, b.currency)} → ${money(a.maxAmount, a.currency)}.`);
  if (b.rateFrequency !== a.rateFrequency) push("budget", `rate frequency ${text(b.rateFrequency)} → ${text(a.rateFrequency)}.`);
  for (const flag of Object.keys(FLAG_LABELS) as (keyof DiffServiceFlags)[]) {
    if (b.flags[flag] !== a.flags[flag]) push("service", `${FLAG_LABELS[flag]} ${onOff(b.flags[flag])} → ${onOff(a.flags[flag])}.`);
  }
  const setsBefore = new Map(b.benefits.map((x) => [x.set, x]));
  const setsAfter = new Map(a.benefits.map((x) => [x.set, x]));
  for (const set of [...new Set([...setsBefore.keys(), ...setsAfter.keys()])]) {
    const was = benefitText(setsBefore.get(set));
    const now = benefitText(setsAfter.get(set));
    if (was !== now) push("benefit", `benefit ${set} ${was} → ${now}.`);
  }
}

/** Budgets of one group, matched by currency (the n-th budget of a currency with the n-th). */
function diffBudgets(before: DiffBudget[], after: DiffBudget[], push: (sentence: string) => void) {
  const byCurrency = (list: DiffBudget[]) => {
    const m = new Map<string, DiffBudget[]>();
    for (const x of list) m.set(x.currency, [...(m.get(x.currency) ?? []), x]);
    return m;
  };
  const b = byCurrency(before);
  const a = byCurrency(after);
  for (const currency of [...new Set([...b.keys(), ...a.keys()])]) {
    const was = b.get(currency) ?? [];
    const now = a.get(currency) ?? [];
    for (let i = 0; i < Math.max(was.length, now.length); i++) {
      const x = was[i];
      const y = now[i];
      if (!x && y) push(`budget ${money(y.amount, currency)} added.`);
      else if (x && !y) push(`budget ${money(x.amount, currency)} removed.`);
      else if (x && y) {
        if (x.amount !== y.amount) push(`budget ${money(x.amount, currency)} → ${money(y.amount, currency)}.`);
        if (x.minAmount !== y.minAmount) push(`${currency} minimum ${money(x.minAmount, currency)} → ${money(y.minAmount, currency)}.`);
        if (x.maxAmount !== y.maxAmount) push(`${currency} maximum ${money(x.maxAmount, currency)} → ${money(y.maxAmount, currency)}.`);
      }
    }
  }
}
