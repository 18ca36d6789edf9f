/**
 * The overview page's providers for the browser test (e2e/overview/overview.spec.ts): one local server
 * speaking Overpass, Wikipedia summary, OSRM, Nominatim, RentCast and a static map image
 * (src/test/overview-providers.ts, the same one the integration tests start), started by
 * playwright.config.ts on OVERVIEW_PROVIDERS_PORT so the real adapters run without the internet.
 */
import { startFakeProviders } from "../../src/test/overview-providers.ts";

startFakeProviders(Number(process.env.OVERVIEW_PROVIDERS_PORT ?? 0));
