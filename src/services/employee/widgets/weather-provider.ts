/**
 * The weather provider adapter: one interface, one real implementation of a public API — Open-Meteo's
 * forecast API (https://open-meteo.com/en/docs: GET /v1/forecast?latitude&longitude&daily=…&timezone
 * &start_date&end_date&temperature_unit&precipitation_unit&wind_speed_unit). WEATHER_API_URL is the
 * endpoint (default https://api.open-meteo.com/v1/forecast, issue 24 §7; answers cached 30 minutes through
 * providerFetch); tests start a local server speaking the same format.
 */
import { z } from "zod";
import { describeWeatherCode, type TWeatherDay, type TWeatherUnits } from "../../../domain/employee/widgets/weather.ts";
import type { FetchPolicy } from "../../safe-fetch.ts";
import { isJson, providerFetch, ProviderUnreachableError } from "../providers/public-fetch.ts";

export type ForecastRequest = { latitude: number; longitude: number; start: string; end: string; units: TWeatherUnits };
export type Forecast = { days: TWeatherDay[]; temperatureUnit: string };

export type WeatherProvider = { forecast(request: ForecastRequest): Promise<Forecast> };

const ZOpenMeteoDaily = z.object({
  daily_units: z.object({ temperature_2m_max: z.string() }).partial().optional(),
  daily: z.object({
    time: z.array(z.string()),
    weather_code: z.array(z.number().int().nullable()),
    temperature_2m_max: z.array(z.number().nullable()),
    temperature_2m_min: z.array(z.number().nullable()),
    precipitation_probability_max: z.array(z.number().nullable()).optional(),
  }),
});

export class WeatherProviderError extends Error {
  override readonly name = "WeatherProviderError";
  /** The provider gave no answer at all (the widget says "Could not reach Open-Meteo.", issue 24 §7). */
  unreachable = false;
}

/** Open-Meteo's forecast API at `url`, each call limited to `timeoutMs`. */
export function openMeteoProvider(url: string, policy: FetchPolicy, timeoutMs = 10_000): WeatherProvider {
  return {
    async forecast(r) {
      const query = new URL(url);
      const params: Record<string, string> = {
        latitude: String(r.latitude),
        longitude: String(r.longitude),
        daily: "weather_code,temperature_2m_max,temperature_2m_min,precipitation_probability_max",
        timezone: "auto",
        start_date: r.start,
        end_date: r.end,
        ...(r.units === "imperial" ? { temperature_unit: "fahrenheit", precipitation_unit: "inch", wind_speed_unit: "mph" } : {}),
      };
      for (const [k, v] of Object.entries(params)) query.searchParams.set(k, v);
      let res;
      try {
        res = await providerFetch({ provider: "openMeteo", url: query, policy, timeoutMs, headers: { accept: "application/json" }, usable: isJson });
      } catch (error) {
        const e = new WeatherProviderError(`weather provider unreachable: ${error instanceof Error ? error.message : String(error)}`);
        e.unreachable = error instanceof ProviderUnreachableError;
        throw e;
      }
      if (res.status < 200 || res.status > 299) throw new WeatherProviderError(`weather provider answered ${res.status}`);
      let body: unknown = null;
      try {
        body = JSON.parse(res.text);
      } catch {
        body = null;
      }
      const parsed = ZOpenMeteoDaily.safeParse(body);
      if (!parsed.success) throw new WeatherProviderError("weather provider answered in an unexpected format");
      const d = parsed.data.daily;
      const days: TWeatherDay[] = [];
      d.time.forEach((date, i) => {
        const code = d.weather_code[i];
        const max = d.temperature_2m_max[i];
        const min = d.temperature_2m_min[i];
        // A day the provider has no values for is left out, never filled in.
        if (code == null || max == null || min == null) return;
        days.push({ date, code, description: describeWeatherCode(code), temperatureMax: max, temperatureMin: min, precipitationProbability: d.precipitation_probability_max?.[i] ?? null });
      });
      return { days, temperatureUnit: parsed.data.daily_units?.temperature_2m_max ?? (r.units === "imperial" ? "°F" : "°C") };
    },
  };
}
