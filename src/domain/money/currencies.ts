/**
 * Which ISO 4217 codes people pay with, and how a currency is named on screen (issue 24 §6 "no
 * internal codes": a currency picker offers "USD — US Dollar", never gold, a test code or "no
 * currency"). Pure and browser-safe: the server filters its currency lists with `isPayableCurrency`
 * and the web client names each option with `currencyOptionLabel` (src/web/lib/format.ts adds the
 * reader's language).
 */
import currencyCodes from "currency-codes";
import { isCurrencyCode } from "./money.ts";

/**
 * ISO 4217 codes that are not money a person pays or is paid in: precious metals (XAU, XAG, XPT,
 * XPD), the testing and "no currency" codes (XTS, XXX), supranational units of account (XDR, XBA–XBD,
 * XSU, XUA) and the fund / index units beside a national currency (BOV, CHE, CHW, CLF, COU, MXV, USN,
 * UYI, UYW).
 */
export const NON_PAYABLE_CURRENCY_CODES: ReadonlySet<string> = new Set([
  "XAU", "XAG", "XPT", "XPD",
  "XTS", "XXX",
  "XDR", "XBA", "XBB", "XBC", "XBD", "XSU", "XUA",
  "BOV", "CHE", "CHW", "CLF", "COU", "MXV", "USN", "UYI", "UYW",
]);

/** A currency code a picker may offer: a known ISO 4217 code that is money (not a metal, test or fund unit). */
export function isPayableCurrency(code: string): boolean {
  return isCurrencyCode(code) && !NON_PAYABLE_CURRENCY_CODES.has(code);
}

/** The ISO 4217 name of a currency ("US Dollar"), or null for an unknown code. */
export function isoCurrencyName(code: string): string | null {
  return /^[A-Z]{3}$/.test(code) ? (currencyCodes.code(code)?.currency ?? null) : null;
}

/** Every payable currency code, sorted. */
export function payableCurrencyCodes(): string[] {
  return currencyCodes.codes().filter(isPayableCurrency).sort();
}

/** "USD — US Dollar": the code first (people search pickers by it), then the name; an unnamed code alone. */
export function currencyOptionLabel(code: string, name: string | null = isoCurrencyName(code)): string {
  return name && name !== code ? `${code} — ${name}` : code;
}
