/**
 * The admin room's documented paths (the spec's legacy HTTP calls), mounted on the Hono app by
 * src/server/app.ts. Each file holds one area's paths; ./<area>.openapi.ts beside it describes them.
 */
import type { Hono } from "hono";
import type { AppDeps, AppEnv } from "../../../server/types.ts";
import { mountLegacyAdmin } from "./admin.ts";
import { mountLegacyAdminAccounts } from "./accounts.ts";
import { mountLegacyHrSettings } from "./hr-settings.ts";

export function mountAdminPaths(app: Hono<AppEnv>, deps: AppDeps): void {
  mountLegacyAdmin(app, deps);
  mountLegacyAdminAccounts(app, deps);
  mountLegacyHrSettings(app, deps);
}
