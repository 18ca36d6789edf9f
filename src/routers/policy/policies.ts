import { z } from "zod";
import {
  ZCloneFields,
  ZCloneResponse,
  ZCompareVersionsFields,
  ZCompareVersionsResponse,
  ZCompleteFields,
  ZCompleteResponse,
  ZCreatePolicyFields,
  ZCreatePolicyResponse,
  ZCreateVersionResponse,
  ZDeleteDraftRequest,
  ZDetailsRequest,
  ZDetailsResponse,
  ZDropdownsRequest,
  ZDropdownsResponse,
  ZGetPolicyResponse,
  ZMoveTypeImpactRequest,
  ZMoveTypeImpactResponse,
  ZSearchPoliciesRequest,
  ZSearchPoliciesResponse,
  ZSetupResponse,
  ZSuccessResponse,
  ZUpdateSettingFields,
  ZValidationResponse,
} from "../../domain/policy/schemas.ts";
import {
  createPolicy,
  getPolicySetup,
  moveTypeImpact,
  policyDropdowns,
  searchPolicies,
  updateCostEstimatePackage,
  updatePolicySetting,
} from "../../services/policy/policies.ts";
import { versionDetails } from "../../services/policy/services.ts";
import { compareVersions } from "../../services/policy/version-compare.ts";
import { clonePolicy, completeVersion, createDraftVersion, deleteDraftVersion, validateVersionById } from "../../services/policy/versions.ts";
import { groupProcedure, roleProcedure, router, sync } from "../../trpc.ts";
import { POLICY_ROLES } from "../../services/policy/access.ts";
import { policyProcedure, versionProcedure } from "./procedures.ts";

const ZSearchFilters = ZSearchPoliciesRequest.omit({ group: true });
const ZCostEstimatePackage = z.object({
  estimatePackage: z.string().max(64),
  excludeCompensation: z.union([z.string().max(8), z.boolean()]).transform(String),
});

/**
 * Policies, their setup and versions (part 2 §7 "Policy configuration"). Reads: ADMIN, or HR of
 * the policy's group; writes: ADMIN, on DRAFT versions only. Each procedure calls the same service
 * function as its legacy path in src/routers/policy/legacy/policy.ts.
 */
export const policyPoliciesRouter = router({
  /** GET policies?groupId: the group's policies, by order then name; optional name, tag and status filters. */
  search: groupProcedure("HR", "ADMIN")
    .input(sync(ZSearchFilters))
    .output(sync(ZSearchPoliciesResponse))
    .query(({ ctx, input }) => searchPolicies(ctx.db, ctx.user, ctx.group.id, input)),

  /** GET dropdowns?policyId: every select's choices on policy setup (groupId for a new policy). */
  dropdowns: roleProcedure(...POLICY_ROLES.read)
    .input(sync(ZDropdownsRequest))
    .output(sync(ZDropdownsResponse))
    .query(({ ctx, input }) => policyDropdowns(ctx.db, ctx.user, input)),

  /** The policy setup page: settings, tags, versions and warnings. */
  get: policyProcedure("read")
    .output(sync(ZGetPolicyResponse))
    .query(({ ctx }) => getPolicySetup(ctx.db, ctx.policy)),

  /** POST /policy/setup/create: a new policy with its DRAFT version 1. */
  create: groupProcedure("ADMIN")
    .input(sync(ZCreatePolicyFields))
    .output(sync(ZCreatePolicyResponse))
    .mutation(({ ctx, input }) => createPolicy(ctx.db, { user: ctx.user, ip: ctx.ip }, ctx.group.id, input)),

  /** POST /policy/setup/{name} and PUT|POST setup/{policyId}/{setting}/{value}: one setup setting. */
  updateSetting: policyProcedure("write")
    .input(sync(ZUpdateSettingFields))
    .output(sync(ZSetupResponse))
    .mutation(({ ctx, input }) => updatePolicySetting(ctx.db, { user: ctx.user, ip: ctx.ip }, ctx.policy, input.setting, input.value)),

  /** PUT setup/{id}/costEstimatePackage/{pkg}/excludeCompensation/{bool}. */
  updateCostEstimatePackage: policyProcedure("write")
    .input(sync(ZCostEstimatePackage))
    .output(sync(ZSetupResponse))
    .mutation(({ ctx, input }) =>
      updateCostEstimatePackage(ctx.db, { user: ctx.user, ip: ctx.ip }, ctx.policy, input.estimatePackage, input.excludeCompensation),
    ),

  /** The users a move type change affects, for the confirmation before updateSetting("moveType"). */
  moveTypeImpact: policyProcedure("write")
    .input(sync(ZMoveTypeImpactRequest))
    .output(sync(ZMoveTypeImpactResponse))
    .query(({ ctx, input }) => moveTypeImpact(ctx.db, ctx.policy, input.moveType)),

  /** POST {policyId}/versions ("version link"): a DRAFT copy of the latest released version. */
  createVersion: policyProcedure("write")
    .output(sync(ZCreateVersionResponse))
    .mutation(({ ctx }) => createDraftVersion(ctx.db, { user: ctx.user, ip: ctx.ip }, ctx.policy)),

  /** POST {policyId}/clone ("clone link") with {customerName, name}: a new policy with a copy of the latest version. */
  clone: policyProcedure("write")
    .input(sync(ZCloneFields))
    .output(sync(ZCloneResponse))
    .mutation(({ ctx, input }) => clonePolicy(ctx.db, { user: ctx.user, ip: ctx.ip }, ctx.policy, input)),

  /** DELETE policies/versions/{id}: deletes a DRAFT version (ADMIN). */
  deleteDraft: roleProcedure(...POLICY_ROLES.write)
    .input(sync(ZDeleteDraftRequest))
    .output(sync(ZSuccessResponse))
    .mutation(({ ctx, input }) => deleteDraftVersion(ctx.db, { user: ctx.user, ip: ctx.ip }, input.policyVersionId)),

  /** POST /policy/versions/{versionId}/complete: validates and releases the draft. */
  complete: versionProcedure("write")
    .input(sync(ZCompleteFields))
    .output(sync(ZCompleteResponse))
    .mutation(({ ctx, input }) => completeVersion(ctx.db, { user: ctx.user, ip: ctx.ip }, ctx.version, input.ignoreMandatory)),

  /** What differs from one version of the policy to another (the setup page's versions list, "Compare"). */
  compareVersions: policyProcedure("read")
    .input(sync(ZCompareVersionsFields))
    .output(sync(ZCompareVersionsResponse))
    .query(({ ctx, input }) => compareVersions(ctx.db, ctx.policy, input.fromVersionId, input.toVersionId)),

  /** GET versions/{version}/validation: the version's submit errors. */
  validation: versionProcedure("read")
    .output(sync(ZValidationResponse))
    .query(({ ctx }) => validateVersionById(ctx.db, ctx.version)),

  /** GET versions/{version}/details?moveStageId=: move stages with services, budget groups and addable services. */
  details: versionProcedure("read")
    .input(sync(ZDetailsRequest))
    .output(sync(ZDetailsResponse))
    .query(({ ctx, input }) => versionDetails(ctx.db, ctx.version, input.moveStageId, ctx.user)),
});
