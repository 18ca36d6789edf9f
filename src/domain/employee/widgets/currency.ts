/**
 * The currency widget (part 1 §1 "a currency widget", §3 "Currency: code, name, rate. Preferences
 * cookie MG_WIDGETS_PREFS holds selectedCurrency and displayedCurrencies", §7 "GET currency widget
 * JSON (selectedCurrency, selectedCurrencies); returns userCurrency, displayedCurrencies,
 * availableCurrencies", §9 rates to 4 decimals; part 2 §7 "POST /user/currency form {currency}",
 * §9 "widget currencies are kept in a cookie", "currency load 90 s").
 *
 * A rate is the number of units of that currency one unit of the user's currency buys
 * (userCurrency's own rate is 1.0000), crossed through USD from the stored exchange rates and
 * rounded to 4 places by src/domain/money (the one rounding place).
 */
import { z } from "zod";
import { displayRound } from "../../money/money.ts";

/** The cookie's name (part 1 §3). */
export const WIDGETS_PREFS_COOKIE = "MG_WIDGETS_PREFS";
/** One year: the cookie only carries the choice the database also keeps. */
export const WIDGETS_PREFS_MAX_AGE_SECONDS = 365 * 24 * 3600;

/** Meridian's defaults before a user chooses (the spec names none). */
export const DEFAULT_SELECTED_CURRENCY = "USD";
export const DEFAULT_DISPLAYED_CURRENCIES: readonly string[] = ["EUR", "GBP", "USD"];
/** At most this many currencies are displayed beside the user's own. */
export const MAX_DISPLAYED_CURRENCIES = 12;

export const currencyWidgetMessages = {
  /** part 1 §8: "Recalculation, history and currency". */
  failure: "We are experiencing an issue. Please contact customer support and our technical team will investigate.",
  code: "Choose a currency by its three-letter code.",
  tooMany: `Display at most ${MAX_DISPLAYED_CURRENCIES} currencies.`,
  unknown: (code: string) => `There is no exchange rate for ${code}.`,
} as const;

export const ZCurrencyCode = z
  .string()
  .trim()
  .max(3, currencyWidgetMessages.code)
  .transform((s) => s.toUpperCase())
  .pipe(z.string().regex(/^[A-Z]{3}$/, currencyWidgetMessages.code));

/** A list of codes: an array, or one comma-separated text as a form or query sends it; duplicates dropped, order kept. */
export const ZCurrencyList = z
  .preprocess(
    (v) => (typeof v === "string" ? (v.trim() === "" ? [] : v.split(",")) : v),
    z.array(z.string().max(8, currencyWidgetMessages.code)).max(MAX_DISPLAYED_CURRENCIES * 4, currencyWidgetMessages.tooMany),
  )
  .pipe(z.array(ZCurrencyCode))
  .transform((codes) => [...new Set(codes)])
  .pipe(z.array(z.string()).max(MAX_DISPLAYED_CURRENCIES, currencyWidgetMessages.tooMany));

const blankToUndefined = (v: unknown) => (typeof v === "string" && v.trim() === "" ? undefined : v);

/** GET /user/currency: either field may be omitted (the stored choice, then the cookie, then the defaults apply). */
export const ZCurrencyWidgetRequest = z
  .object({
    selectedCurrency: z.preprocess(blankToUndefined, ZCurrencyCode.optional()),
    selectedCurrencies: ZCurrencyList.optional(),
  })
  .default({});
export type TCurrencyWidgetRequest = z.infer<typeof ZCurrencyWidgetRequest>;

/** POST /user/currency: `currency` (the spec's form field) and, Meridian's addition, the displayed list. */
export const ZSetCurrencyRequest = z.object({
  currency: ZCurrencyCode,
  displayedCurrencies: ZCurrencyList.optional(),
});
export type TSetCurrencyRequest = z.infer<typeof ZSetCurrencyRequest>;

export const ZCurrency = z.object({
  code: z.string(),
  name: z.string(),
  /** Units of this currency per 1 unit of userCurrency, 4 decimals. */
  rate: z.string(),
});
export type TCurrency = z.infer<typeof ZCurrency>;

export const ZCurrencyWidgetResponse = z.object({
  success: z.literal(true),
  userCurrency: ZCurrency,
  displayedCurrencies: z.array(ZCurrency),
  availableCurrencies: z.array(ZCurrency),
  /** Issue 24 §7: where the rates come from ("European Central Bank reference rates of 2026-12-04" or the stored rates' name). */
  ratesSource: z.string().optional(),
  /** Issue 24 §7: "Could not reach the European Central Bank." when its rates could not be fetched (stored rates shown), else "". */
  ratesMessage: z.string().optional(),
});
export type TCurrencyWidgetResponse = z.infer<typeof ZCurrencyWidgetResponse>;

export type CurrencyPrefs = { selectedCurrency: string; displayedCurrencies: string[] };
export type PartialCurrencyPrefs = Partial<CurrencyPrefs>;

const ZCookiePrefs = z.object({
  selectedCurrency: z.unknown().optional(),
  displayedCurrencies: z.unknown().optional(),
});

/** The cookie's value (already percent-decoded): JSON with selectedCurrency and displayedCurrencies; anything unreadable counts as absent. */
export function parseWidgetsPrefsCookie(value: string | null | undefined): PartialCurrencyPrefs {
  if (!value || value.length > 1000) return {};
  let json: unknown;
  try {
    json = JSON.parse(value);
  } catch {
    return {};
  }
  const raw = ZCookiePrefs.safeParse(json);
  if (!raw.success) return {};
  const selected = ZCurrencyCode.safeParse(raw.data.selectedCurrency);
  const displayed = ZCurrencyList.safeParse(raw.data.displayedCurrencies);
  return {
    ...(selected.success ? { selectedCurrency: selected.data } : {}),
    ...(displayed.success ? { displayedCurrencies: displayed.data } : {}),
  };
}

/** The cookie's value to set: percent-encoded JSON (a cookie value holds no quotes, commas or semicolons). */
export function widgetsPrefsCookieValue(prefs: CurrencyPrefs): string {
  return encodeURIComponent(JSON.stringify({ selectedCurrency: prefs.selectedCurrency, displayedCurrencies: prefs.displayedCurrencies }));
}

/**
 * The choice in force: each field from the first source that has it (the request's explicit
 * choice, then the stored one, then the cookie), else the defaults. Codes without a rate are
 * dropped from stored and cookie choices (a rate can be withdrawn); an explicit unknown code is the
 * caller's mistake and is refused by `assertKnown` before this runs.
 */
export function resolveCurrencyPrefs(sources: PartialCurrencyPrefs[], known: ReadonlySet<string>): CurrencyPrefs {
  let selectedCurrency: string | undefined;
  let displayedCurrencies: string[] | undefined;
  for (const s of sources) {
    if (selectedCurrency === undefined && s.selectedCurrency !== undefined && known.has(s.selectedCurrency)) selectedCurrency = s.selectedCurrency;
    if (displayedCurrencies === undefined && s.displayedCurrencies !== undefined) displayedCurrencies = s.displayedCurrencies.filter((c) => known.has(c));
  }
  return {
    selectedCurrency: selectedCurrency ?? (known.has(DEFAULT_SELECTED_CURRENCY) ? DEFAULT_SELECTED_CURRENCY : ([...known].sort()[0] ?? DEFAULT_SELECTED_CURRENCY)),
    displayedCurrencies: displayedCurrencies ?? DEFAULT_DISPLAYED_CURRENCIES.filter((c) => known.has(c)),
  };
}

/** The codes of `codes` that have no rate (an explicit request naming one is refused). */
export function unknownCodes(codes: readonly string[], known: ReadonlySet<string>): string[] {
  return codes.filter((c) => !known.has(c));
}

/** The widget's answer: every rate from the user's currency, rounded to 4 places. */
export function buildCurrencyWidget(
  prefs: CurrencyPrefs,
  available: readonly string[],
  nameOf: (code: string) => string,
  rateOf: (from: string, to: string) => string,
): TCurrencyWidgetResponse {
  const currency = (code: string): TCurrency => ({ code, name: nameOf(code), rate: displayRound.exchangeRate(rateOf(prefs.selectedCurrency, code)) });
  return {
    success: true,
    userCurrency: currency(prefs.selectedCurrency),
    displayedCurrencies: prefs.displayedCurrencies.map(currency),
    availableCurrencies: [...available].sort().map(currency),
  };
}
