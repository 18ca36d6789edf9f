import type { Operation } from "../../server/openapi.ts";

/** OpenAPI descriptions of the legacy paths in ./finance-adhoc.ts (served in /api/openapi.json). */
export const financeAdhocOperations: Operation[] = [];
