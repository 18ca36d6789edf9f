/**
 * Issue 24 §7, the public no-key providers on the test database (SQLite, or PostgreSQL with TEST_DB=postgres),
 * never the network: a local HTTP server (127.0.0.1, ALLOW_PRIVATE_FETCH) answers in the recorded shapes of
 * the real APIs (Open-Meteo's forecast JSON, Nominatim's search jsonv2, Overpass JSON, the ECB's
 * eurofxref-daily.xml). Checked: the answers are parsed; every request carries the identifying User-Agent;
 * a repeat view is served from the cache (the provider is not asked again); Nominatim requests leave at
 * least a second apart; a provider that cannot be reached makes each box say so ("Could not reach …").
 */
import { afterAll, beforeAll, beforeEach, describe, expect, test } from "bun:test";
import type { DB } from "../../db/index.ts";
import { couldNotReach, providerUserAgent, tileSquare } from "../../domain/employee/widgets/providers.ts";
import { clearProviderCache } from "../../services/employee/providers/public-fetch.ts";
import { nominatimProvider } from "../../services/employee/overview/providers.ts";
import { fetchPolicyOf } from "../../services/safe-fetch.ts";
import { callerFor, insertTestUser, testConfig } from "../../test/db.ts";
import { useTestDatabase } from "../../test/fixtures.ts";
import packageJson from "../../../package.json";

const t = useTestDatabase();

type Hit = { path: string; at: number; userAgent: string | null };
const hits: Hit[] = [];
let server: ReturnType<typeof Bun.serve>;
let closedPort: number;
const CONTACT = "ops@meridian.example";

/** Recorded shape of https://www.ecb.europa.eu/stats/eurofxref/eurofxref-daily.xml (a few currencies). */
const ECB_XML = `<?xml version="1.0" encoding="UTF-8"?>
<gesmes:Envelope xmlns:gesmes="http://www.gesmes.org/xml/2002-08-01" xmlns="http://www.ecb.int/vocabulary/2002-08-01/eurofxref">
	<gesmes:subject>Reference rates</gesmes:subject>
	<gesmes:Sender>
		<gesmes:name>European Central Bank</gesmes:name>
	</gesmes:Sender>
	<Cube>
		<Cube time='2026-12-04'>
			<Cube currency='USD' rate='1.0500'/>
			<Cube currency='JPY' rate='157.50'/>
			<Cube currency='GBP' rate='0.84000'/>
			<Cube currency='CHF' rate='0.9345'/>
		</Cube>
	</Cube>
</gesmes:Envelope>`;

/** Recorded shape of Open-Meteo's /v1/forecast daily answer. */
function openMeteo(q: URLSearchParams) {
  const start = new Date(`${q.get("start_date")}T00:00:00Z`).getTime();
  const end = new Date(`${q.get("end_date")}T00:00:00Z`).getTime();
  const time: string[] = [];
  for (let d = start; d <= end; d += 86_400_000) time.push(new Date(d).toISOString().slice(0, 10));
  return {
    latitude: 29.75,
    longitude: -95.375,
    generationtime_ms: 0.05,
    utc_offset_seconds: -21600,
    timezone: "America/Chicago",
    timezone_abbreviation: "CST",
    elevation: 15,
    daily_units: { time: "iso8601", weather_code: "wmo code", temperature_2m_max: "°C", temperature_2m_min: "°C", precipitation_probability_max: "%" },
    daily: {
      time,
      weather_code: time.map(() => 61),
      temperature_2m_max: time.map(() => 19.4),
      temperature_2m_min: time.map(() => 11.2),
      precipitation_probability_max: time.map(() => 70),
    },
  };
}

/** Recorded shape of Nominatim's /search?format=jsonv2. */
const NOMINATIM = [
  {
    place_id: 305948413,
    licence: "Data © OpenStreetMap contributors, ODbL 1.0. http://osm.org/copyright",
    osm_type: "way",
    osm_id: 24397435,
    lat: "29.7589382",
    lon: "-95.3676974",
    category: "building",
    type: "commercial",
    place_rank: 30,
    importance: 0.31,
    addresstype: "building",
    name: "Houston Center",
    display_name: "Houston Center, 1200, McKinney Street, Downtown, Houston, Harris County, Texas, 77010, United States",
    boundingbox: ["29.7584", "29.7594", "-95.3683", "-95.3670"],
  },
];

/** Recorded shape of an Overpass [out:json] answer. */
const OVERPASS = {
  version: 0.6,
  generator: "Overpass API 0.7.62.1 084b4234",
  osm3s: { timestamp_osm_base: "2026-12-04T10:00:00Z", copyright: "The data included in this document is from www.openstreetmap.org. The data is made available under ODbL." },
  elements: [
    { type: "node", id: 151395346, lat: 52.5314, lon: 13.3836, tags: { name: "Mitte-Nord", place: "suburb" } },
    { type: "node", id: 151395347, lat: 52.5102, lon: 13.3954, tags: { name: "Friedrichswerder", place: "quarter" } },
  ],
};

/** A 1 × 1 PNG: the shape of a map tile answer. */
const PNG = Uint8Array.from(atob("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg=="), (c) => c.charCodeAt(0));

beforeAll(() => {
  server = Bun.serve({
    port: 0,
    hostname: "127.0.0.1",
    async fetch(req) {
      const url = new URL(req.url);
      hits.push({ path: url.pathname, at: performance.now(), userAgent: req.headers.get("user-agent") });
      if (url.pathname === "/v1/forecast") return Response.json(openMeteo(url.searchParams));
      if (url.pathname === "/search") return Response.json(NOMINATIM);
      if (url.pathname === "/api/interpreter" && req.method === "POST") {
        const data = new URLSearchParams(await req.text()).get("data") ?? "";
        return Response.json(data.includes('"place"') ? OVERPASS : { ...OVERPASS, elements: [] });
      }
      if (url.pathname.startsWith("/tiles/")) return new Response(PNG, { headers: { "content-type": "image/png" } });
      if (url.pathname === "/eurofxref-daily.xml") return new Response(ECB_XML, { headers: { "content-type": "text/xml" } });
      return new Response("not found", { status: 404 });
    },
  });
  const closed = Bun.serve({ port: 0, hostname: "127.0.0.1", fetch: () => new Response("") });
  closedPort = closed.port!;
  closed.stop(true);
});
afterAll(() => server.stop(true));
beforeEach(() => {
  clearProviderCache();
  hits.length = 0;
});

const base = () => `http://127.0.0.1:${server.port}`;
const providers = (at: string) =>
  testConfig({
    PROVIDER_CONTACT: CONTACT,
    WEATHER_API_URL: `${at}/v1/forecast`,
    GEOCODER_API_URL: at,
    OVERPASS_API_URL: `${at}/api/interpreter`,
    ECB_RATES_URL: `${at}/eurofxref-daily.xml`,
    SOCIAL_API_URL: at,
    MAP_TILES_URL: `${at}/tiles/{z}/{x}/{y}.png`,
  });
const hitsOf = (path: string) => hits.filter((h) => h.path === path);

let seq = 0;
/** An employee of acme with an open move to a planted city (Berlin's coordinates). */
async function employee(db: DB) {
  const email = `providers-${Date.now()}-${++seq}@acme.test`;
  const userId = await insertTestUser(db, { email, group: "acme" });
  const city = await db.insertInto("cities").values({ country_code: "DE", state_code: "BE", name: `Berlin P${seq}`, latitude: "52.52437", longitude: "13.41053" }).returning("id").executeTakeFirstOrThrow();
  const model = await db.selectFrom("moves").selectAll().orderBy("id").limit(1).executeTakeFirstOrThrow();
  const now = new Date().toISOString();
  await db
    .insertInto("moves")
    .values({ group_id: model.group_id, employee_user_id: userId, policy_id: model.policy_id, policy_version_id: model.policy_version_id, status: "open", created_at: now, updated_at: now, destination_country_code: "DE", destination_city_id: city.id, destination_city_name: `Berlin P${seq}` })
    .execute();
  return email;
}

describe("public providers (issue 24 §7)", () => {
  test("defaults: a fresh install asks the public no-key services; \"off\" turns one off", async () => {
    const { readConfig } = await import("../../config.ts");
    const c = readConfig({});
    expect(c.weatherApiUrl).toBe("https://api.open-meteo.com/v1/forecast");
    expect(c.overview.overpassUrl).toBe("https://overpass-api.de/api/interpreter");
    expect(c.overview.geocoderUrl).toBe("https://nominatim.openstreetmap.org");
    expect(c.ecbRatesUrl).toBe("https://www.ecb.europa.eu/stats/eurofxref/eurofxref-daily.xml");
    expect(c.socialApiUrl).toBe("https://mastodon.social");
    expect(c.overview.tilesUrl).toBe("https://tile.openstreetmap.org/{z}/{x}/{y}.png");
    expect(c.providerUserAgent).toBe(`Meridian/${packageJson.version} (contact not configured)`);
    expect(readConfig({ PUBLIC_URL: "https://relocation.example.com" }).providerUserAgent).toBe(`Meridian/${packageJson.version} (https://relocation.example.com)`);
    expect(readConfig({ WEATHER_API_URL: "off" }).weatherApiUrl).toBeNull();
    expect(() => readConfig({ ECB_RATES_URL: "ecb" })).toThrow(/ECB_RATES_URL/);
  });

  test("tile square: the 2 × 2 tiles around a point hold it near their middle", () => {
    const s = tileSquare(52.52437, 13.41053, 13);
    // Berlin Mitte at zoom 13 is at tile x 4401.16, y 2686.45: the square starts half a tile before it.
    expect(s.tiles.map((t) => [t.x, t.y])).toEqual([[4400, 2685], [4401, 2685], [4400, 2686], [4401, 2686]]);
    expect(s.marker).toEqual({ leftPct: 58.2, topPct: 72.26 });
    for (const v of [s.marker.leftPct, s.marker.topPct]) {
      expect(v).toBeGreaterThanOrEqual(25);
      expect(v).toBeLessThanOrEqual(75);
    }
  });

  test("Open-Meteo: parsed, identified, and a repeat view served from the cache", async () => {
    const caller = await callerFor(t.db, await employee(t.db), { config: providers(base()) });
    const first = await caller.widgets.weather({});
    expect(first).toMatchObject({ success: true, status: "OK", temperatureUnit: "°C" });
    expect(first.weather).toHaveLength(7);
    expect(first.weather[0]).toMatchObject({ code: 61, temperatureMax: 19.4, temperatureMin: 11.2, precipitationProbability: 70 });
    const again = await caller.widgets.weather({});
    expect(again.weather).toEqual(first.weather);
    expect(hitsOf("/v1/forecast")).toHaveLength(1);
    expect(hitsOf("/v1/forecast")[0]!.userAgent).toBe(providerUserAgent(packageJson.version, CONTACT));
    expect(providerUserAgent(packageJson.version, CONTACT)).toBe(`Meridian/${packageJson.version} (${CONTACT})`);
  });

  test("Overpass: the neighbourhoods parsed; the second view asks nobody", async () => {
    const caller = await callerFor(t.db, await employee(t.db), { config: providers(base()) });
    const first = await caller.overview.prepare();
    expect(first.status).toBe("OK");
    expect(first.neighbourhoods.map((n) => n.title).sort()).toEqual(["Friedrichswerder", "Mitte-Nord"]);
    const second = await caller.overview.prepare();
    expect(second.neighbourhoods.map((n) => n.id)).toEqual(first.neighbourhoods.map((n) => n.id));
    expect(hitsOf("/api/interpreter")).toHaveLength(1);
    expect(hitsOf("/api/interpreter")[0]!.userAgent).toContain(CONTACT);
    // The no-key map: four OpenStreetMap tiles around the destination, inline, with the attribution; cached too.
    const square = tileSquare(52.52437, 13.41053);
    expect(first.mapTiles!.tiles).toHaveLength(4);
    expect(first.mapTiles!.tiles[0]!.src).toBe(`data:image/png;base64,${Buffer.from(PNG).toString("base64")}`);
    expect(first.mapTiles!.attribution).toBe("© OpenStreetMap contributors");
    expect(first.mapTiles!.marker).toEqual(square.marker);
    const tileHits = hits.filter((h) => h.path.startsWith("/tiles/")).map((h) => h.path).sort();
    expect(tileHits).toEqual(square.tiles.map((t) => `/tiles/13/${t.x}/${t.y}.png`).sort());
    expect(second.mapTiles!.tiles).toHaveLength(4);
  });

  test("Nominatim: the office address parsed; requests at most one a second, a repeated one from the cache", async () => {
    const caller = await callerFor(t.db, await employee(t.db), { config: providers(base()) });
    const saved = await caller.overview.storeEmployeeOfficePreference({ address: "1200 McKinney Street, Houston" });
    expect(saved).toMatchObject({ success: true, office: { label: NOMINATIM[0]!.display_name, lat: 29.7589382, long: -95.3676974 } });
    // Three different searches at once leave one by one, a second apart.
    const geocoder = nominatimProvider(base(), fetchPolicyOf(providers(base())));
    const found = await Promise.all(["Alexanderplatz 1, Berlin", "Unter den Linden 77, Berlin", "Potsdamer Platz 1, Berlin"].map((q) => geocoder.search(q)));
    for (const f of found) expect(f[0]!.label).toBe(NOMINATIM[0]!.display_name);
    const times = hitsOf("/search").map((h) => h.at);
    expect(times).toHaveLength(4);
    for (let i = 1; i < times.length; i++) expect(times[i]! - times[i - 1]!).toBeGreaterThanOrEqual(950);
    await geocoder.search("Alexanderplatz 1, Berlin");
    expect(hitsOf("/search")).toHaveLength(4);
  }, 20_000);

  test("the ECB's reference rates in the currency box, crossed through USD; cached", async () => {
    const caller = await callerFor(t.db, await employee(t.db), { config: providers(base()) });
    const view = await caller.widgets.currency({ selectedCurrency: "EUR", selectedCurrencies: ["USD", "JPY", "GBP"] });
    expect(view.ratesSource).toBe("European Central Bank reference rates of 2026-12-04");
    expect(view.ratesMessage).toBe("");
    expect(view.displayedCurrencies.map((c) => [c.code, c.rate])).toEqual([
      ["USD", "1.0500"],
      ["JPY", "157.5000"],
      ["GBP", "0.8400"],
    ]);
    await caller.widgets.currency({});
    expect(hitsOf("/eurofxref-daily.xml")).toHaveLength(1);
  });

  test("a provider that cannot be reached: each box says it could not reach it (not \"not configured\")", async () => {
    const caller = await callerFor(t.db, await employee(t.db), { config: providers(`http://127.0.0.1:${closedPort}`) });
    expect(await caller.widgets.weather({})).toMatchObject({ success: false, status: "UNAVAILABLE", message: "Could not reach Open-Meteo.", weather: [] });
    expect(await caller.overview.prepare()).toMatchObject({
      status: "UNAVAILABLE",
      message: couldNotReach("overpass"),
      neighbourhoods: [],
      mapTiles: null,
      mapMessage: "Could not reach OpenStreetMap's map tiles.",
    });
    expect(await caller.overview.storeEmployeeOfficePreference({ address: "Alexanderplatz 1" })).toMatchObject({ success: false, message: couldNotReach("nominatim") });
    const currency = await caller.widgets.currency({});
    expect(currency.ratesMessage).toBe("Could not reach the European Central Bank.");
    expect(currency.ratesSource).toBe("Stored exchange rates");
    expect(currency.availableCurrencies.length).toBeGreaterThan(10);
    expect(await caller.social.link({ handle: "someone@social.example" })).toMatchObject({ success: true });
    expect(await caller.social.connections()).toMatchObject({ success: false, status: "UNAVAILABLE", message: "Could not reach Mastodon.", connections: [] });
  }, 30_000);
});
