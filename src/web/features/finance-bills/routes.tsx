/**
 * Finance pages: Bill Management (issue 16; part 2 §2 "Bill Management", §4 Bill, §8), for FINANCE and
 * ADMIN: /finance/bill-management?status&q&page (the status filter, search and page in the URL; the
 * selection for multi-bill payment and export in a cookie, kept across pages); /finance/payment-files: the
 * payment-file history and reconciliation (issue 24 §5).
 */
import { createRoute, lazyRouteComponent } from "@tanstack/react-router";
import { useTranslation } from "react-i18next";
import { z } from "zod";
import { BILL_LIST_STATUSES } from "../../../domain/finance/constants.ts";
import { useDocumentTitle } from "../../lib/document-title.ts";
import { textsChunk } from "../../lib/i18n.ts";
import { appRoute, RoleGate, withPages } from "../../route-base.tsx";

const BillsPage = lazyRouteComponent(() => import("./bills-page.tsx"), "FinanceBillsPage");
const PaymentHistoryPage = lazyRouteComponent(() => import("./payment-history-page.tsx"), "PaymentHistoryPage");
const texts = textsChunk(() => import("../../../domain/i18n/en-finance-bills.ts").then((m) => m.enFinanceBills));
const paymentTexts = textsChunk(() => import("../../../domain/i18n/en-finance-payments.ts").then((m) => m.enFinancePayments));

const billsRoute = createRoute({
  getParentRoute: () => appRoute,
  path: "/finance/bill-management",
  validateSearch: z.object({
    status: z.enum(BILL_LIST_STATUSES).optional().catch(undefined),
    q: z.union([z.string(), z.number()]).transform(String).pipe(z.string().trim().min(1).max(100)).optional().catch(undefined),
    page: z.coerce.number().int().min(1).max(100_000).optional().catch(undefined),
  }),
  component: withPages(function FinanceBillsRoute() {
    const { t } = useTranslation();
    useDocumentTitle(t("financeBills.title"));
    const search = billsRoute.useSearch();
    const navigate = billsRoute.useNavigate();
    return (
      <RoleGate roles={["FINANCE", "ADMIN"]}>
        <BillsPage search={search} onSearch={(next) => void navigate({ search: next })} />
      </RoleGate>
    );
  }, BillsPage, texts),
});

const paymentHistoryRoute = createRoute({
  getParentRoute: () => appRoute,
  path: "/finance/payment-files",
  component: withPages(function FinancePaymentHistoryRoute() {
    const { t } = useTranslation();
    useDocumentTitle(t("financePayments.title"));
    return (
      <RoleGate roles={["FINANCE", "ADMIN"]}>
        <PaymentHistoryPage />
      </RoleGate>
    );
  }, PaymentHistoryPage, paymentTexts),
});

export const financeBillsRoutes = { public: [], app: [billsRoute, paymentHistoryRoute] };
