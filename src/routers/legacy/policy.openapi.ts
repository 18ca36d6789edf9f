import type { Operation } from "../../server/openapi.ts";

/** OpenAPI descriptions of the legacy paths in ./policy.ts (served in /api/openapi.json). */
export const policyOperations: Operation[] = [];
