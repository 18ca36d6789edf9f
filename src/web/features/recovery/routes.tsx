/**
 * Routes of the recovery feature: `public` hang on rootRoute (no sign-in), `app` on appRoute
 * (inside the signed-in shell). router.tsx composes them.
 */
import { createRoute } from "@tanstack/react-router";
import { useTranslation } from "react-i18next";
import { z } from "zod";
import { useDocumentTitle } from "../../lib/document-title.ts";
import { appRoute, RoleGate, rootRoute } from "../../route-base.tsx";
import { AdminResetLinkPage } from "./admin-reset-link-page.tsx";
import { AnonymizeUserPage } from "./anonymize-user-page.tsx";
import { RecoveryRequestPage } from "./recovery-request-page.tsx";
import { SetNewPasswordPage } from "./set-new-password-page.tsx";

const accountRecoveryRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: "/user/account-recovery",
  component: function AccountRecoveryRoute() {
    const { t } = useTranslation();
    useDocumentTitle(t("recovery.requestTitle"));
    return <RecoveryRequestPage />;
  },
});

const setNewPasswordRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: "/user/set-new-password",
  validateSearch: z.object({ token: z.string().max(200).optional().catch(undefined) }),
  component: function SetNewPasswordRoute() {
    const { t } = useTranslation();
    const { token } = setNewPasswordRoute.useSearch();
    useDocumentTitle(t("recovery.setTitle"));
    return <SetNewPasswordPage token={token} />;
  },
});

const adminResetRoute = createRoute({
  getParentRoute: () => appRoute,
  path: "/admin/resetPassword",
  component: function AdminResetRoute() {
    const { t } = useTranslation();
    useDocumentTitle(t("adminReset.title"));
    return (
      <RoleGate roles={["ADMIN"]}>
        <AdminResetLinkPage />
      </RoleGate>
    );
  },
});

const anonymizeRoute = createRoute({
  getParentRoute: () => appRoute,
  path: "/admin/anonymizeUser",
  component: function AnonymizeRoute() {
    const { t } = useTranslation();
    useDocumentTitle(t("anonymize.title"));
    return (
      <RoleGate roles={["ADMIN"]}>
        <AnonymizeUserPage />
      </RoleGate>
    );
  },
});

export const recoveryRoutes = {
  public: [accountRecoveryRoute, setNewPasswordRoute],
  app: [adminResetRoute, anonymizeRoute],
} as const;
