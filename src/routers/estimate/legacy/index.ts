/**
 * The estimate room's documented paths (the spec's legacy HTTP calls), mounted on the Hono app by
 * src/server/app.ts. Each file holds one area's paths; ./<area>.openapi.ts beside it describes them.
 */
import type { Hono } from "hono";
import type { AppDeps, AppEnv } from "../../../server/types.ts";
import { mountLegacyEstimate } from "./estimate.ts";
import { mountLegacyEstimateAdmin } from "./admin.ts";

export function mountEstimatePaths(app: Hono<AppEnv>, deps: AppDeps): void {
  mountLegacyEstimate(app, deps);
  mountLegacyEstimateAdmin(app, deps);
}
