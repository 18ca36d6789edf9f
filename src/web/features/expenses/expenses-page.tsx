/**
 * /expenses — the employee's expenses (part 1 §2 "My move: expense items with a delete popup", §3
 * "My move expense status", §8; the overdraft popup): submit against a service and move stage with a
 * receipt (photo from the phone camera or a file, stored through the files API) or without; the
 * remaining budget of the chosen service (POST /budget/spend/remaining: 2 decimals, "N/A", "Error
 * fetching budget", "Set move stage"); the hard-limit check before submitting (overdraft popup); the
 * list with status and the delete popup (only what finance has not started). The form is expense-form.tsx, the
 * list expense-list.tsx, the budgets expense-budgets.tsx.
 */
import { useQuery } from "@tanstack/react-query";
import { Receipt } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Card } from "../../components/ui/card.tsx";
import { PageHeader } from "../../components/ui/page-header.tsx";
import { EmptyState, ErrorState, LoadingRows } from "../../components/ui/states.tsx";
import { serverMessage } from "../../lib/errors.ts";
import { trpc } from "../../lib/trpc.ts";
import { MyBudgets } from "./expense-budgets.tsx";
import { ExpenseForm } from "./expense-form.tsx";
import { ExpenseList } from "./expense-list.tsx";

export function ExpensesPage() {
  const { t } = useTranslation();
  const list = useQuery({ ...trpc.expenses.list.queryOptions({}), refetchOnWindowFocus: false });
  return (
    <div data-testid="expenses-page">
      <PageHeader title={t("expenses.title", "My expenses")} description={t("expenses.intro", "Submit what you spent for your move against a service and move stage, with a receipt (a photo or a file) or without.")} />
      {list.isPending ? (
        <Card aria-busy="true">
          <LoadingRows rows={4} />
        </Card>
      ) : list.isError ? (
        <Card>
          <ErrorState message={serverMessage(list.error) ?? t("expenses.loadFailed", "Your expenses could not be loaded.")} retryLabel={t("app.retry")} onRetry={() => void list.refetch()} />
        </Card>
      ) : list.data.moveId === null ? (
        <Card>
          <EmptyState icon={Receipt} title={t("expenses.noMove", "Your move has not started yet: there is nothing to submit expenses against.")} />
        </Card>
      ) : (
        <div className="grid min-w-0 items-start gap-6 desktop:grid-cols-2">
          <ExpenseForm data={list.data} />
          <div className="flex min-w-0 flex-col gap-6">
            <MyBudgets />
            <ExpenseList data={list.data} />
          </div>
        </div>
      )}
    </div>
  );
}
