import {
  ZAddBenefitOptionRequest,
  ZAddBenefitOptionResponse,
  ZDeleteMetadataOverrideRequest,
  ZDeleteMetadataOverrideResponse,
  ZDeleteOptionRequest,
  ZDeleteOptionResponse,
  ZEvaluateFormulaRequest,
  ZEvaluateFormulaResponse,
  ZGetServiceBenefitsRequest,
  ZGetServiceBenefitsResponse,
  ZRenameOptionRequest,
  ZRenameResponse,
  ZRenameSetRequest,
  ZSaveMetadataRequest,
  ZSaveMetadataResponse,
  ZSetBenefitFlagsRequest,
  ZSetBenefitFlagsResponse,
  ZUpdateMetadataRequest,
} from "../../domain/policy/benefit-schemas.ts";
import {
  addServiceBenefitOption,
  deleteBenefitOptionIfUnused,
  deleteServiceBenefitMetadataOverride,
  getServiceBenefitsWithMetadata,
  previewFormula,
  renameBenefitOptionName,
  renameBenefitSet,
  saveServiceBenefitMetadata,
  setBenefitFlags,
  updateServiceBenefitMetadata,
} from "../../services/policy/benefits.ts";
import { ZServiceEmployeesRequest, ZServiceEmployeesResponse } from "../../domain/policy/service-employees.ts";
import { findServiceEmployees } from "../../services/policy/service-employees.ts";
import { roleProcedure, router, sync } from "../../trpc.ts";

/** Reads: ADMIN, or HR for its own group (checked by the service against input.groupId). */
const readProcedure = roleProcedure("ADMIN", "HR");
const adminProcedure = roleProcedure("ADMIN");

/**
 * Policy group setup (part 2 §§2–3, 5, 7): benefit sets, options and metadata lines with their
 * group and policy overrides. Each procedure calls the same service function as its legacy path
 * under /api/v1/policy/configuration/.
 */
export const policyBenefitsRouter = router({
  /** GET group/getServiceBenefitsWithMetadata */
  list: readProcedure
    .input(sync(ZGetServiceBenefitsRequest))
    .output(sync(ZGetServiceBenefitsResponse))
    .query(({ ctx, input }) => getServiceBenefitsWithMetadata(ctx.db, { user: ctx.user, ip: ctx.ip }, input)),

  /**
   * Policy group setup's per-service employee data list (part 2 §2; issue 23 item 16): the group's
   * employees whose moves have the service. The spec shows no call for it: tRPC only.
   */
  employeeData: readProcedure
    .input(sync(ZServiceEmployeesRequest))
    .output(sync(ZServiceEmployeesResponse))
    .query(({ ctx, input }) => findServiceEmployees(ctx.db, { user: ctx.user, ip: ctx.ip }, input)),

  /** POST group/addServiceBenefitOption */
  addOption: adminProcedure
    .input(sync(ZAddBenefitOptionRequest))
    .output(sync(ZAddBenefitOptionResponse))
    .mutation(({ ctx, input }) => addServiceBenefitOption(ctx.db, { user: ctx.user, ip: ctx.ip }, input)),

  /** POST serviceBenefitMetadata */
  saveMetadata: adminProcedure
    .input(sync(ZSaveMetadataRequest))
    .output(sync(ZSaveMetadataResponse))
    .mutation(({ ctx, input }) => saveServiceBenefitMetadata(ctx.db, { user: ctx.user, ip: ctx.ip }, input)),

  /** POST updateServiceBenefitMetadata */
  updateMetadata: adminProcedure
    .input(sync(ZUpdateMetadataRequest))
    .output(sync(ZSaveMetadataResponse))
    .mutation(({ ctx, input }) => updateServiceBenefitMetadata(ctx.db, { user: ctx.user, ip: ctx.ip }, input)),

  /** POST deleteServiceBenefitMetadataOverride */
  deleteMetadataOverride: adminProcedure
    .input(sync(ZDeleteMetadataOverrideRequest))
    .output(sync(ZDeleteMetadataOverrideResponse))
    .mutation(({ ctx, input }) => deleteServiceBenefitMetadataOverride(ctx.db, { user: ctx.user, ip: ctx.ip }, input)),

  /** POST updateServiceBenefitOptionName */
  renameOption: adminProcedure
    .input(sync(ZRenameOptionRequest))
    .output(sync(ZRenameResponse))
    .mutation(({ ctx, input }) => renameBenefitOptionName(ctx.db, { user: ctx.user, ip: ctx.ip }, input)),

  /** POST updateBenefitsSetName */
  renameSet: adminProcedure
    .input(sync(ZRenameSetRequest))
    .output(sync(ZRenameResponse))
    .mutation(({ ctx, input }) => renameBenefitSet(ctx.db, { user: ctx.user, ip: ctx.ip }, input)),

  /** A set's inactive / affects-cost-estimate / custom flags and spend category (tRPC only). */
  setFlags: adminProcedure
    .input(sync(ZSetBenefitFlagsRequest))
    .output(sync(ZSetBenefitFlagsResponse))
    .mutation(({ ctx, input }) => setBenefitFlags(ctx.db, { user: ctx.user, ip: ctx.ip }, input)),

  /** Deletes an option no policy uses (tRPC only). */
  deleteOption: adminProcedure
    .input(sync(ZDeleteOptionRequest))
    .output(sync(ZDeleteOptionResponse))
    .mutation(({ ctx, input }) => deleteBenefitOptionIfUnused(ctx.db, { user: ctx.user, ip: ctx.ip }, input.benefitOptionId)),

  /** The editor's "test formula": value, adjustment factor and result for the given inputs. */
  evaluateFormula: readProcedure
    .input(sync(ZEvaluateFormulaRequest))
    .output(sync(ZEvaluateFormulaResponse))
    .query(({ input }) => previewFormula(input)),
});
