/**
 * Routes of the estimate feature: `/{group}/cost-estimate-view?employeeId=&costEstimateId=` (part 1
 * §2, a history version in a new tab) for HR and admins, as src/server/pages.ts answers the page
 * load. Stages 4 and 6 live inside the new-move wizard's route.
 */
import { createRoute, lazyRouteComponent } from "@tanstack/react-router";
import { useTranslation } from "react-i18next";
import { z } from "zod";
import { useDocumentTitle } from "../../lib/document-title.ts";
import { shippedTexts } from "../../lib/i18n.ts";
import { appRoute, RoleGate, withPages } from "../../route-base.tsx";

// Each page is its own chunk (see route-base.tsx).
const EstimateViewPage = lazyRouteComponent(() => import("./estimate-view-page.tsx"), "EstimateViewPage");

/** A positive id from the URL ("?employeeId=12" arrives as a number, a hand-typed "12" as text). */
const urlId = () =>
  z
    .preprocess((v) => (typeof v === "string" && /^\d+$/.test(v.trim()) ? Number(v) : v), z.number().int().positive().max(2_147_483_647))
    .optional()
    .catch(undefined);

const estimateViewRoute = createRoute({
  getParentRoute: () => appRoute,
  path: "/$group/cost-estimate-view",
  validateSearch: z.object({ employeeId: urlId(), costEstimateId: urlId() }),
  component: withPages(function EstimateViewRoute() {
    const { t } = useTranslation();
    const { group } = estimateViewRoute.useParams();
    const { employeeId, costEstimateId } = estimateViewRoute.useSearch();
    useDocumentTitle(t("estimate.page.title"));
    return (
      <RoleGate roles={["HR", "ADMIN"]}>
        <EstimateViewPage key={`${group}-${employeeId}-${costEstimateId}`} group={group} employeeId={employeeId} costEstimateId={costEstimateId} />
      </RoleGate>
    );
  }, EstimateViewPage, shippedTexts),
});

export const estimateRoutes = { public: [], app: [estimateViewRoute] };
