/**
 * The manager room's documented paths (the spec's legacy HTTP calls), mounted on the Hono app by
 * src/server/app.ts. Each file holds one area's paths; ./<area>.openapi.ts beside it describes them.
 */
import type { Hono } from "hono";
import type { AppDeps, AppEnv } from "../../../server/types.ts";
import { mountLegacyTags } from "./tags.ts";
import { mountLegacyManagers } from "./managers.ts";
import { mountLegacyDashboard } from "./dashboard.ts";

export function mountManagerPaths(app: Hono<AppEnv>, deps: AppDeps): void {
  mountLegacyTags(app, deps);
  mountLegacyManagers(app, deps);
  mountLegacyDashboard(app, deps);
}
