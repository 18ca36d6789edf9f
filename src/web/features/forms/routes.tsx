/** Routes of the form builder (part 2 §2 "Form builder"): `/admin/form-builder?group=` for admins. */
import { createRoute, lazyRouteComponent } from "@tanstack/react-router";
import { useCallback } from "react";
import { useTranslation } from "react-i18next";
import { z } from "zod";
import { useDocumentTitle } from "../../lib/document-title.ts";
import { shippedTexts } from "../../lib/i18n.ts";
import { appRoute, RoleGate, withPages } from "../../route-base.tsx";

// Each page is its own chunk (see route-base.tsx).
const FormBuilderPage = lazyRouteComponent(() => import("./form-builder-page.tsx"), "FormBuilderPage");

const formBuilderRoute = createRoute({
  getParentRoute: () => appRoute,
  path: "/admin/form-builder",
  validateSearch: z.object({ group: z.string().trim().min(1).max(64).optional().catch(undefined) }),
  component: withPages(function FormBuilderRoute() {
    const { t } = useTranslation();
    const { group } = formBuilderRoute.useSearch();
    const navigate = formBuilderRoute.useNavigate();
    useDocumentTitle(t("formBuilder.title"));
    const onGroupChange = useCallback((next: string | undefined) => void navigate({ search: { group: next } }), [navigate]);
    return (
      <RoleGate roles={["ADMIN"]}>
        <FormBuilderPage group={group} onGroupChange={onGroupChange} />
      </RoleGate>
    );
  }, FormBuilderPage, shippedTexts),
});

export const formBuilderRoutes = { public: [], app: [formBuilderRoute] };
