import Decimal from "decimal.js";
import currencyCodes from "currency-codes";
import { AppError } from "../errors.ts";

/**
 * Money is an integer amount of minor units plus an ISO 4217 code.
 * This module is the only place where amounts are rounded: every other module
 * calls `roundHalfUp`/`toMinor`/`convert` here instead of rounding itself.
 */
export type Money = { amount: number; currency: string };

/**
 * The one upper bound of a money amount, in minor units of its currency (either sign): 9,999,999,999,999
 * (USD 99,999,999,999.99, JPY 9,999,999,999,999, BHD 9,999,999,999.999). Every money column is 64-bit on
 * both databases; this bound keeps one amount far inside it and inside JavaScript's safe integers, so
 * that a sum of up to 900 of the largest amounts (a budget's spend, an account's balance) is still
 * exact. Every money input is refused past it with `MONEY_TOO_LARGE`, on both databases alike: the
 * shared money schema (`ZMoneyText`, ./schemas.ts) refuses text whose digits already pass it, and
 * `toMinor` (every parse ends there) applies it in the currency's own minor units.
 */
export const MONEY_MAX_MINOR = 9_999_999_999_999;
export const MONEY_TOO_LARGE = "The amount is too large.";

const D = Decimal.clone({ precision: 40, rounding: Decimal.ROUND_HALF_UP });

/** Decimal places of a currency (JPY 0, USD 2, BHD 3); unknown codes are refused. */
export function minorUnitsOf(currency: string): number {
  const known = digitsByCode.get(currency);
  if (known !== undefined) return known;
  const entry = currencyCodes.code(currency.toUpperCase());
  if (!entry) throw new AppError("VALIDATION", `Unknown currency ${currency}`);
  digitsByCode.set(currency, entry.digits);
  return entry.digits;
}

/** ISO 4217 digits by code as asked (the package's lookup scans its whole list each time). */
const digitsByCode = new Map<string, number>();

export function isCurrencyCode(code: string): boolean {
  return /^[A-Z]{3}$/.test(code) && currencyCodes.code(code) !== undefined;
}

/** Rounds a decimal to `places` places, half away from zero. The one rounding rule of the product. */
export function roundHalfUp(value: Decimal.Value, places: number): string {
  return new D(value).toDecimalPlaces(places, Decimal.ROUND_HALF_UP).toFixed(places);
}

/** A decimal amount in major units (e.g. "1234.5") as Money in minor units, rounded to the currency's places. */
export function toMinor(value: Decimal.Value, currency: string): Money {
  const places = minorUnitsOf(currency);
  const minor = new D(roundHalfUp(value, places)).times(new D(10).pow(places));
  if (minor.abs().greaterThan(MONEY_MAX_MINOR)) throw new AppError("VALIDATION", MONEY_TOO_LARGE);
  const amount = minor.toNumber();
  if (!Number.isSafeInteger(amount)) throw new AppError("VALIDATION", "This is not a valid number.");
  return { amount, currency: currency.toUpperCase() };
}

/** Parses user input ("1,234.50") into Money; refuses more decimals than the currency has. */
export function parseAmount(text: string, currency: string): Money {
  const cleaned = text.replaceAll(",", "").trim();
  if (!/^-?\d+(\.\d+)?$/.test(cleaned)) throw new AppError("VALIDATION", "This is not a valid number.");
  const places = minorUnitsOf(currency);
  const decimals = cleaned.split(".")[1]?.length ?? 0;
  if (decimals > places) throw new AppError("VALIDATION", `At most ${places} decimal places are allowed for ${currency}.`);
  return toMinor(cleaned, currency);
}

/** Money as a plain decimal string in major units ("1234.50", JPY "1235"). */
export function toMajorString(money: Money): string {
  const places = minorUnitsOf(money.currency);
  return new D(money.amount).dividedBy(new D(10).pow(places)).toFixed(places);
}

/** Money for people to read: the code, then the amount with thousands separators ("USD 6,000.00", "JPY 1,235"). */
export function formatMoney(money: Money): string {
  const [whole = "", fraction] = toMajorString(money).split(".");
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, ",");
  return `${money.currency} ${grouped}${fraction === undefined ? "" : `.${fraction}`}`;
}

export function addMoney(a: Money, b: Money): Money {
  if (a.currency !== b.currency) throw new AppError("VALIDATION", `Cannot add ${a.currency} to ${b.currency}.`);
  return { amount: a.amount + b.amount, currency: a.currency };
}

export function sumMoney(items: Money[], currency: string): Money {
  return items.reduce((acc, m) => addMoney(acc, m), { amount: 0, currency });
}

/** Converts with a decimal exchange rate ("1 unit of from = rate units of to"), rounding once at the end. */
export function convert(money: Money, rate: string, to: string): Money {
  const major = new D(toMajorString(money)).times(new D(rate));
  return toMinor(major, to);
}

/** Display precisions from part 1 §9. */
export const displayRound = {
  exchangeRate: (rate: Decimal.Value) => roundHalfUp(rate, 4),
  taxRatePercent: (rate: Decimal.Value) => roundHalfUp(rate, 0),
  remainingBudget: (value: Decimal.Value) => roundHalfUp(value, 2),
  estimateTotal: (value: Decimal.Value) => roundHalfUp(value, 0),
};

/**
 * Splits an amount into `parts` instalments of whole minor units: every instalment but the last is
 * the amount divided by `parts`, truncated toward zero; the last absorbs the remainder, so the parts
 * always sum exactly to the amount (finance recurring schedules, part 2 §5).
 */
export function splitLastAbsorbs(money: Money, parts: number): Money[] {
  if (!Number.isSafeInteger(parts) || parts < 1) throw new AppError("VALIDATION", "The number of parts must be a positive whole number.");
  const each = Math.trunc(money.amount / parts);
  const out: Money[] = [];
  for (let i = 0; i < parts - 1; i++) out.push({ amount: each, currency: money.currency });
  out.push({ amount: money.amount - each * (parts - 1), currency: money.currency });
  return out;
}
