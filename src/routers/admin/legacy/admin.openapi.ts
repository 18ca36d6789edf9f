/** Client groups (src/routers/admin/legacy/admin.ts). */
import { ZSetGroupStatusRequest, ZSetGroupStatusResponse } from "../../../domain/admin/groups/schemas.ts";
import type { Operation } from "../../../server/openapi-types.ts";

export const adminGroupOperations: Operation[] = [
  { method: "post", path: "/admin/groups/setGroupStatus", summary: "Suspend or activate a client group (ADMIN)", spec: "part 2 §7 Translation, settings and admin", request: ZSetGroupStatusRequest, requestType: "form", response: ZSetGroupStatusResponse, auth: "session" },
];
