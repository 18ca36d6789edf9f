/** Gross-ups: the gross amount whose after-tax value is a given net amount. */
import Decimal from "decimal.js";
import { AppError } from "../errors.ts";
import { roundHalfUp } from "../money/money.ts";
import { dec } from "./table.ts";

function checkAmount(value: number, what: string): void {
  if (!Number.isSafeInteger(value) || value < 0) throw new AppError("VALIDATION", `The ${what} must be a whole, non-negative number of minor units.`);
}

/**
 * The highest rate a gross-up uses. A point slope can reach or pass 100% (India's s.87A marginal
 * relief: 104%), where net / (1 − rate) has no meaning; such a rate is clamped to this, so a
 * gross-up is at most 100 × the net and never fails.
 */
export const MAX_GROSS_UP_RATE = "0.99";
const MAX_RATE = dec(MAX_GROSS_UP_RATE);

function parseRate(rate: string): Decimal {
  let value: Decimal;
  try {
    value = dec(rate);
  } catch {
    throw new AppError("VALIDATION", "The tax rate is not a valid number.");
  }
  if (!value.isFinite() || value.isNegative()) throw new AppError("VALIDATION", "The tax rate must be a number of at least 0.");
  return value.gt(MAX_RATE) ? MAX_RATE : value;
}

/**
 * gross = net / (1 − rate), rounded once (half away from zero) to minor units; tax = gross − net.
 * A rate above MAX_GROSS_UP_RATE (0.99), e.g. a point slope of 100% or more, is clamped to it.
 */
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
 * unit). Starts from net / (1 − r), r the rate over the first `net` above the base (from 2 × net
 * where r ≥ MAX_GROSS_UP_RATE, e.g. inside India's s.87A marginal relief), widens by doubling, then bisects, keeping f(lo) < net ≤ f(hi), so the answer holds even
 * where the tax has cliffs; `taxOf` is called about 30 times. Returns { gross: G, tax: G − net }.
 *
 * It never fails on a valid input: where no G is found (the kept amount never reaches `net` within
 * 60 doublings, or base + G would pass Number.MAX_SAFE_INTEGER) the result is the flat gross-up at
 * the rate over the last gross tried, clamped to [0, MAX_GROSS_UP_RATE] (at most 100 × net), and
 * the gross is capped so base + gross stays a safe integer.
 */
export function grossUpProgressive(
  netMinor: number,
  baseIncomeMinor: number,
  taxOf: (incomeMinor: number) => number,
): { gross: number; tax: number } {
  checkAmount(netMinor, "net amount");
  checkAmount(baseIncomeMinor, "base income");
  if (netMinor === 0) return { gross: 0, tax: 0 };
  const baseTax = taxOf(baseIncomeMinor);
  /** The kept amount, or null where base + gross is not a safe integer. */
  const kept = (gross: number): number | null => {
    if (!Number.isSafeInteger(baseIncomeMinor + gross)) return null;
    return gross - (taxOf(baseIncomeMinor + gross) - baseTax);
  };
  const fallback = (lastGross: number, lastKept: number): { gross: number; tax: number } => {
    const rate = lastGross > 0 ? Math.min(Math.max((lastGross - lastKept) / lastGross, 0), Number(MAX_GROSS_UP_RATE)) : Number(MAX_GROSS_UP_RATE);
    const flat = grossUpFlat(netMinor, String(rate));
    const gross = Math.max(netMinor, Math.min(flat.gross, Number.MAX_SAFE_INTEGER - baseIncomeMinor));
    return { gross, tax: gross - netMinor };
  };

  // Invariant: kept(lo) < net ≤ kept(hi); kept(0) = 0 < net.
  let lo = 0;
  let hi = netMinor;
  const firstKept = kept(hi);
  if (firstKept === null) return fallback(0, 0);
  if (firstKept < netMinor) {
    lo = hi;
    const rate = (netMinor - firstKept) / netMinor;
    hi = rate < Number(MAX_GROSS_UP_RATE) ? Math.max(hi + 1, Number(roundHalfUp(netMinor / (1 - rate), 0))) : hi * 2;
    let lastGross = lo;
    let lastKept = firstKept;
    let doublings = 0;
    for (;;) {
      const k = kept(hi);
      if (k === null) return fallback(lastGross, lastKept);
      if (k >= netMinor) break;
      lastGross = hi;
      lastKept = k;
      lo = hi;
      hi *= 2;
      if (++doublings > MAX_DOUBLINGS) return fallback(lastGross, lastKept);
    }
  }
  while (hi - lo > 1) {
    const mid = lo + halfOf(hi - lo);
    if ((kept(mid) ?? netMinor) >= netMinor) hi = mid;
    else lo = mid;
  }
  return { gross: hi, tax: hi - netMinor };
}
