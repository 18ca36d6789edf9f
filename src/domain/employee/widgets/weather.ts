/**
 * The weather widget (issue 14; part 1 §1 "a weather widget", §2 "weather … boxes", §7 "GET weather JSON
 * (success, when, weather[], units) and /json/weather?when&units"). The spec names the fields only; their
 * meaning here is Meridian's: `when` is the first day of the forecast (YYYY-MM-DD, default today, at most
 * 15 days ahead: the forecast provider's horizon), `units` metric (°C, mm, km/h) or imperial (°F, inch,
 * mph), `weather[]` one entry per day for up to 7 days at the destination of the user's move.
 *
 * The provider is configured by URL (WEATHER_API_URL: an Open-Meteo forecast endpoint). Without one the
 * answer says so (`status: NOT_CONFIGURED`) and carries no data: nothing is ever invented.
 */
import { z } from "zod";

export const WEATHER_DAYS = 7;
export const WEATHER_HORIZON_DAYS = 15;

export const weatherMessages = {
  notConfigured: "Weather is not configured on this server.",
  noDestination: "Weather appears once your move has a destination city.",
  unavailable: "The weather service did not answer. Please try again later.",
  when: "Choose a day from today to 15 days ahead (YYYY-MM-DD).",
  units: "Units are metric or imperial.",
} as const;

export const ZWeatherUnits = z.enum(["metric", "imperial"], { error: weatherMessages.units });
export type TWeatherUnits = z.infer<typeof ZWeatherUnits>;

const blankToUndefined = (v: unknown) => (typeof v === "string" && v.trim() === "" ? undefined : v);

export const ZWeatherRequest = z
  .object({
    when: z.preprocess(blankToUndefined, z.string().regex(/^\d{4}-\d{2}-\d{2}$/, weatherMessages.when).optional()),
    units: z.preprocess(blankToUndefined, ZWeatherUnits.optional()),
  })
  .default({});
export type TWeatherRequest = z.infer<typeof ZWeatherRequest>;

export const ZWeatherDay = z.object({
  date: z.string(),
  /** WMO weather interpretation code (as Open-Meteo reports it). */
  code: z.number().int(),
  description: z.string(),
  temperatureMax: z.number(),
  temperatureMin: z.number(),
  /** Percent, when the provider gives it. */
  precipitationProbability: z.number().nullable(),
});
export type TWeatherDay = z.infer<typeof ZWeatherDay>;

export const ZWeatherResponse = z.object({
  success: z.boolean(),
  status: z.enum(["OK", "NOT_CONFIGURED", "NO_DESTINATION", "UNAVAILABLE"]),
  message: z.string(),
  when: z.string(),
  units: ZWeatherUnits,
  /** The destination the forecast is for ("Berlin, DE"), or null. */
  place: z.string().nullable(),
  /** The temperature unit as shown ("°C", "°F"). */
  temperatureUnit: z.string(),
  weather: z.array(ZWeatherDay),
});
export type TWeatherResponse = z.infer<typeof ZWeatherResponse>;

/** Is `when` a real date from `today` to today + 15 days? */
export function isWithinHorizon(when: string, today: string): boolean {
  const d = new Date(`${when}T00:00:00Z`);
  if (Number.isNaN(d.getTime()) || d.toISOString().slice(0, 10) !== when) return false;
  const days = (d.getTime() - new Date(`${today}T00:00:00Z`).getTime()) / 86_400_000;
  return days >= 0 && days <= WEATHER_HORIZON_DAYS;
}

/** The last day asked: `when` + 6 days, but never past the horizon. */
export function forecastEnd(when: string, today: string): string {
  const start = new Date(`${when}T00:00:00Z`).getTime();
  const horizon = new Date(`${today}T00:00:00Z`).getTime() + WEATHER_HORIZON_DAYS * 86_400_000;
  return new Date(Math.min(start + (WEATHER_DAYS - 1) * 86_400_000, horizon)).toISOString().slice(0, 10);
}

/** WMO weather interpretation codes (WW), as documented by Open-Meteo. */
export function describeWeatherCode(code: number): string {
  if (code === 0) return "Clear sky";
  if (code === 1) return "Mainly clear";
  if (code === 2) return "Partly cloudy";
  if (code === 3) return "Overcast";
  if (code === 45 || code === 48) return "Fog";
  if (code >= 51 && code <= 57) return "Drizzle";
  if (code >= 61 && code <= 67) return "Rain";
  if (code >= 71 && code <= 77) return "Snow";
  if (code >= 80 && code <= 82) return "Rain showers";
  if (code === 85 || code === 86) return "Snow showers";
  if (code >= 95) return "Thunderstorm";
  return "Unknown";
}
