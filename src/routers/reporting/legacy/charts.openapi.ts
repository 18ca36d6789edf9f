import type { Operation } from "../../../server/openapi-types.ts";

/** OpenAPI descriptions of the legacy paths in ./charts.ts (served in /api/openapi.json). */
export const reportingChartsOperations: Operation[] = [];
