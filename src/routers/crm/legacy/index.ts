/** The crm room's documented paths (part 2 §7 "Welcome call and CRM"), mounted on the Hono app by src/server/app.ts. */
import type { Hono } from "hono";
import type { AppDeps, AppEnv } from "../../../server/types.ts";
import { mountLegacyCrmReminders } from "./reminders.ts";

export function mountCrmPaths(app: Hono<AppEnv>, deps: AppDeps): void {
  mountLegacyCrmReminders(app, deps);
}
