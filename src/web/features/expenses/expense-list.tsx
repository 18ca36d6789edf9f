/**
 * The employee's submitted expenses (part 1 §3 "My move expense status"): each with its status and receipt,
 * and the delete popup for what finance has not started.
 */
import { useMutation } from "@tanstack/react-query";
import { Receipt, Trash2 } from "lucide-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import type { TExpense, TExpenseListResponse } from "../../../domain/employee/expenses/schemas.ts";
import { Alert } from "../../components/ui/alert.tsx";
import { ConfirmDialog } from "../../components/ui/alert-dialog.tsx";
import { LifecycleBadge, LifecycleSteps, LifecycleSummary } from "../../components/expense-lifecycle.tsx";
import { Button } from "../../components/ui/button.tsx";
import { Card, CardContent, CardHeader, CardTitle } from "../../components/ui/card.tsx";
import { EmptyState } from "../../components/ui/states.tsx";
import { serverMessage } from "../../lib/errors.ts";
import { formatDate, formatMajorMoney } from "../../lib/format.ts";
import { queryClient, trpc } from "../../lib/trpc.ts";

export function ExpenseList({ data }: { data: TExpenseListResponse }) {
  const { t } = useTranslation();
  const [toDelete, setToDelete] = useState<TExpense | null>(null);
  const [message, setMessage] = useState<{ kind: "ok" | "error"; text: string } | null>(null);
  const remove = useMutation(trpc.expenses.delete.mutationOptions());
  const doDelete = (expense: TExpense) => {
    setToDelete(null);
    remove.mutate(
      { expenseId: expense.id },
      {
        onSuccess: () => {
          setMessage({ kind: "ok", text: t("expenses.deleted", "Expense deleted.") });
          void queryClient.invalidateQueries({ queryKey: trpc.expenses.list.queryKey() });
          void queryClient.invalidateQueries({ queryKey: trpc.budgets.pathKey() });
        },
        onError: (e) => {
          setMessage({ kind: "error", text: serverMessage(e) ?? "An error occured..." });
          void queryClient.invalidateQueries({ queryKey: trpc.expenses.list.queryKey() });
        },
      },
    );
  };
  return (
    <Card className="min-w-0" data-testid="expense-list-card">
      <section aria-labelledby="expense-list-title">
        <CardHeader>
          <CardTitle id="expense-list-title">{t("expenses.listTitle", "Submitted expenses")}</CardTitle>
        </CardHeader>
        <CardContent className="flex flex-col gap-3">
          {message ? (
            message.kind === "ok" ? (
              <p role="status" className="text-sm font-medium text-success" data-testid="expense-list-status">
                {message.text}
              </p>
            ) : (
              <Alert variant="destructive" role="alert" data-testid="expense-list-error">
                {message.text}
              </Alert>
            )
          ) : null}
          {data.expenses.length === 0 ? (
            <EmptyState icon={Receipt} title={t("expenses.empty", "You have not submitted any expenses yet.")} />
          ) : (
            <ul className="flex flex-col divide-y divide-border" data-testid="expense-list">
              {data.expenses.map((e) => (
                <li key={e.id} className="flex flex-col gap-2 py-3 tablet:flex-row tablet:items-start tablet:justify-between" data-testid="expense-row" data-expense-id={e.id}>
                  <div className="min-w-0">
                    <p className="font-medium break-words">
                      {e.serviceTitle} · {e.moveStageName}
                    </p>
                    <p className="text-sm text-muted-foreground break-words">
                      {formatDate(e.expenseDate)} · {t(`expenses.category.${e.category}`, e.category)}
                      {e.categoryOther ? ` (${e.categoryOther})` : ""}
                      {e.description ? ` · ${e.description}` : ""}
                    </p>
                    <p className="text-sm tabular-nums" data-testid="expense-amount">
                      {formatMajorMoney(e.gross, e.currency)}
                      {e.budgetAmount && e.budgetCurrency && e.budgetCurrency !== e.currency
                        ? ` · ${t("expenses.converted", { amount: formatMajorMoney(e.budgetAmount, e.budgetCurrency), defaultValue: "{{amount}} of the budget" })}`
                        : ""}
                    </p>
                    <p className="text-sm text-muted-foreground tabular-nums" data-testid="expense-breakdown">
                      {t("expenses.breakdown", { net: formatMajorMoney(e.net, e.currency), tax: formatMajorMoney(e.tax, e.currency), defaultValue: "Net {{net}} · Tax {{tax}}" })}
                    </p>
                    <p className="text-sm">
                      {e.receiptHash ? (
                        <a className="font-medium text-primary underline-offset-4 hover:underline" href={`/download?hash=${encodeURIComponent(e.receiptHash)}`} target="_blank" rel="noreferrer">
                          {t("expenses.receiptLink", "Receipt")}
                          {e.receiptName ? `: ${e.receiptName}` : ""}
                        </a>
                      ) : (
                        <span className="text-muted-foreground">{t("expenses.noReceipt", "No receipt")}</span>
                      )}
                    </p>
                    <LifecycleSteps lifecycle={e.lifecycle} className="mt-1" />
                    <LifecycleSummary lifecycle={e.lifecycle} />
                  </div>
                  <div className="flex shrink-0 items-center gap-2">
                    <LifecycleBadge lifecycle={e.lifecycle} />
                    {e.deletable ? (
                      <Button variant="outline" size="sm" onClick={() => setToDelete(e)} aria-label={`${t("expenses.delete", "Delete")} ${e.serviceTitle} ${e.gross} ${e.currency}`} data-testid="expense-delete">
                        <Trash2 aria-hidden="true" />
                        {t("expenses.delete", "Delete")}
                      </Button>
                    ) : null}
                  </div>
                </li>
              ))}
            </ul>
          )}
        </CardContent>
      </section>
      <ConfirmDialog
        open={toDelete !== null}
        onOpenChange={(open) => (open ? undefined : setToDelete(null))}
        title={t("expenses.deleteTitle", "Delete this expense?")}
        description={
          toDelete
            ? t("expenses.deleteBody", {
                amount: formatMajorMoney(toDelete.gross, toDelete.currency),
                service: toDelete.serviceTitle,
                defaultValue: "The expense of {{amount}} for {{service}} is removed and no longer counts against your budget.",
              })
            : ""
        }
        confirmLabel={t("expenses.deleteConfirm", "Delete expense")}
        cancelLabel={t("expenses.keep", "Keep it")}
        destructive
        onConfirm={() => (toDelete ? doDelete(toDelete) : undefined)}
      />
    </Card>
  );
}
