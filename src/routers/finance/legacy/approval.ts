/**
 * Documented finance paths: Bill Approval (issue 16; part 2 §7 "Finance (under /accountmanagement/)"
 * billapproval/…, {billapproval|billmanagement}/check{OutOfBudget,OverBudget}, the bill-line cache
 * calls). Same services as src/routers/finance/approval.ts (POST /budget/spend/remaining stays in
 * ./budgets.ts; finance may call it now). Fields from a JSON body, a form or (GET) the query. Writes
 * take the `Idempotency-Key` header. The four documented reject GETs change state, so they refuse a
 * cross-site request (assertSameSite). Failures answer `{ success: false, errorMessage }` with the
 * error's status; an approve's unexpected failure the spec's "There was an issue approving the …" text.
 */
import type { Context, Hono } from "hono";
import type { z } from "zod";
import { AppError } from "../../../domain/errors.ts";
import type { ApprovalKind } from "../../../domain/finance/approval.ts";
import { financeMessages as FM } from "../../../domain/finance/messages.ts";
import {
  approvalMessages as AM,
  ZApprovalPayload,
  ZBillableChanges,
  ZBillLineCache,
  ZBudgetCheckRequest,
  ZClearCache,
  ZExpenseNote,
  ZRejectAdhocCashSpend,
  ZRejectBookingCost,
  ZRejectExpense,
  ZRejectLumpSum,
  ZRequestChange,
  ZSetHoldStatus,
  ZUpdateMoveStage,
  ZUpdateServiceCategory,
} from "../../../domain/finance/schemas-approval.ts";
import type { AppDeps, AppEnv } from "../../../server/types.ts";
import { assertSameSite, clientIp, failureText, legacyRoute, legacyUser, parseFields, readFields } from "../../../server/http.ts";
import { clearBillLinesCache, saveBillableChanges, saveBillLineCache, updateServiceCategory } from "../../../services/finance/approval-drafts.ts";
import { checkBudget } from "../../../services/finance/approval-list.ts";
import {
  approveFailureText,
  approveItem,
  rejectItem,
  requestChange,
  saveExpenseNote,
  setHold,
  updateMoveStage,
} from "../../../services/finance/approval.ts";
import { idempotencyKeyOf, requireFinance, type FinanceActor } from "../../../services/finance/core.ts";

export const APPROVAL_BASE = "/accountmanagement/billapproval";
export const MANAGEMENT_BASE = "/accountmanagement/billmanagement";
/**
 * Part 2 §7 lists `requestChangeOfBookingCost`, the four rejects, `updateMoveStage` and
 * `updateServiceCategory` without the billapproval/ prefix of the calls around them, so the spec reads
 * both ways: they are served at `billapproval/…` and at the `/accountmanagement/` root (issue 23
 * item 22), the same handler through the same idiom at both.
 */
export const ROOT_BASE = "/accountmanagement";
export const ROOT_ALIAS_CALLS = ["requestChangeOfBookingCost", "rejectBookingCost", "rejectExpense", "rejectAdhocCashSpend", "rejectLumpSum", "updateMoveStage", "updateServiceCategory"] as const;
const BOTH_BASES = [APPROVAL_BASE, ROOT_BASE] as const;

const failure = (fallback: string) => (error: unknown) => ({ success: false, errorMessage: failureText(error, fallback) });
/** The signed-in finance user (FINANCE or ADMIN, else 403 before the fields are read) and their address. */
const actorOf = (c: Context<AppEnv>): FinanceActor => {
  const user = legacyUser(c);
  requireFinance(user);
  return { user, ip: clientIp(c) };
};
const keyOf = (c: Context<AppEnv>) => idempotencyKeyOf(c.req.header("Idempotency-Key"));
const fieldsOf = async <S extends z.ZodType>(c: Context<AppEnv>, schema: S): Promise<z.infer<S>> => parseFields(schema, await readFields(c));

const APPROVE_PATHS: [string, ApprovalKind][] = [
  ["approveBookingCost", "bookingCost"],
  ["approveExpense", "expense"],
  ["approveLumpSum", "lumpSum"],
  ["approveAdhocCashSpend", "adhocCashSpend"],
];

export function mountLegacyFinanceApproval(app: Hono<AppEnv>, deps: AppDeps) {
  const { db } = deps;
  const generic = failure(FM.productTeamError);

  for (const base of [APPROVAL_BASE, MANAGEMENT_BASE]) {
    for (const which of ["checkOutOfBudget", "checkOverBudget"]) {
      legacyRoute(
        app,
        "POST",
        `${base}/${which}`,
        async (c) => {
          const { user } = actorOf(c);
          return checkBudget(db, user, await fieldsOf(c, ZBudgetCheckRequest));
        },
        (error) => ({ success: false, outOfBudget: false, overBudget: false, newTotalSpend: null, lock: false, errorMessage: failureText(error, FM.budgetFetchError) }),
      );
    }
    legacyRoute(app, "POST", `${base}/updateBillableChanges`, async (c) => saveBillableChanges(db, actorOf(c), await fieldsOf(c, ZBillableChanges), keyOf(c)), generic);
    legacyRoute(app, "POST", `${base}/updateBillLineCache`, async (c) => saveBillLineCache(db, actorOf(c), await fieldsOf(c, ZBillLineCache), keyOf(c)), generic);
    legacyRoute(
      app,
      "DELETE",
      `${base}/clearBillLinesCache/:id/:type`,
      async (c) => clearBillLinesCache(db, actorOf(c), parseFields(ZClearCache, { id: c.req.param("id"), type: c.req.param("type") }), keyOf(c)),
      generic,
    );
  }

  for (const [path, kind] of APPROVE_PATHS) {
    legacyRoute(app, "POST", `${APPROVAL_BASE}/${path}`, async (c) => approveItem(db, actorOf(c), kind, await fieldsOf(c, ZApprovalPayload), keyOf(c)), failure(approveFailureText(kind)));
  }

  for (const base of BOTH_BASES)
    legacyRoute(app, "POST", `${base}/requestChangeOfBookingCost`, async (c) => requestChange(db, actorOf(c), await fieldsOf(c, ZRequestChange), keyOf(c)), generic);

  const rejectRoute = <S extends z.ZodType>(path: string, kind: ApprovalKind, schema: S, idOf: (f: z.infer<S>) => number) => {
    for (const base of BOTH_BASES)
      legacyRoute(
        app,
        "GET",
        `${base}/${path}`,
        async (c) => {
          const actor = actorOf(c);
          assertSameSite(c, deps.config);
          const f = parseFields(schema, c.req.query()) as z.infer<S> & { rejectionId?: number | null; rejectionReason?: string | null };
          return rejectItem(db, actor, { kind, id: idOf(f), rejectionId: f.rejectionId ?? null, rejectionReason: f.rejectionReason ?? null }, keyOf(c));
        },
        generic,
      );
  };
  rejectRoute("rejectBookingCost", "bookingCost", ZRejectBookingCost, (f) => f.id);
  rejectRoute("rejectExpense", "expense", ZRejectExpense, (f) => f.expenseId);
  rejectRoute("rejectAdhocCashSpend", "adhocCashSpend", ZRejectAdhocCashSpend, (f) => f.cashSpendId);
  rejectRoute("rejectLumpSum", "lumpSum", ZRejectLumpSum, (f) => f.lumpsumId);

  legacyRoute(
    app,
    "POST",
    `${APPROVAL_BASE}/set-hold-status`,
    async (c) => {
      const actor = actorOf(c);
      const f = await fieldsOf(c, ZSetHoldStatus);
      const target: [ApprovalKind, number] | null = f.expenseId ? ["expense", f.expenseId] : f.bookingCostId ? ["bookingCost", f.bookingCostId] : null;
      if (!target) throw new AppError("VALIDATION", AM.holdNothing, { expenseId: AM.holdNothing });
      return setHold(db, actor, { kind: target[0], id: target[1], holdStatus: f.holdStatus, holdReason: f.holdReason ?? null }, keyOf(c));
    },
    generic,
  );

  legacyRoute(app, "POST", `${APPROVAL_BASE}/expense/note`, async (c) => saveExpenseNote(db, actorOf(c), await fieldsOf(c, ZExpenseNote), keyOf(c)), generic);
  for (const base of BOTH_BASES) {
    legacyRoute(app, "POST", `${base}/updateMoveStage`, async (c) => updateMoveStage(db, actorOf(c), await fieldsOf(c, ZUpdateMoveStage), keyOf(c)), generic);
    legacyRoute(app, "POST", `${base}/updateServiceCategory`, async (c) => updateServiceCategory(db, actorOf(c), await fieldsOf(c, ZUpdateServiceCategory), keyOf(c)), generic);
  }
}
