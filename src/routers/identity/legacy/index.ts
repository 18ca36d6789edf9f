/**
 * The identity room's documented paths (the spec's legacy HTTP calls), mounted on the Hono app by
 * src/server/app.ts. Each file holds one area's paths; ./<area>.openapi.ts beside it describes them.
 */
import type { Hono } from "hono";
import type { AppDeps, AppEnv } from "../../../server/types.ts";
import { mountLegacyAuth } from "./auth.ts";
import { mountLegacyAccount } from "./account.ts";
import { mountLegacyRecovery } from "./recovery.ts";
import { mountLegacySso } from "./sso.ts";
import { mountLegacySocialLogin } from "./social-login.ts";

export function mountIdentityPaths(app: Hono<AppEnv>, deps: AppDeps): void {
  mountLegacyAuth(app, deps);
  mountLegacyAccount(app, deps);
  mountLegacyRecovery(app, deps);
  mountLegacySso(app, deps);
  mountLegacySocialLogin(app, deps);
}
