/**
 * Texts of the cost estimate (part 1 §5 "Cost estimate page", §8 estimate errors) word for word;
 * where the spec names a rule but gives no words, Meridian's own, marked as such.
 */
export const estimateMessages = {
  // §5, verbatim
  valueRequired: "A value is required",
  wholeNumber: "Please enter a whole number",
  fillRequired: "Please fill in all the required values before processing",
  validEmail: "Please enter a valid email",
  // §8, verbatim
  saveTimeout: "Unable to connect to the product. Check your internet connection and if the problem persists contact customer support.",
  saveFailure: "There was a problem saving your estimate...",
  approvalMailFailure:
    "Sorry, the approval email could not be sent. Please contact customer support or your Client Success Manager in order to ensure prompt resolution.",
  balanceSheetFailure:
    "We are currently unable to load balance sheet details. Please contact customer support and our technical team will investigate.",
  /** Recalculation, history and currency failures. */
  experiencingIssue: "We are experiencing an issue. Please contact customer support and our technical team will investigate.",
  authorisationFailure: "Could not get authorisation to enable cost estimate",
  adminUpdateFailed: "Update failed - there was an error.",
  adminNetworkError: "Error! Please contact customer support or your Client Success Manager...",
  initiatingEmployee: "There has been an error initiating this employee...",
  generic:
    "There was an issue processing your request. Please contact customer support or your Client Success Manager in order to ensure prompt resolution.",
  // Meridian's texts (the spec names the rule but not the words)
  customNameRequired: "Please enter a name for the item.",
  salaryNegative: "Please enter an annual salary of zero or more.",
  amountTooLarge: "The amount is too large.",
  customTaxabilityRequired: "Please choose whether the item is taxable.",
  approverNameRequired: "Please enter the approver's name.",
  approvalDateRequired: "Please enter the approval date.",
  /** Issue 13 item 6: HR records the approver and sends for approval; only an administrator records an approval. */
  approvalNotYours:
    "Only the approver can approve this estimate. Send it for approval; an administrator can record an approval received outside Meridian.",
  approvalSavedAndSent: "Saved as version {version} and sent to {email} for approval.",
  taxIssue: "There was an issue calculating the tax. The page will reload.",
  estimateNotFound: "The cost estimate was not found.",
  estimateDisabled: "Cost estimates are not enabled for this group.",
  noEstimateOnPolicy: "This move's policy has no cost estimate.",
  yearsRange: "An advanced estimate has 1 to 7 years.",
  taxRateRange: "The tax rate must be a whole percent between 0 and 99.",
  dependantsRange: "The number of dependants must be a whole number from 0 to 20.",
  taxRateMoveRef: "Please give both the employee and the move, or neither.",
  filingStatusConflict: "The filing status and the married flag disagree.",
  unknownCurrency: "Please select a currency.",
  requestNotFound: "The recalculation request was not found.",
  recalculationFailed: "We are experiencing an issue. Please contact customer support and our technical team will investigate.",
  pollLimit: "The estimate is taking longer than expected. We are experiencing an issue. Please contact customer support and our technical team will investigate.",
  dateOfBirthRequired: "Please enter the date of birth of {name}.",
  dateOfBirthFuture: "The date of birth of {name} cannot be in the future.",
  countryRequired: "Please select the {side} country.",
  unknownCountry: "Please select a country from the list.",
  editOneAnnualItem: "Please recalculate or save before editing another annual cost.",
  unsavedEstimate: "You have changed amounts on this estimate. Leave without recalculating or saving?",
  recalculatePrompt: "Values have changed. Calculate now to update the estimate.",
  noHistory: "No earlier versions of this estimate.",
  approvalSent: "The estimate has been sent to {email} for approval.",
  saved: "The estimate has been saved.",
  importRunning: "An import is already running.",
  importEmpty: "The file holds no index rows.",
  importDone: "{count} city indices imported.",
  importRow: "Row {row}: {problem}",
  billingStatusUnknown: "Unknown billing status.",
} as const;

export type EstimateMessageKey = keyof typeof estimateMessages;

/** Replaces `{name}` placeholders. */
export function estimateText(text: string, vars: Record<string, string | number>): string {
  return text.replace(/\{(\w+)\}/g, (whole, name: string) => (vars[name] === undefined ? whole : String(vars[name])));
}
