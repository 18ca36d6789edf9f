import { describe, expect, test } from "bun:test";
import {
  amenityCategoryOf,
  apartmentTypes,
  countAmenities,
  cutText,
  distanceKm,
  kmToMiles,
  OVERVIEW_LIMITS,
  popupOf,
  priceOf,
  staticMapUrl,
  ZClickRequest,
  ZSearchPropertyRequest,
} from "./overview.ts";

describe("overview rules (part 1 §9)", () => {
  test("the radius in miles uses the spec's factor 1.609344", () => {
    expect(OVERVIEW_LIMITS.kmPerMile).toBe(1.609344);
    expect(kmToMiles(100)).toBe(62.14);
    expect(kmToMiles(1.609344)).toBe(1);
    expect(kmToMiles(5)).toBe(3.11);
  });

  test("popup: title cut at 30 characters, overview at 210, 3 images; short texts unchanged", () => {
    const title = "A very long property title that goes on and on";
    const overview = "x".repeat(300);
    const p = popupOf({ title, overview, images: ["https://i/1", "https://i/2", "https://i/3", "https://i/4"] });
    expect(p.title).toBe(`${title.slice(0, 30).trimEnd()}…`);
    expect(Array.from(p.title.replace("…", "")).length).toBeLessThanOrEqual(30);
    expect(p.overview).toBe(`${"x".repeat(210)}…`);
    expect(p.images).toEqual(["https://i/1", "https://i/2", "https://i/3"]);
    expect(popupOf({ title: "Short", overview: null, images: [] })).toEqual({ title: "Short", overview: null, images: [] });
    expect(cutText("x".repeat(30), 30)).toBe("x".repeat(30));
    expect(cutText("😀".repeat(31), 30)).toBe(`${"😀".repeat(30)}…`);
  });

  test("apartment types: min and max price per bedroom count of the results; unpriced ones left out", () => {
    const usd = (amount: number) => ({ amount, currency: "USD" });
    const types = apartmentTypes([
      { beds: 2, price: usd(250000) },
      { beds: 1, price: usd(180000) },
      { beds: 2, price: usd(199900) },
      { beds: 1, price: usd(150000) },
      { beds: 3, price: null },
      { beds: null, price: usd(1) },
    ]);
    expect(types).toEqual([
      { numberOfBedrooms: 1, currency: "USD", currencySymbol: "$", amountMinRange: 150000, amountMaxRange: 180000 },
      { numberOfBedrooms: 2, currency: "USD", currencySymbol: "$", amountMinRange: 199900, amountMaxRange: 250000 },
    ]);
    expect(apartmentTypes([])).toEqual([]);
  });

  test("amenity categories from OpenStreetMap tags, each element counted once", () => {
    expect(amenityCategoryOf({ amenity: "school" })).toBe("schools");
    expect(amenityCategoryOf({ shop: "supermarket" })).toBe("supermarkets");
    expect(amenityCategoryOf({ amenity: "pharmacy" })).toBe("pharmacies");
    expect(amenityCategoryOf({ amenity: "hospital" })).toBe("hospitals");
    expect(amenityCategoryOf({ amenity: "restaurant" })).toBe("restaurants");
    expect(amenityCategoryOf({ leisure: "park" })).toBe("parks");
    expect(amenityCategoryOf({ highway: "bus_stop" })).toBe("transport");
    expect(amenityCategoryOf({ railway: "tram_stop" })).toBe("transport");
    expect(amenityCategoryOf({ public_transport: "platform" })).toBe("transport");
    expect(amenityCategoryOf({ amenity: "bench" })).toBeNull();
    const counts = countAmenities([
      { key: "node/1", tags: { amenity: "school" } },
      { key: "node/1", tags: { amenity: "school" } },
      { key: "way/2", tags: { amenity: "school" } },
      { key: "node/3", tags: { leisure: "park" } },
      { key: "node/4", tags: { amenity: "bench" } },
    ]);
    expect(counts.map((c) => [c.category, c.count])).toEqual([
      ["schools", 2], ["supermarkets", 0], ["pharmacies", 0], ["hospitals", 0], ["restaurants", 0], ["parks", 1], ["transport", 0],
    ]);
    expect(counts[6]!.label).toBe("Public transport stops");
  });

  test("static map: Google Static Maps format, width at most 640", () => {
    const u = new URL(staticMapUrl("https://maps.test/staticmap?key=k", { center: { latitude: 52.52, longitude: 13.405 }, zoom: 11, width: 1200, height: 400, markers: [{ latitude: 52.5, longitude: 13.4 }, { latitude: 52.53, longitude: 13.41 }] }));
    expect(u.searchParams.get("key")).toBe("k");
    expect(u.searchParams.get("center")).toBe("52.52000,13.40500");
    expect(u.searchParams.get("size")).toBe("640x400");
    expect(u.searchParams.get("zoom")).toBe("11");
    expect(u.searchParams.get("markers")).toBe("52.50000,13.40000|52.53000,13.41000");
    expect(new URL(staticMapUrl("https://maps.test/s", { center: { latitude: 0, longitude: 0 }, zoom: 3, width: 320, height: 200, markers: [] })).searchParams.has("markers")).toBe(false);
  });

  test("distance and prices", () => {
    expect(Math.round(distanceKm({ latitude: 52.52, longitude: 13.405 }, { latitude: 48.1351, longitude: 11.582 }))).toBe(504);
    expect(priceOf(2150, "USD")).toEqual({ amount: 215000, currency: "USD" });
    expect(priceOf(null, "USD")).toBeNull();
    expect(priceOf(-1, "USD")).toBeNull();
  });

  test("inputs: radius and bedrooms bounded, click url http(s) only", () => {
    expect(ZSearchPropertyRequest.parse({})).toEqual({});
    expect(ZSearchPropertyRequest.parse({ radius: "25", bedrooms: "2" })).toMatchObject({ radius: 25, bedrooms: 2 });
    expect(ZSearchPropertyRequest.safeParse({ radius: 0 }).success).toBe(false);
    expect(ZSearchPropertyRequest.safeParse({ radius: 301 }).success).toBe(false);
    expect(ZSearchPropertyRequest.safeParse({ bedrooms: 11 }).success).toBe(false);
    expect(ZClickRequest.safeParse({ externalId: "a", provider: "rentcast", url: "javascript:alert(1)" }).success).toBe(false);
    expect(ZClickRequest.safeParse({ externalId: "a", provider: "rentcast", url: "https://x.test/p" }).success).toBe(true);
    expect(ZClickRequest.safeParse({ externalId: "a", provider: "rentcast" }).success).toBe(true);
    expect(ZClickRequest.safeParse({ externalId: "a", provider: "rent cast" }).success).toBe(false);
  });
});
