/**
 * Route of the employee's expenses: `/expenses` (src/server/pages.ts answers the page load for
 * employees; the calls refuse everyone else's moves).
 */
import { createRoute, lazyRouteComponent } from "@tanstack/react-router";
import { lazy, Suspense } from "react";
import { useTranslation } from "react-i18next";
import { z } from "zod";
import { useDocumentTitle } from "../../lib/document-title.ts";
import { textsChunk } from "../../lib/i18n.ts";
import { appRoute, RoleGate, withPages } from "../../route-base.tsx";

// Each page is its own chunk (see route-base.tsx); its texts travel with it.
const ExpensesPage = lazyRouteComponent(() => import("./expenses-page.tsx"), "ExpensesPage");
const FocusExpense = lazy(() => import("./focus-expense.tsx").then((m) => ({ default: m.FocusExpense })));
const expensesTexts = textsChunk(() => import("../../../domain/i18n/en-expenses.ts").then((m) => m.enExpenses));

const expensesRoute = createRoute({
  getParentRoute: () => appRoute,
  path: "/expenses",
  // `?expense=` opens one expense of the list (a notification's link, issue 24 §3).
  validateSearch: z.object({ expense: z.coerce.number().int().positive().max(2_147_483_647).optional().catch(undefined) }),
  component: withPages(function ExpensesRoute() {
    const { t } = useTranslation();
    const { expense } = expensesRoute.useSearch();
    useDocumentTitle(t("expenses.title", "My expenses"));
    return (
      <RoleGate roles={["EMPLOYEE"]}>
        <ExpensesPage />
        {expense !== undefined ? (
          <Suspense fallback={null}>
            <FocusExpense id={expense} />
          </Suspense>
        ) : null}
      </RoleGate>
    );
  }, ExpensesPage, expensesTexts),
});

export const expensesRoutes = { public: [], app: [expensesRoute] };
