/**
 * Route of the employee's comparison page: `/comparison?scope=all|onshore|international` (the filter
 * lives in the URL; src/server/pages.ts answers the page load for employees).
 */
import { createRoute, lazyRouteComponent } from "@tanstack/react-router";
import { useCallback } from "react";
import { useTranslation } from "react-i18next";
import { z } from "zod";
import { useDocumentTitle } from "../../lib/document-title.ts";
import { textsChunk } from "../../lib/i18n.ts";
import { appRoute, RoleGate, withPages } from "../../route-base.tsx";

// Each page is its own chunk (see route-base.tsx); its texts travel with it.
const ComparisonPage = lazyRouteComponent(() => import("./comparison-page.tsx"), "ComparisonPage");
const comparisonTexts = textsChunk(() => import("../../../domain/i18n/en-social.ts").then((m) => m.enSocial));

export const ZComparisonSearch = z.object({ scope: z.enum(["all", "onshore", "international"]).optional().catch(undefined) });
export type TComparisonSearch = z.infer<typeof ZComparisonSearch>;

const comparisonRoute = createRoute({
  getParentRoute: () => appRoute,
  path: "/comparison",
  validateSearch: ZComparisonSearch,
  component: withPages(function ComparisonRoute() {
    const { t } = useTranslation();
    const search = comparisonRoute.useSearch();
    const navigate = comparisonRoute.useNavigate();
    useDocumentTitle(t("comparison.title", "Compare supplier quotes"));
    const onScope = useCallback((scope: NonNullable<TComparisonSearch["scope"]>) => void navigate({ search: scope === "all" ? {} : { scope }, replace: true }), [navigate]);
    return (
      <RoleGate roles={["EMPLOYEE"]}>
        <ComparisonPage scope={search.scope ?? "all"} onScope={onScope} />
      </RoleGate>
    );
  }, ComparisonPage, comparisonTexts),
});

export const comparisonRoutes = { public: [], app: [comparisonRoute] };
