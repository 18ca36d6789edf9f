/**
 * The route tree's base: the root (translations, not-found and crash pages), the signed-in layout
 * and the role gate. Feature route files (features/<area>/routes.tsx) hang their routes on
 * `rootRoute` (public pages) or `appRoute` (signed-in pages); router.tsx composes them.
 *
 * Pages are code-split: a route file imports its pages with `lazyRouteComponent(() => import(…))`
 * (each page and what only it uses becomes its own chunk) and wraps its route component in
 * `withPages(…)`, so the router fetches those chunks together with the route — on link intent and
 * during navigation — and the page does not suspend again once the route has resolved.
 */
import { useQuery, type QueryClient } from "@tanstack/react-query";
import { createRootRouteWithContext, createRoute, lazyRouteComponent, Outlet, redirect, useRouter } from "@tanstack/react-router";
import { useEffect, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import type { Role } from "../domain/roles.ts";
import { ForbiddenPage, NotFoundPage } from "./components/status-pages.tsx";
import { LoadingBlock } from "./components/ui/spinner.tsx";
import { ErrorState } from "./components/ui/states.tsx";
import { useDocumentTitle } from "./lib/document-title.ts";
import { errorText } from "./lib/errors.ts";
import { reportError } from "./lib/report-error.ts";
import { useServerMessages } from "./lib/i18n.ts";
import { meQueryOptions, useSignedInUser, type SignedInUser } from "./lib/session.ts";

export type RouterContext = { queryClient: QueryClient };

/** The signed-in frame (navigation, account menu, inactivity dialog): not needed by the sign-in page, so its own chunk. */
const AppShell = lazyRouteComponent(() => import("./components/app-shell.tsx"), "AppShell");

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
const RootNotFound = withPages(function RootNotFound() {
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
}, AppShell);

function RootError({ error }: { error: unknown }) {
  const { t } = useTranslation();
  const router = useRouter();
  // A failure the router caught (a route's load or render) reaches the error-reporting service.
  useEffect(() => reportError(error), [error]);
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
  // Every signed-in page needs the frame: it loads with this layout route.
  component: withPages(function AppLayout() {
    const user = useSignedInUser();
    return (
      <AppShell user={user}>
        <Outlet />
      </AppShell>
    );
  }, AppShell),
});

/** Renders the page for the listed roles and the Forbidden page for everyone else (the server answered 403 already). */
export function RoleGate({ roles, children }: { roles: readonly Role[]; children: ReactNode }) {
  const { t } = useTranslation();
  const user = useSignedInUser();
  const allowed = roles.includes(user.role);
  useDocumentTitle(allowed ? undefined : t("error.forbiddenTitle"));
  return allowed ? children : <ForbiddenPage />;
}

/** Something whose code is fetched on demand: a `lazyRouteComponent(…)` page (`preload` is gone once loaded). */
type PageChunk = { preload?: () => Promise<void> | undefined };

/**
 * The route component `component`, declaring the lazily loaded `pages` it renders: the router calls
 * the returned component's `preload` while it loads the route (next to its loader, after
 * `beforeLoad`), so the route's pending state (PagePending after 300 ms) covers the wait.
 */
export function withPages<C extends (props: never) => ReactNode>(component: C, ...pages: PageChunk[]): C & { preload: () => Promise<void> } {
  return Object.assign(component, {
    preload: () => Promise.all(pages.map((page) => page.preload?.())).then(() => undefined),
  });
}
