/**
 * The currency widget's service (spec refs in src/domain/widgets/currency.ts): called by the tRPC
 * procedures (src/routers/widgets.ts) and GET/POST /user/currency (src/routers/legacy/widgets.ts).
 * Rates come from the stored exchange rates through the estimate's rate table (crossed through USD).
 */
import type { DB } from "../../db/index.ts";
import { findCurrencyNames, findWidgetPrefs, upsertWidgetPrefs } from "../../db/queries/widgets.ts";
import { AppError } from "../../domain/errors.ts";
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
} from "../../domain/widgets/currency.ts";
import type { SessionUser } from "../auth.ts";
import { loadRates } from "../estimate/rates.ts";

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

async function render(db: DB, prefs: CurrencyPrefs, available: string[], rateOf: (from: string, to: string) => string): Promise<TCurrencyWidgetResponse> {
  const names = new Map((await findCurrencyNames(db, available)).map((r) => [r.code, r.name]));
  return buildCurrencyWidget(prefs, available, (code) => names.get(code) ?? code, rateOf);
}

/**
 * The widget for the signed-in user: the request's explicit choice, else the stored one, else the
 * cookie's (`cookie`, legacy path only), else the defaults. Reads only.
 */
export async function currencyWidget(db: DB, user: SessionUser, input: TCurrencyWidgetRequest, cookie: PartialCurrencyPrefs = {}): Promise<CurrencyWidgetResult> {
  const [table, row] = await Promise.all([loadRates(db), findWidgetPrefs(db, user.id)]);
  const known = new Set(table.currencies);
  if (input.selectedCurrency !== undefined) refuseUnknown([input.selectedCurrency], known, "selectedCurrency");
  if (input.selectedCurrencies !== undefined) refuseUnknown(input.selectedCurrencies, known, "selectedCurrencies");
  const explicit: PartialCurrencyPrefs = { selectedCurrency: input.selectedCurrency, displayedCurrencies: input.selectedCurrencies };
  const prefs = resolveCurrencyPrefs([explicit, storedPrefs(row), cookie], known);
  return { view: await render(db, prefs, table.currencies, table.rateOf), prefs };
}

/**
 * Stores the user's currency and the displayed list (the one sent, else the stored one, else the
 * cookie's, else the defaults) and answers the widget as it now reads.
 */
export async function setCurrency(db: DB, user: SessionUser, input: TSetCurrencyRequest, cookie: PartialCurrencyPrefs = {}, now = new Date()): Promise<CurrencyWidgetResult> {
  const [table, row] = await Promise.all([loadRates(db), findWidgetPrefs(db, user.id)]);
  const known = new Set(table.currencies);
  refuseUnknown([input.currency], known, "currency");
  if (input.displayedCurrencies !== undefined) refuseUnknown(input.displayedCurrencies, known, "displayedCurrencies");
  const prefs = resolveCurrencyPrefs([{ selectedCurrency: input.currency, displayedCurrencies: input.displayedCurrencies }, storedPrefs(row), cookie], known);
  await upsertWidgetPrefs(db, { userId: user.id, selectedCurrency: prefs.selectedCurrency, displayedCurrencies: prefs.displayedCurrencies.join(","), now: now.toISOString() });
  return { view: await render(db, prefs, table.currencies, table.rateOf), prefs };
}
