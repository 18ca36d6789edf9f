import {
  ZAnonymizeRequest,
  ZAnonymizeResponse,
  ZDisableSsoRequest,
  ZDisableSsoResponse,
  ZFindResetLinkRequest,
  ZFindResetLinkResponse,
  ZFindUsersRequest,
  ZFindUsersResponse,
} from "../../domain/identity/recovery/schemas.ts";
import { anonymizeUser, disableSso, findResetLink, findUsers } from "../../services/admin/admin-accounts.ts";
import { roleProcedure, router, sync } from "../../trpc.ts";

const adminProcedure = roleProcedure("ADMIN");

export const adminAccountsRouter = router({
  /** GET /admin/resetPassword/find/{email}/: a fresh reset link for the user. */
  findResetLink: adminProcedure
    .input(sync(ZFindResetLinkRequest))
    .output(sync(ZFindResetLinkResponse))
    .mutation(({ ctx, input }) => findResetLink(ctx, { id: ctx.user.id, ip: ctx.ip }, input.email)),

  /** The anonymize and SSO tools: find a person by name or e-mail (at most 10, and whether there are more). */
  findUsers: adminProcedure
    .input(sync(ZFindUsersRequest))
    .output(sync(ZFindUsersResponse))
    .query(({ ctx, input }) => findUsers(ctx.db, input.search)),

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
