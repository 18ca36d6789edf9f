import { ZCurrencyWidgetRequest, ZCurrencyWidgetResponse, ZSetCurrencyRequest } from "../../domain/widgets/currency.ts";
import { ZFeedbackAddRequest, ZFeedbackResult } from "../../domain/widgets/feedback.ts";
import { ZSplashViewedRequest, ZSplashViewedResponse } from "../../domain/widgets/splash.ts";
import type { Operation } from "../../server/openapi.ts";

/** OpenAPI descriptions of the legacy paths in ./widgets.ts (served in /api/openapi.json). */
export const widgetOperations: Operation[] = [
  { method: "get", path: "/user/currency", summary: "The currency widget of the signed-in user: userCurrency, displayedCurrencies and availableCurrencies (code, name, rate: units per 1 userCurrency, 4 decimals). selectedCurrency and selectedCurrencies (comma-separated) override the stored choice, then the MG_WIDGETS_PREFS cookie, then the defaults (USD; EUR, GBP, USD)", spec: "part 1 §7, §3", request: ZCurrencyWidgetRequest, requestType: "query", response: ZCurrencyWidgetResponse, auth: "session" },
  { method: "post", path: "/user/currency", summary: "Stores the user's currency (form {currency}; optionally displayedCurrencies, comma-separated) in the database and the MG_WIDGETS_PREFS cookie; answers the widget", spec: "part 2 §7", request: ZSetCurrencyRequest, requestType: "form", response: ZCurrencyWidgetResponse, auth: "session" },
  { method: "post", path: "/feedback/add", summary: "The feedback box: rating (1-5) and message (1-2000 characters) mailed to FEEDBACK_EMAIL through the outbox and kept as the user's last feedback; answers success and message (\"Thank you! Your feedback was successfully sent.\" or \"While mail sending an error occurred! Please check message field.\"); 404 \"Feedback is not configured on this server.\" when FEEDBACK_EMAIL is not set", spec: "part 2 §7, §3; part 1 §8", request: ZFeedbackAddRequest, requestType: "form", response: ZFeedbackResult, auth: "session" },
  { method: "delete", path: "/feedback/remove", summary: "Removes the user's last feedback; answers success (false when there was none) and message", spec: "part 2 §7", response: ZFeedbackResult, auth: "session" },
  { method: "put", path: "/splash/{id}/viewed", summary: "Records that the signed-in user saw splash {id} (a global splash or one of their group's; else 404 \"An error occurs getting Splash content data.\"); idempotent: answers success, splashId and viewedAt, the first view", spec: "part 2 §7", request: ZSplashViewedRequest, response: ZSplashViewedResponse, auth: "session" },
];
