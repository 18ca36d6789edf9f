/** Documented finance paths: insights (issue 16; part 2 §7 "Finance (under /accountmanagement/)"). Same services as src/routers/finance/insights.ts. */
import type { Hono } from "hono";
import type { AppDeps, AppEnv } from "../../../server/types.ts";

export function mountLegacyFinanceInsights(_app: Hono<AppEnv>, _deps: AppDeps) {}
