/**
 * Reads and writes of a move's stage 3 policy overrides (move_service_overrides,
 * move_budget_overrides). No rules here: src/domain/moves/wizard/overrides.ts decides.
 */
import type { DB } from "../../index.ts";
import { preparedQuery } from "../../prepared.ts";

/** The move's service overrides. */
// Read by every estimate computation and stage-3 page: compiled once per database handle.
const serviceOverrides = preparedQuery((db: DB, a: { moveId: number }) =>
  db.selectFrom("move_service_overrides").selectAll().where("move_id", "=", a.moveId).orderBy("move_stage").orderBy("id"),
);
export function findServiceOverrides(db: DB, moveId: number) {
  return serviceOverrides(db, { moveId });
}

/** The move's budget overrides. */
const budgetOverrides = preparedQuery((db: DB, a: { moveId: number }) =>
  db.selectFrom("move_budget_overrides").selectAll().where("move_id", "=", a.moveId).orderBy("move_stage").orderBy("group_number"),
);
export function findBudgetOverrides(db: DB, moveId: number) {
  return budgetOverrides(db, { moveId });
}

/** Benefits chosen on a version's services, with the option id, in benefit-set order. */
export function findVersionBenefitChoices(db: DB, versionId: number) {
  return db
    .selectFrom("policy_service_benefits as b")
    .innerJoin("policy_services as ps", "ps.id", "b.policy_service_id")
    .innerJoin("benefit_sets as s", "s.id", "b.benefit_set_id")
    .select(["b.policy_service_id", "b.benefit_set_id", "b.benefit_option_id", "s.name as set_name"])
    .where("ps.policy_version_id", "=", versionId)
    .orderBy("b.policy_service_id")
    .orderBy("s.group_number")
    .orderBy("b.id")
    .execute();
}

/** The employee's latest move that is not cancelled (or the named one). */
export async function findEmployeeActiveMoveId(db: DB, employeeId: number, moveId?: number): Promise<number | null> {
  let q = db.selectFrom("moves").select("id").where("employee_user_id", "=", employeeId);
  if (moveId !== undefined) q = q.where("id", "=", moveId);
  else q = q.where("status", "!=", "cancelled");
  const row = await q.orderBy("id", "desc").executeTakeFirst();
  return row?.id ?? null;
}

export type ServiceOverrideRow = { stage: number; key: string; selected: boolean; benefitOptionId: number | null; amount: number | null; currency: string | null };
export type BudgetOverrideRow = { stage: number; group: number; currency: string; amount: number };

/** Replaces every override row of the move (call inside the store's transaction). */
export async function replaceMoveOverrides(db: DB, moveId: number, services: ServiceOverrideRow[], budgets: BudgetOverrideRow[]) {
  await db.deleteFrom("move_service_overrides").where("move_id", "=", moveId).execute();
  await db.deleteFrom("move_budget_overrides").where("move_id", "=", moveId).execute();
  if (services.length > 0) {
    await db
      .insertInto("move_service_overrides")
      .values(
        services.map((s) => ({
          move_id: moveId,
          move_stage: s.stage,
          service_key: s.key,
          selected: s.selected ? 1 : 0,
          benefit_option_id: s.benefitOptionId,
          amount: s.amount,
          currency: s.currency,
        })),
      )
      .execute();
  }
  if (budgets.length > 0) {
    await db
      .insertInto("move_budget_overrides")
      .values(budgets.map((b) => ({ move_id: moveId, move_stage: b.stage, group_number: b.group, currency: b.currency, amount: b.amount })))
      .execute();
  }
}

/** Sets the wizard stage the move's initiation reached. */
export function setWizardStage(db: DB, moveId: number, stage: number, at: string) {
  return db.updateTable("moves").set({ wizard_stage: stage, updated_at: at }).where("id", "=", moveId).execute();
}
