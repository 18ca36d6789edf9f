import type { Hono } from "hono";
import { ZSetGroupStatusRequest } from "../../../domain/admin/groups/schemas.ts";
import { AppError, publicError } from "../../../domain/errors.ts";
import { messages } from "../../../domain/messages.ts";
import { setGroupStatus } from "../../../services/admin/groups.ts";
import { clientIp, legacyRoute, parseFields, readFields } from "../../../server/http.ts";
import type { AppEnv, AppDeps } from "../../../server/types.ts";

/** part 2 §7 group admin calls under /admin/groups/ (DESIGN: group-owner calls → /admin/groups/…). */
export function mountLegacyAdmin(app: Hono<AppEnv>, deps: AppDeps) {
  legacyRoute(app, {
    method: "POST",
    path: "/admin/groups/setGroupStatus",
    trailingSlash: false,
    // The session and role (not the terms, as before) in run, then the fields.
    run: async (c) => {
      const session = c.get("session");
      if (!session) throw new AppError("UNAUTHORIZED", messages.signInRequired);
      if (session.user.role !== "ADMIN") throw new AppError("FORBIDDEN", messages.forbidden);
      const input = parseFields(ZSetGroupStatusRequest, await readFields(c));
      return setGroupStatus(deps.db, { id: session.user.id, ip: clientIp(c) }, input.groupId, input.status);
    },
    failure: (error) => ({ success: false, newStatus: null, error: publicError(error).message }),
  });
}
