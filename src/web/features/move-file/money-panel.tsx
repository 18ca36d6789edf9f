/**
 * The Money card of HR's move page (issue 24 §1, §4): the move's expenses, vendor bookings, lump sums
 * and cash allowances, each with the state the employee and finance see (derived once on the server,
 * src/domain/employee/expenses/lifecycle.ts: stage, step dates, reason, payment), and the move's bills with their
 * state, due and paid dates. Read only; managers see it for the moves their restrictions allow.
 */
import { useQuery } from "@tanstack/react-query";
import { Banknote } from "lucide-react";
import { useTranslation } from "react-i18next";
import type { LifecycleStage } from "../../../domain/employee/expenses/lifecycle.ts";
import { LifecycleBadge, LifecycleSteps, LifecycleSummary, useStageLabel } from "../../components/expense-lifecycle.tsx";
import { Badge } from "../../components/ui/badge.tsx";
import { Card, CardContent, CardHeader, CardTitle } from "../../components/ui/card.tsx";
import { EmptyState, ErrorState, LoadingRows } from "../../components/ui/states.tsx";
import { serverMessage } from "../../lib/errors.ts";
import { formatDate, formatMajorMoney } from "../../lib/format.ts";
import { trpc } from "../../lib/trpc.ts";

type Ref = { group: string; employeeId: number; moveId: number };

const BILL_VARIANT: Record<LifecycleStage, "info" | "success" | "destructive" | "neutral" | "warning"> = {
  submitted: "info",
  submittedWithoutReceipt: "warning",
  inReview: "neutral",
  changesRequested: "warning",
  rejected: "destructive",
  approved: "neutral",
  paymentPending: "info",
  partiallyPaid: "info",
  paid: "success",
  audited: "success",
  cancelled: "destructive",
};

export function MoneyPanel(ref: Ref) {
  const { t } = useTranslation();
  const stageLabel = useStageLabel();
  const query = useQuery({ ...trpc.expenses.moneyForMove.queryOptions({ group: ref.group, moveId: ref.moveId }), retry: false, refetchOnWindowFocus: false });
  return (
    <Card className="min-w-0 desktop:col-span-2" data-testid="money-panel">
      <section aria-labelledby="panel-money">
        <CardHeader>
          <CardTitle id="panel-money">{t("moneyPanel.title", "Money")}</CardTitle>
          <p className="text-sm text-muted-foreground">{t("moneyPanel.intro", "The move's expenses, bookings and bills, each with the state the employee and finance see.")}</p>
        </CardHeader>
        <CardContent className="flex flex-col gap-6">
          {query.isPending ? (
            <div aria-busy="true">
              <LoadingRows rows={3} />
            </div>
          ) : query.isError ? (
            <ErrorState message={serverMessage(query.error) ?? t("moneyPanel.loadFailed", "The move's money could not be loaded.")} retryLabel={t("app.retry")} onRetry={() => void query.refetch()} />
          ) : (
            <>
              <div className="flex min-w-0 flex-col gap-2">
                <h3 className="text-sm font-semibold">{t("moneyPanel.items", "Expenses and bookings")}</h3>
                {query.data.items.length === 0 ? (
                  <EmptyState icon={Banknote} title={t("moneyPanel.noItems", "No expenses or bookings yet.")} />
                ) : (
                  <ul className="flex flex-col divide-y divide-border" data-testid="money-items">
                    {query.data.items.map((i) => (
                      <li key={`${i.kind}:${i.id}`} className="flex min-w-0 flex-col gap-2 py-3" data-testid="money-item" data-kind={i.kind} data-id={i.id}>
                        <div className="flex min-w-0 flex-wrap items-start justify-between gap-2">
                          <div className="min-w-0 flex-1">
                            <p className="break-words font-medium">{i.title}</p>
                            <p className="text-sm text-muted-foreground">
                              {t(`moneyPanel.kind.${i.kind}`, i.kindLabel)} · {formatDate(i.date)}
                            </p>
                          </div>
                          <div className="flex shrink-0 flex-col items-end gap-1">
                            <span className="font-medium tabular-nums">{formatMajorMoney(i.gross, i.currency)}</span>
                            <LifecycleBadge lifecycle={i.lifecycle} testId="money-item-state" />
                          </div>
                        </div>
                        <LifecycleSteps lifecycle={i.lifecycle} />
                        <LifecycleSummary lifecycle={i.lifecycle} />
                      </li>
                    ))}
                  </ul>
                )}
              </div>
              <div className="flex min-w-0 flex-col gap-2">
                <h3 className="text-sm font-semibold">{t("moneyPanel.bills", "Bills")}</h3>
                {query.data.bills.length === 0 ? (
                  <p className="text-sm text-muted-foreground">{t("moneyPanel.noBills", "No bills yet.")}</p>
                ) : (
                  <ul className="flex flex-col divide-y divide-border" data-testid="money-bills">
                    {query.data.bills.map((b) => (
                      <li key={b.id} className="flex min-w-0 flex-wrap items-center justify-between gap-2 py-2" data-testid="money-bill" data-id={b.id}>
                        <div className="min-w-0 flex-1">
                          <p className="break-words font-medium">{b.reference}</p>
                          <p className="text-sm text-muted-foreground">
                            {b.typeLabel}
                            {b.paidDate ? ` · ${t("moneyPanel.paidOn", { date: formatDate(b.paidDate), defaultValue: "Paid on {{date}}" })}` : b.dueDate ? ` · ${t("moneyPanel.due", { date: formatDate(b.dueDate), defaultValue: "Due {{date}}" })}` : ""}
                          </p>
                        </div>
                        <div className="flex shrink-0 items-center gap-2">
                          <span className="font-medium tabular-nums">{formatMajorMoney(b.gross, b.currency)}</span>
                          <Badge variant={BILL_VARIANT[b.stage]} data-testid="money-bill-state">
                            {b.stage === "approved" ? t("moneyPanel.billOpen", b.label) : stageLabel(b.stage, b.label)}
                          </Badge>
                        </div>
                      </li>
                    ))}
                  </ul>
                )}
              </div>
            </>
          )}
        </CardContent>
      </section>
    </Card>
  );
}
