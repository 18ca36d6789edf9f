import { defineConfig } from "@playwright/test";
import base from "../../playwright.config.ts";

/**
 * Runs e2e/reminders alone against the web build already in dist/web (`bun run scripts/build-web.ts`), without
 * the suite's servers: reminders.spec.ts starts its own Meridian with a real SMTP server beside it. For when the
 * suite's servers cannot start (e.g. another area's bundle over budget):
 *   E2E_PORT=4105 bash scripts/e2e.sh -c e2e/reminders/standalone.config.ts --reporter=line
 */
export default defineConfig({ ...base, testDir: ".", webServer: undefined, globalTeardown: undefined, projects: [{ name: "chromium" }] });
