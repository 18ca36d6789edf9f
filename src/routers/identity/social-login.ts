import {
  ZSocialMethodsResponse,
  ZSocialProviderRequest,
  ZSocialStartRequest,
  ZSocialStartResponse,
  ZSocialUnlinkResponse,
} from "../../domain/identity/social-login/schemas.ts";
import { listSocialMethods, startSocialLink, startSocialLogin, unlinkSocialIdentity } from "../../services/identity/social-login.ts";
import { socialStateCookie } from "../../server/cookies.ts";
import { publicProcedure, roleProcedure, router, sync, type Context } from "../../trpc.ts";

/**
 * Social sign-in (issue 23 item 18). The login page's e-mail step learns the providers a person may
 * use from check-user; pressing one calls `start`, which answers the provider's authorization URL.
 * Signed-in employees and suppliers see and change their linked accounts on /user/sign-in-methods
 * (`methods`, `startLink`, `unlink`; part 2 §6: managers cannot use social login, so the builder
 * admits only those roles). The provider returns to GET /social-login/callback
 * (src/routers/identity/legacy/social-login.ts).
 */
const SOCIAL_ROLES = ["EMPLOYEE", "SUPPLIER"] as const;

/** The browser keeps the attempt's state in a cookie the callback checks. */
function keepState(ctx: Context, attempt: { state: string; maxAgeSeconds: number }) {
  ctx.resHeaders.append("Set-Cookie", socialStateCookie(attempt.state, attempt.maxAgeSeconds, ctx.config, ctx.secureRequest));
}

export const socialLoginRouter = router({
  /** Starts a sign-in with `provider` for the address typed at the e-mail step (a mutation: it stores the attempt). */
  start: publicProcedure
    .input(sync(ZSocialStartRequest))
    .output(sync(ZSocialStartResponse))
    .mutation(async ({ ctx, input }) => {
      const attempt = await startSocialLogin(ctx.db, ctx.config, input);
      keepState(ctx, attempt);
      return { redirectUrl: attempt.redirectUrl };
    }),

  /** The providers the signed-in user may use, each with the account linked to it (or null). */
  methods: roleProcedure(...SOCIAL_ROLES)
    .output(sync(ZSocialMethodsResponse))
    .query(({ ctx }) => listSocialMethods(ctx.db, ctx.config, ctx.user.id)),

  /** Starts linking an account of `provider` to the signed-in user (any address: explicit linking). */
  startLink: roleProcedure(...SOCIAL_ROLES)
    .input(sync(ZSocialProviderRequest))
    .output(sync(ZSocialStartResponse))
    .mutation(async ({ ctx, input }) => {
      const attempt = await startSocialLink(ctx.db, ctx.config, ctx.user.id, input.provider);
      keepState(ctx, attempt);
      return { redirectUrl: attempt.redirectUrl };
    }),

  /** Removes the signed-in user's linked account of `provider` (audited). */
  unlink: roleProcedure(...SOCIAL_ROLES)
    .input(sync(ZSocialProviderRequest))
    .output(sync(ZSocialUnlinkResponse))
    .mutation(({ ctx, input }) => unlinkSocialIdentity(ctx.db, { id: ctx.user.id, groupId: ctx.user.groupId, ip: ctx.ip }, input.provider)),
});
