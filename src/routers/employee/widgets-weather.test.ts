/**
 * The weather widget: widgets.weather and GET /json/weather?when&units (part 1 §7) against a local HTTP
 * server started here that speaks Open-Meteo's forecast API format (the one real provider,
 * src/services/employee/widgets/weather-provider.ts), on the test database (SQLite, or PostgreSQL with
 * TEST_DB=postgres): the request the provider gets, the answer's shape, not configured, no destination,
 * the provider failing or answering garbage, bad input, signed out, another user's move never used.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, test } from "bun:test";
import { clearProviderCache } from "../../services/employee/providers/public-fetch.ts";
import type { DB } from "../../db/index.ts";
import { weatherMessages } from "../../domain/employee/widgets/weather.ts";
import { appFor, cookieFor, get, jsonOf } from "../../test/app.ts";
import { callerFor, insertTestUser, testConfig } from "../../test/db.ts";
import { expectInputError, expectTrpcError } from "../../test/errors.ts";
import { useTestDatabase } from "../../test/fixtures.ts";

const t = useTestDatabase();
/** Each test sees its provider answer as configured now, not a cached one (issue 24 §7: answers are cached). */
beforeEach(() => clearProviderCache());

type Mode = "ok" | "error" | "garbage";
let mode: Mode = "ok";
const seen: URLSearchParams[] = [];
let server: ReturnType<typeof Bun.serve>;

/** Open-Meteo's daily forecast answer for the asked days (values derived from the date, so each is checkable). */
function openMeteoAnswer(q: URLSearchParams) {
  const start = new Date(`${q.get("start_date")}T00:00:00Z`).getTime();
  const end = new Date(`${q.get("end_date")}T00:00:00Z`).getTime();
  const time: string[] = [];
  for (let d = start; d <= end; d += 86_400_000) time.push(new Date(d).toISOString().slice(0, 10));
  const f = q.get("temperature_unit") === "fahrenheit";
  return {
    latitude: Number(q.get("latitude")),
    longitude: Number(q.get("longitude")),
    timezone: "Europe/Berlin",
    daily_units: { time: "iso8601", weather_code: "wmo code", temperature_2m_max: f ? "°F" : "°C", temperature_2m_min: f ? "°F" : "°C", precipitation_probability_max: "%" },
    daily: {
      time,
      weather_code: time.map((_, i) => [0, 3, 61, 95, 71, 45, 2][i % 7]!),
      temperature_2m_max: time.map((_, i) => (f ? 70.1 + i : 21.2 + i)),
      temperature_2m_min: time.map((_, i) => (f ? 50.3 + i : 10.4 + i)),
      // The provider may leave a value out: that day's probability is null, never made up.
      precipitation_probability_max: time.map((_, i) => (i === 1 ? null : i * 10)),
    },
  };
}

beforeAll(() => {
  server = Bun.serve({
    port: 0,
    hostname: "127.0.0.1",
    fetch(req) {
      const url = new URL(req.url);
      if (url.pathname !== "/v1/forecast") return new Response("not found", { status: 404 });
      seen.push(url.searchParams);
      if (mode === "error") return Response.json({ error: true, reason: "Rate limit" }, { status: 429 });
      if (mode === "garbage") return new Response("<html>maintenance</html>", { headers: { "content-type": "text/html" } });
      return Response.json(openMeteoAnswer(url.searchParams));
    },
  });
});
afterAll(() => server.stop(true));

const configured = () => testConfig({ WEATHER_API_URL: `http://127.0.0.1:${server.port}/v1/forecast` });

let seq = 0;
/** A user of acme with an open move to a planted city (Berlin's coordinates). */
async function employeeWithDestination(db: DB, withCity = true) {
  const email = `weather-${Date.now()}-${++seq}@acme.test`;
  const userId = await insertTestUser(db, { email, group: "acme" });
  const city = withCity
    ? await db.insertInto("cities").values({ country_code: "DE", state_code: "BE", name: `Berlin ${seq}`, latitude: "52.52437", longitude: "13.41053" }).returning("id").executeTakeFirstOrThrow()
    : null;
  const model = await db.selectFrom("moves").selectAll().orderBy("id").limit(1).executeTakeFirstOrThrow();
  const now = new Date().toISOString();
  await db
    .insertInto("moves")
    .values({ group_id: model.group_id, employee_user_id: userId, policy_id: model.policy_id, policy_version_id: model.policy_version_id, status: "open", created_at: now, updated_at: now, destination_country_code: "DE", destination_city_id: city?.id ?? null, destination_city_name: city ? `Berlin ${seq}` : null })
    .execute();
  return { email, userId, place: `Berlin ${seq}, DE` };
}

const today = () => new Date().toISOString().slice(0, 10);
const plusDays = (n: number) => new Date(Date.now() + n * 86_400_000).toISOString().slice(0, 10);

describe("widgets.weather (tRPC)", () => {
  test("the forecast at the move's destination: the provider is asked in its own format; 7 days from `when`", async () => {
    mode = "ok";
    const u = await employeeWithDestination(t.db);
    const caller = await callerFor(t.db, u.email, { config: configured() });
    const view = await caller.widgets.weather({});
    const q = seen.at(-1)!;
    expect(q.get("latitude")).toBe("52.52437");
    expect(q.get("longitude")).toBe("13.41053");
    expect(q.get("daily")).toBe("weather_code,temperature_2m_max,temperature_2m_min,precipitation_probability_max");
    expect(q.get("start_date")).toBe(today());
    expect(q.get("end_date")).toBe(plusDays(6));
    expect(q.get("temperature_unit")).toBeNull();
    expect(view).toMatchObject({ success: true, status: "OK", when: today(), units: "metric", place: u.place, temperatureUnit: "°C" });
    expect(view.weather).toHaveLength(7);
    expect(view.weather[0]).toEqual({ date: today(), code: 0, description: "Clear sky", temperatureMax: 21.2, temperatureMin: 10.4, precipitationProbability: 0 });
    expect(view.weather[1]).toMatchObject({ code: 3, description: "Overcast", precipitationProbability: null });
    expect(view.weather[2]!.description).toBe("Rain");

    const imperial = await caller.widgets.weather({ when: plusDays(12), units: "imperial" });
    expect(seen.at(-1)!.get("temperature_unit")).toBe("fahrenheit");
    expect(seen.at(-1)!.get("end_date")).toBe(plusDays(15));
    expect(imperial).toMatchObject({ when: plusDays(12), units: "imperial", temperatureUnit: "°F" });
    expect(imperial.weather).toHaveLength(4);
    expect(imperial.weather[0]!.temperatureMax).toBe(70.1);
  });

  test("not configured: says so, no data, the provider is not asked", async () => {
    const u = await employeeWithDestination(t.db);
    const before = seen.length;
    const view = await (await callerFor(t.db, u.email, { config: testConfig() })).widgets.weather({});
    expect(view).toMatchObject({ success: false, status: "NOT_CONFIGURED", message: weatherMessages.notConfigured, weather: [], place: null });
    expect(seen.length).toBe(before);
  });

  test("no destination city (or no move, or another user's move only): says so, no data", async () => {
    mode = "ok";
    const noCity = await employeeWithDestination(t.db, false);
    const other = await employeeWithDestination(t.db);
    const email = `weather-none-${Date.now()}@acme.test`;
    await insertTestUser(t.db, { email, group: "acme" });
    for (const who of [noCity.email, email, "hr@acme.test"]) {
      const view = await (await callerFor(t.db, who, { config: configured() })).widgets.weather({});
      expect(view).toMatchObject({ success: false, status: "NO_DESTINATION", message: weatherMessages.noDestination, weather: [] });
      expect(JSON.stringify(view)).not.toContain(other.place);
    }
  });

  test("the provider failing or answering garbage: UNAVAILABLE, no data, no 500", async () => {
    const u = await employeeWithDestination(t.db);
    const caller = await callerFor(t.db, u.email, { config: configured() });
    for (const m of ["error", "garbage"] as const) {
      mode = m;
      clearProviderCache();
      expect(await caller.widgets.weather({})).toMatchObject({ success: false, status: "UNAVAILABLE", message: weatherMessages.unavailable, weather: [], place: u.place });
    }
    mode = "ok";
    const down = await callerFor(t.db, u.email, { config: testConfig({ WEATHER_API_URL: "http://127.0.0.1:1/v1/forecast" }) });
    expect((await down.widgets.weather({})).status).toBe("UNAVAILABLE");
  });

  test("bad input and signed out are refused", async () => {
    const u = await employeeWithDestination(t.db);
    const caller = await callerFor(t.db, u.email, { config: configured() });
    await expectInputError(caller.widgets.weather({ when: "tomorrow" }), "when");
    await expectInputError(caller.widgets.weather({ units: "kelvin" as never }), "units");
    await expectTrpcError(caller.widgets.weather({ when: plusDays(16) }), "BAD_REQUEST", weatherMessages.when);
    await expectTrpcError(caller.widgets.weather({ when: plusDays(-1) }), "BAD_REQUEST", weatherMessages.when);
    await expectTrpcError(caller.widgets.weather({ when: "2026-02-30" }), "BAD_REQUEST", weatherMessages.when);
    await expectTrpcError((await callerFor(t.db, null, { config: configured() })).widgets.weather({}), "UNAUTHORIZED");
  });
});

describe("GET /json/weather?when&units (documented path)", () => {
  test("the weather JSON; bad input 400; signed out 401", async () => {
    mode = "ok";
    const config = configured();
    const app = appFor(t.db, { config });
    const u = await employeeWithDestination(t.db);
    const cookie = await cookieFor(t.db, u.email, config);
    const { status, body } = await jsonOf(await get(app, `/json/weather?when=${plusDays(1)}&units=imperial`, { cookie }));
    expect(status).toBe(200);
    expect(body).toMatchObject({ success: true, when: plusDays(1), units: "imperial", place: u.place });
    expect(body.weather).toHaveLength(7);
    expect((await get(app, "/json/weather?units=kelvin", { cookie })).status).toBe(400);
    expect((await get(app, "/json/weather?when=yesterday", { cookie })).status).toBe(400);
    expect((await get(app, "/json/weather")).status).toBe(401);
  });
});
