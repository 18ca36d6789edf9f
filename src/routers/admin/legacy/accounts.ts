import type { Context, Hono } from "hono";
import { AppError, publicError } from "../../../domain/errors.ts";
import { messages } from "../../../domain/messages.ts";
import { ZAnonymizeRequest, ZFindResetLinkRequest } from "../../../domain/identity/recovery/schemas.ts";
import { anonymizeUser, disableSso, findResetLink, type Actor } from "../../../services/admin/admin-accounts.ts";
import { assertSameSite, clientIp, httpStatusOf, logUnexpected, parseFields, readFields } from "../../../server/http.ts";
import type { AppEnv, AppDeps } from "../../../server/types.ts";

const PLAIN = { "Content-Type": "text/plain; charset=utf-8" };

/** The signed-in platform admin, else UNAUTHORIZED / FORBIDDEN. */
function requireAdmin(c: Context<AppEnv>): Actor {
  const session = c.get("session");
  if (!session) throw new AppError("UNAUTHORIZED", messages.signInRequired);
  if (session.user.role !== "ADMIN") throw new AppError("FORBIDDEN", messages.forbidden);
  return { id: session.user.id, ip: clientIp(c) };
}

/** part 2 §7 admin account tools: reset-link lookup, anonymize user, disable SSO. */
export function mountLegacyAdminAccounts(app: Hono<AppEnv>, deps: AppDeps) {
  // Returns the link text (text/plain); errors are the spec's texts, also as plain text.
  const findLink = async (c: Context<AppEnv>) => {
    try {
      assertSameSite(c, deps.config);
      const actor = requireAdmin(c);
      const input = parseFields(ZFindResetLinkRequest, { email: c.req.param("email") ?? "" });
      const { link } = await findResetLink({ db: deps.db, config: deps.config }, actor, input.email);
      return c.text(link, 200, PLAIN);
    } catch (error) {
      logUnexpected("resetPassword/find", error);
      return c.text(publicError(error).message, httpStatusOf(error), PLAIN);
    }
  };
  app.get("/admin/resetPassword/find/:email", findLink);
  app.get("/admin/resetPassword/find/:email/", findLink);

  const anonymize = async (c: Context<AppEnv>) => {
    try {
      const actor = requireAdmin(c);
      const input = parseFields(ZAnonymizeRequest, await readFields(c));
      return c.json(await anonymizeUser(deps.db, actor, input.userId));
    } catch (error) {
      logUnexpected("anonymizeUser", error);
      return c.json({ success: false, resultMessage: publicError(error).message }, httpStatusOf(error));
    }
  };
  app.post("/admin/anonymizeUser", anonymize);
  app.post("/admin/anonymizeUser/", anonymize);

  // Answers JSON true, or false for an invalid or unknown id.
  const ssoDisable = async (c: Context<AppEnv>) => {
    try {
      assertSameSite(c, deps.config);
      const actor = requireAdmin(c);
      return c.json(await disableSso(deps.db, actor, c.req.param("userId")));
    } catch (error) {
      logUnexpected("SSO/disable", error);
      return c.json({ success: false, message: publicError(error).message }, httpStatusOf(error));
    }
  };
  app.get("/admin/SSO/disable/:userId", ssoDisable);
  app.get("/admin/SSO/disable/:userId/", ssoDisable);
}
