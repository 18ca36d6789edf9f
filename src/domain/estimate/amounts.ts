/**
 * The estimate's money arithmetic on integer minor units. Every rounding is money.ts's
 * (`convert`, `roundHalfUp`, `toMinor`, `displayRound`); what this module adds is speed:
 *
 * - integer work stays integer: sums, whole-percent shares whose result is exact, multiples of a
 *   per-period amount and largest-remainder allocation never touch Decimal;
 * - when money.ts must round, the exact decimal it rounds is written out with integer arithmetic
 *   (never a float), and the answer is remembered: the same conversion or percentage (an annual
 *   item in every column, the same estimate recomputed) is looked up, not recomputed;
 * - a currency's decimal places are looked up once.
 *
 * Formatting minor units as a major-unit string (`majorString`) is exact integer formatting, not
 * rounding.
 */
import Decimal from "decimal.js";
import { convert, displayRound, minorUnitsOf, roundHalfUp, toMinor } from "../money/money.ts";

const MEMO_LIMIT = 20_000;

function remember<K, V>(map: Map<K, V>, key: K, value: V): V {
  if (map.size >= MEMO_LIMIT) map.clear();
  map.set(key, value);
  return value;
}

const placesMemo = new Map<string, number>();
const POW10 = [1, 10, 100, 1000, 10_000, 100_000, 1_000_000];

let lastCurrency = "";
let lastPlaces = 0;

/** Decimal places of a currency (cached money.ts `minorUnitsOf`). */
export function placesOf(currency: string): number {
  if (currency === lastCurrency) return lastPlaces;
  let hit = placesMemo.get(currency);
  if (hit === undefined) hit = remember(placesMemo, currency, minorUnitsOf(currency));
  lastCurrency = currency;
  lastPlaces = hit;
  return hit;
}

/** 10^places of a currency: minor units per major unit. */
export function unitOf(currency: string): number {
  return POW10[placesOf(currency)] ?? 10 ** placesOf(currency);
}

/** `n / 10^places` written exactly ("-12.05"); `places` 0 gives the integer. */
export function exactQuotient(n: number, places: number): string {
  if (places === 0) return String(n);
  const neg = n < 0;
  const abs = neg ? -n : n;
  const unit = POW10[places] ?? 10 ** places;
  const whole = Math.floor(abs / unit);
  const rest = abs - whole * unit;
  let frac = String(rest);
  while (frac.length < places) frac = `0${frac}`;
  return (neg ? "-" : "") + whole + "." + frac;
}

/** Minor units as a major-unit decimal string ("1234.50", JPY "1235"): money.ts `toMajorString` without Decimal. */
export function majorString(amount: number, currency: string): string {
  return exactQuotient(amount, placesOf(currency));
}

/**
 * A computed quantity or factor (nights, a rate, a formula's value before it becomes money) as
 * people read it: at most 6 decimals, trailing zeros dropped, so float noise such as
 * 22191.600000000002 never reaches a screen ("22191.6").
 */
export function quantityText(value: number): string {
  if (!Number.isFinite(value)) return String(value);
  return new Decimal(roundHalfUp(value, 6)).toString();
}

/** Minor units as a major-unit number (for formula inputs and working inputs). */
export function majorNumber(amount: number, currency: string): number {
  return amount / unitOf(currency);
}

/** Remembered conversions: from → to → rate → amount → converted amount. */
const convertMemo = new Map<string, Map<string, Map<string, Map<number, number>>>>();
let convertMemoSize = 0;

function conversionsOf(from: string, to: string, rate: string): Map<number, number> {
  let byTo = convertMemo.get(from);
  if (!byTo) convertMemo.set(from, (byTo = new Map()));
  let byRate = byTo.get(to);
  if (!byRate) byTo.set(to, (byRate = new Map()));
  let amounts = byRate.get(rate);
  if (!amounts) byRate.set(rate, (amounts = new Map()));
  return amounts;
}

/**
 * money.ts `convert` (one rounding, half away from zero) of `amount` minor units of `from` at the
 * decimal `rate`, in minor units of `to`. The same currency: as is.
 */
export function convertMinor(amount: number, from: string, rate: string, to: string): number {
  if (amount === 0) return 0;
  if (from === to) return amount;
  const amounts = conversionsOf(from, to, rate);
  const hit = amounts.get(amount);
  if (hit !== undefined) return hit;
  if (++convertMemoSize > MEMO_LIMIT) {
    convertMemo.clear();
    convertMemoSize = 0;
    return convertMinor(amount, from, rate, to);
  }
  const result = convert({ amount, currency: from }, rate, to).amount;
  amounts.set(amount, result);
  return result;
}

const roundMemo = new Map<string, number>();

/** Rounds the exact decimal `n / 10^places` to an integer, half away from zero (money.ts `roundHalfUp`). */
export function roundQuotient(n: number, places: number): number {
  const unit = POW10[places] ?? 10 ** places;
  if (n % unit === 0) return n / unit || 0; // never -0
  const text = exactQuotient(n, places);
  const hit = roundMemo.get(text);
  if (hit !== undefined) return hit;
  return remember(roundMemo, text, Number(roundHalfUp(text, 0)));
}

/** `amount × percent / 100` in the same minor units, rounded once (whole percents only). */
export function percentOf(amount: number, percent: number): number {
  return roundQuotient(amount * percent, 2);
}

const decimalMemo = new Map<string, Map<number | string, number>>();

/** A number of major units (e.g. a formula's result, or an exact decimal string) as minor units of `currency`: money.ts `toMinor`. */
export function minorOf(value: number | string, currency: string): number {
  let byValue = decimalMemo.get(currency);
  if (!byValue) decimalMemo.set(currency, (byValue = new Map()));
  const hit = byValue.get(value);
  if (hit !== undefined) return hit;
  return remember(byValue, value, toMinor(value, currency).amount);
}

/** Rounds minor units to whole major units, still in minor units (part 1 §9 "estimate totals round to whole numbers"). */
export function wholeUnits(amount: number, currency: string): number {
  const places = placesOf(currency);
  const unit = POW10[places] ?? 10 ** places;
  if (amount % unit === 0) return amount;
  const text = exactQuotient(amount, places);
  const key = `w|${text}`;
  const hit = roundMemo.get(key);
  if (hit !== undefined) return hit * unit;
  return remember(roundMemo, key, Number(displayRound.estimateTotal(text))) * unit;
}

const secondaryMemo = new Map<string, number>();

/** Converts minor units of `from` at `rate` and rounds straight to whole units of `to` (one rounding), in minor units of `to`. */
export function convertWholeUnits(amount: number, from: string, rate: string, to: string): number {
  const key = `${amount}|${from}|${rate}|${to}`;
  const hit = secondaryMemo.get(key);
  if (hit !== undefined) return hit;
  const major = new Decimal(majorString(amount, from)).times(rate);
  return remember(secondaryMemo, key, Number(displayRound.estimateTotal(major)) * unitOf(to));
}

const rateMemo = new Map<string, string>();

/** An exchange rate at the 4 decimals of part 1 §9. */
export function rate4(raw: string): string {
  const hit = rateMemo.get(raw);
  if (hit !== undefined) return hit;
  return remember(rateMemo, raw, displayRound.exchangeRate(raw));
}

const percentMemo = new Map<string, number>();

/** A decimal rate ("0.2345") as a whole percent (23), part 1 §9 "tax rate whole percent". */
export function wholePercent(rate: string): number {
  const hit = percentMemo.get(rate);
  if (hit !== undefined) return hit;
  return remember(percentMemo, rate, Number(displayRound.taxRatePercent(new Decimal(rate).times(100))));
}

/** A whole percent as a decimal rate string (40 → "0.4"; 7 → "0.07"). */
export function percentRate(percent: number): string {
  return exactQuotient(percent, 2).replace(/\.?0+$/, "") || "0";
}

/**
 * Splits `total` (integer) in proportion to `weights` (non-negative integers) so the parts sum to
 * `total` exactly: each part is the floor of its exact share, and the units left over go to the
 * largest remainders (ties: the larger weight, then the earlier part). All weights zero: equal
 * shares by the same rule.
 */
export function allocateLargestRemainder(total: number, weights: readonly number[]): number[] {
  const n = weights.length;
  if (n === 0) return [];
  if (total < 0) return allocateLargestRemainder(-total, weights).map((x) => -x);
  let sum = 0;
  for (const w of weights) sum += w > 0 ? w : 0;
  const ws = sum > 0 ? weights.map((w) => (w > 0 ? w : 0)) : weights.map(() => 1);
  const W = sum > 0 ? sum : n;
  const parts = new Array<number>(n);
  const rems = new Array<number>(n);
  let given = 0;
  const safe = Number.isSafeInteger(total * W);
  for (let i = 0; i < n; i++) {
    const w = ws[i]!;
    if (safe && Number.isSafeInteger(total * w)) {
      const p = total * w;
      const q = Math.floor(p / W);
      parts[i] = q;
      rems[i] = p - q * W;
    } else {
      const p = BigInt(total) * BigInt(w);
      const q = p / BigInt(W);
      parts[i] = Number(q);
      rems[i] = Number(p - q * BigInt(W));
    }
    given += parts[i]!;
  }
  // Fewer than n units are left (each floor loses less than one): one to each of the largest remainders.
  let left = total - given;
  if (left > 0) {
    const taken = new Array<boolean>(n).fill(false);
    for (; left > 0; left--) {
      let best = -1;
      for (let i = 0; i < n; i++) {
        if (taken[i]) continue;
        if (best < 0 || rems[i]! > rems[best]! || (rems[i] === rems[best] && ws[i]! > ws[best]!)) best = i;
      }
      taken[best] = true;
      parts[best]! += 1;
    }
  }
  return parts;
}


/** Minor units for people to read, as money.ts `formatMoney` writes them ("GBP 1,234.50"), without Decimal. */
export function formatAmount(amount: number, currency: string): string {
  const places = placesOf(currency);
  const unit = POW10[places] ?? 10 ** places;
  const neg = amount < 0;
  const abs = neg ? -amount : amount;
  let whole = Math.floor(abs / unit);
  let fraction = "";
  if (places > 0) {
    fraction = String(abs - whole * unit);
    while (fraction.length < places) fraction = `0${fraction}`;
    fraction = `.${fraction}`;
  }
  let text = "";
  while (whole >= 1000) {
    const group = whole % 1000;
    text = `,${group < 10 ? "00" : group < 100 ? "0" : ""}${group}${text}`;
    whole = Math.floor(whole / 1000);
  }
  return `${currency} ${neg ? "-" : ""}${whole}${text}${fraction}`;
}

const ratioMemo = new Map<string, number>();

/** n / d as a whole percent (0 when d is 0), rounded by money.ts. */
export function ratioPercent(n: number, d: number): number {
  if (d === 0) return 0;
  const key = `${n}/${d}`;
  const hit = ratioMemo.get(key);
  if (hit !== undefined) return hit;
  return remember(ratioMemo, key, Number(displayRound.taxRatePercent(new Decimal(n).times(100).dividedBy(d))));
}

const fnRates = new WeakMap<(from: string, to: string) => string, Map<string, Map<string, string>>>();

/**
 * The 4-place rate of a pair from an exchange-rate function, asked once per function and pair
 * (rate functions are pure: the service layer's comes from a rate table read at most once a minute).
 */
export function pairRate(fn: (from: string, to: string) => string, from: string, to: string): string {
  if (from === to) return "1";
  let byFrom = fnRates.get(fn);
  if (!byFrom) fnRates.set(fn, (byFrom = new Map()));
  let byTo = byFrom.get(from);
  if (!byTo) byFrom.set(from, (byTo = new Map()));
  const hit = byTo.get(to);
  if (hit !== undefined) return hit;
  const rate = rate4(fn(from, to));
  byTo.set(to, rate);
  return rate;
}

const productMemo = new Map<string, string>();

/** a × b as an exact decimal string (the float product can show 3998.5000000000005). */
export function decimalProduct(a: number, b: number): string {
  const key = `${a}*${b}`;
  const hit = productMemo.get(key);
  if (hit !== undefined) return hit;
  return remember(productMemo, key, new Decimal(a).times(b).toString());
}
