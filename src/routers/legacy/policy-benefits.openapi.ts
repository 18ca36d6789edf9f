import type { Operation } from "../../server/openapi.ts";

/** OpenAPI descriptions of the legacy paths in ./policy-benefits.ts (served in /api/openapi.json). */
export const policyBenefitOperations: Operation[] = [];
