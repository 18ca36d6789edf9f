import { z } from "zod";
import { policyOperations } from "../routers/legacy/policy.openapi.ts";
import { policyBenefitOperations } from "../routers/legacy/policy-benefits.openapi.ts";
import { wizardOperations } from "../routers/legacy/wizard.openapi.ts";
import { formBuilderOperations } from "../routers/legacy/form-builder.openapi.ts";
import { wizardOverrideOperations } from "../routers/legacy/wizard-overrides.openapi.ts";
import { estimateAdminOperations } from "../routers/legacy/estimate-admin.openapi.ts";
import { estimateOperations } from "../routers/legacy/estimate.openapi.ts";
import { serviceAttributeOperations } from "../routers/legacy/service-attributes.openapi.ts";
import { budgetOperations } from "../routers/legacy/budgets.openapi.ts";
import { moveHubOperations } from "../routers/legacy/movehub.openapi.ts";
import { widgetOperations } from "../routers/legacy/widgets.openapi.ts";
import { managerOperations } from "../routers/legacy/managers.openapi.ts";
import { dashboardOperations } from "../routers/legacy/dashboard.openapi.ts";
import { incidentOperations } from "../routers/legacy/incidents.openapi.ts";
import { overviewOperations } from "../routers/legacy/overview.openapi.ts";
import { socialOperations } from "../routers/legacy/social.openapi.ts";
import { welcomeOperations } from "../routers/legacy/welcome.openapi.ts";
import { employeeFileOperations } from "../routers/legacy/employee-file.openapi.ts";
import { fileOperations } from "../routers/legacy/files.openapi.ts";
import { hrSettingsOperations } from "../routers/legacy/hr-settings.openapi.ts";
import { assignmentsOperations } from "../routers/legacy/assignments.openapi.ts";
import { tagOperations } from "../routers/legacy/tags.openapi.ts";
import { bulkOperations } from "../routers/legacy/bulk.openapi.ts";
import { financeAccountsOperations } from "../routers/legacy/finance-accounts.openapi.ts";
import { financeApprovalOperations } from "../routers/legacy/finance-approval.openapi.ts";
import { financeBillFileOperations } from "../routers/legacy/finance-bill-file.openapi.ts";
import { financeBillsOperations } from "../routers/legacy/finance-bills.openapi.ts";
import { financeAdhocOperations } from "../routers/legacy/finance-adhoc.openapi.ts";
import { financeInsightsOperations } from "../routers/legacy/finance-insights.openapi.ts";
import {
  ZSaveUserPropertyRequest,
  ZSaveUserPropertyResponse,
  ZTooltipRequest,
  ZTooltipResponse,
  ZXlateMsgRequest,
  ZXlateMsgResponse,
} from "../domain/preferences/schemas.ts";
import { ZCheckUserRequest, ZCheckUserResponse, ZLoginRequest, ZLoginResponse, ZLogoutResponse } from "../domain/auth/schemas.ts";
import { ZSetGroupStatusRequest, ZSetGroupStatusResponse } from "../domain/groups/schemas.ts";
import { ZAcceptTermsRequest, ZAcceptTermsResponse, ZActivateFields, ZActivateResponse } from "../domain/activation/schemas.ts";
import {
  ZAnonymizeRequest,
  ZAnonymizeResponse,
  ZDisableSsoResponse,
  ZRecoveryRequest,
  ZRecoveryResponse,
  ZRegisterClientInfoRequest,
  ZRegisterClientInfoResponse,
  ZSetPasswordRequest,
  ZSetPasswordResponse,
} from "../domain/recovery/schemas.ts";

import type { Operation } from "./openapi-types.ts";
export type { Operation } from "./openapi-types.ts";

/**
 * The documented legacy HTTP paths (see Operation), described from the same zod schemas the handlers parse with.
 * Served at /api/openapi.json. Add each new legacy route here in the same commit.
 */
export const legacyOperations: Operation[] = [
  { method: "post", path: "/user/account-recovery", summary: "Password reset request; the same answer for every well-formed address", spec: "part 2 §7 Login, activation, account", request: ZRecoveryRequest, requestType: "form", response: ZRecoveryResponse, auth: "none" },
  { method: "post", path: "/user/set-new-password", summary: "Set a new password with a reset link's token; ends the user's sessions", spec: "part 2 §7 Login, activation, account", request: ZSetPasswordRequest, requestType: "form", response: ZSetPasswordResponse, auth: "none" },
  { method: "post", path: "/registerClientInfo", summary: "Store the browser's time zone offset (minutes) on the session", spec: "part 2 §9 session check", request: ZRegisterClientInfoRequest, requestType: "form", response: ZRegisterClientInfoResponse, auth: "session" },
  { method: "get", path: "/admin/resetPassword/find/{email}/", summary: "A fresh reset link for the user, as text/plain (ADMIN) — changes state, so refused cross-site (403) unless Sec-Fetch-Site is same-origin or none, or, without that header, Origin/Referer of this site or X-Requested-With", spec: "part 2 §7 Translation, settings and admin", response: z.string(), auth: "session", changesState: true },
  { method: "post", path: "/admin/anonymizeUser/", summary: "Anonymize a user's personal data, irreversibly (ADMIN)", spec: "part 2 §7 Translation, settings and admin", request: ZAnonymizeRequest, requestType: "form", response: ZAnonymizeResponse, auth: "session" },
  { method: "get", path: "/admin/SSO/disable/{userId}/", summary: "Switch single sign-on off for a user; false for an invalid id (ADMIN) — changes state, so refused cross-site (403) unless Sec-Fetch-Site is same-origin or none, or, without that header, Origin/Referer of this site or X-Requested-With", spec: "part 2 §7 Translation, settings and admin", response: ZDisableSsoResponse, auth: "session", changesState: true },
  { method: "post", path: "/check-user", summary: "Which login step follows for an email address", spec: "part 2 §7 Login", request: ZCheckUserRequest, requestType: "form", response: ZCheckUserResponse, auth: "none" },
  { method: "post", path: "/login", summary: "Password sign-in; sets the session cookie", spec: "part 2 §7 Login", request: ZLoginRequest, requestType: "form", response: ZLoginResponse, auth: "none" },
  { method: "post", path: "/logout", summary: "Ends the session", spec: "part 2 §2 Login", response: ZLogoutResponse, auth: "session" },
  { method: "post", path: "/{type}/activate", summary: "Activate an invited account (type employee, group, adminuser or supplier); sets the session cookie", spec: "part 2 §7 Login, activation, account", request: ZActivateFields, requestType: "form", response: ZActivateResponse, auth: "none" },
  { method: "post", path: "/user/terms-and-conditions", summary: "Accept the terms and conditions: accept, userType, email, firstName, lastName, moveDate (dd/MM/yyyy) and the group's configurable fields by name", spec: "part 2 §7 Login, activation, account", request: ZAcceptTermsRequest, requestType: "form", response: ZAcceptTermsResponse, auth: "session" },
  { method: "post", path: "/user/saveUserProperty", summary: "Save one integer property of the signed-in user (key, integer)", spec: "part 2 §7 Policy configuration", request: ZSaveUserPropertyRequest, requestType: "form", response: ZSaveUserPropertyResponse, auth: "session" },
  { method: "get", path: "/json/get/tooltip", summary: "A tooltip text (key, language, group = client group URL name)", spec: "part 2 §7 Policy configuration", request: ZTooltipRequest, requestType: "query", response: ZTooltipResponse, auth: "session" },
  { method: "get", path: "/json/get/xlateMsg", summary: "One translation (key, lang, group = translation group, optional customer = client group)", spec: "part 2 §7 Policy configuration", request: ZXlateMsgRequest, requestType: "query", response: ZXlateMsgResponse, auth: "session" },
  { method: "post", path: "/admin/groups/setGroupStatus", summary: "Suspend or activate a client group (ADMIN)", spec: "part 2 §7 Translation, settings and admin", request: ZSetGroupStatusRequest, requestType: "form", response: ZSetGroupStatusResponse, auth: "session" },
];

/** Every legacy operation: the list above plus each area's own list. */
export const allLegacyOperations = (): Operation[] => [
  ...legacyOperations,
  ...policyOperations,
  ...policyBenefitOperations,
  ...wizardOperations,
  ...wizardOverrideOperations,
  ...formBuilderOperations,
  ...estimateAdminOperations,
  ...estimateOperations,
  ...serviceAttributeOperations,
  ...budgetOperations,
  ...moveHubOperations,
  ...widgetOperations,
  ...managerOperations,
  ...dashboardOperations,
  ...incidentOperations,
  ...overviewOperations,
  ...socialOperations,
  ...welcomeOperations,
  ...employeeFileOperations,
  ...fileOperations,
  ...hrSettingsOperations,
  ...assignmentsOperations,
  ...tagOperations,
  ...bulkOperations,
  ...financeAccountsOperations,
  ...financeApprovalOperations,
  ...financeBillFileOperations,
  ...financeBillsOperations,
  ...financeAdhocOperations,
  ...financeInsightsOperations,
];

function jsonSchema(schema: z.ZodType) {
  return z.toJSONSchema(schema, { io: "input", unrepresentable: "any" });
}

type JsonSchemaObject = { properties?: Record<string, unknown>; required?: string[] };

/** The path's `{name}` parameters (text, required) and, for a query request, its fields as query parameters. */
function parametersOf(op: Operation) {
  const inPath = [...op.path.matchAll(/\{(\w+)\}/g)].map((m) => ({ name: m[1]!, in: "path", required: true, schema: { type: "string" } }));
  const query = op.request && op.requestType === "query" ? (jsonSchema(op.request) as JsonSchemaObject) : null;
  const inQuery = Object.entries(query?.properties ?? {})
    .filter(([name]) => !inPath.some((p) => p.name === name))
    .map(([name, schema]) => ({ name, in: "query", required: query?.required?.includes(name) ?? false, schema }));
  return [...inPath, ...inQuery];
}

export function buildOpenApi() {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const op of allLegacyOperations()) {
    const body = op.request && op.requestType === "form"
      ? {
          requestBody: {
            required: true,
            content: {
              "application/x-www-form-urlencoded": { schema: jsonSchema(op.request) },
              "application/json": { schema: jsonSchema(op.request) },
            },
          },
        }
      : {};
    const parameters = parametersOf(op);
    paths[op.path] = {
      ...(paths[op.path] ?? {}),
      [op.method]: {
        summary: op.summary,
        description: `Specification: ${op.spec}.`,
        ...(op.changesState ? { "x-changes-state": true } : {}),
        ...(op.auth === "session" ? { security: [{ session: [] }] } : {}),
        ...(parameters.length > 0 ? { parameters } : {}),
        ...body,
        responses: {
          "200": { description: "Success", content: { "application/json": { schema: jsonSchema(op.response) } } },
          "4XX": { description: "Refused; the body has the same shape with the failure text" },
        },
      },
    };
  }
  return {
    openapi: "3.1.0",
    info: {
      title: "Meridian legacy HTTP paths",
      version: "1",
      description: "The product's documented paths. Typed clients should prefer the tRPC API at /trpc (src/sdk).",
    },
    components: { securitySchemes: { session: { type: "apiKey", in: "cookie", name: "meridian_session" } } },
    paths,
  };
}
