// SKELETON (lead): helper A fills this file. Mounted in src/server/app.ts.
import type { Hono } from "hono";
import type { AppDeps, AppEnv } from "../../server/app.ts";

/** part 1 §7 wizard calls under /hr/json/…, /{group}/complete-initiation, /form/prefill, /splash/… */
export function mountLegacyWizard(_app: Hono<AppEnv>, _deps: AppDeps) {}
