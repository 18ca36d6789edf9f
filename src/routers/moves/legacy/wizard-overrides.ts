/**
 * part 1 §7 wizard stage 3 calls under /hr/json/…: getPolicyOverrides, employeePolicyServiceBenefits,
 * storePolicyOverrides. Each parses with the tRPC procedure's schema and calls the same service
 * function (src/services/moves/wizard/overrides.ts). Failures answer `{success: false, errorMessage}`
 * with the error's HTTP status; a store that fails its checks answers 400 with the per-field errors.
 * The wizard's roles (HR of the group or ADMIN) are checked before the request is read (issue 23 item 13).
 */
import type { Hono } from "hono";
import { wizardMessages } from "../../../domain/moves/wizard/messages.ts";
import {
  ZEmployeePolicyServiceBenefitsRequest,
  ZPolicyOverridesRequest,
  ZStorePolicyOverridesRequest,
} from "../../../domain/moves/wizard/override-schemas.ts";
import { clientIp, errorMessageFailure, legacyRoute } from "../../../server/http.ts";
import type { AppDeps, AppEnv } from "../../../server/types.ts";
import { moveForCaller, WIZARD_ROLES } from "../../../services/moves/wizard/access.ts";
import { EMPLOYEE_POLICY_READERS, employeePolicyServiceBenefits, policyOverrides, storePolicyOverrides } from "../../../services/moves/wizard/overrides.ts";

export function mountLegacyWizardOverrides(app: Hono<AppEnv>, deps: AppDeps) {
  const { db } = deps;
  const failure = errorMessageFailure(wizardMessages.generic);

  legacyRoute(app, {
    method: "GET",
    path: "/hr/json/getPolicyOverrides",
    roles: WIZARD_ROLES,
    input: ZPolicyOverridesRequest,
    run: async (_c, { input, user }) => policyOverrides(db, user!, await moveForCaller(db, user!, input)),
    failure,
  });

  legacyRoute(app, {
    method: "GET",
    path: "/hr/json/employeePolicyServiceBenefits",
    roles: EMPLOYEE_POLICY_READERS,
    input: ZEmployeePolicyServiceBenefitsRequest,
    run: async (_c, { input, user }) => employeePolicyServiceBenefits(db, user!, input),
    failure,
  });

  legacyRoute(app, {
    method: "POST",
    path: "/hr/json/storePolicyOverrides",
    roles: WIZARD_ROLES,
    input: ZStorePolicyOverridesRequest,
    run: async (c, { input, user }) => {
      const move = await moveForCaller(db, user!, input);
      const result = await storePolicyOverrides(db, { user: user!, ip: clientIp(c) }, move, input);
      return result.success ? result : c.json({ ...result, errorMessage: result.message ?? wizardMessages.generic }, 400);
    },
    failure,
  });
}
