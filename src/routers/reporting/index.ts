/**
 * The reporting room (issue 26; part 2 "Reporting and reminders"): the report library, the custom report
 * builder, charts, reminders, the HR overview with estimate accuracy, and dashboards.
 * Its procedures (src/routers/_app.ts spreads them); its documented paths are in ./legacy/ and their
 * OpenAPI descriptions in ./openapi.ts.
 */
import { reportsRouter } from "./library.ts";
import { reportBuilderRouter } from "./builder.ts";
import { chartsRouter } from "./charts.ts";
import { reportRemindersRouter } from "./reminders.ts";
import { programmeRouter } from "./programme.ts";
import { dashboardsRouter } from "./dashboards.ts";

export const reportingProcedures = {
  reports: reportsRouter,
  reportBuilder: reportBuilderRouter,
  charts: chartsRouter,
  reportReminders: reportRemindersRouter,
  programme: programmeRouter,
  dashboards: dashboardsRouter,
};
