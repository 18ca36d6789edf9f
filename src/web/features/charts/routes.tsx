/**
 * The charts pages (issue 26), registered in src/web/router.tsx, as src/server/pages.ts answers their loads:
 * - `/$group/summary/chart?period&start&end`: the HR charts and reports page (part 2 §2; charts live under
 *   /{company}/summary/chart/) for the group's HR and managers and admins; the period in the URL;
 * - `/$group/my-dashboard`: the user's own dashboard of saved charts.
 * ECharts, the world map and the texts load with these pages only (lazy chunks).
 */
import { createRoute, lazyRouteComponent } from "@tanstack/react-router";
import { useTranslation } from "react-i18next";
import { z } from "zod";
import { useDocumentTitle } from "../../lib/document-title.ts";
import { textsChunk } from "../../lib/i18n.ts";
import { appRoute, RoleGate, withPages } from "../../route-base.tsx";

const ChartsPage = lazyRouteComponent(() => import("./charts-page.tsx"), "ChartsPage");
const MyDashboardPage = lazyRouteComponent(() => import("./my-dashboard-page.tsx"), "MyDashboardPage");
const texts = textsChunk(() => import("../../../domain/i18n/en-charts.ts").then((m) => m.enCharts));

/** The periods of part 2 §2 and a YYYY-MM-DD day (the page checks the day itself; kept here so the entry chunk does not carry the charts' rules). */
const PERIODS = ["last12months", "ytd", "custom"] as const;
const day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/).optional().catch(undefined);

const chartsRoute = createRoute({
  getParentRoute: () => appRoute,
  path: "/$group/summary/chart",
  validateSearch: z.object({ period: z.enum(PERIODS).optional().catch(undefined), start: day, end: day }),
  component: withPages(function ChartsRoute() {
    const { t } = useTranslation();
    const { group } = chartsRoute.useParams();
    const search = chartsRoute.useSearch();
    const navigate = chartsRoute.useNavigate();
    useDocumentTitle(t("charts.title"));
    return (
      <RoleGate roles={["HR", "MANAGER", "ADMIN"]}>
        <ChartsPage key={group} group={group} search={search} onSearchChange={(next) => void navigate({ search: next })} />
      </RoleGate>
    );
  }, ChartsPage, texts),
});

const myDashboardRoute = createRoute({
  getParentRoute: () => appRoute,
  path: "/$group/my-dashboard",
  component: withPages(function MyDashboardRoute() {
    const { t } = useTranslation();
    const { group } = myDashboardRoute.useParams();
    useDocumentTitle(t("myDashboard.title"));
    return (
      <RoleGate roles={["HR", "MANAGER", "ADMIN"]}>
        <MyDashboardPage key={group} group={group} />
      </RoleGate>
    );
  }, MyDashboardPage, texts),
});

export const chartsRoutes = { public: [], app: [chartsRoute, myDashboardRoute] };
