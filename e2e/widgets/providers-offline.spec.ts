import { spawn, type ChildProcess } from "node:child_process";
import { connect } from "node:net";
import { rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { demo, expect, expectAccessible, test } from "../fixtures.ts";
import { overflowing } from "../layout/overflow.ts";

/**
 * Issue 24 §7: without internet each box says it could not reach its provider (not "not configured"). This
 * spec starts a second Meridian (fresh SQLite, demo data, the web bundle the suite built) whose providers all
 * point at a closed port on 127.0.0.1, and walks the employee's home and overview at 1366 and 390 px:
 * the weather box says "Could not reach Open-Meteo.", the currency box "Could not reach the European Central
 * Bank." (and still converts with the stored rates), the overview "Could not reach OpenStreetMap Overpass." and its
 * map "Could not reach OpenStreetMap's map tiles.".
 */

const PORT = Number(process.env.E2E_PORT ?? 3210) + 25_500;
const CLOSED = Number(process.env.E2E_PORT ?? 3210) + 25_600;
const origin = `http://127.0.0.1:${PORT}`;
const dead = `http://127.0.0.1:${CLOSED}`;
const databaseUrl = join(tmpdir(), `meridian-e2e-offline-${Date.now()}-${process.pid}.sqlite`);
let server: ChildProcess | null = null;

/** Whether something answers on the port (the "closed" one must not). */
const listening = (port: number) =>
  new Promise<boolean>((resolve) => {
    const socket = connect({ port, host: "127.0.0.1" });
    socket.once("connect", () => (socket.destroy(), resolve(true)));
    socket.once("error", () => resolve(false));
  });

test.describe.configure({ mode: "serial" });

test.beforeAll(async () => {
  test.setTimeout(300_000);
  expect(await listening(CLOSED), `port ${CLOSED} must be closed`).toBe(false);
  server = spawn("bun", ["run", "src/main.ts"], {
    stdio: ["ignore", "ignore", "inherit"],
    env: {
      ...process.env,
      PORT: String(PORT),
      HOST: "127.0.0.1",
      DATABASE_URL: databaseUrl,
      SEED_DEMO: "1",
      LOG_REQUESTS: "0",
      ALLOW_PRIVATE_FETCH: "1",
      WEATHER_API_URL: `${dead}/v1/forecast`,
      OVERPASS_API_URL: `${dead}/api/interpreter`,
      WIKIPEDIA_API_URL: `${dead}/api/rest_v1`,
      ROUTING_API_URL: dead,
      GEOCODER_API_URL: dead,
      SOCIAL_API_URL: dead,
      ECB_RATES_URL: `${dead}/eurofxref-daily.xml`,
      MAP_TILES_URL: `${dead}/tiles/{z}/{x}/{y}.png`,
      PROVIDER_CONTACT: "e2e@meridian.test",
    },
  });
  for (let i = 0; i < 280; i++) {
    const up = await fetch(`${origin}/api/health`).then((r) => r.ok, () => false);
    if (up) return;
    await new Promise((r) => setTimeout(r, 1000));
  }
  throw new Error("the offline server did not start");
});

test.afterAll(() => {
  server?.kill("SIGTERM");
  for (const suffix of ["", "-wal", "-shm"]) rmSync(`${databaseUrl}${suffix}`, { force: true });
});

for (const size of [{ width: 1366, height: 900 }, { width: 390, height: 844 }]) {
  test(`no internet at ${size.width} px: each box says it could not reach its provider`, async ({ page }) => {
    test.setTimeout(120_000);
    await page.setViewportSize(size);
    const login = await page.request.post(`${origin}/login`, { form: { email: demo.globexEmployee, password: "Demo#2026pass" }, headers: { Origin: origin } });
    expect(login.status()).toBe(200);

    await page.goto(`${origin}/`);
    const weather = page.getByRole("region", { name: "Weather" });
    await expect(weather).toContainText("Could not reach Open-Meteo.", { timeout: 20_000 });
    await expect(weather).not.toContainText("not configured");
    const currencies = page.getByRole("region", { name: "Currencies" });
    await expect(currencies.getByTestId("currency-rates-message")).toHaveText("Could not reach the European Central Bank.", { timeout: 20_000 });
    await expect(currencies.getByTestId("currency-rates-source")).toHaveText("Stored exchange rates");
    await expect(currencies.getByText(/^1 [A-Z]{3} = [0-9.]+ [A-Z]{3}$/).first()).toBeVisible();
    await expectAccessible(page);
    expect((await overflowing(page)).scrollWidth).toBeLessThanOrEqual(size.width);

    await page.goto(`${origin}/overview`);
    await expect(page.getByText("Could not reach OpenStreetMap Overpass.")).toBeVisible({ timeout: 20_000 });
    await expect(page.getByText("Neighbourhoods are not configured on this server.")).toHaveCount(0);
    await expect(page.getByTestId("no-map")).toContainText("Could not reach OpenStreetMap's map tiles.");
    await expectAccessible(page);
    expect((await overflowing(page)).scrollWidth).toBeLessThanOrEqual(size.width);
  });
}
