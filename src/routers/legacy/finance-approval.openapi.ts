import type { Operation } from "../../server/openapi.ts";

/** OpenAPI descriptions of the legacy paths in ./finance-approval.ts (served in /api/openapi.json). */
export const financeApprovalOperations: Operation[] = [];
