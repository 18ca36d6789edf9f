/** Routes of the form builder (part 2 §2 "Form builder"): `/admin/form-builder?group=` for admins. */
import { createRoute } from "@tanstack/react-router";
import { useCallback } from "react";
import { useTranslation } from "react-i18next";
import { z } from "zod";
import { useDocumentTitle } from "../../lib/document-title.ts";
import { appRoute, RoleGate } from "../../route-base.tsx";
import { FormBuilderPage } from "./form-builder-page.tsx";

const formBuilderRoute = createRoute({
  getParentRoute: () => appRoute,
  path: "/admin/form-builder",
  validateSearch: z.object({ group: z.string().trim().min(1).max(64).optional().catch(undefined) }),
  component: function FormBuilderRoute() {
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
  },
});

export const formBuilderRoutes = { public: [], app: [formBuilderRoute] };
