/**
 * Texts of the new-move wizard (part 1 §5 validation, §8 initiation errors) word for word; where
 * the spec gives no text (it says "text not shown"), Meridian's own, marked as such.
 * `{label}` is replaced by the field's label.
 */
export const wizardMessages = {
  // §5, verbatim
  choosePolicy: "Please choose a policy",
  notProperFormat: "{label} not in proper format.",
  cannotBeEmpty: "{label} cannot be empty.",
  numericValue: "Please enter a numeric value for {label}",
  notNegative: "Amount value can not be negative for {label}",
  amountRequired: "Enter an amount for {label} or remove benefit by clicking the X icon",
  currencyRequired: "Please select the currency for {label}",
  noBenefits: "No benefits are available on this policy",
  noAddableBenefits: "No additional benefits may be added to this employee's policy",
  requiredBenefitFields: "Please fill in all the required benefit fields before proceeding to the next screen",
  budgetGreaterThanZero: "Budget must be greater than zero.",
  budgetOutsideRangeError: "Error: Budget is outside the range provided.",
  budgetOutsideRangeWarning: "Warning: Budget is going to be outside the range provided.",
  amountAndCurrency: "Amount and currency must be filled.",
  // §8, verbatim
  generic:
    "There was an issue processing your request. Please contact customer support or your Client Success Manager in order to ensure prompt resolution.",
  initiationFailure:
    "We are experiencing an issue with the initiation process. Please contact customer support and our technical team will investigate.",
  initiationContact: "Please contact customer support and our technical team will investigate.",
  initiatingEmployee: "There has been an error initiating this employee...",
  connection: "Unable to connect to the product. Check your internet connection and if the problem persists contact customer support.",
  splashFailure: "An error occurs getting Splash content data.",
  // Meridian's texts (the spec names the rule but not the words)
  dateOfBirthIncomplete: "Please enter the day, month and year of {label}.",
  dateOfBirthRange: "{label} must be within the last 100 years.",
  countryRequired: "Please select a country for {label}.",
  stateRequired: "Please enter a state for {label}.",
  cityRequired: "Please select a city for {label}.",
  endBeforeStart: "{label} cannot be before the start date.",
  endBeforeMoveDate: "{label} cannot be before the move date.",
  startAfterEnd: "The assignment start date cannot be after the end date.",
  invalidDate: "{label} is not a valid date.",
  childrenRange: "{label} must be a whole number from 0 to 20.",
  noProviderLength: "For this policy the assignment must be shorter than 5 years.",
  ltaLength: "A long-term assignment must be longer than 1 year and shorter than 5 years.",
  staLength: "A short-term assignment must be longer than 30 days and shorter than 2 years.",
  budgetEmpty: "Please enter a budget for {label}.",
  budgetBelowMin: "The budget for {label} cannot be below the minimum of {min}.",
  budgetAboveMax: "The budget for {label} cannot be above the maximum of {max}.",
  previewSavingProhibited: "This is a preview of the initiation form: nothing is saved.",
  missingElement: "The form has changed since it was loaded: {label} is missing. Please reload the page.",
  cityPicker: "We could not find one city for {label}. Please pick it from the list.",
  destinationChangeAfterActivation:
    "The destination city of an activated employee cannot be changed here. To change the destination city please contact customer support.",
  policyChangeAfterActivation:
    "This employee has already been activated. Changing the policy changes the benefits the employee sees in their move hub.",
  moveNotFound: "The move was not found.",
  moveNotDraft: "This move has already been initiated.",
  moveCancelled: "This move has been cancelled.",
  policyNotAvailable: "The chosen policy is not available for this group.",
  /** An address someone already has, whoever has it (this group, another group, platform staff): one text that says nothing of where it is (issue 23 item 12; as the invitation, activationMessages.cannotInvite). */
  emailNotAvailable: "This email address cannot be invited. Please use another address.",
  unsavedChanges: "You have unsaved changes. Leave this page and lose them?",
  draftSaved: "The move has been saved as a draft.",
  initiated: "{name}'s move has been initiated.",
  noMoves: "No moves yet. Start one with New move.",
  noMatchingMoves: "No moves match your search.",
} as const;

/** Replaces `{label}` (and any other `{name}`) in a wizard text. */
export function wizardText(text: string, vars: Record<string, string>): string {
  return text.replace(/\{(\w+)\}/g, (whole, name: string) => vars[name] ?? whole);
}
