import {
  ZAnonymizeRequest,
  ZAnonymizeResponse,
  ZDisableSsoRequest,
  ZDisableSsoResponse,
  ZFindResetLinkRequest,
  ZFindResetLinkResponse,
} from "../domain/recovery/schemas.ts";
import { anonymizeUser, disableSso, findResetLink } from "../services/admin-accounts.ts";
import { roleProcedure, router, sync } from "../trpc.ts";

const adminProcedure = roleProcedure("ADMIN");

export const adminAccountsRouter = router({
  /** GET /admin/resetPassword/find/{email}/: a fresh reset link for the user. */
  findResetLink: adminProcedure
    .input(sync(ZFindResetLinkRequest))
    .output(sync(ZFindResetLinkResponse))
    .mutation(({ ctx, input }) => findResetLink(ctx, { id: ctx.user.id, ip: ctx.ip }, input.email)),

  /** POST /admin/anonymizeUser/: irreversible replacement of the user's personal data. */
  anonymize: adminProcedure
    .input(sync(ZAnonymizeRequest))
    .output(sync(ZAnonymizeResponse))
    .mutation(({ ctx, input }) => anonymizeUser(ctx.db, { id: ctx.user.id, ip: ctx.ip }, input.userId)),

  /** GET /admin/SSO/disable/{userId}/: the user signs in with a password from now on; false for an invalid id. */
  disableSso: adminProcedure
    .input(sync(ZDisableSsoRequest))
    .output(sync(ZDisableSsoResponse))
    .mutation(({ ctx, input }) => disableSso(ctx.db, { id: ctx.user.id, ip: ctx.ip }, input.userId)),
});
