/**
 * /{group}/cost-estimate-view?employeeId=&costEstimateId= (part 1 §2: a history version, opened
 * in a new tab): one estimate version, read-only, with its balance sheet when it has one and the
 * export links of that version.
 */
import { useQuery } from "@tanstack/react-query";
import { FileSearch, History } from "lucide-react";
import { useState, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { estimateMessages } from "../../../domain/estimate/messages.ts";
import { Alert } from "../../components/ui/alert.tsx";
import { Badge } from "../../components/ui/badge.tsx";
import { Card, CardContent } from "../../components/ui/card.tsx";
import { PageHeader } from "../../components/ui/page-header.tsx";
import { EmptyState, ErrorState, LoadingRows } from "../../components/ui/states.tsx";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "../../components/ui/tabs.tsx";
import { errorCode, serverMessage } from "../../lib/errors.ts";
import { trpc } from "../../lib/trpc.ts";
import { BalanceSheetTable } from "./balance-sheet.tsx";
import { useGroupDisplayName } from "../../lib/group-name.ts";
import { isConnectionFailure } from "./calls.ts";
import { categoryKey, methodKey } from "./estimate-settings.tsx";
import { ExportLinks, TypeBadge } from "./estimate-parts.tsx";
import { EstimateTable } from "./estimate-table.tsx";
import { formatDate, formatDateTime, formatRate, formatWhole } from "./format.ts";
import { TaxTablesList } from "./tax-tables.tsx";

export function EstimateViewPage({ group, employeeId, costEstimateId }: { group: string; employeeId?: number; costEstimateId?: number }) {
  const { t } = useTranslation();
  const groupName = useGroupDisplayName(group);
  const header = <PageHeader eyebrow={t("estimate.page.eyebrow", { group: groupName })} title={t("estimate.page.title")} />;
  if (employeeId === undefined || costEstimateId === undefined) {
    return (
      <div>
        {header}
        <Card>
          <EmptyState icon={FileSearch} title={t("estimate.page.missingTitle")} description={t("estimate.page.missingBody")} />
        </Card>
      </div>
    );
  }
  return <EstimateVersion group={group} employeeId={employeeId} costEstimateId={costEstimateId} header={header} />;
}

function EstimateVersion({ group, employeeId, costEstimateId, header }: { group: string; employeeId: number; costEstimateId: number; header: ReactNode }) {
  const { t } = useTranslation();
  const groupName = useGroupDisplayName(group);
  const [tab, setTab] = useState("costEstimate");
  const query = useQuery({ ...trpc.estimate.version.queryOptions({ group, employeeId, costEstimateId }), refetchOnWindowFocus: false });
  if (query.isPending) {
    return (
      <div>
        {header}
        <Card>
          <LoadingRows rows={8} />
        </Card>
      </div>
    );
  }
  if (query.isError || !query.data.success) {
    const notFound = query.isError && errorCode(query.error) === "NOT_FOUND";
    return (
      <div>
        {header}
        <Card>
          {notFound ? (
            <EmptyState icon={FileSearch} title={estimateMessages.estimateNotFound} />
          ) : (
            <ErrorState
              message={query.isError && isConnectionFailure(query.error) ? estimateMessages.saveTimeout : ((query.isError ? serverMessage(query.error) : null) ?? estimateMessages.experiencingIssue)}
              retryLabel={t("app.retry")}
              onRetry={() => void query.refetch()}
            />
          )}
        </Card>
      </div>
    );
  }
  const { costEstimate: view, balanceSheet } = query.data;
  const info = view.employeeInformation;
  const by = view.createdBy ?? t("estimate.history.system");
  return (
    <div>
      <PageHeader
        eyebrow={t("estimate.page.eyebrow", { group: groupName })}
        title={t("estimate.page.titleFor", { name: info.employeeName })}
        description={t("estimate.description", { name: info.employeeName, policy: info.policyName, from: info.originName, to: info.destinationName })}
      />
      <Alert variant={view.current ? "info" : "success"} className="mb-6" data-testid="version-banner" title={t("estimate.page.banner", { n: view.versionNumber, name: info.employeeName, date: formatDateTime(view.createdAt), by })}>
        <span className="flex flex-wrap items-center gap-2">
          <History className="size-4" aria-hidden="true" />
          {view.current ? t("estimate.page.current") : t("estimate.page.earlier")}
        </span>
      </Alert>
      <Card>
        <CardContent className="flex flex-col gap-5">
          <div className="flex flex-wrap items-center justify-between gap-4">
            <div className="flex flex-wrap items-center gap-2">
              <TypeBadge type={view.type} />
              <Badge variant="neutral">{t("estimate.version", { n: view.versionNumber })}</Badge>
              {info.approvalState?.state === "REJECTED" ? (
                <Badge variant="destructive">{t("estimate.history.rejected")}</Badge>
              ) : info.isApproved ? (
                <Badge variant="success">{t("estimate.history.approved")}</Badge>
              ) : info.approvalState?.state === "PENDING" ? (
                <Badge variant="info">{t("estimate.history.pending")}</Badge>
              ) : (
                <Badge variant="neutral">{t("estimate.history.notApproved")}</Badge>
              )}
            </div>
            <ExportLinks group={group} employeeId={employeeId} moveId={view.moveId} costEstimateId={view.costEstimateId} balanceSheet={tab === "balanceSheet"} />
          </div>
          <dl className="grid gap-x-6 gap-y-3 text-sm tablet:grid-cols-2 desktop:grid-cols-4">
            <Fact label={t("estimate.page.dates")} value={info.estimatedMoveStartDate ? `${formatDate(info.estimatedMoveStartDate)} – ${formatDate(info.estimatedMoveEndDate ?? view.endDate)}` : "—"} />
            <Fact label={t("estimate.currency.display")} value={view.secondaryDisplayCurrency ? `${view.displayCurrency} (${view.secondaryDisplayCurrency})` : view.displayCurrency} />
            <Fact label={t("estimate.tax.title")} value={`${t(methodKey(view.taxMethod))} · ${t(categoryKey(view.taxCategory))} · ${t("estimate.tax.percent", { rate: view.taxRate })}`} />
            <Fact
              label={t("estimate.approval.title")}
              value={
                info.approvalState?.state === "REJECTED"
                  ? `${t("estimate.approval.rejected")} ${t("estimate.approval.rejectedBy", { name: info.approvalState.decidedBy ?? "—", date: formatDate(info.approvalState.decidedAt) || "—", comment: info.approvalState.comment ?? "" })}`
                  : info.isApproved
                  ? t("estimate.page.approvedBy", { name: info.approverName ?? "—", date: formatDate(info.approvalDate) || "—" })
                  : info.approverEmail
                    ? t("estimate.page.approverIs", { email: info.approverEmail })
                    : t("estimate.history.notApproved")
              }
            />
          </dl>
          {view.exchangeRates.length > 0 ? (
            <p className="text-[13px] text-muted-foreground">
              {view.exchangeRates.map((r) => `1 ${r.from} = ${formatRate(r.rate)} ${r.to}`).join(" · ")}
            </p>
          ) : null}
          {balanceSheet ? (
            <Tabs value={tab} onValueChange={setTab}>
              <TabsList aria-label={t("estimate.tabs.label")}>
                <TabsTrigger value="costEstimate">{t("estimate.tabs.costEstimate")}</TabsTrigger>
                <TabsTrigger value="balanceSheet">{t("estimate.tabs.balanceSheet")}</TabsTrigger>
              </TabsList>
              <TabsContent value="costEstimate">
                <EstimateTable view={view} caption={t("estimate.table.caption", { currency: view.displayCurrency })} />
              </TabsContent>
              <TabsContent value="balanceSheet">
                <BalanceSheetTable sheet={balanceSheet} />
              </TabsContent>
            </Tabs>
          ) : (
            <EstimateTable view={view} caption={t("estimate.table.caption", { currency: view.displayCurrency })} />
          )}
          <p className="text-sm text-muted-foreground" data-testid="version-total">
            {t("estimate.page.total", { total: formatWhole(view.total, view.displayCurrency) })}
          </p>
          <TaxTablesList tables={view.taxTables} />
        </CardContent>
      </Card>
    </div>
  );
}

function Fact({ label, value }: { label: string; value: string }) {
  return (
    <div className="flex flex-col gap-0.5">
      <dt className="text-muted-foreground">{label}</dt>
      <dd className="font-medium text-foreground">{value}</dd>
    </div>
  );
}
