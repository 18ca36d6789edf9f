import { describe, expect, test } from "bun:test";
import { messages } from "../../../domain/messages.ts";
import { policyMessages } from "../../../domain/policy/messages.ts";
import { wizardMessages } from "../../../domain/moves/wizard/messages.ts";
import type { TPolicyOverridesResponse } from "../../../domain/moves/wizard/override-schemas.ts";
import { overrideMessages } from "../../../domain/moves/wizard/overrides.ts";
import { insertWizardMove } from "../../../services/moves/wizard/initiation-testing.ts";
import { callerFor } from "../../../test/db.ts";
import { expectInputError, expectTrpcError } from "../../../test/errors.ts";
import { DEMO, useTestDatabase } from "../../../test/fixtures.ts";
import { expectAudit, groupIdOf } from "../../../test/audit.ts";

const t = useTestDatabase();
const { ADMIN, EMPLOYEE, GLOBEX, HR } = DEMO;

async function counts(moveId: number) {
  const n = async (table: "move_service_overrides" | "move_budget_overrides") =>
    Number((await t.db.selectFrom(table).select((eb) => eb.fn.countAll<number>().as("n")).where("move_id", "=", moveId).executeTakeFirstOrThrow()).n);
  const audit = Number(
    (await t.db.selectFrom("audit_log").select((eb) => eb.fn.countAll<number>().as("n")).where("entity", "=", "move").where("entity_id", "=", String(moveId)).executeTakeFirstOrThrow()).n,
  );
  const stage = (await t.db.selectFrom("moves").select("wizard_stage").where("id", "=", moveId).executeTakeFirstOrThrow()).wizard_stage;
  return { services: await n("move_service_overrides"), budgets: await n("move_budget_overrides"), audit, stage };
}

const stage1 = (r: TPolicyOverridesResponse) => r.moveStageSections[0]!.sections[0]!;
const listed = (r: TPolicyOverridesResponse, label: string) => stage1(r).components.find((c) => c.label === label)!.servicesList;

describe("wizard.policyOverrides", () => {
  test("HR of the group: sections per move stage, included and addable services, budget groups", async () => {
    const m = await insertWizardMove(t.db);
    const r = await (await callerFor(t.db, HR)).wizard.policyOverrides(m);
    expect(r.success).toBe(true);
    expect(r.policyName).toBe("Global Long-Term Assignment");
    expect(r.isPolicyEditable).toBe(true);
    expect(r.message).toBeNull();
    expect(r.currencyCodes.slice(0, 2)).toEqual(["USD", "EUR"]);
    expect(r.moveStageSections.map((s) => [s.moveStageId, s.moveStageName, s.isRepatriation])).toEqual([
      [1, "Pre-Departure", false],
      [2, "On Assignment", false],
      [3, "Repatriation", true],
    ]);
    const included = listed(r, "Included").map((c) => c.service);
    expect(included).toContain("IMMIGRATION");
    expect(included).not.toContain("TAXBRIEFING");
    expect(listed(r, "Available to add").map((c) => c.service)).toEqual(["CULTURALTRAINING"]);
    const immigration = listed(r, "Included").find((c) => c.service === "IMMIGRATION")!;
    expect(immigration.isRemovable).toBe(false);
    expect(immigration.nonRemovableReason).toBe(overrideMessages.nonRemovable);
    expect(immigration.fields[0]).toMatchObject({ type: "money-amount", amount: "6000.00", currency: "USD" });
    const removals = listed(r, "Included").find((c) => c.service === "REMOVALS")!;
    expect(removals.fields[0]!.type).toBe("list-of-benefits");
    const group = stage1(r).budgetGroupComponents;
    expect(group.map((g) => [g.id, g.shared, g.budgetAmount, g.currency])).toEqual([[1, true, "4000.00", "USD"]]);
    expect(group[0]!.components.map((c) => c.service)).toEqual(["FLATSEARCH", "SETTLINGIN"]);
  });

  test("ADMIN reads; a policy with nothing to add says so", async () => {
    const m = await insertWizardMove(t.db, { policy: "Domestic Homeowner Transfer" });
    const r = await (await callerFor(t.db, ADMIN)).wizard.policyOverrides(m);
    expect(r.message).toBe(wizardMessages.noAddableBenefits);
  });

  test("bad input, unknown move, wrong role, other group", async () => {
    const m = await insertWizardMove(t.db);
    const hr = await callerFor(t.db, HR);
    await expectInputError(hr.wizard.policyOverrides({ employeeId: m.employeeId, moveId: "abc" as never }), "moveId");
    await expectTrpcError(hr.wizard.policyOverrides({ employeeId: m.employeeId, moveId: 999999 }), "NOT_FOUND", wizardMessages.moveNotFound);
    await expectTrpcError((await callerFor(t.db, EMPLOYEE)).wizard.policyOverrides(m), "FORBIDDEN", messages.forbidden);
    await expectTrpcError((await callerFor(t.db, m.email)).wizard.policyOverrides(m), "FORBIDDEN");
    await expectTrpcError((await callerFor(t.db, GLOBEX)).wizard.policyOverrides(m), "FORBIDDEN", messages.otherGroup);
  });

  test("an open move past stage 2 is not editable", async () => {
    const m = await insertWizardMove(t.db, { status: "open", stage: 3 });
    const r = await (await callerFor(t.db, HR)).wizard.policyOverrides(m);
    expect(r.isPolicyEditable).toBe(false);
    expect(listed(r, "Included").every((c) => !c.isEditable && !c.isRemovable)).toBe(true);
  });
});

describe("wizard.storePolicyOverrides", () => {
  test("stores the overrides in one go, moves the wizard on, audits; the reload shows them", async () => {
    const m = await insertWizardMove(t.db);
    const hr = await callerFor(t.db, HR);
    const before = await hr.wizard.policyOverrides(m);
    const cultural = listed(before, "Available to add").find((c) => c.service === "CULTURALTRAINING")!;
    const option = (cultural.fields[0] as { benefits: Array<{ id: number }> }).benefits[0]!.id;
    const r = await hr.wizard.storePolicyOverrides({
      ...m,
      moveStageSections: [
        {
          moveStageId: 1,
          services: [
            { service: "CULTURALTRAINING", selected: true, selectedBenefitId: option },
            { service: "IMMIGRATION", selected: true, amount: "6,500.50", currency: "EUR" },
          ],
          budgets: [{ budgetGroupId: 1, amount: "4500", currency: "USD" }],
        },
      ],
    });
    expect(r).toMatchObject({ success: true, errors: {}, message: null, nextStage: 6 });
    expect(await counts(m.moveId)).toEqual({ services: 2, budgets: 1, audit: 1, stage: 6 });
    // The audit row, field by field (issue 23 item 24): no overrides before, the two services and the budget after.
    await expectAudit(t.db, {
      action: "wizard.storePolicyOverrides", actor: HR, groupId: await groupIdOf(t.db, "acme"), entity: "move", entityId: m.moveId,
      oldValues: { services: [], budgets: [], wizardStage: 3 },
      newValues: {
        services: [
          { stage: 1, key: "CULTURALTRAINING", selected: true, benefitOptionId: option, amount: null, currency: null },
          { stage: 1, key: "IMMIGRATION", selected: true, benefitOptionId: null, amount: 650050, currency: "EUR" },
        ],
        budgets: [{ stage: 1, group: 1, currency: "USD", amount: 450000 }],
        wizardStage: 6,
        benefits: true,
      },
    });

    const after = await hr.wizard.policyOverrides(m);
    expect(listed(after, "Included").map((c) => c.service)).toContain("CULTURALTRAINING");
    expect(listed(after, "Available to add")).toEqual([]);
    // Stage 2 still offers language training.
    expect(after.message).toBeNull();
    expect(listed(after, "Included").find((c) => c.service === "IMMIGRATION")!.fields[0]).toMatchObject({ amount: "6500.50", currency: "EUR" });
    expect(stage1(after).budgetGroupComponents[0]!.budgetAmount).toBe("4500.00");

    // Removing the added service again.
    const removed = await hr.wizard.storePolicyOverrides({ ...m, moveStageSections: [{ moveStageId: 1, services: [{ service: "CULTURALTRAINING", selected: false }], budgets: [] }] });
    expect(removed.success).toBe(true);
    expect(listed(await hr.wizard.policyOverrides(m), "Available to add").map((c) => c.service)).toEqual(["CULTURALTRAINING"]);
  });

  test("a policy without an estimate goes on to stage 5", async () => {
    const m = await insertWizardMove(t.db, { policy: "Globex Graduate Move" });
    await t.db.updateTable("moves").set({ group_id: (await t.db.selectFrom("groups").select("id").where("name", "=", "globex").executeTakeFirstOrThrow()).id }).where("id", "=", m.moveId).execute();
    const r = await (await callerFor(t.db, ADMIN)).wizard.storePolicyOverrides({ ...m, moveStageSections: [] });
    expect(r.nextStage).toBe(5);
  });

  test("failed checks write nothing: required benefit, money, budget range", async () => {
    const m = await insertWizardMove(t.db);
    const hr = await callerFor(t.db, HR);
    const start = await counts(m.moveId);
    const required = await hr.wizard.storePolicyOverrides({
      ...m,
      moveStageSections: [{ moveStageId: 1, services: [{ service: "CULTURALTRAINING", selected: true }, { service: "IMMIGRATION", selected: true, amount: "12", currency: "USD" }], budgets: [] }],
    });
    expect(required).toMatchObject({ success: false, message: wizardMessages.requiredBenefitFields, nextStage: null });
    expect(required.errors["stage1.CULTURALTRAINING"]).toBe(wizardMessages.requiredBenefitFields);
    const money = await hr.wizard.storePolicyOverrides({ ...m, moveStageSections: [{ moveStageId: 1, services: [{ service: "IMMIGRATION", selected: true, amount: "-1", currency: "USD" }], budgets: [] }] });
    expect(money.errors["stage1.IMMIGRATION"]).toBe("Amount value can not be negative for Work and residence permits");
    const range = await hr.wizard.storePolicyOverrides({ ...m, moveStageSections: [{ moveStageId: 1, services: [], budgets: [{ budgetGroupId: 1, amount: "9999", currency: "USD" }] }] });
    expect(range.message).toBe(wizardMessages.budgetOutsideRangeError);
    expect(range.errors["stage1.budget1"]).toBe("The budget for budget group 1 cannot be above the maximum of USD 5,000.00.");
    const zero = await hr.wizard.storePolicyOverrides({ ...m, moveStageSections: [{ moveStageId: 1, services: [], budgets: [{ budgetGroupId: 1, amount: "0", currency: "USD" }] }] });
    expect(zero.errors["stage1.budget1"]).toBe(wizardMessages.budgetGreaterThanZero);
    const empty = await hr.wizard.storePolicyOverrides({ ...m, moveStageSections: [{ moveStageId: 1, services: [], budgets: [{ budgetGroupId: 1 }] }] });
    expect(empty.errors["stage1.budget1"]).toBe("Please enter a budget for budget group 1.");
    expect(await counts(m.moveId)).toEqual(start);
  });

  test("bad input, wrong role, other group, cancelled move", async () => {
    const m = await insertWizardMove(t.db);
    const input = { ...m, moveStageSections: [] };
    await expectInputError((await callerFor(t.db, HR)).wizard.storePolicyOverrides({ ...input, moveStageSections: [{ moveStageId: 7, services: [], budgets: [] }] }), "moveStageSections.0.moveStageId");
    await expectTrpcError((await callerFor(t.db, EMPLOYEE)).wizard.storePolicyOverrides(input), "FORBIDDEN");
    await expectTrpcError((await callerFor(t.db, GLOBEX)).wizard.storePolicyOverrides(input), "FORBIDDEN", messages.otherGroup);
    const cancelled = await insertWizardMove(t.db, { status: "cancelled" });
    await expectTrpcError((await callerFor(t.db, HR)).wizard.storePolicyOverrides({ ...cancelled, moveStageSections: [] }), "CONFLICT", wizardMessages.moveCancelled);
    const past = await insertWizardMove(t.db, { status: "open", stage: 3 });
    await expectTrpcError((await callerFor(t.db, HR)).wizard.storePolicyOverrides({ ...past, moveStageSections: [] }), "CONFLICT", overrideMessages.notEditable);
    expect((await counts(m.moveId)).audit).toBe(0);
  });
});

describe("wizard.employeePolicyServiceBenefits", () => {
  test("HR EDIT on a draft may edit; ADMIN VIEW may not; the employee views their own", async () => {
    const m = await insertWizardMove(t.db);
    const edit = await (await callerFor(t.db, HR)).wizard.employeePolicyServiceBenefits({ employeeId: m.employeeId, action: "EDIT" });
    expect(edit).toMatchObject({ success: true, policyName: "Global Long-Term Assignment", isUserAuthorizedForPolicyEdit: true });
    expect(edit.moveStageSections).toHaveLength(3);
    const view = await (await callerFor(t.db, ADMIN)).wizard.employeePolicyServiceBenefits({ employeeId: m.employeeId, action: "view" as never });
    expect(view.isUserAuthorizedForPolicyEdit).toBe(false);
    const own = await (await callerFor(t.db, m.email)).wizard.employeePolicyServiceBenefits({ employeeId: m.employeeId });
    expect(own.isUserAuthorizedForPolicyEdit).toBe(false);
    expect(own.moveStageSections[0]!.sections[0]!.components[0]!.servicesList.every((c) => !c.isRemovable)).toBe(true);
  });

  test("END_ASSIGNMENT: stage 2 yes, stage 3 no; cancelled moves are skipped; moveId picks the move", async () => {
    const m = await insertWizardMove(t.db, { status: "open", stage: 2 });
    const hr = await callerFor(t.db, HR);
    expect((await hr.wizard.employeePolicyServiceBenefits({ employeeId: m.employeeId, action: "END_ASSIGNMENT" })).isUserAuthorizedForPolicyEdit).toBe(true);
    await t.db.updateTable("moves").set({ current_move_stage: 3 }).where("id", "=", m.moveId).execute();
    expect((await hr.wizard.employeePolicyServiceBenefits({ employeeId: m.employeeId, action: "END_ASSIGNMENT" })).isUserAuthorizedForPolicyEdit).toBe(false);
    // A newer cancelled move is not the one shown.
    const now = new Date().toISOString();
    const row = await t.db.selectFrom("moves").selectAll().where("id", "=", m.moveId).executeTakeFirstOrThrow();
    const cancelled = await t.db
      .insertInto("moves")
      .values({ group_id: row.group_id, employee_user_id: m.employeeId, policy_id: row.policy_id, policy_version_id: row.policy_version_id, status: "cancelled", created_at: now, updated_at: now })
      .returning("id")
      .executeTakeFirstOrThrow();
    expect((await hr.wizard.employeePolicyServiceBenefits({ employeeId: m.employeeId, action: "EDIT" })).isUserAuthorizedForPolicyEdit).toBe(false);
    const named = await hr.wizard.employeePolicyServiceBenefits({ employeeId: m.employeeId, action: "VIEW", moveId: cancelled.id });
    expect(named.success).toBe(true);
  });

  test("refusals: employee EDIT, another employee, other group, unknown employee, bad action", async () => {
    const m = await insertWizardMove(t.db);
    await expectTrpcError((await callerFor(t.db, m.email)).wizard.employeePolicyServiceBenefits({ employeeId: m.employeeId, action: "EDIT" }), "FORBIDDEN");
    await expectTrpcError((await callerFor(t.db, EMPLOYEE)).wizard.employeePolicyServiceBenefits({ employeeId: m.employeeId, action: "VIEW" }), "FORBIDDEN");
    await expectTrpcError((await callerFor(t.db, GLOBEX)).wizard.employeePolicyServiceBenefits({ employeeId: m.employeeId, action: "VIEW" }), "FORBIDDEN", messages.otherGroup);
    await expectTrpcError((await callerFor(t.db, HR)).wizard.employeePolicyServiceBenefits({ employeeId: 999999, action: "VIEW" }), "NOT_FOUND", policyMessages.employeeHasNoPolicy);
    await expectInputError((await callerFor(t.db, HR)).wizard.employeePolicyServiceBenefits({ employeeId: m.employeeId, action: "DELETE" as never }), "action");
  });
});
