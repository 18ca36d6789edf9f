import type * as oidc from "openid-client";
import type { Config } from "../../config.ts";
import type { DB } from "../../db/index.ts";
import type { GroupRef } from "../../db/schema.ts";
import { insertAudit } from "../../db/queries/audit.ts";
import { lockRow } from "../../db/locks.ts";
import { findGroupByName } from "../../db/queries/admin/groups.ts";
import {
  deleteExpiredLoginStates,
  findSsoSettings,
  findSsoUserByEmail,
  insertLoginState,
  takeLoginState,
  upsertSsoSettings,
} from "../../db/queries/identity/sso.ts";
import { findUserById } from "../../db/queries/identity/users.ts";
import { isValidEmail, normalizeEmail } from "../../domain/identity/auth/email.ts";
import { AppError } from "../../domain/errors.ts";
import { messages } from "../../domain/messages.ts";
import { ssoMessages } from "../../domain/identity/sso/messages.ts";
import type { z } from "zod";
import type { TSsoSettingsResponse, ZSsoSaveSettingsRequest } from "../../domain/identity/sso/schemas.ts";
import {
  formatAllowedDomains,
  isStateExpired,
  parseAllowedDomains,
  ssoRefusal,
  stateExpiresAt,
  usesSso,
  type SsoRefusal,
} from "../../domain/identity/sso/rules.ts";
import { createSession } from "./auth.ts";
import { publicBaseUrl } from "../mail.ts";
import { beginOidcAuthorization, clearOidcDiscoveryCache, discoverOidc, finishOidcAuthorization } from "./oidc.ts";
import { assertFetchableUrl, fetchPolicyOf, UnsafeUrlError } from "../safe-fetch.ts";

export const SSO_CALLBACK_PATH = "/sso/callback";

type Actor = { id: number; ip: string | null };
type SettingsRow = NonNullable<Awaited<ReturnType<typeof findSsoSettings>>>;

function toSettingsResponse(group: GroupRef, row: SettingsRow | undefined): TSsoSettingsResponse {
  return {
    group: { id: group.id, name: group.name, displayName: group.display_name },
    configured: !!row,
    issuerUrl: row?.issuer_url ?? "",
    clientId: row?.client_id ?? "",
    hasClientSecret: !!row && row.client_secret !== "",
    allowedDomains: row ? parseAllowedDomains(row.allowed_domains) : [],
    enabled: row ? row.enabled === 1 : false,
    updatedAt: row?.updated_at ?? null,
  };
}

/** The group with this URL name, or NOT_FOUND. */
export async function ssoGroupNamed(db: DB, name: string): Promise<GroupRef> {
  const group = await findGroupByName(db, name);
  if (!group) throw new AppError("NOT_FOUND", messages.notFound);
  return group;
}

/** The admin view of a group's settings; the client secret is never returned, only whether one is set. */
export async function getSsoSettings(db: DB, group: GroupRef): Promise<TSsoSettingsResponse> {
  return toSettingsResponse(group, await findSsoSettings(db, group.id));
}

/** Creates or replaces a group's settings, with an audit row (the secret is recorded only as changed or not). */
export async function saveSsoSettings(
  db: DB,
  config: Pick<Config, "allowPrivateFetch">,
  actor: Actor,
  group: GroupRef,
  input: z.output<typeof ZSsoSaveSettingsRequest>,
  now = new Date(),
): Promise<TSsoSettingsResponse> {
  const at = now.toISOString();
  const secret = input.clientSecret?.trim() ?? "";
  // The issuer must be one the server may fetch (https, a public address) before it is stored.
  try {
    await assertFetchableUrl(input.issuerUrl, fetchPolicyOf(config));
  } catch (error) {
    if (!(error instanceof UnsafeUrlError)) throw error;
    throw new AppError("VALIDATION", ssoMessages.issuerUrlNotPublic, { issuerUrl: ssoMessages.issuerUrlNotPublic });
  }
  await db.transaction().execute(async (trx) => {
    // The group row is locked first, so parallel saves read and write one after the other.
    await lockRow(trx, "groups", group.id);
    const before = await findSsoSettings(trx, group.id);
    if (!before && secret === "") {
      throw new AppError("VALIDATION", ssoMessages.clientSecretRequired, { clientSecret: ssoMessages.clientSecretRequired });
    }
    const values = {
      issuer_url: input.issuerUrl,
      client_id: input.clientId,
      client_secret: secret !== "" ? secret : before!.client_secret,
      allowed_domains: formatAllowedDomains(input.allowedDomains),
      enabled: input.enabled ? 1 : 0,
    };
    await upsertSsoSettings(trx, group.id, values, at);
    const visible = (v: { issuer_url: string; client_id: string; allowed_domains: string; enabled: number }) => ({
      issuerUrl: v.issuer_url,
      clientId: v.client_id,
      allowedDomains: v.allowed_domains,
      enabled: v.enabled === 1,
    });
    await insertAudit(trx, {
      at,
      actorUserId: actor.id,
      groupId: group.id,
      entity: "group_sso_settings",
      entityId: group.id,
      action: before ? "sso.settings.update" : "sso.settings.create",
      oldValues: before ? visible(before) : undefined,
      newValues: { ...visible(values), clientSecretChanged: secret !== "" },
      ip: actor.ip,
    });
  });
  clearOidcDiscoveryCache();
  return getSsoSettings(db, group);
}

// ── Discovery (the shared OIDC core, src/services/identity/oidc.ts) ───────────────────────────────────

function discover(config: Pick<Config, "allowPrivateFetch">, settings: SettingsRow): Promise<oidc.Configuration> {
  return discoverOidc({ issuer: settings.issuer_url, clientId: settings.client_id, clientSecret: settings.client_secret }, config);
}

/** Forgets every cached discovery (tests that restart a provider). */
export function clearSsoDiscoveryCache(): void {
  clearOidcDiscoveryCache();
}

// ── The flow ───────────────────────────────────────────────────────────────────────────────

/** A flow failure, shown as an HTML page with a link back to /login. */
export class SsoFlowError extends Error {
  override readonly name = "SsoFlowError";
  constructor(
    readonly kind: "not_available" | "state_invalid" | "provider_error" | "provider_unavailable" | "refused",
    message: string,
    readonly status: 400 | 403 | 502 = 400,
  ) {
    super(message);
  }
}

export type SsoRequestInfo = { ip: string | null; userAgent: string | null };

function callbackUrl(config: Config): string {
  return `${publicBaseUrl(config)}${SSO_CALLBACK_PATH}`;
}

/**
 * GET /sso/start?email=: finds the address's group settings, discovers the provider, stores a
 * single-use login state (state, nonce, PKCE verifier, 10 minutes) and answers the provider's
 * authorization URL. Addresses that cannot use SSO get `SsoFlowError("not_available")`.
 */
export async function startSsoLogin(
  db: DB,
  config: Config,
  input: { email: string },
  request: SsoRequestInfo,
  now = new Date(),
): Promise<{ redirectUrl: string }> {
  const email = normalizeEmail(input.email);
  const notAvailable = () => new SsoFlowError("not_available", NOT_CONFIGURED);
  if (!isValidEmail(email)) throw notAvailable();
  const user = await findSsoUserByEmail(db, email);
  if (!user || user.group_id === null) throw notAvailable();
  const settings = await findSsoSettings(db, user.group_id);
  const facts = settings ? { enabled: settings.enabled === 1, allowedDomains: settings.allowed_domains } : null;
  if (!settings || !usesSso({ isSsoUser: user.is_sso_user === 1, email: user.email }, facts)) throw notAvailable();

  let provider: oidc.Configuration;
  try {
    provider = await discover(config, settings);
  } catch (error) {
    console.error("[sso] discovery failed", settings.issuer_url, error instanceof Error ? error.message : error);
    throw new SsoFlowError("provider_unavailable", ssoMessages.providerUnavailable, 502);
  }
  const auth = await beginOidcAuthorization(provider, { redirectUri: callbackUrl(config), scope: "openid email", loginHint: email });
  const at = now.toISOString();
  await deleteExpiredLoginStates(db, at);
  await insertLoginState(db, {
    state: auth.state,
    group_id: user.group_id,
    nonce: auth.nonce,
    code_verifier: auth.codeVerifier,
    email_hint: email,
    redirect: null,
    created_at: at,
    expires_at: stateExpiresAt(now),
  });
  return { redirectUrl: auth.url };
}

// The one text for "this address cannot use SSO" (src/domain/messages.ts).
const NOT_CONFIGURED = messages.ssoNotConfigured;

/**
 * GET /sso/callback?code&state: consumes the login state (single use, not expired), exchanges
 * the code (PKCE, nonce and state checks by openid-client), reads the `email` claim and signs in
 * the EXISTING account with that address when the rules allow it (never creates one).
 */
export async function finishSsoLogin(
  db: DB,
  config: Config,
  query: { state?: string; code?: string; error?: string },
  currentSearch: string,
  request: SsoRequestInfo,
  now = new Date(),
): Promise<{ token: string; maxAgeSeconds: number; targetUrl: string }> {
  const stateInvalid = () => new SsoFlowError("state_invalid", ssoMessages.stateInvalid);
  if (!query.state) throw stateInvalid();
  const row = await takeLoginState(db, query.state);
  if (!row || isStateExpired(row.expires_at, now)) throw stateInvalid();

  const settings = await findSsoSettings(db, row.group_id);
  const refuse = async (reason: SsoRefusal | "provider_error", email: string | null, userId: number | null) => {
    await insertAudit(db, {
      at: now.toISOString(),
      actorUserId: userId,
      groupId: row.group_id,
      entity: "session",
      entityId: userId,
      action: "sso.login.refused",
      newValues: { reason, email },
      ip: request.ip,
    });
  };
  if (!settings || settings.enabled !== 1) {
    await refuse("sso_disabled", row.email_hint, null);
    throw new SsoFlowError("not_available", NOT_CONFIGURED);
  }
  if (query.error || !query.code) {
    await refuse("provider_error", row.email_hint, null);
    throw new SsoFlowError("provider_error", ssoMessages.providerError, 400);
  }

  let claims: Record<string, unknown> | undefined;
  try {
    const provider = await discover(config, settings);
    const current = new URL(`${callbackUrl(config)}${currentSearch}`);
    const identity = await finishOidcAuthorization(provider, current, { state: row.state, nonce: row.nonce, codeVerifier: row.code_verifier });
    claims = identity.claims;
  } catch (error) {
    console.error("[sso] code exchange failed", error instanceof Error ? error.message : error);
    await refuse("provider_error", row.email_hint, null);
    throw new SsoFlowError("provider_error", ssoMessages.providerError, 502);
  }

  const rawEmail = typeof claims?.["email"] === "string" ? normalizeEmail(claims["email"]) : null;
  const emailVerified = typeof claims?.["email_verified"] === "boolean" ? claims["email_verified"] : undefined;
  const candidate = rawEmail ? await findSsoUserByEmail(db, rawEmail) : undefined;
  const reason = ssoRefusal({
    email: rawEmail,
    emailVerified,
    stateGroupId: row.group_id,
    settings: { enabled: settings.enabled === 1, allowedDomains: settings.allowed_domains },
    user: candidate
      ? {
          groupId: candidate.group_id,
          activationState: candidate.activation_state,
          anonymizedAt: candidate.anonymized_at,
          groupStatus: candidate.group_status,
        }
      : null,
  });
  const user = candidate ? await findUserById(db, candidate.id) : undefined;
  if (reason || !user) {
    await refuse(reason ?? "unknown_user", rawEmail, candidate?.id ?? null);
    throw new SsoFlowError("refused", ssoMessages.refused, 403);
  }

  const result = await createSession(db, user, { ip: request.ip, userAgent: request.userAgent }, config.session, now, {
    action: "sso.login",
    newValues: { method: "sso", issuer: settings.issuer_url },
  });
  return { token: result.token, maxAgeSeconds: result.maxAgeSeconds, targetUrl: result.targetUrl };
}
