/**
 * Meridian's typed SDK for scripts and integrations.
 *
 *   import { createMeridianClient, signIn } from "meridian/src/sdk/index.ts";
 *   const cookie = await signIn("https://meridian.example", "hr@acme.test", password);
 *   const meridian = createMeridianClient("https://meridian.example", { cookie });
 *   const me = await meridian.auth.me.query();
 *   const page = await meridian.group.people.query({ group: "acme", page: 0 });
 *
 * Only the router's type is imported, so the SDK carries no server code.
 */
import { createTRPCClient, httpBatchLink, type TRPCClient } from "@trpc/client";
import type { AppRouter } from "../routers/_app.ts";

export type { AppRouter };

/** The name of the session cookie set by POST /login. */
export const SESSION_COOKIE_NAME = "meridian_session";

type FetchLike = (input: string | URL | Request, init?: RequestInit) => Promise<Response>;

export type MeridianClientOptions = {
  /** A `Cookie` header value, e.g. the `meridian_session=…` string returned by `signIn`. */
  cookie?: string;
  /** A fetch implementation (defaults to the global fetch). */
  fetch?: FetchLike;
};

export type MeridianClient = TRPCClient<AppRouter>;

function trimSlash(baseUrl: string): string {
  return baseUrl.replace(/\/+$/, "");
}

/** A tRPC client of every Meridian procedure, batching calls to `${baseUrl}/trpc`. */
export function createMeridianClient(baseUrl: string, options: MeridianClientOptions = {}): MeridianClient {
  const { cookie, fetch: customFetch } = options;
  return createTRPCClient<AppRouter>({
    links: [
      httpBatchLink({
        url: `${trimSlash(baseUrl)}/trpc`,
        headers: () => (cookie ? { cookie } : {}),
        ...(customFetch ? { fetch: customFetch } : {}),
      }),
    ],
  });
}

type LoginReply = { success?: boolean; targetUrl?: string | null; exception?: string | null };

/**
 * Signs in through the documented form post (POST /login, form-encoded `email` and `password`)
 * and returns the session cookie as `meridian_session=…`, ready for `createMeridianClient`.
 * Throws an Error with the server's `exception` text when the sign-in is refused.
 */
export async function signIn(
  baseUrl: string,
  email: string,
  password: string,
  options: { fetch?: FetchLike } = {},
): Promise<string> {
  const doFetch: FetchLike = options.fetch ?? fetch;
  const res = await doFetch(`${trimSlash(baseUrl)}/login`, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded", accept: "application/json" },
    body: new URLSearchParams({ email, password }).toString(),
    redirect: "manual",
  });
  let reply: LoginReply | null = null;
  try {
    reply = (await res.json()) as LoginReply;
  } catch {
    reply = null;
  }
  if (!reply || !reply.success) {
    const reason = reply?.exception ?? `POST /login answered HTTP ${res.status} without a JSON result`;
    throw new Error(reason);
  }
  const cookie = sessionCookieFrom(res.headers);
  if (!cookie) throw new Error(`POST /login succeeded but set no ${SESSION_COOKIE_NAME} cookie`);
  return cookie;
}

/** `meridian_session=<token>` from a response's Set-Cookie headers, or null. */
function sessionCookieFrom(headers: Headers): string | null {
  const all = typeof headers.getSetCookie === "function" ? headers.getSetCookie() : [headers.get("set-cookie") ?? ""];
  for (const header of all) {
    const pair = header.split(";")[0]?.trim() ?? "";
    if (pair.startsWith(`${SESSION_COOKIE_NAME}=`) && pair.length > SESSION_COOKIE_NAME.length + 1) return pair;
  }
  return null;
}
