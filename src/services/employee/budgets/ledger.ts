/**
 * The budget ledger of one move: its effective budgets per move stage and budget group (policy
 * version → stage-3 override → HR's edit, src/domain/employee/budgets/effective.ts) with their budget figures
 * (budget, committed, spent, remaining: src/domain/employee/budgets/figures.ts, issue 24 §2). It is the one
 * query behind every screen's figure: the employee home, budgets.forMove (the expenses page, HR's move
 * page), budget/spend/remaining, checkHardLimit, the booking estimate, Bill Approval's budget column
 * and the estimate-against-actual budgets all read it.
 * Expenses booked in another currency than the budget's current one are converted with today's rates
 * (src/services/estimate/rates.ts, rounding in src/domain/money).
 */
import type { DB } from "../../../db/index.ts";
import { effectiveBudget, progressPercentage, type EffectiveBudget } from "../../../domain/employee/budgets/effective.ts";
import type { BudgetType } from "../../../domain/employee/budgets/range.ts";
import { budgetFigures, budgetStageOf, usedAmount, type BudgetFigures, type BudgetStage } from "../../../domain/employee/budgets/figures.ts";
import { lifecycleStageOf, type LifecycleBill, type LifecycleItemKind } from "../../../domain/employee/expenses/lifecycle.ts";
import { convert, toMajorString } from "../../../domain/money/money.ts";
import { moveStageNames, NO_BUDGET_GROUP } from "../../../domain/policy/catalogue.ts";
import type { TBudgetFigures, TEmployeeBudget } from "../../../domain/employee/budgets/schemas.ts";
import { loadRates, type RateTable } from "../../estimate/rates.ts";
import { billsOfItems, lifecycleKey } from "../expenses/lifecycle.ts";
import type { LedgerMove } from "./access.ts";
import { budgetGroupName } from "../../../domain/employee/budgets/group-name.ts";

export type LedgerBudget = {
  stage: number;
  group: number;
  authType: string;
  budget: EffectiveBudget;
  /** The policy version's budgets of the group (their ranges, in their currencies). */
  policy: { currency: string; amount: number; min: number | null; max: number | null }[];
  services: string[];
  figures: BudgetFigures;
  currencyCodes: string[];
};

export type Ledger = {
  move: LedgerMove;
  stageNames: string[];
  budgets: LedgerBudget[];
  /** Service key per stage → its budget group (99: none). */
  serviceGroups: Map<string, number>;
  serviceTitles: Map<string, string>;
  rates: RateTable;
};

/** A stage's name in the move's policy version ("Stage n" when the version names none). */
export function stageNameOf(ledger: Pick<Ledger, "stageNames">, stage: number): string {
  return ledger.stageNames[stage - 1] ?? `Stage ${stage}`;
}

/** A service's title in the move's policy version (its key when the version has none). */
export function serviceTitleOf(ledger: Pick<Ledger, "serviceTitles">, key: string): string {
  return ledger.serviceTitles.get(key) ?? key;
}

export const serviceKeyOf = (stage: number, service: string) => `${stage}:${service}`;

/** Converts minor units of `from` into `to` with today's rate (one rounding, in the money module). */
export function convertMinor(rates: RateTable, amount: number, from: string, to: string): { amount: number; rate: string } {
  if (from === to) return { amount, rate: "1" };
  const rate = rates.rateOf(from, to);
  return { amount: convert({ amount, currency: from }, rate, to).amount, rate };
}

/**
 * The budget stage of each of the move's expenses and finance items, keyed `${kind}:${id}`: from the
 * item's lifecycle stage (src/domain/employee/expenses/lifecycle.ts, derived from its row and its bills, the same
 * state the employee, HR and finance see), so a paid bill moves the item from committed to spent.
 */
async function budgetStagesOf(db: DB, items: { kind: LifecycleItemKind; id: number; status: string }[]): Promise<Map<string, BudgetStage | null>> {
  const bills = await billsOfItems(db, items);
  const byOwner = new Map<string, LifecycleBill[]>();
  for (const b of bills) byOwner.set(b.ownerKey, [...(byOwner.get(b.ownerKey) ?? []), b]);
  const out = new Map<string, BudgetStage | null>();
  for (const i of items) {
    const key = lifecycleKey(i.kind, i.id);
    const item = { kind: i.kind, status: i.status, submittedAt: "", decidedAt: null, rejectionReason: null, changeReason: null, holdReason: null };
    out.set(key, budgetStageOf(lifecycleStageOf(item, byOwner.get(key) ?? [])));
  }
  return out;
}

export async function loadLedger(db: DB, move: LedgerMove): Promise<Ledger> {
  const [groups, services, overrides, edits, expenses, rates] = await Promise.all([
    db.selectFrom("budget_groups").select(["id", "move_stage", "group_number", "auth_type", "budget_type", "allow_outside_range"]).where("policy_version_id", "=", move.policyVersionId).orderBy("move_stage").orderBy("group_number").execute(),
    db
      .selectFrom("policy_services as s")
      .leftJoin("services as c", "c.key", "s.service_key")
      .select(["s.move_stage", "s.service_key", "s.budget_group", "s.title", "s.service_policy_type", "c.name as catalogue_name"])
      .where("s.policy_version_id", "=", move.policyVersionId)
      .orderBy("s.move_stage")
      .orderBy("s.id")
      .execute(),
    db.selectFrom("move_budget_overrides").select(["move_stage", "group_number", "currency", "amount"]).where("move_id", "=", move.id).execute(),
    db.selectFrom("move_budget_edits").select(["move_stage", "group_number", "currency", "amount", "seen_by_employee"]).where("move_id", "=", move.id).execute(),
    db.selectFrom("expenses").select(["id", "move_stage", "budget_group", "status", "gross_amount", "currency", "budget_amount", "budget_currency"]).where("move_id", "=", move.id).execute(),
    loadRates(db),
  ]);
  // Finance's approval items of the move (issue 16: booking costs, lump sums, ad-hoc cash spends) count as
  // expenses do (budgetStagesOf: waiting submitted, approved committed, paid once their bills are).
  const items = await db
    .selectFrom("finance_items")
    .select(["id", "kind", "move_stage", "budget_group", "status", "gross_amount", "currency"])
    .where("move_id", "=", move.id)
    .where("kind", "in", ["bookingCost", "lumpSum", "adhocCashSpend"])
    .where("move_stage", "is not", null)
    .where("budget_group", "is not", null)
    .execute();
  const counted = [
    ...expenses.map((e) => ({ ...e, kind: "expense" as LifecycleItemKind })),
    ...items.map((f) => ({ id: f.id, kind: f.kind as LifecycleItemKind, move_stage: f.move_stage!, budget_group: f.budget_group!, status: f.status as string, gross_amount: f.gross_amount, currency: f.currency, budget_amount: null, budget_currency: null })),
  ];
  const stages = await budgetStagesOf(db, counted);
  const budgetRows = groups.length
    ? await db.selectFrom("budgets").select(["budget_group_id", "currency", "amount", "min_amount", "max_amount"]).where("budget_group_id", "in", groups.map((g) => g.id)).orderBy("id").execute()
    : [];
  const serviceGroups = new Map<string, number>();
  const serviceTitles = new Map<string, string>();
  for (const s of services) {
    if (s.move_stage > move.stageCount || s.service_policy_type === 5) continue;
    serviceGroups.set(serviceKeyOf(s.move_stage, s.service_key), s.budget_group);
    serviceTitles.set(s.service_key, serviceTitles.get(s.service_key) ?? (s.title || s.catalogue_name || s.service_key));
  }
  const ledgerBudgets: LedgerBudget[] = [];
  for (const g of groups) {
    if (g.move_stage > move.stageCount || g.group_number === NO_BUDGET_GROUP) continue;
    const policy = budgetRows.filter((b) => b.budget_group_id === g.id).map((b) => ({ currency: b.currency, amount: b.amount, min: b.min_amount, max: b.max_amount }));
    const override = overrides.find((o) => o.move_stage === g.move_stage && o.group_number === g.group_number) ?? null;
    const edit = edits.find((e) => e.move_stage === g.move_stage && e.group_number === g.group_number) ?? null;
    const budget = effectiveBudget({
      policy,
      budgetType: g.budget_type as BudgetType,
      allowOutsideRange: g.allow_outside_range === 1,
      rateOf: rates.rateOf,
      override,
      edit: edit ? { currency: edit.currency, amount: edit.amount, seenByEmployee: edit.seen_by_employee === 1 } : null,
    });
    if (!budget) continue;
    const inBudget = counted
      .filter((e) => e.move_stage === g.move_stage && e.budget_group === g.group_number)
      .map((e) => ({
        stage: stages.get(lifecycleKey(e.kind, e.id)) ?? null,
        amount:
          e.budget_currency === budget.currency && e.budget_amount !== null
            ? e.budget_amount
            : convertMinor(rates, e.gross_amount, e.currency, budget.currency).amount,
      }));
    ledgerBudgets.push({
      stage: g.move_stage,
      group: g.group_number,
      authType: g.auth_type,
      budget,
      policy,
      services: services.filter((s) => s.move_stage === g.move_stage && s.budget_group === g.group_number).map((s) => s.service_key),
      figures: budgetFigures(budget.amount, inBudget),
      currencyCodes: [...new Set([budget.currency, ...policy.map((p) => p.currency)])],
    });
  }
  return { move, stageNames: moveStageNames(move.stageCount), budgets: ledgerBudgets, serviceGroups, serviceTitles, rates };
}

const major = (amount: number, currency: string) => toMajorString({ amount, currency });

export function toEmployeeBudget(ledger: Ledger, b: LedgerBudget): TEmployeeBudget {
  const c = b.budget.currency;
  return {
    employeeId: ledger.move.employeeUserId,
    moveId: ledger.move.id,
    budgetGroupId: b.group,
    budgetGroupName: budgetGroupName(b.services.map((key) => serviceTitleOf(ledger, key)), b.group),
    moveStageId: b.stage,
    moveStageName: stageNameOf(ledger, b.stage),
    currency: c,
    amount: major(b.budget.amount, c),
    minAmount: b.budget.min === null ? null : major(b.budget.min, c),
    maxAmount: b.budget.max === null ? null : major(b.budget.max, c),
    budgetType: b.budget.budgetType,
    allowOutsideRange: b.budget.allowOutsideRange,
    budgetAuthType: b.authType,
    currencyEditable: true,
    budgetSeenByEmployee: b.budget.seenByEmployee,
    source: b.budget.source,
    services: b.services,
    committedAmount: major(b.figures.committed, c),
    spentAmount: major(b.figures.spent, c),
    remainingAmount: major(b.figures.remaining, c),
    progressPercentage: progressPercentage(usedAmount(b.figures), b.budget.amount),
    figures: figuresOf(b),
    currencyCodes: b.currencyCodes,
  };
}

/** A budget's figures as every screen receives them (minor units of the budget's currency). */
export function figuresOf(b: LedgerBudget): TBudgetFigures {
  const f = b.figures;
  return { currency: b.budget.currency, budget: f.budget, submitted: f.submitted, approved: f.approved, committed: f.committed, spent: f.spent, remaining: f.remaining };
}
