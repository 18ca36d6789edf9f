// SKELETON (lead): helper E replaces this file (wizard stage 3, policy overrides). The props are the contract with wizard-page.tsx.
import type { WizardPolicy } from "../../../domain/wizard/navigation.ts";

export type OverridesStageProps = {
  group: string;
  employeeId: number;
  moveId: number;
  policy: WizardPolicy;
  /** Back to stage 2. */
  onBack: () => void;
  /** Saved: go to `stage` (4, 6 or 5); skipCE when the estimate was skipped. */
  onNext: (stage: number, options: { skipCE: boolean }) => void;
  /** The draft was cancelled (cancelNewEmployee): leave the wizard. */
  onCancelled: () => void;
};

export function OverridesStage(_props: OverridesStageProps) {
  return null;
}
