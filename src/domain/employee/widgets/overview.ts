/**
 * The employee's overview page (issue 14). Spec, part 1:
 * - §2 "Overview page: neighbourhood maps (tabs about, amenities, commute, sampleproperties), property search,
 *   social, weather and feedback boxes."
 * - §3 "Neighbourhood: id, lat, long, price level, favourite flag, title. Property: externalId, provider, title,
 *   overview, price, address, beds, images, url, lat, long. Apartment types: numberOfBedrooms, currencySymbol,
 *   amountMinRange, amountMaxRange."
 * - §7 "GET /json/getProperty, /json/searchProperty; POST /json/storeNeighbourhoodFavourites,
 *   /json/storeEmployeeOfficePreference, /json/click; POST /statistics/serviceVisit".
 * - §8 "Property search: server errorMessage or an update error; "Error! No data found" after about 5 s."
 * - §9 "Map: static width max 640; default search radius 100 km; distance unit factor 1.609344. Property popup
 *   title cut at 30 chars, overview 210, 3 images."
 *
 * Every figure comes from a provider configured by URL (src/services/employee/overview/providers.ts); a part whose
 * provider is not configured answers NOT_CONFIGURED with a plain text and no data, never invented figures.
 * Pure rules here: the radius in miles, the popup's cuts, the apartment types, the amenity categories,
 * the static map's URL and the distance between two points.
 */
import { z } from "zod";
import { minorUnitsOf, toMinor, type Money } from "../../money/money.ts";

/** §9 figures. */
export const OVERVIEW_LIMITS = {
  staticMapMaxWidth: 640,
  defaultRadiusKm: 100,
  /** Kilometres per mile: the spec's distance unit factor. */
  kmPerMile: 1.609344,
  popupTitleChars: 30,
  popupOverviewChars: 210,
  popupImages: 3,
  /** §8: "Error! No data found" after about 5 s with no results. */
  noDataAfterMs: 5_000,
  /** Amenities are counted within this distance of a neighbourhood. */
  amenityRadiusM: 1_000,
  /** The neighbourhoods listed: the nearest to the destination city within the default radius. */
  maxNeighbourhoods: 40,
  maxRadiusKm: 300,
  maxResults: 50,
  sampleProperties: 6,
  /** The property search's min and max price: whole units of the listing currency, 0 to this. */
  maxPrice: 10_000_000,
} as const;

export const overviewMessages = {
  forbidden: "The overview page is for employees.",
  noMove: "The overview appears once your move has a destination city.",
  notConfigured: {
    neighbourhoods: "Neighbourhoods are not configured on this server.",
    about: "Neighbourhood descriptions are not configured on this server.",
    commute: "Commute times are not configured on this server.",
    geocoder: "Address search is not configured on this server.",
    properties: "Property search is not configured on this server.",
    map: "No map configured.",
  },
  unavailable: {
    neighbourhoods: "The neighbourhood service did not answer. Please try again later.",
    about: "The neighbourhood description service did not answer. Please try again later.",
    amenities: "The amenities service did not answer. Please try again later.",
    commute: "The route service did not answer. Please try again later.",
    geocoder: "The address search did not answer. Please try again later.",
    properties: "The property service did not answer. Please try again later.",
    map: "The map service did not answer. Please try again later.",
  },
  noArticle: "No description found for this neighbourhood.",
  noOffice: "Enter your office address to see commute times.",
  noRoute: "No route found between this neighbourhood and your office.",
  addressNotFound: "No place found for this address.",
  /** §8, word for word. */
  noData: "Error! No data found",
  neighbourhoodNotFound: "This neighbourhood is not near your destination.",
  propertyNotFound: "This property was not found.",
  neighbourhoodId: "Choose a neighbourhood.",
  bedrooms: "Bedrooms are a whole number from 0 to 10.",
  radius: "The radius is a whole number of kilometres from 1 to 300.",
  address: "Enter an address (3 to 300 characters).",
  externalId: "The property id is 1 to 200 characters.",
  provider: "The provider is 1 to 40 letters, digits or dashes.",
  url: "The link must be an http or https address of at most 2048 characters.",
  service: "The service is 1 to 60 letters, digits, dashes, dots or underscores.",
  favourite: "Favourite is true or false.",
  price: "The price is a whole number from 0 to 10,000,000.",
  /** Part 1 §5 "Property search: Enter does not search when max is below min": the server's refusal of the same. */
  priceRange: "The maximum price must be at least the minimum price.",
  saved: "Saved.",
  visitFailed: "The visit could not be recorded.",
} as const;

// ── Pure rules ────────────────────────────────────────────────────────────────────────────────────

/**
 * Part 1 §5 "Property search: Enter does not search when max is below min": whether a search with these
 * bounds (whole units; null when not given) may run. The page's Enter and the server's schema use it.
 */
export function priceRangeAllows(min: number | null | undefined, max: number | null | undefined): boolean {
  return min == null || max == null || max >= min;
}

/** Whether a listing's monthly price is within the bounds (whole units of its currency); a listing with no price only without bounds. */
export function inPriceRange(property: { price: Money | null }, min: number | null | undefined, max: number | null | undefined): boolean {
  if (min == null && max == null) return true;
  if (!property.price) return false;
  const { amount, currency } = property.price;
  if (min != null && amount < toMinor(min, currency).amount) return false;
  if (max != null && amount > toMinor(max, currency).amount) return false;
  return true;
}

/** §9: a radius in kilometres as the property provider's miles (km / 1.609344), to 2 decimals. */
export function kmToMiles(km: number): number {
  return Math.round((km / OVERVIEW_LIMITS.kmPerMile) * 100) / 100;
}

/** §9: the text cut at `max` characters (an ellipsis marks a cut; shorter texts are unchanged). */
export function cutText(text: string, max: number): string {
  const chars = Array.from(text.trim());
  return chars.length <= max ? chars.join("") : `${chars.slice(0, max).join("").trimEnd()}…`;
}

/** §9: what the property popup shows — title cut at 30, overview at 210, at most 3 images. */
export function popupOf(p: Pick<TProperty, "title" | "overview" | "images">) {
  return {
    title: cutText(p.title, OVERVIEW_LIMITS.popupTitleChars),
    overview: p.overview === null ? null : cutText(p.overview, OVERVIEW_LIMITS.popupOverviewChars),
    images: p.images.slice(0, OVERVIEW_LIMITS.popupImages),
  };
}

/** The symbol people read for a currency ("$", "€"), from the platform's ISO 4217 data. */
export function currencySymbol(currency: string): string {
  try {
    const part = new Intl.NumberFormat("en", { style: "currency", currency, currencyDisplay: "narrowSymbol" })
      .formatToParts(0)
      .find((x) => x.type === "currency");
    return part?.value ?? currency;
  } catch {
    return currency;
  }
}

/**
 * §3 apartment types: per bedroom count, the lowest and highest price among the results (properties
 * without a price or bedroom count are left out, never guessed). Sorted by bedrooms.
 */
export function apartmentTypes(properties: readonly Pick<TProperty, "beds" | "price">[]): TApartmentType[] {
  const byBeds = new Map<string, { beds: number; currency: string; min: number; max: number }>();
  for (const p of properties) {
    if (p.beds === null || p.price === null) continue;
    const key = `${p.beds}:${p.price.currency}`;
    const seen = byBeds.get(key);
    if (!seen) byBeds.set(key, { beds: p.beds, currency: p.price.currency, min: p.price.amount, max: p.price.amount });
    else {
      seen.min = Math.min(seen.min, p.price.amount);
      seen.max = Math.max(seen.max, p.price.amount);
    }
  }
  return [...byBeds.values()]
    .sort((a, b) => a.beds - b.beds || a.currency.localeCompare(b.currency))
    .map((x) => ({
      numberOfBedrooms: x.beds,
      currency: x.currency,
      currencySymbol: currencySymbol(x.currency),
      amountMinRange: x.min,
      amountMaxRange: x.max,
    }));
}

export const AMENITY_CATEGORIES = ["schools", "supermarkets", "pharmacies", "hospitals", "restaurants", "parks", "transport"] as const;
export type TAmenityCategory = (typeof AMENITY_CATEGORIES)[number];

export const amenityLabels: Record<TAmenityCategory, string> = {
  schools: "Schools",
  supermarkets: "Supermarkets",
  pharmacies: "Pharmacies",
  hospitals: "Hospitals",
  restaurants: "Restaurants",
  parks: "Parks",
  transport: "Public transport stops",
};

/** The amenity category of an OpenStreetMap feature's tags, or null (not one we count). */
export function amenityCategoryOf(tags: Record<string, string | undefined>): TAmenityCategory | null {
  const amenity = tags.amenity;
  if (amenity === "school") return "schools";
  if (tags.shop === "supermarket") return "supermarkets";
  if (amenity === "pharmacy") return "pharmacies";
  if (amenity === "hospital") return "hospitals";
  if (amenity === "restaurant") return "restaurants";
  if (tags.leisure === "park") return "parks";
  if (tags.highway === "bus_stop" || tags.public_transport === "platform" || tags.public_transport === "stop_position") return "transport";
  if (tags.railway === "station" || tags.railway === "halt" || tags.railway === "tram_stop" || tags.railway === "subway_entrance") return "transport";
  return null;
}

/** Counts per category of the features (each OSM element once), every category listed (0 when none). */
export function countAmenities(features: readonly { key: string; tags: Record<string, string | undefined> }[]): TAmenityCount[] {
  const counts = new Map<TAmenityCategory, Set<string>>(AMENITY_CATEGORIES.map((c) => [c, new Set()]));
  for (const f of features) {
    const c = amenityCategoryOf(f.tags);
    if (c) counts.get(c)!.add(f.key);
  }
  return AMENITY_CATEGORIES.map((category) => ({ category, label: amenityLabels[category], count: counts.get(category)!.size }));
}

export type LatLong = { latitude: number; longitude: number };

/** Great-circle distance in kilometres. */
export function distanceKm(a: LatLong, b: LatLong): number {
  const rad = (d: number) => (d * Math.PI) / 180;
  const dLat = rad(b.latitude - a.latitude);
  const dLon = rad(b.longitude - a.longitude);
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(rad(a.latitude)) * Math.cos(rad(b.latitude)) * Math.sin(dLon / 2) ** 2;
  return 2 * 6371.0088 * Math.asin(Math.min(1, Math.sqrt(h)));
}

/**
 * §9: a Google-Static-Maps-format image URL (center, zoom, size=WxH with W at most 640, markers) on the
 * configured endpoint; the browser loads it.
 */
export function staticMapUrl(base: string, o: { center: LatLong; zoom: number; width: number; height: number; markers: LatLong[] }): string {
  const url = new URL(base);
  const width = Math.max(1, Math.min(Math.round(o.width), OVERVIEW_LIMITS.staticMapMaxWidth));
  const height = Math.max(1, Math.min(Math.round(o.height), OVERVIEW_LIMITS.staticMapMaxWidth));
  const at = (p: LatLong) => `${p.latitude.toFixed(5)},${p.longitude.toFixed(5)}`;
  url.searchParams.set("center", at(o.center));
  url.searchParams.set("zoom", String(Math.round(o.zoom)));
  url.searchParams.set("size", `${width}x${height}`);
  if (o.markers.length > 0) url.searchParams.set("markers", o.markers.map(at).join("|"));
  return url.toString();
}

/** A provider's price (major units) as Money, or null when the provider gave none. */
export function priceOf(value: number | null | undefined, currency: string): Money | null {
  if (value === null || value === undefined || !Number.isFinite(value) || value < 0) return null;
  minorUnitsOf(currency);
  return toMinor(value, currency);
}

// ── Schemas ───────────────────────────────────────────────────────────────────────────────────────

const blankToUndefined = (v: unknown) => (typeof v === "string" && v.trim() === "" ? undefined : v);
const ZId = z.coerce.number({ error: overviewMessages.neighbourhoodId }).int(overviewMessages.neighbourhoodId).positive(overviewMessages.neighbourhoodId).max(2_147_483_647, overviewMessages.neighbourhoodId);

export const ZPartStatus = z.enum(["OK", "NOT_CONFIGURED", "NO_MOVE", "NO_OFFICE", "NOT_FOUND", "UNAVAILABLE"]);
export type TPartStatus = z.infer<typeof ZPartStatus>;

export const ZNeighbourhood = z.object({
  id: z.number().int(),
  title: z.string(),
  lat: z.number(),
  long: z.number(),
  /** §3 price level: null while no provider gives one (never invented). */
  priceLevel: z.number().int().nullable(),
  favourite: z.boolean(),
  /** Distance from the destination city's centre. */
  distanceKm: z.number(),
});
export type TNeighbourhood = z.infer<typeof ZNeighbourhood>;

export const ZOffice = z.object({ address: z.string(), label: z.string(), lat: z.number(), long: z.number() });

export const ZOverviewPrepareResponse = z.object({
  status: ZPartStatus,
  message: z.string(),
  /** The destination city ("Berlin, DE") and its centre, or null without a move. */
  city: z.object({ name: z.string(), lat: z.number(), long: z.number() }).nullable(),
  radiusKm: z.number(),
  neighbourhoods: z.array(ZNeighbourhood),
  office: ZOffice.nullable(),
  /** The static map image (Google Static Maps format), or null: no map configured. */
  mapUrl: z.string().nullable(),
  mapMessage: z.string(),
  /**
   * Issue 24 §7, the no-key map (no STATIC_MAP_URL): four OpenStreetMap tiles (data: URLs, fetched and cached by
   * the server) placed in a square, the destination's marker and the attribution the tiles' licence asks for.
   */
  mapTiles: z
    .object({
      tiles: z.array(z.object({ src: z.string(), leftPct: z.number(), topPct: z.number() })),
      marker: z.object({ leftPct: z.number(), topPct: z.number() }),
      attribution: z.string(),
    })
    .nullable()
    .optional(),
});
export type TOverviewPrepareResponse = z.infer<typeof ZOverviewPrepareResponse>;

export const ZNeighbourhoodRequest = z.object({ neighbourhoodId: ZId });
export type TNeighbourhoodRequest = z.infer<typeof ZNeighbourhoodRequest>;

export const ZAboutResponse = z.object({
  status: ZPartStatus,
  message: z.string(),
  title: z.string().nullable(),
  extract: z.string().nullable(),
  /** The article the text comes from. */
  sourceUrl: z.string().nullable(),
});
export type TAboutResponse = z.infer<typeof ZAboutResponse>;

export const ZAmenityCount = z.object({ category: z.enum(AMENITY_CATEGORIES), label: z.string(), count: z.number().int() });
export type TAmenityCount = z.infer<typeof ZAmenityCount>;
export const ZAmenitiesResponse = z.object({ status: ZPartStatus, message: z.string(), radiusM: z.number(), amenities: z.array(ZAmenityCount) });
export type TAmenitiesResponse = z.infer<typeof ZAmenitiesResponse>;

export const ZCommuteResponse = z.object({
  status: ZPartStatus,
  message: z.string(),
  office: ZOffice.nullable(),
  /** Driving distance (km, 1 decimal) and duration (whole minutes) from the route service. */
  distanceKm: z.number().nullable(),
  durationMinutes: z.number().int().nullable(),
});
export type TCommuteResponse = z.infer<typeof ZCommuteResponse>;

const ZMoney = z.object({ amount: z.number().int(), currency: z.string() });

export const ZProperty = z.object({
  externalId: z.string(),
  provider: z.string(),
  title: z.string(),
  overview: z.string().nullable(),
  price: ZMoney.nullable(),
  address: z.string().nullable(),
  beds: z.number().int().nullable(),
  images: z.array(z.string()),
  url: z.string().nullable(),
  lat: z.number().nullable(),
  long: z.number().nullable(),
});
export type TProperty = z.infer<typeof ZProperty>;

export const ZApartmentType = z.object({
  numberOfBedrooms: z.number().int(),
  currency: z.string(),
  currencySymbol: z.string(),
  /** Minor units of `currency`. */
  amountMinRange: z.number().int(),
  amountMaxRange: z.number().int(),
});
export type TApartmentType = z.infer<typeof ZApartmentType>;

const ZPrice = z.coerce.number({ error: overviewMessages.price }).int(overviewMessages.price).min(0, overviewMessages.price).max(OVERVIEW_LIMITS.maxPrice, overviewMessages.price);

export const ZSearchPropertyRequest = z
  .object({
    /** A neighbourhood to search around; without it, the destination city's centre. */
    neighbourhoodId: z.preprocess(blankToUndefined, ZId.optional()),
    bedrooms: z.preprocess(blankToUndefined, z.coerce.number({ error: overviewMessages.bedrooms }).int(overviewMessages.bedrooms).min(0, overviewMessages.bedrooms).max(10, overviewMessages.bedrooms).optional()),
    radius: z.preprocess(blankToUndefined, z.coerce.number({ error: overviewMessages.radius }).int(overviewMessages.radius).min(1, overviewMessages.radius).max(OVERVIEW_LIMITS.maxRadiusKm, overviewMessages.radius).optional()),
    /** Monthly rent bounds in whole units of the listing currency (issue 23 item 17). */
    minPrice: z.preprocess(blankToUndefined, ZPrice.optional()),
    maxPrice: z.preprocess(blankToUndefined, ZPrice.optional()),
  })
  .superRefine((v, ctx) => {
    if (!priceRangeAllows(v.minPrice, v.maxPrice)) ctx.addIssue({ code: "custom", path: ["maxPrice"], message: overviewMessages.priceRange });
  })
  .default({});
export type TSearchPropertyRequest = z.infer<typeof ZSearchPropertyRequest>;

export const ZSearchPropertyResponse = z.object({
  success: z.boolean(),
  status: ZPartStatus,
  /** §8: the server's error message, or "". */
  errorMessage: z.string(),
  radiusKm: z.number(),
  bedrooms: z.number().int().nullable(),
  properties: z.array(ZProperty),
  apartmentTypes: z.array(ZApartmentType),
});
export type TSearchPropertyResponse = z.infer<typeof ZSearchPropertyResponse>;

export const ZGetPropertyRequest = z.object({
  id: z.string({ error: overviewMessages.externalId }).trim().min(1, overviewMessages.externalId).max(200, overviewMessages.externalId),
});
export type TGetPropertyRequest = z.infer<typeof ZGetPropertyRequest>;
export const ZGetPropertyResponse = z.object({ success: z.boolean(), status: ZPartStatus, errorMessage: z.string(), property: ZProperty.nullable() });
export type TGetPropertyResponse = z.infer<typeof ZGetPropertyResponse>;

const ZBool = z.preprocess((v) => (v === "true" ? true : v === "false" ? false : v), z.boolean({ error: overviewMessages.favourite }));

export const ZStoreFavouriteRequest = z.object({ neighbourhoodId: ZId, favourite: ZBool });
export type TStoreFavouriteRequest = z.infer<typeof ZStoreFavouriteRequest>;
export const ZStoreFavouriteResponse = z.object({ success: z.boolean(), neighbourhoodId: z.number().int(), favourite: z.boolean() });

export const ZStoreOfficeRequest = z.object({
  address: z.string({ error: overviewMessages.address }).trim().min(3, overviewMessages.address).max(300, overviewMessages.address),
});
export type TStoreOfficeRequest = z.infer<typeof ZStoreOfficeRequest>;
export const ZStoreOfficeResponse = z.object({ success: z.boolean(), message: z.string(), office: ZOffice.nullable() });
export type TStoreOfficeResponse = z.infer<typeof ZStoreOfficeResponse>;

const NO_CONTROL = /^[^\u0000-\u001f\u007f]*$/;
export const ZClickRequest = z.object({
  externalId: z.string({ error: overviewMessages.externalId }).trim().min(1, overviewMessages.externalId).max(200, overviewMessages.externalId).regex(NO_CONTROL, overviewMessages.externalId),
  provider: z.string({ error: overviewMessages.provider }).trim().regex(/^[A-Za-z0-9-]{1,40}$/, overviewMessages.provider),
  /** The provider's page of the property, when it has one. */
  url: z
    .preprocess(blankToUndefined, z
    .string({ error: overviewMessages.url })
    .trim()
    .max(2048, overviewMessages.url)
    .refine((u) => {
      try {
        const p = new URL(u);
        return (p.protocol === "http:" || p.protocol === "https:") && NO_CONTROL.test(u);
      } catch {
        return false;
      }
    }, overviewMessages.url)
    .optional()),
});
export type TClickRequest = z.infer<typeof ZClickRequest>;

export const ZServiceVisitRequest = z.object({
  service: z.string({ error: overviewMessages.service }).trim().regex(/^[A-Za-z0-9_.-]{1,60}$/, overviewMessages.service),
});
export type TServiceVisitRequest = z.infer<typeof ZServiceVisitRequest>;

export const ZRecordedResponse = z.object({ success: z.boolean(), id: z.number().int() });
