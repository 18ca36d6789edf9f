import type { Context, Hono } from "hono";
import type { z } from "zod";
import { AppError, errorTable, publicError } from "../domain/errors.ts";
import { messages } from "../domain/messages.ts";
import { nulError } from "../domain/text.ts";
import { zodFieldErrors } from "../trpc.ts";
import { activationMessages } from "../domain/identity/activation/messages.ts";
import type { SessionUser } from "../services/identity/auth.ts";
import type { Role } from "../domain/roles.ts";
import type { AppEnv } from "./types.ts";
import { multipartBoundary, multipartHeadersWithinLimit } from "../services/employee/files/multipart.ts";

/**
 * Reads a legacy request's fields from a form body, a JSON body or (for GET) the query string.
 * Text holding a NUL character is refused here (VALIDATION, per field), as tRPC refuses it.
 */
export async function readFields(c: Context): Promise<Record<string, unknown>> {
  const fields = await readRawFields(c);
  const nul = nulError(fields);
  if (nul) throw new AppError("VALIDATION", nul.issues[0]!.message, zodFieldErrors(nul));
  return fields;
}

async function readRawFields(c: Context): Promise<Record<string, unknown>> {
  if (c.req.method === "GET" || c.req.method === "HEAD") return c.req.query();
  const type = c.req.header("content-type") ?? "";
  if (type.includes("application/json")) {
    try {
      const body: unknown = await c.req.json();
      if (body && typeof body === "object" && !Array.isArray(body)) return body as Record<string, unknown>;
      throw new AppError("BAD_REQUEST", messages.badRequest);
    } catch (e) {
      if (e instanceof AppError) throw e;
      throw new AppError("BAD_REQUEST", messages.badRequest);
    }
  }
  if (type.includes("application/x-www-form-urlencoded") || type.includes("multipart/form-data")) {
    const body = await readFormBody(c);
    return Object.fromEntries(Object.entries(body).filter(([, v]) => typeof v === "string"));
  }
  const text = await c.req.text();
  if (text.trim() === "") return {};
  return Object.fromEntries(new URLSearchParams(text));
}

/**
 * A form or multipart body (fields and files). A body that does not parse (a multipart body cut
 * short or without its boundary), or a multipart part whose header block is over the one documented
 * limit (MAX_PART_HEADER_BYTES, as the streamed uploads apply it), is the client's fault: BAD_REQUEST
 * with the generic text.
 */
export async function readFormBody(c: Context): Promise<Record<string, string | File | (string | File)[]>> {
  const boundary = multipartBoundary(c.req.header("content-type"));
  if (boundary) {
    // The body is held whole here anyway (parseBody); a copy is read for the header check.
    const bytes = new Uint8Array(await c.req.raw.clone().arrayBuffer().catch(() => new ArrayBuffer(0)));
    if (!multipartHeadersWithinLimit(bytes, boundary)) throw new AppError("BAD_REQUEST", messages.badRequest);
  }
  try {
    return await c.req.parseBody();
  } catch {
    throw new AppError("BAD_REQUEST", messages.badRequest);
  }
}

/** Parses legacy fields with a zod schema; failures become AppError VALIDATION with per-field messages. */
export function parseFields<S extends z.ZodType>(schema: S, fields: unknown): z.infer<S> {
  const result = schema.safeParse(fields);
  if (result.success) return result.data;
  const first = result.error.issues[0]?.message ?? messages.badRequest;
  throw new AppError("VALIDATION", first, zodFieldErrors(result.error));
}

export function httpStatusOf(error: unknown) {
  return errorTable[publicError(error).code].http;
}

/** The caller's address, as handed over by Bun.serve (see main.ts) in the Hono env; behind a proxy (TRUST_PROXY=1) the first X-Forwarded-For address. */
export function clientIp(c: Context): string | null {
  const env = c.env as { ip?: string; trustProxy?: boolean } | undefined;
  if (env?.trustProxy) {
    const forwarded = c.req.header("x-forwarded-for")?.split(",")[0]?.trim();
    if (forwarded) return forwarded;
  }
  return env?.ip ?? null;
}

/**
 * Whether the browser reached us over HTTPS: the request URL's scheme, or behind a proxy
 * (TRUST_PROXY=1) the first X-Forwarded-Proto value. Used only to mark the session cookie Secure.
 */
export function isSecureRequest(c: Context, config: { trustProxy: boolean }): boolean {
  if (config.trustProxy) {
    const proto = c.req.header("x-forwarded-proto")?.split(",")[0]?.trim().toLowerCase();
    if (proto) return proto === "https";
  }
  return c.req.url.startsWith("https:");
}

/** The origins a same-origin request may name: the URL's, the Host's (either scheme) and PUBLIC_URL's. */
export function allowedOrigins(c: Context, config: { publicUrl: string | undefined }): Set<string> {
  const allowed = new Set([new URL(c.req.url).origin]);
  const host = c.req.header("host");
  if (host) {
    allowed.add(`http://${host}`);
    allowed.add(`https://${host}`);
  }
  if (config.publicUrl) allowed.add(new URL(config.publicUrl).origin);
  return allowed;
}

function originOf(url: string | undefined): string | null {
  if (!url) return null;
  try {
    return new URL(url).origin;
  } catch {
    return null;
  }
}

/**
 * The few documented GET paths that change state (send mail, store a version, issue a link, switch
 * SSO off) are reachable by a link on another site, which carries the SameSite=Lax cookie. They
 * answer only a request that is not cross-site: `Sec-Fetch-Site: same-origin` or `none` (typed or
 * bookmarked). Without that header (an older browser, a script), a same-origin signal is required:
 * an Origin or Referer of this site, or `X-Requested-With` (which a cross-site page cannot send
 * without a CORS preflight this server never grants). Else FORBIDDEN with the cross-origin text.
 */
export function assertSameSite(c: Context, config: { publicUrl: string | undefined }): void {
  const site = c.req.header("sec-fetch-site");
  if (site !== undefined) {
    if (site === "same-origin" || site === "none") return;
    throw new AppError("FORBIDDEN", messages.crossOrigin);
  }
  if (c.req.header("x-requested-with")) return;
  const allowed = allowedOrigins(c, config);
  const signal = originOf(c.req.header("origin")) ?? originOf(c.req.header("referer"));
  if (signal && allowed.has(signal)) return;
  throw new AppError("FORBIDDEN", messages.crossOrigin);
}

export function logUnexpected(where: string, error: unknown) {
  if (!(error instanceof AppError)) console.error(`[${where}] unexpected error`, error);
}

/**
 * The signed-in user of a legacy request, else UNAUTHORIZED; as with the tRPC procedures, nothing
 * answers before the terms are accepted (FORBIDDEN). Role and group checks follow in the services.
 */
export function legacyUser(c: Context<AppEnv>): SessionUser {
  const session = c.get("session");
  if (!session) throw new AppError("UNAUTHORIZED", messages.signInRequired);
  if (!session.user.termsAccepted) throw new AppError("FORBIDDEN", activationMessages.termsNotAccepted);
  return session.user;
}

/** An AppError's own text; anything else the call's fallback (no internal text leaves the server). */
export function failureText(error: unknown, fallback: string): string {
  return error instanceof AppError ? publicError(error).message : fallback;
}

/**
 * The documented failure most paths answer: `{success: false, errorMessage}` (+ the per-field
 * messages of a validation error). The text is an AppError's own (the spec's validation, access and
 * not-found texts); anything unexpected is answered with the call's §8 text, `fallback`.
 */
export function errorMessageFailure(fallback: string) {
  return (error: unknown) => {
    const { fields } = publicError(error);
    return { success: false, errorMessage: failureText(error, fallback), ...(fields ? { fields } : {}) };
  };
}

/**
 * Role first (issue 23 item 13): the signed-in user of a legacy request whose role is one of `roles`,
 * else UNAUTHORIZED / FORBIDDEN, before anything of the request is read or parsed (role, then group,
 * then validation, as the tRPC builders do).
 */
export function legacyUserWithRole(c: Context<AppEnv>, roles: readonly Role[]): SessionUser {
  const user = legacyUser(c);
  if (!roles.includes(user.role)) throw new AppError("FORBIDDEN", messages.forbidden);
  return user;
}

/** The routes each app mounted through legacyRoute (`METHOD path`): src/test/legacy-idiom.test.ts checks no documented path is mounted otherwise. */
const mountedByIdiom = new WeakMap<object, Set<string>>();
export function legacyRoutesOf(app: object): ReadonlySet<string> {
  return mountedByIdiom.get(app) ?? new Set();
}

/**
 * One documented path, declared (issue 25: the one idiom every documented path goes through). In order:
 * - `roles`: the caller's session and role are checked before anything of the request is read (role
 *   first, then group in the service, then validation), UNAUTHORIZED / FORBIDDEN otherwise;
 * - `user: true`: the signed-in user is resolved (UNAUTHORIZED, or FORBIDDEN before the terms) even without `roles`;
 * - `sameSite`: a documented GET that changes state refuses a cross-site request (assertSameSite);
 * - `input`: the request's fields (query for GET, else form, multipart or JSON: readFields) parsed with
 *   the shared zod schema, VALIDATION with per-field messages otherwise;
 * - `run` calls the same service function as the tRPC procedure; its answer is sent as it is when a
 *   Response, else as JSON; a thrown error is logged when unexpected and answered with `failure(error)`
 *   (the path's documented error shape) and the error table's status.
 * Mounted at `path` and `path/` unless `trailingSlash: false`.
 */
export type LegacyRouteSpec<S extends z.ZodType | undefined> = {
  method: "GET" | "HEAD" | "POST" | "PUT" | "PATCH" | "DELETE";
  path: string;
  roles?: readonly Role[];
  user?: boolean;
  sameSite?: { publicUrl: string | undefined };
  input?: S;
  trailingSlash?: boolean;
  failure: (error: unknown) => object;
  run: (c: Context<AppEnv>, request: { input: S extends z.ZodType ? z.infer<S> : undefined; user: SessionUser | null }) => Promise<unknown>;
};

export function legacyRoute<S extends z.ZodType | undefined = undefined>(app: Hono<AppEnv>, spec: LegacyRouteSpec<S>): void;
export function legacyRoute(
  app: Hono<AppEnv>,
  method: "GET" | "POST" | "PUT" | "DELETE",
  path: string,
  run: (c: Context<AppEnv>) => Promise<unknown>,
  failure: (error: unknown) => object,
  roles?: readonly Role[],
): void;
export function legacyRoute(
  app: Hono<AppEnv>,
  specOrMethod: LegacyRouteSpec<z.ZodType | undefined> | "GET" | "POST" | "PUT" | "PATCH" | "DELETE",
  path?: string,
  run?: (c: Context<AppEnv>) => Promise<unknown>,
  failure?: (error: unknown) => object,
  roles?: readonly Role[],
): void {
  const spec: LegacyRouteSpec<z.ZodType | undefined> =
    typeof specOrMethod === "string" ? { method: specOrMethod, path: path!, run: (c) => run!(c), failure: failure!, roles } : specOrMethod;
  const handler = async (c: Context<AppEnv>) => {
    try {
      const user = spec.roles ? legacyUserWithRole(c, spec.roles) : spec.user ? legacyUser(c) : null;
      if (spec.sameSite) assertSameSite(c, spec.sameSite);
      const input = spec.input ? parseFields(spec.input, await readFields(c)) : undefined;
      const result = await spec.run(c, { input, user });
      return result instanceof Response ? result : c.json(result as object);
    } catch (error) {
      logUnexpected(spec.path, error);
      return c.json(spec.failure(error), httpStatusOf(error));
    }
  };
  const paths = spec.trailingSlash === false ? [spec.path] : [spec.path, `${spec.path}/`];
  const mounted = mountedByIdiom.get(app) ?? new Set<string>();
  mountedByIdiom.set(app, mounted);
  for (const p of paths) {
    app.on(spec.method, p, handler);
    mounted.add(`${spec.method} ${p}`);
  }
}
