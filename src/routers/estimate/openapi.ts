/** The OpenAPI descriptions of the estimate room's documented paths (one list per area file in ./legacy/), for src/server/openapi.ts. */
import type { Operation } from "../../server/openapi-types.ts";
import { estimateAdminOperations } from "./legacy/admin.openapi.ts";
import { estimateOperations } from "./legacy/estimate.openapi.ts";

export const estimatePaths: Operation[] = [
  ...estimateAdminOperations,
  ...estimateOperations,
];
