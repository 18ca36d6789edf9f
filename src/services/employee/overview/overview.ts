/**
 * The employee's overview page (issue 14; spec refs in src/domain/employee/widgets/overview.ts): one service function
 * per call, shared by the tRPC router `overview` (src/routers/employee/overview.ts) and the documented paths
 * (src/routers/employee/legacy/overview.ts).
 *
 * Access: an EMPLOYEE, about the destination city of their own newest move that is not a draft or cancelled;
 * other roles are refused (FORBIDDEN). Favourites and the office preference are the caller's own rows.
 * Reads never write: the neighbourhood cache is filled by `prepare` (a mutation, POST), upserting by
 * (provider, external_id) so ids are stable and parallel calls make one row each.
 */
import type { Config } from "../../../config.ts";
import type { DB } from "../../../db/index.ts";
import { AppError } from "../../../domain/errors.ts";
import {
  apartmentTypes,
  distanceKm,
  kmToMiles,
  inPriceRange,
  OVERVIEW_LIMITS,
  overviewMessages,
  staticMapUrl,
  type LatLong,
  type TAboutResponse,
  type TAmenitiesResponse,
  type TClickRequest,
  type TCommuteResponse,
  type TGetPropertyRequest,
  type TGetPropertyResponse,
  type TNeighbourhood,
  type TNeighbourhoodRequest,
  type TOverviewPrepareResponse,
  type TSearchPropertyRequest,
  type TSearchPropertyResponse,
  type TServiceVisitRequest,
  type TStoreFavouriteRequest,
  type TStoreOfficeRequest,
  type TStoreOfficeResponse,
} from "../../../domain/employee/widgets/overview.ts";
import type { SessionUser } from "../../identity/auth.ts";
import {
  nominatimProvider,
  osrmProvider,
  overpassProvider,
  ProviderError,
  rentcastProvider,
  wikipediaProvider,
  type AboutProvider,
  type GeocoderProvider,
  type NeighbourhoodProvider,
  type PropertyProvider,
  type RoutingProvider,
} from "./providers.ts";
import { fetchPolicyOf } from "../../safe-fetch.ts";
import { couldNotReach, tileSquare, tileUrl } from "../../../domain/employee/widgets/providers.ts";
import { providerFetch, ProviderUnreachableError } from "../providers/public-fetch.ts";

type OverviewConfig = Pick<Config, "overview" | "allowPrivateFetch"> & { providerUserAgent?: string };

// ── Providers, one per configured URL ────────────────────────────────────────────────────────────

const cache = new Map<string, unknown>();
function memo<T>(key: string, make: () => T): T {
  let p = cache.get(key) as T | undefined;
  if (p === undefined) cache.set(key, (p = make()));
  return p;
}
const neighbourhoodProvider = (c: OverviewConfig): NeighbourhoodProvider | null => (c.overview.overpassUrl ? memo(`overpass ${c.overview.overpassUrl} ${c.allowPrivateFetch}`, () => overpassProvider(c.overview.overpassUrl!, fetchPolicyOf(c))) : null);
const aboutProvider = (c: OverviewConfig): AboutProvider | null => (c.overview.wikipediaUrl ? memo(`wikipedia ${c.overview.wikipediaUrl} ${c.allowPrivateFetch}`, () => wikipediaProvider(c.overview.wikipediaUrl!, fetchPolicyOf(c))) : null);
const routingProvider = (c: OverviewConfig): RoutingProvider | null => (c.overview.routingUrl ? memo(`osrm ${c.overview.routingUrl} ${c.allowPrivateFetch}`, () => osrmProvider(c.overview.routingUrl!, fetchPolicyOf(c))) : null);
const geocoderProvider = (c: OverviewConfig): GeocoderProvider | null => (c.overview.geocoderUrl ? memo(`nominatim ${c.overview.geocoderUrl} ${c.allowPrivateFetch}`, () => nominatimProvider(c.overview.geocoderUrl!, fetchPolicyOf(c))) : null);
const propertyProvider = (c: OverviewConfig): PropertyProvider | null =>
  c.overview.propertyUrl ? memo(`rentcast ${c.overview.propertyUrl} ${c.overview.propertyApiKey ?? ""} ${c.allowPrivateFetch}`, () => rentcastProvider(c.overview.propertyUrl!, c.overview.propertyApiKey, fetchPolicyOf(c))) : null;

/** A provider's failure is logged (never its answer's body) and becomes the part's plain message. */
function providerFailed(part: string, error: unknown): void {
  if (!(error instanceof ProviderError)) throw error;
  console.warn(`[overview ${part}] ${error.message}`);
}

/** The part's text: "Could not reach …" when the provider gave no answer (issue 24 §7), else the part's own. */
function failureMessage(error: unknown, otherwise: string): string {
  return error instanceof ProviderError && error.unreachable ? couldNotReach(error.unreachable) : otherwise;
}

// ── The no-key map (issue 24 §7) ─────────────────────────────────────────────────────────────────

const TILE_ATTRIBUTION = "© OpenStreetMap contributors";

/** Four OpenStreetMap tiles around the destination as data: URLs (fetched and cached by the server), or why there are none. */
async function tileMap(config: OverviewConfig, dest: LatLong) {
  const square = tileSquare(dest.latitude, dest.longitude);
  try {
    const tiles = await Promise.all(
      square.tiles.map(async (t) => {
        const answer = await providerFetch({ provider: "osmTiles", url: new URL(tileUrl(config.overview.tilesUrl!, { z: square.zoom, x: t.x, y: t.y })), policy: fetchPolicyOf(config), binary: true, headers: { accept: "image/png" } });
        const type = answer.contentType?.split(";")[0]?.trim() ?? "";
        if (answer.status !== 200 || !answer.bytes || !/^image\/(png|jpeg|webp)$/.test(type)) throw new ProviderError(`map tiles answered ${answer.status} ${type}`);
        return { src: `data:${type};base64,${Buffer.from(answer.bytes).toString("base64")}`, leftPct: t.leftPct, topPct: t.topPct };
      }),
    );
    return { mapUrl: null, mapMessage: "", mapTiles: { tiles, marker: square.marker, attribution: TILE_ATTRIBUTION } };
  } catch (error) {
    if (error instanceof ProviderUnreachableError) {
      console.warn(`[overview map] ${error.message}`);
      return { mapUrl: null, mapMessage: couldNotReach("osmTiles"), mapTiles: null };
    }
    providerFailed("map", error);
    return { mapUrl: null, mapMessage: overviewMessages.unavailable.map, mapTiles: null };
  }
}

// ── Access ───────────────────────────────────────────────────────────────────────────────────────

type Destination = LatLong & { name: string };

function requireEmployee(user: SessionUser): void {
  if (user.role !== "EMPLOYEE") throw new AppError("FORBIDDEN", overviewMessages.forbidden);
}

/** The destination city of the employee's own newest live move, or null. */
async function destinationOf(db: DB, user: SessionUser): Promise<Destination | null> {
  requireEmployee(user);
  const row = await db
    .selectFrom("moves as m")
    .innerJoin("cities as c", "c.id", "m.destination_city_id")
    .select(["c.name", "c.country_code", "c.latitude", "c.longitude"])
    .where("m.employee_user_id", "=", user.id)
    .where("m.status", "not in", ["draft", "cancelled"])
    .orderBy("m.id", "desc")
    .limit(1)
    .executeTakeFirst();
  const latitude = row?.latitude == null ? NaN : Number(row.latitude);
  const longitude = row?.longitude == null ? NaN : Number(row.longitude);
  if (!row || !Number.isFinite(latitude) || !Number.isFinite(longitude)) return null;
  return { name: `${row.name}, ${row.country_code}`, latitude, longitude };
}

/** Neighbourhoods are kept within this distance of the destination. */
const NEIGHBOURHOOD_RADIUS_KM = OVERVIEW_LIMITS.defaultRadiusKm;

/** A cached neighbourhood near the caller's destination, or NOT_FOUND (a neighbourhood elsewhere is not theirs to use). */
async function neighbourhoodNear(db: DB, dest: Destination, id: number) {
  const row = await db.selectFrom("neighbourhoods").select(["id", "title", "latitude", "longitude", "price_level"]).where("id", "=", id).executeTakeFirst();
  if (!row) throw new AppError("NOT_FOUND", overviewMessages.neighbourhoodNotFound);
  const at = { latitude: Number(row.latitude), longitude: Number(row.longitude) };
  if (distanceKm(dest, at) > NEIGHBOURHOOD_RADIUS_KM + 1) throw new AppError("NOT_FOUND", overviewMessages.neighbourhoodNotFound);
  return { id: row.id, title: row.title, ...at };
}

async function officeOf(db: DB, userId: number) {
  const row = await db.selectFrom("office_preferences").select(["address", "label", "latitude", "longitude"]).where("user_id", "=", userId).executeTakeFirst();
  return row ? { address: row.address, label: row.label, lat: Number(row.latitude), long: Number(row.longitude) } : null;
}

// ── prepare: the neighbourhood list (a write: fills the cache) ───────────────────────────────────

export async function prepareOverview(db: DB, config: OverviewConfig, user: SessionUser, now = new Date()): Promise<TOverviewPrepareResponse> {
  const dest = await destinationOf(db, user);
  const base = { radiusKm: NEIGHBOURHOOD_RADIUS_KM, neighbourhoods: [] as TNeighbourhood[], mapUrl: null, mapMessage: overviewMessages.notConfigured.map };
  if (!dest) return { status: "NO_MOVE", message: overviewMessages.noMove, city: null, office: null, ...base };
  const city = { name: dest.name, lat: dest.latitude, long: dest.longitude };
  const office = await officeOf(db, user.id);
  const provider = neighbourhoodProvider(config);
  const mapFor = async (markers: LatLong[]) =>
    config.overview.staticMapUrl
      ? { mapUrl: staticMapUrl(config.overview.staticMapUrl, { center: dest, zoom: 11, width: OVERVIEW_LIMITS.staticMapMaxWidth, height: 400, markers }), mapMessage: "" }
      : config.overview.tilesUrl
        ? await tileMap(config, dest)
        : { mapUrl: null, mapMessage: overviewMessages.notConfigured.map };
  if (!provider) return { status: "NOT_CONFIGURED", message: overviewMessages.notConfigured.neighbourhoods, city, office, ...base, ...(await mapFor([])) };
  let places;
  try {
    places = await provider.neighbourhoods(dest, NEIGHBOURHOOD_RADIUS_KM * 1000);
  } catch (error) {
    providerFailed("neighbourhoods", error);
    return { status: "UNAVAILABLE", message: failureMessage(error, overviewMessages.unavailable.neighbourhoods), city, office, ...base, ...(await mapFor([])) };
  }
  const nearest = places
    .map((p) => ({ ...p, distance: distanceKm(dest, p) }))
    .filter((p) => p.distance <= NEIGHBOURHOOD_RADIUS_KM)
    .sort((a, b) => a.distance - b.distance || a.title.localeCompare(b.title))
    .slice(0, OVERVIEW_LIMITS.maxNeighbourhoods);
  const fetchedAt = now.toISOString();
  const neighbourhoods = await db.transaction().execute(async (trx) => {
    const out: TNeighbourhood[] = [];
    for (const p of nearest) {
      const row = await trx
        .insertInto("neighbourhoods")
        .values({ provider: provider.name, external_id: p.externalId, title: p.title, latitude: String(p.latitude), longitude: String(p.longitude), price_level: null, fetched_at: fetchedAt })
        .onConflict((oc) => oc.columns(["provider", "external_id"]).doUpdateSet({ title: p.title, latitude: String(p.latitude), longitude: String(p.longitude), fetched_at: fetchedAt }))
        .returning(["id", "price_level"])
        .executeTakeFirstOrThrow();
      out.push({ id: row.id, title: p.title, lat: p.latitude, long: p.longitude, priceLevel: row.price_level, favourite: false, distanceKm: Math.round(p.distance * 10) / 10 });
    }
    return out;
  });
  if (neighbourhoods.length > 0) {
    const favs = await db
      .selectFrom("neighbourhood_favourites")
      .select("neighbourhood_id")
      .where("user_id", "=", user.id)
      .where("neighbourhood_id", "in", neighbourhoods.map((n) => n.id))
      .execute();
    const set = new Set(favs.map((f) => f.neighbourhood_id));
    for (const n of neighbourhoods) n.favourite = set.has(n.id);
  }
  return { status: "OK", message: "", city, office, ...base, neighbourhoods, ...(await mapFor(neighbourhoods.slice(0, 20).map((n) => ({ latitude: n.lat, longitude: n.long })))) };
}

// ── The tabs ─────────────────────────────────────────────────────────────────────────────────────

export async function neighbourhoodAbout(db: DB, config: OverviewConfig, user: SessionUser, input: TNeighbourhoodRequest): Promise<TAboutResponse> {
  const none = { title: null, extract: null, sourceUrl: null };
  const dest = await destinationOf(db, user);
  if (!dest) return { status: "NO_MOVE", message: overviewMessages.noMove, ...none };
  const n = await neighbourhoodNear(db, dest, input.neighbourhoodId);
  const provider = aboutProvider(config);
  if (!provider) return { status: "NOT_CONFIGURED", message: overviewMessages.notConfigured.about, ...none };
  try {
    const article = await provider.summary(n.title);
    if (!article) return { status: "NOT_FOUND", message: overviewMessages.noArticle, ...none };
    return { status: "OK", message: "", title: article.title, extract: article.extract, sourceUrl: article.url };
  } catch (error) {
    providerFailed("about", error);
    return { status: "UNAVAILABLE", message: failureMessage(error, overviewMessages.unavailable.about), ...none };
  }
}

export async function neighbourhoodAmenities(db: DB, config: OverviewConfig, user: SessionUser, input: TNeighbourhoodRequest): Promise<TAmenitiesResponse> {
  const radiusM = OVERVIEW_LIMITS.amenityRadiusM;
  const dest = await destinationOf(db, user);
  if (!dest) return { status: "NO_MOVE", message: overviewMessages.noMove, radiusM, amenities: [] };
  const n = await neighbourhoodNear(db, dest, input.neighbourhoodId);
  const provider = neighbourhoodProvider(config);
  if (!provider) return { status: "NOT_CONFIGURED", message: overviewMessages.notConfigured.neighbourhoods, radiusM, amenities: [] };
  try {
    return { status: "OK", message: "", radiusM, amenities: await provider.amenities(n, radiusM) };
  } catch (error) {
    providerFailed("amenities", error);
    return { status: "UNAVAILABLE", message: failureMessage(error, overviewMessages.unavailable.amenities), radiusM, amenities: [] };
  }
}

export async function neighbourhoodCommute(db: DB, config: OverviewConfig, user: SessionUser, input: TNeighbourhoodRequest): Promise<TCommuteResponse> {
  const none = { distanceKm: null, durationMinutes: null };
  const dest = await destinationOf(db, user);
  if (!dest) return { status: "NO_MOVE", message: overviewMessages.noMove, office: null, ...none };
  const n = await neighbourhoodNear(db, dest, input.neighbourhoodId);
  const office = await officeOf(db, user.id);
  const provider = routingProvider(config);
  if (!provider) return { status: "NOT_CONFIGURED", message: overviewMessages.notConfigured.commute, office, ...none };
  if (!office) return { status: "NO_OFFICE", message: overviewMessages.noOffice, office, ...none };
  try {
    const route = await provider.route(n, { latitude: office.lat, longitude: office.long });
    if (!route) return { status: "NOT_FOUND", message: overviewMessages.noRoute, office, ...none };
    return { status: "OK", message: "", office, distanceKm: Math.round(route.distanceM / 100) / 10, durationMinutes: Math.round(route.durationS / 60) };
  } catch (error) {
    providerFailed("commute", error);
    return { status: "UNAVAILABLE", message: failureMessage(error, overviewMessages.unavailable.commute), office, ...none };
  }
}

// ── Properties ───────────────────────────────────────────────────────────────────────────────────

async function findProperties(
  db: DB,
  config: OverviewConfig,
  user: SessionUser,
  o: { neighbourhoodId?: number; bedrooms: number | null; radiusKm: number; limit: number; minPrice?: number; maxPrice?: number },
): Promise<TSearchPropertyResponse> {
  const base = { radiusKm: o.radiusKm, bedrooms: o.bedrooms, properties: [], apartmentTypes: [] };
  const dest = await destinationOf(db, user);
  if (!dest) return { success: false, status: "NO_MOVE", errorMessage: overviewMessages.noMove, ...base };
  const at = o.neighbourhoodId === undefined ? dest : await neighbourhoodNear(db, dest, o.neighbourhoodId);
  const provider = propertyProvider(config);
  if (!provider) return { success: false, status: "NOT_CONFIGURED", errorMessage: overviewMessages.notConfigured.properties, ...base };
  try {
    const found = await provider.search({ latitude: at.latitude, longitude: at.longitude, radiusMiles: kmToMiles(o.radiusKm), bedrooms: o.bedrooms, limit: o.limit });
    // The min and max price (issue 23 item 17) are applied to the provider's listings here.
    const properties = found.filter((p) => inPriceRange(p, o.minPrice, o.maxPrice));
    return { success: true, status: "OK", errorMessage: "", ...base, properties, apartmentTypes: apartmentTypes(properties) };
  } catch (error) {
    providerFailed("properties", error);
    return { success: false, status: "UNAVAILABLE", errorMessage: failureMessage(error, overviewMessages.unavailable.properties), ...base };
  }
}

/** GET /json/searchProperty: rentals around a neighbourhood (or the destination), default radius 100 km. */
export function searchProperty(db: DB, config: OverviewConfig, user: SessionUser, input: TSearchPropertyRequest): Promise<TSearchPropertyResponse> {
  return findProperties(db, config, user, {
    neighbourhoodId: input.neighbourhoodId,
    bedrooms: input.bedrooms ?? null,
    radiusKm: input.radius ?? OVERVIEW_LIMITS.defaultRadiusKm,
    limit: OVERVIEW_LIMITS.maxResults,
    ...(input.minPrice !== undefined ? { minPrice: input.minPrice } : {}),
    ...(input.maxPrice !== undefined ? { maxPrice: input.maxPrice } : {}),
  });
}

/** The sample properties tab: a few rentals within 5 km of the neighbourhood. */
export function sampleProperties(db: DB, config: OverviewConfig, user: SessionUser, input: TNeighbourhoodRequest): Promise<TSearchPropertyResponse> {
  return findProperties(db, config, user, { neighbourhoodId: input.neighbourhoodId, bedrooms: null, radiusKm: 5, limit: OVERVIEW_LIMITS.sampleProperties });
}

/** GET /json/getProperty?id: one listing of the property provider. */
export async function getProperty(db: DB, config: OverviewConfig, user: SessionUser, input: TGetPropertyRequest): Promise<TGetPropertyResponse> {
  const dest = await destinationOf(db, user);
  if (!dest) return { success: false, status: "NO_MOVE", errorMessage: overviewMessages.noMove, property: null };
  const provider = propertyProvider(config);
  if (!provider) return { success: false, status: "NOT_CONFIGURED", errorMessage: overviewMessages.notConfigured.properties, property: null };
  try {
    const property = await provider.get(input.id);
    if (!property) return { success: false, status: "NOT_FOUND", errorMessage: overviewMessages.propertyNotFound, property: null };
    return { success: true, status: "OK", errorMessage: "", property };
  } catch (error) {
    providerFailed("property", error);
    return { success: false, status: "UNAVAILABLE", errorMessage: failureMessage(error, overviewMessages.unavailable.properties), property: null };
  }
}

// ── Writes of the caller's own rows ──────────────────────────────────────────────────────────────

/** POST /json/storeNeighbourhoodFavourites: sets or clears the caller's favourite flag (idempotent: the primary key). */
export async function storeNeighbourhoodFavourite(db: DB, user: SessionUser, input: TStoreFavouriteRequest, now = new Date()) {
  const dest = await destinationOf(db, user);
  if (!dest) throw new AppError("NOT_FOUND", overviewMessages.noMove);
  const n = await neighbourhoodNear(db, dest, input.neighbourhoodId);
  if (input.favourite) {
    await db
      .insertInto("neighbourhood_favourites")
      .values({ user_id: user.id, neighbourhood_id: n.id, group_id: user.groupId ?? null, created_at: now.toISOString() })
      .onConflict((oc) => oc.columns(["user_id", "neighbourhood_id"]).doNothing())
      .execute();
  } else {
    await db.deleteFrom("neighbourhood_favourites").where("user_id", "=", user.id).where("neighbourhood_id", "=", n.id).execute();
  }
  return { success: true, neighbourhoodId: n.id, favourite: input.favourite };
}

/** POST /json/storeEmployeeOfficePreference: geocodes the address and keeps the first place found as the caller's office. */
export async function storeOfficePreference(db: DB, config: OverviewConfig, user: SessionUser, input: TStoreOfficeRequest, now = new Date()): Promise<TStoreOfficeResponse> {
  requireEmployee(user);
  const provider = geocoderProvider(config);
  if (!provider) return { success: false, message: overviewMessages.notConfigured.geocoder, office: await officeOf(db, user.id) };
  let places;
  try {
    places = await provider.search(input.address);
  } catch (error) {
    providerFailed("geocoder", error);
    return { success: false, message: failureMessage(error, overviewMessages.unavailable.geocoder), office: await officeOf(db, user.id) };
  }
  const first = places[0];
  if (!first) throw new AppError("VALIDATION", overviewMessages.addressNotFound, { address: overviewMessages.addressNotFound });
  const row = { address: input.address, label: first.label, latitude: String(first.latitude), longitude: String(first.longitude), updated_at: now.toISOString() };
  await db
    .insertInto("office_preferences")
    .values({ user_id: user.id, group_id: user.groupId ?? null, ...row })
    .onConflict((oc) => oc.column("user_id").doUpdateSet(row))
    .execute();
  return { success: true, message: overviewMessages.saved, office: { address: row.address, label: row.label, lat: first.latitude, long: first.longitude } };
}

/** POST /json/click: a click on a property (statistics; the caller's own row). */
export async function recordPropertyClick(db: DB, user: SessionUser, input: TClickRequest, now = new Date()) {
  requireEmployee(user);
  const row = await db
    .insertInto("property_clicks")
    .values({ user_id: user.id, group_id: user.groupId ?? null, provider: input.provider, external_id: input.externalId, url: input.url ?? null, created_at: now.toISOString() })
    .returning("id")
    .executeTakeFirstOrThrow();
  return { success: true, id: row.id };
}

/** POST /statistics/serviceVisit: a visit of the signed-in user to a service or page (statistics; their own row). */
export async function recordServiceVisit(db: DB, user: SessionUser, input: TServiceVisitRequest, now = new Date()) {
  const row = await db
    .insertInto("service_visits")
    .values({ user_id: user.id, group_id: user.groupId ?? null, service: input.service, created_at: now.toISOString() })
    .returning("id")
    .executeTakeFirstOrThrow();
  return { success: true, id: row.id };
}
