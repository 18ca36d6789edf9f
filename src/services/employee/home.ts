/**
 * The employee home (issue 14 "Employee home"; `/`, the activation link's landing): the signed-in
 * employee's own move at a glance, the next hub tasks, the budgets they may see (budgetSeenByEmployee),
 * the latest expenses and files, in one read. Only the caller's own newest live move is read (never an
 * id from input); each part goes through its area's own service, so access and shapes stay theirs.
 * Reads only: the generated hub tasks are materialised by movehub.prepare, which the page calls when
 * `tasks.prepared` is false.
 */
import type { DB } from "../../db/index.ts";
import { countryNamesOf, stateNameIn, stateNamesOf } from "../../db/queries/countries.ts";
import { HOME_LIMITS, type TEmployeeHomeResponse } from "../../domain/employee/schemas.ts";
import { nextTasks } from "../../domain/employee/next-tasks.ts";
import { AppError } from "../../domain/errors.ts";
import { messages } from "../../domain/messages.ts";
import { moveStageNames } from "../../domain/policy/catalogue.ts";
import type { SessionUser } from "../auth.ts";
import { moveBudgets } from "../budgets/budgets.ts";
import { listExpenses } from "../expenses/expenses.ts";
import { listEmployeeFiles } from "../files/files.ts";
import { readHub, type HubDeps } from "../movehub/hub.ts";
import { placeText } from "../wizard/initiation-rules.ts";

const HOME_STATUSES = ["open", "on_assignment", "completed"] as const;

function ownMove(db: DB, employeeId: number) {
  return db
    .selectFrom("moves as m")
    .innerJoin("policies as p", "p.id", "m.policy_id")
    .select([
      "m.id", "m.status", "m.current_move_stage", "m.move_date", "m.assignment_start_date", "m.assignment_end_date",
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

  const [countries, states, consultant, hub, budgets, expenses] = await Promise.all([
    countryNamesOf(db),
    stateNamesOf(db),
    consultantOf(db, move.initiated_by ?? move.created_by),
    readHub(deps, user, move.id),
    moveBudgets(db, user, move.id),
    listExpenses(db, user, move.id),
  ]);
  const place = (city: string | null, state: string | null, country: string | null) =>
    placeText(city, stateNameIn(states, country, state), country ? (countries.get(country) ?? country) : null);
  const stageCount = Math.max(1, Math.min(3, move.move_stages_count));
  const stageNames = moveStageNames(stageCount);

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
    budgets: budgets.budgets.map((b) => ({
      moveStageId: b.moveStageId,
      moveStageName: b.moveStageName,
      budgetGroupId: b.budgetGroupId,
      currency: b.currency,
      amount: b.amount,
      spentAmount: b.spentAmount,
      remainingAmount: b.remainingAmount,
      progressPercentage: b.progressPercentage,
      services: b.services,
    })),
    expenses: {
      total: expenses.expenses.length,
      recent: expenses.expenses.slice(0, HOME_LIMITS.expenses).map((e) => ({
        id: e.id,
        serviceTitle: e.serviceTitle,
        moveStageName: e.moveStageName,
        expenseDate: e.expenseDate,
        currency: e.currency,
        gross: e.gross,
        status: e.status,
      })),
    },
    files: filePart,
  };
}
