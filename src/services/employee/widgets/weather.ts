/**
 * The weather widget's service (spec refs in src/domain/employee/widgets/weather.ts): widgets.weather and
 * GET /json/weather. The place is the destination city of the user's own newest move that is not a
 * draft or cancelled (coordinates from the cities table); the forecast comes from the configured provider.
 */
import type { Config } from "../../../config.ts";
import type { DB } from "../../../db/index.ts";
import { AppError } from "../../../domain/errors.ts";
import { forecastEnd, isWithinHorizon, weatherMessages, type TWeatherRequest, type TWeatherResponse } from "../../../domain/employee/widgets/weather.ts";
import type { SessionUser } from "../../identity/auth.ts";
import { fetchPolicyOf } from "../../safe-fetch.ts";
import { couldNotReach } from "../../../domain/employee/widgets/providers.ts";
import { openMeteoProvider, WeatherProviderError, type WeatherProvider } from "./weather-provider.ts";

const providers = new Map<string, WeatherProvider>();
function providerFor(config: Pick<Config, "weatherApiUrl" | "allowPrivateFetch" | "providerUserAgent">): WeatherProvider | null {
  const url = config.weatherApiUrl;
  if (!url) return null;
  const key = `${url} ${config.allowPrivateFetch}`;
  let p = providers.get(key);
  if (!p) providers.set(key, (p = openMeteoProvider(url, fetchPolicyOf(config))));
  return p;
}

async function destinationOf(db: DB, userId: number) {
  return db
    .selectFrom("moves as m")
    .innerJoin("cities as c", "c.id", "m.destination_city_id")
    .select(["c.name", "c.country_code", "c.latitude", "c.longitude"])
    .where("m.employee_user_id", "=", userId)
    .where("m.status", "not in", ["draft", "cancelled"])
    .orderBy("m.id", "desc")
    .limit(1)
    .executeTakeFirst();
}

export async function weather(db: DB, config: Pick<Config, "weatherApiUrl" | "allowPrivateFetch" | "providerUserAgent">, user: SessionUser, input: TWeatherRequest, now = new Date()): Promise<TWeatherResponse> {
  const today = now.toISOString().slice(0, 10);
  const when = input.when ?? today;
  if (!isWithinHorizon(when, today)) throw new AppError("VALIDATION", weatherMessages.when, { when: weatherMessages.when });
  const units = input.units ?? "metric";
  const base = { when, units, place: null, temperatureUnit: units === "imperial" ? "°F" : "°C", weather: [] };
  const provider = providerFor(config);
  if (!provider) return { success: false, status: "NOT_CONFIGURED", message: weatherMessages.notConfigured, ...base };
  const dest = await destinationOf(db, user.id);
  const lat = dest?.latitude == null ? NaN : Number(dest.latitude);
  const lon = dest?.longitude == null ? NaN : Number(dest.longitude);
  if (!dest || !Number.isFinite(lat) || !Number.isFinite(lon)) return { success: false, status: "NO_DESTINATION", message: weatherMessages.noDestination, ...base };
  const place = `${dest.name}, ${dest.country_code}`;
  try {
    const forecast = await provider.forecast({ latitude: lat, longitude: lon, start: when, end: forecastEnd(when, today), units });
    return { success: true, status: "OK", message: "", when, units, place, temperatureUnit: forecast.temperatureUnit, weather: forecast.days };
  } catch (error) {
    if (!(error instanceof WeatherProviderError)) throw error;
    console.warn(`[weather] ${error.message}`);
    return { success: false, status: "UNAVAILABLE", message: error.unreachable ? couldNotReach("openMeteo") : weatherMessages.unavailable, ...base, place };
  }
}
