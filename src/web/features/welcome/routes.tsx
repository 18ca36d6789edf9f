/**
 * Route of the welcome popup's full page: `/common/welcomeCallPopup` (part 2 §2: phones are redirected
 * here from the home; src/server/pages.ts answers the page load for employees).
 */
import { createRoute, lazyRouteComponent } from "@tanstack/react-router";
import { useTranslation } from "react-i18next";
import { useDocumentTitle } from "../../lib/document-title.ts";
import { appRoute, RoleGate, withPages } from "../../route-base.tsx";
import { welcomeTexts } from "./texts.ts";

// Each page is its own chunk (see route-base.tsx); its texts travel with it.
const WelcomeCallPage = lazyRouteComponent(() => import("./welcome-page.tsx"), "WelcomeCallPage");

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

export const welcomeRoutes = { public: [], app: [welcomeCallRoute] };
