/**
 * The OpenID Connect core shared by single sign-on (src/services/identity/sso.ts, one provider per group) and
 * social login (src/services/identity/social-login.ts, providers from SOCIAL_PROVIDERS): discovery (cached per
 * issuer, client and secret), the authorization request (state, nonce and PKCE S256, stored server
 * side by the caller), and the code exchange (openid-client checks state, nonce, PKCE, issuer, audience
 * and the ID token's signature) with the claims the callers decide on.
 *
 * Every HTTP request openid-client makes (discovery, JWKS, token, userinfo) goes through ONE fetch:
 * `oidcFetch(config)`, the SSRF guard of issue 23 item 11 (`guardedFetch` in src/services/safe-fetch.ts:
 * https only and public addresses only, unless ALLOW_PRIVATE_FETCH=1 for tests and local demos).
 */
import * as oidc from "openid-client";
import type { Config } from "../../config.ts";
import { SSO_DISCOVERY_CACHE_MS } from "../../domain/identity/sso/rules.ts";
import { fetchPolicyOf, guardedFetch } from "../safe-fetch.ts";

/** What a relying party needs to talk to one provider. */
export type OidcClient = { issuer: string; clientId: string; clientSecret: string };

/** The one fetch of every OIDC request (the injection point; tests keep it and set ALLOW_PRIVATE_FETCH=1). */
export function oidcFetch(config: Pick<Config, "allowPrivateFetch">): oidc.CustomFetch {
  const fetchGuarded = guardedFetch(fetchPolicyOf(config));
  return (url, options) => fetchGuarded(url, options as RequestInit);
}

const discoveryCache = new Map<string, { config: Promise<oidc.Configuration>; at: number }>();

/** Discovers the issuer once per issuer, client and secret for a few minutes; a failed discovery is not cached. */
export function discoverOidc(client: OidcClient, config: Pick<Config, "allowPrivateFetch">, now = Date.now()): Promise<oidc.Configuration> {
  const key = JSON.stringify([client.issuer, client.clientId, client.clientSecret, config.allowPrivateFetch]);
  const hit = discoveryCache.get(key);
  if (hit && now - hit.at < SSO_DISCOVERY_CACHE_MS) return hit.config;
  const issuer = new URL(client.issuer);
  // Plain http only where the fetch guard allows it (ALLOW_PRIVATE_FETCH=1); the guard refuses it otherwise.
  const insecure = issuer.protocol === "http:" && config.allowPrivateFetch;
  const discovered = oidc.discovery(issuer, client.clientId, client.clientSecret, undefined, {
    [oidc.customFetch]: oidcFetch(config),
    timeout: 10,
    ...(insecure ? { execute: [oidc.allowInsecureRequests] } : {}),
  });
  discoveryCache.set(key, { config: discovered, at: now });
  discovered.catch(() => {
    if (discoveryCache.get(key)?.config === discovered) discoveryCache.delete(key);
  });
  return discovered;
}

/** Forgets every cached discovery (settings saved, tests that restart a provider). */
export function clearOidcDiscoveryCache(): void {
  discoveryCache.clear();
}

/** A started authorization: the provider URL to send the browser to and the secrets the caller stores. */
export type OidcAuthorization = { url: string; state: string; nonce: string; codeVerifier: string };

/** Builds the authorization request (code flow, PKCE S256, state and nonce). */
export async function beginOidcAuthorization(
  provider: oidc.Configuration,
  params: { redirectUri: string; scope: string; loginHint?: string | null },
): Promise<OidcAuthorization> {
  const state = oidc.randomState();
  const nonce = oidc.randomNonce();
  const codeVerifier = oidc.randomPKCECodeVerifier();
  const codeChallenge = await oidc.calculatePKCECodeChallenge(codeVerifier);
  const url = oidc.buildAuthorizationUrl(provider, {
    redirect_uri: params.redirectUri,
    response_type: "code",
    scope: params.scope,
    state,
    nonce,
    code_challenge: codeChallenge,
    code_challenge_method: "S256",
    ...(params.loginHint ? { login_hint: params.loginHint } : {}),
  });
  return { url: url.href, state, nonce, codeVerifier };
}

/** The identity a provider vouched for: `sub`, and the address with its verification when given. */
export type OidcIdentity = { subject: string; email: string | null; emailVerified: boolean | undefined; claims: Record<string, unknown> };

/**
 * Exchanges the code of the callback URL `current` (openid-client checks state, nonce, PKCE and the ID
 * token) and reads the identity; the address comes from the ID token, else from userinfo.
 */
export async function finishOidcAuthorization(
  provider: oidc.Configuration,
  current: URL,
  expected: { state: string; nonce: string; codeVerifier: string },
): Promise<OidcIdentity> {
  const tokens = await oidc.authorizationCodeGrant(provider, current, {
    pkceCodeVerifier: expected.codeVerifier,
    expectedNonce: expected.nonce,
    expectedState: expected.state,
    idTokenExpected: true,
  });
  let claims = (tokens.claims() ?? {}) as Record<string, unknown>;
  if (typeof claims["email"] !== "string" && tokens.access_token) {
    const info = await oidc.fetchUserInfo(provider, tokens.access_token, String(claims["sub"]));
    claims = { ...info, ...claims, email: info.email, email_verified: info.email_verified };
  }
  return {
    subject: String(claims["sub"] ?? ""),
    email: typeof claims["email"] === "string" ? claims["email"] : null,
    emailVerified: typeof claims["email_verified"] === "boolean" ? claims["email_verified"] : undefined,
    claims,
  };
}
