import { createRoute, createRouter, lazyRouteComponent, redirect } from "@tanstack/react-router";
import { useCallback } from "react";
import { useTranslation } from "react-i18next";
import { z } from "zod";
import { ZRole } from "../domain/roles.ts";
import { MOVE_SORTS, ZMoveStatus } from "../domain/moves/wizard/search.ts";
import type { PeopleSearch } from "./features/group/group-home-page.tsx";
import { activationRoutes } from "./features/activation/routes.tsx";
import { recoveryRoutes } from "./features/recovery/routes.tsx";
import { ssoRoutes } from "./features/sso/routes.tsx";
import { policyRoutes } from "./features/policy/routes.tsx";
import { wizardRoutes } from "./features/wizard/routes.tsx";
import { formBuilderRoutes } from "./features/forms/routes.tsx";
import { estimateAdminRoutes } from "./features/estimate-admin/routes.tsx";
import { estimateRoutes } from "./features/estimate/routes.tsx";
import { moveFileRoutes } from "./features/move-file/routes.tsx";
import { filesRoutes } from "./features/files/routes.tsx";
import { expensesRoutes } from "./features/expenses/routes.tsx";
import { socialRoutes } from "./features/social/routes.tsx";
import { socialLoginRoutes } from "./features/social-login/routes.tsx";
import { comparisonRoutes } from "./features/comparison/routes.tsx";
import { moveHubRoutes } from "./features/movehub/routes.tsx";
import { overviewRoutes } from "./features/overview/routes.tsx";
import { welcomeRoutes } from "./features/welcome/routes.tsx";
import { notificationRoutes } from "./features/notifications/routes.tsx";
import { managerRoutes } from "./features/managers/routes.tsx";
import { clientErrorsRoutes } from "./features/client-errors/routes.tsx";
import { tagsRoutes } from "./features/tags/routes.tsx";
import { hrSettingsRoutes } from "./features/hr-settings/routes.tsx";
import { assignmentsRoutes } from "./features/assignments/routes.tsx";
import { bulkRoutes } from "./features/bulk/routes.tsx";
import { dashboardRoutes } from "./features/dashboard/routes.tsx";
import { financeAccountsRoutes } from "./features/finance-accounts/routes.tsx";
import { financeApprovalRoutes } from "./features/finance-approval/routes.tsx";
import { financeBillsRoutes } from "./features/finance-bills/routes.tsx";
import { financeAdhocRoutes } from "./features/finance-adhoc/routes.tsx";
import { financeInsightsRoutes } from "./features/finance-insights/routes.tsx";
import { estimateApprovalRoutes } from "./features/estimate-approval/routes.tsx";
import { reportsRoutes } from "./features/reports/routes.tsx";
import { reportBuilderRoutes } from "./features/report-builder/routes.tsx";
import { chartsRoutes } from "./features/charts/routes.tsx";
import { remindersRoutes } from "./features/reminders/routes.tsx";
import { dashboardsRoutes } from "./features/dashboards/routes.tsx";
import { crmRemindersRoutes } from "./features/crm-reminders/routes.tsx";
import { useDocumentTitle } from "./lib/document-title.ts";
import { textsChunk } from "./lib/i18n.ts";
import { queryClient } from "./lib/trpc.ts";
import { appRoute, loadMe, PagePending, RoleGate, rootRoute, withPages } from "./route-base.tsx";

// Each page is its own chunk (see route-base.tsx).
const LoginPage = lazyRouteComponent(() => import("./features/auth/login-page.tsx"), "LoginPage");
const EmployeeHomePage = lazyRouteComponent(() => import("./features/employee/employee-home-page.tsx"), "EmployeeHomePage");
const AdminHomePage = lazyRouteComponent(() => import("./features/admin/admin-home-page.tsx"), "AdminHomePage");
const StaffHomePage = lazyRouteComponent(() => import("./features/staff/staff-home-page.tsx"), "StaffHomePage");
const staffTexts = textsChunk(() => import("../domain/i18n/en-staff.ts").then((m) => m.enStaff));
const SupplierHomePage = lazyRouteComponent(() => import("./features/supplier/supplier-home-page.tsx"), "SupplierHomePage");
const GroupHomePage = lazyRouteComponent(() => import("./features/group/group-home-page.tsx"), "GroupHomePage");
// The homes use the frame's texts (en-app.ts); the group home also its people, invite and moves texts.
const groupHomeTexts = [
  textsChunk(() => import("../domain/i18n/en-activation.ts").then((m) => m.enActivation)),
  textsChunk(() => import("../domain/i18n/en-wizard-overrides.ts").then((m) => m.enWizardOverrides)),
];

// ── /login ──────────────────────────────────────────────────────────────────────────────────

const loginRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: "/login",
  validateSearch: z.object({
    redirect: z.string().max(2000).optional().catch(undefined),
    /** A social sign-in that failed (src/routers/identity/legacy/social-login.ts): its text is shown under the form. */
    socialError: z.string().max(40).optional().catch(undefined),
  }),
  beforeLoad: async ({ context }) => {
    // A signed-in user has nothing to do here: send them home.
    const me = await loadMe(context.queryClient).catch(() => null);
    if (me) throw redirect({ href: me.homePath, replace: true });
  },
  component: withPages(function LoginRoute() {
    const { t } = useTranslation();
    const { redirect: next, socialError } = loginRoute.useSearch();
    useDocumentTitle(t("login.signIn"));
    return <LoginPage redirect={next} socialError={socialError} />;
  }, LoginPage),
});

const indexRoute = createRoute({
  getParentRoute: () => appRoute,
  path: "/",
  beforeLoad: ({ context }) => {
    // "/" is the employee's page; everyone else has a home of their own.
    if (context.me.role !== "EMPLOYEE" && context.me.homePath !== "/") throw redirect({ href: context.me.homePath, replace: true });
  },
  component: withPages(function EmployeeHomeRoute() {
    const { t } = useTranslation();
    useDocumentTitle(t("nav.home"));
    return <EmployeeHomePage />;
  }, EmployeeHomePage),
});

const adminRoute = createRoute({
  getParentRoute: () => appRoute,
  path: "/admin",
  component: withPages(function AdminRoute() {
    const { t } = useTranslation();
    useDocumentTitle(t("admin.title"));
    return (
      <RoleGate roles={["ADMIN"]}>
        <AdminHomePage />
      </RoleGate>
    );
  }, AdminHomePage),
});

const financeRoute = createRoute({
  getParentRoute: () => appRoute,
  path: "/finance",
  component: withPages(function FinanceRoute() {
    const { t } = useTranslation();
    useDocumentTitle(t("finance.title"));
    return (
      <RoleGate roles={["FINANCE", "ADMIN"]}>
        <StaffHomePage area="finance" />
      </RoleGate>
    );
  }, StaffHomePage, staffTexts),
});

const crmRoute = createRoute({
  getParentRoute: () => appRoute,
  path: "/crm",
  component: withPages(function CrmRoute() {
    const { t } = useTranslation();
    useDocumentTitle(t("crm.title"));
    return (
      <RoleGate roles={["CRM", "ADMIN"]}>
        <StaffHomePage area="crm" />
      </RoleGate>
    );
  }, StaffHomePage, staffTexts),
});

const supplierRoute = createRoute({
  getParentRoute: () => appRoute,
  path: "/supplier",
  component: withPages(function SupplierRoute() {
    const { t } = useTranslation();
    useDocumentTitle(t("supplier.title"));
    return (
      <RoleGate roles={["SUPPLIER"]}>
        <SupplierHomePage />
      </RoleGate>
    );
  }, SupplierHomePage),
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
  component: withPages(function GroupHomeRoute() {
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
  }, GroupHomePage, ...groupHomeTexts),
});

const routeTree = rootRoute.addChildren([
  loginRoute,
  ...activationRoutes.public,
  ...recoveryRoutes.public,
  ...ssoRoutes.public,
  ...policyRoutes.public,
  ...estimateApprovalRoutes.public,
  ...reportsRoutes.public,
  ...reportBuilderRoutes.public,
  ...chartsRoutes.public,
  ...remindersRoutes.public,
  ...dashboardsRoutes.public,
  ...crmRemindersRoutes.public,
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
    ...moveFileRoutes.app,
    ...filesRoutes.app,
    ...expensesRoutes.app,
    ...socialRoutes.app,
    ...socialLoginRoutes.app,
    ...comparisonRoutes.app,
    ...moveHubRoutes.app,
    ...overviewRoutes.app,
    ...welcomeRoutes.app,
    ...notificationRoutes.app,
    ...managerRoutes.app,
    ...clientErrorsRoutes.app,
    ...tagsRoutes.app,
    ...hrSettingsRoutes.app,
    ...assignmentsRoutes.app,
    ...bulkRoutes.app,
    ...dashboardRoutes.app,
    ...financeAccountsRoutes.app,
    ...financeApprovalRoutes.app,
    ...financeBillsRoutes.app,
    ...financeAdhocRoutes.app,
    ...financeInsightsRoutes.app,
    ...reportsRoutes.app,
    ...reportBuilderRoutes.app,
    ...chartsRoutes.app,
    ...remindersRoutes.app,
    ...dashboardsRoutes.app,
    ...crmRemindersRoutes.app,
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
