/**
 * The employee room's documented paths (the spec's legacy HTTP calls), mounted on the Hono app by
 * src/server/app.ts. Each file holds one area's paths; ./<area>.openapi.ts beside it describes them.
 */
import type { Hono } from "hono";
import type { AppDeps, AppEnv } from "../../../server/types.ts";
import { mountLegacyPreferences } from "./preferences.ts";
import { mountLegacyBudgets } from "./budgets.ts";
import { mountLegacyMoveHub } from "./movehub.ts";
import { mountLegacyWidgets } from "./widgets.ts";
import { mountLegacyOverview } from "./overview.ts";
import { mountLegacySocial } from "./social.ts";
import { mountLegacyWelcome } from "./welcome.ts";
import { mountLegacyFiles } from "./files.ts";

export function mountEmployeePaths(app: Hono<AppEnv>, deps: AppDeps): void {
  mountLegacyPreferences(app, deps);
  mountLegacyBudgets(app, deps);
  mountLegacyMoveHub(app, deps);
  mountLegacyWidgets(app, deps);
  mountLegacyOverview(app, deps);
  mountLegacySocial(app, deps);
  mountLegacyWelcome(app, deps);
  mountLegacyFiles(app, deps);
}
