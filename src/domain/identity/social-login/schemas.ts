import { z } from "zod";
import { ZEmail } from "../auth/email.ts";
import { SOCIAL_PROVIDER_ID } from "./providers.ts";

/** Contracts of social sign-in, shared by the procedures, the callback route and the login page. */

export const ZSocialProviderId = z.string().trim().toLowerCase().max(32).regex(SOCIAL_PROVIDER_ID);

export const ZSocialProviderOption = z.object({ id: z.string(), name: z.string() });
export type TSocialProviderOption = z.infer<typeof ZSocialProviderOption>;

/** socialLogin.start: the address typed at the e-mail step and the provider button pressed. */
export const ZSocialStartRequest = z.object({ provider: ZSocialProviderId, email: ZEmail });
export type TSocialStartRequest = z.infer<typeof ZSocialStartRequest>;
export const ZSocialStartResponse = z.object({ redirectUrl: z.string() });

/** GET /social-login/callback?code&state (or error, error_description from the provider). */
export const ZSocialCallbackRequest = z.object({
  state: z.string().max(200).optional(),
  code: z.string().max(2000).optional(),
  error: z.string().max(200).optional(),
});

/** socialLogin.startLink / socialLogin.unlink: a provider, for the signed-in user. */
export const ZSocialProviderRequest = z.object({ provider: ZSocialProviderId });
export type TSocialProviderRequest = z.infer<typeof ZSocialProviderRequest>;

/** socialLogin.methods: the providers the signed-in user may use, each with its linked account (or null). */
export const ZSocialMethodsResponse = z.object({
  providers: z.array(
    z.object({
      id: z.string(),
      name: z.string(),
      linked: z.object({ email: z.string().nullable(), linkedAt: z.string(), lastLoginAt: z.string().nullable() }).nullable(),
    }),
  ),
});
export type TSocialMethodsResponse = z.infer<typeof ZSocialMethodsResponse>;

export const ZSocialUnlinkResponse = z.object({ success: z.literal(true), message: z.string() });
