/**
 * Helpers for `app.request` tests of the Hono app (legacy paths, pages, headers, CSRF).
 *
 *   const app = appFor(t.db);
 *   const cookie = await signIn(app, "hr@acme.test");
 *   const res = await postForm(app, "/admin/groups/setGroupStatus", { groupId: "1", status: "SUSPENDED" }, { cookie });
 *
 * Requests go to http://localhost; the client address (used by login throttling) is passed
 * as the Hono env `{ ip }` the way `Bun.serve` hands it over in main.ts.
 */
import type { Config } from "../config.ts";
import type { DB } from "../db/index.ts";
import { DEMO_PASSWORD } from "../db/seed.ts";
import { createApp } from "../server/app.ts";
import type { AssetSource } from "../server/assets.ts";
import { SESSION_COOKIE } from "../server/cookies.ts";
import { createSessionFor, testConfig } from "./db.ts";

export type TestApp = ReturnType<typeof createApp>;

export const TEST_SHELL = "<!doctype html><title>Meridian test shell</title><div id=root></div>";
export const TEST_ASSET_BODY = "console.log('meridian test asset');";

/** An in-memory AssetSource: a small SPA shell and one script at /assets/x (also /assets/app-abc123.js). */
export function stubAssets(files: Record<string, string> = { "/assets/x": TEST_ASSET_BODY, "/assets/app-abc123.js": TEST_ASSET_BODY }): AssetSource {
  return {
    async file(pathname) {
      const body = files[pathname];
      return body === undefined ? null : new Response(body, { headers: { "Content-Type": "text/javascript" } });
    },
    async indexHtml() {
      return TEST_SHELL;
    },
  };
}

/** `createApp` on a test database with a quiet test config and the stub assets. */
export function appFor(db: DB, options: { config?: Config; assets?: AssetSource | null } = {}): TestApp {
  const assets = options.assets === null ? undefined : (options.assets ?? stubAssets());
  return createApp({ db, config: options.config ?? testConfig(), assets });
}

export type RequestOptions = { cookie?: string | null; origin?: string; ip?: string; headers?: Record<string, string> };

/**
 * Requests look like a browser's on this site (`Sec-Fetch-Site: same-origin`, as every current browser
 * sends), so the state-changing documented GETs answer; a test of the cross-site refusal overrides it
 * in `headers` (a value, or "" to leave the header out).
 */
function headersOf(o: RequestOptions, extra: Record<string, string> = {}): Record<string, string> {
  const headers: Record<string, string> = {
    "Sec-Fetch-Site": "same-origin",
    ...extra,
    ...(o.cookie ? { Cookie: o.cookie } : {}),
    ...(o.origin ? { Origin: o.origin } : {}),
    ...o.headers,
  };
  for (const [name, value] of Object.entries(headers)) if (value === "") delete headers[name];
  return headers;
}

const envOf = (o: RequestOptions) => (o.ip ? { ip: o.ip } : {});

/** A request with the given method and optional raw body. */
export function send(app: TestApp, method: string, path: string, body?: BodyInit | null, o: RequestOptions = {}, contentType?: string) {
  return app.request(path, { method, body: body ?? undefined, headers: headersOf(o, contentType ? { "Content-Type": contentType } : {}) }, envOf(o));
}

export function get(app: TestApp, path: string, o: RequestOptions = {}) {
  return send(app, "GET", path, null, o);
}

/** A browser-style form post (application/x-www-form-urlencoded). */
export function postForm(app: TestApp, path: string, fields: Record<string, string>, o: RequestOptions = {}) {
  return send(app, "POST", path, new URLSearchParams(fields).toString(), o, "application/x-www-form-urlencoded");
}

export function postJson(app: TestApp, path: string, body: unknown, o: RequestOptions = {}) {
  return send(app, "POST", path, JSON.stringify(body), o, "application/json");
}

/** The `Set-Cookie` header of the session cookie in a response, or null. */
export function sessionSetCookie(res: Response): string | null {
  return res.headers.getSetCookie().find((c) => c.startsWith(`${SESSION_COOKIE}=`)) ?? null;
}

/** The `meridian_session=<token>` pair to send back as a Cookie header, or null. */
export function sessionCookieFrom(res: Response): string | null {
  const set = sessionSetCookie(res);
  return set ? set.split(";")[0]! : null;
}

/** Signs in through POST /login and returns the Cookie header value for later requests. */
export async function signIn(app: TestApp, email: string, o: { password?: string; ip?: string } = {}): Promise<string> {
  const res = await postForm(app, "/login", { email, password: o.password ?? DEMO_PASSWORD }, { ip: o.ip });
  const cookie = sessionCookieFrom(res);
  if (res.status !== 200 || !cookie) throw new Error(`Sign-in of ${email} failed: ${res.status} ${await res.text()}`);
  return cookie;
}

/** The session token inside a `meridian_session=<token>` cookie pair. */
export function tokenOf(cookie: string): string {
  return decodeURIComponent(cookie.slice(cookie.indexOf("=") + 1));
}

/** A session cookie for `email` without going through POST /login (no argon2 cost). */
export async function cookieFor(db: DB, email: string, config?: Config): Promise<string> {
  const { token } = await createSessionFor(db, email, config);
  return `${SESSION_COOKIE}=${token}`;
}

/** The decoded JSON body of a response together with its status, for one-line assertions. */
export async function jsonOf(res: Response): Promise<{ status: number; body: any }> {
  return { status: res.status, body: await res.json() };
}

/** A tRPC query over HTTP: GET /trpc/<path>?input=<json>. */
export function trpcQuery(app: TestApp, path: string, input?: unknown, o: RequestOptions = {}) {
  const query = input === undefined ? "" : `?input=${encodeURIComponent(JSON.stringify(input))}`;
  return get(app, `/trpc/${path}${query}`, o);
}

/** A tRPC mutation over HTTP: POST /trpc/<path> with a JSON body. */
export function trpcMutation(app: TestApp, path: string, input?: unknown, o: RequestOptions = {}) {
  return send(app, "POST", `/trpc/${path}`, input === undefined ? null : JSON.stringify(input), o, "application/json");
}
