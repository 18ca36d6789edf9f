import { ZRegisterClientInfoRequest, ZRegisterClientInfoResponse } from "../../domain/identity/recovery/schemas.ts";
import { registerClientInfo } from "../../services/identity/recovery.ts";
import { authedProcedure, router, sync } from "../../trpc.ts";

export const sessionRouter = router({
  /** POST /registerClientInfo: stores the browser's time zone offset on the current session. */
  registerClientInfo: authedProcedure
    .input(sync(ZRegisterClientInfoRequest))
    .output(sync(ZRegisterClientInfoResponse))
    .mutation(({ ctx, input }) => registerClientInfo(ctx.db, ctx.session, input.timezoneOffset)),
});
