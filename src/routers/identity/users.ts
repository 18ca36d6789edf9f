import { ZInviteRequest, ZInviteResponse, ZSendActivationRequest, ZSendActivationResponse } from "../../domain/identity/activation/schemas.ts";
import { inviteUser, resendActivation, type Actor } from "../../services/identity/activation.ts";
import type { SessionUser } from "../../services/identity/auth.ts";
import { publicBaseUrl } from "../../services/mail.ts";
import { groupProcedure, router, sync, type Context } from "../../trpc.ts";

export function actorOf(ctx: Pick<Context, "ip">, user: SessionUser): Actor {
  return { id: user.id, role: user.role, firstName: user.firstName, lastName: user.lastName, ip: ctx.ip };
}

export function mailDeps(ctx: Context) {
  return { db: ctx.db, config: ctx.config, mailer: ctx.mailer, baseUrl: publicBaseUrl(ctx.config) };
}

/** Inviting people into a group (HR of the group, or an administrator). */
export const usersRouter = router({
  /** Creates a PENDING user (or re-sends for one) and e-mails the activation link. */
  invite: groupProcedure("HR", "ADMIN")
    .input(sync(ZInviteRequest))
    .output(sync(ZInviteResponse))
    .mutation(({ ctx, input }) => inviteUser(mailDeps(ctx), actorOf(ctx, ctx.user), ctx.group, input)),

  /** The people table's Send Activation: a new link for a PENDING person. */
  sendActivation: groupProcedure("HR", "ADMIN")
    .input(sync(ZSendActivationRequest))
    .output(sync(ZSendActivationResponse))
    .mutation(({ ctx, input }) => resendActivation(mailDeps(ctx), actorOf(ctx, ctx.user), ctx.group, input.userId)),
});
