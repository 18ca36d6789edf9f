import type { Hono } from "hono";
import { publicError } from "../../../domain/errors.ts";
import { ZSaveUserPropertyRequest, ZTooltipRequest, ZXlateMsgRequest } from "../../../domain/employee/preferences/schemas.ts";
import { findTooltip, findXlateMsg, saveUserProperty } from "../../../services/employee/preferences.ts";
import { legacyRoute, parseFields } from "../../../server/http.ts";
import type { AppDeps, AppEnv } from "../../../server/types.ts";

/**
 * part 2 §7: POST /user/saveUserProperty, GET /json/get/tooltip, GET /json/get/xlateMsg. The GETs
 * parse the query as it is in run (no `input`, whose reading also refuses a NUL in any query field).
 */
export function mountLegacyPreferences(app: Hono<AppEnv>, deps: AppDeps) {
  const failure = (error: unknown) => {
    const pub = publicError(error);
    return { success: false, errorMessage: pub.message, fields: pub.fields ?? null };
  };

  legacyRoute(app, {
    method: "POST",
    path: "/user/saveUserProperty",
    trailingSlash: false,
    user: true,
    input: ZSaveUserPropertyRequest,
    run: async (_c, { input, user }) => saveUserProperty(deps.db, user!, input),
    failure,
  });

  legacyRoute(app, {
    method: "GET",
    path: "/json/get/tooltip",
    trailingSlash: false,
    user: true,
    run: async (c, { user }) => findTooltip(deps.db, user!, parseFields(ZTooltipRequest, c.req.query())),
    failure,
  });

  legacyRoute(app, {
    method: "GET",
    path: "/json/get/xlateMsg",
    trailingSlash: false,
    user: true,
    run: async (c, { user }) => findXlateMsg(deps.db, user!, parseFields(ZXlateMsgRequest, c.req.query())),
    failure,
  });
}
