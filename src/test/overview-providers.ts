/**
 * A local HTTP server speaking the formats of the overview page's five public APIs (issue 14), for the
 * integration tests (src/routers/employee/overview.test.ts) and the browser test (e2e/overview/): the real adapters
 * (src/services/employee/overview/providers.ts) talk to it as they would to the internet.
 * - Overpass: POST /api/interpreter (form `data`, [out:json]); a query asking for `place` answers three
 *   neighbourhood nodes near the centre asked plus one 200+ km away, any other query amenity elements.
 * - Wikipedia REST: GET /api/rest_v1/page/summary/{title} (404 for "Kreuzberg").
 * - OSRM: GET /route/v1/driving/{lon},{lat};{lon},{lat} (distance and duration derived from the points).
 * - Nominatim: GET /search?q&format=jsonv2&limit (no result for "nowhere").
 * - RentCast: GET /v1/listings/rental/long-term (X-Api-Key "test-key"; no result for bedrooms=9) and
 *   GET /v1/listings/rental/long-term/{id} (404 for an id that is not one of its own).
 * `mode` per API makes it fail (HTTP 503) or answer garbage (HTML).
 */
import { clearProviderCache } from "../services/employee/providers/public-fetch.ts";
export type ProviderApi = "overpass" | "wikipedia" | "osrm" | "nominatim" | "rentcast";
export type ProviderMode = "ok" | "error" | "garbage";
export const PROVIDER_API_KEY = "test-key";

export type FakeProviders = {
  port: number;
  urls: { OVERPASS_API_URL: string; WIKIPEDIA_API_URL: string; ROUTING_API_URL: string; GEOCODER_API_URL: string; PROPERTY_API_URL: string; PROPERTY_API_KEY: string; STATIC_MAP_URL: string };
  mode: Record<ProviderApi, ProviderMode>;
  /** Every request, in order: the API, the method and URL, and the body (Overpass query) or API key. */
  seen: { api: ProviderApi | "map"; url: URL; body: string | null; apiKey: string | null }[];
  stop(): void;
};

export const NEIGHBOURHOOD_NAMES = ["Mitte", "Kreuzberg", "Prenzlauer Berg"] as const;

function neighbourhoodsNear(lat: number, lon: number) {
  // Ids follow the centre, so two cities get different nodes.
  const base = Math.abs(Math.round(lat * 100)) * 100_000 + Math.abs(Math.round(lon * 100)) * 10;
  const offsets: [number, number][] = [[0.01, 0.01], [-0.02, 0.03], [0.03, -0.01]];
  const elements: unknown[] = NEIGHBOURHOOD_NAMES.map((name, i) => ({ type: "node", id: base + i + 1, lat: lat + offsets[i]![0], lon: lon + offsets[i]![1], tags: { name, place: i === 0 ? "suburb" : i === 1 ? "neighbourhood" : "quarter" } }));
  elements.push({ type: "node", id: base + 9, lat: lat + 2.5, lon, tags: { name: "Faraway", place: "suburb" } });
  elements.push({ type: "node", id: base + 8, lat: lat + 0.001, lon, tags: { place: "suburb" } }); // no name: left out
  return elements;
}

const AMENITY_ELEMENTS = [
  { type: "node", id: 1, tags: { amenity: "school" } },
  { type: "way", id: 2, tags: { amenity: "school" } },
  { type: "node", id: 1, tags: { amenity: "school" } },
  { type: "node", id: 3, tags: { shop: "supermarket" } },
  { type: "node", id: 4, tags: { highway: "bus_stop" } },
  { type: "node", id: 5, tags: { highway: "bus_stop" } },
  { type: "node", id: 6, tags: { railway: "tram_stop" } },
  { type: "way", id: 7, tags: { leisure: "park" } },
  { type: "node", id: 8, tags: { amenity: "bench" } },
];

/** The second listing has three photos (the static-map image of this server: an origin the page's CSP allows) for the popup's carousel. */
function listing(lat: number, lon: number, i: number, beds: number, base = "") {
  return {
    ...(i === 1 && base ? { photos: [1, 2, 3].map((n) => `${base}/staticmap?photo=${n}`) } : {}),
    id: `${lat},${lon},${i},${beds}`,
    formattedAddress: `${i + 1} Test Street, Springfield, IL 62701`,
    addressLine1: `${i + 1} Test Street With A Rather Long Name`,
    city: "Springfield",
    state: "IL",
    latitude: lat + i * 0.001,
    longitude: lon - i * 0.001,
    propertyType: "Apartment",
    bedrooms: beds,
    bathrooms: 1,
    squareFootage: 700 + i * 50,
    price: 1500 + 250 * i + 100 * beds,
    status: "Active",
    listedDate: "2026-11-01T00:00:00.000Z",
    daysOnMarket: 3,
  };
}

const haversineM = (a: [number, number], b: [number, number]) => {
  const rad = (d: number) => (d * Math.PI) / 180;
  const h = Math.sin(rad(b[1] - a[1]) / 2) ** 2 + Math.cos(rad(a[1])) * Math.cos(rad(b[1])) * Math.sin(rad(b[0] - a[0]) / 2) ** 2;
  return 2 * 6_371_000 * Math.asin(Math.sqrt(h));
};

/** A 1×1 PNG, the fake static map. */
const PNG = Uint8Array.from(atob("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg=="), (c) => c.charCodeAt(0));

export function startFakeProviders(port = 0): FakeProviders {
  // A mode set anew also forgets the cached provider answers (issue 24 §7), so the next call reaches this server.
  const mode: Record<ProviderApi, ProviderMode> = new Proxy({ overpass: "ok", wikipedia: "ok", osrm: "ok", nominatim: "ok", rentcast: "ok" } as Record<ProviderApi, ProviderMode>, {
    set(target, key, value) {
      clearProviderCache();
      return Reflect.set(target, key, value);
    },
  });
  const seen: FakeProviders["seen"] = [];
  const failing = (api: ProviderApi) =>
    mode[api] === "error" ? Response.json({ error: "unavailable" }, { status: 503 }) : mode[api] === "garbage" ? new Response("<html>maintenance</html>", { headers: { "content-type": "text/html" } }) : null;

  /** This server's own origin (its photos' address), known once it listens. */
  let origin = "";
  const server = Bun.serve({
    port,
    hostname: "127.0.0.1",
    async fetch(req) {
      const url = new URL(req.url);
      const p = url.pathname;
      if (p === "/health") return new Response("ok");
      if (p === "/staticmap") {
        seen.push({ api: "map", url, body: null, apiKey: null });
        return new Response(PNG, { headers: { "content-type": "image/png" } });
      }
      if (p === "/api/interpreter" && req.method === "POST") {
        const form = new URLSearchParams(await req.text());
        const q = form.get("data") ?? "";
        seen.push({ api: "overpass", url, body: q, apiKey: null });
        const fail = failing("overpass");
        if (fail) return fail;
        if (!q.includes("[out:json]")) return new Response("bad query", { status: 400 });
        const around = /around:(\d+),(-?[\d.]+),(-?[\d.]+)/.exec(q);
        if (!around) return new Response("bad query", { status: 400 });
        const elements = q.includes('"place"') ? neighbourhoodsNear(Number(around[2]), Number(around[3])) : AMENITY_ELEMENTS;
        return Response.json({ version: 0.6, generator: "Overpass API (test)", osm3s: {}, elements });
      }
      const wiki = /^\/api\/rest_v1\/page\/summary\/(.+)$/.exec(p);
      if (wiki && req.method === "GET") {
        seen.push({ api: "wikipedia", url, body: null, apiKey: null });
        const fail = failing("wikipedia");
        if (fail) return fail;
        const title = decodeURIComponent(wiki[1]!).replaceAll("_", " ");
        if (title === "Kreuzberg") return Response.json({ type: "https://mediawiki.org/wiki/HyperSwitch/errors/not_found", title: "Not found." }, { status: 404 });
        return Response.json({
          type: "standard",
          title,
          extract: `${title} is a neighbourhood described by the test encyclopedia.`,
          content_urls: { desktop: { page: `https://en.wikipedia.org/wiki/${encodeURIComponent(title.replaceAll(" ", "_"))}` } },
        });
      }
      const route = /^\/route\/v1\/driving\/(-?[\d.]+),(-?[\d.]+);(-?[\d.]+),(-?[\d.]+)$/.exec(p);
      if (route && req.method === "GET") {
        seen.push({ api: "osrm", url, body: null, apiKey: null });
        const fail = failing("osrm");
        if (fail) return fail;
        const [a, b] = [[Number(route[1]), Number(route[2])], [Number(route[3]), Number(route[4])]] as [[number, number], [number, number]];
        const distance = Math.round(haversineM(a, b) * 1.3);
        return Response.json({ code: "Ok", routes: [{ distance, duration: distance / 10, legs: [], weight: 0 }], waypoints: [] });
      }
      if (p === "/search" && req.method === "GET") {
        seen.push({ api: "nominatim", url, body: null, apiKey: null });
        const fail = failing("nominatim");
        if (fail) return fail;
        const q = url.searchParams.get("q") ?? "";
        if (url.searchParams.get("format") !== "jsonv2") return new Response("format", { status: 400 });
        if (q.toLowerCase().includes("nowhere")) return Response.json([]);
        return Response.json([
          { place_id: 1, lat: "52.5200066", lon: "13.4049540", display_name: `${q}, Mitte, Berlin, Germany`, category: "office" },
          { place_id: 2, lat: "48.1371079", lon: "11.5753822", display_name: `${q}, München, Germany`, category: "office" },
        ]);
      }
      const one = /^\/v1\/listings\/rental\/long-term\/(.+)$/.exec(p);
      if ((one || p === "/v1/listings/rental/long-term") && req.method === "GET") {
        const apiKey = req.headers.get("x-api-key");
        seen.push({ api: "rentcast", url, body: null, apiKey });
        const fail = failing("rentcast");
        if (fail) return fail;
        if (apiKey !== PROVIDER_API_KEY) return Response.json({ status: 401, error: "auth/api-key-invalid" }, { status: 401 });
        if (one) {
          const m = /^(-?[\d.]+),(-?[\d.]+),(\d+),(\d+)$/.exec(decodeURIComponent(one[1]!));
          if (!m) return Response.json({ status: 404, error: "resource/not-found" }, { status: 404 });
          return Response.json(listing(Number(m[1]), Number(m[2]), Number(m[3]), Number(m[4]), origin));
        }
        const q = url.searchParams;
        const lat = Number(q.get("latitude"));
        const lon = Number(q.get("longitude"));
        if (!Number.isFinite(lat) || !Number.isFinite(lon) || !q.get("radius")) return Response.json({ status: 400, error: "validation" }, { status: 400 });
        const beds = q.get("bedrooms") === null ? null : Number(q.get("bedrooms"));
        if (beds === 9) return Response.json([]);
        const limit = Math.min(Number(q.get("limit") ?? 50), 4);
        return Response.json(Array.from({ length: limit }, (_, i) => listing(lat, lon, i, beds ?? (i % 2) + 1, origin)));
      }
      return new Response("not found", { status: 404 });
    },
  });
  const base = `http://127.0.0.1:${server.port}`;
  origin = base;
  return {
    port: server.port!,
    urls: {
      OVERPASS_API_URL: `${base}/api/interpreter`,
      WIKIPEDIA_API_URL: `${base}/api/rest_v1`,
      ROUTING_API_URL: base,
      GEOCODER_API_URL: base,
      PROPERTY_API_URL: `${base}/v1`,
      PROPERTY_API_KEY: PROVIDER_API_KEY,
      STATIC_MAP_URL: `${base}/staticmap`,
    },
    mode,
    seen,
    stop: () => void server.stop(true),
  };
}
