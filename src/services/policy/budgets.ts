import type { DB } from "../../db/index.ts";
import { lockRow } from "../../db/locks.ts";
import { ensureBudgetGroup, findBudgetGroup, findBudgets, findStageServices } from "../../db/queries/policy/policy.ts";
import { AppError } from "../../domain/errors.ts";
import { toMajorString } from "../../domain/money/money.ts";
import { parseBudgetAmount, validateBudget, type BudgetField } from "../../domain/policy/budget.ts";
import { NO_BUDGET_GROUP, type BudgetAuthType, type BudgetComplexity } from "../../domain/policy/catalogue.ts";
import { policyMessages } from "../../domain/policy/messages.ts";
import type { TBudgetFields, TBudgetGroupResponse, TBudgetResponse, TSuccessResponse } from "../../domain/policy/schemas.ts";
import { assertPolicyRole, type PolicyRef, type VersionRef } from "./access.ts";
import { assertStageInRange, auditPolicy, draftVersionOf, type PolicyActor } from "./common.ts";
import { toBudget } from "./services.ts";

/**
 * Budgets of a move stage's budget group (part 2 §3 budget and budget group, §5 budget amount
 * rules, §7 POST/PATCH/DELETE {policyId}/movestages/{stage}/budget-groups/{group}/budgets and
 * PATCH …/budget-groups/{group}). The paths name no version: they act on the policy's DRAFT.
 */

type BudgetValues = { currency: string | null; amount: number | null; minAmount: number | null; maxAmount: number | null };

/** Turns the typed fields into minor units over `base`; VALIDATION with the field messages on any error. */
async function budgetValues(db: DB, fields: TBudgetFields, base: BudgetValues, fallback: string): Promise<{ currency: string; amount: number; minAmount: number | null; maxAmount: number | null }> {
  const errors: Partial<Record<BudgetField, string>> = {};
  const currency = fields.currency === undefined ? base.currency : fields.currency === null || fields.currency === "" ? null : fields.currency;
  if (currency !== null) {
    const known = await db.selectFrom("currencies").select("code").where("code", "=", currency).executeTakeFirst();
    if (!known) errors.currency = `Unknown currency ${currency}`;
  }
  const parse = (field: "amount" | "minAmount" | "maxAmount"): number | null => {
    const text = fields[field];
    if (text === undefined) {
      const prior = base[field];
      if (prior === null || currency === base.currency || !base.currency || !currency || errors.currency) return prior;
      const again = parseBudgetAmount(toMajorString({ amount: prior, currency: base.currency }), currency);
      if (!again.ok) errors[field] = again.message;
      return again.ok ? again.minor : null;
    }
    if (text === null || text.trim() === "") return null;
    const parsed = parseBudgetAmount(text, currency && !errors.currency ? currency : "USD");
    if (!parsed.ok) {
      errors[field] = parsed.message;
      return null;
    }
    return parsed.minor;
  };
  const values = { currency, amount: parse("amount"), minAmount: parse("minAmount"), maxAmount: parse("maxAmount") };
  Object.assign(errors, { ...validateBudget(values), ...errors });
  if (values.currency === null && !errors.currency) errors.currency = policyMessages.budgetCurrencyRequired("this budget");
  if (values.amount === null && !errors.amount) errors.amount = policyMessages.budgetAmountRequired("this budget");
  const first = Object.values(errors)[0];
  if (first) throw new AppError("VALIDATION", first ?? fallback, errors as Record<string, string>);
  return { currency: values.currency!, amount: values.amount!, minAmount: values.minAmount, maxAmount: values.maxAmount };
}

function assertRealGroup(groupNumber: number) {
  if (groupNumber === NO_BUDGET_GROUP) {
    throw new AppError("VALIDATION", policyMessages.budgetGroupOutOfRange, { budgetGroup: policyMessages.budgetGroupOutOfRange });
  }
}

/**
 * One budget per currency in a budget group (a budget is found by its currency: the expense budget
 * search of part 2 §3 names a service and a currency). Checked under the version's lock, so two
 * parallel adds in one currency give one budget and one refusal.
 */
async function assertCurrencyFree(db: DB, groupRowId: number, currency: string, exceptBudgetId?: number) {
  let query = db.selectFrom("budgets").select("id").where("budget_group_id", "=", groupRowId).where("currency", "=", currency);
  if (exceptBudgetId !== undefined) query = query.where("id", "!=", exceptBudgetId);
  if (await query.executeTakeFirst()) {
    const message = policyMessages.budgetCurrencyTaken(currency);
    throw new AppError("CONFLICT", message, { currency: message });
  }
}

async function groupOrThrow(db: DB, draft: VersionRef, stage: number, groupNumber: number) {
  const group = await findBudgetGroup(db, draft.versionId, stage, groupNumber);
  if (!group) throw new AppError("NOT_FOUND", policyMessages.budgetNotFound);
  return group;
}

/** POST …/budget-groups/{group}/budgets: a budget in the draft's budget group (created when missing). */
export async function addBudget(
  db: DB,
  actor: PolicyActor,
  policy: PolicyRef,
  stage: number,
  groupNumber: number,
  fields: TBudgetFields,
  now = new Date(),
): Promise<TBudgetResponse> {
  assertPolicyRole(actor.user, "write");
  assertRealGroup(groupNumber);
  const draft = await draftVersionOf(db, policy);
  await assertStageInRange(db, policy.id, stage);
  const values = await budgetValues(db, fields, { currency: null, amount: null, minAmount: null, maxAmount: null }, policyMessages.errorAddingBudget);
  return db.transaction().execute(async (trx) => {
    // The draft's rows change under its version's lock (parallel edits queue; see lockRow's order).
    await lockRow(trx, "policy_versions", draft.versionId);
    const { row: group } = await ensureBudgetGroup(trx, draft.versionId, stage, groupNumber);
    await assertCurrencyFree(trx, group.id, values.currency);
    const created = await trx
      .insertInto("budgets")
      .values({ budget_group_id: group.id, currency: values.currency, amount: values.amount, min_amount: values.minAmount, max_amount: values.maxAmount })
      .returning(["id", "currency", "amount", "min_amount", "max_amount"])
      .executeTakeFirstOrThrow();
    await auditPolicy(trx, actor, {
      groupId: policy.groupId,
      entity: "budget",
      entityId: created.id,
      action: "budgetAdded",
      newValues: { policyVersionId: draft.versionId, moveStage: stage, budgetGroup: groupNumber, ...values },
    }, now);
    return { success: true as const, budget: toBudget(created) };
  });
}

async function budgetOrThrow(db: DB, groupId: number, budgetId: number) {
  const budget = await db.selectFrom("budgets").selectAll().where("id", "=", budgetId).where("budget_group_id", "=", groupId).executeTakeFirst();
  if (!budget) throw new AppError("NOT_FOUND", policyMessages.budgetNotFound);
  return budget;
}

/** PATCH …/budgets/{budgetId}: changes any of currency, amount, minAmount, maxAmount. */
export async function updateBudget(
  db: DB,
  actor: PolicyActor,
  policy: PolicyRef,
  stage: number,
  groupNumber: number,
  budgetId: number,
  fields: TBudgetFields,
  now = new Date(),
): Promise<TBudgetResponse> {
  assertPolicyRole(actor.user, "write");
  assertRealGroup(groupNumber);
  const draft = await draftVersionOf(db, policy);
  return db.transaction().execute(async (trx) => {
    await lockRow(trx, "policy_versions", draft.versionId);
    const group = await groupOrThrow(trx, draft, stage, groupNumber);
    const budget = await budgetOrThrow(trx, group.id, budgetId);
    const values = await budgetValues(
      trx,
      fields,
      { currency: budget.currency, amount: budget.amount, minAmount: budget.min_amount, maxAmount: budget.max_amount },
      policyMessages.errorUpdatingBudget,
    );
    if (values.currency !== budget.currency) await assertCurrencyFree(trx, group.id, values.currency, budget.id);
    await trx
      .updateTable("budgets")
      .set({ currency: values.currency, amount: values.amount, min_amount: values.minAmount, max_amount: values.maxAmount })
      .where("id", "=", budget.id)
      .execute();
    await auditPolicy(trx, actor, {
      groupId: policy.groupId,
      entity: "budget",
      entityId: budget.id,
      action: "budgetUpdated",
      oldValues: { currency: budget.currency, amount: budget.amount, minAmount: budget.min_amount, maxAmount: budget.max_amount },
      newValues: values,
    }, now);
    return {
      success: true as const,
      budget: toBudget({ id: budget.id, currency: values.currency, amount: values.amount, min_amount: values.minAmount, max_amount: values.maxAmount }),
    };
  });
}

/** DELETE …/budgets/{budgetId}. */
export async function deleteBudget(
  db: DB,
  actor: PolicyActor,
  policy: PolicyRef,
  stage: number,
  groupNumber: number,
  budgetId: number,
  now = new Date(),
): Promise<TSuccessResponse> {
  assertPolicyRole(actor.user, "write");
  assertRealGroup(groupNumber);
  const draft = await draftVersionOf(db, policy);
  return db.transaction().execute(async (trx) => {
    const group = await groupOrThrow(trx, draft, stage, groupNumber);
    const budget = await budgetOrThrow(trx, group.id, budgetId);
    await trx.deleteFrom("budgets").where("id", "=", budget.id).execute();
    await auditPolicy(trx, actor, {
      groupId: policy.groupId,
      entity: "budget",
      entityId: budget.id,
      action: "budgetDeleted",
      oldValues: { currency: budget.currency, amount: budget.amount, minAmount: budget.min_amount, maxAmount: budget.max_amount },
    }, now);
    return { success: true as const };
  });
}

/** PATCH …/budget-groups/{group}: authorization type, complexity, budget type and the outside-range option (created when missing). */
export async function updateBudgetGroup(
  db: DB,
  actor: PolicyActor,
  policy: PolicyRef,
  stage: number,
  groupNumber: number,
  fields: { authType?: BudgetAuthType; complexity?: BudgetComplexity; budgetType?: "H" | "S"; allowOutsideRange?: boolean },
  now = new Date(),
): Promise<TBudgetGroupResponse> {
  assertPolicyRole(actor.user, "write");
  assertRealGroup(groupNumber);
  const draft = await draftVersionOf(db, policy);
  await assertStageInRange(db, policy.id, stage);
  return db.transaction().execute(async (trx) => {
    // The draft's rows change under its version's lock (parallel edits queue; see lockRow's order).
    await lockRow(trx, "policy_versions", draft.versionId);
    const { row: group } = await ensureBudgetGroup(trx, draft.versionId, stage, groupNumber);
    const next = {
      auth_type: fields.authType ?? group.auth_type,
      complexity: fields.complexity ?? group.complexity,
      budget_type: fields.budgetType ?? group.budget_type,
      allow_outside_range: fields.allowOutsideRange === undefined ? group.allow_outside_range : fields.allowOutsideRange ? 1 : 0,
    };
    await trx.updateTable("budget_groups").set(next).where("id", "=", group.id).execute();
    await auditPolicy(trx, actor, {
      groupId: policy.groupId,
      entity: "budget",
      entityId: `group:${group.id}`,
      action: "budgetGroupUpdated",
      oldValues: { authType: group.auth_type, complexity: group.complexity, budgetType: group.budget_type, allowOutsideRange: group.allow_outside_range === 1 },
      newValues: { authType: next.auth_type, complexity: next.complexity, budgetType: next.budget_type, allowOutsideRange: next.allow_outside_range === 1 },
    }, now);
    const services = (await findStageServices(trx, draft.versionId, stage)).filter((s) => s.budget_group === groupNumber).map((s) => s.service_key);
    const budgets = await findBudgets(trx, [group.id]);
    return {
      success: true as const,
      budgetGroup: {
        id: groupNumber,
        rowId: group.id,
        authType: next.auth_type,
        complexity: next.complexity,
        budgetType: next.budget_type,
        allowOutsideRange: next.allow_outside_range === 1,
        shareable: services.length > 1,
        services,
        budgets: budgets.map(toBudget),
      },
    };
  });
}
