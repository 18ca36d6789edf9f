/**
 * Who may sign in through a social provider, and whether a returning identity becomes a session
 * (pure; issue 23 item 18).
 *
 * part 2 §3: the activation form and the login answer carry `allowSocialLogin` and `loginType` (all,
 * direct, social); part 2 §6: managers cannot use social login. Meridian's reading:
 * - a person may use a provider when they are an active member (not anonymized) of a client group the
 *   provider serves (SOCIAL_PROVIDERS `groups`), their user type is not "manager" (MANAGER, HR, FINANCE,
 *   CRM), and their company does not send them to single sign-on;
 * - an identity is linked to a user by a VERIFIED e-mail address equal to the user's on its first
 *   sign-in (recorded as provider + `sub`); later sign-ins use the recorded link. Accounts are never
 *   created here, and an unverified or missing address is refused.
 */
import { userTypeFor } from "../activation/rules.ts";
import type { Role } from "../../roles.ts";
import { usesSso } from "../sso/rules.ts";
import { providerServesGroup, type SocialProvider } from "./providers.ts";

/** A login state is good for 10 minutes and one use (the SSO rule). */
export const SOCIAL_STATE_MINUTES = 10;

export type SocialUserFacts = {
  role: Role;
  groupName: string | null;
  activationState: string;
  anonymizedAt: string | null;
  groupStatus: string | null;
  /** The user's company sends them to single sign-on (check-user's isSsoUser). */
  usesSso: boolean;
};

/** The columns of a user's row (with group and SSO settings) the rules read. */
export type SocialUserRow = {
  email: string;
  role: Role;
  group_name: string | null;
  activation_state: string;
  anonymized_at: string | null;
  group_status: string | null;
  is_sso_user: number;
  sso_enabled: number | null;
  sso_allowed_domains: string | null;
  password_hash: string | null;
};

/** The facts the rules decide on, from the user's row (SSO decided as check-user decides it). */
export function socialFactsOf(row: SocialUserRow): SocialUserFacts & { email: string; hasPassword: boolean } {
  return {
    email: row.email,
    role: row.role,
    groupName: row.group_name,
    activationState: row.activation_state,
    anonymizedAt: row.anonymized_at,
    groupStatus: row.group_status,
    usesSso: usesSso(
      { isSsoUser: row.is_sso_user === 1, email: row.email },
      row.sso_enabled === null || row.sso_allowed_domains === null ? null : { enabled: row.sso_enabled === 1, allowedDomains: row.sso_allowed_domains },
    ),
    hasPassword: row.password_hash !== null,
  };
}

export type SocialAccessRefusal = "no_group" | "role_not_allowed" | "sso_user" | "provider_not_allowed" | "anonymized" | "not_active" | "group_suspended";

/** Why this user may not use this provider, or null when they may. */
export function socialAccessRefusal(user: SocialUserFacts, provider: Pick<SocialProvider, "groups">): SocialAccessRefusal | null {
  if (user.groupName === null) return "no_group";
  if (userTypeFor(user.role) === "manager") return "role_not_allowed";
  if (user.usesSso) return "sso_user";
  if (!providerServesGroup(provider, user.groupName)) return "provider_not_allowed";
  if (user.anonymizedAt !== null) return "anonymized";
  if (user.activationState !== "ACTIVE") return "not_active";
  if (user.groupStatus === "SUSPENDED") return "group_suspended";
  return null;
}

export type LoginType = "all" | "direct" | "social";

/**
 * The login answer's social part (check-user): the providers this person may use, and
 * `allowSocialLogin` / `loginType` as the activation form names them. An unknown address gets the
 * answer of an account without social login (direct), so the answer does not say who has an account
 * beyond what the SSO answer already does.
 */
export function socialLoginAnswer(
  user: (SocialUserFacts & { hasPassword: boolean }) | null,
  providers: readonly SocialProvider[],
): { allowSocialLogin: boolean; loginType: LoginType; socialProviders: { id: string; name: string }[] } {
  const usable = user ? providers.filter((p) => socialAccessRefusal(user, p) === null) : [];
  if (!user || usable.length === 0) return { allowSocialLogin: false, loginType: "direct", socialProviders: [] };
  return {
    allowSocialLogin: true,
    loginType: user.hasPassword ? "all" : "social",
    socialProviders: usable.map((p) => ({ id: p.id, name: p.name })),
  };
}

export type SocialCallbackRefusal =
  | SocialAccessRefusal
  | "no_subject"
  | "no_email"
  | "email_not_verified"
  | "email_mismatch"
  | "linked_to_other_account";

/**
 * The callback's decision for the user the attempt was started for (`stateUserId`):
 * - an identity already linked signs in only the user it is linked to;
 * - an unlinked identity needs a verified address equal to that user's (it is then linked);
 * - and the user must still be allowed to use the provider.
 */
export function socialCallbackRefusal(input: {
  subject: string;
  email: string | null;
  emailVerified: boolean | undefined;
  linkedUserId: number | null;
  stateUserId: number;
  user: (SocialUserFacts & { email: string }) | null;
  provider: Pick<SocialProvider, "groups">;
}): SocialCallbackRefusal | null {
  if (!input.subject) return "no_subject";
  if (input.linkedUserId !== null) {
    if (input.linkedUserId !== input.stateUserId) return "linked_to_other_account";
  } else {
    if (!input.email) return "no_email";
    // Only an address the provider says it verified links an account (absent counts as unverified).
    if (input.emailVerified !== true) return "email_not_verified";
    if (!input.user || input.email.trim().toLowerCase() !== input.user.email.toLowerCase()) return "email_mismatch";
  }
  if (!input.user) return "not_active";
  return socialAccessRefusal(input.user, input.provider);
}

/** The text kind (socialLoginMessages) a refusal is shown with. */
export function socialErrorKindFor(reason: SocialCallbackRefusal): "email_not_verified" | "refused" | "not_allowed" | "not_active" | "group_suspended" {
  switch (reason) {
    case "email_not_verified":
      return "email_not_verified";
    case "no_subject":
    case "no_email":
    case "email_mismatch":
    case "linked_to_other_account":
      return "refused";
    case "no_group":
    case "role_not_allowed":
    case "sso_user":
    case "provider_not_allowed":
    case "anonymized":
      return "not_allowed";
    case "not_active":
      return "not_active";
    case "group_suspended":
      return "group_suspended";
  }
}

export function socialStateExpiresAt(now: Date): string {
  return new Date(now.getTime() + SOCIAL_STATE_MINUTES * 60_000).toISOString();
}
