import { Link } from "@tanstack/react-router";
import { Check } from "lucide-react";
import { useTranslation } from "react-i18next";
import { cn } from "../../lib/utils.ts";

export type PolicyStep = "setup" | "details" | "popup" | "confirm";

const STEPS: readonly PolicyStep[] = ["setup", "details", "popup", "confirm"];

const stepClasses =
  "group flex items-center gap-2.5 rounded-md px-1 py-1 text-sm font-medium outline-none focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2 focus-visible:ring-offset-background";

/**
 * The four steps of configuring a policy (Setup → Details → Popup → Confirm) as links, shared by
 * the setup, details, popup and confirm pages. `current` is marked with aria-current="step"; steps
 * before it show a tick. Without a `policyId` (a policy not created yet) only the current step is
 * shown as text.
 */
export function PolicySteps({ current, policyId, editDraft, versionId }: { current: PolicyStep; policyId?: number; editDraft?: boolean; versionId?: number }) {
  const { t } = useTranslation();
  const currentIndex = STEPS.indexOf(current);
  const draft = editDraft ?? true;
  return (
    <nav aria-label={t("policy.steps.label")} className="mb-6">
      <ol className="flex flex-wrap items-center gap-x-2 gap-y-2 rounded-xl border border-border bg-surface px-4 py-3 shadow-card">
        {STEPS.map((step, index) => {
          const state = index < currentIndex ? "done" : index === currentIndex ? "current" : "todo";
          const label = t(`policy.steps.${step}`);
          const marker = (
            <span
              aria-hidden="true"
              className={cn(
                "flex size-7 shrink-0 items-center justify-center rounded-full border text-xs font-semibold transition-colors",
                state === "current" && "border-primary bg-primary text-primary-foreground",
                state === "done" && "border-primary bg-primary-soft text-primary",
                state === "todo" && "border-border bg-surface text-muted-foreground",
              )}
            >
              {state === "done" ? <Check className="size-3.5" /> : index + 1}
            </span>
          );
          const text = <span className={cn(state === "current" ? "text-foreground" : "text-muted-foreground group-hover:text-foreground")}>{label}</span>;
          let content;
          if (state === "current" || policyId === undefined) {
            content = (
              <span className={cn(stepClasses, "cursor-default")} aria-current={state === "current" ? "step" : undefined}>
                {marker}
                {text}
              </span>
            );
          } else if (step === "setup") {
            content = (
              <Link to="/policy/setup" search={{ policyId, editDraft: draft }} className={stepClasses}>
                {marker}
                {text}
              </Link>
            );
          } else if (step === "details") {
            content = (
              <Link to="/policy/details" search={{ policyId, editDraft: draft }} className={stepClasses}>
                {marker}
                {text}
              </Link>
            );
          } else if (step === "popup") {
            content = (
              <Link to="/policy/details/next" search={{ policyId, editDraft: draft }} className={stepClasses}>
                {marker}
                {text}
              </Link>
            );
          } else {
            content = (
              <Link to="/policy/confirm" search={{ policyId, versionId }} className={stepClasses}>
                {marker}
                {text}
              </Link>
            );
          }
          return (
            <li key={step} className="flex items-center gap-2">
              {index > 0 ? <span aria-hidden="true" className={cn("h-px w-6 tablet:w-10", index <= currentIndex ? "bg-primary" : "bg-border")} /> : null}
              {content}
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
