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
import { clientIp, httpStatusOf, isSecureRequest, logUnexpected, parseFields, readFields } from "../../../server/http.ts";
import type { AppEnv, AppDeps } from "../../../server/types.ts";

/** part 2 §7: POST /{employee|group|adminuser|supplier}/activate and POST /user/terms-and-conditions. */
export function mountLegacyAccount(app: Hono<AppEnv>, deps: AppDeps) {
  app.post("/:type{employee|group|adminuser|supplier}/activate", async (c) => {
    const baseUrl = publicBaseUrl(deps.config);
    try {
      const type = ZActivationPathType.parse(c.req.param("type"));
      const fields = parseFields(ZActivateFields, await readFields(c));
      const { session, ...result } = await activateAccount(
        { db: deps.db, settings: deps.config.session, baseUrl },
        type,
        fields,
        { ip: clientIp(c), userAgent: c.req.header("user-agent") ?? null },
      );
      c.header("Set-Cookie", sessionCookie(session.token, session.maxAgeSeconds, deps.config, isSecureRequest(c, deps.config)), { append: true });
      return c.json(result);
    } catch (error) {
      logUnexpected("activate", error);
      const pub = publicError(error);
      const message = pub.code === "VALIDATION" ? activationMessages.formHasErrors : activationMessages.signupFailed;
      return c.json(
        { success: false, baseUrl, redirectUrl: null, redirect: false, errors: pub.fields ?? null, message },
        httpStatusOf(error),
      );
    }
  });

  app.post("/user/terms-and-conditions", async (c) => {
    try {
      const session = c.get("session");
      if (!session) throw new AppError("UNAUTHORIZED", messages.signInRequired);
      const input = parseFields(ZAcceptTermsRequest, termsFormFields(await readFields(c)));
      return c.json(await acceptTerms(deps.db, session.user, input, clientIp(c)));
    } catch (error) {
      logUnexpected("terms-and-conditions", error);
      const pub = publicError(error);
      const message = pub.code === "UNAUTHORIZED" ? pub.message : activationMessages.signupFailed;
      return c.json({ success: false, redirectUrl: null, errors: pub.fields ?? null, message }, httpStatusOf(error));
    }
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
