import { messages } from "../../messages.ts";
import { ssoMessages } from "../sso/messages.ts";

/**
 * Texts of social sign-in. Failures are shown under the sign-in form (part 2 §8 "Login failure shows
 * the returned exception text under the form; any other result shows "Error!. Please contact our
 * customer support.""): the callback sends the browser back to /login?socialError=<kind> and the page
 * shows the kind's text, or the spec's generic text for a kind it does not know.
 */
export const socialLoginMessages = {
  /** The same attempt used twice, or too old: the SSO flow's text. */
  state_invalid: ssoMessages.stateInvalid,
  provider_error: "The sign-in service did not complete the sign-in. Please try again, or sign in with your password.",
  provider_unavailable: "The sign-in service cannot be reached right now. Please try again later, or sign in with your password.",
  email_not_verified:
    "The sign-in service has not verified that e-mail address. Please verify it there first, or sign in with your password.",
  refused:
    "That account cannot sign in to Meridian. Please sign in with the account that uses your Meridian e-mail address, or with your password.",
  not_allowed: "Your account cannot sign in with this service. Please sign in with your password.",
  not_active: messages.accountNotActive,
  group_suspended: messages.groupSuspended,
  /** Linking while signed in (the sign-in methods page). */
  linked_elsewhere: "That account is already linked to another Meridian user.",
  already_linked: "Your Meridian account is already linked to another account of this service. Unlink it first.",
  session_changed: "You are no longer signed in as the person who started linking. Please sign in and try again.",
  /** Shown when the kind is not known (part 2 §8). */
  unexpected: messages.loginUnexpected,
} as const;

export type SocialLoginErrorKind = Exclude<keyof typeof socialLoginMessages, "unexpected">;

export const socialLoginErrorKinds = Object.keys(socialLoginMessages).filter((k) => k !== "unexpected") as SocialLoginErrorKind[];

/** The text for a `socialError` kind read from the URL (anything unknown: the spec's generic text). */
export function socialLoginErrorText(kind: string | null | undefined): string | null {
  if (!kind) return null;
  return (socialLoginErrorKinds as string[]).includes(kind) ? socialLoginMessages[kind as SocialLoginErrorKind] : socialLoginMessages.unexpected;
}

/** Texts of the sign-in methods page's results (not failures). */
export const socialLinkMessages = {
  linked: "The account is linked. You can now sign in with it.",
  unlinked: "The account is unlinked.",
  notLinked: "That account is not linked.",
} as const;
