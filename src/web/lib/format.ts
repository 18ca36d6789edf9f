/**
 * The web client's one way to write dates, times, numbers and money for people, in the reader's
 * locale: the browser's own variant of the app's language (navigator.languages: en-GB for en), so
 * every page writes "1 March 2027" for a British reader and "March 1, 2027" for an American one.
 * Amounts are never rounded here: money is converted by src/domain/money (toMajorString, toMinor);
 * this module only writes the digits with the locale's separators.
 */
import { displayRound, isCurrencyCode, toMajorString, toMinor, type Money } from "../../domain/money/money.ts";
import { currencyOptionLabel, isoCurrencyName } from "../../domain/money/currencies.ts";
import { i18n } from "./i18n.ts";

/** The reader's locale for the app's language: the browser's own variant of it (en-GB for en) when it has one. */
export function readerLocale(language: string = i18n.language || "en", browser: readonly string[] = typeof navigator === "undefined" ? [] : navigator.languages): string {
  const base = language.split("-")[0]!.toLowerCase();
  const found = browser.find((l) => l.split("-")[0]!.toLowerCase() === base) ?? language;
  return supported(found) ? found : "en";
}

function supported(locale: string): boolean {
  try {
    return Intl.DateTimeFormat.supportedLocalesOf([locale]).length > 0;
  } catch {
    return false;
  }
}

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

/** A calendar date ("1 March 2027"); a timestamp shows the reader's calendar day; other text stays as it is. */
export function formatDate(iso: string | null | undefined, locale: string = readerLocale()): string {
  if (!iso) return "";
  const calendar = ISO_DATE.test(iso);
  const date = new Date(calendar ? `${iso}T00:00:00Z` : iso);
  if (Number.isNaN(date.getTime())) return iso;
  return new Intl.DateTimeFormat(locale, { dateStyle: "long", ...(calendar ? { timeZone: "UTC" } : {}) }).format(date);
}

/** A moment in the reader's time zone ("25 November 2026 at 20:59"); a bare date reads as a date. */
export function formatDateTime(iso: string | null | undefined, locale: string = readerLocale()): string {
  if (!iso) return "";
  if (ISO_DATE.test(iso)) return formatDate(iso, locale);
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return new Intl.DateTimeFormat(locale, { dateStyle: "long", timeStyle: "short" }).format(date);
}

/** The locale's digit-group and decimal separators. */
function separators(locale: string): { group: string; decimal: string } {
  const parts = new Intl.NumberFormat(locale).formatToParts(1234567.5);
  return { group: parts.find((p) => p.type === "group")?.value ?? ",", decimal: parts.find((p) => p.type === "decimal")?.value ?? "." };
}

/** A decimal text ("-15478.11") with the locale's separators ("-15,478.11"), digits unchanged. */
export function formatDecimalText(text: string, locale: string = readerLocale()): string {
  const m = /^(-?)(\d+)(?:\.(\d+))?$/.exec(text.trim());
  if (!m) return text;
  const { group, decimal } = separators(locale);
  const whole = m[2]!.replace(/\B(?=(\d{3})+(?!\d))/g, group);
  const negative = m[1] === "-" && /[1-9]/.test(`${m[2]}${m[3] ?? ""}`);
  return `${negative ? "-" : ""}${whole}${m[3] === undefined ? "" : `${decimal}${m[3]}`}`;
}

/** A plain number (an input of a working, a rate, a count) with the locale's separators. */
export function formatNumber(value: number, locale: string = readerLocale()): string {
  if (!Number.isFinite(value)) return String(value);
  return new Intl.NumberFormat(locale, { maximumFractionDigits: 6 }).format(value);
}

/** Money for people: the code, then the amount with all of the currency's decimals ("USD 6,000.00", "JPY 1,235"). */
export function formatMoney(money: Money, locale: string = readerLocale()): string {
  if (!isCurrencyCode(money.currency)) return `${money.currency} ${money.amount}`;
  return `${money.currency} ${formatDecimalText(toMajorString(money), locale)}`;
}

/** A decimal text in major units of a currency ("6000", "-15478.105") as money ("USD 6,000.00"); other text stays. */
export function formatMajorMoney(text: string, currency: string, locale: string = readerLocale()): string {
  if (!isCurrencyCode(currency) || !/^-?\d+(\.\d+)?$/.test(text.trim())) return `${currency} ${text}`;
  return formatMoney(toMinor(text.trim(), currency), locale);
}

/** An estimate total in whole units ("USD 12,500"; part 1 §9 "estimate totals round to whole numbers", rounded by src/domain/money). */
export function formatWholeMoney(money: Money, locale: string = readerLocale()): string {
  if (!isCurrencyCode(money.currency)) return `${money.currency} ${money.amount}`;
  return `${money.currency} ${formatDecimalText(displayRound.estimateTotal(toMajorString(money)), locale)}`;
}

/** A currency's name in the reader's language ("US Dollar", "Euro"); the ISO 4217 name where the browser has none. */
export function currencyName(code: string, locale: string = readerLocale()): string | null {
  try {
    const name = new Intl.DisplayNames([locale], { type: "currency", fallback: "none" }).of(code);
    if (name && name !== code) return name;
  } catch {
    // An old browser without Intl.DisplayNames, or a code it refuses: the ISO name below.
  }
  return isoCurrencyName(code);
}

/** A currency picker's option: "USD — US Dollar" (part of issue 24 §6: no bare codes in pickers). */
export function currencyLabel(code: string, locale: string = readerLocale()): string {
  return currencyOptionLabel(code, currencyName(code, locale));
}
