import { QueryClientProvider } from "@tanstack/react-query";
import { RouterProvider } from "@tanstack/react-router";
import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { I18nextProvider } from "react-i18next";
import { i18n } from "./lib/i18n.ts";
import { installErrorReporting, reportError } from "./lib/report-error.ts";
import { queryClient } from "./lib/trpc.ts";
import { router } from "./router.tsx";

// The first page's chunks (its page, and the frame for a signed-in page) start downloading now,
// next to the session read, instead of after the route's beforeLoad has answered.
for (const route of router.getMatchedRoutes(window.location.pathname)[0]) void router.loadRouteChunk(route);

// Uncaught errors and unhandled rejections reach the error-reporting service (part 1 §8, part 2 §8).
installErrorReporting();

const container = document.getElementById("root");
if (!container) throw new Error("index.html has no #root element");

// Errors React's error boundaries catch, and those none catches, are reported too (still logged).
createRoot(container, {
  onCaughtError: (error, info) => {
    reportError(error, info.componentStack);
    console.error(error);
  },
  onUncaughtError: (error, info) => {
    reportError(error, info.componentStack);
    console.error(error);
  },
}).render(
  <StrictMode>
    <QueryClientProvider client={queryClient}>
      <I18nextProvider i18n={i18n}>
        <RouterProvider router={router} />
      </I18nextProvider>
    </QueryClientProvider>
  </StrictMode>,
);
