/** Sign-in and sign-out (src/routers/identity/legacy/auth.ts). */
import { ZCheckUserRequest, ZCheckUserResponse, ZLoginRequest, ZLoginResponse, ZLogoutResponse } from "../../../domain/identity/auth/schemas.ts";
import type { Operation } from "../../../server/openapi-types.ts";

export const authOperations: Operation[] = [
  { method: "post", path: "/check-user", summary: "Which login step follows for an email address", spec: "part 2 §7 Login", request: ZCheckUserRequest, requestType: "form", response: ZCheckUserResponse, auth: "none" },
  { method: "post", path: "/login", summary: "Password sign-in; sets the session cookie", spec: "part 2 §7 Login", request: ZLoginRequest, requestType: "form", response: ZLoginResponse, auth: "none" },
  { method: "post", path: "/logout", summary: "Ends the session", spec: "part 2 §2 Login", response: ZLogoutResponse, auth: "session" },
];
