import { Check } from "lucide-react";
import type { ReactNode } from "react";
import { cn } from "../lib/utils.ts";

export type StepState = "done" | "current" | "todo" | "skipped";

export type Step = {
  key: string | number;
  label: string;
  state: StepState;
  /** Read by screen readers after a skipped step's label. */
  skippedText?: string;
  /** Makes a step that is not the current one a link or button: gets its content and classes. */
  open?: (content: ReactNode, className: string) => ReactNode;
};

const stepClasses =
  "group flex items-center gap-2.5 rounded-md px-1 py-1 text-sm font-medium outline-none focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2 focus-visible:ring-offset-background";

/**
 * A numbered row of steps (the policy set-up pages, the new-move wizard's breadcrumb). The current
 * one carries aria-current="step"; done ones show a tick; a step with `open` is a link or button.
 */
export function Steps({ label, steps, testId }: { label: string; steps: Step[]; testId?: string }) {
  const currentIndex = steps.findIndex((s) => s.state === "current");
  return (
    <nav aria-label={label} className="mb-6">
      <ol className="flex flex-wrap items-center gap-x-2 gap-y-2 rounded-xl border border-border bg-surface px-4 py-3 shadow-card" data-testid={testId}>
        {steps.map((step, index) => {
          const { state } = step;
          const content = (
            <>
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
              <span className={cn(state === "current" ? "text-foreground" : "text-muted-foreground group-hover:text-foreground", state === "skipped" && "line-through")}>
                {step.label}
                {state === "skipped" && step.skippedText ? <span className="sr-only"> {step.skippedText}</span> : null}
              </span>
            </>
          );
          return (
            <li key={step.key} className="flex items-center gap-2" data-step={step.key}>
              {index > 0 ? <span aria-hidden="true" className={cn("h-px w-6 tablet:w-10", index <= currentIndex ? "bg-primary" : "bg-border")} /> : null}
              {state !== "current" && step.open ? (
                step.open(content, stepClasses)
              ) : (
                <span className={cn(stepClasses, "cursor-default")} aria-current={state === "current" ? "step" : undefined}>
                  {content}
                </span>
              )}
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
