/** Gross-ups: the gross amount whose after-tax value is a given net amount. */
import Decimal from "decimal.js";
import { AppError } from "../errors.ts";
import { roundHalfUp } from "../money/money.ts";
import { dec } from "./table.ts";

function checkAmount(value: number, what: string): void {
  if (!Number.isSafeInteger(value) || value < 0) throw new AppError("VALIDATION", `The ${what} must be a whole, non-negative number of minor units.`);
}

function parseRate(rate: string): Decimal {
  let value: Decimal;
  try {
    value = dec(rate);
  } catch {
    throw new AppError("VALIDATION", "The tax rate is not a valid number.");
  }
  if (!value.isFinite() || value.isNegative() || value.gte(1)) throw new AppError("VALIDATION", "The tax rate must be at least 0 and below 1.");
  return value;
}

/** gross = net / (1 − rate), rounded once (half away from zero) to minor units; tax = gross − net. */
export function grossUpFlat(netMinor: number, rate: string): { gross: number; tax: number } {
  checkAmount(netMinor, "net amount");
  const r = parseRate(rate);
  const gross = Number(roundHalfUp(dec(netMinor).dividedBy(dec(1).minus(r)), 0));
  return { gross, tax: gross - netMinor };
}

/** Half of a non-negative integer, rounded down, in exact integer arithmetic (for the search). */
function halfOf(n: number): number {
  return (n - (n % 2)) / 2;
}

const MAX_DOUBLINGS = 60;

/**
 * Gross-up on a progressive system: the extra gross G (minor units) such that the net kept,
 * f(G) = G − (T(base + G) − T(base)), reaches `net` while f(G − 1) does not (found to the minor
 * unit). Starts from net / (1 − r), r the rate over the first `net` above the base, widens by
 * doubling, then bisects, keeping f(lo) < net ≤ f(hi), so the answer holds even where the tax
 * has cliffs; `taxOf` is called about 30 times. Returns { gross: G, tax: G − net }.
 */
export function grossUpProgressive(
  netMinor: number,
  baseIncomeMinor: number,
  taxOf: (incomeMinor: number) => number,
): { gross: number; tax: number } {
  checkAmount(netMinor, "net amount");
  checkAmount(baseIncomeMinor, "base income");
  if (netMinor === 0) return { gross: 0, tax: 0 };
  const tooLarge = () => new AppError("VALIDATION", "This amount cannot be grossed up on this tax system.");
  const baseTax = taxOf(baseIncomeMinor);
  const kept = (gross: number): number => {
    if (!Number.isSafeInteger(baseIncomeMinor + gross)) throw tooLarge();
    return gross - (taxOf(baseIncomeMinor + gross) - baseTax);
  };

  // Invariant: kept(lo) < net ≤ kept(hi); kept(0) = 0 < net.
  let lo = 0;
  let hi = netMinor;
  const firstKept = kept(hi);
  if (firstKept < netMinor) {
    lo = hi;
    const rate = (netMinor - firstKept) / netMinor;
    hi = rate < 0.99 ? Math.max(hi + 1, Number(roundHalfUp(netMinor / (1 - rate), 0))) : hi * 2;
    let doublings = 0;
    while (kept(hi) < netMinor) {
      lo = hi;
      hi *= 2;
      if (++doublings > MAX_DOUBLINGS) throw tooLarge();
    }
  }
  while (hi - lo > 1) {
    const mid = lo + halfOf(hi - lo);
    if (kept(mid) >= netMinor) hi = mid;
    else lo = mid;
  }
  return { gross: hi, tax: hi - netMinor };
}
