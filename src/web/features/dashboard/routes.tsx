/**
 * Route of the manager dashboard page (issue 15; part 1 §2 "/{group}/managerDashboardBody: paginated, sortable by
 * column, zero-based page in the URL, a per-page selector"): `/{group}/managerDashboard` for HR of the group,
 * admins and the group's managers whose dashboard restriction is ON (the server answers the others with its
 * message), as src/server/pages.ts answers the page load. The view lives in the URL: `page` (zero-based),
 * `numberOfRows`, `sort`, `dir` and the filters `status`, `q`, `endFrom`, `endTo`, so back/forward and reload
 * restore it. Values the server would refuse are dropped here (the default applies).
 */
import { createRoute, lazyRouteComponent } from "@tanstack/react-router";
import { useCallback } from "react";
import { useTranslation } from "react-i18next";
import { z } from "zod";
import { DASHBOARD_PAGE_SIZES, DASHBOARD_SORTS } from "../../../domain/manager/dashboard/constants.ts";
import { useDocumentTitle } from "../../lib/document-title.ts";
import { shippedTexts, textsChunk } from "../../lib/i18n.ts";
import { appRoute, RoleGate, withPages } from "../../route-base.tsx";
import type { DashboardSearch } from "./dashboard-page.tsx";

const DashboardPage = lazyRouteComponent(() => import("./dashboard-page.tsx"), "DashboardPage");
const ManagerMovePage = lazyRouteComponent(() => import("./manager-move-page.tsx"), "ManagerMovePage");
const texts = textsChunk(() => import("../../../domain/i18n/en-dashboard.ts").then((m) => m.enDashboard));

const text = (max: number) => z.union([z.string(), z.number()]).transform(String).pipe(z.string().trim().min(1).max(max)).optional().catch(undefined);
const date = z.string().regex(/^\d{4}-\d{2}-\d{2}$/).optional().catch(undefined);

export const ZDashboardSearch = z.object({
  page: z.number().int().min(0).max(1_000_000).optional().catch(undefined),
  numberOfRows: z
    .number()
    .refine((n) => (DASHBOARD_PAGE_SIZES as readonly number[]).includes(n))
    .optional()
    .catch(undefined),
  sort: z.enum(DASHBOARD_SORTS).optional().catch(undefined),
  dir: z.enum(["asc", "desc"]).optional().catch(undefined),
  status: z.enum(["draft", "open", "on_assignment", "completed"]).optional().catch(undefined),
  q: text(100),
  endFrom: date,
  endTo: date,
});

const dashboardRoute = createRoute({
  getParentRoute: () => appRoute,
  path: "/$group/managerDashboard",
  validateSearch: ZDashboardSearch,
  component: withPages(function DashboardRoute() {
    const { t } = useTranslation();
    const { group } = dashboardRoute.useParams();
    const search = dashboardRoute.useSearch();
    const navigate = dashboardRoute.useNavigate();
    useDocumentTitle(t("dashboard.title"));
    const onSearchChange = useCallback(
      (next: DashboardSearch, options?: { replace?: boolean }) => void navigate({ search: next, replace: options?.replace ?? false }),
      [navigate],
    );
    return (
      <RoleGate roles={["HR", "MANAGER", "ADMIN"]}>
        <DashboardPage key={group} group={group} search={search} onSearchChange={onSearchChange} />
      </RoleGate>
    );
  }, DashboardPage, texts),
});

/** A positive id from the URL ("?employeeId=12" arrives as a number, a hand-typed "12" as text). */
const urlId = () =>
  z
    .preprocess((v) => (typeof v === "string" && /^\d+$/.test(v.trim()) ? Number(v) : v), z.number().int().positive().max(2_147_483_647))
    .optional()
    .catch(undefined);

/**
 * A manager's read-only move page (issue 24 §4): `/{group}/managerDashboard/move?employeeId=&moveId=`, opened from
 * a dashboard row. The move page's texts (shippedTexts: it reads the move file's labels too).
 */
const managerMoveRoute = createRoute({
  getParentRoute: () => appRoute,
  path: "/$group/managerDashboard/move",
  validateSearch: z.object({ employeeId: urlId(), moveId: urlId() }),
  component: withPages(function ManagerMoveRoute() {
    const { t } = useTranslation();
    const { group } = managerMoveRoute.useParams();
    const { employeeId, moveId } = managerMoveRoute.useSearch();
    useDocumentTitle(t("managerMove.title"));
    return (
      <RoleGate roles={["MANAGER"]}>
        <ManagerMovePage key={`${group}-${employeeId}-${moveId}`} group={group} employeeId={employeeId} moveId={moveId} />
      </RoleGate>
    );
  }, ManagerMovePage, shippedTexts),
});

export const dashboardRoutes = { public: [], app: [dashboardRoute, managerMoveRoute] };
