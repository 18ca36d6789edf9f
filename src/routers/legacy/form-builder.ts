// SKELETON (lead): helper B fills this file. Mounted in src/server/app.ts.
import type { Hono } from "hono";
import type { AppDeps, AppEnv } from "../../server/app.ts";

/** part 2 §7 form builder calls under /formBuilder/… */
export function mountLegacyFormBuilder(_app: Hono<AppEnv>, _deps: AppDeps) {}
