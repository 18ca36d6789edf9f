/**
 * Payment file history and reconciliation (issue 24 §5), FINANCE and ADMIN: every export batch with its
 * files (downloadable again), its bills, totals per currency, who exported it and when; "Mark paid" (the
 * bank paid the file: its bills are paid together, on the payment date) and, per bill, "Returned" (the
 * bank returned the transfer: the bill is back to payment pending with the bank's reason, shown here).
 * Tables become cards below the tablet breakpoint, so nothing scrolls sideways at 390 px.
 */
import { useMutation, useQuery } from "@tanstack/react-query";
import { Link } from "@tanstack/react-router";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { financeMessages as FM } from "../../../domain/finance/messages.ts";
import { Alert } from "../../components/ui/alert.tsx";
import { Badge } from "../../components/ui/badge.tsx";
import { Button } from "../../components/ui/button.tsx";
import { Card } from "../../components/ui/card.tsx";
import { Dialog, DialogContent, DialogDescription, DialogTitle } from "../../components/ui/dialog.tsx";
import { FormField } from "../../components/ui/form-field.tsx";
import { Input } from "../../components/ui/input.tsx";
import { PageHeader } from "../../components/ui/page-header.tsx";
import { EmptyState, ErrorState, LoadingRows } from "../../components/ui/states.tsx";
import { Textarea } from "../../components/ui/textarea.tsx";
import { serverMessage } from "../../lib/errors.ts";
import { formatDate, formatDateTime, formatMoney } from "../../lib/format.ts";
import { queryClient, trpc } from "../../lib/trpc.ts";

const PAGE_SIZE = 10;

type Notice = { kind: "success" | "destructive"; text: string } | null;

function todayIso(): string {
  return new Date().toISOString().slice(0, 10);
}

export function PaymentHistoryPage() {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const [notice, setNotice] = useState<Notice>(null);
  const [paying, setPaying] = useState<{ id: number; messageId: string } | null>(null);
  const [paymentDate, setPaymentDate] = useState(todayIso());
  const [returning, setReturning] = useState<{ batchId: number; billId: number } | null>(null);
  const [reason, setReason] = useState("");
  const [formError, setFormError] = useState<string | null>(null);
  const query = useQuery(trpc.finance.bills.batchHistory.queryOptions({ page, pageSize: PAGE_SIZE }));
  const refresh = () => {
    void queryClient.invalidateQueries({ queryKey: trpc.finance.bills.batchHistory.queryKey() });
    void queryClient.invalidateQueries({ queryKey: trpc.finance.bills.batches.queryKey() });
    void queryClient.invalidateQueries({ queryKey: trpc.finance.bills.list.queryKey() });
  };
  const markPaid = useMutation(
    trpc.finance.bills.markBatchPaid.mutationOptions({
      onSuccess: (r) => {
        setPaying(null);
        setNotice({ kind: "success", text: t("financePayments.markedPaid", { messageId: r.messageId }) });
      },
      onError: (error) => setFormError(serverMessage(error) ?? FM.saveChangesError),
      onSettled: refresh,
    }),
  );
  const returnBill = useMutation(
    trpc.finance.bills.returnBatchBill.mutationOptions({
      onSuccess: (r) => {
        setReturning(null);
        setNotice({ kind: "success", text: t("financePayments.returned", { id: r.billId }) });
      },
      onError: (error) => setFormError(serverMessage(error) ?? FM.saveChangesError),
      onSettled: refresh,
    }),
  );

  const pages = query.data ? Math.max(1, Math.ceil(query.data.total / PAGE_SIZE)) : 1;

  return (
    <div className="flex min-w-0 flex-col gap-4">
      <PageHeader
        eyebrow={t("financePayments.eyebrow")}
        title={t("financePayments.title")}
        description={t("financePayments.description")}
        actions={
          <Link to="/finance/bill-management" className="text-sm underline">
            {t("financePayments.backToBills")}
          </Link>
        }
      />
      {notice ? (
        <Alert variant={notice.kind} role={notice.kind === "destructive" ? "alert" : "status"}>
          {notice.text}
        </Alert>
      ) : null}
      {query.isPending ? (
        <LoadingRows rows={3} rowClassName="h-24" />
      ) : query.isError ? (
        <ErrorState message={serverMessage(query.error) ?? FM.saveChangesError} retryLabel={t("app.retry")} onRetry={() => void query.refetch()} />
      ) : query.data.batches.length === 0 ? (
        <EmptyState title={t("financePayments.empty")} description={t("financePayments.emptyHint")} />
      ) : (
        <>
          <ul className="flex flex-col gap-4" aria-label={t("financePayments.history")}>
            {query.data.batches.map((b) => (
              <li key={b.id}>
                <Card className="flex min-w-0 flex-col gap-3 p-4" data-testid={`history-batch-${b.id}`} aria-labelledby={`history-batch-${b.id}-title`} role="region">
                  <div className="flex flex-col gap-2 tablet:flex-row tablet:items-start tablet:justify-between">
                    <div className="flex min-w-0 flex-col gap-1">
                      <h2 id={`history-batch-${b.id}-title`} className="flex flex-wrap items-center gap-2 text-base font-semibold">
                        <span className="break-all">{b.messageId}</span>
                        <Badge variant={b.status === "Paid" ? "success" : b.status === "Cancelled" ? "neutral" : "info"}>{b.statusLabel}</Badge>
                      </h2>
                      <p className="text-sm text-muted-foreground">
                        {b.createdBy ? t("financePayments.exported", { at: formatDateTime(b.createdAt), who: b.createdBy }) : t("financePayments.exportedNoName", { at: formatDateTime(b.createdAt) })}
                        {" · "}
                        {t("financePayments.bills", { count: b.billCount })}
                      </p>
                      {b.paidDate ? <p className="text-sm">{t("financePayments.paid", { date: formatDate(b.paidDate), who: b.paidBy ?? "" })}</p> : null}
                      {b.cancelledAt ? <p className="text-sm text-muted-foreground">{t("financePayments.cancelled", { at: formatDateTime(b.cancelledAt) })}</p> : null}
                      <p className="text-sm">
                        <span className="font-medium">{t("financePayments.totals")}: </span>
                        {b.totals.map((x) => formatMoney(x)).join(" · ")}
                      </p>
                    </div>
                    <div className="flex flex-wrap items-center gap-3">
                      <a className="text-sm underline" href={b.csvUrl} aria-label={t("financePayments.downloadCsvOf", { messageId: b.messageId })}>
                        {t("financePayments.downloadCsv")}
                      </a>
                      <a className="text-sm underline" href={b.xmlUrl} aria-label={t("financePayments.downloadXmlOf", { messageId: b.messageId })}>
                        {t("financePayments.downloadXml")}
                      </a>
                      {b.status === "Active" ? (
                        <Button
                          size="sm"
                          onClick={() => {
                            setFormError(null);
                            setNotice(null);
                            setPaymentDate(todayIso());
                            setPaying({ id: b.id, messageId: b.messageId });
                          }}
                          aria-label={t("financePayments.markPaidOf", { messageId: b.messageId })}
                        >
                          {t("financePayments.markPaid")}
                        </Button>
                      ) : null}
                    </div>
                  </div>
                  <table className="w-full text-sm" aria-label={t("financePayments.bills", { count: b.bills.length })}>
                    <thead className="sr-only tablet:not-sr-only">
                      <tr className="text-left text-muted-foreground">
                        <th className="py-1 pr-3 font-medium">{t("financePayments.bill")}</th>
                        <th className="py-1 pr-3 font-medium">{t("financePayments.payee")}</th>
                        <th className="py-1 pr-3 font-medium">{t("financePayments.client")}</th>
                        <th className="py-1 pr-3 text-right font-medium">{t("financePayments.amount")}</th>
                        <th className="py-1 pr-3 font-medium">{t("financePayments.state")}</th>
                        <th className="py-1 font-medium">
                          <span className="sr-only">{t("financePayments.return")}</span>
                        </th>
                      </tr>
                    </thead>
                    <tbody className="divide-y divide-border">
                      {b.bills.map((x) => (
                        <tr key={x.billId} className="flex flex-wrap gap-x-3 gap-y-1 py-2 tablet:table-row" data-testid={`history-bill-${x.billId}`}>
                          <td className="tablet:py-2 tablet:pr-3">#{x.billId}</td>
                          <td className="min-w-0 break-words font-medium tablet:py-2 tablet:pr-3">{x.payeeName}</td>
                          <td className="text-muted-foreground tablet:py-2 tablet:pr-3">{x.groupName}</td>
                          <td className="tabular-nums tablet:py-2 tablet:pr-3 tablet:text-right">{x.amount ? formatMoney(x.amount) : ""}</td>
                          <td className="basis-full tablet:py-2 tablet:pr-3">
                            <Badge variant={x.state === "Returned" ? "warning" : x.state === "Paid" ? "success" : "neutral"}>{x.stateLabel}</Badge>
                            {x.returnReason ? <span className="mt-1 block break-words text-xs text-muted-foreground">{t("financePayments.reason", { reason: x.returnReason })}</span> : null}
                          </td>
                          <td className="tablet:py-2">
                            {x.canReturn ? (
                              <Button
                                size="sm"
                                variant="outline"
                                onClick={() => {
                                  setFormError(null);
                                  setNotice(null);
                                  setReason("");
                                  setReturning({ batchId: b.id, billId: x.billId });
                                }}
                                aria-label={t("financePayments.returnOf", { id: x.billId })}
                              >
                                {t("financePayments.return")}
                              </Button>
                            ) : null}
                          </td>
                        </tr>
                      ))}
                    </tbody>
                  </table>
                </Card>
              </li>
            ))}
          </ul>
          {pages > 1 ? (
            <nav className="flex items-center justify-between gap-2" aria-label={t("financePayments.history")}>
              <Button size="sm" variant="outline" disabled={page <= 1} onClick={() => setPage((p) => p - 1)}>
                {t("financePayments.previous")}
              </Button>
              <span className="text-sm text-muted-foreground">{t("financePayments.page", { page, pages })}</span>
              <Button size="sm" variant="outline" disabled={page >= pages} onClick={() => setPage((p) => p + 1)}>
                {t("financePayments.next")}
              </Button>
            </nav>
          ) : null}
        </>
      )}

      <Dialog open={paying !== null} onOpenChange={(open) => !open && setPaying(null)}>
        <DialogContent closeLabel={t("financePayments.close")}>
          <DialogTitle>{paying ? t("financePayments.markPaidTitle", { messageId: paying.messageId }) : ""}</DialogTitle>
          <DialogDescription>{t("financePayments.markPaidDescription")}</DialogDescription>
          <form
            className="flex flex-col gap-4"
            onSubmit={(e) => {
              e.preventDefault();
              if (!paying) return;
              setFormError(null);
              markPaid.mutate({ batchId: paying.id, paymentDate, idempotencyKey: crypto.randomUUID() });
            }}
          >
            <FormField label={t("financePayments.paymentDate")} required error={formError}>
              {(field) => <Input {...field} type="date" max={todayIso()} value={paymentDate} onChange={(e) => setPaymentDate(e.target.value)} required />}
            </FormField>
            <div className="flex flex-wrap justify-end gap-2">
              <Button type="button" variant="outline" onClick={() => setPaying(null)}>
                {t("financePayments.keep")}
              </Button>
              <Button type="submit" busy={markPaid.isPending}>
                {t("financePayments.confirmPaid")}
              </Button>
            </div>
          </form>
        </DialogContent>
      </Dialog>

      <Dialog open={returning !== null} onOpenChange={(open) => !open && setReturning(null)}>
        <DialogContent closeLabel={t("financePayments.close")}>
          <DialogTitle>{returning ? t("financePayments.returnTitle", { id: returning.billId }) : ""}</DialogTitle>
          <DialogDescription>{t("financePayments.returnDescription")}</DialogDescription>
          <form
            className="flex flex-col gap-4"
            onSubmit={(e) => {
              e.preventDefault();
              if (!returning) return;
              setFormError(null);
              returnBill.mutate({ ...returning, reason, idempotencyKey: crypto.randomUUID() });
            }}
          >
            <FormField label={t("financePayments.returnReason")} hint={t("financePayments.returnReasonHint")} required error={formError}>
              {(field) => <Textarea {...field} rows={3} maxLength={500} value={reason} onChange={(e) => setReason(e.target.value)} required />}
            </FormField>
            <div className="flex flex-wrap justify-end gap-2">
              <Button type="button" variant="outline" onClick={() => setReturning(null)}>
                {t("financePayments.keep")}
              </Button>
              <Button type="submit" busy={returnBill.isPending}>
                {t("financePayments.confirmReturn")}
              </Button>
            </div>
          </form>
        </DialogContent>
      </Dialog>
    </div>
  );
}
