import { z } from "zod";
import {
  ZAssignBudgetGroupResponse,
  ZBudgetFields,
  ZBudgetGroupFields,
  ZBudgetGroupResponse,
  ZBudgetResponse,
  ZCloneFields,
  ZCloneResponse,
  ZCompleteFields,
  ZCompleteResponse,
  ZCopyStageRequest,
  ZCopyStageResponse,
  ZCreatePolicyResponse,
  ZCreateVersionResponse,
  ZDetailsRequest,
  ZDetailsResponse,
  ZDropdownsRequest,
  ZDropdownsResponse,
  ZLegacyCreatePolicyRequest,
  ZLegacyPoliciesQuery,
  ZLegacySetupRequest,
  ZRatesResponse,
  ZRemoveServiceFields,
  ZSearchPoliciesResponse,
  ZServicePatch,
  ZServicePropertiesResponse,
  ZServiceResponse,
  ZSetupResponse,
  ZSuccessResponse,
  ZUploadRatesResponse,
  ZValidationResponse,
} from "../../../domain/policy/schemas.ts";
import type { Operation } from "../../../server/openapi-types.ts";

/** OpenAPI descriptions of the legacy paths in ./policy.ts (served in /api/openapi.json). */
const B = "/api/v1/policy/configuration";
const SPEC = "part 2 §7 Policy configuration";
const op = (o: Omit<Operation, "spec" | "auth">): Operation => ({ spec: SPEC, auth: "session", ...o });
const servicePath = `${B}/{policyId}/versions/{v}/movestages/{stage}/services/{serviceName}`;
const groupPath = `${B}/{policyId}/movestages/{stage}/budget-groups/{group}`;

export const policyOperations: Operation[] = [
  op({ method: "get", path: `${B}/policies`, summary: "The group's policies (groupId: id or URL name), by order then name (ADMIN; HR of the group)", request: ZLegacyPoliciesQuery, requestType: "query", response: ZSearchPoliciesResponse }),
  op({ method: "get", path: `${B}/dropdowns`, summary: "Every select's choices on policy setup; groupId for a new policy", request: ZDropdownsRequest, requestType: "query", response: ZDropdownsResponse }),
  op({ method: "post", path: "/policy/setup/create", summary: "Create a policy in a group (group URL name or groupId) with its DRAFT version 1 (ADMIN)", request: ZLegacyCreatePolicyRequest, requestType: "form", response: ZCreatePolicyResponse }),
  op({ method: "post", path: "/policy/setup/{name}", summary: "Save one setup setting {id: policyId, value} (ADMIN)", request: ZLegacySetupRequest, requestType: "form", response: ZSetupResponse }),
  op({ method: "post", path: "/policy/old/setup/{name}", summary: "Save one setup setting {id: policyId, value} (old setup page, ADMIN)", request: ZLegacySetupRequest, requestType: "form", response: ZSetupResponse }),
  op({ method: "put", path: `${B}/setup/{policyId}/{setting}/{value}`, summary: "Save one setup setting; the value in the path (ADMIN)", response: ZSetupResponse }),
  op({ method: "post", path: `${B}/setup/{policyId}/{setting}/{value}`, summary: "Save one setup setting; the value in the path (ADMIN)", response: ZSetupResponse }),
  op({ method: "put", path: `${B}/setup/{policyId}/{setting}`, summary: "Clear one setup setting (empty value) (ADMIN)", response: ZSetupResponse }),
  op({ method: "post", path: `${B}/setup/{policyId}/{setting}`, summary: "Clear one setup setting (empty value) (ADMIN)", response: ZSetupResponse }),
  op({ method: "put", path: `${B}/setup/{policyId}/costEstimatePackage/{pkg}/excludeCompensation/{exclude}`, summary: "Save the estimate package and its exclude-compensation switch (ADMIN)", response: ZSetupResponse }),
  op({ method: "post", path: `${B}/{policyId}/versions`, summary: "Version link: a DRAFT copy of the latest released version; answers the setup URL (ADMIN)", response: ZCreateVersionResponse }),
  op({ method: "post", path: `${B}/{policyId}/clone`, summary: "Clone link: a new policy in customer group customerName (URL name or id) named name (ADMIN)", request: ZCloneFields, requestType: "form", response: ZCloneResponse }),
  op({ method: "delete", path: `${B}/policies/versions/{id}`, summary: "Delete a DRAFT version; a released version is refused (409) (ADMIN)", response: ZSuccessResponse }),
  op({ method: "post", path: "/policy/versions/{versionId}/complete", summary: "Validate and release the draft; errors (and canSkipMandatory) when it does not validate (ADMIN)", request: ZCompleteFields, requestType: "form", response: ZCompleteResponse }),
  op({ method: "get", path: `${B}/versions/{version}/validation`, summary: "The version's validation errors", response: ZValidationResponse }),
  op({ method: "get", path: `${B}/versions/{version}/details`, summary: "Move stages with their services, budget groups and addable catalogue services", request: ZDetailsRequest, requestType: "query", response: ZDetailsResponse }),
  op({ method: "get", path: `${B}/service-properties`, summary: "Each service's attributes with the policy's values (HR: attributes visible to HR)", request: z.object({ policyId: z.string() }), requestType: "query", response: ZServicePropertiesResponse }),
  op({ method: "put", path: servicePath, summary: "Add a catalogue service (serviceName = service key) to the move stage (ADMIN, draft)", response: ZServiceResponse }),
  op({ method: "delete", path: servicePath, summary: "Remove the service; budgetGroupId also deletes the budget group it leaves empty (ADMIN, draft)", request: ZRemoveServiceFields, requestType: "query", response: ZSuccessResponse }),
  op({ method: "patch", path: servicePath, summary: "Change any of the move-stage service's fields (ADMIN, draft)", request: ZServicePatch, requestType: "form", response: ZServiceResponse }),
  op({ method: "put", path: `${servicePath}/budget-groups/{id}`, summary: "Put the service in budget group id (1-20, 99 none); shared lists the other services in it (ADMIN, draft)", response: ZAssignBudgetGroupResponse }),
  op({ method: "post", path: `${B}/{policyId}/versions/{versionId}/movestages/copy`, summary: "Replace stage moveStageIdTo with a copy of stage moveStageIdFrom (ADMIN, draft)", request: ZCopyStageRequest, requestType: "query", response: ZCopyStageResponse }),
  op({ method: "post", path: `${groupPath}/budgets`, summary: "Add a budget to the draft's budget group (ADMIN)", request: ZBudgetFields, requestType: "form", response: ZBudgetResponse }),
  op({ method: "patch", path: `${groupPath}/budgets/{budgetId}`, summary: "Change a budget of the draft (ADMIN)", request: ZBudgetFields, requestType: "form", response: ZBudgetResponse }),
  op({ method: "delete", path: `${groupPath}/budgets/{budgetId}`, summary: "Delete a budget of the draft (ADMIN)", response: ZSuccessResponse }),
  op({ method: "patch", path: groupPath, summary: "Budget group authType, complexity, budgetType (H/S) and allowOutsideRange on the draft (ADMIN)", request: ZBudgetGroupFields, requestType: "form", response: ZBudgetGroupResponse }),
  op({ method: "get", path: `${B}/rates/budget-groups/{id}`, summary: "Download the budget group's rates as .xlsx (a header-only template when empty)", response: z.string() }),
  op({ method: "post", path: `${B}/rates/budget-groups/{id}`, summary: "Upload rates (multipart: policyId, file .xlsx or .csv); replaces the group's rates (ADMIN, draft)", response: ZUploadRatesResponse }),
  op({ method: "get", path: `${B}/rates/budget-groups/popup/{id}`, summary: "The budget group's rates", response: ZRatesResponse }),
];
