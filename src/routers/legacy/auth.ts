import type { Hono } from "hono";
import { ZCheckUserRequest, ZLoginRequest } from "../../domain/auth/schemas.ts";
import { publicError } from "../../domain/errors.ts";
import { checkUser, login, logout } from "../../services/auth.ts";
import { messages } from "../../domain/messages.ts";
import { clearSessionCookie, sessionCookie } from "../../server/cookies.ts";
import { clientIp, httpStatusOf, isSecureRequest, logUnexpected, parseFields, readFields } from "../../server/http.ts";
import type { AppEnv, AppDeps } from "../../server/types.ts";
import { loginSettings } from "../auth.ts";

/** part 2 §7 "Login, activation, account": the documented form posts, answering their documented shapes. */
export function mountLegacyAuth(app: Hono<AppEnv>, deps: AppDeps) {
  app.post("/check-user", async (c) => {
    try {
      const input = parseFields(ZCheckUserRequest, await readFields(c));
      return c.json(await checkUser(deps.db, input.userEmail, deps.config.socialProviders));
    } catch (error) {
      logUnexpected("check-user", error);
      const pub = publicError(error);
      return c.json(
        { success: false, isSsoUser: false, ssoUrl: null, allowSocialLogin: false, loginType: "direct", socialProviders: [], message: pub.message, errors: pub.fields ?? null },
        httpStatusOf(error),
      );
    }
  });

  app.post("/login", async (c) => {
    try {
      const input = parseFields(ZLoginRequest, await readFields(c));
      const result = await login(
        deps.db,
        { ...input, ip: clientIp(c), userAgent: c.req.header("user-agent") ?? null },
        loginSettings(deps),
      );
      c.header("Set-Cookie", sessionCookie(result.token, result.maxAgeSeconds, deps.config, isSecureRequest(c, deps.config)), { append: true });
      return c.json({ success: true, targetUrl: result.targetUrl, exception: null });
    } catch (error) {
      logUnexpected("login", error);
      return c.json({ success: false, targetUrl: null, exception: publicError(error).message }, httpStatusOf(error));
    }
  });

  app.post("/logout", async (c) => {
    await logout(deps.db, c.get("session"));
    c.header("Set-Cookie", clearSessionCookie(deps.config, isSecureRequest(c, deps.config)), { append: true });
    const wantsHtml = (c.req.header("accept") ?? "").includes("text/html");
    return wantsHtml ? c.redirect("/login", 303) : c.json({ success: true, redirectUrl: "/login" });
  });
}

