/**
 * The manager room: Managers: the dashboard restricted by geography, the managers admin, tags, and the read-only move page.
 * Its procedures, under the names AppRouter has always used (src/routers/_app.ts spreads them); its
 * documented paths are in ./legacy/ and their OpenAPI descriptions in ./openapi.ts.
 */
import { managersRouter } from "./managers.ts";
import { dashboardRouter } from "./dashboard.ts";
import { tagsRouter } from "./tags.ts";

export const managerProcedures = {
  managers: managersRouter,
  dashboard: dashboardRouter,
  tags: tagsRouter,
};
