import { Hono, type MiddlewareHandler } from "hono";
import { bodyLimit } from "hono/body-limit";
import { secureHeaders } from "hono/secure-headers";
import { trpcServer } from "@hono/trpc-server";
import type { Config } from "../config.ts";
import type { DB } from "../db/index.ts";
import { findGroupByName } from "../db/queries/admin/groups.ts";
import { AppError, publicError } from "../domain/errors.ts";
import { messages } from "../domain/messages.ts";
import { NUL_MESSAGE } from "../domain/text.ts";
import { canActInGroup } from "../domain/roles.ts";
import { appRouter } from "../routers/_app.ts";
import { receiptPreviewFraming } from "../routers/finance/legacy/bill-file.ts";
import { dashboardsPageFraming } from "../routers/reporting/legacy/dashboards.ts";
import { mountIdentityPaths } from "../routers/identity/legacy/index.ts";
import { mountAdminPaths } from "../routers/admin/legacy/index.ts";
import { mountPolicyPaths } from "../routers/policy/legacy/index.ts";
import { mountEmployeePaths } from "../routers/employee/legacy/index.ts";
import { mountMovesPaths } from "../routers/moves/legacy/index.ts";
import { mountEstimatePaths } from "../routers/estimate/legacy/index.ts";
import { mountManagerPaths } from "../routers/manager/legacy/index.ts";
import { mountFinancePaths } from "../routers/finance/legacy/index.ts";
import { mountReportingPaths } from "../routers/reporting/legacy/index.ts";
import { mountCrmPaths } from "../routers/crm/legacy/index.ts";
import { resolveSession } from "../services/identity/auth.ts";
import type { AppDeps, AppEnv } from "./types.ts";
import { createContextInner, mailerFor } from "../trpc.ts";
import type { AssetSource } from "./assets.ts";
import { readCookie, SESSION_COOKIE } from "./cookies.ts";
import { allowedOrigins, clientIp, httpStatusOf, isSecureRequest } from "./http.ts";
import { findPage, groupOfPath } from "./pages.ts";
import { buildOpenApi } from "./openapi.ts";

export type { AppDeps, AppEnv } from "./types.ts";

const API_PREFIXES = ["/api/", "/trpc/", "/assets/"];
/** Signed-in users who have not accepted the terms see only this page. */
const TERMS_PAGE = /^\/user\/terms-and-conditions\/?$/;
const isApiPath = (p: string) => API_PREFIXES.some((prefix) => p.startsWith(prefix));
/** Streamed uploads that enforce their own size limit while reading (src/services/employee/files/upload.ts). */
const STREAMED_UPLOAD_PATHS = new Set(["/hr/json/employee/files/upload", "/hr/json/employee/files/upload/"]);

function requestLog(enabled: boolean): MiddlewareHandler {
  return async (c, next) => {
    const start = performance.now();
    await next();
    if (enabled) {
      const ms = (performance.now() - start).toFixed(1);
      console.log(`${new Date().toISOString()} ${c.req.method} ${c.req.path} ${c.res.status} ${ms}ms`);
    }
  };
}

/**
 * CSRF: a browser sends Origin on cross-site writes. A write whose Origin names another
 * host is refused; clients without Origin (SDK, curl) are not browsers and are let through.
 */
function sameOrigin(config: Config): MiddlewareHandler {
  return async (c, next) => {
    if (["GET", "HEAD", "OPTIONS"].includes(c.req.method)) return next();
    const origin = c.req.header("origin");
    if (!origin || origin === "null") {
      if (origin === "null" && readCookie(c.req.header("cookie"), SESSION_COOKIE)) {
        return c.json({ success: false, message: messages.crossOrigin }, 403);
      }
      return next();
    }
    if (!allowedOrigins(c, config).has(origin)) return c.json({ success: false, message: messages.crossOrigin }, 403);
    return next();
  };
}

export function createApp(deps: AppDeps) {
  const { db, config } = deps;
  const app = new Hono<AppEnv>();

  app.use(requestLog(config.logRequests));
  // Before the security headers, so it runs after them: Bill Approval's own pages may frame a receipt preview.
  app.use(receiptPreviewFraming);
  // Likewise: the dashboards page (issue 26) may frame only its group's allowed dashboard sites.
  app.use(dashboardsPageFraming(db));
  app.use(
    secureHeaders({
      contentSecurityPolicy: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        // The overview page's static maps (STATIC_MAP_URL) are images the browser loads from their own origin.
        imgSrc: ["'self'", "data:", ...(config.overview.staticMapUrl ? [new URL(config.overview.staticMapUrl).origin] : [])],
        connectSrc: ["'self'"],
        fontSrc: ["'self'", "data:"],
        frameAncestors: ["'none'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
      },
      referrerPolicy: "strict-origin-when-cross-origin",
      xFrameOptions: "DENY",
    }),
  );
  const limitBody = bodyLimit({
    maxSize: config.maxBodyBytes,
    onError: (c) => c.json({ success: false, message: messages.payloadTooLarge }, 413),
  });
  // Hono's limit holds a body without Content-Length in memory: the streamed file upload counts its own bytes instead.
  app.use((c, next) => (STREAMED_UPLOAD_PATHS.has(c.req.path) ? next() : limitBody(c, next)));
  app.use(sameOrigin(config));
  // A NUL character in the path or query (%00) reaches no route: PostgreSQL cannot store it.
  // Bodies are checked where they are read (readFields, and tRPC's input middleware).
  app.use(async (c, next) => {
    if (/%00/i.test(c.req.url)) return c.json({ success: false, message: NUL_MESSAGE, errorMessage: NUL_MESSAGE }, 400);
    return next();
  });
  app.use(async (c, next) => {
    const token = readCookie(c.req.header("cookie"), SESSION_COOKIE);
    // The client's 60 s session check (auth.ping alone) is not activity: it must not stop the idle timeout.
    const touch = c.req.path !== "/trpc/auth.ping";
    c.set("session", token ? await resolveSession(db, token, config.session, new Date(), touch) : null);
    return next();
  });

  app.get("/api/health", async (c) => {
    await db.selectFrom("groups").select("id").limit(1).execute();
    return c.json({ status: "ok", time: new Date().toISOString() });
  });

  // Built on the first request, not at start-up: converting every schema takes longer than the rest of a start.
  let openApi: ReturnType<typeof buildOpenApi> | undefined;
  app.get("/api/openapi.json", (c) => c.json((openApi ??= buildOpenApi())));

  app.use(
    "/trpc/*",
    trpcServer({
      endpoint: "/trpc",
      router: appRouter,
      createContext: (opts, c) =>
        createContextInner({
          db,
          config,
          session: c.get("session"),
          ip: clientIp(c),
          userAgent: c.req.header("user-agent") ?? null,
          resHeaders: opts.resHeaders,
          secureRequest: isSecureRequest(c, config),
          mailer: mailerFor(config),
        }),
    }),
  );

  // The documented paths, room by room (src/routers/<room>/legacy/).
  mountIdentityPaths(app, deps);
  mountAdminPaths(app, deps);
  mountPolicyPaths(app, deps);
  mountEmployeePaths(app, deps);
  mountMovesPaths(app, deps);
  mountEstimatePaths(app, deps);
  mountManagerPaths(app, deps);
  mountFinancePaths(app, deps);
  mountReportingPaths(app, deps);
  mountCrmPaths(app, deps);

  // Web client: hashed assets, then page loads answered with the SPA shell and the right status.
  app.get("*", async (c, next) => {
    const path = c.req.path;
    if (path.startsWith("/assets/") && deps.assets) {
      const file = await deps.assets.file(path, /\bgzip\b/.test(c.req.header("accept-encoding") ?? ""));
      if (file) return file;
    }
    if (isApiPath(path) || !deps.assets) return next();
    const shell = await deps.assets.indexHtml();
    if (shell === null) return next();
    const html = (status: 200 | 403 | 404) => c.html(shell, status, { "Cache-Control": "no-cache" });

    const rule = findPage(path);
    if (!rule) return html(404);
    if (rule.kind === "public") return html(200);
    const session = c.get("session");
    if (!session) return c.redirect(`/login?redirect=${encodeURIComponent(path + new URL(c.req.url).search)}`, 302);
    const user = session.user;
    if (!user.termsAccepted && !TERMS_PAGE.test(path)) return c.redirect("/user/terms-and-conditions", 302);
    if (rule.roles && !rule.roles.includes(user.role)) return html(403);
    if (rule.kind === "group") {
      const group = await findGroupByName(db, groupOfPath(path) ?? "");
      if (!group) return html(404);
      if (!canActInGroup(user, group.id)) return html(403);
    }
    return html(200);
  });

  app.notFound((c) => c.json({ success: false, message: messages.notFound }, 404));
  app.onError((error, c) => {
    if (!(error instanceof AppError)) console.error("[http] unexpected error", error);
    return c.json({ success: false, message: publicError(error).message }, httpStatusOf(error));
  });
  return app;
}
