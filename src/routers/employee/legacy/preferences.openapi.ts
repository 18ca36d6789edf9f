/** User properties, tooltips and translations (src/routers/employee/legacy/preferences.ts). */
import { ZSaveUserPropertyRequest, ZSaveUserPropertyResponse, ZTooltipRequest, ZTooltipResponse, ZXlateMsgRequest, ZXlateMsgResponse } from "../../../domain/employee/preferences/schemas.ts";
import type { Operation } from "../../../server/openapi-types.ts";

export const preferenceOperations: Operation[] = [
  { method: "post", path: "/user/saveUserProperty", summary: "Save one integer property of the signed-in user (key, integer)", spec: "part 2 §7 Policy configuration", request: ZSaveUserPropertyRequest, requestType: "form", response: ZSaveUserPropertyResponse, auth: "session" },
  { method: "get", path: "/json/get/tooltip", summary: "A tooltip text (key, language, group = client group URL name)", spec: "part 2 §7 Policy configuration", request: ZTooltipRequest, requestType: "query", response: ZTooltipResponse, auth: "session" },
  { method: "get", path: "/json/get/xlateMsg", summary: "One translation (key, lang, group = translation group, optional customer = client group)", spec: "part 2 §7 Policy configuration", request: ZXlateMsgRequest, requestType: "query", response: ZXlateMsgResponse, auth: "session" },
];
