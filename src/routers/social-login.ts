import { ZSocialStartRequest, ZSocialStartResponse } from "../domain/social-login/schemas.ts";
import { startSocialLogin } from "../services/social-login.ts";
import { socialStateCookie } from "../server/cookies.ts";
import { publicProcedure, router, sync } from "../trpc.ts";

/**
 * Social sign-in (issue 23 item 18). The login page's e-mail step learns the providers a person may
 * use from check-user; pressing one calls `start`, which answers the provider's authorization URL.
 * The provider returns to GET /social-login/callback (src/routers/legacy/social-login.ts).
 */
export const socialLoginRouter = router({
  /**
   * Starts a sign-in with `provider` for the address typed at the e-mail step (a mutation: it stores
   * the attempt); the browser keeps the attempt's state in a cookie the callback checks.
   */
  start: publicProcedure
    .input(sync(ZSocialStartRequest))
    .output(sync(ZSocialStartResponse))
    .mutation(async ({ ctx, input }) => {
      const { redirectUrl, state, maxAgeSeconds } = await startSocialLogin(ctx.db, ctx.config, input);
      ctx.resHeaders.append("Set-Cookie", socialStateCookie(state, maxAgeSeconds, ctx.config, ctx.secureRequest));
      return { redirectUrl };
    }),
});
