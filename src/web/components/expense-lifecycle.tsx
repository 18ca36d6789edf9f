/**
 * An expense's (or booking's) derived state as every screen shows it (issue 24 §1): the badge with the
 * stage's display name, and the detail with each step's date, the rejection / change-request / void /
 * returned-payment reason, what to do next, and the payment (date and amount the employee got). The
 * state itself comes from the server (src/domain/employee/expenses/lifecycle.ts); this only draws it.
 */
import { Check, Circle, CircleDot } from "lucide-react";
import { useTranslation } from "react-i18next";
import type { LifecycleStage, TLifecycle } from "../../domain/employee/expenses/lifecycle.ts";
import { formatDate, formatMajorMoney } from "../lib/format.ts";
import { cn } from "../lib/utils.ts";
import { Badge } from "./ui/badge.tsx";

const VARIANT: Record<LifecycleStage, "info" | "warning" | "success" | "destructive" | "neutral"> = {
  submitted: "info",
  submittedWithoutReceipt: "warning",
  inReview: "neutral",
  changesRequested: "warning",
  rejected: "destructive",
  approved: "success",
  paymentPending: "info",
  partiallyPaid: "info",
  paid: "success",
  audited: "success",
  cancelled: "destructive",
};

/** The stage's display name. */
export function useStageLabel() {
  const { t } = useTranslation();
  return (stage: LifecycleStage, fallback: string) => t(`expenses.stage.${stage}`, fallback);
}

export function LifecycleBadge({ lifecycle, className, testId = "expense-status" }: { lifecycle: TLifecycle; className?: string; testId?: string }) {
  const label = useStageLabel();
  return (
    <Badge variant={VARIANT[lifecycle.stage]} className={className} data-testid={testId} data-stage={lifecycle.stage}>
      {label(lifecycle.stage, lifecycle.label)}
    </Badge>
  );
}

/** The reason, the payment and what to do next, in a few lines (the expenses page and HR's Money panel). */
export function LifecycleSummary({ lifecycle }: { lifecycle: TLifecycle }) {
  const { t } = useTranslation();
  return (
    <div className="flex min-w-0 flex-col gap-1 text-sm" data-testid="expense-lifecycle-summary">
      {lifecycle.reason ? (
        <p className="break-words" data-testid="expense-reason">
          <span className="font-medium">{t("expenses.lifecycle.reason", "Reason")}: </span>
          {lifecycle.reason}
        </p>
      ) : null}
      {lifecycle.paid ? (
        <p className="tabular-nums" data-testid="expense-paid">
          {t("expenses.lifecycle.paid", { amount: formatMajorMoney(lifecycle.paid.amount, lifecycle.paid.currency), date: formatDate(lifecycle.paid.date), defaultValue: "{{amount}} paid on {{date}}" })}
        </p>
      ) : null}
      {lifecycle.onHold ? <p className="text-warning-foreground">{t("expenses.lifecycle.onHold", "On hold with finance")}</p> : null}
      <p className="break-words text-muted-foreground" data-testid="expense-next">
        <span className="font-medium text-foreground">{t("expenses.lifecycle.next", "What next")}: </span>
        {t(`expenses.next.${lifecycle.nextAction}`, lifecycle.nextActionText)}
      </p>
    </div>
  );
}

/** Each step with its date: done, current or to come. */
export function LifecycleSteps({ lifecycle, className }: { lifecycle: TLifecycle; className?: string }) {
  const { t } = useTranslation();
  const label = useStageLabel();
  return (
    <ol className={cn("flex min-w-0 flex-wrap gap-x-4 gap-y-1 text-xs", className)} aria-label={t("expenses.lifecycle.progress", "Progress")} data-testid="expense-steps">
      {lifecycle.steps.map((s) => {
        const Icon = s.state === "done" ? Check : s.state === "current" ? CircleDot : Circle;
        const stateText = t(s.state === "done" ? "expenses.lifecycle.stepDone" : s.state === "current" ? "expenses.lifecycle.stepCurrent" : "expenses.lifecycle.stepUpcoming");
        return (
          <li
            key={s.stage}
            className={cn("flex items-center gap-1", s.state === "upcoming" ? "text-muted-foreground" : "text-foreground", s.state === "current" && "font-semibold")}
            data-testid="expense-step"
            data-stage={s.stage}
            data-state={s.state}
            aria-current={s.state === "current" ? "step" : undefined}
          >
            <Icon className="size-3.5 shrink-0" aria-hidden="true" />
            <span>{label(s.stage, s.label)}</span>
            {s.state !== "upcoming" ? <span className="text-muted-foreground">{s.date ? formatDate(s.date) : t("expenses.lifecycle.notDated", "date not recorded")}</span> : null}
            <span className="sr-only">({stateText})</span>
          </li>
        );
      })}
    </ol>
  );
}
