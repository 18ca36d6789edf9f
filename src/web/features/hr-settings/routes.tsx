/**
 * Routes of HR settings (issue 15, the extension reasons): `/admin/hr-settings?group=` for admins, as
 * src/server/pages.ts answers the page load.
 */
import { createRoute, lazyRouteComponent } from "@tanstack/react-router";
import { useTranslation } from "react-i18next";
import { z } from "zod";
import { useDocumentTitle } from "../../lib/document-title.ts";
import { shippedTexts } from "../../lib/i18n.ts";
import { appRoute, RoleGate, withPages } from "../../route-base.tsx";

const HrSettingsPage = lazyRouteComponent(() => import("./hr-settings-page.tsx"), "HrSettingsPage");

const hrSettingsRoute = createRoute({
  getParentRoute: () => appRoute,
  path: "/admin/hr-settings",
  validateSearch: z.object({ group: z.string().max(64).optional().catch(undefined) }),
  component: withPages(function HrSettingsRoute() {
    const { t } = useTranslation();
    useDocumentTitle(t("hrSettings.title"));
    const { group } = hrSettingsRoute.useSearch();
    const navigate = hrSettingsRoute.useNavigate();
    return (
      <RoleGate roles={["ADMIN"]}>
        <HrSettingsPage group={group} onGroupChange={(g) => void navigate({ search: { group: g }, replace: true })} />
      </RoleGate>
    );
  }, HrSettingsPage, shippedTexts),
});

export const hrSettingsRoutes = { public: [], app: [hrSettingsRoute] };
