/**
 * The move page's estimate history (issue 13 QA item 5): every kept version of the move's cost
 * estimate with its number, date, author, total and approval state, each linking to its read-only
 * view (/{group}/cost-estimate-view). Reads `estimate.history` (part 1 §7 cost-estimate-history).
 */
import { useQuery } from "@tanstack/react-query";
import { Link } from "@tanstack/react-router";
import { useTranslation } from "react-i18next";
import type { THistoryResponse } from "../../../domain/estimate/schemas.ts";
import { Badge } from "../../components/ui/badge.tsx";
import { ErrorState, LoadingRows } from "../../components/ui/states.tsx";
import { formatDateTime, formatWholeMoney } from "../../lib/format.ts";
import { trpc } from "../../lib/trpc.ts";

type Version = THistoryResponse["history"][number];

function ApprovalBadge({ v }: { v: Version }) {
  const { t } = useTranslation();
  if (v.approvalState?.state === "REJECTED") return <Badge variant="destructive">{t("moveFile.rejected")}</Badge>;
  if (v.isApproved || v.approvalState?.state === "APPROVED") return <Badge variant="success">{t("moveFile.approved")}</Badge>;
  if (v.approvalState?.state === "PENDING") return <Badge variant="info">{t("moveFile.pending")}</Badge>;
  return <Badge variant="neutral">{t("moveFile.notApproved")}</Badge>;
}

export function EstimateHistory({ group, employeeId, moveId }: { group: string; employeeId: number; moveId: number }) {
  const { t } = useTranslation();
  const query = useQuery({ ...trpc.estimate.history.queryOptions({ employeeId, moveId }), refetchOnWindowFocus: false });
  return (
    <section aria-labelledby="estimate-history-title" className="mt-4 border-t border-border pt-4" data-testid="estimate-history">
      <h3 id="estimate-history-title" className="text-sm font-semibold text-foreground">
        {t("moveFile.history")}
      </h3>
      {query.isPending ? (
        <LoadingRows rows={2} className="p-0" />
      ) : query.isError || !query.data.success ? (
        <ErrorState message={t("moveFile.historyFailed")} retryLabel={t("app.retry")} onRetry={() => void query.refetch()} className="py-4" />
      ) : query.data.history.length === 0 ? (
        <p className="mt-2 text-sm text-muted-foreground">{t("moveFile.historyNone")}</p>
      ) : (
        <ol className="mt-2 flex flex-col">
          {query.data.history.map((v) => (
            <li key={v.costEstimateId} className="flex flex-wrap items-center justify-between gap-x-3 gap-y-1 border-b border-border/60 py-2 text-sm last:border-0" data-testid="estimate-history-row">
              <span className="flex min-w-0 flex-col gap-0.5">
                <span className="flex flex-wrap items-center gap-2">
                  <Link to="/$group/cost-estimate-view" params={{ group }} search={{ employeeId, costEstimateId: v.costEstimateId }} className="font-medium text-primary underline-offset-4 hover:underline focus-visible:underline">
                    {t("moveFile.historyVersion", { n: v.versionNumber })}
                  </Link>
                  {v.current ? <Badge variant="info">{t("moveFile.historyCurrent")}</Badge> : null}
                </span>
                <span className="text-[13px] text-muted-foreground [overflow-wrap:anywhere]">
                  <time dateTime={v.createdAt}>{formatDateTime(v.createdAt)}</time> · {t("moveFile.historyBy", { name: v.createdBy ?? t("moveFile.system") })}
                </span>
              </span>
              <span className="flex flex-wrap items-center gap-2">
                <span className="font-medium tabular-nums">{formatWholeMoney({ amount: v.total, currency: v.displayCurrency })}</span>
                <ApprovalBadge v={v} />
              </span>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
