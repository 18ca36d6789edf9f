import { z } from "zod";

/**
 * Social login providers (issue 23 item 18), read from the environment by src/config.ts:
 *
 *   SOCIAL_PROVIDERS='[{"id":"google","name":"Google","issuer":"https://accounts.google.com",
 *                       "clientId":"…","groups":["acme","globex"]}]'
 *   SOCIAL_GOOGLE_CLIENT_SECRET=…      (or "clientSecret" in the JSON)
 *
 * `id` names the provider in URLs and in stored identities (keep it once users have linked);
 * `name` is the button text ("Continue with Google"); `groups` lists the client groups (URL names)
 * whose users may sign in through it, "*" for every group.
 */
export const SOCIAL_PROVIDER_ID = /^[a-z0-9][a-z0-9-]{0,31}$/;

export const ZSocialProviderConfig = z.object({
  id: z.string().regex(SOCIAL_PROVIDER_ID, "lower-case letters, digits and dashes, at most 32"),
  name: z.string().trim().min(1).max(60),
  issuer: z
    .string()
    .url()
    .refine((v) => /^https?:\/\//.test(v) && !new URL(v).search && !new URL(v).hash, "an http(s) issuer URL without query or fragment")
    .transform((v) => v.replace(/\/+$/, "")),
  clientId: z.string().trim().min(1).max(500),
  clientSecret: z.string().min(1).max(500).optional(),
  groups: z
    .array(z.string().trim().toLowerCase().regex(/^(\*|[a-z0-9_-]{1,64})$/, 'group URL names or "*"'))
    .min(1),
});

export type SocialProvider = {
  id: string;
  name: string;
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** Group URL names (lower case), or ["*"] for every group. */
  groups: string[];
};

/** The environment variable that may carry a provider's secret: SOCIAL_<ID>_CLIENT_SECRET (dashes as underscores). */
export function secretVariableFor(id: string): string {
  return `SOCIAL_${id.toUpperCase().replaceAll("-", "_")}_CLIENT_SECRET`;
}

/**
 * SOCIAL_PROVIDERS (a JSON array; unset or empty: no social login) and the secrets beside it, or
 * an error naming what is wrong (the server refuses to start with a broken configuration).
 */
export function parseSocialProviders(env: Record<string, string | undefined>): { providers: SocialProvider[] } | { error: string } {
  const text = env["SOCIAL_PROVIDERS"]?.trim();
  if (!text) return { providers: [] };
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return { error: "SOCIAL_PROVIDERS: not valid JSON (an array of providers)" };
  }
  const parsed = z.array(ZSocialProviderConfig).max(20).safeParse(json);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    return { error: `SOCIAL_PROVIDERS: ${issue.path.join(".")}: ${issue.message}` };
  }
  const providers: SocialProvider[] = [];
  const seen = new Set<string>();
  for (const p of parsed.data) {
    if (seen.has(p.id)) return { error: `SOCIAL_PROVIDERS: the id "${p.id}" is used twice` };
    seen.add(p.id);
    const secret = p.clientSecret ?? env[secretVariableFor(p.id)]?.trim();
    if (!secret) return { error: `SOCIAL_PROVIDERS: provider "${p.id}" needs a clientSecret or ${secretVariableFor(p.id)}` };
    providers.push({ id: p.id, name: p.name, issuer: p.issuer, clientId: p.clientId, clientSecret: secret, groups: [...new Set(p.groups)] });
  }
  return { providers };
}

/** Does the provider serve this group? */
export function providerServesGroup(provider: Pick<SocialProvider, "groups">, groupName: string | null): boolean {
  if (!groupName) return false;
  return provider.groups.includes("*") || provider.groups.includes(groupName.toLowerCase());
}
