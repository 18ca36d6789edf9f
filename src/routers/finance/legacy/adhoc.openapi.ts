import type { Operation } from "../../../server/openapi-types.ts";

/** OpenAPI descriptions of the legacy paths in ./finance-adhoc.ts: none (the ad-hoc part is tRPC only; see that file). */
export const financeAdhocOperations: Operation[] = [];
