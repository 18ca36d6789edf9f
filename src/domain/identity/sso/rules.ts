/**
 * Single sign-on rules (pure): which e-mail domains a group's provider may sign in, how long a
 * login state lives, which issuers may be reached over plain HTTP, and whether a returning
 * identity may become a session.
 */

/** A login state (state, nonce, PKCE verifier) is good for 10 minutes and one use. */
export const SSO_STATE_MINUTES = 10;

/** Discovery documents are cached per issuer for this long. */
export const SSO_DISCOVERY_CACHE_MS = 5 * 60_000;

/** `Initech.test, acme.com ,, ` → `["initech.test", "acme.com"]` (lower case, no blanks, no duplicates). */
export function parseAllowedDomains(text: string | readonly string[]): string[] {
  const parts = typeof text === "string" ? text.split(",") : text;
  const seen = new Set<string>();
  for (const part of parts) {
    const domain = part.trim().toLowerCase().replace(/^@/, "");
    if (domain) seen.add(domain);
  }
  return [...seen];
}

export function formatAllowedDomains(domains: readonly string[]): string {
  return parseAllowedDomains(domains).join(",");
}

/** The domain part of an address, lower case; "" when there is none. */
export function emailDomain(email: string): string {
  const at = email.lastIndexOf("@");
  return at < 0 ? "" : email.slice(at + 1).trim().toLowerCase();
}

/** Exact domain match (case-insensitive): `a@sub.initech.test` is not allowed by `initech.test`. */
export function isDomainAllowed(email: string, allowed: string | readonly string[]): boolean {
  const domain = emailDomain(email);
  return domain !== "" && parseAllowedDomains(allowed).includes(domain);
}

export function stateExpiresAt(now: Date): string {
  return new Date(now.getTime() + SSO_STATE_MINUTES * 60_000).toISOString();
}

export function isStateExpired(expiresAt: string, now: Date): boolean {
  return new Date(expiresAt).getTime() <= now.getTime();
}

const LOOPBACK = new Set(["127.0.0.1", "localhost", "[::1]", "::1"]);

/** Issuers must use HTTPS; plain HTTP is accepted only on this machine (tests, local demo). */
export function isAcceptableIssuerUrl(url: string): boolean {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return false;
  }
  if (parsed.search || parsed.hash || parsed.username || parsed.password) return false;
  if (parsed.protocol === "https:") return true;
  return parsed.protocol === "http:" && LOOPBACK.has(parsed.hostname);
}


/** What is known about a group's settings when deciding whether an address uses SSO. */
export type SsoSettingsFacts = { enabled: boolean; allowedDomains: string };

/** check-user: an SSO user whose group has enabled settings that allow the address's domain. */
export function usesSso(user: { isSsoUser: boolean; email: string }, settings: SsoSettingsFacts | null | undefined): boolean {
  return user.isSsoUser && !!settings && settings.enabled && isDomainAllowed(user.email, settings.allowedDomains);
}

export type SsoRefusal =
  | "no_email"
  | "email_not_verified"
  | "domain_not_allowed"
  | "unknown_user"
  | "other_group"
  | "not_active"
  | "anonymized"
  | "group_suspended"
  | "sso_disabled";

export type SsoCandidate = {
  groupId: number | null;
  activationState: string;
  anonymizedAt: string | null;
  groupStatus: string | null;
};

/**
 * The callback's decision: the provider vouched for `email` (and maybe `emailVerified`); the
 * existing account with that address may sign in only when it belongs to the state's group, is
 * ACTIVE, not anonymized, and the domain is allowed. Accounts are never created here.
 */
export function ssoRefusal(input: {
  email: string | null;
  emailVerified: boolean | undefined;
  stateGroupId: number;
  settings: SsoSettingsFacts | null;
  user: SsoCandidate | null;
}): SsoRefusal | null {
  if (!input.email) return "no_email";
  if (input.emailVerified === false) return "email_not_verified";
  if (!input.settings || !input.settings.enabled) return "sso_disabled";
  if (!isDomainAllowed(input.email, input.settings.allowedDomains)) return "domain_not_allowed";
  const user = input.user;
  if (!user) return "unknown_user";
  if (user.groupId !== input.stateGroupId) return "other_group";
  if (user.anonymizedAt !== null) return "anonymized";
  if (user.activationState !== "ACTIVE") return "not_active";
  if (user.groupStatus === "SUSPENDED") return "group_suspended";
  return null;
}
