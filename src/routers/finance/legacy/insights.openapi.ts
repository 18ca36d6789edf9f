import type { Operation } from "../../../server/openapi-types.ts";

/** OpenAPI descriptions of the legacy paths in ./finance-insights.ts (served in /api/openapi.json). */
export const financeInsightsOperations: Operation[] = [];
