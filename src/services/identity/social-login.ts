/**
 * Social sign-in (issue 23 item 18; part 2 §3 allowSocialLogin / loginType, §6): OpenID Connect
 * through the providers of SOCIAL_PROVIDERS, on the shared OIDC core (src/services/identity/oidc.ts: discovery,
 * PKCE S256, state and nonce, the guarded fetch) and the same session creation as password and SSO
 * sign-in (`createSession`). Rules: src/domain/identity/social-login/rules.ts.
 *
 *   login page e-mail step ─ check-user answers the providers this person may use
 *   socialLogin.start({provider, email}) ─ a single-use state row (state, nonce, PKCE verifier, user, 10 min)
 *   provider ─► GET /social-login/callback?code&state ─ the state row is deleted by the first callback
 *   (so a replayed or parallel callback has one effect), the code is exchanged, the identity is matched
 *   (a linked provider account, or a verified address equal to the user's, then linked) and a session made.
 */
import type * as oidc from "openid-client";
import type { Config } from "../../config.ts";
import type { DB } from "../../db/index.ts";
import { insertAudit } from "../../db/queries/audit.ts";
import {
  deleteExpiredSocialLoginStates,
  deleteSocialIdentity,
  findSocialIdentitiesOfUser,
  findSocialIdentity,
  findSocialUserByEmail,
  findSocialUserById,
  insertSocialIdentity,
  insertSocialLoginState,
  takeSocialLoginState,
  touchSocialIdentity,
} from "../../db/queries/identity/social-login.ts";
import { findUserById } from "../../db/queries/identity/users.ts";
import { AppError } from "../../domain/errors.ts";
import { socialLinkMessages, socialLoginMessages, type SocialLoginErrorKind } from "../../domain/identity/social-login/messages.ts";
import type { TSocialMethodsResponse } from "../../domain/identity/social-login/schemas.ts";
import type { SocialProvider } from "../../domain/identity/social-login/providers.ts";
import {
  socialAccessRefusal,
  socialCallbackRefusal,
  socialErrorKindFor,
  socialFactsOf,
  socialStateExpiresAt,
  SOCIAL_STATE_MINUTES,
  type SocialCallbackRefusal,
} from "../../domain/identity/social-login/rules.ts";
import { isStateExpired } from "../../domain/identity/sso/rules.ts";
import { createSession } from "./auth.ts";
import { publicBaseUrl } from "../mail.ts";
import { beginOidcAuthorization, discoverOidc, finishOidcAuthorization } from "./oidc.ts";

export const SOCIAL_CALLBACK_PATH = "/social-login/callback";

function providerNamed(config: Pick<Config, "socialProviders">, id: string): SocialProvider | undefined {
  return config.socialProviders.find((p) => p.id === id);
}

function discover(config: Pick<Config, "allowPrivateFetch">, provider: SocialProvider): Promise<oidc.Configuration> {
  return discoverOidc({ issuer: provider.issuer, clientId: provider.clientId, clientSecret: provider.clientSecret }, config);
}

function callbackUrl(config: Config): string {
  return `${publicBaseUrl(config)}${SOCIAL_CALLBACK_PATH}`;
}

/**
 * socialLogin.start: the person typed `email` and pressed `provider`'s button. Refused (the same text
 * for an unknown address, a provider that does not serve their group and a role that may not use
 * social login) unless the rules allow it; otherwise a single-use login state is stored and the
 * provider's authorization URL answered.
 */
export async function startSocialLogin(
  db: DB,
  config: Config,
  input: { provider: string; email: string },
  now = new Date(),
): Promise<{ redirectUrl: string; state: string; maxAgeSeconds: number }> {
  const provider = providerNamed(config, input.provider);
  const row = await findSocialUserByEmail(db, input.email);
  if (!provider || !row || socialAccessRefusal(socialFactsOf(row), provider) !== null) {
    throw new AppError("FORBIDDEN", socialLoginMessages.not_allowed);
  }
  return beginAttempt(db, config, provider, { userId: row.id, purpose: "login", loginHint: row.email }, now);
}

/**
 * socialLogin.startLink: the signed-in user links an account of `provider` whatever its address
 * (explicit linking); the same rule decides whether they may use the provider at all.
 */
export async function startSocialLink(
  db: DB,
  config: Config,
  userId: number,
  providerId: string,
  now = new Date(),
): Promise<{ redirectUrl: string; state: string; maxAgeSeconds: number }> {
  const provider = providerNamed(config, providerId);
  const row = await findSocialUserById(db, userId);
  if (!provider || !row || socialAccessRefusal(socialFactsOf(row), provider) !== null) {
    throw new AppError("FORBIDDEN", socialLoginMessages.not_allowed);
  }
  return beginAttempt(db, config, provider, { userId, purpose: "link", loginHint: null }, now);
}

/** Discovers the provider, stores the single-use attempt and answers where to send the browser. */
async function beginAttempt(
  db: DB,
  config: Config,
  provider: SocialProvider,
  attempt: { userId: number; purpose: "login" | "link"; loginHint: string | null },
  now: Date,
): Promise<{ redirectUrl: string; state: string; maxAgeSeconds: number }> {
  let discovered: oidc.Configuration;
  try {
    discovered = await discover(config, provider);
  } catch (error) {
    console.error("[social-login] discovery failed", provider.id, error instanceof Error ? error.message : error);
    throw new AppError("BAD_REQUEST", socialLoginMessages.provider_unavailable);
  }
  const auth = await beginOidcAuthorization(discovered, { redirectUri: callbackUrl(config), scope: "openid email", loginHint: attempt.loginHint });
  const at = now.toISOString();
  await deleteExpiredSocialLoginStates(db, at);
  await insertSocialLoginState(db, {
    state: auth.state,
    provider: provider.id,
    purpose: attempt.purpose,
    user_id: attempt.userId,
    nonce: auth.nonce,
    code_verifier: auth.codeVerifier,
    created_at: at,
    expires_at: socialStateExpiresAt(now),
  });
  return { redirectUrl: auth.url, state: auth.state, maxAgeSeconds: SOCIAL_STATE_MINUTES * 60 };
}

/** socialLogin.methods: the providers the user may use (or has linked), each with its linked account. */
export async function listSocialMethods(db: DB, config: Pick<Config, "socialProviders">, userId: number): Promise<TSocialMethodsResponse> {
  const row = await findSocialUserById(db, userId);
  if (!row) return { providers: [] };
  const facts = socialFactsOf(row);
  const identities = await findSocialIdentitiesOfUser(db, userId);
  return {
    providers: config.socialProviders
      .map((p) => ({ provider: p, identity: identities.find((i) => i.provider === p.id) }))
      .filter(({ provider, identity }) => identity !== undefined || socialAccessRefusal(facts, provider) === null)
      .map(({ provider, identity }) => ({
        id: provider.id,
        name: provider.name,
        linked: identity ? { email: identity.email, linkedAt: identity.created_at, lastLoginAt: identity.last_login_at } : null,
      })),
  };
}

/** socialLogin.unlink: removes the user's linked account of `provider` (audited); a second unlink is refused. */
export async function unlinkSocialIdentity(
  db: DB,
  actor: { id: number; groupId: number | null; ip: string | null },
  providerId: string,
  now = new Date(),
): Promise<{ success: true; message: string }> {
  await db.transaction().execute(async (trx) => {
    const removed = await deleteSocialIdentity(trx, actor.id, providerId);
    if (!removed) throw new AppError("NOT_FOUND", socialLinkMessages.notLinked);
    await insertAudit(trx, {
      at: now.toISOString(),
      actorUserId: actor.id,
      groupId: actor.groupId,
      entity: "social_identity",
      entityId: actor.id,
      action: "social.unlink",
      oldValues: { provider: providerId, email: removed.email, linkedBy: removed.linked_by },
      ip: actor.ip,
    });
  });
  return { success: true, message: socialLinkMessages.unlinked };
}

/** A callback failure: the browser goes back to /login?socialError=<kind>, where the kind's text is shown. */
export class SocialLoginFlowError extends Error {
  override readonly name = "SocialLoginFlowError";
  constructor(readonly kind: SocialLoginErrorKind) {
    super(socialLoginMessages[kind]);
  }
}

export type SocialRequestInfo = { ip: string | null; userAgent: string | null };

/**
 * GET /social-login/callback?code&state: takes the login state (single use, not expired; only from
 * the browser that started the attempt, `browserState` being the state it keeps in a cookie),
 * exchanges the code, and signs in the user the attempt was started for when the identity is theirs
 * (linked before, or a verified address equal to theirs, linked now in the session's transaction).
 */
export async function finishSocialLogin(
  db: DB,
  config: Config,
  query: { state?: string; code?: string; error?: string },
  currentSearch: string,
  request: SocialRequestInfo & { browserState: string | null; sessionUserId: number | null },
  now = new Date(),
): Promise<{ kind: "session"; token: string; maxAgeSeconds: number; targetUrl: string } | { kind: "linked"; targetUrl: string }> {
  // Another browser's callback (login CSRF) or none at all: refused before the attempt is touched.
  if (!query.state || request.browserState !== query.state) throw new SocialLoginFlowError("state_invalid");
  const row = await takeSocialLoginState(db, query.state);
  if (!row || isStateExpired(row.expires_at, now)) throw new SocialLoginFlowError("state_invalid");

  const stateUser = await findSocialUserById(db, row.user_id);
  const refuse = async (reason: SocialCallbackRefusal | "provider_error" | "provider_removed" | "session_changed" | "already_linked", email: string | null) => {
    await insertAudit(db, {
      at: now.toISOString(),
      actorUserId: null,
      groupId: stateUser?.group_id ?? null,
      entity: "session",
      entityId: row.user_id,
      action: "social.login.refused",
      newValues: { reason, provider: row.provider, email },
      ip: request.ip,
    });
  };
  const provider = providerNamed(config, row.provider);
  if (!provider) {
    await refuse("provider_removed", null);
    throw new SocialLoginFlowError("not_allowed");
  }
  if (query.error || !query.code) {
    await refuse("provider_error", null);
    throw new SocialLoginFlowError("provider_error");
  }

  let identity: Awaited<ReturnType<typeof finishOidcAuthorization>>;
  try {
    const discovered = await discover(config, provider);
    identity = await finishOidcAuthorization(discovered, new URL(`${callbackUrl(config)}${currentSearch}`), {
      state: row.state,
      nonce: row.nonce,
      codeVerifier: row.code_verifier,
    });
  } catch (error) {
    console.error("[social-login] code exchange failed", provider.id, error instanceof Error ? error.message : error);
    await refuse("provider_error", null);
    throw new SocialLoginFlowError("provider_error");
  }

  const email = identity.email ? identity.email.trim().toLowerCase() : null;
  const linked = identity.subject ? await findSocialIdentity(db, provider.id, identity.subject) : undefined;
  if (row.purpose === "link") {
    return finishExplicitLink(db, { row, provider, identity: { ...identity, email }, linked, stateUser, request, now, refuse });
  }
  const reason = socialCallbackRefusal({
    subject: identity.subject,
    email,
    emailVerified: identity.emailVerified,
    linkedUserId: linked?.user_id ?? null,
    stateUserId: row.user_id,
    user: stateUser ? socialFactsOf(stateUser) : null,
    provider,
  });
  const user = await findUserById(db, row.user_id);
  if (reason || !user) {
    await refuse(reason ?? "not_active", email);
    throw new SocialLoginFlowError(socialErrorKindFor(reason ?? "not_active"));
  }

  const at = now.toISOString();
  const session = createSession(db, user, { ip: request.ip, userAgent: request.userAgent }, config.session, now, {
    action: "social.login",
    newValues: { method: "social", provider: provider.id, linkedNow: !linked },
    beforeCommit: async (trx) => {
      if (linked) {
        await touchSocialIdentity(trx, linked.id, at);
        return;
      }
      const made = await insertSocialIdentity(trx, {
        user_id: user.id,
        provider: provider.id,
        subject: identity.subject,
        email,
        linked_by: "email",
        created_at: at,
        last_login_at: at,
      });
      if (!made) {
        // Linked meanwhile: by a parallel first sign-in of the same account (fine), or the user already
        // has another account of this provider linked (refused, nothing of this sign-in is kept).
        const now2 = await findSocialIdentity(trx, provider.id, identity.subject);
        if (now2?.user_id !== user.id) throw new SocialLoginFlowError("refused");
        return;
      }
      await insertAudit(trx, {
        at,
        actorUserId: user.id,
        groupId: user.group_id,
        entity: "social_identity",
        entityId: user.id,
        action: "social.link",
        newValues: { provider: provider.id, email, linkedBy: "email" },
        ip: request.ip,
      });
    },
  });
  const result = await session.catch(async (error: unknown) => {
    if (error instanceof SocialLoginFlowError) await refuse("linked_to_other_account", email);
    throw error;
  });
  return { kind: "session", token: result.token, maxAgeSeconds: result.maxAgeSeconds, targetUrl: result.targetUrl };
}

/** Where the sign-in methods page lives (explicit linking starts and ends there). */
export const SIGN_IN_METHODS_PATH = "/user/sign-in-methods";

/**
 * The callback of an explicit link: the browser must still be signed in as the user who started it;
 * the provider account (whatever its address) must not be linked to anyone else, and the user may hold
 * one account per provider. Linked in one transaction with its audit row; no new session.
 */
async function finishExplicitLink(
  db: DB,
  ctx: {
    row: { user_id: number; provider: string };
    provider: SocialProvider;
    identity: { subject: string; email: string | null };
    linked: { user_id: number } | undefined;
    stateUser: Awaited<ReturnType<typeof findSocialUserById>>;
    request: SocialRequestInfo & { sessionUserId: number | null };
    now: Date;
    refuse: (reason: SocialCallbackRefusal | "session_changed" | "already_linked", email: string | null) => Promise<void>;
  },
): Promise<{ kind: "linked"; targetUrl: string }> {
  const { row, provider, identity, linked, stateUser, request, now, refuse } = ctx;
  const done = { kind: "linked" as const, targetUrl: `${SIGN_IN_METHODS_PATH}?linked=${provider.id}` };
  if (request.sessionUserId !== row.user_id) {
    await refuse("session_changed", identity.email);
    throw new SocialLoginFlowError("session_changed");
  }
  if (!identity.subject) {
    await refuse("no_subject", identity.email);
    throw new SocialLoginFlowError("refused");
  }
  if (linked && linked.user_id !== row.user_id) {
    await refuse("linked_to_other_account", identity.email);
    throw new SocialLoginFlowError("linked_elsewhere");
  }
  const access = stateUser ? socialAccessRefusal(socialFactsOf(stateUser), provider) : "not_active";
  if (access) {
    await refuse(access, identity.email);
    throw new SocialLoginFlowError(socialErrorKindFor(access));
  }
  if (linked) return done;
  const at = now.toISOString();
  const outcome = await db.transaction().execute(async (trx) => {
    const made = await insertSocialIdentity(trx, {
      user_id: row.user_id,
      provider: provider.id,
      subject: identity.subject,
      email: identity.email,
      linked_by: "explicit",
      created_at: at,
      last_login_at: null,
    });
    if (!made) {
      const holder = await findSocialIdentity(trx, provider.id, identity.subject);
      if (holder?.user_id === row.user_id) return "ok" as const;
      return holder ? ("linked_elsewhere" as const) : ("already_linked" as const);
    }
    await insertAudit(trx, {
      at,
      actorUserId: row.user_id,
      groupId: stateUser?.group_id ?? null,
      entity: "social_identity",
      entityId: row.user_id,
      action: "social.link",
      newValues: { provider: provider.id, email: identity.email, linkedBy: "explicit" },
      ip: request.ip,
    });
    return "ok" as const;
  });
  if (outcome === "linked_elsewhere") {
    await refuse("linked_to_other_account", identity.email);
    throw new SocialLoginFlowError("linked_elsewhere");
  }
  if (outcome === "already_linked") {
    await refuse("already_linked", identity.email);
    throw new SocialLoginFlowError("already_linked");
  }
  return done;
}
