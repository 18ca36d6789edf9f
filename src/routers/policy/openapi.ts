/** The OpenAPI descriptions of the policy room's documented paths (one list per area file in ./legacy/), for src/server/openapi.ts. */
import type { Operation } from "../../server/openapi-types.ts";
import { policyBenefitOperations } from "./legacy/benefits.openapi.ts";
import { formBuilderOperations } from "./legacy/form-builder.openapi.ts";
import { policyOperations } from "./legacy/policy.openapi.ts";
import { serviceAttributeOperations } from "./legacy/service-attributes.openapi.ts";

export const policyPaths: Operation[] = [
  ...policyBenefitOperations,
  ...formBuilderOperations,
  ...policyOperations,
  ...serviceAttributeOperations,
];
