/**
 * The report library pages (issue 26; part 2 §2 "Reporting and reminders": report download, report preview,
 * report generation form; §4 "Reports: tabs recommended vs custom; favourites toggle; filters show or hide";
 * §6 "Reports: admin view type (ADMIN) must pick a group before reports"), as src/server/pages.ts answers
 * their loads:
 * - `/$group/reports?tab&q&category&fav`: the report download page of a group (its HR and managers, admins);
 * - `/admin/reports?group&tab&q&category&fav`: the admin's, who picks the group first;
 * - `/$group/reports/$reportId`: one report's generation form, filters, preview and downloads.
 * The view lives in the URL (back, reload and links restore it); values the page would not use are dropped.
 * This file is in the initial bundle (the router's tree): the pages read their params and search themselves.
 */
import { createRoute, lazyRouteComponent } from "@tanstack/react-router";
import { textsChunk } from "../../lib/i18n.ts";
import { appRoute, RoleGate, withPages } from "../../route-base.tsx";
import type { ReportsUrlSearch } from "./reports-search.ts";

const ReportsRoute = lazyRouteComponent(() => import("./reports-page.tsx"), "ReportsRoute");
const ReportRoute = lazyRouteComponent(() => import("./report-page.tsx"), "ReportRoute");
const texts = textsChunk(() => import("../../../domain/i18n/en-reports.ts").then((m) => m.enReports));

/** Search text of at most `max` characters, else none. */
const text = (v: unknown, max: number) => (typeof v === "string" || typeof v === "number" ? String(v).trim().slice(0, max) || undefined : undefined);

export function reportsSearch(s: Record<string, unknown>): ReportsUrlSearch {
  return {
    tab: s.tab === "custom" ? "custom" : undefined,
    q: text(s.q, 200),
    category: text(s.category, 100),
    fav: s.fav === true ? true : undefined,
    group: typeof s.group === "string" && /^[a-z0-9][a-z0-9-]{0,63}$/.test(s.group) ? s.group : undefined,
  };
}

const page = (roles: ("HR" | "MANAGER" | "ADMIN")[], Page: typeof ReportsRoute) =>
  withPages(
    () => (
      <RoleGate roles={roles}>
        <Page />
      </RoleGate>
    ),
    Page,
    texts,
  );

const reportsRoute = createRoute({ getParentRoute: () => appRoute, path: "/$group/reports", validateSearch: reportsSearch, component: page(["HR", "MANAGER", "ADMIN"], ReportsRoute) });
const adminReportsRoute = createRoute({ getParentRoute: () => appRoute, path: "/admin/reports", validateSearch: reportsSearch, component: page(["ADMIN"], ReportsRoute) });
const reportRoute = createRoute({ getParentRoute: () => appRoute, path: "/$group/reports/$reportId", component: page(["HR", "MANAGER", "ADMIN"], ReportRoute) });

export const reportsRoutes = { public: [], app: [reportsRoute, adminReportsRoute, reportRoute] };
