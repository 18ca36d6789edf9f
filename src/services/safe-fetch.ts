/**
 * The one way the server fetches a configured URL (issue 23 item 11): SSO issuers and every URL their
 * discovery documents name (through openid-client's customFetch), the weather, social and overview
 * providers. Outside tests (ALLOW_PRIVATE_FETCH=1, src/config.ts) every URL, and every redirect hop,
 * must be https and its host must resolve only to public addresses (src/domain/network/addresses.ts):
 * never loopback, private, shared (CGNAT), link-local (cloud metadata), multicast or reserved.
 * Redirects are followed by hand (at most MAX_REDIRECTS), each hop checked again.
 *
 * Known limit: the name is resolved here and again by fetch itself, so a resolver that answers a public
 * address and then a private one (DNS rebinding within the record's lifetime) is not caught.
 * `src/services/safe-fetch.test.ts` fails when a `fetch(` call appears in src/services or src/server
 * outside this module.
 */
import { lookup } from "node:dns/promises";
import { ipLiteralOf, isPublicAddress } from "../domain/network/addresses.ts";

/** Whether private addresses and plain http may be reached (Config.allowPrivateFetch); the User-Agent public providers get (issue 24 §7). */
export type FetchPolicy = { allowPrivate: boolean; userAgent?: string };

export const MAX_REDIRECTS = 5;

/** A URL the guard refuses: not http(s), plain http outside tests, or a host that is not public. */
export class UnsafeUrlError extends Error {
  override readonly name = "UnsafeUrlError";
}

type Resolver = (hostname: string) => Promise<string[]>;
type Transport = (url: URL, init: RequestInit) => Promise<Response>;
/** What the guard asks the system for; tests replace the resolver (a name that resolves to a public address) and the transport. */
export type FetchDeps = { resolve?: Resolver; transport?: Transport };

const systemResolver: Resolver = async (hostname) => (await lookup(hostname, { all: true, verbatim: true })).map((a) => a.address);

/**
 * Refuses a URL the policy does not allow: a scheme other than https (http too, with the flag), and,
 * without the flag, a host that is, or resolves to any, address that is not public.
 */
export async function assertFetchableUrl(url: URL | string, policy: FetchPolicy, resolve: Resolver = systemResolver): Promise<URL> {
  let u: URL;
  try {
    u = new URL(url);
  } catch {
    throw new UnsafeUrlError("not a URL");
  }
  if (u.protocol !== "https:" && !(policy.allowPrivate && u.protocol === "http:")) {
    throw new UnsafeUrlError(`${u.protocol} URLs are not fetched (https only)`);
  }
  if (policy.allowPrivate) return u;
  const literal = ipLiteralOf(u.hostname);
  let addresses: string[];
  if (literal !== null) addresses = [literal];
  else {
    try {
      addresses = await resolve(u.hostname);
    } catch {
      throw new UnsafeUrlError(`${u.hostname} does not resolve`);
    }
  }
  if (addresses.length === 0 || !addresses.every(isPublicAddress)) {
    throw new UnsafeUrlError(`${u.hostname} is not a public address`);
  }
  return u;
}

type Init = RequestInit & { redirect?: RequestRedirect };

/**
 * `fetch` for configured URLs. `redirect: "follow"` (the default) follows up to MAX_REDIRECTS hops, each
 * checked; "error" refuses a redirect; "manual" answers the 3xx as it is.
 */
export async function safeFetch(input: URL | string, init: Init = {}, policy: FetchPolicy, deps: FetchDeps = {}): Promise<Response> {
  const resolve = deps.resolve ?? systemResolver;
  const transport = deps.transport ?? ((url: URL, i: RequestInit) => fetch(url, i));
  const mode = init.redirect ?? "follow";
  let url = await assertFetchableUrl(input, policy, resolve);
  let method = (init.method ?? "GET").toUpperCase();
  let body = init.body;
  let headers = new Headers(init.headers);
  for (let hop = 0; ; hop++) {
    const res = await transport(url, { ...init, method, body, headers, redirect: "manual" });
    const location = res.headers.get("location");
    if (res.status < 300 || res.status > 399 || location === null || mode === "manual") return res;
    await res.body?.cancel();
    if (mode === "error") throw new UnsafeUrlError(`redirected to ${location}`);
    if (hop >= MAX_REDIRECTS) throw new UnsafeUrlError("too many redirects");
    const next = await assertFetchableUrl(new URL(location, url), policy, resolve);
    // Credentials do not follow a redirect to another origin.
    if (next.origin !== url.origin) {
      headers = new Headers(headers);
      for (const name of ["authorization", "cookie", "x-api-key", "proxy-authorization"]) headers.delete(name);
    }
    url = next;
    // 303, and 301/302 after a POST, continue as a GET without the body (as fetch does).
    if (res.status === 303 || ((res.status === 301 || res.status === 302) && method === "POST")) {
      method = "GET";
      body = undefined;
    }
  }
}

/** `safeFetch` bound to a policy, with fetch's own signature (openid-client's customFetch). */
export function guardedFetch(policy: FetchPolicy): (input: URL | string, init?: Init) => Promise<Response> {
  return (input, init) => safeFetch(input, init, policy);
}

/** The policy a configuration asks for. */
export function fetchPolicyOf(config: { allowPrivateFetch: boolean; providerUserAgent?: string }): FetchPolicy {
  return { allowPrivate: config.allowPrivateFetch, ...(config.providerUserAgent ? { userAgent: config.providerUserAgent } : {}) };
}
