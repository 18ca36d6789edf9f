/**
 * Cost-estimate admin paths (part 1 §7): PUT /admin/costEstimates and PUT
 * /admin/costEstimates/billing (ADMIN), GET /policy/setup/getCostEstimateAuthorisation (ADMIN and
 * the group's HR), and the city index import under /admin/mercer/… (ADMIN): state, import
 * (multipart field `file`), template. Each parses with the tRPC procedure's schema and calls the
 * same service function (src/services/estimate/admin.ts, indices.ts). Failures answer
 * `{success: false, errorMessage}` with the error's HTTP status.
 */
import type { Context, Hono } from "hono";
import { AppError } from "../../../domain/errors.ts";
import { estimateMessages } from "../../../domain/estimate/messages.ts";
import { ZAuthorisationRequest, ZBillingStatusRequest, ZCostEstimateFlagRequest } from "../../../domain/estimate/schemas.ts";
import { messages } from "../../../domain/messages.ts";
import { clientIp, failureText, legacyRoute, legacyUser, parseFields, readFields, readFormBody } from "../../../server/http.ts";
import type { AppDeps, AppEnv } from "../../../server/types.ts";
import type { SessionUser } from "../../../services/identity/auth.ts";
import { costEstimateAuthorisation, setBillingStatus, setCostEstimateFlag } from "../../../services/estimate/admin.ts";
import { XLSX_CONTENT_TYPE } from "../../../services/estimate/export.ts";
import {
  CITY_INDEX_TEMPLATE_NAME,
  cityIndexImportState,
  cityIndexTemplate,
  indexImportMessages,
  MAX_INDEX_FILE_BYTES,
  startCityIndexImport,
} from "../../../services/estimate/indices.ts";
import { mailerFor } from "../../../trpc.ts";

type Run = (c: Context<AppEnv>, user: SessionUser) => Promise<Response | object>;
type Failure = (error: unknown) => object;

const requireAdmin = (user: SessionUser) => {
  if (user.role !== "ADMIN") throw new AppError("FORBIDDEN", messages.forbidden);
};

export function mountLegacyEstimateAdmin(app: Hono<AppEnv>, deps: AppDeps) {
  const { db, config } = deps;
  const serve = (method: "GET" | "PUT" | "POST", path: string, failure: Failure, run: Run) =>
    legacyRoute(app, method, path, (c) => run(c, legacyUser(c)), failure);
  const updateFailure: Failure = (error) => ({ success: false, errorMessage: failureText(error, estimateMessages.adminUpdateFailed) });

  serve("PUT", "/admin/costEstimates", updateFailure, async (c, user) => {
    requireAdmin(user);
    const input = parseFields(ZCostEstimateFlagRequest, await readFields(c));
    return setCostEstimateFlag(db, { userId: user.id, ip: clientIp(c) }, input);
  });

  serve("PUT", "/admin/costEstimates/billing", updateFailure, async (c, user) => {
    requireAdmin(user);
    const input = parseFields(ZBillingStatusRequest, await readFields(c));
    return setBillingStatus(db, { userId: user.id, ip: clientIp(c) }, input);
  });

  serve(
    "GET",
    "/policy/setup/getCostEstimateAuthorisation",
    () => ({ success: false, authorised: false, billingStatus: "", errorMessage: estimateMessages.authorisationFailure }),
    async (c, user) => costEstimateAuthorisation(db, user, parseFields(ZAuthorisationRequest, await readFields(c)).groupName),
  );

  const stateFailure: Failure = (error) => ({ success: false, errorMessage: failureText(error, estimateMessages.generic) });

  serve("GET", "/admin/mercer/state", stateFailure, async (_c, user) => {
    requireAdmin(user);
    return cityIndexImportState(db);
  });

  serve("POST", "/admin/mercer/import", (error) => ({ success: false, uuid: null, errorMessage: failureText(error, estimateMessages.generic) }), async (c, user) => {
    requireAdmin(user);
    const type = c.req.header("content-type") ?? "";
    if (!type.includes("multipart/form-data")) throw new AppError("VALIDATION", indexImportMessages.fileType, { file: indexImportMessages.fileType });
    const length = Number(c.req.header("content-length") ?? 0);
    if (length > MAX_INDEX_FILE_BYTES + 64 * 1024) throw new AppError("PAYLOAD_TOO_LARGE", indexImportMessages.fileTooLarge, { file: indexImportMessages.fileTooLarge });
    const body = await readFormBody(c);
    const file = body.file;
    if (!(file instanceof File)) throw new AppError("VALIDATION", indexImportMessages.fileType, { file: indexImportMessages.fileType });
    if (file.size > MAX_INDEX_FILE_BYTES) throw new AppError("PAYLOAD_TOO_LARGE", indexImportMessages.fileTooLarge, { file: indexImportMessages.fileTooLarge });
    const uuid = await startCityIndexImport(
      { db, config, mailer: mailerFor(config) },
      { userId: user.id },
      { fileName: file.name, bytes: new Uint8Array(await file.arrayBuffer()) },
    );
    return { success: true, uuid };
  });

  serve("GET", "/admin/mercer/template", stateFailure, async (c, user) => {
    requireAdmin(user);
    const bytes = await cityIndexTemplate();
    return c.body(bytes as Uint8Array<ArrayBuffer>, 200, {
      "Content-Type": XLSX_CONTENT_TYPE,
      "Content-Disposition": `attachment; filename="${CITY_INDEX_TEMPLATE_NAME}"`,
      "Cache-Control": "no-store",
    });
  });
}
