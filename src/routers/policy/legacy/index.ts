/**
 * The policy room's documented paths (the spec's legacy HTTP calls), mounted on the Hono app by
 * src/server/app.ts. Each file holds one area's paths; ./<area>.openapi.ts beside it describes them.
 */
import type { Hono } from "hono";
import type { AppDeps, AppEnv } from "../../../server/types.ts";
import { mountLegacyPolicy } from "./policy.ts";
import { mountLegacyPolicyBenefits } from "./benefits.ts";
import { mountLegacyServiceAttributes } from "./service-attributes.ts";
import { mountLegacyFormBuilder } from "./form-builder.ts";

export function mountPolicyPaths(app: Hono<AppEnv>, deps: AppDeps): void {
  mountLegacyPolicy(app, deps);
  mountLegacyPolicyBenefits(app, deps);
  mountLegacyServiceAttributes(app, deps);
  mountLegacyFormBuilder(app, deps);
}
