import { MutationCache, QueryCache, QueryClient } from "@tanstack/react-query";
import { createTRPCClient, httpBatchLink } from "@trpc/client";
import { createTRPCOptionsProxy } from "@trpc/tanstack-react-query";
import type { AppRouter } from "../../routers/_app.ts";
import { errorCode } from "./errors.ts";
import { timeoutLink } from "./timeouts.ts";
import { withGatewayErrors } from "./connection-error.ts";

/** Sends the browser to the sign-in page, coming back here afterwards. */
export function goToLogin(): void {
  const here = window.location.pathname + window.location.search;
  if (window.location.pathname === "/login") return;
  window.location.assign(here === "/" ? "/login" : `/login?redirect=${encodeURIComponent(here)}`);
}

/** A 4xx answer will not change by asking again; network failures and 5xx get one retry. */
function shouldRetry(failureCount: number, error: unknown): boolean {
  const code = errorCode(error);
  if (code && code !== "INTERNAL_SERVER_ERROR") return false;
  return failureCount < 1;
}

export const queryClient = new QueryClient({
  queryCache: new QueryCache({
    // An ended session (idle timeout, suspended group, signed out elsewhere) → sign in again.
    onError: (error, query) => {
      // The 60 s session check shows the inactivity alert instead (app-shell).
      if (query.meta?.["sessionCheck"]) return;
      if (errorCode(error) === "UNAUTHORIZED") goToLogin();
    },
  }),
  mutationCache: new MutationCache({
    onError: (error, _vars, _ctx, mutation) => {
      if (mutation.meta?.["signInFlow"]) return;
      if (errorCode(error) === "UNAUTHORIZED") goToLogin();
    },
  }),
  defaultOptions: {
    queries: { staleTime: 30_000, retry: shouldRetry, refetchOnWindowFocus: true },
    mutations: { retry: false },
  },
});

export const trpcClient = createTRPCClient<AppRouter>({
  // Every call has its spec time limit (src/web/lib/timeouts.ts); past it, it fails as a connection error;
  // a gateway's 502/503/504 page fails with its status (src/web/lib/connection-error.ts).
  links: [timeoutLink(), httpBatchLink({ url: "/trpc", fetch: withGatewayErrors((input, init) => fetch(input, { ...init, credentials: "same-origin" })) })],
});

/** Typed query and mutation options for every procedure: `useQuery(trpc.group.home.queryOptions({ group }))`. */
export const trpc = createTRPCOptionsProxy<AppRouter>({ client: trpcClient, queryClient });
