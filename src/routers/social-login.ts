import { ZSocialStartRequest, ZSocialStartResponse } from "../domain/social-login/schemas.ts";
import { startSocialLogin } from "../services/social-login.ts";
import { publicProcedure, router, sync } from "../trpc.ts";

/**
 * Social sign-in (issue 23 item 18). The login page's e-mail step learns the providers a person may
 * use from check-user; pressing one calls `start`, which answers the provider's authorization URL.
 * The provider returns to GET /social-login/callback (src/routers/legacy/social-login.ts).
 */
export const socialLoginRouter = router({
  /** Starts a sign-in with `provider` for the address typed at the e-mail step (a mutation: it stores the attempt). */
  start: publicProcedure
    .input(sync(ZSocialStartRequest))
    .output(sync(ZSocialStartResponse))
    .mutation(({ ctx, input }) => startSocialLogin(ctx.db, ctx.config, input)),
});
