import type { Operation } from "../../../server/openapi-types.ts";

/** OpenAPI descriptions of the legacy paths in ./library.ts (served in /api/openapi.json). */
export const reportingLibraryOperations: Operation[] = [];
