/**
 * Finance's account view of estimate against actual (issue 16 "Beyond the spec"):
 * `/finance/accounts/$accountId/spend`, every move behind the account (an Employee account: that
 * employee's moves) with its spend against the estimate and a link to each move's spend page.
 */
import { Link } from "@tanstack/react-router";
import { useTranslation } from "react-i18next";
import { AccountEstimateVsActual } from "../../components/estimate-vs-actual.tsx";
import { Card, CardContent } from "../../components/ui/card.tsx";
import { PageHeader } from "../../components/ui/page-header.tsx";
import { EmptyState } from "../../components/ui/states.tsx";

const linkClasses = "text-sm font-medium text-primary underline-offset-4 hover:underline focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring rounded-sm";

export function AccountSpendPage({ accountId }: { accountId: number | null }) {
  const { t } = useTranslation();
  return (
    <div data-testid="finance-account-spend-page">
      <PageHeader
        eyebrow={t("insights.pageEyebrow", "Finance")}
        title={t("insights.accountPageTitle", "Account spend against estimate")}
        description={accountId === null ? undefined : t("insights.accountPageDescription", { accountId, defaultValue: "Account {{accountId}}: the moves behind it, each service's approved spend beside its cost-estimate line and its budget." })}
        actions={
          <Link to="/finance" className={linkClasses}>
            {t("insights.backToFinance", "Back to finance")}
          </Link>
        }
      />
      <Card className="min-w-0">
        <CardContent>{accountId === null ? <EmptyState title={t("insights.badAccount", "This is not an account number.")} /> : <AccountEstimateVsActual accountId={accountId} />}</CardContent>
      </Card>
    </div>
  );
}
