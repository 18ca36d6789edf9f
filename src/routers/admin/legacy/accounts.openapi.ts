/** The admin's account tools: reset links, anonymization, switching SSO off (src/routers/admin/legacy/accounts.ts). */
import { z } from "zod";
import { ZAnonymizeRequest, ZAnonymizeResponse, ZDisableSsoResponse } from "../../../domain/identity/recovery/schemas.ts";
import type { Operation } from "../../../server/openapi-types.ts";

export const adminAccountOperations: Operation[] = [
  { method: "get", path: "/admin/resetPassword/find/{email}/", summary: "A fresh reset link for the user, as text/plain (ADMIN) — changes state, so refused cross-site (403) unless Sec-Fetch-Site is same-origin or none, or, without that header, Origin/Referer of this site or X-Requested-With", spec: "part 2 §7 Translation, settings and admin", response: z.string(), auth: "session", changesState: true },
  { method: "post", path: "/admin/anonymizeUser/", summary: "Anonymize a user's personal data, irreversibly (ADMIN)", spec: "part 2 §7 Translation, settings and admin", request: ZAnonymizeRequest, requestType: "form", response: ZAnonymizeResponse, auth: "session" },
  { method: "get", path: "/admin/SSO/disable/{userId}/", summary: "Switch single sign-on off for a user; false for an invalid id (ADMIN) — changes state, so refused cross-site (403) unless Sec-Fetch-Site is same-origin or none, or, without that header, Origin/Referer of this site or X-Requested-With", spec: "part 2 §7 Translation, settings and admin", response: ZDisableSsoResponse, auth: "session", changesState: true },
];
