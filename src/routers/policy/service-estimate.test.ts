import { describe, expect, test } from "bun:test";
import { messages } from "../../domain/messages.ts";
import { policyMessages } from "../../domain/policy/messages.ts";
import { createTestPolicy } from "../../services/policy/testing.ts";
import { createTestMove } from "../../services/moves/wizard/initiation-testing.ts";
import { expectInputError, expectTrpcError } from "../../test/errors.ts";
import { useTestDatabase } from "../../test/fixtures.ts";

/** policy.services.costEstimateSettings: the cost-estimates popup of a policy-details service (part 2 §2). */
const t = useTestDatabase();
const { admin, hrAcme, hrGlobex, employee, finance } = t;

async function releasedLta() {
  const row = await t.db
    .selectFrom("policy_versions as v")
    .innerJoin("policies as p", "p.id", "v.policy_id")
    .select(["v.id"])
    .where("p.name", "=", "Global Long-Term Assignment")
    .where("v.status", "=", "RELEASED")
    .executeTakeFirstOrThrow();
  return row.id;
}

async function stageServices(versionId: number) {
  return t.db.selectFrom("policy_services").select(["move_stage", "service_key"]).where("policy_version_id", "=", versionId).orderBy("id").execute();
}

describe("happy: what the estimate uses for a service", () => {
  test("HR reads its group's released policy: formulas, a budget group's budget, rates, taxability and inclusion", async () => {
    const policyVersionId = await releasedLta();
    const hr = await hrAcme();
    const removals = await hr.policy.services.costEstimateSettings({ policyVersionId, moveStage: 1, serviceKey: "REMOVALS" });
    expect(removals).toMatchObject({ estimateType: "ADVANCED", inclusion: "INCLUDED", amountSource: "FORMULAS", placement: "ONE_OFF_FIRST_YEAR", taxability: "TAXABLE", taxed: true });
    expect(removals.benefitOption).toBe("40ft container");
    expect(removals.formulas.map((f) => f.label)).toEqual(["Volume (m³)", "Cost"]);

    const home = await hr.policy.services.costEstimateSettings({ policyVersionId, moveStage: 1, serviceKey: "FLATSEARCH" });
    expect(home.budget).toMatchObject({ source: "BUDGET_GROUP", amount: { amount: 400000, currency: "USD" }, budgetGroup: 1, sharedWith: ["Settling-in Services"], countedUnder: null });
    const settling = await hr.policy.services.costEstimateSettings({ policyVersionId, moveStage: 1, serviceKey: "SETTLINGIN" });
    expect(settling.budget.countedUnder).toBe("Home Finding");

    const housing = await hr.policy.services.costEstimateSettings({ policyVersionId, moveStage: 2, serviceKey: "HOUSINGALLOWANCE" });
    expect(housing).toMatchObject({ placement: "EVERY_YEAR", amountSource: "BUDGET", rateFrequency: "MONTHLY" });
    expect(housing.rates.map((r) => r.city)).toEqual(["London", "Luxembourg", "New York"]);

    expect((await hr.policy.services.costEstimateSettings({ policyVersionId, moveStage: 1, serviceKey: "MOVEHUB" })).inclusion).toBe("VIEW_ONLY");
    expect((await hr.policy.services.costEstimateSettings({ policyVersionId, moveStage: 1, serviceKey: "TAXBRIEFING" })).inclusion).toBe("OFF");
    expect((await hr.policy.services.costEstimateSettings({ policyVersionId, moveStage: 1, serviceKey: "CULTURALTRAINING" })).inclusion).toBe("IF_CHOSEN");
  });

  test("the popup agrees with a real estimate of a move on that version", async () => {
    const policyVersionId = await releasedLta();
    const move = await createTestMove(t.db);
    const hr = await hrAcme();
    const view = (await hr.estimate.openEstimationView({ employeeId: move.employeeId, moveId: move.moveId })).costEstimate!;
    const items = view.sections.flatMap((s) => s.items).filter((i) => i.serviceCode !== null && !i.custom);
    for (const s of await stageServices(policyVersionId)) {
      const settings = await hr.policy.services.costEstimateSettings({ policyVersionId, moveStage: s.move_stage, serviceKey: s.service_key });
      const item = items.find((i) => i.stageId === s.move_stage && i.serviceCode === s.service_key);
      // In the estimate exactly when the popup says so (the test move chose nothing at stage 3).
      expect({ key: `${s.move_stage}:${s.service_key}`, present: !!item }).toEqual({ key: `${s.move_stage}:${s.service_key}`, present: settings.inclusion === "INCLUDED" });
      if (!item) continue;
      expect(item.taxability).toBe(settings.taxability);
      // A budget counted under this service is the item's amount (its own currency).
      if (settings.amountSource === "BUDGET" && settings.budget.countedUnder === null && settings.placement === "ONE_OFF_FIRST_YEAR") {
        expect({ currency: item.currency, amount: item.originalAmount ?? item.amount }).toEqual(settings.budget.amount!);
      }
    }
  });

  test("an admin reads a draft; a new service shows its defaults", async () => {
    const p = await createTestPolicy(t.db);
    const a = await admin();
    await a.policy.services.add({ policyVersionId: p.versionId, moveStage: 1, serviceKey: "STORAGE" });
    const got = await a.policy.services.costEstimateSettings({ policyVersionId: p.versionId, moveStage: 1, serviceKey: "STORAGE" });
    expect(got).toMatchObject({ serviceKey: "STORAGE", budget: { source: "NONE", amount: null }, amountSource: "NONE", formulas: [], rates: [], taxability: "TAXABLE" });
  });
});

describe("errors", () => {
  test("a service not on the stage, an unknown version, bad input", async () => {
    const policyVersionId = await releasedLta();
    const a = await admin();
    await expectTrpcError(a.policy.services.costEstimateSettings({ policyVersionId, moveStage: 1, serviceKey: "EDUCATION" }), "NOT_FOUND", policyMessages.serviceNotFound);
    await expectTrpcError(a.policy.services.costEstimateSettings({ policyVersionId: 999999, moveStage: 1, serviceKey: "REMOVALS" }), "NOT_FOUND", policyMessages.versionNotFound);
    await expectInputError(a.policy.services.costEstimateSettings({ policyVersionId, moveStage: 1, serviceKey: "" }), "serviceKey");
  });
});

describe("access", () => {
  test("another group's HR, an employee and finance are refused", async () => {
    const policyVersionId = await releasedLta();
    const ref = { policyVersionId, moveStage: 1, serviceKey: "REMOVALS" };
    await expectTrpcError((await hrGlobex()).policy.services.costEstimateSettings(ref), "FORBIDDEN", messages.otherGroup);
    await expectTrpcError((await employee()).policy.services.costEstimateSettings(ref), "FORBIDDEN", messages.forbidden);
    await expectTrpcError((await finance()).policy.services.costEstimateSettings(ref), "FORBIDDEN", messages.forbidden);
  });
});
