/** Password recovery and the client-info call (src/routers/identity/legacy/recovery.ts). */
import { ZRecoveryRequest, ZRecoveryResponse, ZRegisterClientInfoRequest, ZRegisterClientInfoResponse, ZSetPasswordRequest, ZSetPasswordResponse } from "../../../domain/identity/recovery/schemas.ts";
import type { Operation } from "../../../server/openapi-types.ts";

export const recoveryOperations: Operation[] = [
  { method: "post", path: "/user/account-recovery", summary: "Password reset request; the same answer for every well-formed address", spec: "part 2 §7 Login, activation, account", request: ZRecoveryRequest, requestType: "form", response: ZRecoveryResponse, auth: "none" },
  { method: "post", path: "/user/set-new-password", summary: "Set a new password with a reset link's token; ends the user's sessions", spec: "part 2 §7 Login, activation, account", request: ZSetPasswordRequest, requestType: "form", response: ZSetPasswordResponse, auth: "none" },
  { method: "post", path: "/registerClientInfo", summary: "Store the browser's time zone offset (minutes) on the session", spec: "part 2 §9 session check", request: ZRegisterClientInfoRequest, requestType: "form", response: ZRegisterClientInfoResponse, auth: "session" },
];
