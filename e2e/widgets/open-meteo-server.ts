/**
 * A local server speaking Open-Meteo's forecast API format (GET /v1/forecast?latitude&longitude&daily
 * &start_date&end_date&temperature_unit), started by playwright.config.ts for the weather widget's
 * browser test so the real provider adapter (src/services/employee/widgets/weather-provider.ts) is exercised
 * without the internet. Values follow from the request (day index), so the test can check them.
 */
const port = Number(process.env.OPEN_METEO_PORT ?? 0);

Bun.serve({
  port,
  hostname: "127.0.0.1",
  fetch(req) {
    const url = new URL(req.url);
    if (url.pathname === "/health") return new Response("ok");
    if (url.pathname !== "/v1/forecast") return new Response("not found", { status: 404 });
    const q = url.searchParams;
    const start = new Date(`${q.get("start_date")}T00:00:00Z`).getTime();
    const end = new Date(`${q.get("end_date")}T00:00:00Z`).getTime();
    if (!Number.isFinite(start) || !Number.isFinite(end) || !q.get("latitude") || !q.get("longitude")) {
      return Response.json({ error: true, reason: "Parameter start_date, end_date, latitude and longitude are required" }, { status: 400 });
    }
    const time: string[] = [];
    for (let d = start; d <= end; d += 86_400_000) time.push(new Date(d).toISOString().slice(0, 10));
    const f = q.get("temperature_unit") === "fahrenheit";
    return Response.json({
      latitude: Number(q.get("latitude")),
      longitude: Number(q.get("longitude")),
      timezone: "UTC",
      daily_units: { time: "iso8601", weather_code: "wmo code", temperature_2m_max: f ? "°F" : "°C", temperature_2m_min: f ? "°F" : "°C", precipitation_probability_max: "%" },
      daily: {
        time,
        weather_code: time.map((_, i) => [0, 3, 61, 95, 71, 45, 2][i % 7]!),
        temperature_2m_max: time.map((_, i) => (f ? 70 + i : 21 + i)),
        temperature_2m_min: time.map((_, i) => (f ? 50 + i : 10 + i)),
        precipitation_probability_max: time.map((_, i) => i * 10),
      },
    });
  },
});
