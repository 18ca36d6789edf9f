/**
 * Remembered answers of a tax system. The tables compute with Decimal (tens to hundreds of
 * microseconds a call) and a progressive gross-up asks about thirty times, so the estimate and
 * the balance sheet ask through here: each (system, income, profile) question is answered once.
 * Tax systems are pure functions of their arguments, so remembering them changes no result.
 */
import { grossUpProgressive, type TaxBreakdown, type TaxProfile, type TaxSystem } from "../tax/index.ts";

const LIMIT = 5000;
type Memo = { tax: Map<string, TaxBreakdown>; rate: Map<string, string>; grossUp: Map<string, { gross: number; tax: number }> };
const memos = new WeakMap<TaxSystem, Memo>();

function memoOf(system: TaxSystem): Memo {
  let m = memos.get(system);
  if (!m) {
    m = { tax: new Map(), rate: new Map(), grossUp: new Map() };
    memos.set(system, m);
  }
  return m;
}

export function profileKey(p: TaxProfile | undefined): string {
  return p ? `${p.filingStatus ?? ""}|${p.dependants ?? ""}|${p.familySize ?? ""}` : "";
}

/** `system.tax(income, profile)`, remembered. */
export function taxOn(system: TaxSystem, income: number, profile: TaxProfile | undefined, key = profileKey(profile)): TaxBreakdown {
  const m = memoOf(system).tax;
  const k = `${income}|${key}`;
  let hit = m.get(k);
  if (!hit) {
    hit = system.tax(income, profile);
    if (m.size >= LIMIT) m.clear();
    m.set(k, hit);
  }
  return hit;
}

/** The total tax (income tax + social security) as a function of income, for grossUpProgressive. */
export function totalTaxOf(system: TaxSystem, profile: TaxProfile | undefined): (income: number) => number {
  const key = profileKey(profile);
  return (income) => taxOn(system, income, profile, key).total;
}

export type RateKind = "marginal" | "effective" | "supplemental";

/**
 * `system.marginalRate` / `effectiveRate` / `supplementalRate`, remembered. With a benefit (minor
 * units, > 0), "marginal" is `benefitRate` (the rate over that benefit stacked on the income) and
 * "supplemental" is the supplemental rate over it.
 */
export function rateOn(system: TaxSystem, kind: RateKind, income: number, profile: TaxProfile | undefined, benefit = 0): string {
  const m = memoOf(system).rate;
  const k = `${kind}|${income}|${benefit}|${profileKey(profile)}`;
  let hit = m.get(k);
  if (hit === undefined) {
    hit =
      kind === "marginal"
        ? benefit > 0
          ? system.benefitRate(income, benefit, profile)
          : system.marginalRate(income, profile)
        : kind === "effective"
          ? system.effectiveRate(income, profile)
          : system.supplementalRate(income, profile, benefit);
    if (m.size >= LIMIT) m.clear();
    m.set(k, hit);
  }
  return hit;
}

/** `grossUpProgressive(net, base, total tax of the system)`, remembered. */
export function grossUpOn(system: TaxSystem, netMinor: number, baseIncomeMinor: number, profile: TaxProfile | undefined): { gross: number; tax: number } {
  const m = memoOf(system).grossUp;
  const k = `${netMinor}|${baseIncomeMinor}|${profileKey(profile)}`;
  let hit = m.get(k);
  if (!hit) {
    hit = grossUpProgressive(netMinor, baseIncomeMinor, totalTaxOf(system, profile));
    if (m.size >= LIMIT) m.clear();
    m.set(k, hit);
  }
  return hit;
}
