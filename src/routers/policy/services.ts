import {
  ZAssignBudgetGroupResponse,
  ZBudgetFields,
  ZBudgetGroupFields,
  ZBudgetGroupNumber,
  ZBudgetGroupRef,
  ZBudgetGroupResponse,
  ZBudgetResponse,
  ZCopyStageRequest,
  ZCopyStageResponse,
  ZId,
  ZRatesRequest,
  ZRatesResponse,
  ZRemoveServiceFields,
  ZServicePatch,
  ZServicePropertiesResponse,
  ZServiceRef,
  ZServiceResponse,
  ZSuccessResponse,
  ZUploadRatesRequest,
  ZUploadRatesResponse,
} from "../../domain/policy/schemas.ts";
import { AppError } from "../../domain/errors.ts";
import { ZServiceEstimateSettingsResponse } from "../../domain/policy/service-estimate.ts";
import { serviceCostEstimateSettings } from "../../services/policy/service-estimate.ts";
import { policyMessages } from "../../domain/policy/messages.ts";
import { addBudget, deleteBudget, updateBudget, updateBudgetGroup } from "../../services/policy/budgets.ts";
import { budgetGroupForCaller, rateRows, uploadRates } from "../../services/policy/rates.ts";
import { addStageService, assignBudgetGroup, copyMoveStage, removeStageService } from "../../services/policy/services-stage.ts";
import { updateStageService } from "../../services/policy/services-update.ts";
import { serviceProperties } from "../../services/policy/services.ts";
import { POLICY_ROLES, type PolicyAccess } from "../../services/policy/access.ts";
import { roleProcedure, router, sync } from "../../trpc.ts";
import { policyProcedure, versionProcedure } from "./procedures.ts";

/** Budget-group-scoped procedures (rates): input `{ budgetGroupId }` (the budget_groups row); `ctx.budgetGroup`, `ctx.version` after the checks. */
function budgetGroupProcedure(access: PolicyAccess) {
  return roleProcedure(...POLICY_ROLES[access]).input(sync(ZRatesRequest)).use(async ({ ctx, input, next }) => {
    const { group, version } = await budgetGroupForCaller(ctx.db, ctx.user, input.budgetGroupId, access);
    return next({ ctx: { ...ctx, budgetGroup: group, version } });
  });
}

const ZBudgetRef = ZBudgetGroupRef.extend({ budgetId: ZId });

/**
 * Move-stage services, budget groups, budgets, rates, stage copy and service properties (part 2
 * §7 "Policy configuration"). Service writes act on the named DRAFT version; budget writes on the
 * policy's DRAFT. Each procedure calls the same service function as its legacy path.
 */
export const policyServicesRouter = router({
  /** GET service-properties?policyId: each service's attributes with the policy's values (HR: visible ones). */
  properties: policyProcedure("read")
    .output(sync(ZServicePropertiesResponse))
    .query(({ ctx }) => serviceProperties(ctx.db, ctx.user, ctx.policy)),

  /** The cost-estimates popup of a policy-details service (part 2 §2): what a new move's estimate uses for it. Read only. */
  costEstimateSettings: versionProcedure("read")
    .input(sync(ZServiceRef))
    .output(sync(ZServiceEstimateSettingsResponse))
    .query(({ ctx, input }) => serviceCostEstimateSettings(ctx.db, ctx.version, input.moveStage, input.serviceKey)),

  /** PUT {policyId}/versions/{v}/movestages/{stage}/services/{serviceName}: adds a catalogue service. */
  add: versionProcedure("write")
    .input(sync(ZServiceRef))
    .output(sync(ZServiceResponse))
    .mutation(({ ctx, input }) => addStageService(ctx.db, { user: ctx.user, ip: ctx.ip }, ctx.version, input.moveStage, input.serviceKey)),

  /** DELETE same path (optional budgetGroupId): removes the service. */
  remove: versionProcedure("write")
    .input(sync(ZServiceRef.extend(ZRemoveServiceFields.shape)))
    .output(sync(ZSuccessResponse))
    .mutation(({ ctx, input }) =>
      removeStageService(ctx.db, { user: ctx.user, ip: ctx.ip }, ctx.version, input.moveStage, input.serviceKey, input.budgetGroupId),
    ),

  /** PATCH same path: any of the move-stage service's fields. */
  update: versionProcedure("write")
    .input(sync(ZServiceRef.extend(ZServicePatch.shape)))
    .output(sync(ZServiceResponse))
    .mutation(({ ctx, input }) => {
      const { moveStage, serviceKey, policyVersionId: _v, ...patch } = input;
      return updateStageService(ctx.db, { user: ctx.user, ip: ctx.ip }, ctx.version, moveStage, serviceKey, patch);
    }),

  /** PUT …/services/{serviceName}/budget-groups/{id}: puts the service in budget group id (1–20, 99 none). */
  setBudgetGroup: versionProcedure("write")
    .input(sync(ZServiceRef.extend({ budgetGroup: ZBudgetGroupNumber })))
    .output(sync(ZAssignBudgetGroupResponse))
    .mutation(({ ctx, input }) =>
      assignBudgetGroup(ctx.db, { user: ctx.user, ip: ctx.ip }, ctx.version, input.moveStage, input.serviceKey, input.budgetGroup),
    ),

  /** POST {policyId}/versions/{versionId}/movestages/copy?moveStageIdFrom=&moveStageIdTo=. */
  copyStage: versionProcedure("write")
    .input(sync(ZCopyStageRequest))
    .output(sync(ZCopyStageResponse))
    .mutation(({ ctx, input }) => copyMoveStage(ctx.db, { user: ctx.user, ip: ctx.ip }, ctx.version, input.moveStageIdFrom, input.moveStageIdTo)),

  /** POST {policyId}/movestages/{stage}/budget-groups/{group}/budgets (the policy's draft). */
  addBudget: policyProcedure("write")
    .input(sync(ZBudgetGroupRef.extend(ZBudgetFields.shape)))
    .output(sync(ZBudgetResponse))
    .mutation(({ ctx, input }) => {
      const { moveStage, budgetGroup, policyId: _p, ...fields } = input;
      return addBudget(ctx.db, { user: ctx.user, ip: ctx.ip }, ctx.policy, moveStage, budgetGroup, fields);
    }),

  /** PATCH …/budgets/{budgetId}. */
  updateBudget: policyProcedure("write")
    .input(sync(ZBudgetRef.extend(ZBudgetFields.shape)))
    .output(sync(ZBudgetResponse))
    .mutation(({ ctx, input }) => {
      const { moveStage, budgetGroup, budgetId, policyId: _p, ...fields } = input;
      return updateBudget(ctx.db, { user: ctx.user, ip: ctx.ip }, ctx.policy, moveStage, budgetGroup, budgetId, fields);
    }),

  /** DELETE …/budgets/{budgetId}. */
  deleteBudget: policyProcedure("write")
    .input(sync(ZBudgetRef))
    .output(sync(ZSuccessResponse))
    .mutation(({ ctx, input }) =>
      deleteBudget(ctx.db, { user: ctx.user, ip: ctx.ip }, ctx.policy, input.moveStage, input.budgetGroup, input.budgetId),
    ),

  /** PATCH …/budget-groups/{group} with authType, complexity, budgetType and the outside-range option. */
  updateBudgetGroup: policyProcedure("write")
    .input(sync(ZBudgetGroupRef.extend(ZBudgetGroupFields.shape)))
    .output(sync(ZBudgetGroupResponse))
    .mutation(({ ctx, input }) =>
      updateBudgetGroup(ctx.db, { user: ctx.user, ip: ctx.ip }, ctx.policy, input.moveStage, input.budgetGroup, {
        authType: input.authType,
        complexity: input.complexity,
        budgetType: input.budgetType,
        allowOutsideRange: input.allowOutsideRange,
      }),
    ),

  /** GET rates/budget-groups/popup/{id}: the budget group's rates. */
  rates: budgetGroupProcedure("read")
    .output(sync(ZRatesResponse))
    .query(async ({ ctx }) => ({ success: true as const, rows: await rateRows(ctx.db, ctx.budgetGroup.id) })),

  /** POST rates/budget-groups/{id}: replaces the rates with an .xlsx or .csv file (base64 here, multipart on the legacy path). */
  uploadRates: budgetGroupProcedure("write")
    .input(sync(ZUploadRatesRequest.omit({ budgetGroupId: true })))
    .output(sync(ZUploadRatesResponse))
    .mutation(({ ctx, input }) => {
      if (ctx.version.id !== input.policyId) throw new AppError("NOT_FOUND", policyMessages.cannotLoadBudgetData);
      const bytes = Uint8Array.from(Buffer.from(input.content, "base64"));
      return uploadRates(ctx.db, { user: ctx.user, ip: ctx.ip }, ctx.version, ctx.budgetGroup.id, { name: input.fileName, bytes });
    }),
});

