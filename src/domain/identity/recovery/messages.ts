/**
 * Texts of account recovery, sessions and the admin account tools. Spec texts (part 2 §5, §8)
 * word for word; the others are Meridian's own where the spec is silent.
 */
export const recoveryMessages = {
  /** part 2 §5: account recovery address check. */
  invalidEmailAddress: "Not a valid email address",
  /** The one answer to every well-formed reset request, whether or not the address has an account. */
  resetRequested: "If an account exists for this address, we have sent a link to reset its password.",
  /** part 2 §8: set password failure. */
  setPasswordFailed: "Failed to set new password, please try again!",
  /** part 2 §5: invalid set-new-password form. */
  formHasErrors: "There are errors on the form. Please fix them before continuing or contact customer support.",
  /** part 2 §5: admin reset lookup. */
  adminInvalidEmail: "Not a valid email address.",
  /** part 2 §5: admin reset lookup, empty result. */
  notRegistered: "Email address is not registered to a user.",
  /** part 2 §5: anonymize user id required. */
  enterUserId: "Please enter user Id",
  /** part 2 §5: anonymize confirmation ("This operation is irreversible..."), as a full sentence. */
  anonymizeConfirm:
    "This operation is irreversible. The user's personal data will be replaced and cannot be recovered. Continue?",
  anonymized: "The user's personal data has been anonymized.",
  anonymizeSelf: "You cannot anonymize your own account.",
  alreadyAnonymized: "This user has already been anonymized.",
  userNotFound: "No user has this id.",
  /** The reset link's token is missing (same text as the token service's "invalid"). */
  linkInvalid: "This link is not valid. Please ask for a new one.",
  timezoneOffset: "The time zone offset must be a whole number of minutes between -840 and 840.",
  /** part 2 §8: inactivity alert at session end (the client then goes to "/"). */
  inactivity: "Your session has ended because of inactivity. Please sign in again.",
} as const;
