/**
 * Route of the employee's connections page: `/connections` (src/server/pages.ts answers the page load for
 * employees; the calls answer each employee with their own).
 */
import { createRoute, lazyRouteComponent } from "@tanstack/react-router";
import { useTranslation } from "react-i18next";
import { useDocumentTitle } from "../../lib/document-title.ts";
import { appRoute, RoleGate, withPages } from "../../route-base.tsx";
import { socialTexts } from "./texts.ts";

// Each page is its own chunk (see route-base.tsx); its texts travel with it.
const ConnectionsPage = lazyRouteComponent(() => import("./connections-page.tsx"), "ConnectionsPage");

const connectionsRoute = createRoute({
  getParentRoute: () => appRoute,
  path: "/connections",
  component: withPages(function ConnectionsRoute() {
    const { t } = useTranslation();
    useDocumentTitle(t("social.title", "Connections at your destination"));
    return (
      <RoleGate roles={["EMPLOYEE"]}>
        <ConnectionsPage />
      </RoleGate>
    );
  }, ConnectionsPage, socialTexts),
});

export const socialRoutes = { public: [], app: [connectionsRoute] };
