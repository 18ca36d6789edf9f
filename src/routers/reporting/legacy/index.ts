/**
 * The reporting room's documented paths (part 2 §7 "Reporting"), mounted on the Hono app by
 * src/server/app.ts. Each file holds one area's paths; ./<area>.openapi.ts beside it describes them.
 */
import type { Hono } from "hono";
import type { AppDeps, AppEnv } from "../../../server/types.ts";
import { mountLegacyReportingLibrary } from "./library.ts";
import { mountLegacyReportingBuilder } from "./builder.ts";
import { mountLegacyReportingCharts } from "./charts.ts";
import { mountLegacyReportingReminders } from "./reminders.ts";
import { mountLegacyReportingProgramme } from "./programme.ts";
import { mountLegacyReportingDashboards } from "./dashboards.ts";

export function mountReportingPaths(app: Hono<AppEnv>, deps: AppDeps): void {
  mountLegacyReportingLibrary(app, deps);
  mountLegacyReportingBuilder(app, deps);
  mountLegacyReportingCharts(app, deps);
  mountLegacyReportingReminders(app, deps);
  mountLegacyReportingProgramme(app, deps);
  mountLegacyReportingDashboards(app, deps);
}
