/**
 * The social provider adapter: one interface, one real implementation of a public API — the Mastodon
 * REST API (https://docs.joinmastodon.org/methods/accounts/): GET /api/v1/accounts/lookup?acct=… and
 * GET /api/v1/accounts/{id}/following?limit=80, following the Link header's rel="next" (pagination,
 * https://docs.joinmastodon.org/api/guidelines/#pagination) up to SOCIAL_FOLLOWING_CAP accounts.
 * SOCIAL_API_URL is the instance's base URL (e.g. https://mastodon.social); tests start a local server
 * speaking the same API.
 */
import { z } from "zod";
import { SOCIAL_FOLLOWING_CAP, SOCIAL_PAGE_SIZE, type SocialAccount } from "../../../domain/employee/social/social.ts";
import type { FetchPolicy } from "../../safe-fetch.ts";
import { isJson, providerFetch, ProviderUnreachableError } from "../providers/public-fetch.ts";

export type Following = { accounts: SocialAccount[]; truncated: boolean };

export type SocialProvider = {
  /** The accounts `handle` follows, or null when the instance knows no such account. */
  following(handle: string): Promise<Following | null>;
};

export class SocialProviderError extends Error {
  override readonly name = "SocialProviderError";
  /** The instance gave no answer at all (the widget says "Could not reach Mastodon.", issue 24 §7). */
  unreachable = false;
}

const ZAccount = z.object({
  id: z.string(),
  acct: z.string(),
  display_name: z.string().catch(""),
  note: z.string().catch(""),
  url: z.string().nullish(),
  avatar: z.string().nullish(),
  fields: z.array(z.object({ name: z.string().catch(""), value: z.string().catch("") })).catch([]),
});

/** Only http(s) links reach a page. */
const webUrl = (u: string | null | undefined) => (u && /^https?:\/\//i.test(u) ? u : null);

/** The rel="next" target of a Link header (RFC 8288), or null. */
export function nextLink(header: string | null): string | null {
  if (!header) return null;
  for (const part of header.split(",")) {
    const m = /<([^>]+)>\s*;(.*)/.exec(part.trim());
    if (m && /\brel="?([^";]*\s)?next(\s[^";]*)?"?/i.test(m[2]!)) return m[1]!;
  }
  return null;
}

/** The Mastodon instance at `baseUrl`, each request limited to `timeoutMs`. */
export function mastodonProvider(baseUrl: string, policy: FetchPolicy, timeoutMs = 10_000, cap = SOCIAL_FOLLOWING_CAP): SocialProvider {
  const base = new URL(baseUrl);
  const origin = base.origin;
  const api = (path: string) => new URL(`${base.pathname.replace(/\/$/, "")}${path}`, origin);

  /** Through providerFetch (identifying User-Agent, answers cached 10 minutes; issue 24 §7). */
  async function getJson(url: URL): Promise<{ res: { ok: boolean; status: number; headers: { get(name: string): string | null } }; body: unknown }> {
    let answer;
    try {
      answer = await providerFetch({ provider: "mastodon", url, policy, timeoutMs, headers: { accept: "application/json" }, redirect: "error", usable: isJson });
    } catch (error) {
      const e = new SocialProviderError(`social provider unreachable: ${error instanceof Error ? error.message : String(error)}`);
      e.unreachable = error instanceof ProviderUnreachableError;
      throw e;
    }
    let body: unknown;
    try {
      body = JSON.parse(answer.text);
    } catch {
      body = undefined;
    }
    const ok = answer.status >= 200 && answer.status <= 299;
    return { res: { ok, status: answer.status, headers: { get: (name) => (name.toLowerCase() === "link" ? answer.link : null) } }, body };
  }

  return {
    async following(handle) {
      const lookup = api("/api/v1/accounts/lookup");
      lookup.searchParams.set("acct", handle);
      const found = await getJson(lookup);
      if (found.res.status === 404) return null;
      if (!found.res.ok) throw new SocialProviderError(`social provider answered ${found.res.status} to the lookup`);
      const account = ZAccount.safeParse(found.body);
      if (!account.success) throw new SocialProviderError("social provider answered the lookup in an unexpected format");

      const accounts: SocialAccount[] = [];
      let next: URL | null = api(`/api/v1/accounts/${encodeURIComponent(account.data.id)}/following`);
      next.searchParams.set("limit", String(SOCIAL_PAGE_SIZE));
      let truncated = false;
      while (next) {
        const page = await getJson(next);
        if (!page.res.ok) throw new SocialProviderError(`social provider answered ${page.res.status} to following`);
        const list = z.array(ZAccount).safeParse(page.body);
        if (!list.success) throw new SocialProviderError("social provider answered following in an unexpected format");
        for (const a of list.data) {
          if (accounts.length >= cap) {
            truncated = true;
            break;
          }
          accounts.push({ displayName: a.display_name, acct: a.acct, avatar: webUrl(a.avatar), url: webUrl(a.url), note: a.note, fields: a.fields });
        }
        if (truncated) break;
        const link = nextLink(page.res.headers.get("link"));
        if (!link || list.data.length === 0) break;
        if (accounts.length >= cap) {
          truncated = true;
          break;
        }
        // The next page must stay on the configured instance.
        const u: URL = new URL(link, origin);
        if (u.origin !== origin) throw new SocialProviderError("social provider's next link leaves the instance");
        next = u;
      }
      return { accounts, truncated };
    },
  };
}
