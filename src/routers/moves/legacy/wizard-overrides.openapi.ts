import { z } from "zod";
import {
  ZEmployeePolicyServiceBenefitsRequest,
  ZEmployeePolicyServiceBenefitsResponse,
  ZPolicyOverridesRequest,
  ZPolicyOverridesResponse,
  ZStorePolicyOverridesRequest,
  ZStorePolicyOverridesResponse,
} from "../../../domain/moves/wizard/override-schemas.ts";
import type { Operation } from "../../../server/openapi-types.ts";

const spec = "part 1 §7 Wizard reads and writes (stage 3)";

/** OpenAPI descriptions of the legacy paths in ./wizard-overrides.ts (served in /api/openapi.json). */
export const wizardOverrideOperations: Operation[] = [
  { method: "get", path: "/hr/json/getPolicyOverrides", summary: "The move's policy by move stage: included and addable benefits, budget groups and budgets, with the move's overrides (HR of the move's group, ADMIN)", spec, request: ZPolicyOverridesRequest, requestType: "query", response: ZPolicyOverridesResponse, auth: "session" },
  { method: "get", path: "/hr/json/employeePolicyServiceBenefits", summary: "The employee's latest move's policy by move stage and whether the caller may edit it (ADMIN, HR of the group; the employee with action VIEW)", spec, request: ZEmployeePolicyServiceBenefitsRequest, requestType: "query", response: ZEmployeePolicyServiceBenefitsResponse, auth: "session" },
  { method: "post", path: "/hr/json/storePolicyOverrides", summary: "Store the stage 3 overrides (JSON body) and move the wizard on; a failed check (400) returns the per-field errors and writes nothing (HR of the move's group, ADMIN)", spec, request: ZStorePolicyOverridesRequest, requestType: "form", response: ZStorePolicyOverridesResponse.extend({ errorMessage: z.string().optional() }), auth: "session" },
];
