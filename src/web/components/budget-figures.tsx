/**
 * The budget figures of one budget (issue 24 §2): Budget, Committed, Spent and Remaining, with the same
 * labels and the same money format (thousands separators) on every screen — the employee home, the
 * expenses page, HR's move page (its budgets panel, the estimate against actual and its summary), and
 * wherever a budget is shown next. The figures come from the server (src/domain/employee/budgets/figures.ts via
 * the move's budget ledger, src/services/employee/budgets/ledger.ts); this component only draws them.
 *
 * `BudgetFigures` draws the four figures as a description list (two columns on phones, four from the
 * tablet width); `RemainingFigure` draws the remaining figure alone ("Remaining USD 1,234.56"), in the
 * warning colour when it is below zero; `MoveBudgetSummary` the move's remaining per currency (its budgets added
 * up by `sumFigures`), for a page's summary (HR's move page), nothing while loading or when it cannot be read.
 */
import { useQuery } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { sumFigures } from "../../domain/employee/budgets/figures.ts";
import type { TBudgetFigures } from "../../domain/employee/budgets/schemas.ts";
import { trpc } from "../lib/trpc.ts";
import { formatMoney } from "../lib/format.ts";
import { cn } from "../lib/utils.ts";

export type BudgetFigureKey = "budget" | "committed" | "spent" | "remaining";
export const BUDGET_FIGURE_KEYS: readonly BudgetFigureKey[] = ["budget", "committed", "spent", "remaining"];
/** What the component draws: the four figures of a budget (or of a total) in one currency. */
export type ShownFigures = Pick<TBudgetFigures, "currency" | BudgetFigureKey>;

/** The label of a figure, from the translation texts (the same on every screen). */
export function useBudgetFigureLabel(): (key: BudgetFigureKey) => string {
  const { t } = useTranslation();
  return (key) => t(`budgetFigures.${key}`);
}

/** A figure as people read it: "USD 1,234.56". */
export function formatFigure(figures: ShownFigures, key: BudgetFigureKey): string {
  return formatMoney({ amount: figures[key], currency: figures.currency });
}

const HINTS: Partial<Record<BudgetFigureKey, "budgetFigures.committedHint" | "budgetFigures.spentHint" | "budgetFigures.remainingHint">> = {
  committed: "budgetFigures.committedHint",
  spent: "budgetFigures.spentHint",
  remaining: "budgetFigures.remainingHint",
};

export function BudgetFigures({ figures, className, hints = false, testId = "budget-figures" }: { figures: ShownFigures; className?: string; hints?: boolean; testId?: string }) {
  const { t } = useTranslation();
  const label = useBudgetFigureLabel();
  return (
    <dl className={cn("grid min-w-0 grid-cols-2 gap-x-4 gap-y-2 text-sm tablet:grid-cols-4", className)} data-testid={testId} aria-label={t("budgetFigures.title")}>
      {BUDGET_FIGURE_KEYS.map((key) => {
        const negative = key === "remaining" && figures.remaining < 0;
        const hint = HINTS[key];
        return (
          <div key={key} className="flex min-w-0 flex-col" data-testid={`budget-figure-${key}`}>
            <dt className="text-xs text-muted-foreground">{label(key)}</dt>
            <dd className={cn("tabular-nums whitespace-nowrap", key === "remaining" && "font-medium", negative && "text-destructive")} data-testid={`budget-figure-${key}-value`}>
              {formatFigure(figures, key)}
              {negative ? <span className="sr-only"> ({t("budgetFigures.overBudget")})</span> : null}
            </dd>
            {hints && hint ? <dd className="text-xs text-muted-foreground break-words">{t(hint)}</dd> : null}
          </div>
        );
      })}
    </dl>
  );
}

/** The remaining figure alone: "Remaining USD 1,234.56" (negative in the warning colour). */
export function RemainingFigure({ figures, className, testId = "budget-remaining" }: { figures: Pick<TBudgetFigures, "currency" | "remaining">; className?: string; testId?: string }) {
  const { t } = useTranslation();
  const label = useBudgetFigureLabel();
  const negative = figures.remaining < 0;
  return (
    <span className={cn("whitespace-nowrap", className)} data-testid={testId}>
      <span className="text-muted-foreground">{label("remaining")} </span>
      <span className={cn("tabular-nums font-medium", negative && "text-destructive")} data-testid={`${testId}-value`}>
        {formatMoney({ amount: figures.remaining, currency: figures.currency })}
      </span>
      {negative ? <span className="sr-only"> ({t("budgetFigures.overBudget")})</span> : null}
    </span>
  );
}

/** A move's remaining per currency (every budget of the move added up), for a summary bar; HR and admins. */
export function MoveBudgetSummary({ moveId, className }: { moveId: number; className?: string }) {
  const query = useQuery({ ...trpc.budgets.forMove.queryOptions({ moveId }), retry: false });
  const budgets = query.data?.budgets ?? [];
  if (budgets.length === 0) return null;
  const currencies = [...new Set(budgets.map((b) => b.figures.currency))].sort();
  return (
    <span className={cn("flex flex-wrap gap-x-3 gap-y-1", className)} data-testid="move-budget-summary">
      {currencies.map((currency) => {
        const total = sumFigures(budgets.filter((b) => b.figures.currency === currency).map((b) => b.figures));
        return <RemainingFigure key={currency} figures={{ currency, remaining: total.remaining }} testId={`move-remaining-${currency}`} />;
      })}
    </span>
  );
}
