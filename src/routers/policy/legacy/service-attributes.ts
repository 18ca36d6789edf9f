import type { Context, Hono } from "hono";
import { ZConfigureAttributeRequest, ZGroupAttributesRequest } from "../../../domain/policy/benefit-schemas.ts";
import { policyMessages } from "../../../domain/policy/messages.ts";
import { configureAttribute, groupAttributes } from "../../../services/policy/catalogue.ts";
import { POLICY_ROLES } from "../../../services/policy/access.ts";
import { clientIp, errorMessageFailure, legacyRoute, legacyUser, parseFields, readFields } from "../../../server/http.ts";
import type { AppDeps, AppEnv } from "../../../server/types.ts";

type C = Context<AppEnv>;

/** Base of the service attribute calls (part 2 §7, written with a leading slash). */
export const SERVICE_ATTRIBUTES_BASE = "/api/v1/services";

/**
 * part 2 §7 service attributes per group or per policy (the admin's "service attribute visibility
 * for HR"). Each handler parses with the tRPC procedure's schema (`policy.catalogue.groupAttributes`,
 * `policy.catalogue.configureAttribute`) and calls the same service function; failures answer
 * `{ success: false, errorMessage }` with the call's §8 text for anything unexpected.
 */
export function mountLegacyServiceAttributes(app: Hono<AppEnv>, deps: AppDeps) {
  const { db } = deps;
  // A GET reads (ADMIN, HR), a PUT configures (ADMIN): checked before the request is read (issue 23 item 13).
  const serve = (method: "GET" | "PUT", path: string, fallback: string, run: (c: C) => Promise<unknown>) =>
    legacyRoute(
      app,
      method,
      path,
      run,
      errorMessageFailure(fallback),
      method === "GET" ? POLICY_ROLES.read : POLICY_ROLES.write,
    );
  const callerOf = (c: C) => ({ user: legacyUser(c), ip: clientIp(c) });

  serve("GET", `${SERVICE_ATTRIBUTES_BASE}/:serviceType/attributes`, policyMessages.attributesLoadFailure, async (c) => {
    const caller = callerOf(c);
    const input = parseFields(ZGroupAttributesRequest, { ...(await readFields(c)), serviceType: c.req.param("serviceType") });
    return groupAttributes(db, caller, input);
  });

  serve("PUT", `${SERVICE_ATTRIBUTES_BASE}/:serviceType/attributes/:id/configurations`, policyMessages.attributeUpdateFailure, async (c) => {
    const caller = callerOf(c);
    const input = parseFields(ZConfigureAttributeRequest, {
      ...(await readFields(c)),
      serviceType: c.req.param("serviceType"),
      attributeId: c.req.param("id"),
    });
    return configureAttribute(db, caller, input);
  });
}
