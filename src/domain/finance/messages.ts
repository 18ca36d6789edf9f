/**
 * Finance texts (issue 16). The `spec` block is spec part 2 §5 "Finance" and §8 "Finance" word for
 * word; the `meridian` block is Meridian's own wording for refusals the spec implies but never words
 * (each one says which rule it serves). Keep the two apart so nobody "improves" a spec text.
 */
export const financeSpecMessages = {
  // §5 Manual adjustment
  amountRequired: "Please enter an amount",
  // §5 Account balance / search
  invalidBalance: "Please enter a valid balance",
  typeRequired: "Please select a type",
  userIdRequired: "Please enter a user id",
  // §5 Lock period
  lockPeriodFields: "Please fill in both period name and lock date",
  // §5 Rejection
  rejectionReasonRequired: "It is mandatory to select a rejection reason",
  /** §5: "Notes field can take a maximum N characters"; N is filled by `notesMaxMessage`. */
  notesMaxTemplate: "Notes field can take a maximum N characters",
  // §5 Ad-hoc
  adhocMax255: "Input fields can have maximum 255 characters!",
  // §5 Paying multiple bills
  selectAtLeastOneBill: "Please select at least one bill",
  // §5 Bill amounts
  netTaxGross: "The net and tax amounts do not sum up to the gross amount...",
  // §5 Expense form
  internalNotesTooLong: "You have exceeded the maximum notes length...",
  // §8 Budget column
  budgetFetchError: "Error fetching budget",
  budgetNotApplicable: "N/A",
  // §8 Alerts
  accountCreateError: "There has been an error creating the account. Please try again and contact the Product Team if this happens again.",
  vendorsLoadError: "Error loading the vendors...",
  approveVendorBookingError: "There was an issue approving the vendor booking...",
  approveExpenseError: "There was an issue approving the expense...",
  approveLumpSumError: "There was an issue approving the lump sum...",
  productTeamError: "Error!. Please contact the Product Team if this happens again.",
  employeeHasNoAccounts: "Employee has no accounts",
  bankAccountError: "Bank Account Error",
  // §8 Blocked actions (the spec's "booking cost/expense" and "approved/rejected/requested for change" spelled out)
  bookingCostApproveRemainingCheck: "This booking cost cannot be approved, because remaining check is in progress",
  bookingCostRejectRemainingCheck: "This booking cost cannot be rejected, because remaining check is in progress",
  bookingCostChangeRemainingCheck: "This booking cost cannot be requested for change, because remaining check is in progress",
  expenseApproveRemainingCheck: "This expense cannot be approved, because remaining check is in progress",
  expenseRejectRemainingCheck: "This expense cannot be rejected, because remaining check is in progress",
  expenseChangeRemainingCheck: "This expense cannot be requested for change, because remaining check is in progress",
  bookingCostApproveOnHold: "This booking cost cannot be approved, because it is on hold",
  bookingCostRejectOnHold: "This booking cost cannot be rejected, because it is on hold",
  bookingCostChangeOnHold: "This booking cost cannot be requested for change, because it is on hold",
  expenseApproveOnHold: "This expense cannot be approved, because it is on hold",
  expenseRejectOnHold: "This expense cannot be rejected, because it is on hold",
  expenseChangeOnHold: "This expense cannot be requested for change, because it is on hold",
  // §8 Bill management
  saveChangesError: "There was an error saving the changes. Please contact the Product Team if this happens again.",
  markRfpPaidError: "Unable to mark employee RFP as paid",
  // §8 Expenses
  expenseGenericError: "Error occurred! Please contact customer support",
  expenseUnknownError: "Unknown Error occurred!...",
  expenseDeleteError: "An error occured...",
} as const;

/** Meridian's own texts where the spec states a rule but gives no words for it. */
export const financeMeridianMessages = {
  billNotFound: "This bill does not exist.",
  amountNotNumber: "Please enter a valid amount",
  amountDecimals: "Amounts can have at most 2 decimal places",
  amountDecimalsJpy: "JPY amounts cannot have decimal places",
  /** A currency with other than 2 places (ISO 4217: JPY/KRW 0, BHD/KWD/OMR/TND 3): {currency} and {places}. */
  amountDecimalsOf: "{currency} amounts can have at most {places} decimal places",
  amountNoDecimalsOf: "{currency} amounts cannot have decimal places",
  amountNonZero: "The amount cannot be zero",
  dateRequired: "Please enter a date",
  dateInFuture: "The payment date cannot be in the future",
  /** A date that is not a calendar date or an ISO-8601 timestamp, or outside FINANCE_DATE_MIN…FINANCE_DATE_MAX. */
  dateInvalid: "Please enter a valid date (yyyy-mm-dd) from 1900-01-01 to 2099-12-31",
  currencyRequired: "Please select a currency",
  recipientRequired: "Please enter the recipient amount and currency",
  creditNotPositive: "A credit must not have a positive gross amount",
  notNegative: "The amount cannot be negative",
  onlyOneOfNetTax: "When only net or tax is given it must equal the gross amount",
  netAndTaxBoth: "Please enter both net and tax, or neither",
  referenceRequired: "Please enter a reference",
  referenceMax: "The reference can have at most 255 characters",
  lineNotesMax: "Bill line notes can have at most 250 characters",
  spendCategoryRequired: "Please select a spend category",
  linesTotalMismatch: "The bill lines do not add up to the bill total",
  adhocBudgetTogether: "Please select the budget group and the budget cash-out spend category together",
  recurringGross: "Please enter a valid non-zero gross amount",
  recurringCount: "Please enter a positive number of months or weeks",
  recurringFirstDue: "Please enter the first due date",
  recurringDates: "Please fill in every payment date",
  recurringSum: "The instalments do not sum up to the gross amount",
  recurringInstalmentPositive: "Every instalment must be greater than zero",
  recurringRowsCount: "Please enter one payment for each of the {count} instalments",
  voidReasonRequired: "Please select a reason for voiding this bill",
  voidReasonMax: "The void reason can have at most 250 characters",
  holdReasonRequired: "Please select a hold reason",
  billOnHold: "This bill is on hold",
  billNotOnHold: "This bill is not on hold",
  transitionNotAllowed: "This bill cannot go from {from} to {to}",
  alreadyPaid: "This bill has already been paid",
  alreadyAudited: "This bill has already been audited and cannot be changed",
  lockedPeriod: "This date is on or before the lock date of period {period} ({lockDate}); nothing can be created, changed or paid there",
  mixedBillCurrencies: "The selected bills must all have the same currency",
  mixedFromAccountCurrencies: "The selected bills must all have the same from-account currency",
  mixedToAccountCurrencies: "The selected bills must all have the same to-account currency",
  mixedInvoiceCurrencies: "The selected bills must all have the same invoice currency",
  paidTotalsDiffer: "The amounts paid and received are in the same currency but differ",
  recipientAccountNeedsOneInvoice: "Select exactly one invoice and a currency to create an account for the recipient currency",
  approvalItemDone: "This item has already been approved or rejected",
  // Issue 23: a bill in an active payment file; cancelling a payment file; a multi-bill payment refused.
  billInPaymentFile: "This bill is in payment file {file}; cancel that payment file first, or record its payment",
  paymentFileCancelled: "Payment file {file} has already been cancelled",
  paymentFilePaid: "Payment file {file} cannot be cancelled: bill {id} in it has already been paid",
  multiBillRefused: "Bill {id} could not be paid ({reason}), so none of the bills paid together was paid",
} as const;

export const financeMessages = { ...financeSpecMessages, ...financeMeridianMessages } as const;
export type FinanceMessageKey = keyof typeof financeMessages;

/** §5 rejection notes: "Notes field can take a maximum N characters" with N filled in. */
export function notesMaxMessage(max: number): string {
  return financeSpecMessages.notesMaxTemplate.replace(" N ", ` ${max} `);
}

/** Fills `{name}` placeholders of a Meridian text. */
export function fill(text: string, values: Record<string, string>): string {
  return text.replace(/\{(\w+)\}/g, (_, key: string) => values[key] ?? `{${key}}`);
}

/** The §8 blocked-action text for an approval item kind, action and reason. */
export function blockedMessage(kind: "bookingCost" | "expense", action: "approve" | "reject" | "change", reason: "remainingCheck" | "onHold"): string {
  const verb = { approve: "Approve", reject: "Reject", change: "Change" }[action];
  const why = reason === "remainingCheck" ? "RemainingCheck" : "OnHold";
  return financeSpecMessages[`${kind}${verb}${why}` as keyof typeof financeSpecMessages];
}
