/**
 * The moves room: Starting and running moves: the new-move wizard, the group home, the moves list, the employee file, assignments, bulk import and incidents.
 * Its procedures, under the names AppRouter has always used (src/routers/_app.ts spreads them); its
 * documented paths are in ./legacy/ and their OpenAPI descriptions in ./openapi.ts.
 */
import { groupRouter } from "./group.ts";
import { wizardRouter } from "./wizard/index.ts";
import { movesRouter } from "./moves.ts";
import { assignmentsRouter } from "./assignments.ts";
import { bulkRouter } from "./bulk.ts";
import { employeeFileRouter } from "./employee-file.ts";
import { incidentsRouter } from "./incidents.ts";

export const movesProcedures = {
  group: groupRouter,
  wizard: wizardRouter,
  moves: movesRouter,
  assignments: assignmentsRouter,
  bulk: bulkRouter,
  employeeFile: employeeFileRouter,
  incidents: incidentsRouter,
};
