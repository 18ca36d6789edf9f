/**
 * The Budgets panel of the HR move page (part 1 §3 "Budget edit", §4 "Budget row", §5): the
 * employee's budgets per move stage and budget group with range, type (hard / soft), spent amount
 * and progress. A row goes view → edit → view on close or save; a soft budget saved outside its
 * range goes to confirm mode (Confirm saves, Cancel returns to edit); Save is enabled only when the
 * currency or the amount changed. `budgetSeenByEmployee` decides whether the employee sees it.
 * The box reads as the spec's budget popup (part 1 §5): "Budget will be outside the range provided"
 * over the soft warning, "Budget is outside the range provided." over the hard refusal.
 */
import { useMutation, useQuery } from "@tanstack/react-query";
import { useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { BudgetFigures } from "../../components/budget-figures.tsx";
import { budgetMessages } from "../../../domain/employee/budgets/messages.ts";
import { budgetSaveEnabled, nextBudgetRowMode, type BudgetRowMode } from "../../../domain/employee/budgets/range.ts";
import type { TEmployeeBudget } from "../../../domain/employee/budgets/schemas.ts";
import { Alert } from "../../components/ui/alert.tsx";
import { Badge } from "../../components/ui/badge.tsx";
import { Button } from "../../components/ui/button.tsx";
import { Card, CardContent, CardHeader, CardTitle } from "../../components/ui/card.tsx";
import { FormField } from "../../components/ui/form-field.tsx";
import { Input } from "../../components/ui/input.tsx";
import { ErrorState, LoadingRows } from "../../components/ui/states.tsx";
import { serverMessage } from "../../lib/errors.ts";
import { formatMajorMoney } from "../../lib/format.ts";
import { queryClient, trpc } from "../../lib/trpc.ts";

type Ref = { group: string; employeeId: number; moveId: number };

export function BudgetsPanel(ref: Ref) {
  const { t } = useTranslation();
  const query = useQuery({ ...trpc.budgets.forMove.queryOptions({ moveId: ref.moveId }), retry: false, refetchOnWindowFocus: false });
  return (
    <Card className="min-w-0 desktop:col-span-2" data-testid="budgets-panel">
      <section aria-labelledby="panel-budgets">
        <CardHeader>
          <CardTitle id="panel-budgets">{t("budgets.panelTitle", "Budgets")}</CardTitle>
        </CardHeader>
        <CardContent>
          {query.isPending ? (
            <LoadingRows rows={2} />
          ) : query.isError ? (
            <ErrorState message={budgetMessages.loadFailure} retryLabel={t("app.retry")} onRetry={() => void query.refetch()} />
          ) : query.data.budgets.length === 0 ? (
            <p className="text-sm text-muted-foreground">{t("budgets.none", "This move has no budgets.")}</p>
          ) : (
            <ul className="flex flex-col divide-y divide-border">
              {query.data.budgets.map((b) => (
                <BudgetRow key={`${b.moveStageId}-${b.budgetGroupId}`} budget={b} refs={ref} />
              ))}
            </ul>
          )}
        </CardContent>
      </section>
    </Card>
  );
}

function BudgetRow({ budget: b, refs }: { budget: TEmployeeBudget; refs: Ref }) {
  const { t } = useTranslation();
  const id = useId();
  const [mode, setMode] = useState<BudgetRowMode>("view");
  const [amount, setAmount] = useState(b.amount);
  const [currency, setCurrency] = useState(b.currency);
  const [error, setError] = useState<string | null>(null);
  const [status, setStatus] = useState<string | null>(null);
  const save = useMutation(trpc.budgets.editBudgetSave.mutationOptions());
  const label = `${b.moveStageName} · ${b.budgetGroupName}`;
  const refresh = () => queryClient.invalidateQueries({ queryKey: trpc.budgets.forMove.queryKey({ moveId: refs.moveId }) });

  const send = (fields: { amount: string; currency: string; confirmOutsideRange?: boolean; budgetSeenByEmployee?: boolean }, fromMode: BudgetRowMode) => {
    setError(null);
    setStatus(null);
    save.mutate(
      { group: refs.group, userId: refs.employeeId, employeeId: refs.employeeId, budgetGroupId: b.budgetGroupId, moveStageId: b.moveStageId, ...fields },
      {
        onSuccess: (res) => {
          if (res.needsConfirmation) {
            setMode(nextBudgetRowMode(fromMode, "needsConfirm"));
            return;
          }
          setMode(nextBudgetRowMode(fromMode, "saved"));
          setStatus(t("budgets.saved", "Budget saved."));
          void refresh();
        },
        onError: (e) => setError(serverMessage(e) ?? budgetMessages.saveFailure),
      },
    );
  };

  const changed = budgetSaveEnabled({ currency: b.currency, amount: b.amount }, { currency, amount });
  return (
    <li className="flex flex-col gap-3 py-4" data-testid="budget-row" data-stage={b.moveStageId} data-group={b.budgetGroupId}>
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <p className="font-medium">{label}</p>
          <p className="text-sm text-muted-foreground break-words">{t("budgets.services", { services: b.services.join(", "), defaultValue: "Services: {{services}}" })}</p>
        </div>
        <div className="flex flex-wrap items-center gap-2">
          <Badge variant={b.budgetType === "S" ? "warning" : "neutral"} data-testid="budget-type">
            {t(`budgets.type.${b.budgetType}`, b.budgetType === "S" ? "Soft" : "Hard")}
          </Badge>
          <Badge variant={b.budgetSeenByEmployee ? "info" : "neutral"}>{b.budgetSeenByEmployee ? t("budgets.seen", "Shown to the employee") : t("budgets.hidden", "Hidden from the employee")}</Badge>
        </div>
      </div>
      <p className="text-sm tabular-nums" data-testid="budget-amount">
        {formatMajorMoney(b.amount, b.currency)} ·{" "}
        {b.minAmount !== null || b.maxAmount !== null
          ? t("budgets.range", {
              min: b.minAmount !== null ? formatMajorMoney(b.minAmount, b.currency) : "–",
              max: b.maxAmount !== null ? formatMajorMoney(b.maxAmount, b.currency) : "–",
              defaultValue: "Range {{min}} – {{max}}",
            })
          : t("budgets.noRange", "No range")}
      </p>
      <div className="flex flex-col gap-1">
        <div className="h-2 overflow-hidden rounded-full bg-muted" role="progressbar" aria-label={label} aria-valuemin={0} aria-valuemax={100} aria-valuenow={Math.min(100, b.progressPercentage)}>
          <div className="h-full bg-primary" style={{ width: `${Math.min(100, b.progressPercentage)}%` }} />
        </div>
        <BudgetFigures figures={b.figures} />
      </div>
      {mode === "view" ? (
        <div className="flex flex-wrap items-center gap-3">
          <Button
            variant="outline"
            size="sm"
            onClick={() => {
              setAmount(b.amount);
              setCurrency(b.currency);
              setError(null);
              setStatus(null);
              setMode(nextBudgetRowMode(mode, "open"));
            }}
            aria-label={`${t("budgets.edit", "Edit")} ${label}`}
            data-testid="budget-edit"
          >
            {t("budgets.edit", "Edit")}
          </Button>
          <label className="flex items-center gap-2 text-sm">
            <input
              type="checkbox"
              className="size-4"
              checked={b.budgetSeenByEmployee}
              disabled={save.isPending}
              onChange={(e) => send({ amount: b.amount, currency: b.currency, confirmOutsideRange: true, budgetSeenByEmployee: e.target.checked }, "view")}
              data-testid="budget-seen"
            />
            {t("budgets.seenLabel", "The employee sees this budget")}
          </label>
        </div>
      ) : (
        <div className="flex flex-col gap-3">
          <div className="grid gap-3 tablet:grid-cols-[8rem_12rem]">
            <FormField id={`${id}-currency`} label={t("budgets.currency", "Currency")}>
              {(field) => (
                <Input {...field} value={currency} maxLength={3} disabled={mode === "confirm" || !b.currencyEditable} onChange={(e) => setCurrency(e.target.value.toUpperCase())} data-testid="budget-currency" />
              )}
            </FormField>
            <FormField id={`${id}-amount`} label={t("budgets.amount", "Amount")}>
              {(field) => <Input {...field} inputMode="decimal" value={amount} disabled={mode === "confirm"} onChange={(e) => setAmount(e.target.value)} data-testid="budget-amount-input" />}
            </FormField>
          </div>
          {mode === "confirm" ? (
            <Alert variant="info" role="alert" title={budgetMessages.popupWillBeOutsideRange} data-testid="budget-confirm-box">
              <span data-testid="budget-warning">{budgetMessages.outsideRangeWarning}</span>
            </Alert>
          ) : null}
          <div className="flex flex-wrap gap-2">
            {mode === "edit" ? (
              <>
                <Button size="sm" disabled={!changed} busy={save.isPending} onClick={() => send({ amount, currency }, "edit")} data-testid="budget-save">
                  {t("budgets.save", "Save")}
                </Button>
                <Button size="sm" variant="outline" onClick={() => setMode(nextBudgetRowMode(mode, "close"))} data-testid="budget-close">
                  {t("budgets.close", "Close")}
                </Button>
              </>
            ) : (
              <>
                <Button size="sm" busy={save.isPending} onClick={() => send({ amount, currency, confirmOutsideRange: true }, "confirm")} data-testid="budget-confirm">
                  {t("budgets.confirm", "Confirm")}
                </Button>
                <Button size="sm" variant="outline" onClick={() => setMode(nextBudgetRowMode(mode, "cancel"))} data-testid="budget-cancel">
                  {t("budgets.cancel", "Cancel")}
                </Button>
              </>
            )}
          </div>
        </div>
      )}
      {error ? (
        <Alert variant="destructive" role="alert" title={error === budgetMessages.outsideRangeError ? budgetMessages.popupOutsideRange : undefined} data-testid="budget-error-box">
          <span data-testid="budget-error">{error}</span>
        </Alert>
      ) : null}
      {status ? (
        <p role="status" className="text-sm font-medium text-success" data-testid="budget-status">
          {status}
        </p>
      ) : null}
    </li>
  );
}
