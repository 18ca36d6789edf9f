/**
 * Route of the approver's page: `/estimate-approval?token=…` (issue 13 item 6), public like the
 * recovery pages (src/server/pages.ts answers its load without a session). router.tsx composes it.
 */
import { createRoute, lazyRouteComponent } from "@tanstack/react-router";
import { useTranslation } from "react-i18next";
import { z } from "zod";
import { useDocumentTitle } from "../../lib/document-title.ts";
import { shippedTexts } from "../../lib/i18n.ts";
import { rootRoute, withPages } from "../../route-base.tsx";

// The page is its own chunk (see route-base.tsx).
const EstimateApprovalPage = lazyRouteComponent(() => import("./estimate-approval-page.tsx"), "EstimateApprovalPage");

const estimateApprovalRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: "/estimate-approval",
  validateSearch: z.object({ token: z.string().max(200).optional().catch(undefined) }),
  component: withPages(function EstimateApprovalRoute() {
    const { t } = useTranslation();
    const { token } = estimateApprovalRoute.useSearch();
    useDocumentTitle(t("estimateApproval.title"));
    return <EstimateApprovalPage key={token ?? ""} token={token} />;
  }, EstimateApprovalPage, shippedTexts),
});

export const estimateApprovalRoutes = { public: [estimateApprovalRoute], app: [] } as const;
