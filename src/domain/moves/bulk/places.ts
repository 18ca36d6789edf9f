/**
 * A place of a bulk import row (issue 24 §6): the template's Country, State and City columns, where the
 * City cell may also carry the whole place as one text, "Houston, Texas, United States" (city, region,
 * country) or "Luxembourg, Luxembourg" (city, country) or "Houston, TX". Pure rules: the service
 * (src/services/moves/bulk/bulk-job.ts) answers the lookups from the reference tables (countries, states, cities
 * of the country-state-city package) and turns the outcome into the row's item or its message.
 */
import { bulkMessages, bulkText } from "./schemas.ts";

export type PlaceCells = { country: string; state: string; city: string };
/** The texts of a place once the City cell's commas are read: each trimmed, "" when absent. */
export type PlaceTexts = { country: string; region: string; city: string; regionFromCity: boolean; countryFromCity: boolean };

/**
 * Splits "city, region, country" out of the City cell. The columns win where they are filled; a text in
 * the cell that names a country (per `isCountry`) is the country, the one before it the region. With
 * more than three parts the extra middle ones (a county, a district) are left aside.
 */
export function placeTexts(cells: PlaceCells, isCountry: (text: string) => boolean): PlaceTexts {
  const parts = cells.city.split(",").map((p) => p.trim()).filter((p) => p !== "");
  const city = parts[0] ?? "";
  const rest = parts.slice(1);
  let region = "";
  let country = "";
  if (rest.length >= 2) {
    country = rest[rest.length - 1]!;
    region = rest[rest.length - 2]!;
  } else if (rest.length === 1) {
    // "Houston, Texas" or "Luxembourg, Luxembourg": a country name when it is one and no country column says otherwise.
    if (cells.country.trim() === "" && isCountry(rest[0]!)) country = rest[0]!;
    else region = rest[0]!;
  }
  return {
    city,
    region: cells.state.trim() || region,
    country: cells.country.trim() || country,
    regionFromCity: cells.state.trim() === "" && region !== "",
    countryFromCity: cells.country.trim() === "" && country !== "",
  };
}

export type StateRef = { code: string; name: string };
export type CityCandidate = { id: number; name: string; state_code: string | null };

/** The state or region a text names in the country: its code or its name, ignoring case; null when none. */
export function findRegion(states: readonly StateRef[], text: string): StateRef | null {
  const key = text.trim().toLowerCase();
  if (key === "") return null;
  return states.find((s) => s.code.toLowerCase() === key) ?? states.find((s) => s.name.toLowerCase() === key) ?? null;
}

export type PlaceOutcome =
  | { ok: true; city: CityCandidate; regionCode: string | null }
  | { ok: false; message: string };

/**
 * The one city a place names, or the reason there is none: the cities of the country with the name
 * (already looked up), kept to the region when one is given.
 */
export function pickCity(
  label: string,
  texts: { city: string; countryName: string; region: StateRef | null },
  candidates: readonly CityCandidate[],
  states: readonly StateRef[],
): PlaceOutcome {
  const inRegion = texts.region ? candidates.filter((c) => (c.state_code ?? "").toLowerCase() === texts.region!.code.toLowerCase()) : [...candidates];
  if (inRegion.length === 1) return { ok: true, city: inRegion[0]!, regionCode: texts.region?.code ?? inRegion[0]!.state_code };
  if (inRegion.length === 0) {
    const where = texts.region ? `${texts.region.name}, ${texts.countryName}` : texts.countryName;
    return { ok: false, message: bulkText(bulkMessages.unknownCity, { label, value: texts.city, place: where }) };
  }
  const nameOf = (code: string | null) => (code ? (states.find((s) => s.code === code)?.name ?? code) : "");
  const regions = [...new Set(inRegion.map((c) => nameOf(c.state_code)).filter((n) => n !== ""))].sort((a, b) => a.localeCompare(b));
  if (regions.length <= 1) {
    // Several cities of one name in one region: the row cannot tell them apart.
    return { ok: false, message: bulkText(bulkMessages.ambiguousSameRegion, { label, value: texts.city, count: inRegion.length }) };
  }
  const shown = regions.length > 6 ? `${regions.slice(0, 6).join(", ")}, …` : regions.join(", ");
  return {
    ok: false,
    message: bulkText(bulkMessages.ambiguousCity, { label, value: inRegion[0]!.name, country: texts.countryName, regions: shown, example: `${inRegion[0]!.name}, ${regions[0]}, ${texts.countryName}` }),
  };
}
