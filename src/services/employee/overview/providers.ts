/**
 * The overview page's provider adapters (issue 14): each a small interface and one real implementation of a
 * public API, configured by URL (src/config.ts); tests start local servers speaking the same formats.
 * - neighbourhoods and amenities: OpenStreetMap's Overpass API (OVERPASS_API_URL, e.g.
 *   https://overpass-api.de/api/interpreter; POST form `data` = an Overpass QL query with [out:json]);
 * - about: Wikipedia's REST page summary (WIKIPEDIA_API_URL, e.g. https://en.wikipedia.org/api/rest_v1;
 *   GET /page/summary/{title});
 * - commute: the OSRM route service (ROUTING_API_URL, e.g. https://router.project-osrm.org;
 *   GET /route/v1/driving/{lon},{lat};{lon},{lat}?overview=false);
 * - office address: Nominatim search (GEOCODER_API_URL, e.g. https://nominatim.openstreetmap.org;
 *   GET /search?q&format=jsonv2&limit=5);
 * - properties: RentCast (PROPERTY_API_URL, e.g. https://api.rentcast.io/v1, PROPERTY_API_KEY as X-Api-Key;
 *   GET /listings/rental/long-term?latitude&longitude&radius&bedrooms&limit&status=Active and
 *   GET /listings/rental/long-term/{id}).
 * Every call is limited by AbortSignal.timeout and goes through providerFetch (identifying User-Agent, rate
 * limit, cache; issue 24 §7); a failure is a ProviderError (the caller says so plainly).
 */
import { z } from "zod";
import type { FetchPolicy } from "../../safe-fetch.ts";
import { isJson, providerFetch, ProviderUnreachableError } from "../providers/public-fetch.ts";
import type { ProviderId } from "../../../domain/employee/widgets/providers.ts";
import { countAmenities, priceOf, type LatLong, type TAmenityCount, type TProperty } from "../../../domain/employee/widgets/overview.ts";

export class ProviderError extends Error {
  override readonly name = "ProviderError";
  /** Set when the provider gave no answer at all (the box then says "Could not reach …", issue 24 §7). */
  unreachable: ProviderId | null = null;
}

const DEFAULT_TIMEOUT_MS = 10_000;

/**
 * A provider's JSON through providerFetch (src/services/employee/providers/public-fetch.ts: the identifying
 * User-Agent, its rate limit and the answer cache), with a time limit; `null` for a 404 when
 * `notFoundIsNull`. Anything else unexpected is a ProviderError.
 */
async function fetchJson(
  what: string,
  provider: ProviderId,
  url: URL | string,
  policy: FetchPolicy,
  init: { method?: "GET" | "POST"; body?: URLSearchParams; headers?: Record<string, string>; timeoutMs?: number; notFoundIsNull?: boolean; keyExtra?: string } = {},
): Promise<unknown> {
  let res;
  try {
    res = await providerFetch({
      provider,
      url: new URL(url),
      policy,
      ...(init.method ? { method: init.method } : {}),
      ...(init.body ? { body: init.body } : {}),
      headers: { accept: "application/json", ...(init.headers ?? {}) },
      timeoutMs: init.timeoutMs ?? DEFAULT_TIMEOUT_MS,
      ...(init.keyExtra ? { keyExtra: init.keyExtra } : {}),
      usable: isJson,
    });
  } catch (error) {
    const e = new ProviderError(`${what} unreachable: ${error instanceof Error ? error.message : String(error)}`);
    e.unreachable = error instanceof ProviderUnreachableError ? error.provider : provider;
    throw e;
  }
  if (res.status === 404 && init.notFoundIsNull) return null;
  if (res.status < 200 || res.status > 299) throw new ProviderError(`${what} answered ${res.status}`);
  try {
    return JSON.parse(res.text) as unknown;
  } catch {
    throw new ProviderError(`${what} answered in an unexpected format`);
  }
}

function parsed<S extends z.ZodType>(what: string, schema: S, value: unknown): z.infer<S> {
  const r = schema.safeParse(value);
  if (!r.success) throw new ProviderError(`${what} answered in an unexpected format`);
  return r.data;
}

/** A base URL joined with a path (keeps the base's own path: https://host/v1 + /listings → https://host/v1/listings). */
function join(base: string, path: string): URL {
  const u = new URL(base);
  u.pathname = `${u.pathname.replace(/\/+$/, "")}${path}`;
  return u;
}

// ── Neighbourhoods and amenities: Overpass ────────────────────────────────────────────────────────

export type PlaceFound = { externalId: string; title: string; latitude: number; longitude: number };
export type NeighbourhoodProvider = {
  readonly name: string;
  neighbourhoods(center: LatLong, radiusM: number): Promise<PlaceFound[]>;
  amenities(at: LatLong, radiusM: number): Promise<TAmenityCount[]>;
};

const ZOverpass = z.object({
  elements: z.array(
    z.object({
      type: z.string(),
      id: z.number(),
      lat: z.number().optional(),
      lon: z.number().optional(),
      tags: z.record(z.string(), z.string()).optional(),
    }),
  ),
});

const coord = (n: number) => n.toFixed(6);

/** Overpass at `url`; 25 s per call (the query's own [timeout:25]), under the browser's 30 s call limit. */
export function overpassProvider(url: string, policy: FetchPolicy, timeoutMs = 25_000): NeighbourhoodProvider {
  const query = async (ql: string) =>
    parsed(
      "neighbourhood provider",
      ZOverpass,
      await fetchJson("neighbourhood provider", "overpass", url, policy, {
        method: "POST",
        body: new URLSearchParams({ data: ql }),
        headers: { "content-type": "application/x-www-form-urlencoded" },
        timeoutMs,
      }),
    );
  return {
    name: "osm",
    async neighbourhoods(c, radiusM) {
      const around = `around:${Math.round(radiusM)},${coord(c.latitude)},${coord(c.longitude)}`;
      const data = await query(`[out:json][timeout:25];node(${around})["place"~"^(suburb|neighbourhood|quarter)$"]["name"];out body;`);
      const places: PlaceFound[] = [];
      for (const e of data.elements) {
        const title = e.tags?.name?.trim();
        if (e.type !== "node" || e.lat === undefined || e.lon === undefined || !title) continue;
        places.push({ externalId: `node/${e.id}`, title: title.slice(0, 200), latitude: e.lat, longitude: e.lon });
      }
      return places;
    },
    async amenities(at, radiusM) {
      const a = `around:${Math.round(radiusM)},${coord(at.latitude)},${coord(at.longitude)}`;
      const ql =
        `[out:json][timeout:25];(` +
        `nwr(${a})["amenity"~"^(school|pharmacy|hospital|restaurant)$"];` +
        `nwr(${a})["shop"="supermarket"];` +
        `nwr(${a})["leisure"="park"];` +
        `node(${a})["highway"="bus_stop"];` +
        `node(${a})["public_transport"~"^(platform|stop_position)$"];` +
        `nwr(${a})["railway"~"^(station|halt|tram_stop|subway_entrance)$"];` +
        `);out tags;`;
      const data = await query(ql);
      return countAmenities(data.elements.map((e) => ({ key: `${e.type}/${e.id}`, tags: e.tags ?? {} })));
    },
  };
}

// ── About: Wikipedia page summary ────────────────────────────────────────────────────────────────

export type Article = { title: string; extract: string; url: string | null };
export type AboutProvider = { summary(title: string): Promise<Article | null> };

const ZWikiSummary = z.object({
  type: z.string().optional(),
  title: z.string(),
  extract: z.string().optional(),
  content_urls: z.object({ desktop: z.object({ page: z.string() }).partial() }).partial().optional(),
});

export function wikipediaProvider(base: string, policy: FetchPolicy, timeoutMs = DEFAULT_TIMEOUT_MS): AboutProvider {
  return {
    async summary(title) {
      const u = join(base, `/page/summary/${encodeURIComponent(title.replaceAll(" ", "_"))}`);
      u.searchParams.set("redirect", "true");
      const body = await fetchJson("about provider", "wikipedia", u, policy, { timeoutMs, notFoundIsNull: true });
      if (body === null) return null;
      const s = parsed("about provider", ZWikiSummary, body);
      // A disambiguation page describes no place: treat it as no article.
      if (s.type === "disambiguation" || !s.extract?.trim()) return null;
      return { title: s.title, extract: s.extract.trim(), url: s.content_urls?.desktop?.page ?? null };
    },
  };
}

// ── Commute: OSRM ────────────────────────────────────────────────────────────────────────────────

export type Route = { distanceM: number; durationS: number };
export type RoutingProvider = { route(from: LatLong, to: LatLong): Promise<Route | null> };

const ZOsrm = z.object({ code: z.string(), routes: z.array(z.object({ distance: z.number(), duration: z.number() })).optional() });

export function osrmProvider(base: string, policy: FetchPolicy, timeoutMs = DEFAULT_TIMEOUT_MS): RoutingProvider {
  return {
    async route(from, to) {
      const u = join(base, `/route/v1/driving/${coord(from.longitude)},${coord(from.latitude)};${coord(to.longitude)},${coord(to.latitude)}`);
      u.searchParams.set("overview", "false");
      const r = parsed("route provider", ZOsrm, await fetchJson("route provider", "osrm", u, policy, { timeoutMs }));
      if (r.code === "NoRoute" || r.code === "NoSegment") return null;
      if (r.code !== "Ok") throw new ProviderError(`route provider answered code ${r.code}`);
      const first = r.routes?.[0];
      return first ? { distanceM: first.distance, durationS: first.duration } : null;
    },
  };
}

// ── Office address: Nominatim ────────────────────────────────────────────────────────────────────

export type GeocodedPlace = { label: string; latitude: number; longitude: number };
export type GeocoderProvider = { search(q: string): Promise<GeocodedPlace[]> };

const ZNominatim = z.array(z.object({ lat: z.coerce.number(), lon: z.coerce.number(), display_name: z.string() }));

export function nominatimProvider(base: string, policy: FetchPolicy, timeoutMs = DEFAULT_TIMEOUT_MS): GeocoderProvider {
  return {
    async search(q) {
      const u = join(base, "/search");
      u.searchParams.set("q", q);
      u.searchParams.set("format", "jsonv2");
      u.searchParams.set("limit", "5");
      const rows = parsed("geocoder", ZNominatim, await fetchJson("geocoder", "nominatim", u, policy, { timeoutMs }));
      return rows
        .filter((r) => Number.isFinite(r.lat) && Number.isFinite(r.lon) && Math.abs(r.lat) <= 90 && Math.abs(r.lon) <= 180)
        .map((r) => ({ label: r.display_name.slice(0, 300), latitude: r.lat, longitude: r.lon }));
    },
  };
}

// ── Properties: RentCast ─────────────────────────────────────────────────────────────────────────

export type PropertySearch = { latitude: number; longitude: number; radiusMiles: number; bedrooms: number | null; limit: number };
export type PropertyProvider = {
  readonly name: string;
  search(s: PropertySearch): Promise<TProperty[]>;
  get(id: string): Promise<TProperty | null>;
};

const ZRentcastListing = z.object({
  id: z.string(),
  formattedAddress: z.string().nullish(),
  addressLine1: z.string().nullish(),
  city: z.string().nullish(),
  state: z.string().nullish(),
  latitude: z.number().nullish(),
  longitude: z.number().nullish(),
  propertyType: z.string().nullish(),
  bedrooms: z.number().nullish(),
  bathrooms: z.number().nullish(),
  squareFootage: z.number().nullish(),
  price: z.number().nullish(),
  status: z.string().nullish(),
  listedDate: z.string().nullish(),
  daysOnMarket: z.number().nullish(),
  // RentCast's listings carry no photos or page link today; taken when present, never made up.
  photos: z.array(z.string()).nullish(),
  images: z.array(z.string()).nullish(),
  url: z.string().nullish(),
  listingUrl: z.string().nullish(),
});
type RentcastListing = z.infer<typeof ZRentcastListing>;

const isHttpUrl = (u: string | null | undefined): u is string => {
  if (!u) return false;
  try {
    const p = new URL(u);
    return p.protocol === "https:" || p.protocol === "http:";
  } catch {
    return false;
  }
};

/** RentCast's listing as the spec's Property (provider "rentcast"); prices are USD (RentCast covers the US). */
export function propertyOfRentcast(l: RentcastListing): TProperty {
  const beds = l.bedrooms === null || l.bedrooms === undefined ? null : Math.round(l.bedrooms);
  const address = l.formattedAddress?.trim() || null;
  const facts = [
    l.propertyType?.trim() || null,
    beds === null ? null : beds === 0 ? "studio" : `${beds} bedroom${beds === 1 ? "" : "s"}`,
    l.bathrooms == null ? null : `${l.bathrooms} bathroom${l.bathrooms === 1 ? "" : "s"}`,
    l.squareFootage == null ? null : `${l.squareFootage} sq ft`,
    l.listedDate ? `listed ${l.listedDate.slice(0, 10)}` : null,
  ].filter((x): x is string => x !== null);
  const url = [l.listingUrl, l.url].find(isHttpUrl) ?? null;
  return {
    externalId: l.id,
    provider: "rentcast",
    title: l.addressLine1?.trim() || address || l.id,
    overview: facts.length > 0 ? `${facts.join(", ")}.` : null,
    price: priceOf(l.price, "USD"),
    address,
    beds,
    images: [...(l.photos ?? []), ...(l.images ?? [])].filter(isHttpUrl),
    url,
    lat: l.latitude ?? null,
    long: l.longitude ?? null,
  };
}

export function rentcastProvider(base: string, apiKey: string | null, policy: FetchPolicy, timeoutMs = DEFAULT_TIMEOUT_MS): PropertyProvider {
  const headers: Record<string, string> = apiKey ? { "X-Api-Key": apiKey } : {};
  return {
    name: "rentcast",
    async search(s) {
      const u = join(base, "/listings/rental/long-term");
      u.searchParams.set("latitude", String(s.latitude));
      u.searchParams.set("longitude", String(s.longitude));
      u.searchParams.set("radius", String(s.radiusMiles));
      if (s.bedrooms !== null) u.searchParams.set("bedrooms", String(s.bedrooms));
      u.searchParams.set("limit", String(s.limit));
      u.searchParams.set("status", "Active");
      const rows = parsed("property provider", z.array(ZRentcastListing), await fetchJson("property provider", "rentcast", u, policy, { headers, timeoutMs, keyExtra: apiKey ?? "" }));
      return rows.map(propertyOfRentcast);
    },
    async get(id) {
      const body = await fetchJson("property provider", "rentcast", join(base, `/listings/rental/long-term/${encodeURIComponent(id)}`), policy, { headers, timeoutMs, notFoundIsNull: true, keyExtra: apiKey ?? "" });
      return body === null ? null : propertyOfRentcast(parsed("property provider", ZRentcastListing, body));
    },
  };
}
