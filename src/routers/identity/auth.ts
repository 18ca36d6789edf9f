import { z } from "zod";
import { ZCheckUserRequest, ZCheckUserResponse, ZLoginRequest, ZLoginResponse, ZLogoutResponse, ZMeResponse, type TMeResponse } from "../../domain/identity/auth/schemas.ts";
import { homePathFor } from "../../domain/roles.ts";
import { checkUser, login, logout, type SessionUser } from "../../services/identity/auth.ts";
import { clearSessionCookie, sessionCookie } from "../../server/cookies.ts";
import { authedProcedure, publicProcedure, router, type Context, sync } from "../../trpc.ts";

export function toMe(user: SessionUser | undefined | null): TMeResponse {
  if (!user) return null;
  return {
    id: user.id,
    email: user.email,
    firstName: user.firstName,
    lastName: user.lastName,
    role: user.role,
    group:
      user.groupId !== null && user.groupName !== null
        ? { id: user.groupId, name: user.groupName, displayName: user.groupDisplayName ?? user.groupName }
        : null,
    termsAccepted: user.termsAccepted,
    homePath: homePathFor(user),
  };
}

export function loginSettings(ctx: Pick<Context, "config">) {
  return { session: ctx.config.session, throttle: ctx.config.loginThrottle };
}

export const authRouter = router({
  /** POST /check-user: which login step comes next for this address. */
  checkUser: publicProcedure
    .input(sync(ZCheckUserRequest))
    .output(sync(ZCheckUserResponse))
    .mutation(({ ctx, input }) => checkUser(ctx.db, input.userEmail, ctx.config.socialProviders)),

  /** POST /login: password sign-in; sets the session cookie. */
  login: publicProcedure
    .input(sync(ZLoginRequest))
    .output(sync(ZLoginResponse))
    .mutation(async ({ ctx, input }) => {
      const result = await login(ctx.db, { ...input, ip: ctx.ip, userAgent: ctx.userAgent }, loginSettings(ctx));
      ctx.resHeaders.append("Set-Cookie", sessionCookie(result.token, result.maxAgeSeconds, ctx.config, ctx.secureRequest));
      return { success: true, targetUrl: result.targetUrl, exception: null };
    }),

  /** POST /logout: ends the session and clears the cookie. */
  logout: publicProcedure.output(sync(ZLogoutResponse)).mutation(async ({ ctx }) => {
    await logout(ctx.db, ctx.session);
    ctx.resHeaders.append("Set-Cookie", clearSessionCookie(ctx.config, ctx.secureRequest));
    return { success: true, redirectUrl: "/login" };
  }),

  /** The signed-in user, or null. */
  me: publicProcedure.output(sync(ZMeResponse)).query(({ ctx }) => toMe(ctx.session?.user)),

  /** Keeps the session alive and tells the client it is still valid (the 60 s check). */
  ping: authedProcedure.output(sync(z.object({ ok: z.literal(true) }))).query(() => ({ ok: true as const })),
});
