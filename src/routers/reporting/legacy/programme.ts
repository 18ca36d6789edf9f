/**
 * Documented reporting paths of the HR overview and published estimate accuracy (issue 26; part 2 §7
 * "Reporting": GET getWidgetDetails). Same services as src/routers/reporting/programme.ts, through legacyRoute.
 * - GET /reporting/getWidgetDetails?group= — the finance dashboard widgets' figures (estimate accuracy, spend
 *   against estimate, spend against budget), FINANCE and ADMIN; failures answer { success: false, resultMessage }.
 */
import type { Hono } from "hono";
import { ZWidgetDetailsRequest } from "../../../domain/reporting/accuracy-schemas.ts";
import { failureText, legacyRoute } from "../../../server/http.ts";
import type { AppDeps, AppEnv } from "../../../server/types.ts";
import { widgetDetails } from "../../../services/reporting/accuracy.ts";

/** The widgets' failure text when the error has none of its own. */
export const WIDGET_FAILURE = "The widget details could not be loaded.";

export function mountLegacyReportingProgramme(app: Hono<AppEnv>, deps: AppDeps) {
  const { db } = deps;
  legacyRoute(app, {
    method: "GET",
    path: "/reporting/getWidgetDetails",
    roles: ["FINANCE", "ADMIN"],
    input: ZWidgetDetailsRequest,
    failure: (error) => ({ success: false, widgets: [], resultMessage: failureText(error, WIDGET_FAILURE) }),
    run: (_c, { input, user }) => widgetDetails(db, user!, input),
  });
}
