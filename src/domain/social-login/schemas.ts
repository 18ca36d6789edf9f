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

/** socialLogin.identities: the signed-in user's linked provider accounts. */
export const ZSocialIdentitiesResponse = z.object({
  identities: z.array(z.object({ provider: z.string(), providerName: z.string(), email: z.string().nullable(), linkedAt: z.string(), lastLoginAt: z.string().nullable() })),
});
export type TSocialIdentitiesResponse = z.infer<typeof ZSocialIdentitiesResponse>;
