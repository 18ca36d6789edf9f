/**
 * The public providers behind the overview, map, weather, connections and currency boxes (issue 24 §7):
 * their display names, the no-key defaults a fresh install uses, and what a box says when its provider
 * cannot be reached. Pure: the fetching, caching and rate limiting are src/services/employee/providers/public-fetch.ts.
 */

export const PROVIDERS = {
  openMeteo: { name: "Open-Meteo", defaultUrl: "https://api.open-meteo.com/v1/forecast" },
  overpass: { name: "OpenStreetMap Overpass", defaultUrl: "https://overpass-api.de/api/interpreter" },
  nominatim: { name: "OpenStreetMap Nominatim", defaultUrl: "https://nominatim.openstreetmap.org" },
  wikipedia: { name: "Wikipedia", defaultUrl: "https://en.wikipedia.org/api/rest_v1" },
  osrm: { name: "the OSRM route service", defaultUrl: "https://router.project-osrm.org" },
  mastodon: { name: "Mastodon", defaultUrl: "https://mastodon.social" },
  ecb: { name: "the European Central Bank", defaultUrl: "https://www.ecb.europa.eu/stats/eurofxref/eurofxref-daily.xml" },
  rentcast: { name: "RentCast", defaultUrl: null },
  osmTiles: { name: "OpenStreetMap's map tiles", defaultUrl: "https://tile.openstreetmap.org/{z}/{x}/{y}.png" },
} as const;
export type ProviderId = keyof typeof PROVIDERS;

/** What a box says when its provider could not be reached (no answer, a refused connection, a time-out). */
export const couldNotReach = (id: ProviderId): string => `Could not reach ${PROVIDERS[id].name}.`;

/**
 * How each provider is asked (their usage policies): answers kept `ttlMs` (a repeat view asks nobody), and
 * at least `minIntervalMs` between two requests to it from this server (Nominatim: at most one a second).
 */
export const PROVIDER_LIMITS: Record<ProviderId, { ttlMs: number; minIntervalMs: number }> = {
  openMeteo: { ttlMs: 30 * 60_000, minIntervalMs: 0 },
  overpass: { ttlMs: 24 * 3600_000, minIntervalMs: 1_000 },
  nominatim: { ttlMs: 24 * 3600_000, minIntervalMs: 1_000 },
  wikipedia: { ttlMs: 24 * 3600_000, minIntervalMs: 0 },
  osrm: { ttlMs: 24 * 3600_000, minIntervalMs: 1_000 },
  mastodon: { ttlMs: 10 * 60_000, minIntervalMs: 0 },
  ecb: { ttlMs: 6 * 3600_000, minIntervalMs: 0 },
  rentcast: { ttlMs: 60 * 60_000, minIntervalMs: 0 },
  // The tile usage policy asks for at least 7 days of caching.
  osmTiles: { ttlMs: 7 * 24 * 3600_000, minIntervalMs: 0 },
};

/** The map of a place from four 256 px map tiles (a 512 × 512 px square around it) and where the place falls, in %. */
export type TileSquare = { zoom: number; tiles: { x: number; y: number; leftPct: number; topPct: number }[]; marker: { leftPct: number; topPct: number } };

/** The 2 × 2 Web-Mercator ("slippy map") tiles around a point at `zoom`, the point inside them. */
export function tileSquare(latitude: number, longitude: number, zoom = 13): TileSquare {
  const n = 2 ** zoom;
  const lat = Math.max(-85.0511, Math.min(85.0511, latitude)) * (Math.PI / 180);
  const fx = ((longitude + 180) / 360) * n;
  const fy = ((1 - Math.log(Math.tan(lat) + 1 / Math.cos(lat)) / Math.PI) / 2) * n;
  const x0 = Math.max(0, Math.min(n - 2, Math.floor(fx - 0.5)));
  const y0 = Math.max(0, Math.min(n - 2, Math.floor(fy - 0.5)));
  const tiles = [0, 1].flatMap((dy) => [0, 1].map((dx) => ({ x: x0 + dx, y: y0 + dy, leftPct: dx * 50, topPct: dy * 50 })));
  const pct = (v: number) => Math.round(v * 10000) / 100;
  return { zoom, tiles, marker: { leftPct: pct((fx - x0) / 2), topPct: pct((fy - y0) / 2) } };
}

/** A tile URL from a template with {z}, {x} and {y}. */
export const tileUrl = (template: string, t: { z: number; x: number; y: number }) =>
  template.replaceAll("{z}", String(t.z)).replaceAll("{x}", String(t.x)).replaceAll("{y}", String(t.y));

/** The User-Agent every provider request carries: product, version and the operator's contact (Nominatim's policy asks for it). */
export function providerUserAgent(version: string, contact: string | null): string {
  return `Meridian/${version} (${contact ? contact.replace(/[\r\n()]/g, " ").trim() : "contact not configured"})`;
}

/**
 * The ECB's euro foreign exchange reference rates (eurofxref-daily.xml): `<Cube time="2026-12-04">` holding
 * `<Cube currency="USD" rate="1.0542"/>` per currency, each the units of the currency for one euro.
 */
export function parseEcbDaily(xml: string): { date: string; perEuro: Map<string, number> } | null {
  const date = /<Cube\s+time=['"](\d{4}-\d{2}-\d{2})['"]/.exec(xml)?.[1];
  if (!date) return null;
  const perEuro = new Map<string, number>([["EUR", 1]]);
  for (const m of xml.matchAll(/<Cube\s+currency=['"]([A-Z]{3})['"]\s+rate=['"]([0-9.]+)['"]\s*\/?>/g)) {
    const rate = Number(m[2]);
    if (Number.isFinite(rate) && rate > 0) perEuro.set(m[1]!, rate);
  }
  return perEuro.size > 1 ? { date, perEuro } : null;
}
