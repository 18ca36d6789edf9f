/**
 * Routes of the sso feature: `public` hang on rootRoute (no sign-in), `app` on appRoute
 * (inside the signed-in shell). router.tsx composes them. The sign-in flow itself
 * (/sso/start, /sso/callback) is served by the server, not by the client.
 */
import { createRoute, lazyRouteComponent } from "@tanstack/react-router";
import { useCallback } from "react";
import { useTranslation } from "react-i18next";
import { z } from "zod";
import { useDocumentTitle } from "../../lib/document-title.ts";
import { shippedTexts } from "../../lib/i18n.ts";
import { appRoute, RoleGate, withPages } from "../../route-base.tsx";

// Each page is its own chunk (see route-base.tsx).
const AdminSsoPage = lazyRouteComponent(() => import("./admin-sso-page.tsx"), "AdminSsoPage");

const adminSsoRoute = createRoute({
  getParentRoute: () => appRoute,
  path: "/admin/sso",
  validateSearch: z.object({ group: z.string().max(64).optional().catch(undefined) }),
  component: withPages(function AdminSsoRoute() {
    const { t } = useTranslation();
    const { group } = adminSsoRoute.useSearch();
    const navigate = adminSsoRoute.useNavigate();
    useDocumentTitle(t("sso.admin.title"));
    const onGroupChange = useCallback((next: string | undefined) => void navigate({ search: { group: next }, replace: true }), [navigate]);
    return (
      <RoleGate roles={["ADMIN"]}>
        <AdminSsoPage group={group} onGroupChange={onGroupChange} />
      </RoleGate>
    );
  }, AdminSsoPage, shippedTexts),
});

export const ssoRoutes = { public: [], app: [adminSsoRoute] } as const;
