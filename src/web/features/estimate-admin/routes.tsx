/** Routes of the cost-estimate admin pages (part 1 §2 "Cost-estimate group admin", §7 /admin/mercer/…): ADMIN only. */
import { createRoute, lazyRouteComponent } from "@tanstack/react-router";
import { useTranslation } from "react-i18next";
import { useDocumentTitle } from "../../lib/document-title.ts";
import { shippedTexts } from "../../lib/i18n.ts";
import { appRoute, RoleGate, withPages } from "../../route-base.tsx";

// Each page is its own chunk (see route-base.tsx).
const CityIndicesPage = lazyRouteComponent(() => import("./city-indices-page.tsx"), "CityIndicesPage");
const CostEstimatesPage = lazyRouteComponent(() => import("./cost-estimates-page.tsx"), "CostEstimatesPage");

const costEstimatesRoute = createRoute({
  getParentRoute: () => appRoute,
  path: "/admin/cost-estimates",
  component: withPages(function CostEstimatesRoute() {
    const { t } = useTranslation();
    useDocumentTitle(t("estimateAdmin.title"));
    return (
      <RoleGate roles={["ADMIN"]}>
        <CostEstimatesPage />
      </RoleGate>
    );
  }, CostEstimatesPage, shippedTexts),
});

const cityIndicesRoute = createRoute({
  getParentRoute: () => appRoute,
  path: "/admin/mercer",
  component: withPages(function CityIndicesRoute() {
    const { t } = useTranslation();
    useDocumentTitle(t("cityIndices.title"));
    return (
      <RoleGate roles={["ADMIN"]}>
        <CityIndicesPage />
      </RoleGate>
    );
  }, CityIndicesPage, shippedTexts),
});

export const estimateAdminRoutes = { public: [], app: [costEstimatesRoute, cityIndicesRoute] } as const;
