/**
 * The dashboards pages (issue 26), registered in src/web/router.tsx: `/{group}/dashboards`, the third-party
 * dashboards viewer (part 2 §2), for HR of the group, its managers with the dashboard restriction ON (the
 * page shows the server's refusal otherwise) and admins, as src/server/pages.ts answers the page load.
 * `?id=` chooses a dashboard (else the initial one).
 */
import { createRoute, lazyRouteComponent } from "@tanstack/react-router";
import { useCallback } from "react";
import { useTranslation } from "react-i18next";
import { z } from "zod";
import { useDocumentTitle } from "../../lib/document-title.ts";
import { textsChunk } from "../../lib/i18n.ts";
import { appRoute, RoleGate, withPages } from "../../route-base.tsx";

const DashboardsPage = lazyRouteComponent(() => import("./dashboards-page.tsx"), "DashboardsPage");
const texts = textsChunk(() => import("../../../domain/i18n/en-dashboards.ts").then((m) => m.enDashboards));

const dashboardsRoute = createRoute({
  getParentRoute: () => appRoute,
  path: "/$group/dashboards",
  validateSearch: z.object({ id: z.coerce.number().int().min(1).max(2_147_483_647).optional().catch(undefined) }),
  component: withPages(function DashboardsRoute() {
    const { t } = useTranslation();
    const { group } = dashboardsRoute.useParams();
    const { id } = dashboardsRoute.useSearch();
    const navigate = dashboardsRoute.useNavigate();
    useDocumentTitle(t("dashboards.title"));
    const onSelect = useCallback((next: number) => void navigate({ search: { id: next }, replace: true }), [navigate]);
    return (
      <RoleGate roles={["HR", "MANAGER", "ADMIN"]}>
        <DashboardsPage key={group} group={group} selected={id} onSelect={onSelect} />
      </RoleGate>
    );
  }, DashboardsPage, texts),
});

export const dashboardsRoutes = { public: [], app: [dashboardsRoute] };
