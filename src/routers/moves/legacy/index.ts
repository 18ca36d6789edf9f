/**
 * The moves room's documented paths (the spec's legacy HTTP calls), mounted on the Hono app by
 * src/server/app.ts. Each file holds one area's paths; ./<area>.openapi.ts beside it describes them.
 */
import type { Hono } from "hono";
import type { AppDeps, AppEnv } from "../../../server/types.ts";
import { mountLegacyWizard } from "./wizard.ts";
import { mountLegacyWizardOverrides } from "./wizard-overrides.ts";
import { mountLegacyAssignments } from "./assignments.ts";
import { mountLegacyBulk } from "./bulk.ts";
import { mountLegacyIncidents } from "./incidents.ts";
import { mountLegacyEmployeeFile } from "./employee-file.ts";

export function mountMovesPaths(app: Hono<AppEnv>, deps: AppDeps): void {
  mountLegacyWizard(app, deps);
  mountLegacyWizardOverrides(app, deps);
  mountLegacyAssignments(app, deps);
  mountLegacyBulk(app, deps);
  mountLegacyIncidents(app, deps);
  mountLegacyEmployeeFile(app, deps);
}
