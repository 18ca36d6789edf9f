/**
 * Budgets (issue 14; part 1 §3 "Budget edit", §4 budget row, §5, §6, §7 editBudget): HR's view and
 * edit of one employee's budgets per budget group and move stage, and what the employee sees
 * (budgetSeenByEmployee). The tRPC procedures (src/routers/employee/budgets.ts) and the documented paths
 * (src/routers/employee/legacy/budgets.ts) call these functions.
 */
import type { DB } from "../../../db/index.ts";
import { lockRow } from "../../../db/locks.ts";
import { insertAudit } from "../../../db/queries/audit.ts";
import { AppError } from "../../../domain/errors.ts";
import { budgetMessages } from "../../../domain/employee/budgets/messages.ts";
import { budgetRangeIn, checkBudgetRange } from "../../../domain/employee/budgets/range.ts";
import type {
  TEditBudgetLoadRequest,
  TEditBudgetResponse,
  TEditBudgetSaveRequest,
  TEmployeeBudget,
  TMoveBudgetsResponse,
} from "../../../domain/employee/budgets/schemas.ts";
import { isCurrencyCode, parseAmount } from "../../../domain/money/money.ts";
import type { SessionUser } from "../../identity/auth.ts";
import { ledgerMoveForCaller, requireLedgerMove } from "./access.ts";
import { loadLedger, toEmployeeBudget } from "./ledger.ts";

export type BudgetActor = { user: SessionUser; ip: string | null };
type GroupRef = { id: number; name: string };

/** The budgets of a move: the employee's own (only those seen by the employee), or HR's / an admin's view of `moveId`. */
export async function moveBudgets(db: DB, user: SessionUser, moveId: number | undefined): Promise<TMoveBudgetsResponse> {
  const move = await ledgerMoveForCaller(db, user, { moveId });
  if (!move) {
    if (user.role === "EMPLOYEE" && moveId === undefined) return { moveId: null, employeeId: null, budgets: [] };
    throw new AppError("NOT_FOUND", budgetMessages.noMove);
  }
  const ledger = await loadLedger(db, move);
  const rows = ledger.budgets.map((b) => toEmployeeBudget(ledger, b));
  return {
    moveId: move.id,
    employeeId: move.employeeUserId,
    budgets: user.role === "EMPLOYEE" ? rows.filter((r) => r.budgetSeenByEmployee) : rows,
  };
}

async function budgetOf(db: DB, user: SessionUser, group: GroupRef, employeeId: number, stage: number, budgetGroup: number) {
  const move = await requireLedgerMove(db, user, { employeeId, groupId: group.id });
  const ledger = await loadLedger(db, move);
  const row = ledger.budgets.find((b) => b.stage === stage && b.group === budgetGroup);
  if (!row) throw new AppError("NOT_FOUND", budgetMessages.noBudget);
  return { move, ledger, row };
}

/** GET /{group}/employeefile/summaryView/editBudget: the budget with its range, type, spent amount and progress. */
export async function loadEditBudget(db: DB, user: SessionUser, group: GroupRef, input: TEditBudgetLoadRequest): Promise<TEditBudgetResponse> {
  const { ledger, row } = await budgetOf(db, user, group, input.employeeId, input.moveStageId, input.budgetGroupId);
  return { success: true, response: [toEmployeeBudget(ledger, row)] };
}

/**
 * POST /{group}/employeefile/summaryView/editBudget?userId: HR's new amount (and currency) for one
 * budget. "Budget must be greater than zero."; outside the range (converted at the stored rates when
 * the currency is not one the policy budgets in) the budget is refused ("Error: Budget is outside the
 * range provided.") unless it is soft with the outside-range option on: then it answers the warning
 * with needsConfirmation until the editor confirms. One row per move, stage and group (insert … on conflict), written with
 * its audit row in one transaction.
 */
export async function saveEditBudget(db: DB, actor: BudgetActor, group: GroupRef, input: TEditBudgetSaveRequest, now = new Date()): Promise<TEditBudgetResponse> {
  if (input.userId !== undefined && input.userId !== input.employeeId) throw new AppError("VALIDATION", budgetMessages.saveFailure, { userId: "userId must name the employee." });
  if (!isCurrencyCode(input.currency) || input.amount === "") {
    throw new AppError("VALIDATION", budgetMessages.amountAndCurrency, { amount: budgetMessages.amountAndCurrency });
  }
  const amount = parseAmount(input.amount, input.currency).amount;
  const { move, ledger, row } = await budgetOf(db, actor.user, group, input.employeeId, input.moveStageId, input.budgetGroupId);
  // The range in the currency saved: the policy's budget in it, or its default budget's range
  // converted at the stored rates (a hard budget cannot be escaped by changing its currency).
  const range = budgetRangeIn(row.policy, input.currency, ledger.rates.rateOf);
  const check = checkBudgetRange({
    amount,
    min: range.min,
    max: range.max,
    budgetType: row.budget.budgetType,
    allowOutsideRange: row.budget.allowOutsideRange,
    confirmed: input.confirmOutsideRange === true,
  });
  if (check.kind === "error") throw new AppError("VALIDATION", check.message, { amount: check.message });
  if (check.kind === "confirm") return { success: false, response: [], needsConfirmation: true, message: check.message };
  const seen = input.budgetSeenByEmployee ?? row.budget.seenByEmployee;
  const at = now.toISOString();
  await db.transaction().execute(async (trx) => {
    // Under the move's lock, so parallel saves decide one after another: the same values again
    // change nothing and write no second audit row.
    await lockRow(trx, "moves", move.id);
    const current = await trx
      .selectFrom("move_budget_edits")
      .select(["currency", "amount", "seen_by_employee"])
      .where("move_id", "=", move.id)
      .where("move_stage", "=", input.moveStageId)
      .where("group_number", "=", input.budgetGroupId)
      .executeTakeFirst();
    if (current && current.currency === input.currency && current.amount === amount && current.seen_by_employee === (seen ? 1 : 0)) return;
    await trx
      .insertInto("move_budget_edits")
      .values({
        group_id: move.groupId,
        move_id: move.id,
        move_stage: input.moveStageId,
        group_number: input.budgetGroupId,
        currency: input.currency,
        amount,
        seen_by_employee: seen ? 1 : 0,
        updated_by: actor.user.id,
        updated_at: at,
      })
      .onConflict((oc) =>
        oc.columns(["move_id", "move_stage", "group_number"]).doUpdateSet({
          currency: input.currency,
          amount,
          seen_by_employee: seen ? 1 : 0,
          updated_by: actor.user.id,
          updated_at: at,
        }),
      )
      .execute();
    await insertAudit(trx, {
      at,
      actorUserId: actor.user.id,
      groupId: move.groupId,
      entity: "move",
      entityId: move.id,
      action: "budgets.editBudget",
      oldValues: current
        ? { stage: input.moveStageId, budgetGroup: input.budgetGroupId, currency: current.currency, amount: current.amount, seenByEmployee: current.seen_by_employee === 1 }
        : { stage: input.moveStageId, budgetGroup: input.budgetGroupId, currency: row.budget.currency, amount: row.budget.amount, seenByEmployee: row.budget.seenByEmployee },
      newValues: { stage: input.moveStageId, budgetGroup: input.budgetGroupId, currency: input.currency, amount, seenByEmployee: seen, outsideRange: check.outsideRange },
      ip: actor.ip,
    });
  });
  const after = await loadLedger(db, move);
  const saved = after.budgets.find((b) => b.stage === input.moveStageId && b.group === input.budgetGroupId)!;
  return { success: true, response: [toEmployeeBudget(after, saved)], message: check.outsideRange ? budgetMessages.outsideRangeWarning : null };
}

export type { TEmployeeBudget };
