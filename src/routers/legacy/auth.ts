import type { Hono } from "hono";
import { ZCheckUserRequest, ZLoginRequest } from "../../domain/auth/schemas.ts";
import { publicError } from "../../domain/errors.ts";
import { checkUser, login, logout, SSO_START_PATH } from "../../services/auth.ts";
import { messages } from "../../domain/messages.ts";
import { clearSessionCookie, sessionCookie } from "../../server/cookies.ts";
import { clientIp, httpStatusOf, logUnexpected, parseFields, readFields } from "../../server/http.ts";
import type { AppEnv, AppDeps } from "../../server/app.ts";
import { loginSettings } from "../auth.ts";

/** part 2 §7 "Login, activation, account": the documented form posts, answering their documented shapes. */
export function mountLegacyAuth(app: Hono<AppEnv>, deps: AppDeps) {
  app.post("/check-user", async (c) => {
    try {
      const input = parseFields(ZCheckUserRequest, await readFields(c));
      return c.json(await checkUser(deps.db, input.userEmail));
    } catch (error) {
      logUnexpected("check-user", error);
      const pub = publicError(error);
      return c.json({ success: false, isSsoUser: false, ssoUrl: null, message: pub.message, errors: pub.fields ?? null }, httpStatusOf(error));
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
      c.header("Set-Cookie", sessionCookie(result.token, result.maxAgeSeconds, deps.config), { append: true });
      return c.json({ success: true, targetUrl: result.targetUrl, exception: null });
    } catch (error) {
      logUnexpected("login", error);
      return c.json({ success: false, targetUrl: null, exception: publicError(error).message }, httpStatusOf(error));
    }
  });

  // Single sign-on start. Per-group identity-provider settings are not configured in this version,
  // so an SSO user is told so plainly (with the way back) instead of landing on a dead page.
  app.get(SSO_START_PATH, (c) =>
    c.html(
      `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">` +
        `<title>Single sign-on · Meridian</title></head><body style="font-family:system-ui,sans-serif;max-width:36rem;margin:4rem auto;padding:0 1rem;color:#1f2937">` +
        `<main><h1 style="font-size:1.5rem">Single sign-on is not available yet</h1>` +
        `<p>${escapeHtml(messages.ssoNotConfigured)}</p><p><a href="/login" style="color:#1d4ed8">Back to sign in</a></p></main></body></html>`,
      503,
    ),
  );

  app.post("/logout", async (c) => {
    await logout(deps.db, c.get("session"));
    c.header("Set-Cookie", clearSessionCookie(deps.config), { append: true });
    const wantsHtml = (c.req.header("accept") ?? "").includes("text/html");
    return wantsHtml ? c.redirect("/login", 303) : c.json({ success: true, redirectUrl: "/login" });
  });
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);
}
