/**
 * Requests to the public providers (issue 24 §7), as their usage policies ask: every request through
 * src/services/safe-fetch.ts with the identifying User-Agent (FetchPolicy.userAgent: product, version and
 * PROVIDER_CONTACT), at most one request at a time per provider spaced by its minimum interval (Nominatim
 * one a second), and answers cached in memory (an LRU of PROVIDER_CACHE_ENTRIES answers, each for its
 * provider's TTL) so a repeat view asks nobody; identical requests in flight share one fetch.
 * A request that gets no answer (refused, unresolvable, timed out) is a ProviderUnreachableError: the box
 * then says "Could not reach …" (src/domain/employee/widgets/providers.ts).
 */
import { PROVIDER_LIMITS, type ProviderId } from "../../../domain/employee/widgets/providers.ts";
import { safeFetch, type FetchPolicy } from "../../safe-fetch.ts";

export class ProviderUnreachableError extends Error {
  override readonly name = "ProviderUnreachableError";
  constructor(
    readonly provider: ProviderId,
    message: string,
  ) {
    super(message);
  }
}

/** A provider's answer as kept: its status, body text and the headers callers read. */
/** A body that parses as JSON (the JSON providers' `usable`). */
export function isJson(text: string): boolean {
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
}

export type ProviderAnswer = { status: number; text: string; link: string | null; bytes?: Uint8Array; contentType?: string | null };

export const PROVIDER_CACHE_ENTRIES = 500;
type Entry = { answer: ProviderAnswer; expires: number };
const answers = new Map<string, Entry>();
const inFlight = new Map<string, Promise<ProviderAnswer>>();
/** When each provider may next be asked (a chain: each request waits for the one before it). */
const nextSlot = new Map<ProviderId, Promise<void>>();

/** Counters for tests and logs: requests that reached the network, answers served from the cache. */
export const providerStats = { fetched: 0, cached: 0 };

/** Forgets every cached answer (tests). */
export function clearProviderCache(): void {
  answers.clear();
  inFlight.clear();
  nextSlot.clear();
  providerStats.fetched = 0;
  providerStats.cached = 0;
}

const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

/** Waits for the provider's next slot: requests leave at least `minIntervalMs` apart, in order. */
async function takeSlot(provider: ProviderId, minIntervalMs: number): Promise<void> {
  if (minIntervalMs <= 0) return;
  const before = nextSlot.get(provider) ?? Promise.resolve();
  let release!: () => void;
  const mine = new Promise<void>((r) => (release = r));
  nextSlot.set(provider, before.then(() => mine));
  await before;
  // The slot after this one opens `minIntervalMs` after this request leaves.
  setTimeout(release, minIntervalMs);
}

export type ProviderRequest = {
  provider: ProviderId;
  url: URL;
  policy: FetchPolicy;
  method?: "GET" | "POST";
  body?: URLSearchParams;
  headers?: Record<string, string>;
  timeoutMs?: number;
  redirect?: RequestRedirect;
  /** Part of the cache key besides the URL and body (e.g. an API key's owner). */
  keyExtra?: string;
  /** Whether a 2xx body is usable (e.g. parses as JSON): one that is not is answered but never cached. */
  usable?: (text: string) => boolean;
  /** The body as bytes (a map tile) instead of text. */
  binary?: boolean;
};

/** GET or POST to a provider: the cached answer when fresh, else one spaced request; usable 2xx and 404 answers are cached. */
export async function providerFetch(r: ProviderRequest): Promise<ProviderAnswer> {
  const limits = PROVIDER_LIMITS[r.provider];
  const key = `${r.provider} ${r.method ?? "GET"} ${r.url.href} ${r.body?.toString() ?? ""} ${r.keyExtra ?? ""}`;
  const hit = answers.get(key);
  if (hit && hit.expires > Date.now()) {
    answers.delete(key);
    answers.set(key, hit); // most recently used last
    providerStats.cached++;
    return hit.answer;
  }
  const pending = inFlight.get(key);
  if (pending) return pending;
  const run = (async () => {
    await takeSlot(r.provider, limits.minIntervalMs);
    let res: Response;
    try {
      providerStats.fetched++;
      res = await safeFetch(
        r.url,
        {
          method: r.method ?? "GET",
          ...(r.body ? { body: r.body } : {}),
          signal: AbortSignal.timeout(r.timeoutMs ?? 10_000),
          redirect: r.redirect ?? "follow",
          headers: { ...(r.headers ?? {}), "user-agent": r.policy.userAgent ?? "Meridian" },
        },
        r.policy,
      );
    } catch (error) {
      throw new ProviderUnreachableError(r.provider, `${r.provider} unreachable: ${error instanceof Error ? error.message : String(error)}`);
    }
    let text = "";
    let bytes: Uint8Array | undefined;
    try {
      if (r.binary) bytes = new Uint8Array(await res.arrayBuffer());
      else text = await res.text();
    } catch (error) {
      throw new ProviderUnreachableError(r.provider, `${r.provider} answer cut off: ${error instanceof Error ? error.message : String(error)}`);
    }
    const answer: ProviderAnswer = { status: res.status, text, link: res.headers.get("link"), ...(bytes ? { bytes, contentType: res.headers.get("content-type") } : {}) };
    if (res.status === 404 || (res.ok && (r.usable?.(text) ?? true))) {
      answers.set(key, { answer, expires: Date.now() + limits.ttlMs });
      while (answers.size > PROVIDER_CACHE_ENTRIES) answers.delete(answers.keys().next().value!);
    }
    return answer;
  })();
  inFlight.set(key, run);
  try {
    return await run;
  } finally {
    inFlight.delete(key);
  }
}
