/**
 * Social connections (issue 14; part 1 §7 and part 2 §7 "GET /social/connection-count,
 * /social/connections.json"; part 2 §2 "connections page"). The spec names the calls only; their
 * meaning here is Meridian's: the people the employee follows on the configured Mastodon instance
 * (SOCIAL_API_URL) whose display name, bio or profile fields mention the destination city or country of
 * their move. connection-count answers {count} of them. Nothing is invented: without a provider, a
 * linked handle or a move destination, or when the provider fails, the answer says so and lists no one.
 */
import { z } from "zod";

/** At most this many followed accounts are read (80 a page, following the Link header's next). */
export const SOCIAL_FOLLOWING_CAP = 400;
export const SOCIAL_PAGE_SIZE = 80;

export const socialMessages = {
  notConfigured: "Social connections are not configured on this server.",
  noHandle: "Link your social account to see who you know at your destination.",
  noDestination: "Connections appear once your move has a destination.",
  unavailable: "The social network did not answer. Please try again later.",
  unknownHandle: "No account with this handle was found.",
  handle: "Enter your handle as user@instance (or user on this server's instance).",
  linked: "Your social account is linked.",
  unlinked: "Your social account is no longer linked.",
} as const;

/** A Mastodon handle: user or user@domain, optionally with a leading @. Stored without the @. */
export const ZSocialHandle = z
  .string({ error: socialMessages.handle })
  .trim()
  .transform((s) => s.replace(/^@/, ""))
  .pipe(z.string().regex(/^[A-Za-z0-9_]{1,30}(@[A-Za-z0-9](?:[A-Za-z0-9.-]{0,251}[A-Za-z0-9])?\.[A-Za-z]{2,63})?$/, socialMessages.handle));

export const ZLinkSocialRequest = z.object({ handle: ZSocialHandle });
export type TLinkSocialRequest = z.infer<typeof ZLinkSocialRequest>;

export const ZSocialStatus = z.enum(["OK", "NOT_CONFIGURED", "NO_HANDLE", "NO_DESTINATION", "UNAVAILABLE"]);
export type TSocialStatus = z.infer<typeof ZSocialStatus>;

export const ZSocialConnection = z.object({
  displayName: z.string(),
  acct: z.string(),
  avatar: z.string().nullable(),
  url: z.string().nullable(),
  /** Where the destination was found: "display name", "bio" or the profile field's name. */
  matchedIn: z.string(),
  /** The words around the mention, as plain text. */
  matchedText: z.string(),
});
export type TSocialConnection = z.infer<typeof ZSocialConnection>;

export const ZSocialDestination = z.object({ city: z.string().nullable(), country: z.string().nullable(), countryCode: z.string().nullable() });

export const ZSocialConnectionsResponse = z.object({
  success: z.boolean(),
  status: ZSocialStatus,
  message: z.string(),
  /** The linked handle, or null. */
  handle: z.string().nullable(),
  destination: ZSocialDestination.nullable(),
  count: z.number().int(),
  /** True when the employee follows more accounts than were read (SOCIAL_FOLLOWING_CAP). */
  truncated: z.boolean(),
  connections: z.array(ZSocialConnection),
});
export type TSocialConnectionsResponse = z.infer<typeof ZSocialConnectionsResponse>;

export const ZSocialCountResponse = z.object({ success: z.boolean(), status: ZSocialStatus, message: z.string(), count: z.number().int() });
export type TSocialCountResponse = z.infer<typeof ZSocialCountResponse>;

export const ZLinkSocialResponse = z.object({ success: z.boolean(), handle: z.string().nullable(), message: z.string() });
export type TLinkSocialResponse = z.infer<typeof ZLinkSocialResponse>;

/** A followed account as the provider gives it (Mastodon's Account entity, the fields used here). */
export type SocialAccount = {
  displayName: string;
  acct: string;
  avatar: string | null;
  url: string | null;
  /** HTML, as Mastodon sends it. */
  note: string;
  fields: { name: string; value: string }[];
};

const ENTITIES: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'", nbsp: " ", "#39": "'" };

/** HTML (Mastodon's note and field values) as plain text: tags dropped, <br> and </p> as spaces, common entities decoded. */
export function plainText(html: string): string {
  return html
    .replace(/<br\s*\/?>|<\/p>/gi, " ")
    .replace(/<[^>]*>/g, "")
    .replace(/&(#\d+|#x[0-9a-f]+|[a-z]+);/gi, (m, e: string) => {
      const k = e.toLowerCase();
      if (ENTITIES[k] !== undefined) return ENTITIES[k]!;
      if (k.startsWith("#x")) return String.fromCodePoint(Number.parseInt(k.slice(2), 16));
      if (k.startsWith("#")) return String.fromCodePoint(Number(k.slice(1)));
      return m;
    })
    .replace(/\s+/g, " ")
    .trim();
}

const fold = (s: string) => s.normalize("NFD").replace(/\p{M}/gu, "").toLowerCase();

/**
 * Where `text` mentions one of `places` as a whole word (case and accents ignored): the words around it
 * (up to 40 characters each side), or null.
 */
export function mentionIn(text: string, places: string[]): string | null {
  const plain = plainText(text);
  const folded = fold(plain);
  // NFD folding can change length; only search when it did not, else fall back to the folded text itself.
  const source = folded.length === plain.length ? plain : folded;
  for (const place of places) {
    const p = fold(place.trim());
    if (p.length < 2) continue;
    const re = new RegExp(`(^|[^\\p{L}\\p{N}])${p.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}(?=$|[^\\p{L}\\p{N}])`, "u");
    const m = re.exec(folded);
    if (!m) continue;
    const at = m.index + m[1]!.length;
    const start = Math.max(0, at - 40);
    const end = Math.min(source.length, at + p.length + 40);
    return `${start > 0 ? "…" : ""}${source.slice(start, end).trim()}${end < source.length ? "…" : ""}`;
  }
  return null;
}

/** The followed accounts that mention the destination, each with where and how. */
export function connectionsAt(accounts: SocialAccount[], places: string[]): TSocialConnection[] {
  const out: TSocialConnection[] = [];
  for (const a of accounts) {
    const candidates: [string, string][] = [["display name", a.displayName], ["bio", a.note], ...a.fields.map((f): [string, string] => [plainText(f.name) || "profile field", f.value])];
    for (const [where, text] of candidates) {
      const hit = mentionIn(text, places);
      if (hit) {
        out.push({ displayName: plainText(a.displayName) || a.acct, acct: a.acct, avatar: a.avatar, url: a.url, matchedIn: where, matchedText: hit });
        break;
      }
    }
  }
  return out;
}
