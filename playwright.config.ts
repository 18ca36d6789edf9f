import { defineConfig } from "@playwright/test";
import { tmpdir } from "node:os";
import { join } from "node:path";

/**
 * Browser tests in the system Chromium (never Playwright's download). The config starts the
 * server on a fresh SQLite file each run, so demo data is seeded anew; the main process and
 * the workers share the file name through the environment.
 */
const PORT = Number(process.env.E2E_PORT ?? 3210);
export const baseURL = `http://127.0.0.1:${PORT}`;
process.env.E2E_DATABASE_URL ??= join(tmpdir(), `meridian-e2e-${Date.now()}-${process.pid}.sqlite`);
const databaseUrl = process.env.E2E_DATABASE_URL;
/** The local Open-Meteo-format server of the weather widget's test (e2e/widgets/open-meteo-server.ts). */
const OPEN_METEO_PORT = PORT + 20_000;
/** The local Mastodon-API server of the connections page's test (e2e/social/mastodon-server.ts). */
const MASTODON_PORT = PORT + 21_000;
/** The local server of the overview page's providers (e2e/overview/providers-server.ts: Overpass, Wikipedia, OSRM, Nominatim, RentCast, static maps). */
const OVERVIEW_PROVIDERS_PORT = PORT + 23_500;
const overviewProviders = `http://127.0.0.1:${OVERVIEW_PROVIDERS_PORT}`;
/** The OpenID Connect provider of the social sign-in test (e2e/social-login/provider-server.ts), named in SOCIAL_PROVIDERS below. */
const SOCIAL_IDP_PORT = PORT + 24_700;
const socialIdp = `http://127.0.0.1:${SOCIAL_IDP_PORT}`;

const chromiumArgs = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];

export default defineConfig({
  testDir: "./e2e",
  fullyParallel: true,
  workers: 2,
  // One retry in CI: on a loaded 2-core machine a browser test can miss a transient state; a test that
  // fails twice fails the run, and Playwright lists every retried test as "flaky" in the report.
  retries: process.env.CI ? 1 : 0,
  forbidOnly: !!process.env.CI,
  timeout: 30_000,
  expect: { timeout: 7_000 },
  reporter: process.env.CI ? [["list"], ["html", { open: "never" }]] : "list",
  globalTeardown: "./e2e/global-teardown.ts",
  use: {
    baseURL,
    browserName: "chromium",
    headless: true,
    launchOptions: { executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium", args: chromiumArgs },
    // Tracing slows every test down; turn it on when chasing a failure (E2E_TRACE=1).
    trace: process.env.E2E_TRACE ? "retain-on-failure" : "off",
    screenshot: "only-on-failure",
    locale: "en-GB",
    timezoneId: "UTC",
  },
  projects: [
    { name: "chromium", testIgnore: /\.serial\.spec\.ts$/ },
    // Tests that change shared demo data (suspending a group signs its users out; adding employees or moves to
    // acme, whose lists other specs read in order) run alone, after the rest.
    { name: "shared-data", testMatch: /\.serial\.spec\.ts$/, dependencies: ["chromium"], fullyParallel: false },
  ],
  webServer: [
    {
      command: "bun run e2e/widgets/open-meteo-server.ts",
      url: `http://127.0.0.1:${OPEN_METEO_PORT}/health`,
      reuseExistingServer: false,
      timeout: 30_000,
      stdout: "ignore",
      stderr: "pipe",
      env: { OPEN_METEO_PORT: String(OPEN_METEO_PORT) },
    },
    {
      command: "bun run e2e/overview/providers-server.ts",
      url: `${overviewProviders}/health`,
      reuseExistingServer: false,
      timeout: 30_000,
      stdout: "ignore",
      stderr: "pipe",
      env: { OVERVIEW_PROVIDERS_PORT: String(OVERVIEW_PROVIDERS_PORT) },
    },
    {
      command: "bun run e2e/social/mastodon-server.ts",
      url: `http://127.0.0.1:${MASTODON_PORT}/health`,
      reuseExistingServer: false,
      timeout: 30_000,
      stdout: "ignore",
      stderr: "pipe",
      env: { MASTODON_PORT: String(MASTODON_PORT) },
    },
    {
      command: "bun run e2e/social-login/provider-server.ts",
      url: `${socialIdp}/.well-known/openid-configuration`,
      reuseExistingServer: false,
      timeout: 30_000,
      stdout: "ignore",
      stderr: "pipe",
      env: { SOCIAL_IDP_PORT: String(SOCIAL_IDP_PORT), SOCIAL_IDP_REDIRECT: `${baseURL}/social-login/callback` },
    },
    {
      command: "bun run scripts/build-web.ts && bun run src/main.ts",
      url: `${baseURL}/api/health`,
      reuseExistingServer: false,
      timeout: 120_000,
      stdout: "ignore",
      stderr: "pipe",
      env: {
        PORT: String(PORT),
        HOST: "127.0.0.1",
        DATABASE_URL: databaseUrl,
        LOG_REQUESTS: "0",
        SEED_DEMO: "1",
        // The feedback box (issue 14) mails here; the outbox records it.
        FEEDBACK_EMAIL: "feedback@meridian.test",
        // The weather widget (issue 14) asks the local Open-Meteo-format server above.
        WEATHER_API_URL: `http://127.0.0.1:${OPEN_METEO_PORT}/v1/forecast`,
        // Social connections (issue 14) ask the local Mastodon-API server above.
        SOCIAL_API_URL: `http://127.0.0.1:${MASTODON_PORT}`,
        // The currency box keeps the stored demo rates here (issue 24 §7: the ECB's rates are the default elsewhere;
        // e2e/widgets/providers-offline.serial.spec.ts runs its own server with every provider unreachable).
        ECB_RATES_URL: "off",
        // The providers above (and the SSO provider of e2e/sso) run on 127.0.0.1 over http.
        ALLOW_PRIVATE_FETCH: "1",
        // The overview page (issue 14) asks the local providers server above.
        OVERPASS_API_URL: `${overviewProviders}/api/interpreter`,
        WIKIPEDIA_API_URL: `${overviewProviders}/api/rest_v1`,
        ROUTING_API_URL: overviewProviders,
        GEOCODER_API_URL: overviewProviders,
        PROPERTY_API_URL: `${overviewProviders}/v1`,
        PROPERTY_API_KEY: "test-key",
        STATIC_MAP_URL: `${overviewProviders}/staticmap`,
        // Social sign-in (issue 23 item 18): "Test ID" for acme's people, at the local provider above.
        SOCIAL_PROVIDERS: JSON.stringify([
          { id: "testid", name: "Test ID", issuer: socialIdp, clientId: "meridian-social-e2e", clientSecret: "meridian-social-e2e-secret", groups: ["acme"] },
        ]),
      },
    },
  ],
});
