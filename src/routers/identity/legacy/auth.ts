import type { Hono } from "hono";
import { ZCheckUserRequest, ZLoginRequest } from "../../../domain/identity/auth/schemas.ts";
import { publicError } from "../../../domain/errors.ts";
import { checkUser, login, logout } from "../../../services/identity/auth.ts";
import { clearSessionCookie, sessionCookie } from "../../../server/cookies.ts";
import { clientIp, isSecureRequest, legacyRoute } from "../../../server/http.ts";
import type { AppEnv, AppDeps } from "../../../server/types.ts";
import { loginSettings } from "../auth.ts";

/** part 2 §7 "Login, activation, account": the documented form posts, answering their documented shapes. */
export function mountLegacyAuth(app: Hono<AppEnv>, deps: AppDeps) {
  legacyRoute(app, {
    method: "POST",
    path: "/check-user",
    trailingSlash: false,
    input: ZCheckUserRequest,
    run: async (_c, { input }) => checkUser(deps.db, input.userEmail, deps.config.socialProviders),
    failure: (error) => {
      const pub = publicError(error);
      return { success: false, isSsoUser: false, ssoUrl: null, allowSocialLogin: false, loginType: "direct", socialProviders: [], message: pub.message, errors: pub.fields ?? null };
    },
  });

  legacyRoute(app, {
    method: "POST",
    path: "/login",
    trailingSlash: false,
    input: ZLoginRequest,
    run: async (c, { input }) => {
      const result = await login(deps.db, { ...input, ip: clientIp(c), userAgent: c.req.header("user-agent") ?? null }, loginSettings(deps));
      c.header("Set-Cookie", sessionCookie(result.token, result.maxAgeSeconds, deps.config, isSecureRequest(c, deps.config)), { append: true });
      return { success: true, targetUrl: result.targetUrl, exception: null };
    },
    failure: (error) => ({ success: false, targetUrl: null, exception: publicError(error).message }),
  });

  legacyRoute(app, {
    method: "POST",
    path: "/logout",
    trailingSlash: false,
    run: async (c) => {
      await logout(deps.db, c.get("session"));
      c.header("Set-Cookie", clearSessionCookie(deps.config, isSecureRequest(c, deps.config)), { append: true });
      const wantsHtml = (c.req.header("accept") ?? "").includes("text/html");
      return wantsHtml ? c.redirect("/login", 303) : { success: true, redirectUrl: "/login" };
    },
    failure: (error) => ({ success: false, redirectUrl: null, message: publicError(error).message }),
  });
}
