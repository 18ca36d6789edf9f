import type { Hono } from "hono";
import type { AppEnv, AppDeps } from "../../server/app.ts";

/** Placeholder: the documented paths of this area are added by the identity issue. */
export function mountLegacyAdminAccounts(_app: Hono<AppEnv>, _deps: AppDeps) {}
