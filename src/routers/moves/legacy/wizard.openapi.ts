import { z } from "zod";
import {
  ZCancelNewEmployeeResponse,
  ZCompleteInitiationResponse,
  ZCountriesStatesResponse,
  ZCreateNewEmployeeRequest,
  ZCreateNewEmployeeResponse,
  ZInitiationFormRequest,
  ZInitiationFormResponse,
  ZInitiationSummaryRequest,
  ZInitiationSummaryResponse,
  ZMoveRef,
  ZPolicySelectFormRequest,
  ZPolicySelectFormResponse,
  ZPrefillRequest,
  ZPrefillResponse,
  ZSplashResponse,
} from "../../../domain/moves/wizard/schemas.ts";
import type { Operation } from "../../../server/openapi-types.ts";

const spec = "part 1 §7 Calls (wizard)";

/** OpenAPI descriptions of the legacy paths in ./wizard.ts (served in /api/openapi.json). */
export const wizardOperations: Operation[] = [
  { method: "get", path: "/hr/json/getCountriesStates", summary: "Countries, with the United States' states for its state dropdown (HR, ADMIN)", spec, response: ZCountriesStatesResponse, auth: "session" },
  { method: "get", path: "/hr/json/getPolicySelectForm", summary: "Stage 1: the group's active policies with a released version; the resumed move's version and the after-activation warning (HR of the group, ADMIN)", spec, request: ZPolicySelectFormRequest, requestType: "query", response: ZPolicySelectFormResponse, auth: "session" },
  { method: "get", path: "/hr/json/getInitiationForm", summary: "Stage 2: the group's initiation form for the policy version, prefilled for a resumed move; preview=true for ADMIN only (HR of the group, ADMIN)", spec, request: ZInitiationFormRequest, requestType: "query", response: ZInitiationFormResponse, auth: "session" },
  { method: "post", path: "/hr/json/createNewEmployee", summary: "Stage 2 save (JSON body): validates, resolves cities (geo answer for the city picker), creates or updates the PENDING employee and the draft move; errors per model name with HTTP 200 (HR of the group, ADMIN)", spec, request: ZCreateNewEmployeeRequest, requestType: "form", response: ZCreateNewEmployeeResponse, auth: "session" },
  { method: "post", path: "/hr/json/cancelNewEmployee/{employeeId}/moveId/{moveId}", summary: "Cancel a draft move: deletes it and a PENDING employee without another move; 409 when already initiated (HR of the group, ADMIN)", spec, request: ZMoveRef, response: ZCancelNewEmployeeResponse, auth: "session" },
  { method: "get", path: "/hr/json/getInitiationSummary", summary: "Stage 5: the move's summary, summary fields and (benefits=true) chosen services and budgets per move stage (HR of the group, ADMIN)", spec, request: ZInitiationSummaryRequest, requestType: "query", response: ZInitiationSummaryResponse, auth: "session" },
  { method: "post", path: "/{group}/complete-initiation", summary: "Stage 5 completion: opens the draft move and e-mails the welcome with the activation link (unless the policy has no welcome e-mail); answers the redirect (HR of the group, ADMIN)", spec, request: ZMoveRef, requestType: "form", response: ZCompleteInitiationResponse, auth: "session" },
  { method: "get", path: "/form/prefill", summary: "Slave field values a master field's value fills in, optionally for one policy version (HR of the field's group, ADMIN)", spec, request: ZPrefillRequest, requestType: "query", response: ZPrefillResponse, auth: "session" },
  { method: "get", path: "/splash/{area}/{key}/specificSplash", summary: "A splash text (e.g. NEW_MOVE/CE_POLICY): the caller's group's own, else the global one; 404 with the splash failure text (signed in)", spec, request: z.object({ group: z.string().optional() }), requestType: "query", response: ZSplashResponse, auth: "session" },
];
