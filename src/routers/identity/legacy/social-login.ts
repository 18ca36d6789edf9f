import type { Hono } from "hono";
import { publicError } from "../../../domain/errors.ts";
import { ZSocialCallbackRequest } from "../../../domain/identity/social-login/schemas.ts";
import { finishSocialLogin, SIGN_IN_METHODS_PATH, SOCIAL_CALLBACK_PATH, SocialLoginFlowError } from "../../../services/identity/social-login.ts";
import { clearSocialStateCookie, readCookie, sessionCookie, SOCIAL_STATE_COOKIE } from "../../../server/cookies.ts";
import { clientIp, isSecureRequest, legacyRoute } from "../../../server/http.ts";
import type { AppEnv, AppDeps } from "../../../server/types.ts";

/**
 * GET /social-login/callback?code&state: where a social provider sends the browser back (issue 23
 * item 18), in the browser that started the attempt (its state cookie must match). A sign-in sets the
 * session cookie and goes to the user's landing page; a link (started from the sign-in methods page)
 * goes back there. A failure goes back to the sign-in form, /login?socialError=<kind> (or to the sign-in
 * methods page when signed in), which shows the kind's text (part 2 §8).
 */
export function mountLegacySocialLogin(app: Hono<AppEnv>, deps: AppDeps) {
  legacyRoute(app, {
    method: "GET",
    path: SOCIAL_CALLBACK_PATH,
    trailingSlash: false,
    run: async (c) => {
      c.header("Cache-Control", "no-store");
      // The attempt's cookie is used once, whatever the outcome.
      c.header("Set-Cookie", clearSocialStateCookie(deps.config, isSecureRequest(c, deps.config)), { append: true });
      try {
        const parsed = ZSocialCallbackRequest.safeParse(c.req.query());
        const query = parsed.success ? parsed.data : {};
        const search = new URL(c.req.url).search;
        const result = await finishSocialLogin(deps.db, deps.config, query, search, {
          ip: clientIp(c),
          userAgent: c.req.header("user-agent") ?? null,
          browserState: readCookie(c.req.header("cookie"), SOCIAL_STATE_COOKIE),
          sessionUserId: c.get("session")?.user.id ?? null,
        });
        if (result.kind === "session") {
          c.header("Set-Cookie", sessionCookie(result.token, result.maxAgeSeconds, deps.config, isSecureRequest(c, deps.config)), { append: true });
        }
        return c.redirect(result.targetUrl, 302);
      } catch (error) {
        if (!(error instanceof SocialLoginFlowError)) console.error("[social-login] unexpected error", error);
        const kind = error instanceof SocialLoginFlowError ? error.kind : "unexpected";
        // A signed-in browser was linking an account: back to the sign-in methods page; otherwise the sign-in form.
        const back = c.get("session") ? SIGN_IN_METHODS_PATH : "/login";
        return c.redirect(`${back}?socialError=${kind}`, 302);
      }
    },
    // Not reached: run answers each failure itself, with a redirect (the declared failure would answer JSON).
    failure: (error) => ({ success: false, message: publicError(error).message }),
  });
}
