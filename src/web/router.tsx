import { useQuery, type QueryClient } from "@tanstack/react-query";
import { createRootRouteWithContext, createRoute, createRouter, Outlet, redirect, useRouter } from "@tanstack/react-router";
import { useCallback, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { z } from "zod";
import { ZRole, type Role } from "../domain/roles.ts";
import { AppShell } from "./components/app-shell.tsx";
import { ForbiddenPage, NotFoundPage } from "./components/status-pages.tsx";
import { LoadingBlock } from "./components/ui/spinner.tsx";
import { ErrorState } from "./components/ui/states.tsx";
import { AdminHomePage } from "./features/admin/admin-home-page.tsx";
import { LoginPage } from "./features/auth/login-page.tsx";
import { EmployeeHomePage } from "./features/employee/employee-home-page.tsx";
import { GroupHomePage, type PeopleSearch } from "./features/group/group-home-page.tsx";
import { StaffHomePage } from "./features/staff/staff-home-page.tsx";
import { SupplierHomePage } from "./features/supplier/supplier-home-page.tsx";
import { useDocumentTitle } from "./lib/document-title.ts";
import { errorText } from "./lib/errors.ts";
import { useServerMessages } from "./lib/i18n.ts";
import { meQueryOptions, useSignedInUser, type SignedInUser } from "./lib/session.ts";
import { queryClient } from "./lib/trpc.ts";

export type RouterContext = { queryClient: QueryClient };

/** The signed-in user, or null when there is none (or the server cannot say). */
async function loadMe(client: QueryClient): Promise<SignedInUser | null> {
  return client.ensureQueryData(meQueryOptions());
}

// ── Root: translations, not-found and crash pages ──────────────────────────────────────────

function Root() {
  const { data: me } = useQuery({ ...meQueryOptions(), retry: false });
  useServerMessages(me?.group?.name);
  return <Outlet />;
}

/** Unknown pages: inside the app frame for a signed-in user, bare otherwise. */
function RootNotFound() {
  const { t } = useTranslation();
  const { data: me } = useQuery({ ...meQueryOptions(), retry: false });
  useDocumentTitle(t("error.notFoundTitle"));
  if (me) {
    return (
      <AppShell user={me}>
        <NotFoundPage />
      </AppShell>
    );
  }
  return (
    <main id="main" className="min-h-dvh bg-background px-4">
      <NotFoundPage />
    </main>
  );
}

function RootError({ error }: { error: unknown }) {
  const { t } = useTranslation();
  const router = useRouter();
  return (
    <main id="main" className="mx-auto max-w-xl px-4 py-24">
      <h1 className="sr-only">{t("app.name")}</h1>
      <ErrorState message={errorText(error, t("error.generic"))} retryLabel={t("app.retry")} onRetry={() => void router.invalidate()} />
    </main>
  );
}

function PagePending() {
  const { t } = useTranslation();
  return (
    <div aria-busy="true" className="min-h-[50vh]">
      <LoadingBlock label={t("app.loading")} className="py-24" />
    </div>
  );
}

const rootRoute = createRootRouteWithContext<RouterContext>()({
  component: Root,
  notFoundComponent: RootNotFound,
  errorComponent: RootError,
});

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

// ── Signed-in layout ────────────────────────────────────────────────────────────────────────

const appRoute = createRoute({
  getParentRoute: () => rootRoute,
  id: "app",
  beforeLoad: async ({ context, location }) => {
    const me = await loadMe(context.queryClient);
    if (!me) throw redirect({ to: "/login", search: { redirect: location.href } });
    return { me };
  },
  component: function AppLayout() {
    const user = useSignedInUser();
    return (
      <AppShell user={user}>
        <Outlet />
      </AppShell>
    );
  },
});

/** Renders the page for the listed roles and the Forbidden page for everyone else (the server answered 403 already). */
function RoleGate({ roles, children }: { roles: readonly Role[]; children: ReactNode }) {
  const { t } = useTranslation();
  const user = useSignedInUser();
  const allowed = roles.includes(user.role);
  useDocumentTitle(allowed ? undefined : t("error.forbiddenTitle"));
  return allowed ? children : <ForbiddenPage />;
}

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
  appRoute.addChildren([indexRoute, adminRoute, financeRoute, crmRoute, supplierRoute, groupHomeRoute]),
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
