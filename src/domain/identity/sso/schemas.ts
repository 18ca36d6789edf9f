import { z } from "zod";
import { ssoMessages } from "./messages.ts";
import { isAcceptableIssuerUrl, parseAllowedDomains } from "./rules.ts";

/** Contracts of the SSO area, shared by the tRPC procedures, the legacy routes and the settings form. */

/** Group URL name, as in every group-scoped input. */
const ZGroupInput = z.object({ group: z.string().trim().min(1).max(64) });

/** part 2 §5 whitelist domain: labels of letters, digits and hyphens, a top-level part of 2 or more letters. */
const DOMAIN = /^(?=.{3,253}$)(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/;

export const ZSsoAllowedDomains = z
  .array(z.string().max(253))
  .max(50)
  .transform((list) => parseAllowedDomains(list))
  .refine((list) => list.length > 0, { message: ssoMessages.domainsRequired })
  .refine((list) => list.every((d) => DOMAIN.test(d)), { message: ssoMessages.domainInvalid });

export const ZSsoGetSettingsRequest = ZGroupInput;
export type TSsoGetSettingsRequest = z.infer<typeof ZSsoGetSettingsRequest>;

export const ZSsoSettingsResponse = z.object({
  group: z.object({ id: z.number().int(), name: z.string(), displayName: z.string() }),
  configured: z.boolean(),
  issuerUrl: z.string(),
  clientId: z.string(),
  /** The secret itself never leaves the server. */
  hasClientSecret: z.boolean(),
  allowedDomains: z.array(z.string()),
  enabled: z.boolean(),
  updatedAt: z.string().nullable(),
});
export type TSsoSettingsResponse = z.infer<typeof ZSsoSettingsResponse>;

export const ZSsoSaveSettingsRequest = ZGroupInput.extend({
  issuerUrl: z
    .string()
    .trim()
    .max(500)
    .refine((v) => isAcceptableIssuerUrl(v), { message: ssoMessages.issuerUrlInvalid })
    .transform((v) => v.replace(/\/+$/, "")),
  clientId: z.string().trim().min(1, ssoMessages.clientIdRequired).max(200),
  /** Empty or absent keeps the stored secret. */
  clientSecret: z.string().max(500).optional(),
  allowedDomains: ZSsoAllowedDomains,
  enabled: z.boolean(),
});
export type TSsoSaveSettingsRequest = z.input<typeof ZSsoSaveSettingsRequest>;

export const ZSsoSaveSettingsResponse = z.object({ success: z.literal(true), message: z.string(), settings: ZSsoSettingsResponse });

/** GET /sso/start?email= */
export const ZSsoStartRequest = z.object({ email: z.string().trim().max(254) });

/** GET /sso/callback?code&state (or error, error_description from the provider). */
export const ZSsoCallbackRequest = z.object({
  state: z.string().max(200).optional(),
  code: z.string().max(2000).optional(),
  error: z.string().max(200).optional(),
});

/** The settings form: domains typed as one comma-separated text. The same rules as the request. */
export const ZSsoSettingsForm = ZSsoSaveSettingsRequest.omit({ group: true, allowedDomains: true }).extend({
  allowedDomains: z
    .string()
    .max(5000)
    .transform((text) => text.split(","))
    .pipe(ZSsoAllowedDomains),
});
export type TSsoSettingsFormInput = z.input<typeof ZSsoSettingsForm>;
export type TSsoSettingsFormOutput = z.output<typeof ZSsoSettingsForm>;
