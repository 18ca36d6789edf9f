/** Texts of the single sign-on flow and its settings (shown to users and returned by the server). */
export const ssoMessages = {
  /** The HTML page title of the SSO error pages. */
  pageTitle: "Single sign-on",
  notAvailableHeading: "Single sign-on is not available",
  failedHeading: "Single sign-on did not complete",
  backToLogin: "Back to sign in",
  refused:
    "Your company's sign-in service confirmed who you are, but that address cannot sign in to Meridian here. Please contact your Client Success Manager.",
  stateInvalid: "This sign-in attempt has expired or was already used. Please start again from the sign-in page.",
  providerError: "Your company's sign-in service did not complete the sign-in. Please try again, or contact your Client Success Manager.",
  providerUnavailable: "Your company's sign-in service cannot be reached right now. Please try again later.",
  issuerUrlInvalid: "Please enter the issuer URL (https://…).",
  issuerUrlNotPublic: "The issuer URL must use https and reach a public address (not this server, a private network or a link-local address).",
  clientIdRequired: "Please enter the client ID.",
  clientSecretRequired: "Please enter the client secret.",
  domainsRequired: "Please add at least one allowed domain.",
  domainInvalid: "Please enter domains such as example.com, separated by commas.",
  settingsSaved: "Settings saved.",
} as const;
