import type { Hono } from "hono";
import type { AppDeps, AppEnv } from "../../server/app.ts";

/** Documented policy-configuration paths (part 2 §7); filled by the policy issue. */
export function mountLegacyPolicyBenefits(app: Hono<AppEnv>, deps: AppDeps) {
  void app;
  void deps;
}
