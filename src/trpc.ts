import { initTRPC, TRPCError } from "@trpc/server";
import { z, ZodError } from "zod";
import { AppError, appCodeForTrpc, errorTable, publicError, type FieldErrors } from "./domain/errors.ts";
import { messages } from "./domain/messages.ts";
import { nulError } from "./domain/text.ts";
import { activationMessages } from "./domain/identity/activation/messages.ts";
import { canActInGroup, type Role } from "./domain/roles.ts";
import type { Config } from "./config.ts";
import type { DB } from "./db/index.ts";
import type { Session, SessionUser } from "./services/identity/auth.ts";
import { createMailer, type Mailer } from "./services/mail.ts";
import { findGroupByName } from "./db/queries/admin/groups.ts";
import type { GroupRef } from "./db/schema.ts";

/** Everything a procedure may use. Built without a request in tests (`createContextInner`). */
export type Context = {
  db: DB;
  config: Config;
  session: Session | null;
  ip: string | null;
  userAgent: string | null;
  /** Headers added to the HTTP response (cookies set by auth procedures). */
  resHeaders: Headers;
  /** The browser reached us over HTTPS (the session cookie is then Secure under COOKIE_SECURE=auto). */
  secureRequest: boolean;
  /** Sends e-mail (SMTP or the outbox table). */
  mailer: Mailer;
};

export type ContextInput = Partial<Omit<Context, "db" | "config">> & { db: DB; config: Config };

const mailers = new WeakMap<Config, Mailer>();
/** One mailer per configuration (the SMTP transport keeps its connection pool). */
export function mailerFor(config: Config): Mailer {
  let mailer = mailers.get(config);
  if (!mailer) mailers.set(config, (mailer = createMailer(config)));
  return mailer;
}

export function createContextInner(input: ContextInput): Context {
  return {
    db: input.db,
    config: input.config,
    session: input.session ?? null,
    ip: input.ip ?? null,
    userAgent: input.userAgent ?? null,
    resHeaders: input.resHeaders ?? new Headers(),
    secureRequest: input.secureRequest ?? false,
    mailer: input.mailer ?? mailerFor(input.config),
  };
}

/** Field errors from a zod failure, keyed by the first path segment of each issue. */
export function zodFieldErrors(error: ZodError): FieldErrors {
  const fields: FieldErrors = {};
  for (const issue of error.issues) {
    const key = issue.path.map(String).join(".") || "_";
    fields[key] ??= issue.message;
  }
  return fields;
}

const t = initTRPC.context<Context>().create({
  isDev: false,
  errorFormatter({ shape, error }) {
    const cause = error.cause;
    if (cause instanceof ZodError) {
      return {
        ...shape,
        message: cause.issues[0]?.message ?? messages.badRequest,
        data: { code: shape.data.code, httpStatus: 400, appCode: "VALIDATION", fields: zodFieldErrors(cause), path: shape.data.path },
      };
    }
    const appError = cause instanceof AppError ? cause : null;
    const known = appError ?? (error.code === "INTERNAL_SERVER_ERROR" ? null : error);
    const pub = appError
      ? publicError(appError)
      : known
        ? {
            code: appCodeForTrpc(known.code),
            // A malformed JSON body: the parser's own text ("JSON Parse error: …") is not for users.
            message: cause instanceof SyntaxError ? messages.badRequest : known.message,
          }
        : publicError(cause);
    return {
      message: pub.message,
      code: shape.code,
      data: {
        code: shape.data.code,
        httpStatus: shape.data.httpStatus,
        appCode: pub.code,
        fields: appError?.fields ?? null,
        path: shape.data.path,
      },
    };
  },
});

export const router = t.router;
export const createCallerFactory = t.createCallerFactory;
export const middleware = t.middleware;

/**
 * Refuses input holding a NUL character (BAD_REQUEST, like any other bad input; PostgreSQL cannot
 * store it), then turns AppErrors thrown anywhere below into TRPCErrors with the table's code.
 */
const appErrors = t.middleware(async ({ next, getRawInput }) => {
  const nul = nulError(await getRawInput());
  if (nul) throw new TRPCError({ code: "BAD_REQUEST", message: nul.issues[0]!.message, cause: nul });
  const result = await next();
  if (!result.ok) {
    const cause = result.error.cause;
    if (cause instanceof AppError) {
      throw new TRPCError({ code: errorTable[cause.code].trpc, message: cause.message, cause });
    }
    if (result.error.code === "INTERNAL_SERVER_ERROR" && !(cause instanceof ZodError)) {
      console.error("[trpc] unexpected error", result.error.cause ?? result.error);
    }
  }
  return result;
});

export const publicProcedure = t.procedure.use(appErrors);

/** The caller's session, or UNAUTHORIZED. */
function requireSession(ctx: Context, path: string): Session {
  if (!ctx.session) throw new AppError("UNAUTHORIZED", messages.signInRequired);
  // Until the terms are accepted only sign-in, session and account (terms) procedures answer.
  if (!ctx.session.user.termsAccepted && !TERMS_FREE_PREFIXES.some((p) => path.startsWith(p))) {
    throw new AppError("FORBIDDEN", activationMessages.termsNotAccepted);
  }
  return ctx.session;
}

const TERMS_FREE_PREFIXES = ["auth.", "account.", "session."];

/** FORBIDDEN unless the user has one of the roles. */
function requireRole(user: SessionUser, allowed: readonly Role[]): void {
  if (!allowed.includes(user.role)) throw new AppError("FORBIDDEN", messages.forbidden);
}

// Each builder checks everything it needs in one middleware: every layer costs a context copy per call.

export const authedProcedure = publicProcedure.use(({ ctx, path, next }) => {
  const session = requireSession(ctx, path);
  return next({ ctx: { ...ctx, session, user: session.user } });
});

/** Only the listed roles may call the procedure. */
export function roleProcedure(...allowed: Role[]) {
  return publicProcedure.use(({ ctx, path, next }) => {
    const session = requireSession(ctx, path);
    requireRole(session.user, allowed);
    return next({ ctx: { ...ctx, session, user: session.user } });
  });
}

/**
 * tRPC validates with a schema's `parseAsync`, which skips zod's compiled fast path for objects.
 * Meridian's schemas have no async refinements, so every `.input()` and `.output()` goes through
 * `sync(schema)`: the same schema, the same result and errors, parsed synchronously.
 */
export function sync<S extends z.ZodType>(schema: S): S {
  const wrapped = Object.create(schema) as S;
  Object.defineProperty(wrapped, "parseAsync", { value: async (data: unknown) => schema.parse(data) });
  Object.defineProperty(wrapped, SYNC_PARSE, { value: true });
  return wrapped;
}

const SYNC_PARSE = Symbol("meridian.syncParse");

export function isSyncSchema(parser: unknown): boolean {
  return typeof parser === "object" && parser !== null && Object.hasOwn(parser, SYNC_PARSE);
}

/** Inputs of group-scoped procedures name the group by its URL name. */
export const ZGroupInput = z.object({ group: z.string().trim().min(1).max(64) });

/**
 * Group-scoped procedures: resolves `input.group` (the URL name) and checks the caller may act
 * in it: HR and managers only in their own group, platform admins in any. Other roles are refused.
 * The role is checked before any input is parsed (role, then group, then validation: a wrong role
 * gets FORBIDDEN whatever it sends).
 */
export function groupProcedure(...allowed: Role[]) {
  const roles: Role[] = allowed.length > 0 ? allowed : ["HR", "MANAGER", "ADMIN"];
  return roleProcedure(...roles).input(sync(ZGroupInput)).use(async ({ ctx, input, next }) => {
    const { user } = ctx;
    // The caller's own group is already known from the session (an active group); others are looked up.
    const own = user.groupId !== null && user.groupName === input.group;
    const group: GroupRef | undefined = own
      ? { id: user.groupId!, name: input.group, display_name: user.groupDisplayName ?? input.group, status: "ACTIVE" }
      : await findGroupByName(ctx.db, input.group);
    if (!group) throw new AppError("NOT_FOUND", messages.notFound);
    if (!canActInGroup(user, group.id)) throw new AppError("FORBIDDEN", messages.otherGroup);
    return next({ ctx: { ...ctx, group } });
  });
}
