/**
 * Finance pages: ad-hoc (issue 16; spec part 2 §2 "Ad-hoc charge creation (CRM), including type
 * CashAllowanceRecurring with a recurring payment schedule calculator", "External spend creation", the
 * employee expenses management screen). src/server/pages.ts answers their page loads with the same roles.
 * - /crm/adhoc-charges/new and /crm/adhoc-charges/$itemId: CRM, FINANCE, ADMIN
 * - /finance/external-spend/new: HR and managers of a group (the server checks the switch and the move), FINANCE, ADMIN
 * - /finance/expenses: FINANCE, ADMIN
 */
import { createRoute, lazyRouteComponent } from "@tanstack/react-router";
import { useTranslation } from "react-i18next";
import { useDocumentTitle } from "../../lib/document-title.ts";
import { textsChunk } from "../../lib/i18n.ts";
import { appRoute, RoleGate, withPages } from "../../route-base.tsx";

const AdhocChargePage = lazyRouteComponent(() => import("./adhoc-charge-page.tsx"), "AdhocChargePage");
const AdhocItemPage = lazyRouteComponent(() => import("./adhoc-item-page.tsx"), "AdhocItemPage");
const ExternalSpendPage = lazyRouteComponent(() => import("./external-spend-page.tsx"), "ExternalSpendPage");
const ExpensesAdminPage = lazyRouteComponent(() => import("./expenses-admin-page.tsx"), "ExpensesAdminPage");
const texts = textsChunk(() => import("../../../domain/i18n/en-finance-adhoc.ts").then((m) => m.enFinanceAdhoc));

const chargeRoute = createRoute({
  getParentRoute: () => appRoute,
  path: "/crm/adhoc-charges/new",
  component: withPages(function AdhocChargeRoute() {
    const { t } = useTranslation();
    useDocumentTitle(t("financeAdhoc.chargeTitle", "New ad-hoc charge"));
    return (
      <RoleGate roles={["CRM", "FINANCE", "ADMIN"]}>
        <AdhocChargePage />
      </RoleGate>
    );
  }, AdhocChargePage, texts),
});

const itemRoute = createRoute({
  getParentRoute: () => appRoute,
  path: "/crm/adhoc-charges/$itemId",
  component: withPages(function AdhocItemRoute() {
    const { t } = useTranslation();
    const { itemId } = itemRoute.useParams();
    const id = /^\d{1,9}$/.test(itemId) ? Number(itemId) : 0;
    useDocumentTitle(t("financeAdhoc.itemTitle", { id, defaultValue: "Ad-hoc charge #{{id}}" }));
    return (
      <RoleGate roles={["CRM", "FINANCE", "ADMIN"]}>
        <AdhocItemPage key={id} itemId={id} />
      </RoleGate>
    );
  }, AdhocItemPage, texts),
});

const externalSpendRoute = createRoute({
  getParentRoute: () => appRoute,
  path: "/finance/external-spend/new",
  component: withPages(function ExternalSpendRoute() {
    const { t } = useTranslation();
    useDocumentTitle(t("financeAdhoc.externalTitle", "New external spend"));
    return (
      <RoleGate roles={["HR", "MANAGER", "FINANCE", "ADMIN"]}>
        <ExternalSpendPage />
      </RoleGate>
    );
  }, ExternalSpendPage, texts),
});

const expensesRoute = createRoute({
  getParentRoute: () => appRoute,
  path: "/finance/expenses",
  component: withPages(function ExpensesAdminRoute() {
    const { t } = useTranslation();
    useDocumentTitle(t("financeAdhoc.expensesTitle", "Employee expenses"));
    return (
      <RoleGate roles={["FINANCE", "ADMIN"]}>
        <ExpensesAdminPage />
      </RoleGate>
    );
  }, ExpensesAdminPage, texts),
});

export const financeAdhocRoutes = { public: [], app: [chargeRoute, itemRoute, externalSpendRoute, expensesRoute] };
