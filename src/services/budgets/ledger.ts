/**
 * The budget ledger of one move: its effective budgets per move stage and budget group (policy
 * version → stage-3 override → HR's edit, src/domain/budgets/effective.ts) with what its expenses
 * have used (src/domain/expenses/remaining.ts). Both the budgets and the expenses services read it.
 * Expenses booked in another currency than the budget's current one are converted with today's rates
 * (src/services/estimate/rates.ts, rounding in src/domain/money).
 */
import type { DB } from "../../db/index.ts";
import { effectiveBudget, progressPercentage, type EffectiveBudget } from "../../domain/budgets/effective.ts";
import type { BudgetType } from "../../domain/budgets/range.ts";
import { remainingBudget, type RemainingSums } from "../../domain/expenses/remaining.ts";
import { convert, toMajorString } from "../../domain/money/money.ts";
import { moveStageNames, NO_BUDGET_GROUP } from "../../domain/policy/catalogue.ts";
import type { TEmployeeBudget } from "../../domain/budgets/schemas.ts";
import { loadRates, type RateTable } from "../estimate/rates.ts";
import type { LedgerMove } from "./access.ts";
import { budgetGroupName } from "../../domain/budgets/group-name.ts";

export type LedgerBudget = {
  stage: number;
  group: number;
  authType: string;
  budget: EffectiveBudget;
  /** The policy version's budgets of the group (their ranges, in their currencies). */
  policy: { currency: string; amount: number; min: number | null; max: number | null }[];
  services: string[];
  sums: RemainingSums;
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
    db.selectFrom("expenses").select(["move_stage", "budget_group", "status", "gross_amount", "currency", "budget_amount", "budget_currency"]).where("move_id", "=", move.id).execute(),
    loadRates(db),
  ]);
  // Finance's approval items of the move (issue 16: booking costs, lump sums, ad-hoc cash spends) count as
  // expenses do: SUBMITTED under submitted, APPROVED under approved (budgetBucket).
  const items = await db
    .selectFrom("finance_items")
    .select(["move_stage", "budget_group", "status", "gross_amount", "currency"])
    .where("move_id", "=", move.id)
    .where("kind", "in", ["bookingCost", "lumpSum", "adhocCashSpend"])
    .where("move_stage", "is not", null)
    .where("budget_group", "is not", null)
    .execute();
  for (const f of items) expenses.push({ move_stage: f.move_stage!, budget_group: f.budget_group!, status: f.status, gross_amount: f.gross_amount, currency: f.currency, budget_amount: null, budget_currency: null });
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
    const counted = expenses
      .filter((e) => e.move_stage === g.move_stage && e.budget_group === g.group_number)
      .map((e) => ({
        status: e.status,
        budgetAmount:
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
      sums: remainingBudget(budget.amount, counted),
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
    spentAmount: major(b.sums.spent, c),
    remainingAmount: major(b.sums.remaining, c),
    progressPercentage: progressPercentage(b.sums.spent, b.budget.amount),
    currencyCodes: b.currencyCodes,
  };
}
