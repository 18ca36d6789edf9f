// SKELETON (lead): helper B fills this file (getPolicyOverrides, employeePolicyServiceBenefits, storePolicyOverrides).
import type { Hono } from "hono";
import type { AppDeps, AppEnv } from "../../server/app.ts";

/** part 1 §7 wizard stage 3 calls under /hr/json/… */
export function mountLegacyWizardOverrides(_app: Hono<AppEnv>, _deps: AppDeps) {}
