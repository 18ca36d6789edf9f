/** The OpenAPI descriptions of the moves room's documented paths (one list per area file in ./legacy/), for src/server/openapi.ts. */
import type { Operation } from "../../server/openapi-types.ts";
import { assignmentsOperations } from "./legacy/assignments.openapi.ts";
import { bulkOperations } from "./legacy/bulk.openapi.ts";
import { employeeFileOperations } from "./legacy/employee-file.openapi.ts";
import { incidentOperations } from "./legacy/incidents.openapi.ts";
import { wizardOverrideOperations } from "./legacy/wizard-overrides.openapi.ts";
import { wizardOperations } from "./legacy/wizard.openapi.ts";

export const movesPaths: Operation[] = [
  ...assignmentsOperations,
  ...bulkOperations,
  ...employeeFileOperations,
  ...incidentOperations,
  ...wizardOverrideOperations,
  ...wizardOperations,
];
