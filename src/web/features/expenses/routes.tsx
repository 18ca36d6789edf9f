/**
 * Route of the employee's expenses: `/expenses` (src/server/pages.ts answers the page load for
 * employees; the calls refuse everyone else's moves).
 */
import { createRoute, lazyRouteComponent } from "@tanstack/react-router";
import { useTranslation } from "react-i18next";
import { useDocumentTitle } from "../../lib/document-title.ts";
import { textsChunk } from "../../lib/i18n.ts";
import { appRoute, RoleGate, withPages } from "../../route-base.tsx";

// Each page is its own chunk (see route-base.tsx); its texts travel with it.
const ExpensesPage = lazyRouteComponent(() => import("./expenses-page.tsx"), "ExpensesPage");
const expensesTexts = textsChunk(() => import("../../../domain/i18n/en-expenses.ts").then((m) => m.enExpenses));

const expensesRoute = createRoute({
  getParentRoute: () => appRoute,
  path: "/expenses",
  component: withPages(function ExpensesRoute() {
    const { t } = useTranslation();
    useDocumentTitle(t("expenses.title", "My expenses"));
    return (
      <RoleGate roles={["EMPLOYEE"]}>
        <ExpensesPage />
      </RoleGate>
    );
  }, ExpensesPage, expensesTexts),
});

export const expensesRoutes = { public: [], app: [expensesRoute] };
