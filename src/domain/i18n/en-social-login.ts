import { socialLinkMessages } from "../identity/social-login/messages.ts";

/** English texts of the sign-in methods page (social sign-in, issue 23 item 18; merged into en.ts). */
export const enSocialLogin = {
  "socialLogin.title": "Sign-in methods",
  "socialLogin.intro":
    "Sign in to Meridian with your password, or with an account of a service you link here. A service account whose verified e-mail address is yours links itself the first time you use it.",
  "socialLogin.servicesHeading": "Sign-in services",
  "socialLogin.linkedTo": "Linked to {{email}}",
  "socialLogin.linkedAccount": "Linked",
  "socialLogin.linkedOn": "Linked on {{date}}",
  "socialLogin.lastUsed": "Last used {{date}}",
  "socialLogin.notLinked": "Not linked",
  "socialLogin.link": "Link {{name}}",
  "socialLogin.unlink": "Unlink {{name}}",
  "socialLogin.redirecting": "Redirecting to {{name}}…",
  "socialLogin.none": "No sign-in services are available for your account",
  "socialLogin.noneBody": "You sign in with your password.",
  "socialLogin.loadFailed": "Sorry, an error occurred while loading screen.",
  "socialLogin.linked": socialLinkMessages.linked,
  "socialLogin.unlinked": socialLinkMessages.unlinked,
} as const satisfies Record<string, string>;
