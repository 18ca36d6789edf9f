/**
 * POST /accountmanagement/billapproval/uploadBillFile (issue 23 item 15): the bill file of an approval
 * item, streamed as it arrives (multipart: the fields id and type first, then the `file` part), through
 * the same service as `finance.approval.uploadBillFile` (src/services/finance/bill-files.ts). FINANCE and
 * ADMIN, checked before a byte is read; failures answer { success: false, errorMessage, errors }.
 */
import type { Hono } from "hono";
import { publicError } from "../../domain/errors.ts";
import { financeMessages as FM } from "../../domain/finance/messages.ts";
import { requireFinance } from "../../services/finance/core.ts";
import { openBillFile, receiveBillFileMultipart } from "../../services/finance/bill-files.ts";
import { fileStoreFor } from "../../services/files/store.ts";
import { clientIp, failureText, legacyRoute, legacyUser, parseFields, readFields } from "../../server/http.ts";
import type { AppDeps, AppEnv } from "../../server/app.ts";

import { ZBillFileRequest } from "../../domain/finance/schemas-approval.ts";
import { BILL_FILE_DOWNLOAD_PATH, BILL_FILE_PATH } from "./finance-bill-file.openapi.ts";

export function mountLegacyFinanceBillFile(app: Hono<AppEnv>, deps: AppDeps) {
  const { db, config } = deps;
  legacyRoute(
    app,
    "POST",
    BILL_FILE_PATH,
    async (c) => {
      const user = legacyUser(c);
      requireFinance(user);
      return receiveBillFileMultipart(db, fileStoreFor(config), { user, ip: clientIp(c) }, {
        contentType: c.req.header("content-type"),
        contentLength: c.req.header("content-length"),
        body: c.req.raw.body,
      });
    },
    (error) => ({ success: false, id: null, fileName: null, fileHash: null, errors: publicError(error).fields ?? null, errorMessage: failureText(error, FM.saveChangesError) }),
  );
  legacyRoute(
    app,
    "GET",
    BILL_FILE_DOWNLOAD_PATH,
    async (c) => {
      const user = legacyUser(c);
      requireFinance(user);
      const { fileId } = parseFields(ZBillFileRequest, await readFields(c));
      const file = await openBillFile(db, fileStoreFor(config), { user, ip: clientIp(c) }, fileId);
      const ascii = file.name.replace(/[^\x20-\x7e]/g, "_").replace(/["\\]/g, "_");
      return new Response(file.body, {
        headers: {
          "Content-Type": file.contentType,
          "Content-Length": String(file.size),
          "Content-Disposition": `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(file.name)}`,
          "Cache-Control": "private, no-store",
          "X-Content-Type-Options": "nosniff",
        },
      });
    },
    (error) => ({ success: false, errorMessage: failureText(error, FM.saveChangesError) }),
  );
}
