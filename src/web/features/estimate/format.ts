/**
 * How the estimate pages show numbers. Amounts arrive in integer minor units; they are converted
 * and rounded only by src/domain/money/money.ts (part 1 §9: estimate totals in whole units,
 * exchange rates 4 decimals, tax rates whole percents). This module only groups digits.
 */
import { displayRound, isCurrencyCode, toMajorString } from "../../../domain/money/money.ts";

const group = (digits: string) => digits.replace(/\B(?=(\d{3})+(?!\d))/g, ",");

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

/** A date-time for people ("4 Jan 2027, 10:30"); the text as given when it is not a date. */
export function formatDateTime(iso: string | null | undefined, locale: string): string {
  if (!iso) return "";
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return new Intl.DateTimeFormat(locale, { dateStyle: "medium", timeStyle: "short", timeZone: "UTC" }).format(date);
}

/** A calendar date for people ("4 Jan 2027"). */
export function formatDate(iso: string | null | undefined, locale: string): string {
  if (!iso) return "";
  const date = new Date(/^\d{4}-\d{2}-\d{2}$/.test(iso) ? `${iso}T00:00:00Z` : iso);
  if (Number.isNaN(date.getTime())) return iso;
  return new Intl.DateTimeFormat(locale, { dateStyle: "medium", timeZone: "UTC" }).format(date);
}
