/** Documented finance paths: bills (issue 16; part 2 §7 "Finance (under /accountmanagement/)"). Same services as src/routers/finance/bills.ts. */
import type { Hono } from "hono";
import type { AppDeps, AppEnv } from "../../server/app.ts";

export function mountLegacyFinanceBills(_app: Hono<AppEnv>, _deps: AppDeps) {}
