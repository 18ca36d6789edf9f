import { wizardMessages } from "../wizard/messages.ts";

/**
 * English UI texts of the new-move wizard and the HR home moves list (merged into en.ts). Spec
 * texts come from `wizardMessages` word for word. The wizard UI owner adds keys here.
 */
export const enWizard = {
  "nav.newMove": "New move",
  "wizard.title": "New move",
  "wizard.previewTitle": "Initiation form preview",
  "wizard.choosePolicy": wizardMessages.choosePolicy,
  "wizard.generic": wizardMessages.generic,
  "wizard.initiationFailure": wizardMessages.initiationFailure,
  "wizard.unsavedChanges": wizardMessages.unsavedChanges,
} as const;
