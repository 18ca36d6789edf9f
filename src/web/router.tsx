import { createRoute, createRouter, redirect } from "@tanstack/react-router";
import { useCallback } from "react";
import { useTranslation } from "react-i18next";
import { z } from "zod";
import { ZRole } from "../domain/roles.ts";
import { MOVE_SORTS, ZMoveStatus } from "../domain/wizard/schemas.ts";
import { AdminHomePage } from "./features/admin/admin-home-page.tsx";
import { LoginPage } from "./features/auth/login-page.tsx";
import { EmployeeHomePage } from "./features/employee/employee-home-page.tsx";
import { GroupHomePage, type PeopleSearch } from "./features/group/group-home-page.tsx";
import { StaffHomePage } from "./features/staff/staff-home-page.tsx";
import { SupplierHomePage } from "./features/supplier/supplier-home-page.tsx";
import { activationRoutes } from "./features/activation/routes.tsx";
import { recoveryRoutes } from "./features/recovery/routes.tsx";
import { ssoRoutes } from "./features/sso/routes.tsx";
import { policyRoutes } from "./features/policy/routes.tsx";
import { wizardRoutes } from "./features/wizard/routes.tsx";
import { formBuilderRoutes } from "./features/forms/routes.tsx";
import { estimateAdminRoutes } from "./features/estimate-admin/routes.tsx";
import { estimateRoutes } from "./features/estimate/routes.tsx";
import { useDocumentTitle } from "./lib/document-title.ts";
import { queryClient } from "./lib/trpc.ts";
import { appRoute, loadMe, PagePending, RoleGate, rootRoute } from "./route-base.tsx";

// ── /login ──────────────────────────────────────────────────────────────────────────────────

const loginRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: "/login",
  validateSearch: z.object({ redirect: z.string().max(2000).optional().catch(undefined) }),
  beforeLoad: async ({ context }) => {
    // A signed-in user has nothing to do here: send them home.
    const me = await loadMe(context.queryClient).catch(() => null);
    if (me) throw redirect({ href: me.homePath, replace: true });
  },
  component: function LoginRoute() {
    const { t } = useTranslation();
    const { redirect: next } = loginRoute.useSearch();
    useDocumentTitle(t("login.signIn"));
    return <LoginPage redirect={next} />;
  },
});

const indexRoute = createRoute({
  getParentRoute: () => appRoute,
  path: "/",
  beforeLoad: ({ context }) => {
    // "/" is the employee's page; everyone else has a home of their own.
    if (context.me.role !== "EMPLOYEE" && context.me.homePath !== "/") throw redirect({ href: context.me.homePath, replace: true });
  },
  component: function EmployeeHomeRoute() {
    const { t } = useTranslation();
    useDocumentTitle(t("nav.home"));
    return <EmployeeHomePage />;
  },
});

const adminRoute = createRoute({
  getParentRoute: () => appRoute,
  path: "/admin",
  component: function AdminRoute() {
    const { t } = useTranslation();
    useDocumentTitle(t("admin.title"));
    return (
      <RoleGate roles={["ADMIN"]}>
        <AdminHomePage />
      </RoleGate>
    );
  },
});

const financeRoute = createRoute({
  getParentRoute: () => appRoute,
  path: "/finance",
  component: function FinanceRoute() {
    const { t } = useTranslation();
    useDocumentTitle(t("finance.title"));
    return (
      <RoleGate roles={["FINANCE", "ADMIN"]}>
        <StaffHomePage area="finance" />
      </RoleGate>
    );
  },
});

const crmRoute = createRoute({
  getParentRoute: () => appRoute,
  path: "/crm",
  component: function CrmRoute() {
    const { t } = useTranslation();
    useDocumentTitle(t("crm.title"));
    return (
      <RoleGate roles={["CRM", "ADMIN"]}>
        <StaffHomePage area="crm" />
      </RoleGate>
    );
  },
});

const supplierRoute = createRoute({
  getParentRoute: () => appRoute,
  path: "/supplier",
  component: function SupplierRoute() {
    const { t } = useTranslation();
    useDocumentTitle(t("supplier.title"));
    return (
      <RoleGate roles={["SUPPLIER"]}>
        <SupplierHomePage />
      </RoleGate>
    );
  },
});

const ZPeopleSearch = z.object({
  page: z.number().int().min(0).max(100_000).optional().catch(undefined),
  q: z.union([z.string(), z.number()]).transform(String).pipe(z.string().max(100)).optional().catch(undefined),
  role: ZRole.optional().catch(undefined),
  // The moves list (HR and admins): zero-based page, search, status filter, sort column and direction.
  moves_page: z.number().int().min(0).max(100_000).optional().catch(undefined),
  moves_q: z.union([z.string(), z.number()]).transform(String).pipe(z.string().max(100)).optional().catch(undefined),
  moves_status: ZMoveStatus.optional().catch(undefined),
  moves_sort: z.enum(MOVE_SORTS).optional().catch(undefined),
  moves_dir: z.enum(["asc", "desc"]).optional().catch(undefined),
  /** The completion redirect's move id (a success notice). */
  initiated: z.number().int().positive().optional().catch(undefined),
});

const groupHomeRoute = createRoute({
  getParentRoute: () => appRoute,
  path: "/$group/home",
  validateSearch: ZPeopleSearch,
  component: function GroupHomeRoute() {
    const { t } = useTranslation();
    const { group } = groupHomeRoute.useParams();
    const search = groupHomeRoute.useSearch();
    const navigate = groupHomeRoute.useNavigate();
    useDocumentTitle(t("nav.groupHome"));
    const onSearchChange = useCallback(
      (next: PeopleSearch, options?: { replace?: boolean }) => void navigate({ search: next, replace: options?.replace ?? false }),
      [navigate],
    );
    return (
      <RoleGate roles={["HR", "MANAGER", "ADMIN"]}>
        <GroupHomePage key={group} group={group} search={search} onSearchChange={onSearchChange} />
      </RoleGate>
    );
  },
});

const routeTree = rootRoute.addChildren([
  loginRoute,
  ...activationRoutes.public,
  ...recoveryRoutes.public,
  ...ssoRoutes.public,
  ...policyRoutes.public,
  appRoute.addChildren([
    indexRoute,
    adminRoute,
    financeRoute,
    crmRoute,
    supplierRoute,
    groupHomeRoute,
    ...activationRoutes.app,
    ...recoveryRoutes.app,
    ...ssoRoutes.app,
    ...policyRoutes.app,
    ...wizardRoutes.app,
    ...formBuilderRoutes.app,
    ...estimateAdminRoutes.app,
    ...estimateRoutes.app,
  ]),
]);

export const router = createRouter({
  routeTree,
  context: { queryClient },
  defaultPreload: "intent",
  defaultPreloadStaleTime: 0,
  defaultPendingComponent: PagePending,
  defaultPendingMs: 300,
  scrollRestoration: true,
});

declare module "@tanstack/react-router" {
  interface Register {
    router: typeof router;
  }
}
