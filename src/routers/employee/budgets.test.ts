/**
 * The soft budget type (S) where budgets are edited: policy budget groups (policy.services.updateBudgetGroup
 * and its documented PATCH) and the wizard's stage 3 (storePolicyOverrides asks for confirmation instead
 * of refusing). SQLite and PostgreSQL (TEST_DB=postgres).
 */
import { describe, expect, test } from "bun:test";
import { wizardMessages } from "../../domain/moves/wizard/messages.ts";
import { createTestPolicy } from "../../services/policy/testing.ts";
import { insertWizardMove } from "../../services/moves/wizard/initiation-testing.ts";
import { callerFor } from "../../test/db.ts";
import { expectInputError } from "../../test/errors.ts";
import { DEMO, useTestDatabase } from "../../test/fixtures.ts";

const t = useTestDatabase();

describe("policy budget groups: budget type", () => {
  test("H by default; S saved with its audit row; anything else refused", async () => {
    const p = await createTestPolicy(t.db);
    const admin = await callerFor(t.db, DEMO.ADMIN);
    await admin.policy.services.add({ policyVersionId: p.versionId, moveStage: 1, serviceKey: "STORAGE" });
    await admin.policy.services.setBudgetGroup({ policyVersionId: p.versionId, moveStage: 1, serviceKey: "STORAGE", budgetGroup: 5 });
    const soft = await admin.policy.services.updateBudgetGroup({ policyId: p.policyId, moveStage: 1, budgetGroup: 5, budgetType: "S" });
    expect(soft.budgetGroup).toMatchObject({ id: 5, budgetType: "S" });
    const kept = await admin.policy.services.updateBudgetGroup({ policyId: p.policyId, moveStage: 1, budgetGroup: 5, authType: "HR_APPROVAL" });
    expect(kept.budgetGroup).toMatchObject({ budgetType: "S", authType: "HR_APPROVAL" });
    await expectInputError(admin.policy.services.updateBudgetGroup({ policyId: p.policyId, moveStage: 1, budgetGroup: 5, budgetType: "X" as never }), "budgetType");
    const audit = await t.db.selectFrom("audit_log").select("new_values").where("action", "=", "budgetGroupUpdated").orderBy("id", "desc").executeTakeFirstOrThrow();
    expect(JSON.parse(audit.new_values!)).toMatchObject({ budgetType: "S" });
  });
});

describe("wizard stage 3: soft budgets outside their range", () => {
  test("a hard budget is refused; a soft one asks, stores nothing, then stores once confirmed", async () => {
    const m = await insertWizardMove(t.db);
    const hr = await callerFor(t.db, DEMO.HR);
    const sections = [{ moveStageId: 1, services: [], budgets: [{ budgetGroupId: 1, amount: "9999", currency: "USD" }] }];
    const hard = await hr.wizard.storePolicyOverrides({ ...m, moveStageSections: sections });
    expect(hard).toMatchObject({ success: false, message: wizardMessages.budgetOutsideRangeError });

    const move = await t.db.selectFrom("moves").select("policy_version_id").where("id", "=", m.moveId).executeTakeFirstOrThrow();
    await t.db.updateTable("budget_groups").set({ budget_type: "S", allow_outside_range: 1 }).where("policy_version_id", "=", move.policy_version_id).where("move_stage", "=", 1).where("group_number", "=", 1).execute();
    const view = await hr.wizard.policyOverrides(m);
    const group1 = view.moveStageSections[0]!.sections.flatMap((s) => s.budgetGroupComponents).find((g) => g.id === 1);
    expect(group1?.budgetType).toBe("S");

    const ask = await hr.wizard.storePolicyOverrides({ ...m, moveStageSections: sections });
    expect(ask).toMatchObject({ success: false, needsConfirmation: true, message: "Warning: Budget is going to be outside the range provided.", errors: {} });
    expect(ask.warnings?.["stage1.budget1"]).toBe(wizardMessages.budgetOutsideRangeWarning);
    expect(await t.db.selectFrom("move_budget_overrides").select("amount").where("move_id", "=", m.moveId).execute()).toEqual([]);

    const confirmed = await hr.wizard.storePolicyOverrides({ ...m, moveStageSections: sections, confirmOutsideRange: true });
    expect(confirmed.success).toBe(true);
    expect(await t.db.selectFrom("move_budget_overrides").select(["group_number", "amount", "currency"]).where("move_id", "=", m.moveId).execute()).toEqual([
      { group_number: 1, amount: 999900, currency: "USD" },
    ]);
  });
});
