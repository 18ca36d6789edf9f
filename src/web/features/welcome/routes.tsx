/**
 * Route of the welcome popup's full page: `/common/welcomeCallPopup` (part 2 §2: phones are redirected
 * here from the home; src/server/pages.ts answers the page load for employees).
 */
import { createRoute, lazyRouteComponent } from "@tanstack/react-router";
import { useTranslation } from "react-i18next";
import { z } from "zod";
import { useDocumentTitle } from "../../lib/document-title.ts";
import { appRoute, RoleGate, withPages } from "../../route-base.tsx";
import { welcomeTexts } from "./texts.ts";

// Each page is its own chunk (see route-base.tsx); its texts travel with it.
const WelcomeCallPage = lazyRouteComponent(() => import("./welcome-page.tsx"), "WelcomeCallPage");
const CrmWelcomeCallsPage = lazyRouteComponent(() => import("./crm-welcome-calls-page.tsx"), "CrmWelcomeCallsPage");

const welcomeCallRoute = createRoute({
  getParentRoute: () => appRoute,
  path: "/common/welcomeCallPopup",
  component: withPages(function WelcomeCallRoute() {
    const { t } = useTranslation();
    useDocumentTitle(t("welcome.title"));
    return (
      <RoleGate roles={["EMPLOYEE"]}>
        <WelcomeCallPage />
      </RoleGate>
    );
  }, WelcomeCallPage, welcomeTexts),
});

/** The CRM list of requested welcome calls (issue 24 §3); `?request=` highlights one (a notification's link). */
const crmWelcomeCallsRoute = createRoute({
  getParentRoute: () => appRoute,
  path: "/crm/welcome-calls",
  validateSearch: z.object({ request: z.coerce.number().int().positive().max(2_147_483_647).optional().catch(undefined) }),
  component: withPages(function CrmWelcomeCallsRoute() {
    const { t } = useTranslation();
    const { request } = crmWelcomeCallsRoute.useSearch();
    useDocumentTitle(t("welcomeCalls.title"));
    return (
      <RoleGate roles={["CRM", "ADMIN"]}>
        <CrmWelcomeCallsPage highlight={request} />
      </RoleGate>
    );
  }, CrmWelcomeCallsPage, welcomeTexts),
});

export const welcomeRoutes = { public: [], app: [welcomeCallRoute, crmWelcomeCallsRoute] };
