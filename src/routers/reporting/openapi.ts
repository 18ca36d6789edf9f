/** The OpenAPI descriptions of the reporting room's documented paths (one list per area file in ./legacy/), for src/server/openapi.ts. */
import type { Operation } from "../../server/openapi-types.ts";
import { reportingLibraryOperations } from "./legacy/library.openapi.ts";
import { reportingBuilderOperations } from "./legacy/builder.openapi.ts";
import { reportingChartsOperations } from "./legacy/charts.openapi.ts";
import { reportingRemindersOperations } from "./legacy/reminders.openapi.ts";
import { reportingProgrammeOperations } from "./legacy/programme.openapi.ts";
import { reportingDashboardsOperations } from "./legacy/dashboards.openapi.ts";

export const reportingPaths: Operation[] = [
  ...reportingLibraryOperations,
  ...reportingBuilderOperations,
  ...reportingChartsOperations,
  ...reportingRemindersOperations,
  ...reportingProgrammeOperations,
  ...reportingDashboardsOperations,
];
