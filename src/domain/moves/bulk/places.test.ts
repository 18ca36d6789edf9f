import { describe, expect, test } from "bun:test";
import { findRegion, pickCity, placeTexts } from "./places.ts";
import { bulkMessages, bulkText } from "./schemas.ts";

const COUNTRIES = new Set(["united states", "us", "luxembourg", "lu", "united kingdom", "gb"]);
const isCountry = (t: string) => COUNTRIES.has(t.toLowerCase());
const US_STATES = [
  { code: "TX", name: "Texas" },
  { code: "MO", name: "Missouri" },
  { code: "PA", name: "Pennsylvania" },
  { code: "OH", name: "Ohio" },
];
const HOUSTONS = [
  { id: 1, name: "Houston", state_code: "MO" },
  { id: 2, name: "Houston", state_code: "PA" },
  { id: 3, name: "Houston", state_code: "TX" },
];

describe("placeTexts (issue 24 §6)", () => {
  test("city, region, country in the City cell", () => {
    expect(placeTexts({ country: "", state: "", city: " Houston , Texas, United States " }, isCountry)).toEqual({
      city: "Houston", region: "Texas", country: "United States", regionFromCity: true, countryFromCity: true,
    });
  });
  test("more than three parts: the last is the country, the one before it the region", () => {
    expect(placeTexts({ country: "", state: "", city: "Houston, Harris County, Texas, United States" }, isCountry)).toMatchObject({ city: "Houston", region: "Texas", country: "United States" });
  });
  test("two parts: a country when it names one and no Country column is filled, else a region", () => {
    expect(placeTexts({ country: "", state: "", city: "Luxembourg, Luxembourg" }, isCountry)).toMatchObject({ city: "Luxembourg", region: "", country: "Luxembourg" });
    expect(placeTexts({ country: "US", state: "", city: "Houston, TX" }, isCountry)).toMatchObject({ city: "Houston", region: "TX", country: "US" });
    expect(placeTexts({ country: "", state: "", city: "Houston, Texas" }, isCountry)).toMatchObject({ city: "Houston", region: "Texas", country: "" });
  });
  test("the columns win where they are filled", () => {
    expect(placeTexts({ country: "US", state: "MO", city: "Houston, Texas, United States" }, isCountry)).toMatchObject({ region: "MO", country: "US", regionFromCity: false, countryFromCity: false });
    expect(placeTexts({ country: "GB", state: "ENG", city: "London" }, isCountry)).toEqual({ city: "London", region: "ENG", country: "GB", regionFromCity: false, countryFromCity: false });
  });
});

describe("findRegion", () => {
  test("by code or by name, ignoring case", () => {
    expect(findRegion(US_STATES, "tx")?.code).toBe("TX");
    expect(findRegion(US_STATES, "texas")?.code).toBe("TX");
    expect(findRegion(US_STATES, "Atlantis")).toBeNull();
    expect(findRegion(US_STATES, " ")).toBeNull();
  });
});

describe("pickCity", () => {
  const texas = US_STATES[0]!;
  test("unambiguous with the region", () => {
    expect(pickCity("Destination", { city: "Houston", countryName: "United States", region: texas }, HOUSTONS, US_STATES)).toEqual({ ok: true, city: HOUSTONS[2]!, regionCode: "TX" });
  });
  test("one city of the name: its own region", () => {
    expect(pickCity("Destination", { city: "Austin", countryName: "United States", region: null }, [{ id: 9, name: "Austin", state_code: "TX" }], US_STATES)).toEqual({
      ok: true, city: { id: 9, name: "Austin", state_code: "TX" }, regionCode: "TX",
    });
  });
  test("ambiguous without the region: the regions named and an example", () => {
    const r = pickCity("Destination", { city: "houston", countryName: "United States", region: null }, HOUSTONS, US_STATES);
    expect(r).toEqual({
      ok: false,
      message: bulkText(bulkMessages.ambiguousCity, { label: "Destination", value: "Houston", country: "United States", regions: "Missouri, Pennsylvania, Texas", example: "Houston, Missouri, United States" }),
    });
    expect(r.ok ? "" : r.message).toBe(
      'Destination: "Houston" is a city in several states or regions of United States (Missouri, Pennsylvania, Texas). Please add the state or region, for example "Houston, Missouri, United States".',
    );
  });
  test("unknown city, in the region or the country", () => {
    const ohio = US_STATES[3]!;
    expect(pickCity("Origin", { city: "Houston", countryName: "United States", region: ohio }, HOUSTONS, US_STATES)).toEqual({ ok: false, message: 'Origin: no city "Houston" in Ohio, United States.' });
    expect(pickCity("Origin", { city: "Gotham", countryName: "United States", region: null }, [], US_STATES)).toEqual({ ok: false, message: 'Origin: no city "Gotham" in United States.' });
  });
  test("several cities of one name in one region", () => {
    const twins = [{ id: 1, name: "Springfield", state_code: "MO" }, { id: 2, name: "Springfield", state_code: "MO" }];
    expect(pickCity("Origin", { city: "Springfield", countryName: "United States", region: US_STATES[1]! }, twins, US_STATES)).toEqual({
      ok: false, message: bulkText(bulkMessages.ambiguousSameRegion, { label: "Origin", value: "Springfield", count: 2 }),
    });
  });
});
