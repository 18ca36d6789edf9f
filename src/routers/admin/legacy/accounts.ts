import type { Context, Hono } from "hono";
import { AppError, publicError } from "../../../domain/errors.ts";
import { messages } from "../../../domain/messages.ts";
import { ZAnonymizeRequest, ZFindResetLinkRequest } from "../../../domain/identity/recovery/schemas.ts";
import { anonymizeUser, disableSso, findResetLink, type Actor } from "../../../services/admin/admin-accounts.ts";
import { assertSameSite, clientIp, httpStatusOf, legacyRoute, logUnexpected, parseFields, readFields } from "../../../server/http.ts";
import type { AppEnv, AppDeps } from "../../../server/types.ts";

const PLAIN = { "Content-Type": "text/plain; charset=utf-8" };

/** The signed-in platform admin, else UNAUTHORIZED / FORBIDDEN. */
function requireAdmin(c: Context<AppEnv>): Actor {
  const session = c.get("session");
  if (!session) throw new AppError("UNAUTHORIZED", messages.signInRequired);
  if (session.user.role !== "ADMIN") throw new AppError("FORBIDDEN", messages.forbidden);
  return { id: session.user.id, ip: clientIp(c) };
}

/**
 * part 2 §7 admin account tools: reset-link lookup, anonymize user, disable SSO. The admin is checked
 * in run (the session and role, not the terms, as before), after the same-site check of the GETs.
 */
export function mountLegacyAdminAccounts(app: Hono<AppEnv>, deps: AppDeps) {
  // Returns the link text (text/plain); errors are the spec's texts, also as plain text, so run answers
  // them itself (the cross-site refusal first) where the declared failure would answer JSON.
  legacyRoute(app, {
    method: "GET",
    path: "/admin/resetPassword/find/:email",
    run: async (c) => {
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
    },
    // Not reached: run answers each failure itself.
    failure: (error) => ({ success: false, message: publicError(error).message }),
  });

  legacyRoute(app, {
    method: "POST",
    path: "/admin/anonymizeUser",
    run: async (c) => {
      const actor = requireAdmin(c);
      const input = parseFields(ZAnonymizeRequest, await readFields(c));
      return anonymizeUser(deps.db, actor, input.userId);
    },
    failure: (error) => ({ success: false, resultMessage: publicError(error).message }),
  });

  // Answers JSON true, or false for an invalid or unknown id.
  legacyRoute(app, {
    method: "GET",
    path: "/admin/SSO/disable/:userId",
    sameSite: deps.config,
    run: async (c) => disableSso(deps.db, requireAdmin(c), c.req.param("userId")),
    failure: (error) => ({ success: false, message: publicError(error).message }),
  });
}
