/**
 * The currency widget's service (spec refs in src/domain/employee/widgets/currency.ts): called by the tRPC
 * procedures (src/routers/employee/widgets.ts) and GET/POST /user/currency (src/routers/employee/legacy/widgets.ts).
 * Rates come from the stored exchange rates through the estimate's rate table (crossed through USD).
 */
import type { DB } from "../../../db/index.ts";
import { findCurrencyNames, findWidgetPrefs, upsertWidgetPrefs } from "../../../db/queries/employee/widgets.ts";
import { AppError } from "../../../domain/errors.ts";
import {
  buildCurrencyWidget,
  currencyWidgetMessages,
  resolveCurrencyPrefs,
  unknownCodes,
  type CurrencyPrefs,
  type PartialCurrencyPrefs,
  type TCurrencyWidgetRequest,
  type TCurrencyWidgetResponse,
  type TSetCurrencyRequest,
} from "../../../domain/employee/widgets/currency.ts";
import type { SessionUser } from "../../identity/auth.ts";
import { loadRates, rateTableFrom, type RateTable } from "../../estimate/rates.ts";
import Decimal from "decimal.js";
import type { Config } from "../../../config.ts";
import { couldNotReach, parseEcbDaily } from "../../../domain/employee/widgets/providers.ts";
import { providerFetch, ProviderUnreachableError } from "../providers/public-fetch.ts";
import { fetchPolicyOf } from "../../safe-fetch.ts";

export type CurrencyWidgetResult = { view: TCurrencyWidgetResponse; prefs: CurrencyPrefs };

function storedPrefs(row: { selected_currency: string; displayed_currencies: string } | undefined): PartialCurrencyPrefs {
  if (!row) return {};
  return { selectedCurrency: row.selected_currency, displayedCurrencies: row.displayed_currencies === "" ? [] : row.displayed_currencies.split(",") };
}

function refuseUnknown(codes: readonly string[], known: ReadonlySet<string>, field: string) {
  const unknown = unknownCodes(codes, known);
  if (unknown.length > 0) {
    const message = currencyWidgetMessages.unknown(unknown.join(", "));
    throw new AppError("VALIDATION", message, { [field]: message });
  }
}

async function render(db: DB, prefs: CurrencyPrefs, table: WidgetRates): Promise<TCurrencyWidgetResponse> {
  const names = new Map((await findCurrencyNames(db, table.currencies)).map((r) => [r.code, r.name]));
  return { ...buildCurrencyWidget(prefs, table.currencies, (code) => names.get(code) ?? code, table.rateOf), ratesSource: table.source, ratesMessage: table.message };
}

type EcbConfig = Pick<Config, "ecbRatesUrl" | "allowPrivateFetch"> & { providerUserAgent?: string };
type WidgetRates = RateTable & { source: string; message: string };
const STORED_SOURCE = "Stored exchange rates";

/**
 * The widget's rates (issue 24 §7): the ECB's daily reference rates (ECB_RATES_URL, through providerFetch:
 * cached 6 hours) for the currencies it quotes, crossed through USD, over the stored rates for the others;
 * the stored rates alone, saying so, when the ECB cannot be reached or is off.
 */
async function widgetRates(db: DB, config: EcbConfig | undefined): Promise<WidgetRates> {
  const stored = await loadRates(db);
  if (!config?.ecbRatesUrl) return { ...stored, source: STORED_SOURCE, message: "" };
  let daily: ReturnType<typeof parseEcbDaily> = null;
  try {
    const answer = await providerFetch({ provider: "ecb", url: new URL(config.ecbRatesUrl), policy: fetchPolicyOf(config), headers: { accept: "application/xml, text/xml" }, usable: (text) => parseEcbDaily(text) !== null });
    if (answer.status >= 200 && answer.status <= 299) daily = parseEcbDaily(answer.text);
    if (!daily) console.warn(`[currency] ECB answered ${answer.status} in an unexpected format`);
  } catch (error) {
    if (!(error instanceof ProviderUnreachableError)) throw error;
    console.warn(`[currency] ${error.message}`);
    return { ...stored, source: STORED_SOURCE, message: couldNotReach("ecb") };
  }
  const usdPerEuro = daily?.perEuro.get("USD");
  if (!daily || !usdPerEuro) return { ...stored, source: STORED_SOURCE, message: "" };
  const fromUsd = new Map<string, string>();
  for (const code of stored.currencies) if (code !== "USD") fromUsd.set(code, stored.rateOf("USD", code));
  for (const [code, perEuro] of daily.perEuro) if (code !== "USD") fromUsd.set(code, new Decimal(perEuro).dividedBy(usdPerEuro).toFixed(10));
  return { ...rateTableFrom(fromUsd), source: `European Central Bank reference rates of ${daily.date}`, message: "" };
}

/**
 * The widget for the signed-in user: the request's explicit choice, else the stored one, else the
 * cookie's (`cookie`, legacy path only), else the defaults. Reads only.
 */
export async function currencyWidget(db: DB, user: SessionUser, input: TCurrencyWidgetRequest, cookie: PartialCurrencyPrefs = {}, config?: EcbConfig): Promise<CurrencyWidgetResult> {
  const [table, row] = await Promise.all([widgetRates(db, config), findWidgetPrefs(db, user.id)]);
  const known = new Set(table.currencies);
  if (input.selectedCurrency !== undefined) refuseUnknown([input.selectedCurrency], known, "selectedCurrency");
  if (input.selectedCurrencies !== undefined) refuseUnknown(input.selectedCurrencies, known, "selectedCurrencies");
  const explicit: PartialCurrencyPrefs = { selectedCurrency: input.selectedCurrency, displayedCurrencies: input.selectedCurrencies };
  const prefs = resolveCurrencyPrefs([explicit, storedPrefs(row), cookie], known);
  return { view: await render(db, prefs, table), prefs };
}

/**
 * Stores the user's currency and the displayed list (the one sent, else the stored one, else the
 * cookie's, else the defaults) and answers the widget as it now reads.
 */
export async function setCurrency(db: DB, user: SessionUser, input: TSetCurrencyRequest, cookie: PartialCurrencyPrefs = {}, now = new Date(), config?: EcbConfig): Promise<CurrencyWidgetResult> {
  const [table, row] = await Promise.all([widgetRates(db, config), findWidgetPrefs(db, user.id)]);
  const known = new Set(table.currencies);
  refuseUnknown([input.currency], known, "currency");
  if (input.displayedCurrencies !== undefined) refuseUnknown(input.displayedCurrencies, known, "displayedCurrencies");
  const prefs = resolveCurrencyPrefs([{ selectedCurrency: input.currency, displayedCurrencies: input.displayedCurrencies }, storedPrefs(row), cookie], known);
  await upsertWidgetPrefs(db, { userId: user.id, selectedCurrency: prefs.selectedCurrency, displayedCurrencies: prefs.displayedCurrencies.join(","), now: now.toISOString() });
  return { view: await render(db, prefs, table), prefs };
}
