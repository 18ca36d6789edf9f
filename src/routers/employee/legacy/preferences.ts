import type { Context, Hono } from "hono";
import { publicError } from "../../../domain/errors.ts";
import { ZSaveUserPropertyRequest, ZTooltipRequest, ZXlateMsgRequest } from "../../../domain/employee/preferences/schemas.ts";
import { findTooltip, findXlateMsg, saveUserProperty } from "../../../services/employee/preferences.ts";
import { httpStatusOf, logUnexpected, parseFields, readFields, legacyUser } from "../../../server/http.ts";
import type { AppDeps, AppEnv } from "../../../server/types.ts";

/** part 2 §7: POST /user/saveUserProperty, GET /json/get/tooltip, GET /json/get/xlateMsg. */
export function mountLegacyPreferences(app: Hono<AppEnv>, deps: AppDeps) {
  const fail = (c: Context<AppEnv>, where: string, error: unknown) => {
    logUnexpected(where, error);
    const pub = publicError(error);
    return c.json({ success: false, errorMessage: pub.message, fields: pub.fields ?? null }, httpStatusOf(error));
  };

  app.post("/user/saveUserProperty", async (c) => {
    try {
      const user = legacyUser(c);
      return c.json(await saveUserProperty(deps.db, user, parseFields(ZSaveUserPropertyRequest, await readFields(c))));
    } catch (error) {
      return fail(c, "saveUserProperty", error);
    }
  });

  app.get("/json/get/tooltip", async (c) => {
    try {
      const user = legacyUser(c);
      return c.json(await findTooltip(deps.db, user, parseFields(ZTooltipRequest, c.req.query())));
    } catch (error) {
      return fail(c, "tooltip", error);
    }
  });

  app.get("/json/get/xlateMsg", async (c) => {
    try {
      const user = legacyUser(c);
      return c.json(await findXlateMsg(deps.db, user, parseFields(ZXlateMsgRequest, c.req.query())));
    } catch (error) {
      return fail(c, "xlateMsg", error);
    }
  });
}
