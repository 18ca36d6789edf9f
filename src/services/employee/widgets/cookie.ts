import type { Config } from "../../../config.ts";
import { secure } from "../../../server/cookies.ts";
import { WIDGETS_PREFS_COOKIE, WIDGETS_PREFS_MAX_AGE_SECONDS, widgetsPrefsCookieValue, type CurrencyPrefs } from "../../../domain/employee/widgets/currency.ts";

/**
 * The MG_WIDGETS_PREFS cookie (part 1 §3; part 2 §9 "widget currencies are kept in a cookie"): readable
 * by the page's script (not HttpOnly: it holds only the currency choice), SameSite=Lax, Secure by the
 * session cookie's rule.
 */
export function widgetsPrefsCookie(prefs: CurrencyPrefs, config: Pick<Config, "session" | "publicUrl">, secureRequest: boolean): string {
  return [
    `${WIDGETS_PREFS_COOKIE}=${widgetsPrefsCookieValue(prefs)}`,
    "Path=/",
    "SameSite=Lax",
    `Max-Age=${WIDGETS_PREFS_MAX_AGE_SECONDS}`,
    ...(secure(config, secureRequest) ? ["Secure"] : []),
  ].join("; ");
}
