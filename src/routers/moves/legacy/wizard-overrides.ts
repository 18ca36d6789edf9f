/**
 * part 1 §7 wizard stage 3 calls under /hr/json/…: getPolicyOverrides, employeePolicyServiceBenefits,
 * storePolicyOverrides. Each parses with the tRPC procedure's schema and calls the same service
 * function (src/services/moves/wizard/overrides.ts). Failures answer `{success: false, errorMessage}`
 * with the error's HTTP status; a store that fails its checks answers 400 with the per-field errors.
 */
import type { Context, Hono } from "hono";
import { AppError, publicError } from "../../../domain/errors.ts";
import { wizardMessages } from "../../../domain/moves/wizard/messages.ts";
import {
  ZEmployeePolicyServiceBenefitsRequest,
  ZPolicyOverridesRequest,
  ZStorePolicyOverridesRequest,
} from "../../../domain/moves/wizard/override-schemas.ts";
import { clientIp, httpStatusOf, legacyUserWithRole, logUnexpected, parseFields, readFields } from "../../../server/http.ts";
import type { AppDeps, AppEnv } from "../../../server/types.ts";
import type { SessionUser } from "../../../services/identity/auth.ts";
import { moveForCaller, WIZARD_ROLES } from "../../../services/moves/wizard/access.ts";
import type { Role } from "../../../domain/roles.ts";
import { EMPLOYEE_POLICY_READERS, employeePolicyServiceBenefits, policyOverrides, storePolicyOverrides } from "../../../services/moves/wizard/overrides.ts";

type Run = (c: Context<AppEnv>, user: SessionUser) => Promise<{ status?: 200 | 400; body: object }>;

export function mountLegacyWizardOverrides(app: Hono<AppEnv>, deps: AppDeps) {
  const { db } = deps;
  const serve = (method: "get" | "post", path: string, run: Run, roles: readonly Role[] = WIZARD_ROLES) => {
    const handler = async (c: Context<AppEnv>) => {
      try {
        // The wizard's roles (HR of the group or ADMIN) before the request is read (issue 23 item 13).
        const { status, body } = await run(c, legacyUserWithRole(c, roles));
        return c.json(body, status ?? 200);
      } catch (error) {
        logUnexpected(path, error);
        const pub = publicError(error);
        const errorMessage = error instanceof AppError ? pub.message : wizardMessages.generic;
        return c.json({ success: false, errorMessage, ...(pub.fields ? { fields: pub.fields } : {}) }, httpStatusOf(error));
      }
    };
    for (const p of [path, `${path}/`]) app.on(method.toUpperCase(), p, handler);
  };

  serve("get", "/hr/json/getPolicyOverrides", async (c, user) => {
    const input = parseFields(ZPolicyOverridesRequest, await readFields(c));
    const move = await moveForCaller(db, user, input);
    return { body: await policyOverrides(db, user, move) };
  });

  serve(
    "get",
    "/hr/json/employeePolicyServiceBenefits",
    async (c, user) => ({
      body: await employeePolicyServiceBenefits(db, user, parseFields(ZEmployeePolicyServiceBenefitsRequest, await readFields(c))),
    }),
    EMPLOYEE_POLICY_READERS,
  );

  serve("post", "/hr/json/storePolicyOverrides", async (c, user) => {
    const input = parseFields(ZStorePolicyOverridesRequest, await readFields(c));
    const move = await moveForCaller(db, user, input);
    const result = await storePolicyOverrides(db, { user, ip: clientIp(c) }, move, input);
    if (!result.success) return { status: 400, body: { ...result, errorMessage: result.message ?? wizardMessages.generic } };
    return { body: result };
  });
}
