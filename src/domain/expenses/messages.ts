/** Expense texts: spec part 1 §8 and part 2 §5, §8 verbatim; Meridian's own where the spec has none. */
export const expenseMessages = {
  processing: "Unable to delete expense as it is being processed by the finance team.",
  genericError: "Error occurred! Please contact customer support",
  deleteFailure: "An error occured...",
  notesTooLong: "You have exceeded the maximum notes length...",
  netTaxGross: "The net and tax amounts do not sum up to the gross amount...",
  notFound: "This expense does not exist.",
  noMove: "You have no move to submit expenses against.",
  serviceNotOnPolicy: "This service is not on your policy for that move stage.",
  categoryOther: "Please describe the category.",
  receiptNotYours: "The receipt must be a file you uploaded.",
  grossPositive: "The gross amount must be greater than zero.",
  notNegative: "The amount cannot be a negative number.",
  moveClosed: "Expenses can no longer be changed on this move.",
  financeConflict: "This expense was changed by someone else. Reload and try again.",
} as const;
