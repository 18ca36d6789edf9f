import {
  ZAddBenefitOptionRequest,
  ZAddBenefitOptionResponse,
  ZCurrenciesRequest,
  ZDeleteMetadataOverrideRequest,
  ZDeleteMetadataOverrideResponse,
  ZEmployeePolicyRequest,
  ZEmployeePolicyResponse,
  ZGetServiceBenefitsRequest,
  ZGetServiceBenefitsResponse,
  ZLegacyCurrenciesResponse,
  ZPopupDisplayRequest,
  ZPopupDisplayResponse,
  ZPopupOrderRequest,
  ZPopupServiceRequest,
  ZPopupServicesResponse,
  ZRenameOptionRequest,
  ZRenameResponse,
  ZRenameSetRequest,
  ZSaveMetadataRequest,
  ZSaveMetadataResponse,
  ZSpendCategoryTree,
  ZSuccess,
  ZUpdateMetadataRequest,
  ZUpdatePopupItemRequest,
  ZUpdatePopupItemResponse,
} from "../../../domain/policy/benefit-schemas.ts";
import type { Operation } from "../../../server/openapi-types.ts";

const spec = "part 2 §7 Policy configuration";
const base = "/api/v1/policy/configuration/";

/** OpenAPI descriptions of the legacy paths in ./policy-benefits.ts (served in /api/openapi.json). */
export const policyBenefitOperations: Operation[] = [
  { method: "get", path: `${base}group/getServiceBenefitsWithMetadata`, summary: "Benefit sets of each service with options and metadata lines resolved policy > group > global (ADMIN; HR of the group reads, readOnly)", spec, request: ZGetServiceBenefitsRequest, requestType: "query", response: ZGetServiceBenefitsResponse, auth: "session" },
  { method: "post", path: `${base}group/addServiceBenefitOption`, summary: "Add an option to the group's benefit set, creating the set when needed (ADMIN)", spec, request: ZAddBenefitOptionRequest, requestType: "form", response: ZAddBenefitOptionResponse, auth: "session" },
  { method: "post", path: `${base}serviceBenefitMetadata`, summary: "Create or update a metadata line at the global, group or policy scope; formulas are checked (ADMIN)", spec, request: ZSaveMetadataRequest, requestType: "form", response: ZSaveMetadataResponse, auth: "session" },
  { method: "post", path: `${base}updateServiceBenefitMetadata`, summary: "Save a shown metadata line at the request's scope (an override when the line is a parent's) (ADMIN)", spec, request: ZUpdateMetadataRequest, requestType: "form", response: ZSaveMetadataResponse, auth: "session" },
  { method: "post", path: `${base}deleteServiceBenefitMetadataOverride`, summary: "Remove the group's (or policy's) override of a metadata line (ADMIN)", spec, request: ZDeleteMetadataOverrideRequest, requestType: "form", response: ZDeleteMetadataOverrideResponse, auth: "session" },
  { method: "post", path: `${base}updateServiceBenefitOptionName`, summary: "Rename a benefit option (ADMIN)", spec, request: ZRenameOptionRequest, requestType: "form", response: ZRenameResponse, auth: "session" },
  { method: "post", path: `${base}updateBenefitsSetName`, summary: "Rename a benefit set (ADMIN)", spec, request: ZRenameSetRequest, requestType: "form", response: ZRenameResponse, auth: "session" },
  { method: "post", path: `${base}updatePopUpItem`, summary: "Save one popup text (header, paragraphs, stage header, blurb, item title or description) of a draft version (ADMIN)", spec, request: ZUpdatePopupItemRequest, requestType: "form", response: ZUpdatePopupItemResponse, auth: "session" },
  { method: "post", path: `${base}policies/versions/{id}/popup`, summary: "Create the empty popup of a draft version (ADMIN)", spec, response: ZSuccess, auth: "session" },
  { method: "delete", path: `${base}policies/versions/{id}/popup`, summary: "Delete the popup of a draft version (ADMIN)", spec, response: ZSuccess, auth: "session" },
  { method: "post", path: "/policy/addServiceItem", summary: "Add a service of the move stage to the popup; answers the stage's items (ADMIN)", spec, request: ZPopupServiceRequest, requestType: "form", response: ZPopupServicesResponse, auth: "session" },
  { method: "post", path: "/policy/removePopUpService", summary: "Remove a service from the popup's move stage (ADMIN)", spec, request: ZPopupServiceRequest, requestType: "form", response: ZPopupServicesResponse, auth: "session" },
  { method: "post", path: "/policy/updatePopupOrder", summary: "Order the popup's services of a move stage (services array or comma-separated order) (ADMIN)", spec, request: ZPopupOrderRequest, requestType: "form", response: ZPopupServicesResponse, auth: "session" },
  { method: "post", path: "/policy/updatePopupDisplay", summary: "Popup on (creates the empty popup) or off (deletes it) (ADMIN)", spec, request: ZPopupDisplayRequest, requestType: "form", response: ZPopupDisplayResponse, auth: "session" },
  { method: "post", path: "/policy/updateDisplayRelocationAndOngoingBenefits", summary: "Show relocation and ongoing benefits in the popup (ADMIN)", spec, request: ZPopupDisplayRequest, requestType: "form", response: ZPopupDisplayResponse, auth: "session" },
  { method: "get", path: "/spendCategories/extended", summary: "The three-level spend category tree (ADMIN, HR, FINANCE, CRM)", spec, response: ZSpendCategoryTree, auth: "session" },
  { method: "get", path: "/hr/json/getPolicyOverrides/currencies", summary: "Currency codes for policy overrides, the version's budget currencies first (HR of the group, ADMIN)", spec, request: ZCurrenciesRequest, requestType: "query", response: ZLegacyCurrenciesResponse, auth: "session" },
  { method: "get", path: "/admin/policy/getPolicyDetails", summary: "The employee's policy per move stage, with a REMOVED FROM POLICY section (ADMIN, CRM, HR of the group, the employee)", spec, request: ZEmployeePolicyRequest, requestType: "query", response: ZEmployeePolicyResponse, auth: "session" },
];
