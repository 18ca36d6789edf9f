/**
 * POST /accountmanagement/billapproval/uploadBillFile (issue 23 item 15): the bill file of an approval
 * item, streamed as it arrives (multipart: the fields id and type first, then the `file` part), through
 * the same service as `finance.approval.uploadBillFile` (src/services/finance/bill-files.ts). FINANCE and
 * ADMIN, checked before a byte is read; failures answer { success: false, errorMessage, errors }.
 */
import type { Hono } from "hono";
import { publicError } from "../../../domain/errors.ts";
import { financeMessages as FM } from "../../../domain/finance/messages.ts";
import { requireFinance } from "../../../services/finance/core.ts";
import { openBillFile, openItemReceipt, receiveBillFileMultipart } from "../../../services/finance/bill-files.ts";
import { fileStoreFor } from "../../../services/employee/files/store.ts";
import { clientIp, failureText, legacyRoute, legacyUser, parseFields, readFields } from "../../../server/http.ts";
import type { AppDeps, AppEnv } from "../../../server/types.ts";

import { ZBillFileRequest, ZReceiptRequest } from "../../../domain/finance/schemas-approval.ts";
import type { MiddlewareHandler } from "hono";
import { BILL_FILE_DOWNLOAD_PATH, BILL_FILE_PATH, RECEIPT_PATH } from "./bill-file.openapi.ts";

/** Receipt types a browser shows inline (images and PDF); anything else is only ever downloaded. */
const PREVIEWABLE = new Set(["image/png", "image/jpeg", "image/gif", "image/webp", "application/pdf"]);

/**
 * Mounted before the security headers (so it runs after them): an inline receipt preview may be framed
 * by Meridian's own pages (Bill Approval's PDF preview), by nothing else, and runs no script.
 */
export const receiptPreviewFraming: MiddlewareHandler = async (c, next) => {
  await next();
  if (c.req.path !== RECEIPT_PATH || !c.res.headers.get("Content-Disposition")?.startsWith("inline")) return;
  c.res.headers.set("X-Frame-Options", "SAMEORIGIN");
  c.res.headers.set("Content-Security-Policy", "default-src 'none'; img-src 'self' data:; style-src 'unsafe-inline'; frame-ancestors 'self'");
};

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
  legacyRoute(
    app,
    "GET",
    RECEIPT_PATH,
    async (c) => {
      const user = legacyUser(c);
      requireFinance(user);
      const input = parseFields(ZReceiptRequest, await readFields(c));
      const file = await openItemReceipt(db, fileStoreFor(config), { user, ip: clientIp(c) }, input);
      const ascii = file.name.replace(/[^\x20-\x7e]/g, "_").replace(/["\\]/g, "_");
      const inline = !input.download && PREVIEWABLE.has(file.contentType);
      return new Response(file.body, {
        headers: {
          "Content-Type": file.contentType,
          "Content-Length": String(file.size),
          "Content-Disposition": `${inline ? "inline" : "attachment"}; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(file.name)}`,
          "Cache-Control": "private, no-store",
          "X-Content-Type-Options": "nosniff",
        },
      });
    },
    (error) => ({ success: false, errorMessage: failureText(error, FM.saveChangesError) }),
  );
}
