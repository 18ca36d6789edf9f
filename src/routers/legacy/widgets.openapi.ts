import { ZCurrencyWidgetRequest, ZCurrencyWidgetResponse, ZSetCurrencyRequest } from "../../domain/widgets/currency.ts";
import type { Operation } from "../../server/openapi.ts";

/** OpenAPI descriptions of the legacy paths in ./widgets.ts (served in /api/openapi.json). */
export const widgetOperations: Operation[] = [
  { method: "get", path: "/user/currency", summary: "The currency widget of the signed-in user: userCurrency, displayedCurrencies and availableCurrencies (code, name, rate: units per 1 userCurrency, 4 decimals). selectedCurrency and selectedCurrencies (comma-separated) override the stored choice, then the MG_WIDGETS_PREFS cookie, then the defaults (USD; EUR, GBP, USD)", spec: "part 1 §7, §3", request: ZCurrencyWidgetRequest, requestType: "query", response: ZCurrencyWidgetResponse, auth: "session" },
  { method: "post", path: "/user/currency", summary: "Stores the user's currency (form {currency}; optionally displayedCurrencies, comma-separated) in the database and the MG_WIDGETS_PREFS cookie; answers the widget", spec: "part 2 §7", request: ZSetCurrencyRequest, requestType: "form", response: ZCurrencyWidgetResponse, auth: "session" },
];
