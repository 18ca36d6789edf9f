/**
 * Finance pages: insights (issue 16), for FINANCE and ADMIN: `/finance/moves/$moveId/spend` (a move's
 * estimate against actual) and `/finance/accounts/$accountId/spend` (the moves behind an account).
 */
import { createRoute, lazyRouteComponent } from "@tanstack/react-router";
import { useTranslation } from "react-i18next";
import { useDocumentTitle } from "../../lib/document-title.ts";
import { shippedTexts } from "../../lib/i18n.ts";
import { appRoute, RoleGate, withPages } from "../../route-base.tsx";

const SpendPage = lazyRouteComponent(() => import("./spend-page.tsx"), "SpendPage");
const AccountSpendPage = lazyRouteComponent(() => import("./account-spend-page.tsx"), "AccountSpendPage");
const AccuracyPage = lazyRouteComponent(() => import("./accuracy-page.tsx"), "AccuracyPage");

/** A positive id from the path, or null. */
function idOf(text: string): number | null {
  if (!/^\d{1,10}$/.test(text)) return null;
  const n = Number(text);
  return n >= 1 && n <= 2_147_483_647 ? n : null;
}

const spendRoute = createRoute({
  getParentRoute: () => appRoute,
  path: "/finance/moves/$moveId/spend",
  component: withPages(function SpendRoute() {
    const { t } = useTranslation();
    const { moveId } = spendRoute.useParams();
    useDocumentTitle(t("insights.pageTitle", "Spend against estimate"));
    return (
      <RoleGate roles={["FINANCE", "ADMIN"]}>
        <SpendPage key={moveId} moveId={idOf(moveId)} />
      </RoleGate>
    );
  }, SpendPage, shippedTexts),
});

const accountSpendRoute = createRoute({
  getParentRoute: () => appRoute,
  path: "/finance/accounts/$accountId/spend",
  component: withPages(function AccountSpendRoute() {
    const { t } = useTranslation();
    const { accountId } = accountSpendRoute.useParams();
    useDocumentTitle(t("insights.accountPageTitle", "Account spend against estimate"));
    return (
      <RoleGate roles={["FINANCE", "ADMIN"]}>
        <AccountSpendPage key={accountId} accountId={idOf(accountId)} />
      </RoleGate>
    );
  }, AccountSpendPage, shippedTexts),
});

/** Estimate accuracy across the groups (issue 26): `/finance/accuracy`, FINANCE and ADMIN. */
const accuracyRoute = createRoute({
  getParentRoute: () => appRoute,
  path: "/finance/accuracy",
  component: withPages(function AccuracyRoute() {
    const { t } = useTranslation();
    useDocumentTitle(t("accuracy.financeTitle", "Estimate accuracy"));
    return (
      <RoleGate roles={["FINANCE", "ADMIN"]}>
        <AccuracyPage />
      </RoleGate>
    );
  }, AccuracyPage, shippedTexts),
});

export const financeInsightsRoutes = { public: [], app: [spendRoute, accountSpendRoute, accuracyRoute] };
