/**
 * Finance's spend page of a move (issue 16 "Beyond the spec"): `/finance/moves/$moveId/spend`, the move's
 * estimate against actual (src/web/components/estimate-vs-actual.tsx) for FINANCE and ADMIN. Finance's
 * account page links here for an Employee account's moves.
 */
import { Link } from "@tanstack/react-router";
import { useTranslation } from "react-i18next";
import { EstimateVsActual } from "../../components/estimate-vs-actual.tsx";
import { Card, CardContent } from "../../components/ui/card.tsx";
import { PageHeader } from "../../components/ui/page-header.tsx";
import { EmptyState } from "../../components/ui/states.tsx";

const linkClasses = "text-sm font-medium text-primary underline-offset-4 hover:underline focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring rounded-sm";

export function SpendPage({ moveId }: { moveId: number | null }) {
  const { t } = useTranslation();
  const back = (
    <Link to="/finance" className={linkClasses}>
      {t("insights.backToFinance", "Back to finance")}
    </Link>
  );
  return (
    <div data-testid="finance-spend-page">
      <PageHeader
        eyebrow={t("insights.pageEyebrow", "Finance")}
        title={t("insights.pageTitle", "Spend against estimate")}
        description={moveId === null ? undefined : t("insights.pageDescription", "Each service's approved spend beside its cost-estimate line and its budget, updated as bills are approved.")}
        actions={back}
      />
      <Card className="min-w-0">
        <CardContent>{moveId === null ? <EmptyState title={t("insights.badMove", "This is not a move number.")} /> : <EstimateVsActual moveId={moveId} headingLevel={2} />}</CardContent>
      </Card>
    </div>
  );
}
