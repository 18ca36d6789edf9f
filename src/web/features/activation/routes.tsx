/**
 * Routes of the activation feature: `public` hang on rootRoute (no sign-in), `app` on appRoute
 * (inside the signed-in shell). router.tsx composes them.
 */
import { createRoute, lazyRouteComponent } from "@tanstack/react-router";
import { useCallback } from "react";
import { useTranslation } from "react-i18next";
import { z } from "zod";
import { activationPathTypes } from "../../../domain/identity/activation/rules.ts";
import { useDocumentTitle } from "../../lib/document-title.ts";
import { shippedTexts } from "../../lib/i18n.ts";
import { appRoute, RoleGate, rootRoute, withPages } from "../../route-base.tsx";

// Each page is its own chunk (see route-base.tsx).
const ActivationPage = lazyRouteComponent(() => import("./activation-page.tsx"), "ActivationPage");
const OutboxPage = lazyRouteComponent(() => import("./outbox-page.tsx"), "OutboxPage");
const TermsPage = lazyRouteComponent(() => import("./terms-page.tsx"), "TermsPage");
const TermsConfigPage = lazyRouteComponent(() => import("./terms-config-page.tsx"), "TermsConfigPage");

/** The same enum as ZActivationPathType, built here so the entry chunk does not need the activation schemas. */
const ZActivationPathType = z.enum(activationPathTypes);

const activationRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: "/$activationType/activate",
  params: {
    parse: (p) => ({ activationType: ZActivationPathType.parse(p.activationType) }),
    stringify: (p) => ({ activationType: p.activationType }),
  },
  validateSearch: z.object({ ac: z.string().max(200).optional().catch(undefined) }),
  component: withPages(function ActivationRoute() {
    const { t } = useTranslation();
    const { activationType } = activationRoute.useParams();
    const { ac } = activationRoute.useSearch();
    useDocumentTitle(t("activation.title"));
    return <ActivationPage type={activationType} ac={ac ?? ""} />;
  }, ActivationPage, shippedTexts),
});

const termsRoute = createRoute({
  getParentRoute: () => appRoute,
  path: "/user/terms-and-conditions",
  component: withPages(function TermsRoute() {
    const { t } = useTranslation();
    useDocumentTitle(t("terms.title"));
    return <TermsPage />;
  }, TermsPage, shippedTexts),
});

/** The terms form's configurable fields: HR for its own group, an administrator for the group chosen. */
const termsConfigRoute = createRoute({
  getParentRoute: () => appRoute,
  path: "/admin/terms-form",
  validateSearch: z.object({ group: z.string().trim().min(1).max(64).optional().catch(undefined) }),
  component: withPages(function TermsConfigRoute() {
    const { t } = useTranslation();
    const { group } = termsConfigRoute.useSearch();
    const navigate = termsConfigRoute.useNavigate();
    useDocumentTitle(t("termsConfig.title"));
    const onGroupChange = useCallback((next: string | undefined) => void navigate({ search: { group: next } }), [navigate]);
    return (
      <RoleGate roles={["ADMIN", "HR"]}>
        <TermsConfigPage group={group} onGroupChange={onGroupChange} />
      </RoleGate>
    );
  }, TermsConfigPage, shippedTexts),
});

const outboxRoute = createRoute({
  getParentRoute: () => appRoute,
  path: "/admin/outbox",
  component: withPages(function OutboxRoute() {
    const { t } = useTranslation();
    useDocumentTitle(t("outbox.title"));
    return (
      <RoleGate roles={["ADMIN"]}>
        <OutboxPage />
      </RoleGate>
    );
  }, OutboxPage, shippedTexts),
});

export const activationRoutes = { public: [activationRoute] as const, app: [termsRoute, termsConfigRoute, outboxRoute] as const } as const;
