/**
 * The employee home (issue 14 "Employee home"; part 1 §2): the move at a glance, the next hub tasks,
 * the budgets the employee may see, the latest expenses and files, answered by `employee.home` in one
 * round trip. Amounts are decimal text in the budget's or expense's own currency (src/domain/money).
 */
import { z } from "zod";
import { ZCompleteStatus } from "./movehub/schemas.ts";
import { EXPENSE_STATUSES } from "./expenses/rules.ts";
import { ZLifecycle } from "./expenses/lifecycle.ts";
import { ZBudgetFigures } from "./budgets/schemas.ts";

/** How many of each list the home shows. */
export const HOME_LIMITS = { tasks: 5, expenses: 5, files: 3 } as const;

export const ZHomeMoveStatus = z.enum(["open", "on_assignment", "completed"]);

export const ZHomeMove = z.object({
  id: z.number().int(),
  status: ZHomeMoveStatus,
  currentMoveStage: z.number().int(),
  moveStageName: z.string(),
  moveStagesCount: z.number().int(),
  moveDate: z.string().nullable(),
  assignmentStartDate: z.string().nullable(),
  assignmentEndDate: z.string().nullable(),
  /** "City, Region, Country" as the HR move page writes it (null when not given). */
  origin: z.string().nullable(),
  destination: z.string().nullable(),
  policyName: z.string(),
  /** The HR user who initiated the move. */
  consultant: z.object({ name: z.string(), email: z.string() }).nullable(),
});
export type THomeMove = z.infer<typeof ZHomeMove>;

export const ZHomeTask = z.object({
  id: z.number().int(),
  title: z.string(),
  dueDate: z.string().nullable(),
  completeStatus: ZCompleteStatus,
  sectionTitle: z.string(),
});

export const ZHomeTasks = z.object({
  /** false: the generated tasks are not materialised yet (the page calls movehub.prepare, as the hub does). */
  prepared: z.boolean(),
  today: z.string(),
  counts: z.object({ all: z.number().int(), open: z.number().int(), overdue: z.number().int(), done: z.number().int() }),
  /** Up to 5 open tasks: overdue first, then by due date (undated last), then hub order. */
  next: z.array(ZHomeTask),
});

export const ZHomeBudget = z.object({
  moveStageId: z.number().int(),
  moveStageName: z.string(),
  budgetGroupId: z.number().int(),
  currency: z.string(),
  amount: z.string(),
  committedAmount: z.string(),
  spentAmount: z.string(),
  remainingAmount: z.string(),
  progressPercentage: z.number().int(),
  /** The budget's figures (issue 24 §2: the same ones every screen shows). */
  figures: ZBudgetFigures,
  /** The titles of the budget's services (as the expenses page names them). */
  services: z.array(z.string()),
});

export const ZHomeExpense = z.object({
  id: z.number().int(),
  serviceTitle: z.string(),
  moveStageName: z.string(),
  expenseDate: z.string(),
  currency: z.string(),
  gross: z.string(),
  status: z.enum(EXPENSE_STATUSES),
  /** The derived state (src/domain/employee/expenses/lifecycle.ts), the one the expenses page shows. */
  lifecycle: ZLifecycle,
});

export const ZHomeFile = z.object({
  id: z.number().int(),
  name: z.string(),
  category: z.string().nullable(),
  uploadedAt: z.string(),
  downloadUrl: z.string(),
});

export const ZEmployeeHomeResponse = z.object({
  /** null: no open, on-assignment or completed move (the page's "Your move has not started yet"). */
  move: ZHomeMove.nullable(),
  tasks: ZHomeTasks.nullable(),
  budgets: z.array(ZHomeBudget),
  expenses: z.object({ total: z.number().int(), recent: z.array(ZHomeExpense) }),
  files: z.object({ count: z.number().int(), newest: z.array(ZHomeFile) }),
});
export type TEmployeeHomeResponse = z.infer<typeof ZEmployeeHomeResponse>;
