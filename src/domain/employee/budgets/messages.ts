/** Budget texts, verbatim from spec part 1 §5 and §8 (part 2 §8 for "Error fetching budget" in red). */
export const budgetMessages = {
  greaterThanZero: "Budget must be greater than zero.",
  outsideRangeWarning: "Warning: Budget is going to be outside the range provided.",
  outsideRangeError: "Error: Budget is outside the range provided.",
  /** The budget popup's variants (part 1 §5). */
  popupOutsideRange: "Budget is outside the range provided.",
  popupWillBeOutsideRange: "Budget will be outside the range provided",
  amountAndCurrency: "Amount and currency must be filled.",
  loadFailure: "An error occurred getting budget data. Please contact customer support",
  saveFailure: "An error occurred saving budget data. Please contact customer support",
  fetchFailure: "Error fetching budget",
  setMoveStage: "Set move stage",
  notAvailable: "N/A",
  hardLimitFailure: "Error getting data! Please contact our customer support.",
  noBudget: "No budget is set for this budget group and move stage.",
  noMove: "This employee has no move.",
} as const;
