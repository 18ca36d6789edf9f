/**
 * Policy configuration texts from part 2 §5 (validation) and §8 (errors), word for word.
 * Functions fill in the service or field the spec's text names. Where the spec states a rule but
 * gives no text, the entry is marked "(Meridian's wording)".
 */
export const policyMessages = {
  // §5 benefit sets and options
  benefitSetEmpty:
    "Benefit set cannot be empty. If you need to delete a benefit set contact support as the option may be in use.",
  groupNameRequired: "Please enter group Name.",
  groupNeedsOption: "The group must have at least one option.",
  benefitSetNameFirst: "Please enter benefits set name first.",
  benefitOptionNameFirst: "Please enter benefit option name first.",
  optionNameEmpty: "Option name can not be empty.",
  benefitSetNameEmpty: "Benefit set name can not be empty.",
  selectService: "Please select a service.",

  // §5 popup
  invalidVariable: (field: string, variable: string) => `Invalid variable for ${field}: ${variable}`,
  benefitPlaceholderLast: "{benefit} must be last in a description.",

  // §5 setup
  permanentTransferThreeStages: "Warning: the permanent transfer cost estimate should not be used with 3 stage moves.",
  /** (Meridian's wording) */
  policyNameRequired: "Policy name required.",
  /** (Meridian's wording) */
  policyOrderDigits: "Policy order must be digits only or empty.",
  /** (Meridian's wording) */
  removeFromSharedBudgetGroup: "This service shares its budget group with other services. Remove it from the budget group?",
  /** (Meridian's wording) */
  moveTypeChange: (users: number) =>
    `Changing the move type affects ${users} ${users === 1 ? "user" : "users"} on this policy. Do you want to continue?`,
  tagsRemoved: "Tags will be removed. You will need to add tags from the new group",
  /** (Meridian's wording) */
  cloneNameRequired: "Please enter a name for the new policy.",
  /** (Meridian's wording) */
  cloneGroupRequired: "Please select a customer group.",

  // §5 budgets
  notANumber: "This is not a valid number.",
  negativeAmount: "The amount cannot be a negative number.",
  maxBelowMin: "The Budget max must be greater than or equal to the Budget min.",
  minAboveAmount: "The Budget min must be less than or equal to the Amount.",
  maxBelowAmount: "The Budget max must be greater than or equal to the Amount.",
  benefitValueNotNumeric: "This is not a valid number.",

  // §5 submit checks, each naming the service
  selectRequiredValue: (service: string, field: string) => `Please select a value of the ${field} for ${service}`,
  budgetTypeRequired: (service: string) => `Please select a value of the budget type for ${service}`,
  budgetGroupRequired: (service: string) => `Please select a value of the budget group for ${service}`,
  budgetCurrencyRequired: (service: string) => `Please set budget currency for ${service}`,
  budgetAmountRequired: (service: string) => `Please set budget amount for ${service}`,
  benefitRequired: (service: string) => `Please select at least a benefit for ${service}`,
  budgetTypeForAmount: (service: string) => `Please select budget type for ${service}`,
  addableNotProvided: (service: string) => `Cannot set ${service} as addable by HR with the service set as not provided`,
  /** (Meridian's wording) */
  cashFlexInUse: (users: number) =>
    `Cash Flex cannot be removed because it is used by ${users} existing ${users === 1 ? "employee" : "employees"}. Please create a new version of the policy first.`,
  /** (Meridian's wording) */
  moveHubTaken: (service: string) =>
    `${service} is already the move hub service for this move stage. Only one service per move stage may be the move hub.`,

  // §5 uploads and spend categories
  /** (Meridian's wording) */
  chooseFileFirst: "Please choose a file first.",
  /** (Meridian's wording) */
  spendCategorySearchTooShort: "Please enter at least 3 characters, or *** to list every category.",

  // §8 errors
  attributesLoadFailure: "Error in loading the attributes.",
  attributeUpdateFailure: "Error in updating the attribute.",
  /** (Meridian's wording) PUT …/attributes/{id}/configurations names neither a group nor a policy. */
  attributeScopeRequired: "Please choose a group or a policy.",
  unableToUpdatePopup: "Unable to update popup.",
  setupSaveFailed: "Update failed - there was an error.",
  unableToAddServiceToPopup: "Unable to add service to the popup.",
  unableToCreatePopup: "Unable to create pop up",
  unableToDeletePopup: "Unable to delete pop up",
  unableToRemoveFromPopup: "Unable to remove service from the popup.",
  unableToReorderPopup: "Unable to reorder the popup.",
  unableToSavePopup: "Unable to save the popup.",
  loadingDataError:
    "Loading data error. Please contact customer support or your Client Success Manager in order to ensure prompt resolution.",
  errorAddingService: "Error adding the new service.",
  errorRemovingService: "Error removing the service.",
  errorUpdatingService: "Error in updating the service.",
  errorAddingBudget: "Error in adding the budget.",
  errorUpdatingBudget: "Error in updating the budget.",
  errorDeletingBudget: "Error in deleting the budget.",
  errorUploadingRates: "Error in uploading the rates.",
  cannotLoadBudgetData: "Cannot load budget data",
  errorLoadingPageData: "Error loading the page data.",
  errorValidatingPolicy: "Error in validating the policy.",
  fileUploadSuccess: "File upload: success.",
  fileUploadFailure: "File upload: failure.",
  errorDeletingDraft: "There has been an error deleting the unreleased version of the policy",
  versioningFailed: "There was an issue versioning/cloning policy. Please contact customer support",
  unableToToggleCheckbox: "Unable to toggle checkbox",
  metadataUpdateFailed: "The metadata update failed. Please try again.",
  optionAddFailed: "The addition of a new option failed. Please try again.",
  updateFailed: "The update failed. Please try again.",
  errorLoadingServiceProperties: "Error loading the service properties for policy.",
  currenciesError: "An error occurred getting currencies data. Please contact customer support.",
  unknownError: "Unknown error. Please contact customer support in order to ensure prompt resolution.",

  // Meridian's own texts where the spec is silent
  policyNotFound: "The policy was not found.",
  groupNotFound: "The group was not found.",
  amountTooLarge: "The amount is too large.",
  noMoreSetNumbers: "No further benefit set number is available for this service.",
  versionNotFound: "The policy version was not found.",
  versionNotEditable: "Only a draft version can be changed. Create a new version first.",
  draftExists: "This policy already has a draft version.",
  noDraft: "This policy has no draft version to edit.",
  serviceNotFound: "The service is not on this move stage.",
  serviceAlreadyOnStage: "The service is already on this move stage.",
  unknownService: "Unknown service.",
  moveStageOutOfRange: "The move stage does not exist on this policy.",
  budgetGroupOutOfRange: "Budget groups are numbered 1 to 20, or 99 for none.",
  budgetNotFound: "The budget was not found.",
  budgetCurrencyTaken: (currency: string) => `This budget group already has a budget in ${currency}. Change that budget instead.`,
  benefitNotFound: "The benefit was not found.",
  metadataNotFound: "The metadata line was not found.",
  invalidFormula: (position: number, detail: string) => `Invalid formula at character ${position}: ${detail}`,
  versionHasErrors: "The policy version has errors. Please fix them before releasing it.",
  employeeHasNoPolicy: "This employee has no policy yet.",
  rateFileInvalid: "The rates file could not be read. Please use the downloaded template.",
} as const;
