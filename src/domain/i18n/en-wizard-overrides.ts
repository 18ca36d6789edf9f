import { wizardMessages } from "../wizard/messages.ts";

/** English UI texts of wizard stage 3 (policy overrides) and the HR home moves list (merged into en.ts). */
export const enWizardOverrides = {
  "overrides.noBenefits": wizardMessages.noBenefits,
  "overrides.noAddableBenefits": wizardMessages.noAddableBenefits,
  "moves.empty": wizardMessages.noMoves,
  "moves.noMatch": wizardMessages.noMatchingMoves,
} as const;
