/**
 * The overview page (issue 14; part 1 §2, §3, §7, §8, §9): every `overview.*` procedure and documented path
 * against a local server the test starts speaking Overpass, Wikipedia summary, OSRM, Nominatim and RentCast
 * JSON (src/test/overview-providers.ts), on the test database (SQLite, or PostgreSQL with TEST_DB=postgres):
 * the requests the providers get, the answers' shapes, not configured, the providers failing or answering
 * garbage, bad input, wrong role, another employee's data never visible, parallel writes with one effect.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, test } from "bun:test";
import { clearProviderCache } from "../../services/employee/providers/public-fetch.ts";
import type { DB } from "../../db/index.ts";
import { overviewMessages } from "../../domain/employee/widgets/overview.ts";
import { appFor, cookieFor, get, jsonOf, postForm } from "../../test/app.ts";
import { callerFor, insertTestUser, testConfig } from "../../test/db.ts";
import { expectInputError, expectLegacyFailure, expectTrpcError } from "../../test/errors.ts";
import { DEMO, useTestDatabase } from "../../test/fixtures.ts";
import { startFakeProviders, type FakeProviders } from "../../test/overview-providers.ts";
import { expectAllSucceed, race } from "../../test/race.ts";

const t = useTestDatabase({ poolSize: 12 });
/** Each test sees its provider answer as configured now, not a cached one (issue 24 §7: answers are cached). */
beforeEach(() => clearProviderCache());
let fake: FakeProviders;

beforeAll(() => {
  fake = startFakeProviders();
});
afterAll(() => fake.stop());

const configured = () => testConfig(fake.urls);
const resetModes = () => {
  for (const k of Object.keys(fake.mode) as (keyof FakeProviders["mode"])[]) fake.mode[k] = "ok";
};

let seq = 0;
/** An employee of `group` with an open move to a planted city (Berlin's coordinates unless given). */
async function employeeWithMove(db: DB, o: { group?: string; at?: [number, number]; withMove?: boolean } = {}) {
  const group = o.group ?? "acme";
  const email = `overview-${Date.now()}-${++seq}@${group}.test`;
  const userId = await insertTestUser(db, { email, group });
  if (o.withMove === false) return { email, userId };
  const [lat, lon] = o.at ?? [52.52437, 13.41053];
  const city = await db.insertInto("cities").values({ country_code: "DE", state_code: "BE", name: `Testcity ${seq}`, latitude: String(lat), longitude: String(lon) }).returning("id").executeTakeFirstOrThrow();
  const groupId = (await db.selectFrom("groups").select("id").where("name", "=", group).executeTakeFirstOrThrow()).id;
  const model = await db.selectFrom("moves").selectAll().where("group_id", "=", groupId).orderBy("id").limit(1).executeTakeFirstOrThrow();
  const now = new Date().toISOString();
  await db
    .insertInto("moves")
    .values({ group_id: groupId, employee_user_id: userId, policy_id: model.policy_id, policy_version_id: model.policy_version_id, status: "open", created_at: now, updated_at: now, destination_country_code: "DE", destination_city_id: city.id, destination_city_name: `Testcity ${seq}` })
    .execute();
  return { email, userId, city: `Testcity ${seq}, DE` };
}

async function employeeCaller(o: Parameters<typeof employeeWithMove>[1] = {}, config = configured()) {
  const u = await employeeWithMove(t.db, o);
  return { ...u, caller: await callerFor(t.db, u.email, { config }) };
}

const countWhere = async (table: "neighbourhood_favourites" | "office_preferences" | "property_clicks" | "service_visits", userId: number) =>
  Number((await t.db.selectFrom(table).select((eb) => eb.fn.countAll().as("n")).where("user_id", "=", userId).executeTakeFirstOrThrow()).n);

describe("overview.prepare: the neighbourhoods near the destination", () => {
  test("Overpass is asked for suburb/neighbourhood/quarter nodes within 100 km; the far and unnamed ones are left out; ids are stable", async () => {
    resetModes();
    const { caller, city } = await employeeCaller();
    const view = await caller.overview.prepare();
    const q = fake.seen.filter((s) => s.api === "overpass").at(-1)!.body!;
    expect(q).toStartWith("[out:json]");
    expect(q).toContain("around:100000,52.524370,13.410530");
    expect(q).toContain('"place"~"^(suburb|neighbourhood|quarter)$"');
    expect(view).toMatchObject({ status: "OK", message: "", city: { name: city, lat: 52.52437, long: 13.41053 }, radiusKm: 100, office: null });
    expect(view.neighbourhoods.map((n) => n.title)).toEqual(["Mitte", "Kreuzberg", "Prenzlauer Berg"]);
    expect(view.neighbourhoods.every((n) => n.favourite === false && n.priceLevel === null)).toBe(true);
    expect(view.neighbourhoods[0]!.lat).toBeCloseTo(52.53437, 6);
    expect(view.neighbourhoods[0]!.long).toBeCloseTo(13.42053, 6);
    expect(view.neighbourhoods[0]!.distanceKm).toBe(1.3);
    const map = new URL(view.mapUrl!);
    expect(map.origin + map.pathname).toBe(fake.urls.STATIC_MAP_URL);
    expect(map.searchParams.get("size")).toBe("640x400");
    expect(map.searchParams.get("markers")!.split("|")).toHaveLength(3);

    const again = await caller.overview.prepare();
    expect(again.neighbourhoods.map((n) => n.id)).toEqual(view.neighbourhoods.map((n) => n.id));
  });

  test("parallel prepares make one cached row per neighbourhood", async () => {
    resetModes();
    const { caller } = await employeeCaller({ at: [40.1, -75.2] });
    const results = await race(6, () => caller.overview.prepare());
    await expectAllSucceed(results);
    const ids = results.map((r) => (r.status === "fulfilled" ? r.value.neighbourhoods.map((n) => n.id).join() : ""));
    expect(new Set(ids).size).toBe(1);
    const rows = await t.db.selectFrom("neighbourhoods").select("id").where("latitude", "like", "40.%").execute();
    expect(rows.length).toBe(3);
  });

  test("not configured, provider failing or answering garbage: a plain message, no neighbourhoods; no map configured", async () => {
    const { caller: unconfigured } = await employeeCaller({}, testConfig());
    expect(await unconfigured.overview.prepare()).toMatchObject({ status: "NOT_CONFIGURED", message: overviewMessages.notConfigured.neighbourhoods, neighbourhoods: [], mapUrl: null, mapMessage: overviewMessages.notConfigured.map });
    const { caller } = await employeeCaller();
    for (const m of ["error", "garbage"] as const) {
      fake.mode.overpass = m;
      expect(await caller.overview.prepare()).toMatchObject({ status: "UNAVAILABLE", message: overviewMessages.unavailable.neighbourhoods, neighbourhoods: [] });
    }
    resetModes();
    const down = await callerFor(t.db, (await employeeWithMove(t.db)).email, { config: testConfig({ OVERPASS_API_URL: "http://127.0.0.1:1/api/interpreter" }) });
    expect((await down.overview.prepare()).status).toBe("UNAVAILABLE");
  });

  test("an employee without a move: NO_MOVE; other roles refused; signed out refused", async () => {
    const u = await employeeWithMove(t.db, { withMove: false });
    const none = await callerFor(t.db, u.email, { config: configured() });
    expect(await none.overview.prepare()).toMatchObject({ status: "NO_MOVE", message: overviewMessages.noMove, neighbourhoods: [], city: null });
    for (const who of [DEMO.HR, DEMO.ADMIN, DEMO.FINANCE]) {
      const c = await callerFor(t.db, who, { config: configured() });
      await expectTrpcError(c.overview.prepare(), "FORBIDDEN");
      await expectTrpcError(c.overview.searchProperty({}), "FORBIDDEN");
      await expectTrpcError(c.overview.storeNeighbourhoodFavourites({ neighbourhoodId: 1, favourite: true }), "FORBIDDEN");
    }
    await expectTrpcError((await callerFor(t.db, null, { config: configured() })).overview.prepare(), "UNAUTHORIZED");
  });
});

describe("favourites", () => {
  test("set twice is one row, seen only by its owner; cleared; a neighbourhood elsewhere is refused; parallel sets one row", async () => {
    resetModes();
    const a = await employeeCaller();
    const b = await employeeCaller(); // same group, same city
    const [n] = (await a.caller.overview.prepare()).neighbourhoods;
    expect(await a.caller.overview.storeNeighbourhoodFavourites({ neighbourhoodId: n!.id, favourite: true })).toEqual({ success: true, neighbourhoodId: n!.id, favourite: true });
    await a.caller.overview.storeNeighbourhoodFavourites({ neighbourhoodId: n!.id, favourite: true });
    expect(await countWhere("neighbourhood_favourites", a.userId)).toBe(1);
    expect((await a.caller.overview.prepare()).neighbourhoods.find((x) => x.id === n!.id)!.favourite).toBe(true);
    expect((await b.caller.overview.prepare()).neighbourhoods.every((x) => !x.favourite)).toBe(true);

    await a.caller.overview.storeNeighbourhoodFavourites({ neighbourhoodId: n!.id, favourite: false });
    expect(await countWhere("neighbourhood_favourites", a.userId)).toBe(0);

    const results = await race(8, () => b.caller.overview.storeNeighbourhoodFavourites({ neighbourhoodId: n!.id, favourite: true }));
    await expectAllSucceed(results);
    expect(await countWhere("neighbourhood_favourites", b.userId)).toBe(1);

    const far = await employeeCaller({ group: "globex", at: [-33.87, 151.21] });
    await expectTrpcError(far.caller.overview.storeNeighbourhoodFavourites({ neighbourhoodId: n!.id, favourite: true }), "NOT_FOUND", overviewMessages.neighbourhoodNotFound);
    await expectTrpcError(far.caller.overview.about({ neighbourhoodId: n!.id }), "NOT_FOUND", overviewMessages.neighbourhoodNotFound);
    await expectTrpcError(a.caller.overview.storeNeighbourhoodFavourites({ neighbourhoodId: 2_000_000_000, favourite: true }), "NOT_FOUND");
    await expectInputError(a.caller.overview.storeNeighbourhoodFavourites({ neighbourhoodId: -1, favourite: true }), "neighbourhoodId");
    const noMove = await callerFor(t.db, (await employeeWithMove(t.db, { withMove: false })).email, { config: configured() });
    await expectTrpcError(noMove.overview.storeNeighbourhoodFavourites({ neighbourhoodId: n!.id, favourite: true }), "NOT_FOUND", overviewMessages.noMove);
  });
});

describe("the tabs: about, amenities, commute, sample properties", () => {
  test("about: the Wikipedia summary with its source; no article; not configured; failing", async () => {
    resetModes();
    const { caller } = await employeeCaller();
    const ns = (await caller.overview.prepare()).neighbourhoods;
    const mitte = ns.find((n) => n.title === "Mitte")!;
    const kreuzberg = ns.find((n) => n.title === "Kreuzberg")!;
    expect(await caller.overview.about({ neighbourhoodId: mitte.id })).toEqual({ status: "OK", message: "", title: "Mitte", extract: "Mitte is a neighbourhood described by the test encyclopedia.", sourceUrl: "https://en.wikipedia.org/wiki/Mitte" });
    expect(fake.seen.filter((s) => s.api === "wikipedia").at(-1)!.url.pathname).toBe("/api/rest_v1/page/summary/Mitte");
    expect(await caller.overview.about({ neighbourhoodId: kreuzberg.id })).toMatchObject({ status: "NOT_FOUND", message: overviewMessages.noArticle, extract: null });
    fake.mode.wikipedia = "garbage";
    expect(await caller.overview.about({ neighbourhoodId: mitte.id })).toMatchObject({ status: "UNAVAILABLE", message: overviewMessages.unavailable.about, extract: null });
    resetModes();
    const plain = await callerFor(t.db, (await employeeWithMove(t.db)).email, { config: testConfig({ OVERPASS_API_URL: fake.urls.OVERPASS_API_URL }) });
    expect(await plain.overview.about({ neighbourhoodId: mitte.id })).toMatchObject({ status: "NOT_CONFIGURED", message: overviewMessages.notConfigured.about });
  });

  test("amenities: counts per category within 1 km, each element once; failing", async () => {
    resetModes();
    const { caller } = await employeeCaller();
    const [n] = (await caller.overview.prepare()).neighbourhoods;
    const view = await caller.overview.amenities({ neighbourhoodId: n!.id });
    expect(fake.seen.filter((s) => s.api === "overpass").at(-1)!.body).toContain(`around:1000,${n!.lat.toFixed(6)},${n!.long.toFixed(6)}`);
    expect(view.status).toBe("OK");
    expect(Object.fromEntries(view.amenities.map((a) => [a.category, a.count]))).toEqual({ schools: 2, supermarkets: 1, pharmacies: 0, hospitals: 0, restaurants: 0, parks: 1, transport: 3 });
    fake.mode.overpass = "error";
    expect(await caller.overview.amenities({ neighbourhoodId: n!.id })).toMatchObject({ status: "UNAVAILABLE", amenities: [] });
    resetModes();
  });

  test("commute: asks for the office first; OSRM's distance and time; office stored per user (one row); failing", async () => {
    resetModes();
    const { caller, userId } = await employeeCaller();
    const [n] = (await caller.overview.prepare()).neighbourhoods;
    expect(await caller.overview.commute({ neighbourhoodId: n!.id })).toMatchObject({ status: "NO_OFFICE", message: overviewMessages.noOffice, office: null, distanceKm: null });

    const saved = await caller.overview.storeEmployeeOfficePreference({ address: "Alexanderplatz 1" });
    expect(saved).toEqual({ success: true, message: overviewMessages.saved, office: { address: "Alexanderplatz 1", label: "Alexanderplatz 1, Mitte, Berlin, Germany", lat: 52.5200066, long: 13.404954 } });
    const geo = fake.seen.filter((s) => s.api === "nominatim").at(-1)!.url.searchParams;
    expect([geo.get("q"), geo.get("format"), geo.get("limit")]).toEqual(["Alexanderplatz 1", "jsonv2", "5"]);
    await caller.overview.storeEmployeeOfficePreference({ address: "Alexanderplatz 2" });
    expect(await countWhere("office_preferences", userId)).toBe(1);

    const view = await caller.overview.commute({ neighbourhoodId: n!.id });
    const osrm = fake.seen.filter((s) => s.api === "osrm").at(-1)!.url;
    expect(osrm.pathname).toBe(`/route/v1/driving/${n!.long.toFixed(6)},${n!.lat.toFixed(6)};13.404954,52.520007`);
    expect(osrm.searchParams.get("overview")).toBe("false");
    expect(view.status).toBe("OK");
    expect(view.office!.address).toBe("Alexanderplatz 2");
    expect(view.distanceKm!).toBeGreaterThan(1);
    expect(view.durationMinutes!).toBe(Math.round((view.distanceKm! * 1000) / 10 / 60));

    fake.mode.osrm = "error";
    expect(await caller.overview.commute({ neighbourhoodId: n!.id })).toMatchObject({ status: "UNAVAILABLE", distanceKm: null });
    resetModes();
    const other = await employeeCaller();
    const ns = (await other.caller.overview.prepare()).neighbourhoods;
    // Another employee of the same group never sees this office.
    expect((await other.caller.overview.commute({ neighbourhoodId: ns[0]!.id })).office).toBeNull();
    expect((await other.caller.overview.prepare()).office).toBeNull();
  });

  test("office: no place found is refused; not configured and failing say so and keep the stored office; parallel saves one row", async () => {
    resetModes();
    const { caller, userId } = await employeeCaller();
    await expectTrpcError(caller.overview.storeEmployeeOfficePreference({ address: "nowhere at all" }), "BAD_REQUEST", overviewMessages.addressNotFound);
    await expectInputError(caller.overview.storeEmployeeOfficePreference({ address: "x" }), "address");
    fake.mode.nominatim = "error";
    expect(await caller.overview.storeEmployeeOfficePreference({ address: "Alexanderplatz 1" })).toEqual({ success: false, message: overviewMessages.unavailable.geocoder, office: null });
    resetModes();
    const results = await race(6, (i) => caller.overview.storeEmployeeOfficePreference({ address: `Alexanderplatz ${i}` }));
    await expectAllSucceed(results);
    expect(await countWhere("office_preferences", userId)).toBe(1);
    const plain = await callerFor(t.db, (await employeeWithMove(t.db)).email, { config: testConfig() });
    expect(await plain.overview.storeEmployeeOfficePreference({ address: "Alexanderplatz 1" })).toEqual({ success: false, message: overviewMessages.notConfigured.geocoder, office: null });
  });

  test("sample properties: a few rentals within 5 km (3.11 miles) of the neighbourhood", async () => {
    resetModes();
    const { caller } = await employeeCaller();
    const [n] = (await caller.overview.prepare()).neighbourhoods;
    const view = await caller.overview.sampleProperties({ neighbourhoodId: n!.id });
    const q = fake.seen.filter((s) => s.api === "rentcast").at(-1)!.url.searchParams;
    expect([q.get("latitude"), q.get("longitude"), q.get("radius"), q.get("limit"), q.get("status")]).toEqual([String(n!.lat), String(n!.long), "3.11", "6", "Active"]);
    expect(view).toMatchObject({ success: true, status: "OK", radiusKm: 5 });
    expect(view.properties).toHaveLength(4);
  });
});

describe("property search and a property", () => {
  test("default radius 100 km sent as 62.14 miles with the API key; Property fields; apartment types from the results", async () => {
    resetModes();
    const { caller } = await employeeCaller();
    const view = await caller.overview.searchProperty({});
    const s = fake.seen.filter((x) => x.api === "rentcast").at(-1)!;
    expect(s.apiKey).toBe("test-key");
    expect(s.url.pathname).toBe("/v1/listings/rental/long-term");
    expect([s.url.searchParams.get("radius"), s.url.searchParams.get("bedrooms"), s.url.searchParams.get("limit"), s.url.searchParams.get("latitude")]).toEqual(["62.14", null, "50", "52.52437"]);
    expect(view).toMatchObject({ success: true, status: "OK", errorMessage: "", radiusKm: 100, bedrooms: null });
    expect(view.properties[0]).toEqual({
      externalId: "52.52437,13.41053,0,1",
      provider: "rentcast",
      title: "1 Test Street With A Rather Long Name",
      overview: "Apartment, 1 bedroom, 1 bathroom, 700 sq ft, listed 2026-11-01.",
      price: { amount: 160000, currency: "USD" },
      address: "1 Test Street, Springfield, IL 62701",
      beds: 1,
      images: [],
      url: null,
      lat: 52.52437,
      long: 13.41053,
    });
    // Prices 1600 (1 bed, i=0), 1950 (2 beds, i=1), 2100 (1 bed, i=2), 2450 (2 beds, i=3).
    expect(view.apartmentTypes).toEqual([
      { numberOfBedrooms: 1, currency: "USD", currencySymbol: "$", amountMinRange: 160000, amountMaxRange: 210000 },
      { numberOfBedrooms: 2, currency: "USD", currencySymbol: "$", amountMinRange: 195000, amountMaxRange: 245000 },
    ]);

    const two = await caller.overview.searchProperty({ bedrooms: 2, radius: 10 });
    expect(fake.seen.at(-1)!.url.searchParams.get("radius")).toBe("6.21");
    expect(two.properties.every((p) => p.beds === 2)).toBe(true);
    expect(two.apartmentTypes).toHaveLength(1);

    expect(await caller.overview.searchProperty({ bedrooms: 9 })).toMatchObject({ success: true, properties: [], apartmentTypes: [] });
  });

  test("not configured, failing, garbage, a wrong key: success false with a plain errorMessage, no properties", async () => {
    const { caller: plain } = await employeeCaller({}, testConfig());
    expect(await plain.overview.searchProperty({})).toMatchObject({ success: false, status: "NOT_CONFIGURED", errorMessage: overviewMessages.notConfigured.properties, properties: [] });
    expect(await plain.overview.getProperty({ id: "x" })).toMatchObject({ success: false, status: "NOT_CONFIGURED", property: null });
    const { caller } = await employeeCaller();
    for (const m of ["error", "garbage"] as const) {
      fake.mode.rentcast = m;
      expect(await caller.overview.searchProperty({})).toMatchObject({ success: false, status: "UNAVAILABLE", errorMessage: overviewMessages.unavailable.properties, properties: [], apartmentTypes: [] });
    }
    resetModes();
    const wrongKey = await callerFor(t.db, (await employeeWithMove(t.db)).email, { config: testConfig({ ...fake.urls, PROPERTY_API_KEY: "wrong" }) });
    expect((await wrongKey.overview.searchProperty({})).status).toBe("UNAVAILABLE");
  });

  test("bad input is refused", async () => {
    const { caller } = await employeeCaller();
    await expectInputError(caller.overview.searchProperty({ radius: 0 }), "radius");
    await expectInputError(caller.overview.searchProperty({ radius: 301 }), "radius");
    await expectInputError(caller.overview.searchProperty({ bedrooms: 1.5 }), "bedrooms");
    await expectInputError(caller.overview.getProperty({ id: "" }), "id");
    await expectInputError(caller.overview.getProperty({ id: "x".repeat(201) }), "id");
  });

  test("min and max price (issue 23 item 17): listings outside the bounds are left out; max below min is refused on both transports", async () => {
    resetModes();
    const { caller, email } = await employeeCaller();
    const all = await caller.overview.searchProperty({});
    const prices = all.properties.map((p) => p.price!.amount / 100);
    expect(prices.length).toBeGreaterThan(2);
    const [low, high] = [1900, 2200];
    const within = await caller.overview.searchProperty({ minPrice: low, maxPrice: high });
    expect(within.properties.map((p) => p.price!.amount / 100)).toEqual(prices.filter((p) => p >= low && p <= high));
    expect(within.properties.length).toBeGreaterThan(0);
    expect(within.properties.length).toBeLessThan(prices.length);
    expect(within.apartmentTypes.every((a) => a.amountMinRange >= low * 100 && a.amountMaxRange <= high * 100)).toBe(true);
    // A bound equal to a price keeps it; only a minimum, or only a maximum, works alone.
    expect((await caller.overview.searchProperty({ minPrice: prices[0], maxPrice: prices[0] })).properties.map((p) => p.price!.amount / 100)).toEqual([prices[0]!]);
    expect((await caller.overview.searchProperty({ minPrice: Math.max(...prices) + 1 })).properties).toEqual([]);
    expect((await caller.overview.searchProperty({ maxPrice: Math.min(...prices) - 1 })).properties).toEqual([]);
    expect((await caller.overview.searchProperty({ minPrice: low, maxPrice: low })).success).toBe(true);

    const refused = await expectInputError(caller.overview.searchProperty({ minPrice: 2000, maxPrice: 1000 }), "maxPrice");
    expect((refused.cause as unknown as { issues: { message: string }[] }).issues.map((i) => i.message)).toEqual([overviewMessages.priceRange]);
    await expectInputError(caller.overview.searchProperty({ minPrice: -1 }), "minPrice");
    await expectInputError(caller.overview.searchProperty({ maxPrice: 1.5 }), "maxPrice");
    await expectInputError(caller.overview.searchProperty({ maxPrice: 10_000_001 }), "maxPrice");

    const app = appFor(t.db, { config: configured() });
    const cookie = await cookieFor(t.db, email, configured());
    await expectLegacyFailure(await get(app, "/json/searchProperty?minPrice=2000&maxPrice=1000", { cookie }), 400, { message: overviewMessages.priceRange });
    const legacy = await jsonOf(await get(app, `/json/searchProperty?minPrice=${low}&maxPrice=${high}`, { cookie }));
    expect(legacy.body.properties.map((p: { price: { amount: number } }) => p.price.amount / 100)).toEqual(prices.filter((p) => p >= low && p <= high));
  });

  test("getProperty: one listing by id; unknown id NOT_FOUND", async () => {
    resetModes();
    const { caller } = await employeeCaller();
    const [p] = (await caller.overview.searchProperty({})).properties;
    const one = await caller.overview.getProperty({ id: p!.externalId });
    expect(fake.seen.at(-1)!.url.pathname).toBe(`/v1/listings/rental/long-term/${encodeURIComponent(p!.externalId)}`);
    expect(one).toEqual({ success: true, status: "OK", errorMessage: "", property: p! });
    expect(await caller.overview.getProperty({ id: "missing" })).toMatchObject({ success: false, status: "NOT_FOUND", errorMessage: overviewMessages.propertyNotFound, property: null });
  });
});

describe("statistics: clicks and service visits", () => {
  test("each call appends one row of the caller's; bad input refused; clicks are employees' only", async () => {
    const { caller, userId } = await employeeCaller();
    const r = await caller.overview.click({ externalId: "abc", provider: "rentcast", url: "https://example.test/p/abc" });
    expect(r.success).toBe(true);
    await caller.overview.click({ externalId: "abc", provider: "rentcast" });
    expect(await countWhere("property_clicks", userId)).toBe(2);
    await expectInputError(caller.overview.click({ externalId: "abc", provider: "rentcast", url: "javascript:alert(1)" }), "url");
    await expectInputError(caller.overview.click({ externalId: "", provider: "rentcast" }), "externalId");
    await caller.overview.serviceVisit({ service: "overview" });
    expect(await countWhere("service_visits", userId)).toBe(1);
    await expectInputError(caller.overview.serviceVisit({ service: "a b" }), "service");
    await expectTrpcError((await t.hrAcme()).overview.click({ externalId: "abc", provider: "rentcast" }), "FORBIDDEN");
    await expectTrpcError((await callerFor(t.db, null)).overview.serviceVisit({ service: "overview" }), "UNAUTHORIZED");
  });
});

describe("reads never write", () => {
  test("every overview query, as the employee with providers answering, leaves every overview table as it was", async () => {
    resetModes();
    const { caller } = await employeeCaller();
    const [n] = (await caller.overview.prepare()).neighbourhoods;
    await caller.overview.storeEmployeeOfficePreference({ address: "Alexanderplatz 1" });
    const tables = ["neighbourhoods", "neighbourhood_favourites", "office_preferences", "property_clicks", "service_visits"] as const;
    const snapshot = () => Promise.all(tables.map((tb) => t.db.selectFrom(tb).selectAll().execute().then((rows) => JSON.stringify(rows))));
    const before = await snapshot();
    const input = { neighbourhoodId: n!.id };
    expect((await caller.overview.about(input)).status).toBe("OK");
    expect((await caller.overview.amenities(input)).status).toBe("OK");
    expect((await caller.overview.commute(input)).status).toBe("OK");
    expect((await caller.overview.sampleProperties(input)).status).toBe("OK");
    const found = await caller.overview.searchProperty({ neighbourhoodId: n!.id, bedrooms: 1, radius: 20 });
    expect((await caller.overview.getProperty({ id: found.properties[0]!.externalId })).status).toBe("OK");
    expect(await snapshot()).toEqual(before);
  });
});

describe("documented paths", () => {
  test("GET /json/searchProperty and /json/getProperty; POST favourites, office, click, serviceVisit; 400, 401, 403", async () => {
    resetModes();
    const config = configured();
    const app = appFor(t.db, { config });
    const u = await employeeWithMove(t.db);
    const cookie = await cookieFor(t.db, u.email, config);
    const caller = await callerFor(t.db, u.email, { config });
    const [n] = (await caller.overview.prepare()).neighbourhoods;

    const search = await jsonOf(await get(app, `/json/searchProperty?neighbourhoodId=${n!.id}&bedrooms=1&radius=25`, { cookie }));
    expect(search.status).toBe(200);
    expect(search.body).toMatchObject({ success: true, errorMessage: "", radiusKm: 25, bedrooms: 1 });
    expect(fake.seen.at(-1)!.url.searchParams.get("radius")).toBe("15.53");
    expect(search.body.properties.length).toBeGreaterThan(0);
    const one = await jsonOf(await get(app, `/json/getProperty?id=${encodeURIComponent(search.body.properties[0].externalId)}`, { cookie }));
    expect(one.body).toMatchObject({ success: true, property: { externalId: search.body.properties[0].externalId } });

    const fav = await jsonOf(await postForm(app, "/json/storeNeighbourhoodFavourites", { neighbourhoodId: String(n!.id), favourite: "true" }, { cookie }));
    expect(fav).toEqual({ status: 200, body: { success: true, neighbourhoodId: n!.id, favourite: true } });
    const office = await jsonOf(await postForm(app, "/json/storeEmployeeOfficePreference", { address: "Alexanderplatz 1" }, { cookie }));
    expect(office.body).toMatchObject({ success: true, office: { label: "Alexanderplatz 1, Mitte, Berlin, Germany" } });
    expect((await jsonOf(await postForm(app, "/json/click", { externalId: "abc", provider: "rentcast", url: "https://example.test/p" }, { cookie }))).body.success).toBe(true);
    expect((await jsonOf(await postForm(app, "/statistics/serviceVisit", { service: "overview" }, { cookie }))).body.success).toBe(true);

    await expectLegacyFailure(await get(app, "/json/searchProperty?radius=0", { cookie }), 400);
    await expectLegacyFailure(await get(app, "/json/getProperty", { cookie }), 400);
    await expectLegacyFailure(await postForm(app, "/json/storeNeighbourhoodFavourites", { neighbourhoodId: "x", favourite: "true" }, { cookie }), 400);
    await expectLegacyFailure(await postForm(app, "/json/storeEmployeeOfficePreference", { address: "nowhere" }, { cookie }), 400, { message: overviewMessages.addressNotFound });
    await expectLegacyFailure(await postForm(app, "/json/click", { externalId: "abc", provider: "rentcast", url: "ftp://x" }, { cookie }), 400);
    await expectLegacyFailure(await get(app, "/json/searchProperty"), 401);
    await expectLegacyFailure(await postForm(app, "/statistics/serviceVisit", { service: "overview" }), 401);
    const hr = await cookieFor(t.db, DEMO.HR, config);
    await expectLegacyFailure(await get(app, "/json/searchProperty", { cookie: hr }), 403, { message: overviewMessages.forbidden });
    await expectLegacyFailure(await postForm(app, "/json/storeNeighbourhoodFavourites", { neighbourhoodId: String(n!.id), favourite: "true" }, { cookie: hr }), 403);
    expect((await jsonOf(await postForm(app, "/statistics/serviceVisit", { service: "hr-home" }, { cookie: hr }))).body.success).toBe(true);
  });
});
