/**
 * Documented finance paths: Bill Management (issue 16; part 2 §7 "Finance (under /accountmanagement/)"
 * billmanagement/…, billapproval/update-payment, the export to a payment provider). Same services as
 * src/routers/finance/bills.ts. Fields from a form, a JSON body or (GET) the query; update-bill-status
 * also takes a bare JSON array. Writes take the `Idempotency-Key` header. Failures answer
 * `{ success: false, errorMessage }` with the error's status; no internal text leaves the server.
 */
import type { Context, Hono } from "hono";
import { z } from "zod";
import { AppError } from "../../../domain/errors.ts";
import { financeMessages as FM } from "../../../domain/finance/messages.ts";
import {
  ZBatchFileRequest,
  ZCalculateMultipleRequest,
  ZExportRequest,
  ZHoldBillRequest,
  ZMarkRfpPaidRequest,
  ZSendBillBackRequest,
  ZUnholdBillRequest,
  ZUpdateBillRequest,
  ZUpdateBillStatusRequest,
  ZUpdatePaymentRequest,
  ZUpdateToAccountRequest,
} from "../../../domain/finance/schemas-bills.ts";
import { messages } from "../../../domain/messages.ts";
import { nulError } from "../../../domain/text.ts";
import type { AppDeps, AppEnv } from "../../../server/types.ts";
import { failureText, legacyRoute, legacyUser, parseFields, readFields } from "../../../server/http.ts";
import { holdBill, sendBillBack, unholdBill, updateBillDue, updatePayment, updateToAccount } from "../../../services/finance/bills-changes.ts";
import { calculateMultiple, markEmployeeRfpAsPaid, updateBillStatus } from "../../../services/finance/bills-payments.ts";
import { FINANCE_ROLES, idempotencyKeyOf, type FinanceActor } from "../../../services/finance/core.ts";
import { batchFile, exportBills } from "../../../services/finance/payment-files.ts";
import { clientIp } from "../../../server/http.ts";
import { zodFieldErrors } from "../../../trpc.ts";

export const BILLS_BASE = "/accountmanagement/billmanagement";

const failure = (error: unknown) => ({ success: false, errorMessage: failureText(error, FM.saveChangesError) });

function actorOf(c: Context<AppEnv>): FinanceActor {
  return { user: legacyUser(c), ip: clientIp(c) };
}

function keyOf(c: Context<AppEnv>): string | null {
  return idempotencyKeyOf(c.req.header("Idempotency-Key"));
}

/** update-bill-status's body: a JSON array of updates, `{ bills: [...] }`, or a form field `bills` holding that JSON. */
async function readStatusUpdates(c: Context<AppEnv>): Promise<unknown> {
  const type = c.req.header("content-type") ?? "";
  let body: unknown;
  if (type.includes("application/json")) {
    try {
      body = await c.req.json();
    } catch {
      throw new AppError("BAD_REQUEST", messages.badRequest);
    }
  } else {
    const fields = await readFields(c);
    try {
      body = typeof fields.bills === "string" ? { bills: JSON.parse(fields.bills) } : fields;
    } catch {
      throw new AppError("BAD_REQUEST", messages.badRequest);
    }
  }
  const nul = nulError(body);
  if (nul) throw new AppError("VALIDATION", nul.issues[0]!.message, zodFieldErrors(nul));
  return Array.isArray(body) ? { bills: body } : body;
}

/** billIds as a form posts them: "1,2,3", a JSON array text, or an array. */
const billIdsField = z.preprocess((v) => {
  if (Array.isArray(v)) return v;
  if (typeof v === "string") {
    const t = v.trim();
    if (t.startsWith("[")) {
      try {
        return JSON.parse(t);
      } catch {
        return v;
      }
    }
    return t === "" ? [] : t.split(",").map((s) => s.trim());
  }
  return v;
}, z.unknown());

export function mountLegacyFinanceBills(app: Hono<AppEnv>, deps: AppDeps) {
  const { db } = deps;
  // Bill management is FINANCE and ADMIN only, checked before the request is read (issue 23 item 13).
  const post = (path: string, run: (c: Context<AppEnv>) => Promise<unknown>) => legacyRoute(app, "POST", path, run, failure, FINANCE_ROLES);

  post(`${BILLS_BASE}/update-bill-status`, async (c) => {
    const actor = actorOf(c);
    const input = parseFields(ZUpdateBillStatusRequest, await readStatusUpdates(c));
    return updateBillStatus(db, actor, input.bills, keyOf(c));
  });

  post(`${BILLS_BASE}/update-to-account`, async (c) => {
    const actor = actorOf(c);
    const input = parseFields(ZUpdateToAccountRequest, await readFields(c));
    return updateToAccount(db, actor, { id: input.id, toAccountId: input.toAccountId }, keyOf(c));
  });

  for (const path of [`${BILLS_BASE}/update-payment`, "/accountmanagement/billapproval/update-payment"]) {
    post(path, async (c) => {
      const actor = actorOf(c);
      const input = parseFields(ZUpdatePaymentRequest, await readFields(c));
      return updatePayment(db, actor, { id: input.id, currency: input.currency, timestamp: input.timestamp }, keyOf(c));
    });
  }

  post(`${BILLS_BASE}/update-bill`, async (c) => {
    const actor = actorOf(c);
    const fields = await readFields(c);
    const input = parseFields(ZUpdateBillRequest, { ...fields, due: fields.due === "" || fields.due === undefined ? null : fields.due });
    return updateBillDue(db, actor, { id: input.id, due: input.due }, keyOf(c));
  });

  post(`${BILLS_BASE}/send-bill-back`, async (c) => {
    const actor = actorOf(c);
    const input = parseFields(ZSendBillBackRequest, await readFields(c));
    return sendBillBack(db, actor, { id: input.id, status: input.status }, keyOf(c));
  });

  post(`${BILLS_BASE}/calculatemultiple`, async (c) => {
    const user = legacyUser(c);
    const fields = await readFields(c);
    const input = parseFields(ZCalculateMultipleRequest, { ...fields, bills: (billIdsField.parse(fields.bills) as unknown) ?? fields.bills });
    return calculateMultiple(db, user, input);
  });

  post(`${BILLS_BASE}/mark-employee-rfp-as-paid`, async (c) => {
    const actor = actorOf(c);
    const input = parseFields(ZMarkRfpPaidRequest, await readFields(c));
    return markEmployeeRfpAsPaid(db, actor, input, keyOf(c));
  });

  post(`${BILLS_BASE}/hold-bill`, async (c) => {
    const actor = actorOf(c);
    const input = parseFields(ZHoldBillRequest, await readFields(c));
    return holdBill(db, actor, { billId: input.billId, holdReason: input.holdReason }, keyOf(c));
  });

  post(`${BILLS_BASE}/unhold-bill`, async (c) => {
    const actor = actorOf(c);
    const input = parseFields(ZUnholdBillRequest, await readFields(c));
    return unholdBill(db, actor, { billId: input.billId }, keyOf(c));
  });

  post(`${BILLS_BASE}/export`, async (c) => {
    const actor = actorOf(c);
    const fields = await readFields(c);
    const input = parseFields(ZExportRequest, { billIds: billIdsField.parse(fields.billIds) });
    return exportBills(db, actor, input.billIds, keyOf(c));
  });

  legacyRoute(
    app,
    "GET",
    `${BILLS_BASE}/export/:batchId/:format`,
    async (c) => {
      const user = legacyUser(c);
      const input = parseFields(ZBatchFileRequest, { batchId: c.req.param("batchId"), format: c.req.param("format") });
      const file = await batchFile(db, user, input.batchId, input.format);
      return new Response(file.content, {
        headers: { "content-type": file.contentType, "content-disposition": `attachment; filename="${file.fileName}"`, "cache-control": "no-store" },
      });
    },
    failure,
  );
}
