/** Routes of the cost-estimate admin pages (part 1 §2 "Cost-estimate group admin", §7 /admin/mercer/…): ADMIN only. */
import { createRoute } from "@tanstack/react-router";
import { useTranslation } from "react-i18next";
import { useDocumentTitle } from "../../lib/document-title.ts";
import { appRoute, RoleGate } from "../../route-base.tsx";
import { CityIndicesPage } from "./city-indices-page.tsx";
import { CostEstimatesPage } from "./cost-estimates-page.tsx";

const costEstimatesRoute = createRoute({
  getParentRoute: () => appRoute,
  path: "/admin/cost-estimates",
  component: function CostEstimatesRoute() {
    const { t } = useTranslation();
    useDocumentTitle(t("estimateAdmin.title"));
    return (
      <RoleGate roles={["ADMIN"]}>
        <CostEstimatesPage />
      </RoleGate>
    );
  },
});

const cityIndicesRoute = createRoute({
  getParentRoute: () => appRoute,
  path: "/admin/mercer",
  component: function CityIndicesRoute() {
    const { t } = useTranslation();
    useDocumentTitle(t("cityIndices.title"));
    return (
      <RoleGate roles={["ADMIN"]}>
        <CityIndicesPage />
      </RoleGate>
    );
  },
});

export const estimateAdminRoutes = { public: [], app: [costEstimatesRoute, cityIndicesRoute] } as const;
