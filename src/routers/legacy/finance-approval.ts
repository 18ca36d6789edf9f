/** Documented finance paths: approval (issue 16; part 2 §7 "Finance (under /accountmanagement/)"). Same services as src/routers/finance/approval.ts. */
import type { Hono } from "hono";
import type { AppDeps, AppEnv } from "../../server/app.ts";

export function mountLegacyFinanceApproval(_app: Hono<AppEnv>, _deps: AppDeps) {}
