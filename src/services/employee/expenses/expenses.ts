/**
 * Expenses (issue 14; part 1 §2 "My move", §3, §6, §7 budget/spend/remaining, checkHardLimit,
 * booking-estimate, §8; part 2 §3 Expense): an employee submits what they spent against a service and
 * move stage of their move, with a receipt (a file they uploaded through the files API) or without;
 * deletes it while finance has not started; sees what remains of each service's budget.
 * Finance (bill approval, issue 16) takes the rows as they are: `startFinanceProcessing` is its first
 * transition, guarded by status and version.
 */
import { autoApproveOnSubmit } from "../../finance/approval-bills.ts";
import type { DB } from "../../../db/index.ts";
import { insertAudit } from "../../../db/queries/audit.ts";
import { AppError } from "../../../domain/errors.ts";
import { budgetMessages } from "../../../domain/employee/budgets/messages.ts";
import type {
  TBookingEstimateRequest,
  TBookingEstimateResponse,
  TBudgetSearchResult,
  TCheckHardLimitRequest,
  TCheckHardLimitResponse,
  TRemainingRequest,
  TRemainingResponse,
} from "../../../domain/employee/budgets/schemas.ts";
import { expenseMessages } from "../../../domain/employee/expenses/messages.ts";
import { amountOver, approvedTotal, remainingAfter } from "../../../domain/employee/budgets/figures.ts";
import {
  canDeleteExpense,
  DEFAULT_EXPENSE_DATE_WINDOW_DAYS,
  earliestExpenseDate,
  expenseAmounts,
  expenseDateProblem,
  latestToday,
  submittedStatus,
  type ExpenseCategory,
  type ExpenseStatus,
} from "../../../domain/employee/expenses/rules.ts";
import type { TExpense, TExpenseListResponse, TSubmitExpenseRequest } from "../../../domain/employee/expenses/schemas.ts";
import { displayRound, parseAmount, toMajorString } from "../../../domain/money/money.ts";
import { NO_BUDGET_GROUP } from "../../../domain/policy/catalogue.ts";
import type { SessionUser } from "../../identity/auth.ts";
import { ledgerMoveForCaller, requireLedgerMove, type LedgerMove } from "../budgets/access.ts";
import { convertMinor, figuresOf, loadLedger, serviceKeyOf, serviceTitleOf, stageNameOf, type Ledger } from "../budgets/ledger.ts";
import { quoteMessages } from "../../../domain/employee/quotes/quotes.ts";
import { quoteForCaller } from "../quotes/quotes.ts";
import type { Role } from "../../../domain/roles.ts";
import { messages } from "../../../domain/messages.ts";
import type { Lifecycle } from "../../../domain/employee/expenses/lifecycle.ts";
import { withLifecycles } from "./lifecycle.ts";

/** `expenseDateWindowDays`: EXPENSE_DATE_WINDOW_DAYS (how long before the move's start an expense may be dated). */
export type ExpenseActor = { user: SessionUser; ip: string | null; expenseDateWindowDays?: number };

/** The earliest date an expense of the move may carry (its start minus the window), or null. */
async function earliestExpenseDateOf(db: DB, moveId: number, windowDays: number): Promise<string | null> {
  const row = await db.selectFrom("moves").select(["move_date", "initiated_at", "created_at"]).where("id", "=", moveId).executeTakeFirst();
  return row ? earliestExpenseDate({ moveDate: row.move_date, startedAt: row.initiated_at ?? row.created_at }, windowDays) : null;
}

const EDITABLE_MOVE = ["open", "on_assignment"];
const major = (amount: number, currency: string) => toMajorString({ amount, currency });

/** A row of `selectExpenses`: the expense with its receipt's hash and file name. */
type ExpenseRow = Awaited<ReturnType<ReturnType<typeof selectExpenses>["execute"]>>[number] & { lifecycle: Lifecycle };

function selectExpenses(db: DB) {
  return db
    .selectFrom("expenses as e")
    .leftJoin("employee_files as f", "f.id", "e.receipt_file_id")
    .select([
      "e.id", "e.move_id", "e.employee_user_id", "e.service_key", "e.move_stage", "e.budget_group", "e.category", "e.category_other",
      "e.description", "e.expense_date", "e.currency", "e.net_amount", "e.tax_amount", "e.gross_amount", "e.budget_currency",
      "e.budget_amount", "e.exchange_rate", "e.receipt_file_id", "f.hash as receipt_hash", "f.original_name as receipt_name",
      "e.status", "e.hold_reason", "e.rejection_reason", "e.version", "e.created_at",
    ]);
}

function toExpense(ledger: Ledger, r: ExpenseRow): TExpense {
  return {
    id: r.id,
    moveId: r.move_id,
    employeeId: r.employee_user_id,
    serviceName: r.service_key,
    serviceTitle: serviceTitleOf(ledger, r.service_key),
    moveStageId: r.move_stage,
    moveStageName: stageNameOf(ledger, r.move_stage),
    budgetGroupId: r.budget_group,
    category: r.category as ExpenseCategory,
    categoryOther: r.category_other,
    description: r.description,
    expenseDate: r.expense_date,
    currency: r.currency,
    net: major(r.net_amount, r.currency),
    tax: major(r.tax_amount, r.currency),
    gross: major(r.gross_amount, r.currency),
    budgetCurrency: r.budget_currency,
    budgetAmount: r.budget_currency !== null && r.budget_amount !== null ? major(r.budget_amount, r.budget_currency) : null,
    exchangeRate: r.exchange_rate,
    receiptFileId: r.receipt_file_id,
    receiptHash: r.receipt_hash,
    receiptName: r.receipt_name,
    status: r.status as ExpenseStatus,
    lifecycle: r.lifecycle,
    onHold: r.hold_reason !== null,
    deletable: canDeleteExpense(r.status) && r.hold_reason === null,
    version: r.version,
    createdAt: r.created_at,
  };
}

function listView(ledger: Ledger, rows: ExpenseRow[], expenseDateBounds?: TExpenseListResponse["expenseDateBounds"]): TExpenseListResponse {
  const services: TExpenseListResponse["services"] = [];
  for (const [key, group] of ledger.serviceGroups) {
    const [stage, service] = [Number(key.split(":")[0]), key.slice(key.indexOf(":") + 1)];
    if (service === "MOVEHUB") continue;
    services.push({ serviceName: service, title: serviceTitleOf(ledger, service), moveStageId: stage, budgetGroupId: group });
  }
  return {
    moveId: ledger.move.id,
    expenses: rows.map((r) => toExpense(ledger, r)),
    services,
    moveStages: ledger.stageNames.map((name, i) => ({ id: i + 1, name })),
    currentMoveStage: ledger.move.currentMoveStage,
    ...(expenseDateBounds ? { expenseDateBounds } : {}),
  };
}

/** The expenses of the caller's move (employee) or of `moveId` (HR of its group, admins), newest first. */
export async function listExpenses(
  db: DB,
  user: SessionUser,
  moveId: number | undefined,
  windowDays: number = DEFAULT_EXPENSE_DATE_WINDOW_DAYS,
): Promise<TExpenseListResponse> {
  const move = await ledgerMoveForCaller(db, user, { moveId });
  if (!move) {
    if (user.role === "EMPLOYEE" && moveId === undefined) return { moveId: null, expenses: [], services: [], moveStages: [], currentMoveStage: null };
    throw new AppError("NOT_FOUND", budgetMessages.noMove);
  }
  const [ledger, rows, earliest] = await Promise.all([
    loadLedger(db, move),
    selectExpenses(db).where("e.move_id", "=", move.id).orderBy("e.created_at", "desc").orderBy("e.id", "desc").execute().then((found) => withLifecycles(db, found)),
    earliestExpenseDateOf(db, move.id, windowDays),
  ]);
  return listView(ledger, rows, { earliest, windowDays });
}

async function readExpense(db: DB, ledger: Ledger, id: number): Promise<TExpense> {
  const row = (await withLifecycles(db, [await selectExpenses(db).where("e.id", "=", id).executeTakeFirstOrThrow()]))[0]!;
  return toExpense(ledger, row);
}

/**
 * Submits an expense of the employee's own move: the service must be on the move's policy at that
 * stage; amounts per part 2 §5; the receipt, when named, must be a file the employee uploaded;
 * SUBMITTED with a receipt, SUBMITTED_WITHOUT_RECEIPT without; the gross converted into the budget's
 * currency with the rate stored beside it. A repeated `requestId` answers the first expense (insert …
 * on conflict do nothing), so a double-tapped submit makes one row.
 */
export async function submitExpense(db: DB, actor: ExpenseActor, input: TSubmitExpenseRequest, now = new Date()): Promise<{ success: true; id: number; expense: TExpense }> {
  if (actor.user.role !== "EMPLOYEE") throw new AppError("FORBIDDEN", "Only the employee submits their expenses.");
  const move = await requireLedgerMove(db, actor.user, {});
  if (!EDITABLE_MOVE.includes(move.status)) throw new AppError("CONFLICT", expenseMessages.moveClosed);
  if (input.category === "OTHER" && !input.categoryOther) throw new AppError("VALIDATION", expenseMessages.categoryOther, { categoryOther: expenseMessages.categoryOther });
  const windowDays = actor.expenseDateWindowDays ?? DEFAULT_EXPENSE_DATE_WINDOW_DAYS;
  const dateProblem = expenseDateProblem(input.expenseDate, { today: latestToday(now), earliest: await earliestExpenseDateOf(db, move.id, windowDays), windowDays });
  if (dateProblem) throw new AppError("VALIDATION", dateProblem, { expenseDate: dateProblem });
  const amounts = expenseAmounts({ currency: input.currency, gross: input.gross, net: input.net, tax: input.tax });
  const ledger = await loadLedger(db, move);
  const budgetGroup = ledger.serviceGroups.get(serviceKeyOf(input.moveStageId, input.serviceName));
  if (budgetGroup === undefined || input.serviceName === "MOVEHUB") {
    throw new AppError("VALIDATION", expenseMessages.serviceNotOnPolicy, { serviceName: expenseMessages.serviceNotOnPolicy });
  }
  if (input.receiptFileId) {
    const file = await db
      .selectFrom("employee_files")
      .select("id")
      .where("id", "=", input.receiptFileId)
      .where("employee_user_id", "=", actor.user.id)
      .where("group_id", "=", move.groupId)
      .executeTakeFirst();
    if (!file) throw new AppError("VALIDATION", expenseMessages.receiptNotYours, { receiptFileId: expenseMessages.receiptNotYours });
  }
  const budget = ledger.budgets.find((b) => b.stage === input.moveStageId && b.group === budgetGroup);
  const converted = budget ? convertMinor(ledger.rates, amounts.gross.amount, amounts.gross.currency, budget.budget.currency) : null;
  const at = now.toISOString();
  const id = await db.transaction().execute(async (trx) => {
    const inserted = await trx
      .insertInto("expenses")
      .values({
        group_id: move.groupId,
        move_id: move.id,
        employee_user_id: actor.user.id,
        service_key: input.serviceName,
        move_stage: input.moveStageId,
        budget_group: budgetGroup,
        category: input.category,
        category_other: input.category === "OTHER" ? (input.categoryOther ?? null) : null,
        description: input.description ?? "",
        expense_date: input.expenseDate,
        currency: amounts.gross.currency,
        net_amount: amounts.net.amount,
        tax_amount: amounts.tax.amount,
        gross_amount: amounts.gross.amount,
        budget_currency: budget ? budget.budget.currency : null,
        budget_amount: converted ? converted.amount : null,
        exchange_rate: converted ? converted.rate : null,
        receipt_file_id: input.receiptFileId ?? null,
        status: submittedStatus(Boolean(input.receiptFileId)),
        request_id: input.requestId ?? null,
        created_at: at,
        updated_at: at,
      })
      .onConflict((oc) => oc.columns(["employee_user_id", "request_id"]).doNothing())
      .returning("id")
      .executeTakeFirst();
    if (!inserted) return null;
    await insertAudit(trx, {
      at, actorUserId: actor.user.id, groupId: move.groupId, entity: "expense", entityId: inserted.id, action: "expenses.submit", ip: actor.ip,
      newValues: { moveId: move.id, service: input.serviceName, stage: input.moveStageId, currency: amounts.gross.currency, gross: amounts.gross.amount, receipt: input.receiptFileId ?? null },
    });
    // Finance (issue 16): the group's auto-approval rule (off by default) may approve it right away.
    await autoApproveOnSubmit(trx, actor, {
      expenseId: inserted.id, groupId: move.groupId, currency: amounts.gross.currency, gross: amounts.gross.amount, hasReceipt: Boolean(input.receiptFileId),
      inPolicy: true, withinBudget: budget !== undefined && converted !== null && budget.figures.remaining >= converted.amount, at,
    });
    return inserted.id;
  });
  const finalId =
    id ??
    (await db.selectFrom("expenses").select("id").where("employee_user_id", "=", actor.user.id).where("request_id", "=", input.requestId!).executeTakeFirstOrThrow()).id;
  return { success: true, id: finalId, expense: await readExpense(db, ledger, finalId) };
}

/**
 * Deletes an expense of the employee's own move while finance has not started on it: one conditional
 * delete on the submitted statuses (and not on hold), so a parallel finance transition and this delete
 * cannot both win. Otherwise "Unable to delete expense as it is being processed by the finance team."
 */
export async function deleteExpense(db: DB, actor: ExpenseActor, expenseId: number, now = new Date()): Promise<{ success: true }> {
  if (actor.user.role !== "EMPLOYEE") throw new AppError("FORBIDDEN", "Only the employee deletes their expenses.");
  const row = await db
    .selectFrom("expenses")
    .select(["id", "group_id", "move_id", "status", "gross_amount", "currency"])
    .where("id", "=", expenseId)
    .where("employee_user_id", "=", actor.user.id)
    .executeTakeFirst();
  if (!row) throw new AppError("NOT_FOUND", expenseMessages.notFound);
  if (!canDeleteExpense(row.status)) throw new AppError("CONFLICT", expenseMessages.processing);
  const at = now.toISOString();
  await db.transaction().execute(async (trx) => {
    const result = await trx
      .deleteFrom("expenses")
      .where("id", "=", expenseId)
      .where("employee_user_id", "=", actor.user.id)
      .where("status", "in", ["SUBMITTED", "SUBMITTED_WITHOUT_RECEIPT"])
      .where("hold_reason", "is", null)
      .executeTakeFirst();
    if (Number(result.numDeletedRows) !== 1) {
      const still = await trx.selectFrom("expenses").select("id").where("id", "=", expenseId).executeTakeFirst();
      throw still ? new AppError("CONFLICT", expenseMessages.processing) : new AppError("NOT_FOUND", expenseMessages.notFound);
    }
    await insertAudit(trx, {
      at, actorUserId: actor.user.id, groupId: row.group_id, entity: "expense", entityId: expenseId, action: "expenses.delete", ip: actor.ip,
      oldValues: { moveId: row.move_id, status: row.status, gross: row.gross_amount, currency: row.currency },
    });
  });
  return { success: true };
}

/**
 * Finance takes an expense into processing (bill approval's first step, part 2 §4): SUBMITTED or
 * SUBMITTED_WITHOUT_RECEIPT → IN_PROCESS, conditional on the status and the version the caller read
 * (optimistic concurrency): a parallel delete or second transition finds nothing to update.
 */
export async function startFinanceProcessing(db: DB, actor: ExpenseActor, expenseId: number, version: number, now = new Date()): Promise<{ success: true; version: number }> {
  if (actor.user.role !== "FINANCE" && actor.user.role !== "ADMIN") throw new AppError("FORBIDDEN", "Only finance processes expenses.");
  const at = now.toISOString();
  return db.transaction().execute(async (trx) => {
    const result = await trx
      .updateTable("expenses")
      .set({ status: "IN_PROCESS", version: version + 1, updated_at: at })
      .where("id", "=", expenseId)
      .where("version", "=", version)
      .where("status", "in", ["SUBMITTED", "SUBMITTED_WITHOUT_RECEIPT"])
      .executeTakeFirst();
    if (Number(result.numUpdatedRows) !== 1) throw new AppError("CONFLICT", expenseMessages.financeConflict);
    const row = await trx.selectFrom("expenses").select(["group_id"]).where("id", "=", expenseId).executeTakeFirstOrThrow();
    await insertAudit(trx, { at, actorUserId: actor.user.id, groupId: row.group_id, entity: "expense", entityId: expenseId, action: "expenses.inProcess", ip: actor.ip, newValues: { status: "IN_PROCESS", version: version + 1 } });
    return { success: true as const, version: version + 1 };
  });
}

// ── remaining budget ────────────────────────────────────────────────────────────────────────

/** Two decimals (part 1 §9) of minor units of `currency`, rounded in the money module. */
const twoDecimals = (amount: number, currency: string) => displayRound.remainingBudget(major(amount, currency));

/**
 * budgetSeenByEmployee (part 1 §3, §6) decides what the employee sees: a budget HR hides is, to the
 * employee, no budget at all ("N/A", no sums); HR and admins see every budget.
 */
function visibleTo<B extends { budget: { seenByEmployee: boolean } }>(user: SessionUser, budget: B | undefined): B | undefined {
  return budget && user.role === "EMPLOYEE" && !budget.budget.seenByEmployee ? undefined : budget;
}

function searchResult(user: SessionUser, ledger: Ledger, s: TRemainingRequest["searches"][number]): TBudgetSearchResult {
  const base = { id: s.id ?? null, serviceName: s.serviceName, moveStageId: s.moveStageId ?? null };
  if (s.moveStageId === undefined || s.moveStageId === null) {
    return { ...base, budgetGroupId: null, outOfBudget: false, noMoveStage: true, amount: null, remainingBudgetDto: null, display: budgetMessages.setMoveStage };
  }
  const group = ledger.serviceGroups.get(serviceKeyOf(s.moveStageId, s.serviceName));
  const budget = visibleTo(user, group === undefined || group === NO_BUDGET_GROUP ? undefined : ledger.budgets.find((b) => b.stage === s.moveStageId && b.group === group));
  if (!budget) {
    return { ...base, budgetGroupId: group ?? null, outOfBudget: true, noMoveStage: false, amount: null, remainingBudgetDto: null, display: budgetMessages.notAvailable };
  }
  const from = budget.budget.currency;
  const to = s.currency ?? from;
  const inTo = (amount: number) => convertMinor(ledger.rates, amount, from, to).amount;
  const remaining = twoDecimals(inTo(budget.figures.remaining), to);
  return {
    ...base,
    budgetGroupId: budget.group,
    outOfBudget: false,
    noMoveStage: false,
    amount: { currencyUnit: { code: to }, amount: remaining },
    remainingBudgetDto: {
      submitted: twoDecimals(inTo(budget.figures.submitted), to),
      approvedByAdvocate: twoDecimals(inTo(approvedTotal(budget.figures)), to),
      approvedByFinance: twoDecimals(inTo(approvedTotal(budget.figures)), to),
      budget: twoDecimals(inTo(budget.figures.budget), to),
    },
    display: `${to} ${remaining}`,
  };
}

/**
 * POST /budget/spend/remaining: for each search (service, move stage, currency; moveId or userId for
 * HR, admins and finance; an employee's own move otherwise) what remains of the service's budget.
 * FINANCE reads every group's moves as an admin does (Bill Approval's budget column, issue 16);
 * submitted counts pending expenses and finance items, approvedByFinance the approved ones
 * (src/services/employee/budgets/ledger.ts). A budget hidden from the employee answers the employee "N/A"
 * (visibleTo). A search naming a move the caller may not see is refused (NOT_FOUND), never answered with its sums.
 */
/** Who may read remaining budgets (finance reads as an admin); the legacy path checks it before the request is read. */
export const REMAINING_BUDGET_ROLES: Role[] = ["EMPLOYEE", "HR", "ADMIN", "FINANCE"];

export async function remainingBudgets(db: DB, caller: SessionUser, input: TRemainingRequest): Promise<TRemainingResponse> {
  if (!REMAINING_BUDGET_ROLES.includes(caller.role)) throw new AppError("FORBIDDEN", messages.forbidden);
  const user: SessionUser = caller.role === "FINANCE" ? { ...caller, role: "ADMIN" } : caller;
  const ledgers = new Map<string, Ledger | null>();
  const results: TBudgetSearchResult[] = [];
  for (const s of input.searches) {
    const key = `${s.moveId ?? ""}:${s.userId ?? ""}`;
    if (!ledgers.has(key)) {
      const move = await ledgerMoveForCaller(db, user, { moveId: s.moveId, employeeId: s.userId });
      ledgers.set(key, move ? await loadLedger(db, move) : null);
    }
    const ledger = ledgers.get(key)!;
    if (!ledger) throw new AppError("NOT_FOUND", budgetMessages.fetchFailure);
    results.push(searchResult(user, ledger, s));
  }
  return { results };
}

async function costCheck(db: DB, user: SessionUser, p: { moveId?: number; service: string; stage: number; amount: string; currency: string }) {
  if (user.role !== "EMPLOYEE" && user.role !== "HR" && user.role !== "ADMIN") throw new AppError("FORBIDDEN", "You do not have permission to do that.");
  const cost = parseAmount(p.amount, p.currency);
  if (cost.amount < 0) throw new AppError("VALIDATION", expenseMessages.notNegative, { amount: expenseMessages.notNegative });
  const move: LedgerMove = await requireLedgerMove(db, user, { moveId: p.moveId });
  const ledger = await loadLedger(db, move);
  const group = ledger.serviceGroups.get(serviceKeyOf(p.stage, p.service));
  const budget = visibleTo(user, group === undefined ? undefined : ledger.budgets.find((b) => b.stage === p.stage && b.group === group));
  return { move, ledger, cost, budget };
}

/** POST /json/checkHardLimit: the cost against what remains of the service's budget (the overdraft popup). */
export async function checkHardLimit(db: DB, user: SessionUser, input: TCheckHardLimitRequest): Promise<TCheckHardLimitResponse> {
  const { move, cost, budget, ledger } = await costCheck(db, user, { moveId: input.enquiryId, service: input.productId, stage: input.moveStageId, amount: input.amount, currency: input.currency });
  if (!budget) {
    return {
      success: true,
      data: { companyName: move.groupDisplayName, remainingBudget: budgetMessages.notAvailable, costOfService: twoDecimals(cost.amount, cost.currency), amountOver: "0.00", currencyCode: cost.currency, hardLimit: false, outOfBudget: true },
      message: null,
    };
  }
  const c = budget.budget.currency;
  const costIn = convertMinor(ledger.rates, cost.amount, cost.currency, c).amount;
  const over = amountOver(budget.figures.remaining, costIn);
  return {
    success: true,
    data: {
      companyName: move.groupDisplayName,
      remainingBudget: twoDecimals(budget.figures.remaining, c),
      costOfService: twoDecimals(costIn, c),
      amountOver: twoDecimals(over, c),
      currencyCode: c,
      hardLimit: budget.budget.budgetType === "H",
      outOfBudget: false,
    },
    message: null,
  };
}

const currencySign = (code: string) => {
  try {
    return new Intl.NumberFormat("en", { style: "currency", currency: code, currencyDisplay: "narrowSymbol" }).formatToParts(0).find((p) => p.type === "currency")?.value ?? code;
  } catch {
    return code;
  }
};

/** GET /{service}/booking-estimate: a booking's cost against the service's remaining budget. */
export async function bookingEstimate(db: DB, user: SessionUser, input: TBookingEstimateRequest): Promise<TBookingEstimateResponse> {
  // A supplier quote (quoteId) brings its own service, stage, amount, currency and company.
  const quote = input.quoteId === undefined ? null : (await quoteForCaller(db, user, input.quoteId)).row;
  if (quote && input.enquiryId !== undefined && input.enquiryId !== quote.move_id) throw new AppError("NOT_FOUND", quoteMessages.notFound);
  if (!quote && (input.amount === undefined || input.amount === "")) throw new AppError("VALIDATION", quoteMessages.amount, { amount: quoteMessages.amount });
  const stage = quote ? quote.move_stage : input.serviceParam;
  const { move, cost, budget, ledger } = await costCheck(
    db,
    user,
    quote
      ? { moveId: quote.move_id, service: quote.service_key, stage, amount: toMajorString({ amount: quote.amount, currency: quote.currency }), currency: quote.currency }
      : { moveId: input.enquiryId, service: input.service, stage, amount: input.amount ?? "", currency: input.currency },
  );
  const stageName = stageNameOf(ledger, stage);
  const companyName = quote ? quote.company_name : move.groupDisplayName;
  if (!budget) {
    return {
      success: true, xlateMsg: budgetMessages.notAvailable, currencySign: currencySign(cost.currency), currencyCode: cost.currency, companyName,
      moveStageName: stageName, costAmount: twoDecimals(cost.amount, cost.currency), originalRemaining: budgetMessages.notAvailable, overBudgetAmount: "0.00", remainingBudget: budgetMessages.notAvailable, figures: null,
    };
  }
  const c = budget.budget.currency;
  const costIn = convertMinor(ledger.rates, cost.amount, cost.currency, c).amount;
  const over = amountOver(budget.figures.remaining, costIn);
  return {
    success: true,
    xlateMsg: null,
    currencySign: currencySign(c),
    currencyCode: c,
    companyName,
    moveStageName: stageName,
    costAmount: twoDecimals(costIn, c),
    originalRemaining: twoDecimals(budget.figures.remaining, c),
    overBudgetAmount: twoDecimals(over, c),
    remainingBudget: twoDecimals(remainingAfter(budget.figures, costIn), c),
    figures: figuresOf(budget),
  };
}
