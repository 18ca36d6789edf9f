import { useMutation, useQuery } from "@tanstack/react-query";
import { Link } from "@tanstack/react-router";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { financeMessages as FM } from "../../../domain/finance/messages.ts";
import { ConfirmDialog } from "../../components/ui/alert-dialog.tsx";
import { Badge } from "../../components/ui/badge.tsx";
import { Button } from "../../components/ui/button.tsx";
import { Card } from "../../components/ui/card.tsx";
import { EmptyState, ErrorState, LoadingRows } from "../../components/ui/states.tsx";
import { serverMessage } from "../../lib/errors.ts";
import { formatDateTime, formatMoney } from "../../lib/format.ts";
import { queryClient, trpc } from "../../lib/trpc.ts";

type Batch = { id: number; messageId: string; billCount: number; totals: { amount: number; currency: string }[]; createdAt: string; status: "Active" | "Cancelled" | "Paid"; cancelledAt: string | null };

/**
 * The export batches (payment files) with their CSV and ISO 20022 downloads, and "Cancel batch"
 * (issue 23): a batch not yet paid can be withdrawn after a confirmation, so its bills may be voided,
 * sent back or exported again. A cancelled batch stays listed (and downloadable) as Cancelled.
 */
export function PaymentFilesCard({ onChanged, notify }: { onChanged: () => void; notify: (notice: { kind: "success" | "destructive"; text: string } | null) => void }) {
  const { t } = useTranslation();
  const query = useQuery(trpc.finance.bills.batches.queryOptions());
  const [confirming, setConfirming] = useState<Batch | null>(null);
  const cancel = useMutation(
    trpc.finance.bills.cancelBatch.mutationOptions({
      onSuccess: (r) => notify({ kind: "success", text: t("financeBills.batchCancelled", { messageId: r.messageId }) }),
      onError: (error) => notify({ kind: "destructive", text: serverMessage(error) ?? FM.saveChangesError }),
      onSettled: () => {
        void queryClient.invalidateQueries({ queryKey: trpc.finance.bills.batches.queryKey() });
        onChanged();
      },
    }),
  );
  const base = "/accountmanagement/billmanagement/export";

  return (
    <Card className="flex min-w-0 flex-col gap-3 p-4" role="region" aria-labelledby="payment-files-title">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="payment-files-title" className="text-base font-semibold">
          {t("financeBills.paymentFiles")}
        </h2>
        {/* Issue 24 §5: the history page reconciles the files (mark paid, returned bills). */}
        <Link to="/finance/payment-files" className="text-sm underline">
          {t("financeBills.paymentHistory")}
        </Link>
      </div>
      {query.isPending ? (
        <LoadingRows rows={2} />
      ) : query.isError ? (
        <ErrorState message={serverMessage(query.error) ?? FM.saveChangesError} retryLabel={t("app.retry")} onRetry={() => void query.refetch()} />
      ) : query.data.length === 0 ? (
        <EmptyState title={t("financeBills.paymentFilesEmpty")} />
      ) : (
        <ul className="flex flex-col divide-y divide-border" aria-label={t("financeBills.paymentFiles")}>
          {query.data.map((b) => (
            <li key={b.id} className="flex flex-col gap-2 py-3 tablet:flex-row tablet:items-center tablet:gap-4" data-testid={`batch-${b.id}`}>
              <div className="flex min-w-0 flex-1 flex-col gap-1">
                <span className="flex flex-wrap items-center gap-2">
                  <span className="break-all font-medium">{b.messageId}</span>
                  <Badge variant={b.status === "Cancelled" ? "neutral" : b.status === "Paid" ? "success" : "info"}>{t(`financeBills.batchStatus.${b.status}`)}</Badge>
                </span>
                <span className="text-xs text-muted-foreground">
                  {t("financeBills.batchSummary", { count: b.billCount, createdAt: formatDateTime(b.createdAt) })}
                  {b.totals.length > 0 ? ` · ${b.totals.map((x) => formatMoney(x)).join(", ")}` : ""}
                  {b.cancelledAt ? ` · ${t("financeBills.batchCancelledAt", { at: formatDateTime(b.cancelledAt) })}` : ""}
                </span>
              </div>
              <div className="flex flex-wrap items-center gap-3">
                <a className="text-sm underline" href={`${base}/${b.id}/csv`} aria-label={t("financeBills.downloadCsvOf", { messageId: b.messageId })}>
                  {t("financeBills.downloadCsv")}
                </a>
                <a className="text-sm underline" href={`${base}/${b.id}/xml`} aria-label={t("financeBills.downloadXmlOf", { messageId: b.messageId })}>
                  {t("financeBills.downloadXml")}
                </a>
                {b.status === "Active" ? (
                  <Button size="sm" variant="outline" busy={cancel.isPending && confirming?.id === b.id} onClick={() => setConfirming(b)} aria-label={t("financeBills.cancelBatchOf", { messageId: b.messageId })}>
                    {t("financeBills.cancelBatch")}
                  </Button>
                ) : null}
              </div>
            </li>
          ))}
        </ul>
      )}
      <ConfirmDialog
        open={confirming !== null}
        onOpenChange={(open) => !open && setConfirming(null)}
        title={confirming ? t("financeBills.cancelBatchTitle", { messageId: confirming.messageId }) : ""}
        description={t("financeBills.cancelBatchDescription")}
        confirmLabel={t("financeBills.cancelBatch")}
        cancelLabel={t("financeBills.keepBatch")}
        destructive
        onConfirm={() => {
          if (!confirming) return;
          notify(null);
          cancel.mutate({ batchId: confirming.id, idempotencyKey: crypto.randomUUID() });
        }}
      />
    </Card>
  );
}
