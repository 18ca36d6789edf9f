import { z } from "zod";
import {
  ZConfigureAttributeRequest,
  ZConfigureAttributeResponse,
  ZGroupAttributesRequest,
  ZGroupAttributesResponse,
} from "../../../domain/policy/benefit-schemas.ts";
import type { Operation } from "../../../server/openapi-types.ts";

const spec = "part 2 §7 Translation, settings and admin";

/** OpenAPI descriptions of the legacy paths in ./service-attributes.ts (served in /api/openapi.json). */
export const serviceAttributeOperations: Operation[] = [
  {
    method: "get",
    path: "/api/v1/services/{serviceType}/attributes",
    summary: "The attributes of a service type (regular, cash, or one service key) with their visibility to HR for the group (groupName), or for one of its policies (policyId): policy over group over catalogue (ADMIN; HR of the group reads the attributes visible to it)",
    spec,
    request: ZGroupAttributesRequest.omit({ serviceType: true }),
    requestType: "query",
    response: ZGroupAttributesResponse,
    auth: "session",
  },
  {
    method: "put",
    path: "/api/v1/services/{serviceType}/attributes/{id}/configurations",
    summary: "Set the attribute's visibility to HR for a group ({groupName, viewableByHR}) or a policy ({policyId, viewableByHR}); one configuration per attribute and group or policy (ADMIN)",
    spec,
    request: ZConfigureAttributeRequest.omit({ serviceType: true, attributeId: true }).extend({ viewableByHR: z.boolean() }),
    requestType: "form",
    response: ZConfigureAttributeResponse,
    auth: "session",
  },
];
