import { z } from "zod";
import { ZId } from "../../domain/numbers.ts";
import { POLICY_ROLES, policyForCaller, versionForCaller, type PolicyAccess } from "../../services/policy/access.ts";
import { roleProcedure, sync } from "../../trpc.ts";

const ZPolicyIdInput = z.object({ policyId: ZId });
const ZVersionIdInput = z.object({ policyVersionId: ZId });

/**
 * Policy-scoped procedures: input `{ policyId }` (merged with the procedure's own input);
 * `ctx.policy` is the policy after the role and group check ("read": ADMIN or the group's HR,
 * "write": ADMIN).
 */
export function policyProcedure(access: PolicyAccess) {
  return roleProcedure(...POLICY_ROLES[access]).input(sync(ZPolicyIdInput)).use(async ({ ctx, input, next }) => {
    const policy = await policyForCaller(ctx.db, ctx.user, input.policyId, access);
    return next({ ctx: { ...ctx, policy } });
  });
}

/**
 * Version-scoped procedures: input `{ policyVersionId }`; `ctx.version` after the checks. "write"
 * also requires the version to be a DRAFT.
 */
export function versionProcedure(access: PolicyAccess) {
  return roleProcedure(...POLICY_ROLES[access]).input(sync(ZVersionIdInput)).use(async ({ ctx, input, next }) => {
    const version = await versionForCaller(ctx.db, ctx.user, input.policyVersionId, access);
    return next({ ctx: { ...ctx, version } });
  });
}
