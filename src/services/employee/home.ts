/**
 * The employee home (issue 14 "Employee home"; `/`, the activation link's landing): the signed-in
 * employee's own move at a glance, the next hub tasks, the budgets they may see (budgetSeenByEmployee),
 * the latest expenses and files, in one read. Only the caller's own newest live move is read (never an
 * id from input); the hub and the files come from their services (readHub, listEmployeeFiles), the
 * budgets and expenses from the budget ledger (loadLedger, toEmployeeBudget) loaded once for both, so
 * the figures are the ones budgets.forMove and expenses.list show.
 * Reads only: the generated hub tasks are materialised by movehub.prepare, which the page calls when
 * `tasks.prepared` is false.
 */
import type { DB } from "../../db/index.ts";
import { countryNamesOf, stateNameIn, stateNamesOf } from "../../db/queries/admin/countries.ts";
import { HOME_LIMITS, type TEmployeeHomeResponse } from "../../domain/employee/schemas.ts";
import { nextTasks } from "../../domain/employee/next-tasks.ts";
import { AppError } from "../../domain/errors.ts";
import { messages } from "../../domain/messages.ts";
import type { ExpenseStatus } from "../../domain/employee/expenses/rules.ts";
import { toMajorString } from "../../domain/money/money.ts";
import { moveStageNames } from "../../domain/policy/catalogue.ts";
import type { SessionUser } from "../identity/auth.ts";
import type { LedgerMove } from "./budgets/access.ts";
import { loadLedger, serviceTitleOf, stageNameOf, toEmployeeBudget } from "./budgets/ledger.ts";
import { listEmployeeFiles } from "./files/files.ts";
import { readHub, type HubDeps } from "./movehub/hub.ts";
import { placeText } from "../moves/wizard/initiation-rules.ts";
import { expenseSource, lifecycleKey, loadLifecycles } from "./expenses/lifecycle.ts";

const HOME_STATUSES = ["open", "on_assignment", "completed"] as const;

function ownMove(db: DB, employeeId: number) {
  return db
    .selectFrom("moves as m")
    .innerJoin("policies as p", "p.id", "m.policy_id")
    .innerJoin("groups as g", "g.id", "m.group_id")
    .select([
      "m.id", "m.group_id", "g.display_name", "m.employee_user_id", "m.policy_version_id", "m.status", "m.current_move_stage", "m.move_date", "m.assignment_start_date", "m.assignment_end_date",
      "m.origin_city_name", "m.origin_state", "m.origin_country_code",
      "m.destination_city_name", "m.destination_state", "m.destination_country_code",
      "m.initiated_by", "m.created_by", "p.name as policy_name", "p.move_stages_count",
    ])
    .where("m.employee_user_id", "=", employeeId)
    .where("m.status", "in", [...HOME_STATUSES])
    .orderBy("m.id", "desc")
    .limit(1)
    .executeTakeFirst();
}

/** The move's expenses, newest first (the order of expenses.list), with what the home shows of each. */
function expensesOf(db: DB, moveId: number) {
  return db
    .selectFrom("expenses")
    .select(["id", "service_key", "move_stage", "expense_date", "currency", "gross_amount", "status", "created_at", "rejection_reason", "hold_reason"])
    .where("move_id", "=", moveId)
    .orderBy("created_at", "desc")
    .orderBy("id", "desc")
    .execute();
}

function consultantOf(db: DB, userId: number | null) {
  if (userId === null) return Promise.resolve(undefined);
  return db
    .selectFrom("users")
    .select(["first_name", "last_name", "email"])
    .where("id", "=", userId)
    .where("anonymized_at", "is", null)
    .executeTakeFirst();
}

/** employee.home: the caller's (an EMPLOYEE's) home; `move: null` and empty parts when they have no live move. */
export async function employeeHome(deps: HubDeps, user: SessionUser): Promise<TEmployeeHomeResponse> {
  if (user.role !== "EMPLOYEE") throw new AppError("FORBIDDEN", messages.forbidden);
  const { db } = deps;
  const [move, files] = await Promise.all([ownMove(db, user.id), user.groupId === null ? null : listEmployeeFiles(db, user, undefined)]);
  const fileList = files?.files ?? [];
  const filePart = {
    count: fileList.length,
    newest: fileList.slice(0, HOME_LIMITS.files).map((f) => ({
      id: f.id,
      name: f.name,
      category: f.category?.label ?? null,
      uploadedAt: f.uploadedAt,
      downloadUrl: f.downloadUrl,
    })),
  };
  if (!move) return { move: null, tasks: null, budgets: [], expenses: { total: 0, recent: [] }, files: filePart };

  const stageCount = Math.max(1, Math.min(3, move.move_stages_count));
  // The same move the budgets and expenses services resolve for an employee (their own newest live move).
  const ledgerMove: LedgerMove = {
    id: move.id,
    groupId: move.group_id,
    groupDisplayName: move.display_name,
    employeeUserId: move.employee_user_id,
    policyVersionId: move.policy_version_id,
    stageCount,
    currentMoveStage: move.current_move_stage,
    status: move.status,
  };
  const [countries, states, consultant, hub, ledger, expenses] = await Promise.all([
    countryNamesOf(db),
    stateNamesOf(db),
    consultantOf(db, move.initiated_by ?? move.created_by),
    readHub(deps, user, move.id),
    loadLedger(db, ledgerMove),
    expensesOf(db, move.id),
  ]);
  const place = (city: string | null, state: string | null, country: string | null) =>
    placeText(city, stateNameIn(states, country, state), country ? (countries.get(country) ?? country) : null);
  const stageNames = moveStageNames(stageCount);
  const recentExpenses = expenses.slice(0, HOME_LIMITS.expenses);
  const lifecycles = await loadLifecycles(db, recentExpenses.map(expenseSource));

  return {
    move: {
      id: move.id,
      status: move.status as (typeof HOME_STATUSES)[number],
      currentMoveStage: move.current_move_stage,
      moveStageName: stageNames[move.current_move_stage - 1] ?? String(move.current_move_stage),
      moveStagesCount: stageCount,
      moveDate: move.move_date,
      assignmentStartDate: move.assignment_start_date,
      assignmentEndDate: move.assignment_end_date,
      origin: place(move.origin_city_name, move.origin_state, move.origin_country_code),
      destination: place(move.destination_city_name, move.destination_state, move.destination_country_code),
      policyName: move.policy_name,
      consultant: consultant ? { name: `${consultant.first_name} ${consultant.last_name}`.trim(), email: consultant.email } : null,
    },
    tasks: { prepared: hub.prepared, today: hub.today, counts: hub.counts, next: nextTasks(hub, HOME_LIMITS.tasks) },
    // What budgets.forMove shows an employee: the budgets seen by the employee.
    budgets: ledger.budgets
      .map((b) => toEmployeeBudget(ledger, b))
      .filter((b) => b.budgetSeenByEmployee)
      .map((b) => ({
        moveStageId: b.moveStageId,
        moveStageName: b.moveStageName,
        budgetGroupId: b.budgetGroupId,
        currency: b.currency,
        amount: b.amount,
        committedAmount: b.committedAmount,
        spentAmount: b.spentAmount,
        remainingAmount: b.remainingAmount,
        progressPercentage: b.progressPercentage,
        figures: b.figures,
        services: b.services.map((key) => serviceTitleOf(ledger, key)),
      })),
    expenses: {
      total: expenses.length,
      recent: recentExpenses.map((e) => ({
        id: e.id,
        serviceTitle: serviceTitleOf(ledger, e.service_key),
        moveStageName: stageNameOf(ledger, e.move_stage),
        expenseDate: e.expense_date,
        currency: e.currency,
        gross: toMajorString({ amount: e.gross_amount, currency: e.currency }),
        status: e.status as ExpenseStatus,
        lifecycle: lifecycles.get(lifecycleKey("expense", e.id))!,
      })),
    },
    files: filePart,
  };
}
