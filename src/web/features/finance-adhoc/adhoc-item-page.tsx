/**
 * /crm/adhoc-charges/$itemId — one ad-hoc charge (or external spend) with its recurring payment schedule
 * (spec part 2 §3 "Recurring payment: paymentAmount, paymentDueDate"): where a created charge lands.
 */
import { useQuery } from "@tanstack/react-query";
import { Link } from "@tanstack/react-router";
import { useTranslation } from "react-i18next";
import { ADHOC_TYPE_LABELS, type AdhocType } from "../../../domain/finance/schemas-adhoc.ts";
import { Badge } from "../../components/ui/badge.tsx";
import { Button } from "../../components/ui/button.tsx";
import { Card, CardContent, CardHeader, CardTitle } from "../../components/ui/card.tsx";
import { PageHeader } from "../../components/ui/page-header.tsx";
import { ErrorState, LoadingRows } from "../../components/ui/states.tsx";
import { errorText } from "../../lib/errors.ts";
import { formatDate, formatMajorMoney } from "../../lib/format.ts";
import { trpc } from "../../lib/trpc.ts";
import { Amount } from "./shared.tsx";

export function AdhocItemPage({ itemId }: { itemId: number }) {
  const { t } = useTranslation();
  const item = useQuery(trpc.finance.adhoc.item.queryOptions({ itemId }));
  const title = t("financeAdhoc.itemTitle", { id: itemId, defaultValue: "Ad-hoc charge #{{id}}" });
  return (
    <div data-testid="adhoc-item-page">
      <PageHeader
        title={title}
        actions={
          <Button asChild variant="outline">
            <Link to="/crm/adhoc-charges/new">{t("financeAdhoc.newCharge", "New ad-hoc charge")}</Link>
          </Button>
        }
      />
      {item.isPending ? (
        <Card aria-busy="true">
          <LoadingRows rows={4} />
        </Card>
      ) : item.isError ? (
        <Card>
          <ErrorState message={errorText(item.error, t("financeAdhoc.itemFailed", "The charge could not be loaded."))} retryLabel={t("app.retry")} onRetry={() => void item.refetch()} />
        </Card>
      ) : (
        <div className="grid min-w-0 items-start gap-6 desktop:grid-cols-2">
          <Card>
            <CardHeader>
              <CardTitle>{t("financeAdhoc.chargeDetails", "Charge")}</CardTitle>
            </CardHeader>
            <CardContent>
              <dl className="grid grid-cols-[minmax(0,1fr)_minmax(0,1.4fr)] gap-x-4 gap-y-2 text-sm" data-testid="item-details">
                <dt className="text-muted-foreground">{t("financeAdhoc.type", "Type")}</dt>
                <dd>{item.data.item.adhocType ? (ADHOC_TYPE_LABELS[item.data.item.adhocType as AdhocType] ?? item.data.item.adhocType) : t("financeAdhoc.externalSpend", "External spend")}</dd>
                <dt className="text-muted-foreground">{t("financeAdhoc.status", "Status")}</dt>
                <dd>
                  <Badge variant={item.data.item.status === "APPROVED" ? "success" : item.data.item.status === "REJECTED" ? "destructive" : "info"}>{t(`financeAdhoc.itemStatus.${item.data.item.status as "SUBMITTED" | "APPROVED" | "REJECTED" | "CHANGE_REQUESTED"}`)}</Badge>
                </dd>
                <dt className="text-muted-foreground">{t("financeAdhoc.group", "Group")}</dt>
                <dd>{item.data.item.groupDisplayName}</dd>
                <dt className="text-muted-foreground">{t("financeAdhoc.employee", "Employee")}</dt>
                <dd>{item.data.item.employeeName}</dd>
                <dt className="text-muted-foreground">{t("financeAdhoc.amount", "Amount")}</dt>
                <dd className="text-right tabular-nums" data-testid="item-gross">
                  {formatMajorMoney(item.data.item.gross, item.data.item.currency)}
                </dd>
                <dt className="text-muted-foreground">{t("financeAdhoc.chargeDate", "Charge date")}</dt>
                <dd>{formatDate(item.data.item.date)}</dd>
                {item.data.item.companyName ? (
                  <>
                    <dt className="text-muted-foreground">{t("financeAdhoc.company", "Company")}</dt>
                    <dd>{item.data.item.companyName}</dd>
                  </>
                ) : null}
                <dt className="text-muted-foreground">{t("financeAdhoc.internalRef", "Internal reference")}</dt>
                <dd className="break-words">{item.data.item.internalRef || "—"}</dd>
                <dt className="text-muted-foreground">{t("financeAdhoc.externalRef", "External reference")}</dt>
                <dd className="break-words">{item.data.item.externalRef || "—"}</dd>
                <dt className="text-muted-foreground">{t("financeAdhoc.notes", "Notes")}</dt>
                <dd className="break-words">{item.data.item.notes || "—"}</dd>
              </dl>
            </CardContent>
          </Card>
          {item.data.item.payments.length > 0 ? (
            <Card>
              <CardHeader>
                <CardTitle>{t("financeAdhoc.scheduleTitle", "Recurring payment schedule")}</CardTitle>
              </CardHeader>
              <CardContent>
                <div className="overflow-x-auto">
                  <table className="w-full text-sm" data-testid="item-schedule">
                    <thead className="text-left">
                      <tr>
                        <th scope="col" className="py-2 pr-3 font-medium">
                          #
                        </th>
                        <th scope="col" className="py-2 pr-3 font-medium">
                          {t("financeAdhoc.paymentDueDate", "Payment due date")}
                        </th>
                        <th scope="col" className="py-2 text-right font-medium">
                          {t("financeAdhoc.paymentAmount", "Payment amount")}
                        </th>
                      </tr>
                    </thead>
                    <tbody>
                      {item.data.item.payments.map((p) => (
                        <tr key={p.seq} className="border-t" data-testid="item-schedule-row">
                          <td className="py-1.5 pr-3 tabular-nums">{p.seq}</td>
                          <td className="py-1.5 pr-3">{formatDate(p.paymentDueDate)}</td>
                          <td className="py-1.5">
                            <Amount value={p.paymentAmount} currency={item.data.item.currency} />
                          </td>
                        </tr>
                      ))}
                    </tbody>
                    <tfoot>
                      <tr className="border-t font-medium">
                        <th scope="row" colSpan={2} className="py-2 text-left">
                          {t("financeAdhoc.scheduleTotal", "Total of the payments")}
                        </th>
                        <td className="py-2">
                          <Amount value={item.data.item.gross} currency={item.data.item.currency} />
                        </td>
                      </tr>
                    </tfoot>
                  </table>
                </div>
              </CardContent>
            </Card>
          ) : null}
        </div>
      )}
    </div>
  );
}
