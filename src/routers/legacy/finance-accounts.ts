/** Documented finance paths: accounts (issue 16; part 2 §7 "Finance (under /accountmanagement/)"). Same services as src/routers/finance/accounts.ts. */
import type { Hono } from "hono";
import type { AppDeps, AppEnv } from "../../server/app.ts";

export function mountLegacyFinanceAccounts(_app: Hono<AppEnv>, _deps: AppDeps) {}
