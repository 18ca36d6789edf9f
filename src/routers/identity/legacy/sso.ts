import type { Context, Hono } from "hono";
import { ZSsoCallbackRequest, ZSsoStartRequest } from "../../../domain/identity/sso/schemas.ts";
import { ssoMessages } from "../../../domain/identity/sso/messages.ts";
import { publicError } from "../../../domain/errors.ts";
import { SSO_START_PATH } from "../../../services/identity/auth.ts";
import { finishSsoLogin, SSO_CALLBACK_PATH, SsoFlowError, startSsoLogin, type SsoRequestInfo } from "../../../services/identity/sso.ts";
import { sessionCookie } from "../../../server/cookies.ts";
import { clientIp, isSecureRequest, legacyRoute } from "../../../server/http.ts";
import type { AppEnv, AppDeps } from "../../../server/types.ts";

/**
 * Single sign-on (OpenID Connect, authorization code with PKCE): the check-user answer sends SSO
 * users to GET /sso/start?email=, which redirects to their group's provider; the provider returns
 * to GET /sso/callback. Failures are plain HTML pages with the way back to /login (answered by
 * each path's run: a failure declared to legacyRoute answers JSON).
 */
export function mountLegacySso(app: Hono<AppEnv>, deps: AppDeps) {
  const requestInfo = (c: Context<AppEnv>): SsoRequestInfo => ({
    ip: clientIp(c),
    userAgent: c.req.header("user-agent") ?? null,
  });

  legacyRoute(app, {
    method: "GET",
    path: SSO_START_PATH,
    trailingSlash: false,
    run: async (c) => {
      try {
        const input = ZSsoStartRequest.safeParse(c.req.query());
        const { redirectUrl } = await startSsoLogin(deps.db, deps.config, { email: input.success ? input.data.email : "" }, requestInfo(c));
        c.header("Cache-Control", "no-store");
        return c.redirect(redirectUrl, 302);
      } catch (error) {
        return failurePage(c, error);
      }
    },
    failure: answeredInRun,
  });

  legacyRoute(app, {
    method: "GET",
    path: SSO_CALLBACK_PATH,
    trailingSlash: false,
    run: async (c) => {
      try {
        const parsed = ZSsoCallbackRequest.safeParse(c.req.query());
        const query = parsed.success ? parsed.data : {};
        const search = new URL(c.req.url).search;
        const result = await finishSsoLogin(deps.db, deps.config, query, search, requestInfo(c));
        c.header("Set-Cookie", sessionCookie(result.token, result.maxAgeSeconds, deps.config, isSecureRequest(c, deps.config)), { append: true });
        c.header("Cache-Control", "no-store");
        return c.redirect(result.targetUrl, 302);
      } catch (error) {
        return failurePage(c, error);
      }
    },
    failure: answeredInRun,
  });
}

/** Not reached: run answers each failure itself, with the page (the declared failure would answer JSON); the app's generic answer otherwise. */
function answeredInRun(error: unknown) {
  return { success: false, message: publicError(error).message };
}

function failurePage(c: Context<AppEnv>, error: unknown) {
  if (!(error instanceof SsoFlowError)) console.error("[sso] unexpected error", error);
  const flow = error instanceof SsoFlowError ? error : new SsoFlowError("provider_error", ssoMessages.providerError, 502);
  const heading = flow.kind === "not_available" ? ssoMessages.notAvailableHeading : ssoMessages.failedHeading;
  const status = flow.kind === "not_available" ? 403 : flow.status;
  c.header("Cache-Control", "no-store");
  return c.html(
    `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">` +
      `<title>${escapeHtml(ssoMessages.pageTitle)} · Meridian</title></head>` +
      `<body style="font-family:system-ui,sans-serif;max-width:36rem;margin:4rem auto;padding:0 1rem;color:#1f2937">` +
      `<main><h1 style="font-size:1.5rem">${escapeHtml(heading)}</h1>` +
      `<p data-sso-error="${flow.kind}">${escapeHtml(flow.message)}</p>` +
      `<p><a href="/login" style="color:#1d4ed8">${escapeHtml(ssoMessages.backToLogin)}</a></p></main></body></html>`,
    status,
  );
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"]/g, (ch) => `&#${ch.charCodeAt(0)};`);
}
