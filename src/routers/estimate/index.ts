/**
 * The cost estimate (part 1 §2 stages 4 and 6, §3, §4, §7 estimate calls). Each procedure calls
 * the same service function as its legacy path in src/routers/estimate/legacy/estimate.ts.
 */
import {
  ZAdvanceCeDetailsRequest,
  ZAdvanceCeDetailsResponse,
  ZAsyncResultRequest,
  ZAsyncResultResponse,
  ZAsyncStatusRequest,
  ZAsyncStatusResponse,
  ZCalculateTaxRequest,
  ZCalculateTaxResponse,
  ZEstimateVersionRequest,
  ZEstimateVersionResponse,
  ZEstimationViewQuery,
  ZEstimationViewRequest,
  ZEstimationViewResponse,
  ZExportRequest,
  ZExportResponse,
  ZHistoryRequest,
  ZHistoryResponse,
  ZRecalculateRequest,
  ZRecalculateResponse,
  ZSaveAdvanceCeDetailsRequest,
  ZSaveEstimateRequest,
  ZSaveEstimateResponse,
  ZSendForApprovalRequest,
  ZSendForApprovalResponse,
  ZSoftDeleteResponse,
  ZTaxRateRequest,
  ZTaxRateResponse,
  ZUpdateAdvancedRequest,
} from "../../domain/estimate/schemas.ts";
import { ZApprovalLinkRequest, ZApprovalLinkResponse, ZDecideApprovalRequest, ZDecideApprovalResponse } from "../../domain/estimate/approval-link.ts";
import { sendForApproval } from "../../services/estimate/approval.ts";
import { decideApproval, readApprovalLink } from "../../services/estimate/approval-link.ts";
import { advanceCeDetails, saveAdvanceCeDetails } from "../../services/estimate/details.ts";
import {
  calculateTax,
  estimateHistory,
  estimateVersion,
  estimationView,
  saveEstimate,
  softDeleteMoveEstimates,
  taxRate,
  updateAdvancedEstimate,
} from "../../services/estimate/estimates.ts";
import { exportEstimate } from "../../services/estimate/export-file.ts";
import { recalculationResult, recalculationStatus, startRecalculation } from "../../services/estimate/recalculate.ts";
import { groupProcedure, publicProcedure, roleProcedure, router, sync, type Context } from "../../trpc.ts";
import { ESTIMATE_READ_ROLES, ESTIMATE_WRITE_ROLES } from "../../services/estimate/access.ts";
import { mailDeps } from "../identity/users.ts";
import { estimateAdminRouter } from "./admin.ts";
import { estimateMoveProcedure, estimateReadProcedure } from "./procedures.ts";
import type { SessionUser } from "../../services/identity/auth.ts";

const actorOf = (ctx: Context & { user: SessionUser }) => ({ user: ctx.user, ip: ctx.ip });
const jobDeps = (ctx: Context) => ({ db: ctx.db, config: ctx.config, mailer: ctx.mailer });

export const estimateRouter = router({
  /** GET /hr/json/getEstimationView, read only: the current version (`exists: false` when there is none yet). */
  estimationView: estimateMoveProcedure
    .input(sync(ZEstimationViewQuery))
    .output(sync(ZEstimationViewResponse))
    .query(({ ctx, input }) =>
      estimationView(ctx.db, actorOf(ctx), ctx.move, { ...input, createIfNecessary: false, recalculateEstimationView: false }),
    ),
  /**
   * GET /hr/json/getEstimationView with createIfNecessary (the first load stores version 1) or
   * recalculateEstimationView (stores a new version): it writes, so it is a mutation.
   */
  openEstimationView: estimateMoveProcedure
    .input(sync(ZEstimationViewRequest))
    .output(sync(ZEstimationViewResponse))
    .mutation(({ ctx, input }) => estimationView(ctx.db, actorOf(ctx), ctx.move, input)),
  /** POST /hr/json/saveEstimate (basic estimates). */
  saveEstimate: estimateMoveProcedure
    .input(sync(ZSaveEstimateRequest))
    .output(sync(ZSaveEstimateResponse))
    .mutation(({ ctx, input }) => saveEstimate(ctx.db, actorOf(ctx), ctx.move, input)),
  /** POST /hr/json/updateAdvancedCostEstimate. */
  updateAdvanced: estimateMoveProcedure
    .input(sync(ZUpdateAdvancedRequest))
    .output(sync(ZSaveEstimateResponse))
    .mutation(({ ctx, input }) => updateAdvancedEstimate(ctx.db, actorOf(ctx), ctx.move, input)),
  /** GET /hr/json/advance-ce-details (stage 6). */
  advanceCeDetails: estimateMoveProcedure
    .input(sync(ZAdvanceCeDetailsRequest))
    .output(sync(ZAdvanceCeDetailsResponse))
    .query(({ ctx }) => advanceCeDetails(ctx.db, ctx.move)),
  /** POST /hr/json/advance-ce-details (stage 6). */
  saveAdvanceCeDetails: estimateMoveProcedure
    .input(sync(ZSaveAdvanceCeDetailsRequest))
    .output(sync(ZAdvanceCeDetailsResponse))
    .mutation(({ ctx, input }) => saveAdvanceCeDetails(ctx.db, actorOf(ctx), ctx.move, input)),
  /** POST /hr/json/basic-ce/calculate-tax. */
  calculateTax: estimateMoveProcedure
    .input(sync(ZCalculateTaxRequest))
    .output(sync(ZCalculateTaxResponse))
    .mutation(({ ctx, input }) => calculateTax(ctx.db, ctx.move, input)),
  /** GET /{group}/get-tax-rate. */
  taxRate: groupProcedure("HR", "ADMIN")
    .input(sync(ZTaxRateRequest))
    .output(sync(ZTaxRateResponse))
    .query(({ ctx, input }) => taxRate(ctx.db, input, ctx.group.id)),
  /** POST /hr/json/recalculateEstimationView: a persisted job; poll asyncStatus, then asyncResult. */
  recalculate: estimateMoveProcedure
    .input(sync(ZRecalculateRequest))
    .output(sync(ZRecalculateResponse))
    .mutation(({ ctx, input }) => startRecalculation(jobDeps(ctx), actorOf(ctx), ctx.move, input)),
  /**
   * GET /hr/json/get-async-cost-estimate-request-status/{uuid}/{pollNumber}: a poll that finds its job
   * still waiting runs it (answers Forced), so it is a mutation.
   */
  asyncStatus: roleProcedure(...ESTIMATE_WRITE_ROLES)
    .input(sync(ZAsyncStatusRequest))
    .output(sync(ZAsyncStatusResponse))
    .mutation(({ ctx, input }) => recalculationStatus(jobDeps(ctx), ctx.user, input)),
  /** GET /hr/json/get-async-cost-estimate/{uuid}. */
  asyncResult: roleProcedure(...ESTIMATE_WRITE_ROLES)
    .input(sync(ZAsyncResultRequest))
    .output(sync(ZAsyncResultResponse))
    .query(({ ctx, input }) => recalculationResult(ctx.db, ctx.user, input)),
  /** GET /hr/json/send-cost-estimate-for-approval. */
  sendForApproval: estimateMoveProcedure
    .input(sync(ZSendForApprovalRequest))
    .output(sync(ZSendForApprovalResponse))
    .mutation(({ ctx, input }) => sendForApproval(mailDeps(ctx), actorOf(ctx), ctx.move, input)),
  /**
   * The approver's page (issue 13 item 6; no legacy path in the spec, tRPC only): what the signed
   * link opens. Public (the token is the capability), read-only.
   */
  approvalLink: publicProcedure
    .input(sync(ZApprovalLinkRequest))
    .output(sync(ZApprovalLinkResponse))
    .query(({ ctx, input }) => readApprovalLink(ctx.db, input.token)),
  /** The approver approves or rejects (with a comment) through the signed link: one decision per version, counted per address. */
  decideApproval: publicProcedure
    .input(sync(ZDecideApprovalRequest))
    .output(sync(ZDecideApprovalResponse))
    .mutation(({ ctx, input }) => decideApproval(mailDeps(ctx), input, { ip: ctx.ip })),
  /** GET /hr/json/cost-estimate-history/{employeeId}. */
  history: roleProcedure(...ESTIMATE_READ_ROLES)
    .input(sync(ZHistoryRequest))
    .output(sync(ZHistoryResponse))
    .query(({ ctx, input }) => estimateHistory(ctx.db, ctx.user, input)),
  /** /{group}/cost-estimate-view?employeeId=&costEstimateId= (one version, read-only). */
  version: groupProcedure("HR", "ADMIN")
    .input(sync(ZEstimateVersionRequest))
    .output(sync(ZEstimateVersionResponse))
    .query(({ ctx, input }) => estimateVersion(ctx.db, ctx.user, ctx.group, input)),
  /** GET /{group|crm}/generateCostEstimateExport, the file base64-encoded. */
  exportFile: estimateReadProcedure
    .input(sync(ZExportRequest.omit({ userId: true, moveId: true })))
    .output(sync(ZExportResponse))
    .query(async ({ ctx, input }) => {
      const file = await exportEstimate(ctx.db, ctx.move, input);
      return { fileName: file.fileName, contentType: file.contentType, base64: Buffer.from(file.bytes).toString("base64") };
    }),
  /** POST /hr/json/soft-delete-estimates. */
  softDelete: estimateMoveProcedure
    .output(sync(ZSoftDeleteResponse))
    .mutation(({ ctx }) => softDeleteMoveEstimates(ctx.db, actorOf(ctx), ctx.move)),
  admin: estimateAdminRouter,
});

/** The estimate room's procedures, under the names AppRouter has always used (src/routers/_app.ts spreads them). */
export const estimateProcedures = {
  estimate: estimateRouter,
};
