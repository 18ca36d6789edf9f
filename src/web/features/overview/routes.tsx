/**
 * Route of the employee's overview page: `/overview` (src/server/pages.ts answers the page load for
 * employees; the calls refuse every other role).
 */
import { createRoute, lazyRouteComponent } from "@tanstack/react-router";
import { useTranslation } from "react-i18next";
import { useDocumentTitle } from "../../lib/document-title.ts";
import { appRoute, RoleGate, withPages } from "../../route-base.tsx";

// The page is its own chunk (see route-base.tsx); its texts are the shipped defaults (the translations table's texts win).
const OverviewPage = lazyRouteComponent(() => import("./overview-page.tsx"), "OverviewPage");

const overviewRoute = createRoute({
  getParentRoute: () => appRoute,
  path: "/overview",
  component: withPages(function OverviewRoute() {
    const { t } = useTranslation();
    useDocumentTitle(t("overview.title", "Overview"));
    return (
      <RoleGate roles={["EMPLOYEE"]}>
        <OverviewPage />
      </RoleGate>
    );
  }, OverviewPage),
});

export const overviewRoutes = { public: [], app: [overviewRoute] };
