import { messages } from "../../messages.ts";

/**
 * Texts of activation, invitations and terms. The spec's own texts are re-exported from
 * `messages.ts` word for word; the rest are Meridian's where the spec is silent.
 */
export const activationMessages = {
  /** part 2 §8: activation and terms failure. */
  signupFailed: messages.signupFailed,
  /** part 2 §5: an invalid activation form. */
  formHasErrors: messages.formHasErrors,
  wrongPathType: "This activation link is not meant for this page. Please use the link from your invitation email.",
  alreadyActive: "This account is already active. Please sign in.",
  termsRequired: "Please accept the terms and conditions to continue.",
  termsNotAccepted: "Please accept the terms and conditions before continuing.",
  moveDateFormat: "Please enter the move date as dd/MM/yyyy.",
  emailMismatch: "The email address does not match the invitation.",
  firstNameRequired: "First name cannot be empty.",
  lastNameRequired: "Last name cannot be empty.",
  /** An address someone already has, whoever has it (this group's active person, another group's, platform staff): says nothing of where it is (issue 23 item 12). */
  cannotInvite: "This email address cannot be invited. Please use another address.",
  activationJustSent: "An activation email was sent to this person less than a minute ago. Please wait a moment before sending another.",
  notPending: "This person has already activated their account.",
  supplierAdminOnly: "Only administrators can invite suppliers.",
  userNotFound: "The person was not found in this group.",
} as const;
