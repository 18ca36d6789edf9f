/**
 * Demo data of the cost estimate: city cost-of-living and housing indices.
 *
 * THESE ARE DEMO DATA, NOT PUBLISHED INDICES. The numbers are rounded, plausible orders of
 * magnitude (base 100 = New York City) so the balance sheet of the demo moves shows something
 * sensible offline. They come from no survey and must not be used for real estimates: import
 * licensed indices on /admin/mercer (the rows it brings replace these, city by city).
 *
 * Columns per city: cost-of-living index (excluding rent), housing index, and the monthly rent
 * of a family home in the local currency (major units here, stored in minor units).
 */
import type { DB } from "./index.ts";
import { hasCityIndices, upsertCityIndices, type NewCityIndex } from "./queries/estimate/city-indices.ts";
import { toMinor } from "../domain/money/money.ts";

export const DEMO_INDEX_AS_OF = "2026-01-01";

type DemoCity = [country: string, city: string, currency: string, col: string, housing: string, rent: string];

/**
 * Every city of the demo moves (src/db/seed-wizard.ts PLACES, spelt as in the country-state-city
 * reference data) and the other usual assignment hubs.
 */
export const DEMO_CITY_INDICES: readonly DemoCity[] = [
  // The demo moves' cities.
  ["US", "New York City", "USD", "100", "100", "7500"],
  ["US", "San Francisco", "USD", "96", "92", "6800"],
  ["US", "Austin", "USD", "78", "52", "3600"],
  ["GB", "London", "GBP", "86", "78", "4600"],
  ["DE", "Berlin", "EUR", "66", "40", "2600"],
  ["FR", "Paris", "EUR", "78", "52", "3500"],
  ["SG", "Singapore", "SGD", "88", "88", "8000"],
  ["CA", "Toronto", "CAD", "72", "50", "4300"],
  ["AU", "Sydney", "AUD", "80", "62", "6000"],
  ["NL", "Amsterdam", "EUR", "76", "60", "3800"],
  ["CH", "Zürich", "CHF", "122", "70", "5200"],
  ["IE", "Dublin", "EUR", "78", "62", "4200"],
  ["LU", "Luxembourg", "EUR", "80", "58", "3800"],
  // Other assignment hubs.
  ["US", "Chicago", "USD", "82", "55", "3800"],
  ["US", "Los Angeles", "USD", "84", "75", "5500"],
  ["US", "Boston", "USD", "88", "80", "5800"],
  ["US", "Seattle", "USD", "88", "68", "4800"],
  ["GB", "Manchester", "GBP", "68", "36", "2100"],
  ["CA", "Vancouver", "CAD", "72", "52", "4500"],
  ["CA", "Montréal", "CAD", "66", "36", "3000"],
  ["CH", "Genève", "CHF", "118", "68", "5000"],
  ["AU", "Melbourne", "AUD", "76", "46", "4200"],
  ["DE", "Munich", "EUR", "72", "50", "3200"],
  ["DE", "Frankfurt am Main", "EUR", "70", "44", "2900"],
  ["HK", "Hong Kong", "HKD", "84", "90", "48000"],
  ["JP", "Tokyo", "JPY", "74", "44", "450000"],
  ["IN", "Mumbai", "INR", "30", "22", "180000"],
  ["IN", "Bengaluru", "INR", "26", "12", "90000"],
  ["AE", "Dubai", "AED", "70", "60", "22000"],
  ["ES", "Madrid", "EUR", "58", "32", "2200"],
  ["ES", "Barcelona", "EUR", "58", "32", "2200"],
  ["IT", "Milan", "EUR", "70", "40", "2800"],
  ["BE", "Brussels", "EUR", "70", "34", "2200"],
  ["AT", "Vienna", "EUR", "68", "32", "2100"],
  ["SE", "Stockholm", "SEK", "72", "34", "24000"],
  ["DK", "Copenhagen", "DKK", "82", "42", "20000"],
  ["NO", "Oslo", "NOK", "84", "38", "24000"],
  ["PL", "Warsaw", "PLN", "48", "22", "8000"],
  ["CN", "Shanghai", "CNY", "56", "44", "18000"],
  ["CN", "Beijing", "CNY", "54", "40", "16000"],
  ["KR", "Seoul", "KRW", "76", "30", "2800000"],
  ["BR", "São Paulo", "BRL", "42", "16", "7000"],
  ["MX", "Mexico City", "MXN", "44", "18", "35000"],
  ["ZA", "Johannesburg", "ZAR", "40", "12", "20000"],
];

/** The demo rows as city_indices rows (source DEMO, as of 2026-01-01). */
export function demoCityIndexRows(now = new Date()): NewCityIndex[] {
  return DEMO_CITY_INDICES.map(([country, city, currency, col, housing, rent]) => ({
    country_code: country,
    city_name: city,
    currency,
    col_index: col,
    housing_index: housing,
    monthly_rent: toMinor(rent, currency).amount,
    as_of: DEMO_INDEX_AS_OF,
    source: "DEMO" as const,
    updated_at: now.toISOString(),
  }));
}

/** Seeds the demo indices on an empty city_indices table (never over imported or earlier rows); returns whether it did. */
export async function seedDemoCityIndices(db: DB, now = new Date()): Promise<boolean> {
  if (await hasCityIndices(db)) return false;
  await upsertCityIndices(db, demoCityIndexRows(now));
  return true;
}
