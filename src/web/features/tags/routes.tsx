/**
 * Routes of the tags admin (issue 15): `/admin/tags/manage?group=` for admins, as src/server/pages.ts
 * answers the page load.
 */
import { createRoute, lazyRouteComponent } from "@tanstack/react-router";
import { useTranslation } from "react-i18next";
import { z } from "zod";
import { useDocumentTitle } from "../../lib/document-title.ts";
import { shippedTexts } from "../../lib/i18n.ts";
import { appRoute, RoleGate, withPages } from "../../route-base.tsx";

const TagsManagePage = lazyRouteComponent(() => import("./tags-manage-page.tsx"), "TagsManagePage");

const tagsManageRoute = createRoute({
  getParentRoute: () => appRoute,
  path: "/admin/tags/manage",
  validateSearch: z.object({ group: z.string().max(64).optional().catch(undefined) }),
  component: withPages(function TagsManageRoute() {
    const { t } = useTranslation();
    useDocumentTitle(t("tagsAdmin.title"));
    const { group } = tagsManageRoute.useSearch();
    const navigate = tagsManageRoute.useNavigate();
    return (
      <RoleGate roles={["ADMIN"]}>
        <TagsManagePage group={group} onGroupChange={(g) => void navigate({ search: { group: g }, replace: true })} />
      </RoleGate>
    );
  }, TagsManagePage, shippedTexts),
});

export const tagsRoutes = { public: [], app: [tagsManageRoute] };
