/**
 * How the estimate pages show numbers. Amounts arrive in integer minor units; they are converted
 * and rounded only by src/domain/money/money.ts (part 1 §9: estimate totals in whole units,
 * exchange rates 4 decimals, tax rates whole percents). This module only groups digits.
 */
import { displayRound, isCurrencyCode, toMajorString } from "../../../domain/money/money.ts";
import { formatDecimalText, readerLocale } from "../../lib/format.ts";

export { formatDate, formatDateTime } from "../../lib/format.ts";

/** Digits grouped the reader's way. */
const group = (digits: string) => formatDecimalText(digits, readerLocale());

/** "USD 12,500" from 1_250_000 minor units: whole units (§9 "estimate totals round to whole numbers"). */
export function formatWhole(amount: number, currency: string): string {
  if (!isCurrencyCode(currency)) return `${currency} ${amount}`;
  const whole = displayRound.estimateTotal(toMajorString({ amount, currency }));
  const negative = whole.startsWith("-") && whole !== "-0";
  const digits = whole.replace(/^-/, "");
  return `${currency} ${negative ? "-" : ""}${group(digits)}`;
}

/** The number alone, whole units with separators ("12,500"), for table cells under a currency heading. */
export function formatWholeNumber(amount: number, currency: string): string {
  if (!isCurrencyCode(currency)) return String(amount);
  const whole = displayRound.estimateTotal(toMajorString({ amount, currency }));
  const negative = whole.startsWith("-") && whole !== "-0";
  return `${negative ? "-" : ""}${group(whole.replace(/^-/, ""))}`;
}

/** An amount as the user edits it: major units with the currency's decimals ("1500.00", JPY "1500"). */
export function amountInputText(amount: number, currency: string): string {
  if (!isCurrencyCode(currency)) return String(amount);
  return toMajorString({ amount, currency });
}

/** A custom item's amount as the user edits it: whole major units (§5 "Please enter a whole number"). */
export function wholeInputText(amount: number, currency: string): string {
  if (!isCurrencyCode(currency)) return String(amount);
  return displayRound.estimateTotal(toMajorString({ amount, currency }));
}

/** An exchange rate with 4 decimals (§9). */
export function formatRate(rate: string): string {
  try {
    return displayRound.exchangeRate(rate);
  } catch {
    return rate;
  }
}
