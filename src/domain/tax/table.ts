/**
 * What a tax table is, and the pure Decimal helpers tables are written with.
 *
 * Tables compute in MAJOR units of their currency with Decimal and never round: the system
 * (`system.ts`) rounds each line once, half away from zero, through money.ts. Statutory
 * truncations (e.g. German zvE and tax to whole euros, Japanese taxable income to 1,000 yen,
 * Swiss tariff steps of CHF 100) are deliberately not applied, so results can differ from an
 * official assessment by less than one such unit per line.
 */
import Decimal from "decimal.js";
import type { FilingStatus, TaxTableInfo } from "./types.ts";

/** Decimal for tax arithmetic: 40 significant digits; nothing here rounds to money. */
export const Dec = Decimal.clone({ precision: 40 });
export type Amount = Decimal;

export const ZERO: Amount = new Dec(0);

export function dec(value: Decimal.Value): Amount {
  return new Dec(value);
}

/** The profile a table sees: defaults applied. */
export type ResolvedProfile = { filingStatus: FilingStatus; dependants: number };

export type LineKind = "INCOME_TAX" | "SOCIAL_SECURITY";

/** A line before rounding (major units); `rate` is the line's flat rate on (capped) employment income, when it has one. */
export type RawLine = { label: string; kind: LineKind; amount: Amount; rate?: string };

export type TableResult = { taxableIncome: Amount; lines: RawLine[] };

export type TaxTable = TaxTableInfo & {
  /** Lines for an annual gross employment income (major units). */
  compute(income: Amount, profile: ResolvedProfile): TableResult;
  /**
   * The same lines without the statutory roundings `compute` applies to intermediate amounts (a
   * taxable income or a tax truncated to whole units, tariff steps of CHF 100, …), when it applies
   * any: point slopes (marginal rates) are measured on it, since a rounded tax is a staircase whose
   * slope is zero between its steps. Taxes and rates over a benefit always use `compute`.
   */
  computeUnrounded?(income: Amount, profile: ResolvedProfile): TableResult;
  /**
   * The published flat supplemental withholding rate, when the authority has one (decimal string),
   * for supplemental wages of `benefit` (major units) paid on a salary of `income`; `benefit` is
   * missing for the point rate (the first unit of supplemental wages). The system adds the table's
   * social security lines over the benefit, since the flat rate stands for the employee's cost.
   */
  supplementalRate?: (income: Amount, profile: ResolvedProfile, benefit?: Amount) => string;
};

/** One bracket: income above `from` (major units) is taxed at `rate`, up to the next bracket's `from`. */
export type Bracket = readonly [from: number | string, rate: string];

type ParsedBracket = { from: Amount; rate: Amount };
const parsedSchedules = new WeakMap<readonly Bracket[], readonly ParsedBracket[]>();

function parsed(brackets: readonly Bracket[]): readonly ParsedBracket[] {
  let schedule = parsedSchedules.get(brackets);
  if (schedule === undefined) {
    schedule = brackets.map(([from, rate]) => ({ from: dec(from), rate: dec(rate) }));
    parsedSchedules.set(brackets, schedule);
  }
  return schedule;
}

/** Tax on `amount` under a progressive schedule (brackets in ascending order, the first from 0). */
export function bracketTax(amount: Amount, brackets: readonly Bracket[]): Amount {
  const schedule = parsed(brackets);
  let tax = ZERO;
  for (let i = 0; i < schedule.length; i++) {
    const { from, rate } = schedule[i]!;
    if (amount.lte(from)) break;
    const next = schedule[i + 1];
    const upper = next === undefined || amount.lt(next.from) ? amount : next.from;
    tax = tax.plus(upper.minus(from).times(rate));
  }
  return tax;
}

/** The part of `amount` between `lower` and `upper` (no upper bound when omitted). */
export function band(amount: Amount, lower: Decimal.Value, upper?: Decimal.Value): Amount {
  const top = upper === undefined ? amount : Dec.min(amount, dec(upper));
  return pos(top.minus(lower));
}

/** max(x, 0). */
export function pos(x: Amount): Amount {
  return x.isNegative() ? ZERO : x;
}

export function min(a: Decimal.Value, b: Decimal.Value): Amount {
  return Dec.min(a, b);
}

export function max(a: Decimal.Value, b: Decimal.Value): Amount {
  return Dec.max(a, b);
}

/** x limited to [lo, hi]. */
export function clamp(x: Amount, lo: Decimal.Value, hi: Decimal.Value): Amount {
  return Dec.min(Dec.max(x, lo), hi);
}

export function incomeTaxLine(label: string, amount: Amount, rate?: string): RawLine {
  return rate === undefined ? { label, kind: "INCOME_TAX", amount: pos(amount) } : { label, kind: "INCOME_TAX", amount: pos(amount), rate };
}

export function socialLine(label: string, amount: Amount, rate?: string): RawLine {
  return rate === undefined
    ? { label, kind: "SOCIAL_SECURITY", amount: pos(amount) }
    : { label, kind: "SOCIAL_SECURITY", amount: pos(amount), rate };
}

/** Adults on the return: 2 for MARRIED_JOINT, else 1. */
export function adultsOf(profile: ResolvedProfile): number {
  return profile.filingStatus === "MARRIED_JOINT" ? 2 : 1;
}
