/**
 * Routes of the new-move wizard (part 1 §2): `/{group}/new-move?stage=…` for HR and admins, and
 * the form-builder preview `/{group}/admin/new-move?stage=1` for admins (nothing is saved there).
 * Every wizard parameter lives in the URL so reload and back work.
 */
import { createRoute, lazyRouteComponent } from "@tanstack/react-router";
import { useCallback } from "react";
import { useTranslation } from "react-i18next";
import { ZWizardSearch, type TWizardSearch } from "../../../domain/moves/wizard/search.ts";
import { useDocumentTitle } from "../../lib/document-title.ts";
import { shippedTexts } from "../../lib/i18n.ts";
import { appRoute, RoleGate, withPages } from "../../route-base.tsx";

// Each page is its own chunk (see route-base.tsx).
const WizardPage = lazyRouteComponent(() => import("./wizard-page.tsx"), "WizardPage");

import type { WizardNavigate } from "./navigate.ts";
export type { WizardNavigate } from "./navigate.ts";

const newMoveRoute = createRoute({
  getParentRoute: () => appRoute,
  path: "/$group/new-move",
  validateSearch: ZWizardSearch,
  component: withPages(function NewMoveRoute() {
    const { t } = useTranslation();
    const { group } = newMoveRoute.useParams();
    const search = newMoveRoute.useSearch();
    const navigate = newMoveRoute.useNavigate();
    useDocumentTitle(t("wizard.title"));
    const onNavigate = useCallback<WizardNavigate>(
      (next, options) => void navigate({ search: next, replace: options?.replace ?? false }),
      [navigate],
    );
    return (
      <RoleGate roles={["HR", "ADMIN"]}>
        <WizardPage key={group} group={group} search={search} onNavigate={onNavigate} preview={false} />
      </RoleGate>
    );
  }, WizardPage, shippedTexts),
});

const previewRoute = createRoute({
  getParentRoute: () => appRoute,
  path: "/$group/admin/new-move",
  validateSearch: ZWizardSearch,
  component: withPages(function NewMovePreviewRoute() {
    const { t } = useTranslation();
    const { group } = previewRoute.useParams();
    const search = previewRoute.useSearch();
    const navigate = previewRoute.useNavigate();
    useDocumentTitle(t("wizard.previewTitle"));
    const onNavigate = useCallback<WizardNavigate>(
      (next, options) => void navigate({ search: next, replace: options?.replace ?? false }),
      [navigate],
    );
    return (
      <RoleGate roles={["ADMIN"]}>
        <WizardPage key={group} group={group} search={search} onNavigate={onNavigate} preview />
      </RoleGate>
    );
  }, WizardPage, shippedTexts),
});

export const wizardRoutes = { public: [], app: [newMoveRoute, previewRoute] };
