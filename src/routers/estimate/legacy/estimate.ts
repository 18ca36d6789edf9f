import type { Context, Hono } from "hono";
import { AppError } from "../../../domain/errors.ts";
import { estimateMessages } from "../../../domain/estimate/messages.ts";
import {
  ZAdvanceCeDetailsRequest,
  ZAsyncResultRequest,
  ZAsyncStatusRequest,
  ZCalculateTaxRequest,
  ZEstimationViewRequest,
  ZExportRequest,
  ZHistoryRequest,
  ZRecalculateRequest,
  ZSaveAdvanceCeDetailsRequest,
  ZSaveEstimateRequest,
  ZSendForApprovalRequest,
  ZTaxRateRequest,
  ZUpdateAdvancedRequest,
} from "../../../domain/estimate/schemas.ts";
import { ZMoveRef } from "../../../domain/moves/wizard/schemas.ts";
import { ESTIMATE_READ_ROLES, ESTIMATE_WRITE_ROLES, estimateMoveForCaller } from "../../../services/estimate/access.ts";
import { WIZARD_ROLES } from "../../../services/moves/wizard/access.ts";
import type { Role } from "../../../domain/roles.ts";
import { sendForApproval } from "../../../services/estimate/approval.ts";
import { advanceCeDetails, saveAdvanceCeDetails } from "../../../services/estimate/details.ts";
import {
  calculateTax,
  estimateHistory,
  estimationView,
  saveEstimate,
  softDeleteMoveEstimates,
  taxRate,
  updateAdvancedEstimate,
} from "../../../services/estimate/estimates.ts";
import { exportEstimate } from "../../../services/estimate/export-file.ts";
import { recalculationResult, recalculationStatus, startRecalculation } from "../../../services/estimate/recalculate.ts";
import { publicBaseUrl } from "../../../services/mail.ts";
import { wizardGroupFor } from "../../../services/moves/wizard/initiation-access.ts";
import { assertSameSite, clientIp, errorMessageFailure, legacyRoute, legacyUser, parseFields, readFields } from "../../../server/http.ts";
import type { AppDeps, AppEnv } from "../../../server/types.ts";
import { mailerFor } from "../../../trpc.ts";

type C = Context<AppEnv>;

/** Query fields merged under the body's (the estimate calls put the move in the query, the body in JSON). */
async function queryAndBody(c: C): Promise<Record<string, unknown>> {
  const query = c.req.query();
  if (c.req.method === "GET") return readFields(c);
  return { ...(await readFields(c)), ...Object.fromEntries(Object.entries(query).filter(([, v]) => v !== "")) };
}

/**
 * part 1 §7 estimate calls. Reads and writes under /hr/json/ (DESIGN.md), get-tax-rate under the
 * group, the export under the group or `crm`. Each handler parses with the tRPC procedure's
 * schema and calls the same service function; failures answer `{ success: false, errorMessage }`
 * with the call's §8 text for anything unexpected.
 */
export function mountLegacyEstimate(app: Hono<AppEnv>, deps: AppDeps) {
  const { db, config } = deps;
  const jobDeps = { db, config, mailer: mailerFor(config) };

  // `roles`: who may call, checked before the request is read (issue 23 item 13).
  const serve = (method: "GET" | "POST", path: string, fallback: string, run: (c: C) => Promise<unknown>, roles?: readonly Role[]) =>
    legacyRoute(
      app,
      method,
      path,
      run,
      errorMessageFailure(fallback),
      roles,
    );
  const WRITE = ESTIMATE_WRITE_ROLES;
  const writeMove = async (c: C, fields: Record<string, unknown>) => {
    const user = legacyUser(c);
    const ref = parseFields(ZMoveRef, fields);
    return { actor: { user, ip: clientIp(c) }, move: await estimateMoveForCaller(db, user, ref, "write") };
  };

  // The GETs below may store a version, run a job or send mail: never for a cross-site request.
  serve("GET", "/hr/json/getEstimationView", estimateMessages.experiencingIssue, async (c) => {
    assertSameSite(c, config);
    const fields = await readFields(c);
    const { actor, move } = await writeMove(c, fields);
    return estimationView(db, actor, move, parseFields(ZEstimationViewRequest, fields));
  }, WRITE);

  serve("POST", "/hr/json/saveEstimate", estimateMessages.saveFailure, async (c) => {
    const fields = await queryAndBody(c);
    const { actor, move } = await writeMove(c, fields);
    return saveEstimate(db, actor, move, parseFields(ZSaveEstimateRequest, fields));
  }, WRITE);

  serve("POST", "/hr/json/updateAdvancedCostEstimate", estimateMessages.saveFailure, async (c) => {
    const fields = await queryAndBody(c);
    const { actor, move } = await writeMove(c, fields);
    return updateAdvancedEstimate(db, actor, move, parseFields(ZUpdateAdvancedRequest, fields));
  }, WRITE);

  serve("GET", "/hr/json/advance-ce-details", estimateMessages.initiatingEmployee, async (c) => {
    const fields = await readFields(c);
    const { move } = await writeMove(c, fields);
    await wizardGroupFor(db, legacyUser(c), parseFields(ZAdvanceCeDetailsRequest, fields).group);
    return advanceCeDetails(db, move);
  }, WRITE);

  serve("POST", "/hr/json/advance-ce-details", estimateMessages.initiatingEmployee, async (c) => {
    const fields = await queryAndBody(c);
    const { actor, move } = await writeMove(c, fields);
    const input = parseFields(ZSaveAdvanceCeDetailsRequest, fields);
    await wizardGroupFor(db, actor.user, input.group);
    return saveAdvanceCeDetails(db, actor, move, input);
  }, WRITE);

  serve("POST", "/hr/json/basic-ce/calculate-tax", estimateMessages.taxIssue, async (c) => {
    const fields = await queryAndBody(c);
    const { move } = await writeMove(c, fields);
    return calculateTax(db, move, parseFields(ZCalculateTaxRequest, fields));
  }, WRITE);

  serve("GET", "/:group/get-tax-rate", estimateMessages.taxIssue, async (c) => {
    const user = legacyUser(c);
    const input = parseFields(ZTaxRateRequest, { ...(await readFields(c)), group: c.req.param("group") });
    const group = await wizardGroupFor(db, user, input.group);
    // The documented answer is the rate number itself.
    return c.json((await taxRate(db, input, group.id)).rate);
  }, WIZARD_ROLES);

  serve("POST", "/hr/json/recalculateEstimationView", estimateMessages.experiencingIssue, async (c) => {
    const fields = await queryAndBody(c);
    const { actor, move } = await writeMove(c, fields);
    return startRecalculation(jobDeps, actor, move, parseFields(ZRecalculateRequest, fields));
  }, WRITE);

  serve("GET", "/hr/json/get-async-cost-estimate-request-status/:uuid/:pollNumber", estimateMessages.experiencingIssue, async (c) => {
    assertSameSite(c, config);
    const input = parseFields(ZAsyncStatusRequest, { uuid: c.req.param("uuid"), pollNumber: c.req.param("pollNumber") });
    return recalculationStatus(jobDeps, legacyUser(c), input);
  }, WRITE);

  serve("GET", "/hr/json/get-async-cost-estimate/:uuid", estimateMessages.experiencingIssue, async (c) => {
    return recalculationResult(db, legacyUser(c), parseFields(ZAsyncResultRequest, { uuid: c.req.param("uuid") }));
  }, WRITE);

  serve("GET", "/hr/json/send-cost-estimate-for-approval", estimateMessages.approvalMailFailure, async (c) => {
    assertSameSite(c, config);
    const fields = await readFields(c);
    const { actor, move } = await writeMove(c, fields);
    const mail = { db, config, mailer: mailerFor(config), baseUrl: publicBaseUrl(config) };
    // The documented answer: true means success.
    return c.json((await sendForApproval(mail, actor, move, parseFields(ZSendForApprovalRequest, fields))).success);
  }, WRITE);

  serve("GET", "/hr/json/cost-estimate-history/:employeeId", estimateMessages.experiencingIssue, async (c) => {
    const input = parseFields(ZHistoryRequest, { ...(await readFields(c)), employeeId: c.req.param("employeeId") });
    return estimateHistory(db, legacyUser(c), input);
  }, ESTIMATE_READ_ROLES);

  serve("POST", "/hr/json/soft-delete-estimates", estimateMessages.generic, async (c) => {
    const fields = await queryAndBody(c);
    const { actor, move } = await writeMove(c, fields);
    return softDeleteMoveEstimates(db, actor, move);
  }, WRITE);

  // GET /{group or crm}/generateCostEstimateExport: the spreadsheet (or ?format=pdf) as a download.
  serve("GET", "/:prefix/generateCostEstimateExport", estimateMessages.generic, async (c) => {
    const user = legacyUser(c);
    const prefix = c.req.param("prefix");
    const input = parseFields(ZExportRequest, await readFields(c));
    const move = await estimateMoveForCaller(db, user, { employeeId: input.userId, moveId: input.moveId }, "read");
    if (prefix === "crm") {
      if (user.role !== "CRM" && user.role !== "ADMIN") throw new AppError("FORBIDDEN", estimateMessages.generic);
    } else if (prefix !== move.group_name) {
      throw new AppError("NOT_FOUND", estimateMessages.estimateNotFound);
    }
    const file = await exportEstimate(db, move, input);
    return new Response(file.bytes as Uint8Array<ArrayBuffer>, {
      headers: {
        "content-type": file.contentType,
        "content-disposition": `attachment; filename="${file.fileName}"`,
        "cache-control": "no-store",
      },
    });
  }, ESTIMATE_READ_ROLES);
}
