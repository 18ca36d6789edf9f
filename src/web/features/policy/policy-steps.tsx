import { Link } from "@tanstack/react-router";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Steps } from "../../components/steps.tsx";

export type PolicyStep = "setup" | "details" | "popup" | "confirm";

const STEPS: readonly PolicyStep[] = ["setup", "details", "popup", "confirm"];

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
  const link = (step: PolicyStep, id: number) => (content: ReactNode, className: string) => {
    switch (step) {
      case "setup":
        return (
          <Link to="/policy/setup" search={{ policyId: id, editDraft: draft }} className={className}>
            {content}
          </Link>
        );
      case "details":
        return (
          <Link to="/policy/details" search={{ policyId: id, editDraft: draft }} className={className}>
            {content}
          </Link>
        );
      case "popup":
        return (
          <Link to="/policy/details/next" search={{ policyId: id, editDraft: draft }} className={className}>
            {content}
          </Link>
        );
      case "confirm":
        return (
          <Link to="/policy/confirm" search={{ policyId: id, versionId }} className={className}>
            {content}
          </Link>
        );
    }
  };
  return (
    <Steps
      label={t("policy.steps.label")}
      steps={STEPS.map((step, index) => ({
        key: step,
        label: t(`policy.steps.${step}`),
        state: index < currentIndex ? "done" : index === currentIndex ? "current" : "todo",
        open: policyId === undefined ? undefined : link(step, policyId),
      }))}
    />
  );
}
