import {
  ZFormBuilderGroupsResponse,
  ZFormResult,
  ZGroupFormRequest,
  ZGroupFormResponse,
  ZNewFieldRequest,
  ZSubmitFormRequest,
  ZValidatorsFormResponse,
} from "../../../domain/policy/forms/schemas.ts";
import type { Operation } from "../../../server/openapi-types.ts";

const spec = "part 2 §7 Form builder";

/** OpenAPI descriptions of the legacy paths in ./form-builder.ts (served in /api/openapi.json). All ADMIN only. */
export const formBuilderOperations: Operation[] = [
  { method: "get", path: "/formBuilder/groups", summary: "Every active client group, for the form builder's group picker (ADMIN)", spec, response: ZFormBuilderGroupsResponse, auth: "session" },
  { method: "post", path: "/formBuilder/groupForm", summary: "The group's initiation form: added sections with their fields, available sections and fields, the group's policies and versions (ADMIN)", spec, request: ZGroupFormRequest, requestType: "form", response: ZGroupFormResponse, auth: "session" },
  { method: "get", path: "/formBuilder/validatorsForm", summary: "The validators a field may carry (ADMIN)", spec, response: ZValidatorsFormResponse, auth: "session" },
  { method: "post", path: "/formBuilder/submitForm", summary: "Save the group's form (JSON: groupName, sections, availableSections); rule failures answer 400 with success false, resultMessage and errors per field key (ADMIN)", spec, request: ZSubmitFormRequest, requestType: "form", response: ZFormResult, auth: "session" },
  { method: "post", path: "/formBuilder/newField", summary: "Add a field to the group's available list (modelName, label, placeholder, componentId, availableValues, validator, xlateKey, type, mappingParent, groupName); resultMessage is the new id (ADMIN)", spec, request: ZNewFieldRequest, requestType: "form", response: ZFormResult, auth: "session" },
];
