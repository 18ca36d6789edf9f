import type { Hono } from "hono";
import { ZAcceptTermsRequest, ZActivateFields, ZActivationPathType } from "../../../domain/identity/activation/schemas.ts";
import { TERMS_CORE_FIELDS } from "../../../domain/identity/activation/terms-form.ts";
import { activationMessages } from "../../../domain/identity/activation/messages.ts";
import { AppError, publicError } from "../../../domain/errors.ts";
import { messages } from "../../../domain/messages.ts";
import { activateAccount } from "../../../services/identity/activation.ts";
import { publicBaseUrl } from "../../../services/mail.ts";
import { acceptTerms } from "../../../services/identity/terms.ts";
import { sessionCookie } from "../../../server/cookies.ts";
import { clientIp, isSecureRequest, legacyRoute, parseFields, readFields } from "../../../server/http.ts";
import type { AppEnv, AppDeps } from "../../../server/types.ts";

/** part 2 §7: POST /{employee|group|adminuser|supplier}/activate and POST /user/terms-and-conditions. */
export function mountLegacyAccount(app: Hono<AppEnv>, deps: AppDeps) {
  legacyRoute(app, {
    method: "POST",
    path: "/:type{employee|group|adminuser|supplier}/activate",
    trailingSlash: false,
    input: ZActivateFields,
    run: async (c, { input }) => {
      const { session, ...result } = await activateAccount(
        { db: deps.db, settings: deps.config.session, baseUrl: publicBaseUrl(deps.config) },
        ZActivationPathType.parse(c.req.param("type")),
        input,
        { ip: clientIp(c), userAgent: c.req.header("user-agent") ?? null },
      );
      c.header("Set-Cookie", sessionCookie(session.token, session.maxAgeSeconds, deps.config, isSecureRequest(c, deps.config)), { append: true });
      return result;
    },
    failure: (error) => {
      const pub = publicError(error);
      const message = pub.code === "VALIDATION" ? activationMessages.formHasErrors : activationMessages.signupFailed;
      return { success: false, baseUrl: publicBaseUrl(deps.config), redirectUrl: null, redirect: false, errors: pub.fields ?? null, message };
    },
  });

  legacyRoute(app, {
    method: "POST",
    path: "/user/terms-and-conditions",
    trailingSlash: false,
    // The session alone (not `user`, which refuses a user before the terms), then the form's fields.
    run: async (c) => {
      const session = c.get("session");
      if (!session) throw new AppError("UNAUTHORIZED", messages.signInRequired);
      const input = parseFields(ZAcceptTermsRequest, termsFormFields(await readFields(c)));
      return acceptTerms(deps.db, session.user, input, clientIp(c));
    },
    failure: (error) => {
      const pub = publicError(error);
      const message = pub.code === "UNAUTHORIZED" ? pub.message : activationMessages.signupFailed;
      return { success: false, redirectUrl: null, errors: pub.fields ?? null, message };
    },
  });
}

const CORE = new Set<string>(TERMS_CORE_FIELDS);

/**
 * The terms form as posted: its own fields stay where they are, every other posted field is a
 * configurable one (by model name) and goes into `fields`. A JSON body may also send `fields`
 * itself; the `fields` schema bounds both.
 */
function termsFormFields(posted: Record<string, unknown>): Record<string, unknown> {
  const own: Record<string, unknown> = {};
  const fields: Record<string, unknown> =
    posted["fields"] && typeof posted["fields"] === "object" && !Array.isArray(posted["fields"]) ? { ...(posted["fields"] as object) } : {};
  for (const [key, value] of Object.entries(posted)) {
    if (key === "fields") continue;
    if (CORE.has(key)) own[key] = value;
    else fields[key] = value;
  }
  return { ...own, fields };
}
