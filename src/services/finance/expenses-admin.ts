/**
 * Employee expenses management (issue 16 "employee expenses management"; spec part 2 §2 "employee
 * expenses and expenses management screens", §3 Expense, §5 "Expense form: internal notes max 255",
 * §8 Expenses alerts): finance's view of every group's employee expenses. FINANCE and ADMIN only.
 *
 * - list: across groups (or one), status filter, search (employee, e-mail, description, group), pages
 *   of 25, gross totals of the page per currency; each row's receipt (its hash, for /download?hash=,
 *   whose own access rules apply) and whether it can still be deleted.
 * - note: the internal note (≤ 255, "You have exceeded the maximum notes length..."), the same rule as
 *   POST billapproval/expense/note; a conditional update on the version the caller read (when given).
 * - delete: only while finance has not started (the expenses service's rule `canDeleteExpense`: the two
 *   submitted statuses, not on hold), as one conditional delete, so a parallel approval and this delete
 *   cannot both win; otherwise "Unable to delete expense as it is being processed by the finance team."
 *
 * Writes go through `financeWrite` (idempotency key) with an audit row (entity `expense`).
 */
import type { DB } from "../../db/index.ts";
import { findGroupByName } from "../../db/queries/admin/groups.ts";
import { countManagedExpenses, findManagedExpense, findManagedExpenses, type ManagedExpenseRow } from "../../db/queries/finance/adhoc.ts";
import { AppError } from "../../domain/errors.ts";
import { canDeleteExpense, EMPLOYEE_STATUSES, type ExpenseCategory, type ExpenseStatus } from "../../domain/employee/expenses/rules.ts";
import { adhocMessages as M, EXPENSES_PAGE_SIZE, type TManagedExpense } from "../../domain/finance/schemas-adhoc.ts";
import { toMajorString } from "../../domain/money/money.ts";
import type { SessionUser } from "../identity/auth.ts";
import type { Lifecycle } from "../../domain/employee/expenses/lifecycle.ts";
import { expenseSource, lifecycleKey, loadLifecycles } from "../employee/expenses/lifecycle.ts";
import { auditFinance, financeWrite, requireFinance, type FinanceActor, type Trx } from "./core.ts";

const major = (amount: number, currency: string) => toMajorString({ amount, currency });

function toManaged(r: ManagedExpenseRow, lifecycles: Map<string, Lifecycle>): TManagedExpense {
  return {
    id: r.id,
    groupName: r.group_name,
    groupDisplayName: r.group_display_name,
    moveId: r.move_id,
    employeeId: r.employee_user_id,
    employeeName: `${r.first_name ?? ""} ${r.last_name ?? ""}`.trim(),
    email: r.email,
    category: r.category as ExpenseCategory,
    categoryOther: r.category_other,
    description: r.description,
    expenseDate: r.expense_date,
    currency: r.currency,
    net: major(r.net_amount, r.currency),
    tax: major(r.tax_amount, r.currency),
    gross: major(r.gross_amount, r.currency),
    status: r.status as ExpenseStatus,
    lifecycle: lifecycles.get(lifecycleKey("expense", r.id))!,
    holdReason: r.hold_reason,
    receiptHash: r.receipt_hash ?? null,
    receiptName: r.receipt_name ?? null,
    internalNotes: r.internal_notes,
    deletable: canDeleteExpense(r.status) && r.hold_reason === null,
    version: r.version,
    createdAt: r.created_at,
  };
}

async function expenseOrNotFound(db: DB, id: number): Promise<TManagedExpense> {
  const row = await findManagedExpense(db, id);
  if (!row) throw new AppError("NOT_FOUND", M.expenseNotFound);
  return toManaged(row, await loadLifecycles(db, [expenseSource(row)]));
}

/** finance.adhoc.expenses */
export async function listManagedExpenses(db: DB, user: SessionUser, input: { group?: string; status?: ExpenseStatus; search?: string; page?: number; pageSize?: number }) {
  requireFinance(user);
  let groupId: number | undefined;
  if (input.group !== undefined) {
    const group = await findGroupByName(db, input.group);
    if (!group) throw new AppError("NOT_FOUND", M.groupNotFound);
    groupId = group.id;
  }
  const page = input.page ?? 1;
  const pageSize = input.pageSize ?? EXPENSES_PAGE_SIZE;
  const filter = { groupId, status: input.status, search: input.search };
  const [rows, total] = await Promise.all([findManagedExpenses(db, { ...filter, offset: (page - 1) * pageSize, limit: pageSize }), countManagedExpenses(db, filter)]);
  const lifecycles = await loadLifecycles(db, rows.map(expenseSource));
  const expenses = rows.map((r) => toManaged(r, lifecycles));
  const sums = new Map<string, number>();
  for (const r of rows) sums.set(r.currency, (sums.get(r.currency) ?? 0) + r.gross_amount);
  const totals = [...sums.entries()].sort(([a], [b]) => a.localeCompare(b)).map(([currency, amount]) => ({ currency, gross: major(amount, currency) }));
  return { expenses, total, page, pageSize, totals };
}

/** finance.adhoc.expenseNote: the internal note of an expense (guarded by the version read, when given). */
export async function setManagedExpenseNote(
  db: DB,
  actor: FinanceActor,
  input: { expenseId: number; internalNote: string; version?: number; idempotencyKey?: string },
  now = new Date(),
): Promise<{ expense: TManagedExpense }> {
  requireFinance(actor.user);
  const { idempotencyKey, ...payload } = input;
  const at = now.toISOString();
  return financeWrite(db, actor, { scope: "finance.adhoc.expenseNote", key: idempotencyKey, payload }, async (trx) => {
    const before = await trx.selectFrom("expenses").select(["id", "group_id", "internal_notes", "version"]).where("id", "=", input.expenseId).executeTakeFirst();
    if (!before) throw new AppError("NOT_FOUND", M.expenseNotFound);
    // As billapproval/expense/note: the note is trimmed, and a note saved unchanged changes nothing.
    const note = input.internalNote.trim();
    if (note === before.internal_notes && (input.version === undefined || input.version === before.version)) return { expense: await expenseOrNotFound(trx, input.expenseId) };
    const result = await trx
      .updateTable("expenses")
      .set({ internal_notes: note, version: before.version + 1, updated_at: at })
      .where("id", "=", input.expenseId)
      .where("version", "=", input.version ?? before.version)
      .executeTakeFirst();
    if (Number(result.numUpdatedRows) !== 1) throw new AppError("CONFLICT", M.expenseChanged);
    await auditFinance(trx, actor, {
      entity: "expense",
      entityId: input.expenseId,
      action: "adhoc.expenseNote",
      groupId: before.group_id,
      oldValues: { internalNotes: before.internal_notes, version: before.version },
      newValues: { internalNotes: note, version: before.version + 1 },
      at,
    });
    return { expense: await expenseOrNotFound(trx, input.expenseId) };
  });
}

/** finance.adhoc.deleteExpense: deletes an expense finance has not started on (one conditional delete). */
export async function deleteManagedExpense(db: DB, actor: FinanceActor, input: { expenseId: number; idempotencyKey?: string }): Promise<{ success: true }> {
  requireFinance(actor.user);
  const { idempotencyKey, ...payload } = input;
  const at = new Date().toISOString();
  return financeWrite(db, actor, { scope: "finance.adhoc.deleteExpense", key: idempotencyKey, payload }, async (trx) => {
    const row = await trx
      .selectFrom("expenses")
      .select(["id", "group_id", "move_id", "employee_user_id", "status", "hold_reason", "gross_amount", "currency", "version"])
      .where("id", "=", input.expenseId)
      .executeTakeFirst();
    if (!row) throw new AppError("NOT_FOUND", M.expenseNotFound);
    if (!canDeleteExpense(row.status) || row.hold_reason !== null) throw new AppError("CONFLICT", M.expenseProcessing);
    const result = await trx
      .deleteFrom("expenses")
      .where("id", "=", input.expenseId)
      .where("status", "in", [...EMPLOYEE_STATUSES])
      .where("hold_reason", "is", null)
      .executeTakeFirst();
    if (Number(result.numDeletedRows) !== 1) {
      const still = await trx.selectFrom("expenses").select("id").where("id", "=", input.expenseId).executeTakeFirst();
      throw still ? new AppError("CONFLICT", M.expenseProcessing) : new AppError("NOT_FOUND", M.expenseNotFound);
    }
    await auditFinance(trx, actor, {
      entity: "expense",
      entityId: input.expenseId,
      action: "adhoc.deleteExpense",
      groupId: row.group_id,
      oldValues: { moveId: row.move_id, employeeId: row.employee_user_id, status: row.status, gross: row.gross_amount, currency: row.currency, version: row.version },
      newValues: null,
      at,
    });
    return { success: true as const };
  });
}
