/**
 * The specification's message texts, word for word. Anything a user reads that the
 * spec defines comes from here (or from an area's own messages module), never inline.
 */
export const messages = {
  /** part 1 §8, part 2 §8: generic request failure. */
  genericFailure:
    "There was an issue processing your request. Please contact customer support or your Client Success Manager in order to ensure prompt resolution.",
  /** part 2 §8: login failure other than a returned exception. */
  loginUnexpected: "Error!. Please contact our customer support.",
  /** part 2 §8: activation and terms failure. */
  signupFailed: "Your signup was not successful, Please contact customer support.",
  /** part 2 §5: invalid activation or set-password form. */
  formHasErrors: "There are errors on the form. Please fix them before continuing or contact customer support.",
  /** part 2 §8: set password failure. */
  setPasswordFailed: "Failed to set new password, please try again!",
  /** part 2 §5: account recovery address check. */
  invalidEmailAddress: "Not a valid email address",
  /** part 2 §8 policy: unknown default. */
  unknownError: "Unknown error. Please contact customer support in order to ensure prompt resolution.",
  /** part 2 §8: inactivity at session end (the client redirects to "/"). */
  sessionTimeout: "Session timeout",
  /** part 2 §8 CRM: "Tooltip missing: "Oops, it seems we've missed a message" (with the key)"; see `missingTooltipText`. */
  tooltipMissing: "Oops, it seems we've missed a message",

  // Meridian's own texts where the spec is silent (kept here so they are translatable and reused).
  invalidCredentials: "The email address or password is incorrect.",
  accountNotActive: "Your account has not been activated yet. Please use the activation link in your invitation email.",
  groupSuspended: "Your company's account is suspended. Please contact your Client Success Manager.",
  tooManyAttempts: "Too many failed sign-in attempts. Please wait 15 minutes and try again.",
  tooManyAttemptsFromAddress: "Too many sign-in attempts from your network. Please wait a few seconds and try again.",
  signInRequired: "Please sign in to continue.",
  forbidden: "You do not have permission to do that.",
  otherGroup: "You do not have access to this group.",
  /** A person's records the caller's role may read, but not this person's (an employee asking about someone else). */
  otherPerson: "You do not have access to this person's records.",
  notFound: "The page or record you asked for does not exist.",
  badRequest: "The request could not be understood. Please check what you sent and try again.",
  payloadTooLarge: "The request is too large. The maximum size is 25 MB.",
  crossOrigin: "This request came from another site and was refused.",
  ssoNotConfigured:
    "Your company signs in through single sign-on, which has not been set up for your account yet. Please contact your Client Success Manager.",
} as const;

export type MessageKey = keyof typeof messages;

/** "{label} cannot be empty." style templates from part 1 §5. */
export function fieldMessage(template: string, label: string): string {
  return template.replaceAll("{label}", label);
}

/** Part 2 §8: the text a tooltip with no translation answers: the spec's fallback with the key. */
export function missingTooltipText(key: string): string {
  return `${messages.tooltipMissing} (${key})`;
}
