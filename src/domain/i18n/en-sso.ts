import { ssoMessages } from "../identity/sso/messages.ts";

/** English UI and e-mail texts of the sso screens (merged into en.ts). */
export const enSso = {
  "sso.admin.title": "Single sign-on",
  "sso.admin.description":
    "Connect a client group to its OpenID Connect identity provider. Users marked for single sign-on whose address is in an allowed domain sign in there instead of with a password.",
  "sso.admin.group": "Group",
  "sso.admin.chooseGroup": "Choose a group…",
  "sso.admin.chooseGroupHint": "Choose a group to see and change its single sign-on settings.",
  "sso.admin.settingsFor": "Settings for {{group}}",
  "sso.admin.notConfigured": "Not configured yet",
  "sso.admin.statusOn": "On",
  "sso.admin.statusOff": "Off",
  "sso.admin.lastChanged": "Last changed {{date}}",
  "sso.admin.issuerUrl": "Issuer URL",
  "sso.admin.issuerUrlHint": "The provider's issuer, for example https://login.example.com/realms/acme. Meridian reads its discovery document.",
  "sso.admin.clientId": "Client ID",
  "sso.admin.clientSecret": "Client secret",
  "sso.admin.clientSecretKept": "A secret is stored and never shown. Leave this empty to keep it.",
  "sso.admin.clientSecretMissing": "No secret is stored yet.",
  "sso.admin.allowedDomains": "Allowed e-mail domains",
  "sso.admin.allowedDomainsHint": "Separated by commas, for example acme.com, acme.co.uk.",
  "sso.admin.enabled": "Single sign-on is on for this group",
  "sso.admin.redirectUri": "Redirect URI to register at the provider",
  "sso.admin.save": "Save settings",
  "sso.admin.saving": "Saving…",
  "sso.admin.saved": ssoMessages.settingsSaved,
  "sso.admin.noGroups": "There are no client groups yet.",
} as const satisfies Record<string, string>;
