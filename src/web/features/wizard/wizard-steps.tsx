import { Check } from "lucide-react";
import { useTranslation } from "react-i18next";
import { cn } from "../../lib/utils.ts";

const stepClasses =
  "group flex items-center gap-2.5 rounded-md px-1 py-1 text-sm font-medium outline-none focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2 focus-visible:ring-offset-background";

type StepKey = "wizard.steps.1" | "wizard.steps.2" | "wizard.steps.3" | "wizard.steps.4" | "wizard.steps.5" | "wizard.steps.6";
const stepKey = (stage: number) => `wizard.steps.${stage}` as StepKey;

/**
 * The wizard's breadcrumb (part 1 §2): the stages the policy shows, in walking order, numbered
 * 1..n. The current one carries aria-current="step"; stages before it are buttons that go back
 * (`canOpen` says whether the stage has what it needs, e.g. a move for stage 3).
 */
export function WizardSteps({
  stages,
  current,
  onOpen,
  canOpen,
  skipped = [],
}: {
  stages: number[];
  current: number;
  /** Stages passed over (the estimate after skipCE): neither done nor open. */
  skipped?: number[];
  onOpen: (stage: number) => void;
  canOpen: (stage: number) => boolean;
}) {
  const { t } = useTranslation();
  const currentIndex = stages.indexOf(current);
  return (
    <nav aria-label={t("wizard.steps.label")} className="mb-6">
      <ol className="flex flex-wrap items-center gap-x-2 gap-y-2 rounded-xl border border-border bg-surface px-4 py-3 shadow-card" data-testid="wizard-steps">
        {stages.map((stage, index) => {
          const state = index === currentIndex ? "current" : skipped.includes(stage) ? "skipped" : index < currentIndex ? "done" : "todo";
          const marker = (
            <span
              aria-hidden="true"
              className={cn(
                "flex size-7 shrink-0 items-center justify-center rounded-full border text-xs font-semibold transition-colors",
                state === "current" && "border-primary bg-primary text-primary-foreground",
                state === "done" && "border-primary bg-primary-soft text-primary",
                (state === "todo" || state === "skipped") && "border-border bg-surface text-muted-foreground",
                state === "skipped" && "border-dashed",
              )}
            >
              {state === "done" ? <Check className="size-3.5" /> : index + 1}
            </span>
          );
          const text = (
            <span className={cn(state === "current" ? "text-foreground" : "text-muted-foreground group-hover:text-foreground", state === "skipped" && "line-through")}>
              {t(stepKey(stage))}
              {state === "skipped" ? <span className="sr-only"> {t("wizard.steps.skipped")}</span> : null}
            </span>
          );
          const clickable = state === "done" && canOpen(stage);
          return (
            <li key={stage} className="flex items-center gap-2" data-stage={stage}>
              {index > 0 ? <span aria-hidden="true" className={cn("h-px w-6 tablet:w-10", index <= currentIndex ? "bg-primary" : "bg-border")} /> : null}
              {clickable ? (
                <button type="button" className={cn(stepClasses, "cursor-pointer")} onClick={() => onOpen(stage)}>
                  {marker}
                  {text}
                </button>
              ) : (
                <span className={cn(stepClasses, "cursor-default")} aria-current={state === "current" ? "step" : undefined}>
                  {marker}
                  {text}
                </span>
              )}
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
