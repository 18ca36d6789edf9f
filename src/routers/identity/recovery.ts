import { ZRecoveryRequest, ZRecoveryResponse, ZSetPasswordRequest, ZSetPasswordResponse } from "../../domain/identity/recovery/schemas.ts";
import { requestPasswordReset, setNewPassword } from "../../services/identity/recovery.ts";
import { publicProcedure, router, sync } from "../../trpc.ts";

export const recoveryRouter = router({
  /** POST /user/account-recovery: the same answer for every well-formed address. */
  request: publicProcedure
    .input(sync(ZRecoveryRequest))
    .output(sync(ZRecoveryResponse))
    .mutation(({ ctx, input }) => requestPasswordReset(ctx, input.email)),

  /** POST /user/set-new-password: uses the reset link's token once and ends the user's sessions. */
  setPassword: publicProcedure
    .input(sync(ZSetPasswordRequest))
    .output(sync(ZSetPasswordResponse))
    .mutation(({ ctx, input }) => setNewPassword(ctx, input)),
});
