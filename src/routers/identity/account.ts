import {
  ZAcceptTermsRequest,
  ZAcceptTermsResponse,
  ZActivateFields,
  ZActivateResponse,
  ZActivationFormRequest,
  ZActivationFormResponse,
  ZActivationPathType,
  ZTermsResponse,
} from "../../domain/identity/activation/schemas.ts";
import { ZSaveTermsFormConfigRequest, ZSaveTermsFormConfigResponse, ZTermsFormConfigRequest, ZTermsFormConfigResponse } from "../../domain/identity/activation/terms-form.ts";
import { activateAccount, getActivationForm } from "../../services/identity/activation.ts";
import { publicBaseUrl } from "../../services/mail.ts";
import { acceptTerms, getTermsFormConfig, getTermsStatus, saveTermsFormConfig } from "../../services/identity/terms.ts";
import { sessionCookie } from "../../server/cookies.ts";
import { authedProcedure, groupProcedure, publicProcedure, router, sync } from "../../trpc.ts";

/** Activation (public, by code) and the signed-in user's terms and conditions. */
export const accountRouter = router({
  /** /{type}/activate?ac=…: the activation form's fields, or the code's problem as the error. */
  activationForm: publicProcedure
    .input(sync(ZActivationFormRequest))
    .output(sync(ZActivationFormResponse))
    .query(({ ctx, input }) => getActivationForm(ctx.db, input.type, input.ac)),

  /** POST /{type}/activate: activates the account and signs the user in. */
  activate: publicProcedure
    .input(sync(ZActivateFields.extend({ type: ZActivationPathType })))
    .output(sync(ZActivateResponse))
    .mutation(async ({ ctx, input }) => {
      const { type, ...fields } = input;
      const { session, ...result } = await activateAccount(
        { db: ctx.db, settings: ctx.config.session, baseUrl: publicBaseUrl(ctx.config) },
        type,
        fields,
        { ip: ctx.ip, userAgent: ctx.userAgent },
      );
      ctx.resHeaders.append("Set-Cookie", sessionCookie(session.token, session.maxAgeSeconds, ctx.config, ctx.secureRequest));
      return result;
    }),

  /** The terms page: version, acceptance and the terms form (own fields and the group's configurable ones). */
  terms: authedProcedure.output(sync(ZTermsResponse)).query(({ ctx }) => getTermsStatus(ctx.db, ctx.user)),

  /** POST /user/terms-and-conditions. */
  acceptTerms: authedProcedure
    .input(sync(ZAcceptTermsRequest))
    .output(sync(ZAcceptTermsResponse))
    .mutation(({ ctx, input }) => acceptTerms(ctx.db, ctx.user, input, ctx.ip)),

  /** The configurable fields of a group's terms form: HR of the group, or an admin. */
  termsForm: groupProcedure("HR", "ADMIN")
    .input(sync(ZTermsFormConfigRequest))
    .output(sync(ZTermsFormConfigResponse))
    .query(({ ctx }) => getTermsFormConfig(ctx.db, ctx.group)),

  /** Saves the group's configurable terms fields (the whole list, in order). */
  saveTermsForm: groupProcedure("HR", "ADMIN")
    .input(sync(ZSaveTermsFormConfigRequest))
    .output(sync(ZSaveTermsFormConfigResponse))
    .mutation(({ ctx, input }) => saveTermsFormConfig(ctx.db, { user: ctx.user, ip: ctx.ip }, ctx.group, input.fields)),
});
