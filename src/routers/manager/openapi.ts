/** The OpenAPI descriptions of the manager room's documented paths (one list per area file in ./legacy/), for src/server/openapi.ts. */
import type { Operation } from "../../server/openapi-types.ts";
import { dashboardOperations } from "./legacy/dashboard.openapi.ts";
import { managerOperations } from "./legacy/managers.openapi.ts";
import { tagOperations } from "./legacy/tags.openapi.ts";

export const managerPaths: Operation[] = [
  ...dashboardOperations,
  ...managerOperations,
  ...tagOperations,
];
