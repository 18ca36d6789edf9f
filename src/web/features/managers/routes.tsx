/** Routes of the managers admin (issue 15; part 1 §2 "/admin/managers/list?groupName=&managersFilter="): ADMIN only. */
import { createRoute, lazyRouteComponent } from "@tanstack/react-router";
import { useCallback } from "react";
import { useTranslation } from "react-i18next";
import { z } from "zod";
import { useDocumentTitle } from "../../lib/document-title.ts";
import { textsChunk } from "../../lib/i18n.ts";
import { appRoute, RoleGate, withPages } from "../../route-base.tsx";
import type { ManagersSearch } from "./managers-list-page.tsx";

// Each page is its own chunk (see route-base.tsx).
const ManagersListPage = lazyRouteComponent(() => import("./managers-list-page.tsx"), "ManagersListPage");
const ManagerPage = lazyRouteComponent(() => import("./manager-page.tsx"), "ManagerPage");
const managerTexts = textsChunk(() => import("../../../domain/i18n/en-managers.ts").then((m) => m.enManagers));

const text = (max: number) => z.union([z.string(), z.number()]).transform(String).pipe(z.string().max(max)).optional().catch(undefined);

const managersListRoute = createRoute({
  getParentRoute: () => appRoute,
  path: "/admin/managers/list",
  validateSearch: z.object({ groupName: text(64), managersFilter: text(100) }),
  component: withPages(function ManagersListRoute() {
    const { t } = useTranslation();
    const search = managersListRoute.useSearch();
    const navigate = managersListRoute.useNavigate();
    useDocumentTitle(t("nav.managers"));
    const onSearchChange = useCallback((next: ManagersSearch) => void navigate({ search: next, replace: true }), [navigate]);
    return (
      <RoleGate roles={["ADMIN"]}>
        <ManagersListPage search={search} onSearchChange={onSearchChange} />
      </RoleGate>
    );
  }, ManagersListPage, managerTexts),
});

const managerRoute = createRoute({
  getParentRoute: () => appRoute,
  path: "/admin/managers/$userId",
  params: { parse: (p: { userId: string }) => ({ userId: p.userId }), stringify: (p: { userId: string }) => p },
  component: withPages(function ManagerRoute() {
    const { t } = useTranslation();
    const { userId } = managerRoute.useParams();
    useDocumentTitle(t("nav.managers"));
    const id = /^\d{1,9}$/.test(userId) ? Number(userId) : 0;
    return (
      <RoleGate roles={["ADMIN"]}>
        <ManagerPage key={id} userId={id} />
      </RoleGate>
    );
  }, ManagerPage, managerTexts),
});

export const managerRoutes = { public: [], app: [managersListRoute, managerRoute] } as const;
