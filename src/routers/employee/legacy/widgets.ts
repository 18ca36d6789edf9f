/**
 * The overview widgets' documented paths (issue 14): GET /user/currency (selectedCurrency,
 * selectedCurrencies → userCurrency, displayedCurrencies, availableCurrencies; part 1 §7) and
 * POST /user/currency (form {currency}; part 2 §7), both keeping the MG_WIDGETS_PREFS cookie (part 1
 * §3). Each handler parses with the tRPC procedure's schema and calls the same service function
 * (src/services/employee/widgets/). Failures answer `{ success: false, error }` with the error's HTTP status and
 * the §8 currency text for anything unexpected. Feedback (part 2 §7): POST /feedback/add {rating, message}
 * and DELETE /feedback/remove answer `{ success, message }` (the §8 texts; failures the mail-sending text).
 * PUT /splash/{id}/viewed (part 2 §7) answers `{ success, splashId, viewedAt }` (the first view).
 * GET /json/weather?when&units (part 1 §7) answers the weather JSON (success, when, weather[], units, …).
 */
import type { Hono } from "hono";
import { feedbackMessages, ZFeedbackAddRequest } from "../../../domain/employee/widgets/feedback.ts";
import { addFeedback, removeFeedback } from "../../../services/employee/widgets/feedback.ts";
import { mailerFor } from "../../../trpc.ts";
import { ZSplashViewedRequest } from "../../../domain/employee/widgets/splash.ts";
import { wizardMessages } from "../../../domain/moves/wizard/messages.ts";
import { markSplashViewed } from "../../../services/employee/widgets/splash.ts";
import { weatherMessages, ZWeatherRequest } from "../../../domain/employee/widgets/weather.ts";
import { weather } from "../../../services/employee/widgets/weather.ts";
import { currencyWidgetMessages, parseWidgetsPrefsCookie, WIDGETS_PREFS_COOKIE, ZCurrencyWidgetRequest, ZSetCurrencyRequest } from "../../../domain/employee/widgets/currency.ts";
import { readCookie } from "../../../server/cookies.ts";
import { failureText, isSecureRequest, legacyRoute, legacyUser, parseFields, readFields } from "../../../server/http.ts";
import type { AppDeps, AppEnv } from "../../../server/types.ts";
import { widgetsPrefsCookie } from "../../../services/employee/widgets/cookie.ts";
import { currencyWidget, setCurrency } from "../../../services/employee/widgets/currency.ts";

export function mountLegacyWidgets(app: Hono<AppEnv>, deps: AppDeps) {
  const { db, config } = deps;
  const currencyFailure = (error: unknown) => ({ success: false, error: failureText(error, currencyWidgetMessages.failure) });

  legacyRoute(app, "GET", "/user/currency", async (c) => {
    const user = legacyUser(c);
    const input = parseFields(ZCurrencyWidgetRequest, c.req.query());
    const cookie = parseWidgetsPrefsCookie(readCookie(c.req.header("cookie"), WIDGETS_PREFS_COOKIE));
    return (await currencyWidget(db, user, input, cookie, config)).view;
  }, currencyFailure);

  legacyRoute(app, "POST", "/user/currency", async (c) => {
    const user = legacyUser(c);
    const input = parseFields(ZSetCurrencyRequest, await readFields(c));
    const cookie = parseWidgetsPrefsCookie(readCookie(c.req.header("cookie"), WIDGETS_PREFS_COOKIE));
    const result = await setCurrency(db, user, input, cookie, new Date(), config);
    c.header("Set-Cookie", widgetsPrefsCookie(result.prefs, config, isSecureRequest(c, config)), { append: true });
    return result.view;
  }, currencyFailure);

  const feedbackDeps = { db, config, mailer: mailerFor(config) };
  const feedbackFailure = (error: unknown) => ({ success: false, message: failureText(error, feedbackMessages.failed) });

  legacyRoute(app, "POST", "/feedback/add", async (c) => {
    const user = legacyUser(c);
    return addFeedback(feedbackDeps, user, parseFields(ZFeedbackAddRequest, await readFields(c)));
  }, feedbackFailure);

  legacyRoute(app, "DELETE", "/feedback/remove", async (c) => removeFeedback(feedbackDeps, legacyUser(c)), feedbackFailure);

  legacyRoute(app, "PUT", "/splash/:id/viewed", async (c) => {
    const user = legacyUser(c);
    return markSplashViewed(db, user, parseFields(ZSplashViewedRequest, { id: c.req.param("id") }));
  }, (error) => ({ success: false, error: failureText(error, wizardMessages.splashFailure) }));

  legacyRoute(app, "GET", "/json/weather", async (c) => {
    const user = legacyUser(c);
    return weather(db, config, user, parseFields(ZWeatherRequest, c.req.query()));
  }, (error) => ({ success: false, message: failureText(error, weatherMessages.unavailable) }));
}
