/**
 * The route tree's base: the root (translations, not-found and crash pages), the signed-in layout
 * and the role gate. Feature route files (features/<area>/routes.tsx) hang their routes on
 * `rootRoute` (public pages) or `appRoute` (signed-in pages); router.tsx composes them.
 */
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
export async function loadMe(client: QueryClient): Promise<SignedInUser | null> {
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

export function PagePending() {
  const { t } = useTranslation();
  return (
    <div aria-busy="true" className="min-h-[50vh]">
      <LoadingBlock label={t("app.loading")} className="py-24" />
    </div>
  );
}

export const rootRoute = createRootRouteWithContext<RouterContext>()({
  component: Root,
  notFoundComponent: RootNotFound,
  errorComponent: RootError,
});

// ── Signed-in layout ────────────────────────────────────────────────────────────────────────

export const appRoute = createRoute({
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
export function RoleGate({ roles, children }: { roles: readonly Role[]; children: ReactNode }) {
  const { t } = useTranslation();
  const user = useSignedInUser();
  const allowed = roles.includes(user.role);
  useDocumentTitle(allowed ? undefined : t("error.forbiddenTitle"));
  return allowed ? children : <ForbiddenPage />;
}

