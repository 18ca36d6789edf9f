/**
 * Documented reporting paths: the third-party dashboards viewer (issue 26; part 2 §7 "GET looker-style
 * dashboards: initial-dashboard (url), dashboards (list), dashboards/{id} (url, description)"). Same services
 * as src/routers/reporting/dashboards.ts, through legacyRoute; HR, managers (dashboard restriction ON) and
 * administrators; `?group=` names the group (HR and managers: their own by default; administrators must
 * name one). Also the dashboards page's framing: `dashboardsPageFraming` gives the page load of
 * `/{group}/dashboards` a Content-Security-Policy whose frame-src is only the group's allowed sites.
 */
import type { Hono, MiddlewareHandler } from "hono";
import { z } from "zod";
import type { DB } from "../../../db/index.ts";
import { dashboardMessages as M, dashboardsPageGroup, withFrameSrc } from "../../../domain/reporting/dashboards.ts";
import { ZId } from "../../../domain/numbers.ts";
import { errorMessageFailure, legacyRoute, parseFields } from "../../../server/http.ts";
import type { AppDeps, AppEnv } from "../../../server/types.ts";
import { dashboardDetail, dashboardFrameOrigins, dashboardGroupFor, initialDashboard, listDashboards } from "../../../services/reporting/dashboards.ts";

const VIEWERS = ["HR", "MANAGER", "ADMIN"] as const;
export const ZLegacyDashboardsQuery = z.object({ group: z.string().trim().min(1).max(64).optional() });

export function mountLegacyReportingDashboards(app: Hono<AppEnv>, deps: AppDeps) {
  const { db } = deps;

  legacyRoute(app, {
    method: "GET",
    path: "/reporting/initial-dashboard",
    roles: VIEWERS,
    input: ZLegacyDashboardsQuery,
    run: async (_c, { input, user }) => initialDashboard(db, user!, await dashboardGroupFor(db, user!, input.group)),
    failure: errorMessageFailure(M.loadFailed),
  });

  legacyRoute(app, {
    method: "GET",
    path: "/reporting/dashboards",
    roles: VIEWERS,
    input: ZLegacyDashboardsQuery,
    run: async (_c, { input, user }) => {
      const { dashboards } = await listDashboards(db, user!, await dashboardGroupFor(db, user!, input.group));
      return dashboards.map((d) => ({ id: d.id, title: d.title, description: d.description, url: d.url, initial: d.isInitial }));
    },
    failure: errorMessageFailure(M.loadFailed),
  });

  legacyRoute(app, {
    method: "GET",
    path: "/reporting/dashboards/:id",
    roles: VIEWERS,
    input: ZLegacyDashboardsQuery,
    run: async (c, { input, user }) => {
      const { id } = parseFields(z.object({ id: ZId }), { id: c.req.param("id") });
      return dashboardDetail(db, user!, await dashboardGroupFor(db, user!, input.group), id);
    },
    failure: errorMessageFailure(M.loadFailed),
  });
}

/**
 * Mounted before the security headers (so it runs after them): a 200 page load of `/{group}/dashboards`
 * gets the app's Content-Security-Policy with frame-src set to the group's allowed dashboard sites only
 * ('none' without any). Other pages, API answers and refusals (302, 403, 404) are left as they are.
 */
export function dashboardsPageFraming(db: DB): MiddlewareHandler {
  return async (c, next) => {
    await next();
    const group = c.req.method === "GET" ? dashboardsPageGroup(c.req.path) : null;
    if (!group || c.res.status !== 200 || !c.res.headers.get("content-type")?.startsWith("text/html")) return;
    const policy = c.res.headers.get("Content-Security-Policy");
    if (!policy) return;
    c.res.headers.set("Content-Security-Policy", withFrameSrc(policy, await dashboardFrameOrigins(db, group)));
  };
}
