/**
 * Routes of the activation feature: `public` hang on rootRoute (no sign-in), `app` on appRoute
 * (inside the signed-in shell). router.tsx composes them.
 */
import { createRoute } from "@tanstack/react-router";
import { useTranslation } from "react-i18next";
import { z } from "zod";
import { ZActivationPathType } from "../../../domain/activation/schemas.ts";
import { useDocumentTitle } from "../../lib/document-title.ts";
import { appRoute, RoleGate, rootRoute } from "../../route-base.tsx";
import { ActivationPage } from "./activation-page.tsx";
import { OutboxPage } from "./outbox-page.tsx";
import { TermsPage } from "./terms-page.tsx";

const activationRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: "/$activationType/activate",
  params: {
    parse: (p) => ({ activationType: ZActivationPathType.parse(p.activationType) }),
    stringify: (p) => ({ activationType: p.activationType }),
  },
  validateSearch: z.object({ ac: z.string().max(200).optional().catch(undefined) }),
  component: function ActivationRoute() {
    const { t } = useTranslation();
    const { activationType } = activationRoute.useParams();
    const { ac } = activationRoute.useSearch();
    useDocumentTitle(t("activation.title"));
    return <ActivationPage type={activationType} ac={ac ?? ""} />;
  },
});

const termsRoute = createRoute({
  getParentRoute: () => appRoute,
  path: "/user/terms-and-conditions",
  component: function TermsRoute() {
    const { t } = useTranslation();
    useDocumentTitle(t("terms.title"));
    return <TermsPage />;
  },
});

const outboxRoute = createRoute({
  getParentRoute: () => appRoute,
  path: "/admin/outbox",
  component: function OutboxRoute() {
    const { t } = useTranslation();
    useDocumentTitle(t("outbox.title"));
    return (
      <RoleGate roles={["ADMIN"]}>
        <OutboxPage />
      </RoleGate>
    );
  },
});

export const activationRoutes = { public: [activationRoute] as const, app: [termsRoute, outboxRoute] as const } as const;
