/**
 * The estimate's versions (part 1 §7 cost-estimate-history): date, author, total and approval of
 * each; a version opens /{group}/cost-estimate-view in a new tab (§2). Loads when opened; a
 * failure shows §8's "We are experiencing an issue…".
 */
import { useQuery } from "@tanstack/react-query";
import { ExternalLink, History } from "lucide-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { estimateMessages } from "../../../domain/estimate/messages.ts";
import { Badge } from "../../components/ui/badge.tsx";
import { Button } from "../../components/ui/button.tsx";
import { Dialog, DialogContent, DialogDescription, DialogTitle } from "../../components/ui/dialog.tsx";
import { EmptyState, ErrorState, LoadingRows } from "../../components/ui/states.tsx";
import { Table, TableCaption } from "../../components/ui/table.tsx";
import { trpc } from "../../lib/trpc.ts";
import { formatDateTime, formatWhole } from "./format.ts";

export function HistoryButton({ employeeId, moveId, disabled }: { employeeId: number; moveId: number; disabled?: boolean }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button variant="outline" size="sm" onClick={() => setOpen(true)} disabled={disabled}>
        <History aria-hidden="true" />
        {t("estimate.history.open")}
      </Button>
      <Dialog open={open} onOpenChange={setOpen}>
        <DialogContent closeLabel={t("app.close")} className="max-h-[90dvh] max-w-3xl overflow-y-auto">
          <DialogTitle>{t("estimate.history.title")}</DialogTitle>
          <DialogDescription>{t("estimate.history.description")}</DialogDescription>
          {open ? <HistoryList employeeId={employeeId} moveId={moveId} /> : null}
        </DialogContent>
      </Dialog>
    </>
  );
}

function HistoryList({ employeeId, moveId }: { employeeId: number; moveId: number }) {
  const { t } = useTranslation();
  const query = useQuery({ ...trpc.estimate.history.queryOptions({ employeeId, moveId }), staleTime: 0 });
  if (query.isPending) return <LoadingRows rows={3} className="p-0" />;
  if (query.isError || !query.data.success) {
    return <ErrorState message={estimateMessages.experiencingIssue} retryLabel={t("app.retry")} onRetry={() => void query.refetch()} className="py-6" />;
  }
  if (query.data.history.length === 0) return <EmptyState icon={History} headingLevel={3} title={estimateMessages.noHistory} className="py-8" />;
  const th = "h-9 px-3 text-left text-xs font-semibold uppercase tracking-wide text-muted-foreground";
  return (
    <Table data-testid="history-list">
      <TableCaption>{t("estimate.history.caption", { name: query.data.employeeName })}</TableCaption>
      <thead className="bg-muted/70">
        <tr className="border-b border-border">
          <th scope="col" className={th}>
            {t("estimate.history.version")}
          </th>
          <th scope="col" className={th}>
            {t("estimate.history.created")}
          </th>
          <th scope="col" className={th}>
            {t("estimate.history.by")}
          </th>
          <th scope="col" className={`${th} text-right`}>
            {t("estimate.history.total")}
          </th>
          <th scope="col" className={th}>
            {t("estimate.history.approval")}
          </th>
        </tr>
      </thead>
      <tbody>
        {query.data.history.map((v) => (
          <tr key={v.costEstimateId} className="border-b border-border last:border-0" data-testid="history-row">
            <th scope="row" className="px-3 py-2.5 text-left font-normal">
              <a href={v.viewUrl} target="_blank" rel="noopener" className="inline-flex items-center gap-1.5 font-medium text-primary underline-offset-4 hover:underline">
                {t("estimate.history.versionN", { n: v.versionNumber })}
                <ExternalLink className="size-3.5" aria-hidden="true" />
                <span className="sr-only">{t("estimate.newTab")}</span>
              </a>
              {v.current ? (
                <Badge variant="info" className="ml-2">
                  {t("estimate.history.current")}
                </Badge>
              ) : null}
            </th>
            <td className="whitespace-nowrap px-3 py-2.5 text-muted-foreground">
              <time dateTime={v.createdAt}>{formatDateTime(v.createdAt)}</time>
            </td>
            <td className="px-3 py-2.5">{v.createdBy ?? t("estimate.history.system")}</td>
            <td className="whitespace-nowrap px-3 py-2.5 text-right tabular-nums">{formatWhole(v.total, v.displayCurrency)}</td>
            <td className="px-3 py-2.5">
              {v.approvalState?.state === "REJECTED" ? (
                <Badge variant="destructive" title={v.approvalState.comment ?? undefined}>
                  {t("estimate.history.rejected")}
                </Badge>
              ) : v.isApproved ? (
                <Badge variant="success">{t("estimate.history.approved")}</Badge>
              ) : v.approvalState?.state === "PENDING" ? (
                <Badge variant="info">{t("estimate.history.pending")}</Badge>
              ) : (
                <Badge variant="neutral">{t("estimate.history.notApproved")}</Badge>
              )}
            </td>
          </tr>
        ))}
      </tbody>
    </Table>
  );
}
