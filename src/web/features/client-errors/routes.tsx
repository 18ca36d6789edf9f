/**
 * Routes of the error-reporting service's admin page: `/admin/client-errors` for admins, as
 * src/server/pages.ts answers the page load.
 */
import { createRoute, lazyRouteComponent } from "@tanstack/react-router";
import { useTranslation } from "react-i18next";
import { useDocumentTitle } from "../../lib/document-title.ts";
import { shippedTexts } from "../../lib/i18n.ts";
import { appRoute, RoleGate, withPages } from "../../route-base.tsx";

// Each page is its own chunk (see route-base.tsx).
const ClientErrorsPage = lazyRouteComponent(() => import("./client-errors-page.tsx"), "ClientErrorsPage");

const clientErrorsRoute = createRoute({
  getParentRoute: () => appRoute,
  path: "/admin/client-errors",
  component: withPages(function ClientErrorsRoute() {
    const { t } = useTranslation();
    useDocumentTitle(t("clientErrors.title"));
    return (
      <RoleGate roles={["ADMIN"]}>
        <ClientErrorsPage />
      </RoleGate>
    );
  }, ClientErrorsPage, shippedTexts),
});

export const clientErrorsRoutes = { public: [], app: [clientErrorsRoute] };
