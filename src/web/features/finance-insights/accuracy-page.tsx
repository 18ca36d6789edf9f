/**
 * Finance's estimate accuracy page (issue 26 "Estimate accuracy, published … in finance's insights"):
 * `/finance/accuracy` for FINANCE and ADMIN, every group's moves with approved spend (programme.financeAccuracy):
 * the median and 90th-percentile absolute error, spend against estimate and budget per currency, and the
 * figures per service, policy and period (months or quarters).
 */
import { useQuery } from "@tanstack/react-query";
import { Link } from "@tanstack/react-router";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { AccuracyHeadline, AccuracyStatsTable, SpendTotals } from "../../components/estimate-accuracy.tsx";
import { Card, CardContent } from "../../components/ui/card.tsx";
import { NativeSelect } from "../../components/ui/input.tsx";
import { Label } from "../../components/ui/label.tsx";
import { PageHeader } from "../../components/ui/page-header.tsx";
import { EmptyState, ErrorState, LoadingRows } from "../../components/ui/states.tsx";
import { errorText } from "../../lib/errors.ts";
import { trpc } from "../../lib/trpc.ts";

const linkClasses = "text-sm font-medium text-primary underline-offset-4 hover:underline focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring rounded-sm";

export function AccuracyPage() {
  const { t } = useTranslation();
  const [granularity, setGranularity] = useState<"month" | "quarter">("quarter");
  const accuracy = useQuery(trpc.programme.financeAccuracy.queryOptions({ granularity }));
  return (
    <div data-testid="finance-accuracy-page">
      <PageHeader
        eyebrow={t("accuracy.financeEyebrow")}
        title={t("accuracy.financeTitle")}
        description={t("accuracy.financeIntro")}
        actions={
          <Link to="/finance" className={linkClasses}>
            {t("accuracy.backToFinance")}
          </Link>
        }
      />
      <Card className="min-w-0">
        <CardContent className="flex min-w-0 flex-col gap-6 pt-6">
          <div className="flex max-w-xs flex-col gap-2">
            <Label htmlFor="accuracy-granularity">{t("accuracy.granularity")}</Label>
            <NativeSelect id="accuracy-granularity" value={granularity} onChange={(e) => setGranularity(e.target.value === "month" ? "month" : "quarter")}>
              <option value="quarter">{t("accuracy.quarter")}</option>
              <option value="month">{t("accuracy.month")}</option>
            </NativeSelect>
          </div>
          {accuracy.isPending ? (
            <div role="status" aria-label={t("accuracy.loading")}>
              <LoadingRows rows={4} />
            </div>
          ) : accuracy.isError ? (
            <ErrorState message={errorText(accuracy.error, t("accuracy.loadFailed"))} retryLabel={t("app.retry")} onRetry={() => void accuracy.refetch()} />
          ) : accuracy.data.moves === 0 ? (
            <EmptyState title={t("accuracy.emptyTitle")} description={t("accuracy.emptyText")} />
          ) : (
            <>
              <AccuracyHeadline stat={accuracy.data.overall} moves={accuracy.data.moves} testId="finance-accuracy-headline" />
              {accuracy.data.truncated ? <p className="text-xs text-muted-foreground">{t("accuracy.truncated", { limit: accuracy.data.limit })}</p> : null}
              <SpendTotals totals={accuracy.data.totals} testId="finance-accuracy-totals" />
              <div className="grid min-w-0 gap-6 desktop:grid-cols-2">
                <AccuracyStatsTable stats={accuracy.data.byService} caption={t("accuracy.byService")} nameTitle={t("accuracy.colService")} testId="finance-accuracy-services" />
                <AccuracyStatsTable stats={accuracy.data.byPolicy} caption={t("accuracy.byPolicy")} nameTitle={t("accuracy.colPolicy")} testId="finance-accuracy-policies" />
              </div>
              <AccuracyStatsTable stats={accuracy.data.byPeriod} caption={t("accuracy.byPeriod")} nameTitle={t("accuracy.colPeriod")} testId="finance-accuracy-periods" />
            </>
          )}
        </CardContent>
      </Card>
    </div>
  );
}
