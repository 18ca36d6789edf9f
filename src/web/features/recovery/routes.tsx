/**
 * Routes of the recovery feature: `public` hang on rootRoute (no sign-in), `app` on appRoute
 * (inside the signed-in shell). router.tsx composes them.
 */
import { createRoute, lazyRouteComponent } from "@tanstack/react-router";
import { useTranslation } from "react-i18next";
import { z } from "zod";
import { useDocumentTitle } from "../../lib/document-title.ts";
import { shippedTexts } from "../../lib/i18n.ts";
import { appRoute, RoleGate, rootRoute, withPages } from "../../route-base.tsx";

// Each page is its own chunk (see route-base.tsx).
const AdminResetLinkPage = lazyRouteComponent(() => import("./admin-reset-link-page.tsx"), "AdminResetLinkPage");
const AnonymizeUserPage = lazyRouteComponent(() => import("./anonymize-user-page.tsx"), "AnonymizeUserPage");
const RecoveryRequestPage = lazyRouteComponent(() => import("./recovery-request-page.tsx"), "RecoveryRequestPage");
const SetNewPasswordPage = lazyRouteComponent(() => import("./set-new-password-page.tsx"), "SetNewPasswordPage");

const accountRecoveryRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: "/user/account-recovery",
  component: withPages(function AccountRecoveryRoute() {
    const { t } = useTranslation();
    useDocumentTitle(t("recovery.requestTitle"));
    return <RecoveryRequestPage />;
  }, RecoveryRequestPage, shippedTexts),
});

const setNewPasswordRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: "/user/set-new-password",
  validateSearch: z.object({ token: z.string().max(200).optional().catch(undefined) }),
  component: withPages(function SetNewPasswordRoute() {
    const { t } = useTranslation();
    const { token } = setNewPasswordRoute.useSearch();
    useDocumentTitle(t("recovery.setTitle"));
    return <SetNewPasswordPage token={token} />;
  }, SetNewPasswordPage, shippedTexts),
});

const adminResetRoute = createRoute({
  getParentRoute: () => appRoute,
  path: "/admin/resetPassword",
  component: withPages(function AdminResetRoute() {
    const { t } = useTranslation();
    useDocumentTitle(t("adminReset.title"));
    return (
      <RoleGate roles={["ADMIN"]}>
        <AdminResetLinkPage />
      </RoleGate>
    );
  }, AdminResetLinkPage, shippedTexts),
});

const anonymizeRoute = createRoute({
  getParentRoute: () => appRoute,
  path: "/admin/anonymizeUser",
  component: withPages(function AnonymizeRoute() {
    const { t } = useTranslation();
    useDocumentTitle(t("anonymize.title"));
    return (
      <RoleGate roles={["ADMIN"]}>
        <AnonymizeUserPage />
      </RoleGate>
    );
  }, AnonymizeUserPage, shippedTexts),
});

export const recoveryRoutes = {
  public: [accountRecoveryRoute, setNewPasswordRoute],
  app: [adminResetRoute, anonymizeRoute],
} as const;
