/**
 * `estimate.admin.*`: the per-group cost-estimate flag and billing status (part 1 §2, §6, §7),
 * the authorisation check, and the city index import (GET /admin/mercer/state, POST
 * /admin/mercer/import). Same service functions as src/routers/estimate/legacy/admin.ts.
 */
import {
  ZAdminUpdateResponse,
  ZAuthorisationRequest,
  ZAuthorisationResponse,
  ZBillingStatusRequest,
  ZCityIndexImportRequest,
  ZCityIndexImportResponse,
  ZCostEstimateFlagRequest,
  ZCostEstimateGroupsResponse,
  ZImportStateResponse,
} from "../../domain/estimate/schemas.ts";
import { AppError } from "../../domain/errors.ts";
import { AUTHORISATION_ROLES, costEstimateAuthorisation, listCostEstimateGroups, setBillingStatus, setCostEstimateFlag } from "../../services/estimate/admin.ts";
import { cityIndexImportState, indexImportMessages, startCityIndexImport } from "../../services/estimate/indices.ts";
import { roleProcedure, router, sync } from "../../trpc.ts";

const adminProcedure = roleProcedure("ADMIN");

/** The base64 of an uploaded file as bytes; VALIDATION when it is not base64. */
function decodeBase64(base64: string): Uint8Array {
  const text = base64.replace(/^data:[^,]*,/, "").replace(/\s+/g, "");
  if (!/^[A-Za-z0-9+/]*={0,2}$/.test(text) || text.length % 4 === 1) {
    throw new AppError("VALIDATION", indexImportMessages.fileUnreadable, { base64: indexImportMessages.fileUnreadable });
  }
  return new Uint8Array(Buffer.from(text, "base64"));
}

export const estimateAdminRouter = router({
  groups: adminProcedure.output(sync(ZCostEstimateGroupsResponse)).query(({ ctx }) => listCostEstimateGroups(ctx.db)),
  setFlag: adminProcedure
    .input(sync(ZCostEstimateFlagRequest))
    .output(sync(ZAdminUpdateResponse))
    .mutation(({ ctx, input }) => setCostEstimateFlag(ctx.db, { userId: ctx.user.id, ip: ctx.ip }, input)),
  setBilling: adminProcedure
    .input(sync(ZBillingStatusRequest))
    .output(sync(ZAdminUpdateResponse))
    .mutation(({ ctx, input }) => setBillingStatus(ctx.db, { userId: ctx.user.id, ip: ctx.ip }, input)),
  authorisation: roleProcedure(...AUTHORISATION_ROLES)
    .input(sync(ZAuthorisationRequest))
    .output(sync(ZAuthorisationResponse))
    .query(({ ctx, input }) => costEstimateAuthorisation(ctx.db, ctx.user, input.groupName)),
  indicesState: adminProcedure.output(sync(ZImportStateResponse)).query(({ ctx }) => cityIndexImportState(ctx.db)),
  importIndices: adminProcedure
    .input(sync(ZCityIndexImportRequest))
    .output(sync(ZCityIndexImportResponse))
    .mutation(async ({ ctx, input }) => {
      const uuid = await startCityIndexImport(
        { db: ctx.db, config: ctx.config, mailer: ctx.mailer },
        { userId: ctx.user.id },
        { fileName: input.fileName, bytes: decodeBase64(input.base64) },
      );
      return { success: true, uuid };
    }),
});
