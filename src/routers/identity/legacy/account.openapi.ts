/** Activation and the terms (src/routers/identity/legacy/account.ts). */
import { ZAcceptTermsRequest, ZAcceptTermsResponse, ZActivateFields, ZActivateResponse } from "../../../domain/identity/activation/schemas.ts";
import type { Operation } from "../../../server/openapi-types.ts";

export const accountOperations: Operation[] = [
  { method: "post", path: "/{type}/activate", summary: "Activate an invited account (type employee, group, adminuser or supplier); sets the session cookie", spec: "part 2 §7 Login, activation, account", request: ZActivateFields, requestType: "form", response: ZActivateResponse, auth: "none" },
  { method: "post", path: "/user/terms-and-conditions", summary: "Accept the terms and conditions: accept, userType, email, firstName, lastName, moveDate (dd/MM/yyyy) and the group's configurable fields by name", spec: "part 2 §7 Login, activation, account", request: ZAcceptTermsRequest, requestType: "form", response: ZAcceptTermsResponse, auth: "session" },
];
