/**
 * The budgets on the expenses page (part 1 §8): the employee's own budgets beside the list, and the remaining
 * budget of the service and stage chosen in the form.
 */
import { useQuery } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { BudgetFigures, useBudgetFigureLabel } from "../../components/budget-figures.tsx";
import { budgetMessages } from "../../../domain/employee/budgets/messages.ts";
import { Card, CardContent, CardHeader, CardTitle } from "../../components/ui/card.tsx";
import { formatMajorMoney } from "../../lib/format.ts";
import { trpc } from "../../lib/trpc.ts";

/** The budgets HR lets the employee see (budgetSeenByEmployee), with what is spent. */
export function MyBudgets() {
  const { t } = useTranslation();
  const budgets = useQuery({ ...trpc.budgets.forMove.queryOptions({}), retry: false });
  if (budgets.isPending || (budgets.data && budgets.data.budgets.length === 0)) return null;
  return (
    <Card className="min-w-0" data-testid="my-budgets">
      <section aria-labelledby="my-budgets-title">
        <CardHeader>
          <CardTitle id="my-budgets-title">{t("budgets.myTitle", "My budgets")}</CardTitle>
        </CardHeader>
        <CardContent>
          {budgets.isError ? (
            <p className="text-sm text-destructive">{budgetMessages.fetchFailure}</p>
          ) : (
            <ul className="flex flex-col gap-3">
              {budgets.data.budgets.map((b) => (
                <li key={`${b.moveStageId}-${b.budgetGroupId}`} className="flex flex-col gap-1" data-testid="my-budget">
                  <p className="text-sm font-medium">
                    {b.moveStageName} · {b.budgetGroupName}
                  </p>
                  <div className="h-2 overflow-hidden rounded-full bg-muted" role="progressbar" aria-label={`${b.moveStageName} · ${b.budgetGroupName}`} aria-valuemin={0} aria-valuemax={100} aria-valuenow={Math.min(100, b.progressPercentage)}>
                    <div className="h-full bg-primary" style={{ width: `${Math.min(100, b.progressPercentage)}%` }} />
                  </div>
                  <BudgetFigures figures={b.figures} />
                </li>
              ))}
            </ul>
          )}
        </CardContent>
      </section>
    </Card>
  );
}

/** The remaining budget of one service and stage, as the page shows it (part 1 §8). */
export function RemainingBudget({ moveId, serviceName, moveStageId }: { moveId: number; serviceName: string; moveStageId: number | null }) {
  const label = useBudgetFigureLabel();
  const remaining = useQuery({
    ...trpc.budgets.remaining.queryOptions({ searches: [{ id: "form", serviceName, moveStageId, moveId }] }),
    enabled: serviceName !== "" && moveStageId !== null,
    retry: false,
  });
  let text: string;
  let tone = "";
  if (moveStageId === null) text = budgetMessages.setMoveStage;
  else if (remaining.isError) {
    text = budgetMessages.fetchFailure;
    tone = "text-destructive";
  } else if (!remaining.data) text = "…";
  else {
    const r = remaining.data.results[0];
    text = !r || r.outOfBudget || !r.amount ? budgetMessages.notAvailable : r.noMoveStage ? budgetMessages.setMoveStage : formatMajorMoney(r.amount.amount, r.amount.currencyUnit.code);
  }
  return (
    <p className="text-sm" data-testid="remaining-budget">
      <span className="text-muted-foreground">{label("remaining")}: </span>
      <span className={`font-semibold tabular-nums ${tone}`} data-testid="remaining-budget-value">
        {text}
      </span>
    </p>
  );
}
