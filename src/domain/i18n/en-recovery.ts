import { recoveryMessages } from "../identity/recovery/messages.ts";

/** English UI and e-mail texts of the recovery screens (merged into en.ts). */
export const enRecovery = {
  // E-mail: the reset link (plain text body, {{var}} placeholders).
  "mail.passwordReset.subject": "Reset your Meridian password",
  "mail.passwordReset.body":
    "We received a request to reset the password of your Meridian account.\n\nUse the link below within {{minutes}} minutes to choose a new password. The link works once. Using it signs you out everywhere else.\n\nIf you did not ask for this, you can ignore this message: your password stays as it is.",
  "mail.passwordReset.action": "Choose a new password",

  // Login page link.
  "recovery.forgotPassword": "Forgot your password?",

  // /user/account-recovery
  "recovery.requestTitle": "Reset your password",
  "recovery.requestSubtitle": "Enter the email address of your account and we will send you a link to choose a new password.",
  "recovery.emailLabel": "Email address",
  "recovery.emailInvalid": recoveryMessages.invalidEmailAddress,
  "recovery.send": "Send reset link",
  "recovery.wait": "Please wait...",
  "recovery.sent": "Link sent",
  "recovery.backToSignIn": "Back to sign in",
  "recovery.failed": "The reset link could not be requested. Please try again.",

  // /user/set-new-password
  "recovery.setTitle": "Choose a new password",
  "recovery.setSubtitle": "Your new password replaces the old one and signs you out on every other device.",
  "recovery.newPassword": "New password",
  "recovery.confirmPassword": "Confirm new password",
  "recovery.rulesTitle": "Your password needs",
  "recovery.ruleMet": "met",
  "recovery.ruleNotMet": "not met",
  "recovery.save": "Set new password",
  "recovery.saving": "Please wait...",
  "recovery.setFailed": recoveryMessages.setPasswordFailed,
  "recovery.formHasErrors": recoveryMessages.formHasErrors,
  "recovery.noToken": recoveryMessages.linkInvalid,
  "recovery.requestNewLink": "Ask for a new link",
  "recovery.passwordSet": "Your password has been changed. Please sign in with your new password.",

  // Inactivity (part 2 §8: an inactivity alert and redirect to "/" at session end).
  "session.inactivityTitle": "Session ended",
  "session.inactivity": recoveryMessages.inactivity,
  "session.ok": "OK",
  // The two login popups (part 2 §2 "Two login popup variants exist"): signing in again over the
  // page whose session ended, and signing in from the public pages.
  "session.signInAgain": "Sign in again",
  "loginPopup.sessionTitle": "Sign in to continue",
  "loginPopup.sessionIntro": "Your session has ended. Sign in again to carry on where you left off.",
  "loginPopup.signInTitle": "Sign in to Meridian",
  "loginPopup.signInIntro": "Sign in without leaving this page.",
  "loginPopup.open": "Sign in",

  // Admin navigation.
  "nav.adminResetPassword": "Reset links",
  "nav.adminAnonymize": "Anonymize user",

  // /admin/resetPassword
  "adminReset.title": "Password reset link",
  "adminReset.description": "Look up a user by email address to get a new single-use link to set their password. The link replaces their unused reset links.",
  "adminReset.emailLabel": "User's email address",
  "adminReset.find": "Get reset link",
  "adminReset.linkLabel": "Reset URL",
  "adminReset.linkHelp": "Send this link to the user. It works once.",

  // /admin/anonymizeUser
  "anonymize.title": "Anonymize user",
  "anonymize.description": "Replace a user's personal data with anonymous values. The account is disabled and its sessions end; amounts in financial records are kept.",
  "anonymize.userIdLabel": "User Id",
  "anonymize.findLabel": "Find a person by name, e-mail or user Id",
  "anonymize.findHint": "Choose someone to fill in their user Id below.",
  "anonymize.choose": "Choose {{name}}",
  "anonymize.found": "People found",
  "anonymize.noMatches": "No one matches this search.",
  "anonymize.moreMatches": "More people match: type more of the name or e-mail.",
  "anonymize.confirmNamed": "{{name}} ({{email}}{{group}}, user Id {{id}}) will be anonymized.",
  "anonymize.submit": "Anonymize",
  "anonymize.enterUserId": recoveryMessages.enterUserId,
  "anonymize.confirmTitle": "Anonymize this user?",
  "anonymize.confirm": recoveryMessages.anonymizeConfirm,
  "anonymize.ssoTitle": "Switch off single sign-on",
  "anonymize.ssoDescription": "The user signs in with a password from now on (they can set one through a reset link).",
  "anonymize.ssoSubmit": "Switch off SSO",
  "anonymize.ssoDone": "Single sign-on is off for this user.",
  "anonymize.ssoUnknown": "No user has this id.",
} as const satisfies Record<string, string>;
