import { useTranslation } from "react-i18next";
import { Steps } from "../../components/steps.tsx";
import { cn } from "../../lib/utils.ts";

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
    <Steps
      label={t("wizard.steps.label")}
      testId="wizard-steps"
      steps={stages.map((stage, index) => {
        const state = index === currentIndex ? "current" : skipped.includes(stage) ? "skipped" : index < currentIndex ? "done" : "todo";
        return {
          key: stage,
          label: t(stepKey(stage)),
          state,
          skippedText: t("wizard.steps.skipped"),
          open:
            state === "done" && canOpen(stage)
              ? (content, className) => (
                  <button type="button" className={cn(className, "cursor-pointer")} onClick={() => onOpen(stage)}>
                    {content}
                  </button>
                )
              : undefined,
        };
      })}
    />
  );
}
