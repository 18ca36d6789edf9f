import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import ExcelJS from "exceljs";
import { policyMessages } from "../../domain/policy/messages.ts";
import { countOf, createTestPolicy, insertTestMove } from "../../services/policy/testing.ts";
import { auditRows, callerFor, createTestDatabase, type TestDatabase } from "../../test/db.ts";
import { expectInputError, expectTrpcError } from "../../test/errors.ts";

let t: TestDatabase;
beforeAll(async () => {
  t = await createTestDatabase();
});
afterAll(() => t.close());

const admin = () => callerFor(t.db, "admin@meridian.test");
const hrAcme = () => callerFor(t.db, "hr@acme.test");
const hrGlobex = () => callerFor(t.db, "hr@globex.test");
const employee = () => callerFor(t.db, "employee@acme.test");

async function withService(serviceKey: string, moveStage = 1, overrides: Parameters<typeof createTestPolicy>[1] = {}) {
  const p = await createTestPolicy(t.db, overrides);
  await (await admin()).policy.services.add({ policyVersionId: p.versionId, moveStage, serviceKey });
  return { ...p, ref: { policyVersionId: p.versionId, moveStage, serviceKey } };
}

async function serviceRow(versionId: number, stage: number, key: string) {
  return t.db
    .selectFrom("policy_services")
    .selectAll()
    .where("policy_version_id", "=", versionId)
    .where("move_stage", "=", stage)
    .where("service_key", "=", key)
    .executeTakeFirst();
}

describe("policy.services.add / remove", () => {
  test("adds a catalogue service with the defaults and an audit row", async () => {
    const p = await createTestPolicy(t.db);
    const res = await (await admin()).policy.services.add({ policyVersionId: p.versionId, moveStage: 2, serviceKey: "flatsearch" });
    expect(res.service).toMatchObject({ name: "FLATSEARCH", servicePolicyType: 2, budgetType: "CCY", budgetGroup: 99, serviceName: "Home Finding" });
    const other = await (await admin()).policy.services.add({ policyVersionId: p.versionId, moveStage: 2, serviceKey: "STORAGE" });
    expect(other.service).toMatchObject({ budgetType: null, budgetGroup: 99 });
    expect((await auditRows(t.db, "policyServiceAdded")).at(-1)!.entity_id).toBe(String(other.service.id));
  });

  test("unknown services, duplicates and stages beyond the policy's are refused", async () => {
    const p = await withService("STORAGE");
    const a = await admin();
    await expectTrpcError(a.policy.services.add({ policyVersionId: p.versionId, moveStage: 1, serviceKey: "NOPE" }), "NOT_FOUND", policyMessages.unknownService);
    await expectTrpcError(a.policy.services.add(p.ref), "CONFLICT", policyMessages.serviceAlreadyOnStage);
    await expectTrpcError(a.policy.services.add({ ...p.ref, moveStage: 3 }), "BAD_REQUEST", policyMessages.moveStageOutOfRange);
    await expectInputError(a.policy.services.add({ ...p.ref, serviceKey: "" }), "serviceKey");
    expect((await t.db.selectFrom("policy_services").select("id").where("policy_version_id", "=", p.versionId).execute()).length).toBe(1);
  });

  test("two simultaneous adds of the same service: one wins, the other is a CONFLICT", async () => {
    const p = await createTestPolicy(t.db);
    const a = await admin();
    const ref = { policyVersionId: p.versionId, moveStage: 1, serviceKey: "COLA" };
    const results = await Promise.allSettled([a.policy.services.add(ref), a.policy.services.add(ref)]);
    expect(results.filter((r) => r.status === "fulfilled").length).toBe(1);
    const rejected = results.find((r) => r.status === "rejected") as PromiseRejectedResult;
    expect(rejected.reason.code).toBe("CONFLICT");
    expect(rejected.reason.message).toBe(policyMessages.serviceAlreadyOnStage);
  });

  test("removes a service; with budgetGroupId an emptied budget group goes too", async () => {
    const p = await withService("STORAGE");
    const a = await admin();
    await a.policy.services.setBudgetGroup({ ...p.ref, budgetGroup: 5 });
    await a.policy.services.addBudget({ policyId: p.policyId, moveStage: 1, budgetGroup: 5, currency: "EUR", amount: "100" });
    expect(await a.policy.services.remove({ ...p.ref, budgetGroupId: 5 })).toEqual({ success: true });
    expect(await serviceRow(p.versionId, 1, "STORAGE")).toBeUndefined();
    expect(await t.db.selectFrom("budget_groups").select("id").where("policy_version_id", "=", p.versionId).execute()).toEqual([]);
    await expectTrpcError(a.policy.services.remove(p.ref), "NOT_FOUND", policyMessages.serviceNotFound);
  });

  test("a removed service leaves the popup of its stage too", async () => {
    const p = await withService("STORAGE");
    const a = await admin();
    await a.policy.popup.create({ policyVersionId: p.versionId });
    await a.policy.popup.addService({ policyVersionId: p.versionId, moveStageId: 1, service: "STORAGE" });
    expect((await a.policy.popup.get({ policyVersionId: p.versionId })).popupMoveStages[0]!.popupItems.map((i) => i.service)).toEqual(["STORAGE"]);
    await a.policy.services.remove(p.ref);
    expect((await a.policy.popup.get({ policyVersionId: p.versionId })).popupMoveStages[0]!.popupItems).toEqual([]);
  });

  test("Cash Flex cannot be removed while employees are on the policy", async () => {
    const p = await withService("CASHFLEX");
    await insertTestMove(t.db, p.policyId, p.versionId);
    await expectTrpcError((await admin()).policy.services.remove(p.ref), "CONFLICT", policyMessages.cashFlexInUse(1));
    expect(await serviceRow(p.versionId, 1, "CASHFLEX")).toBeDefined();
  });

  test("HR, employees and other groups cannot add or remove", async () => {
    const p = await withService("STORAGE");
    for (const caller of [await hrAcme(), await employee(), await hrGlobex()]) {
      await expectTrpcError(caller.policy.services.add({ ...p.ref, serviceKey: "COLA" }), "FORBIDDEN");
      await expectTrpcError(caller.policy.services.remove(p.ref), "FORBIDDEN");
    }
    expect(await serviceRow(p.versionId, 1, "STORAGE")).toBeDefined();
  });
});

describe("policy.services.update", () => {
  test("policy type effects: 4/5 leave the budget group, 1 forces a currency budget", async () => {
    const p = await withService("STORAGE");
    const a = await admin();
    await a.policy.services.setBudgetGroup({ ...p.ref, budgetGroup: 2 });
    const off = await a.policy.services.update({ ...p.ref, servicePolicyType: 5 });
    expect(off.service).toMatchObject({ servicePolicyType: 5, budgetGroup: 99, formVisible: false });
    const cash = await a.policy.services.update({ ...p.ref, servicePolicyType: 1, budgetType: "BEN" });
    expect(cash.service).toMatchObject({ servicePolicyType: 1, budgetType: "CCY" });
    await expectTrpcError(a.policy.services.update({ ...p.ref, servicePolicyType: 7 }), "BAD_REQUEST");
  });

  test("every simple field, amounts in minor units with a major-unit text, attributes and propertiesToDelete", async () => {
    const p = await withService("REMOVALS");
    const res = await (await admin()).policy.services.update({
      ...p.ref,
      title: "Shipping",
      note: "Sea freight only",
      amountCanBeNegative: true,
      currency: "JPY",
      amount: "1,250,000",
      minAmount: "1000",
      maxAmount: "2000000",
      rateFrequency: "ONE_OFF",
      authorizationType: "HR_APPROVAL",
      cashService: true,
      showAsMoveHubBudget: true,
      attributes: { shipmentMode: "Sea", insurance: "true" },
    });
    expect(res.service).toMatchObject({
      title: "Shipping",
      note: "Sea freight only",
      amountCanBeNegative: true,
      currency: "JPY",
      amount: 1250000,
      amountText: "1250000",
      minAmount: 1000,
      maxAmount: 2000000,
      rateFrequency: "ONE_OFF",
      authorizationType: "HR_APPROVAL",
      cashService: true,
      showAsMoveHubBudget: true,
      attributes: { shipmentMode: "Sea", insurance: "true" },
    });
    const cleared = await (await admin()).policy.services.update({ ...p.ref, propertiesToDelete: ["insurance"], amount: null });
    expect(cleared.service).toMatchObject({ attributes: { shipmentMode: "Sea" }, amount: null, currency: null, minAmount: null, maxAmount: null });
    const audit = (await auditRows(t.db, "policyServiceUpdated")).at(-1)!;
    expect(JSON.parse(audit.old_values!).currency).toBe("JPY");
  });

  test("budget amount rules: not a number, negative, min/max order; nothing written", async () => {
    const p = await withService("REMOVALS");
    const a = await admin();
    await expectTrpcError(a.policy.services.update({ ...p.ref, currency: "EUR", amount: "12abc" }), "BAD_REQUEST", policyMessages.notANumber);
    await expectTrpcError(a.policy.services.update({ ...p.ref, currency: "EUR", amount: "-5" }), "BAD_REQUEST", policyMessages.negativeAmount);
    await expectTrpcError(a.policy.services.update({ ...p.ref, currency: "EUR", amount: "100", minAmount: "200" }), "BAD_REQUEST", policyMessages.minAboveAmount);
    await expectTrpcError(a.policy.services.update({ ...p.ref, currency: "EUR", amount: "100", maxAmount: "50" }), "BAD_REQUEST", policyMessages.maxBelowAmount);
    await expectTrpcError(a.policy.services.update({ ...p.ref, amount: "100" }), "BAD_REQUEST", policyMessages.budgetCurrencyRequired("Household Goods Removal"));
    expect(await serviceRow(p.versionId, 1, "REMOVALS")).toMatchObject({ currency: null, amount: null });
  });

  test("a service that is not provided cannot be addable by HR", async () => {
    const p = await withService("STORAGE");
    const a = await admin();
    await expectTrpcError(a.policy.services.update({ ...p.ref, provided: false, addable: true }), "BAD_REQUEST", policyMessages.addableNotProvided("Storage"));
    expect((await a.policy.services.update({ ...p.ref, addable: true })).service.addable).toBe(true);
    await expectTrpcError(a.policy.services.update({ ...p.ref, provided: false }), "BAD_REQUEST", policyMessages.addableNotProvided("Storage"));
  });

  test("move hub: one per stage; refused unless forced, which unsets the other", async () => {
    const p = await withService("MOVEHUB");
    const a = await admin();
    await a.policy.services.add({ ...p.ref, serviceKey: "ORIENTATION" });
    await a.policy.services.update({ ...p.ref, moveHub: true });
    const refused = await expectTrpcError(a.policy.services.update({ ...p.ref, serviceKey: "ORIENTATION", moveHub: true }), "CONFLICT", policyMessages.moveHubTaken("Move Hub"));
    expect(refused.message).toBe(policyMessages.moveHubTaken("Move Hub"));
    expect((await serviceRow(p.versionId, 1, "ORIENTATION"))!.move_hub).toBe(0);
    const forced = await a.policy.services.update({ ...p.ref, serviceKey: "ORIENTATION", moveHub: true, force: true });
    expect(forced).toMatchObject({ unset: ["MOVEHUB"], service: { moveHub: true } });
    expect((await serviceRow(p.versionId, 1, "MOVEHUB"))!.move_hub).toBe(0);
  });

  test("benefit groups: the chosen options of a benefit set replace the previous choice", async () => {
    const set = await t.db
      .selectFrom("benefit_sets as s")
      .innerJoin("benefit_options as o", "o.benefit_set_id", "s.id")
      .select(["s.id", "s.service_key", "o.id as option_id"])
      .where("s.group_id", "is", null)
      .executeTakeFirst();
    if (!set) throw new Error("The catalogue seed has no benefit sets");
    const p = await withService(set.service_key);
    const a = await admin();
    const res = await a.policy.services.update({ ...p.ref, servicePolicyType: 3, budgetType: "BEN", benefitGroups: [{ id: set.id, value: "2", options: [set.option_id] }] });
    expect(res.service.benefitGroups).toEqual([{ id: set.id, value: "2", options: [set.option_id] }]);
    const cleared = await a.policy.services.update({ ...p.ref, benefitGroups: [{ id: set.id, value: null, options: [] }] });
    expect(cleared.service.benefitGroups).toEqual([]);
    await expectTrpcError(a.policy.services.update({ ...p.ref, benefitGroups: [{ id: 999_999, options: [] }] }), "BAD_REQUEST", policyMessages.benefitNotFound);
  });

  test("benefit values are numeric quantities: commas stripped, normalised, usable alone or with options", async () => {
    const sets = await t.db
      .selectFrom("benefit_sets as s")
      .innerJoin("benefit_options as o", "o.benefit_set_id", "s.id")
      .select(["s.id", "s.service_key", "o.id as option_id"])
      .where("s.group_id", "is", null)
      .orderBy("s.id")
      .execute();
    const set = sets[0];
    if (!set) throw new Error("The catalogue seed has no benefit sets");
    const p = await withService(set.service_key);
    const a = await admin();
    const res = await a.policy.services.update({ ...p.ref, servicePolicyType: 3, budgetType: "BEN", benefitGroups: [{ id: set.id, value: " 1,500 ", options: [set.option_id] }] });
    expect(res.service.benefitGroups).toEqual([{ id: set.id, value: "1500", options: [set.option_id] }]);
    const rows = await t.db.selectFrom("policy_service_benefits").select(["value"]).where("policy_service_id", "=", res.service.id).execute();
    expect(rows).toEqual([{ value: "1500" }]);
    // A value without options, a number, decimals.
    const alone = await a.policy.services.update({ ...p.ref, benefitGroups: [{ id: set.id, value: 2.5, options: [] }] });
    expect(alone.service.benefitGroups).toEqual([{ id: set.id, value: "2.5", options: [] }]);
    const decimals = await a.policy.services.update({ ...p.ref, benefitGroups: [{ id: set.id, value: "3.50", options: [] }] });
    expect(decimals.service.benefitGroups).toEqual([{ id: set.id, value: "3.5", options: [] }]);
    const cleared = await a.policy.services.update({ ...p.ref, benefitGroups: [{ id: set.id, value: "", options: [set.option_id] }] });
    expect(cleared.service.benefitGroups).toEqual([{ id: set.id, value: null, options: [set.option_id] }]);
  });

  test("a benefit value that is not a non-negative number with at most 2 decimals is refused and nothing is written", async () => {
    const set = await t.db
      .selectFrom("benefit_sets as s")
      .innerJoin("benefit_options as o", "o.benefit_set_id", "s.id")
      .select(["s.id", "s.service_key", "o.id as option_id"])
      .where("s.group_id", "is", null)
      .executeTakeFirst();
    if (!set) throw new Error("The catalogue seed has no benefit sets");
    const p = await withService(set.service_key);
    const a = await admin();
    const saved = await a.policy.services.update({ ...p.ref, servicePolicyType: 3, budgetType: "BEN", benefitGroups: [{ id: set.id, value: "4", options: [set.option_id] }] });
    const before = await serviceRow(p.versionId, 1, set.service_key);
    const audits = (await auditRows(t.db, "policyServiceUpdated")).length;
    for (const value of ["abc", "-1", "1.234", "1e3", "12 nights"]) {
      const error = await expectTrpcError(
        a.policy.services.update({ ...p.ref, note: "must not be saved", benefitGroups: [{ id: set.id, value: "7", options: [] }, { id: set.id, value, options: [set.option_id] }] }),
        "BAD_REQUEST",
        policyMessages.benefitValueNotNumeric,
      );
      expect((error.cause as { fields?: Record<string, string> }).fields).toEqual({ "benefitGroups.1.value": policyMessages.benefitValueNotNumeric });
    }
    expect(await serviceRow(p.versionId, 1, set.service_key)).toEqual(before);
    const rows = await t.db.selectFrom("policy_service_benefits").select(["benefit_option_id", "value"]).where("policy_service_id", "=", saved.service.id).execute();
    expect(rows).toEqual([{ benefit_option_id: set.option_id, value: "4" }]);
    expect((await auditRows(t.db, "policyServiceUpdated")).length).toBe(audits);
  });

  test("HR cannot set benefit values, not even valid ones", async () => {
    const set = await t.db.selectFrom("benefit_sets").select(["id", "service_key"]).where("group_id", "is", null).executeTakeFirstOrThrow();
    const p = await withService(set.service_key);
    for (const caller of [await hrAcme(), await hrGlobex()]) {
      await expectTrpcError(caller.policy.services.update({ ...p.ref, benefitGroups: [{ id: set.id, value: "3", options: [] }] }), "FORBIDDEN");
    }
  });

  test("HR, employees and other groups cannot update", async () => {
    const p = await withService("STORAGE");
    for (const caller of [await hrAcme(), await employee(), await hrGlobex()]) {
      await expectTrpcError(caller.policy.services.update({ ...p.ref, note: "x" }), "FORBIDDEN");
    }
  });
});

describe("policy.services.setBudgetGroup and copyStage", () => {
  test("creates the budget group and reports the services sharing it", async () => {
    const p = await withService("STORAGE");
    const a = await admin();
    await a.policy.services.add({ ...p.ref, serviceKey: "TEMPACCOMMODATION" });
    const first = await a.policy.services.setBudgetGroup({ ...p.ref, budgetGroup: 4 });
    expect(first).toMatchObject({ success: true, budgetGroup: 4, shared: [] });
    const second = await a.policy.services.setBudgetGroup({ ...p.ref, serviceKey: "TEMPACCOMMODATION", budgetGroup: 4 });
    expect(second.shared).toEqual(["STORAGE"]);
    const groups = await t.db.selectFrom("budget_groups").select("group_number").where("policy_version_id", "=", p.versionId).execute();
    expect(groups).toEqual([{ group_number: 4 }]);
    await expectInputError(a.policy.services.setBudgetGroup({ ...p.ref, budgetGroup: 21 }), "budgetGroup");
    await a.policy.services.update({ ...p.ref, servicePolicyType: 4 });
    await expectTrpcError(a.policy.services.setBudgetGroup({ ...p.ref, budgetGroup: 4 }), "CONFLICT", policyMessages.budgetGroupOutOfRange);
    await expectTrpcError((await hrAcme()).policy.services.setBudgetGroup({ ...p.ref, budgetGroup: 4 }), "FORBIDDEN");
  });

  test("copyStage replaces the target stage with the source's services, budget groups and budgets", async () => {
    const p = await withService("STORAGE", 1, { moveStagesCount: 3 });
    const a = await admin();
    await a.policy.services.setBudgetGroup({ ...p.ref, budgetGroup: 6 });
    await a.policy.services.addBudget({ policyId: p.policyId, moveStage: 1, budgetGroup: 6, currency: "USD", amount: "10" });
    await a.policy.services.add({ ...p.ref, moveStage: 3, serviceKey: "REPATRIATION" });
    const res = await a.policy.services.copyStage({ policyVersionId: p.versionId, moveStageIdFrom: 1, moveStageIdTo: 3 });
    expect(res).toEqual({ success: true, services: 1, budgetGroups: 1 });
    const details = await a.policy.policies.details({ policyVersionId: p.versionId, moveStageId: 3 });
    expect(details.moveStages[0]!.services.map((s) => [s.name, s.budgetGroup])).toEqual([["STORAGE", 6]]);
    expect(details.moveStages[0]!.budgetGroups[0]!.budgets.map((b) => b.amount)).toEqual([1000]);
    await expectTrpcError(a.policy.services.copyStage({ policyVersionId: p.versionId, moveStageIdFrom: 1, moveStageIdTo: 1 }), "BAD_REQUEST", policyMessages.moveStageOutOfRange);
    await expectTrpcError((await hrAcme()).policy.services.copyStage({ policyVersionId: p.versionId, moveStageIdFrom: 1, moveStageIdTo: 2 }), "FORBIDDEN");
  });
});

describe("budgets", () => {
  test("add, update and delete a budget on the draft; audit rows", async () => {
    const p = await createTestPolicy(t.db);
    const a = await admin();
    const ref = { policyId: p.policyId, moveStage: 1, budgetGroup: 2 };
    const added = await a.policy.services.addBudget({ ...ref, currency: "GBP", amount: "2,000", minAmount: 1000, maxAmount: "3000.5" });
    expect(added.budget).toMatchObject({ currency: "GBP", amount: 200000, minAmount: 100000, maxAmount: 300050, amountText: "2000.00" });
    const updated = await a.policy.services.updateBudget({ ...ref, budgetId: added.budget.id, amount: "2500" });
    expect(updated.budget).toMatchObject({ amount: 250000, minAmount: 100000 });
    expect((await auditRows(t.db, "budgetUpdated")).at(-1)!.entity_id).toBe(String(added.budget.id));
    expect(await a.policy.services.deleteBudget({ ...ref, budgetId: added.budget.id })).toEqual({ success: true });
    await expectTrpcError(a.policy.services.deleteBudget({ ...ref, budgetId: added.budget.id }), "NOT_FOUND", policyMessages.budgetNotFound);
  });

  test("budget rules come back per field; nothing written", async () => {
    const p = await createTestPolicy(t.db);
    const a = await admin();
    const ref = { policyId: p.policyId, moveStage: 1, budgetGroup: 2 };
    const before = await countOf(t.db, "budgets");
    const e = await expectTrpcError(a.policy.services.addBudget({ ...ref, currency: "EUR", amount: "100", minAmount: "50", maxAmount: "80" }), "BAD_REQUEST", policyMessages.maxBelowAmount);
    expect((e.cause as { fields?: Record<string, string> }).fields).toEqual({ maxAmount: policyMessages.maxBelowAmount });
    await expectTrpcError(a.policy.services.addBudget({ ...ref, currency: "EUR", amount: "abc" }), "BAD_REQUEST", policyMessages.notANumber);
    await expectTrpcError(a.policy.services.addBudget({ ...ref, currency: "EUR", amount: "-1" }), "BAD_REQUEST", policyMessages.negativeAmount);
    await expectTrpcError(a.policy.services.addBudget({ ...ref, currency: "EUR", amount: "10", minAmount: "20", maxAmount: "5" }), "BAD_REQUEST");
    await expectTrpcError(a.policy.services.addBudget({ ...ref, budgetGroup: 99, currency: "EUR", amount: "10" }), "BAD_REQUEST", policyMessages.budgetGroupOutOfRange);
    expect(await countOf(t.db, "budgets")).toBe(before);
  });

  test("budget calls need a draft; HR, employees and other groups are refused", async () => {
    const p = await createTestPolicy(t.db);
    const a = await admin();
    await a.policy.services.add({ policyVersionId: p.versionId, moveStage: 1, serviceKey: "ORIENTATION" });
    await a.policy.services.update({ policyVersionId: p.versionId, moveStage: 1, serviceKey: "ORIENTATION", servicePolicyType: 5 });
    expect((await a.policy.policies.complete({ policyVersionId: p.versionId })).success).toBe(true);
    const ref = { policyId: p.policyId, moveStage: 1, budgetGroup: 2 };
    await expectTrpcError(a.policy.services.addBudget({ ...ref, currency: "EUR", amount: "10" }), "CONFLICT", policyMessages.noDraft);
    for (const caller of [await hrAcme(), await employee(), await hrGlobex()]) {
      await expectTrpcError(caller.policy.services.addBudget({ ...ref, currency: "EUR", amount: "10" }), "FORBIDDEN");
      await expectTrpcError(caller.policy.services.updateBudgetGroup({ ...ref, authType: "HR_APPROVAL" }), "FORBIDDEN");
    }
  });

  test("updateBudgetGroup sets authType and complexity", async () => {
    const p = await withService("STORAGE");
    const a = await admin();
    await a.policy.services.setBudgetGroup({ ...p.ref, budgetGroup: 7 });
    const res = await a.policy.services.updateBudgetGroup({ policyId: p.policyId, moveStage: 1, budgetGroup: 7, authType: "FINANCE_APPROVAL", complexity: "complex" });
    expect(res.budgetGroup).toMatchObject({ id: 7, authType: "FINANCE_APPROVAL", complexity: "complex", services: ["STORAGE"] });
    await expectInputError(a.policy.services.updateBudgetGroup({ policyId: p.policyId, moveStage: 1, budgetGroup: 7, complexity: "hard" as never }), "complexity");
  });
});

describe("rates", () => {
  async function groupRow() {
    const p = await withService("HOUSINGALLOWANCE");
    await (await admin()).policy.services.setBudgetGroup({ ...p.ref, budgetGroup: 1 });
    const g = await t.db.selectFrom("budget_groups").select("id").where("policy_version_id", "=", p.versionId).executeTakeFirstOrThrow();
    return { ...p, budgetGroupId: g.id };
  }

  test("upload a csv replaces the rates; rows come back", async () => {
    const g = await groupRow();
    const csv = "Country code,City,Description,Currency,Amount,Frequency\nGB,London,Zone 1,GBP,\"3,200.00\",MONTHLY\nLU,,Whole country,EUR,2500,monthly\n";
    const a = await admin();
    const res = await a.policy.services.uploadRates({ budgetGroupId: g.budgetGroupId, policyId: g.policyId, fileName: "rates.csv", content: Buffer.from(csv).toString("base64") });
    expect(res.success).toBe(true);
    expect(res.message.startsWith(policyMessages.fileUploadSuccess)).toBe(true);
    expect(res.rows.map((r) => [r.countryCode, r.city, r.currency, r.amount, r.frequency])).toEqual([
      ["GB", "London", "GBP", 320000, "MONTHLY"],
      ["LU", "", "EUR", 250000, "MONTHLY"],
    ]);
    const read = await (await hrAcme()).policy.services.rates({ budgetGroupId: g.budgetGroupId });
    expect(read.rows.length).toBe(2);
  });

  test("an xlsx upload works too; row errors are reported and nothing is written", async () => {
    const g = await groupRow();
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet("Rates");
    sheet.addRow(["Country code", "City", "Description", "Currency", "Amount", "Frequency"]);
    sheet.addRow(["GB", "Leeds", "", "GBP", 1200, "MONTHLY"]);
    const good = Buffer.from(await workbook.xlsx.writeBuffer()).toString("base64");
    const a = await admin();
    expect((await a.policy.services.uploadRates({ budgetGroupId: g.budgetGroupId, policyId: g.policyId, fileName: "r.xlsx", content: good })).rows.length).toBe(1);
    sheet.addRow(["XX", "Nowhere", "", "GBP", "abc", "MONTHLY"]);
    const bad = Buffer.from(await workbook.xlsx.writeBuffer()).toString("base64");
    const res = await a.policy.services.uploadRates({ budgetGroupId: g.budgetGroupId, policyId: g.policyId, fileName: "r.xlsx", content: bad });
    expect(res.success).toBe(false);
    expect(res.message.startsWith(policyMessages.fileUploadFailure)).toBe(true);
    expect(res.errors.map((e) => e.row)).toEqual([3]);
    expect((await a.policy.services.rates({ budgetGroupId: g.budgetGroupId })).rows.map((r) => r.city)).toEqual(["Leeds"]);
  });

  test("rates: HR writes, employee reads and other groups are refused", async () => {
    const g = await groupRow();
    const content = Buffer.from("Country code,City,Description,Currency,Amount,Frequency\n").toString("base64");
    await expectTrpcError((await hrAcme()).policy.services.uploadRates({ budgetGroupId: g.budgetGroupId, policyId: g.policyId, fileName: "r.csv", content }), "FORBIDDEN");
    await expectTrpcError((await employee()).policy.services.rates({ budgetGroupId: g.budgetGroupId }), "FORBIDDEN");
    await expectTrpcError((await hrGlobex()).policy.services.rates({ budgetGroupId: g.budgetGroupId }), "FORBIDDEN");
    await expectTrpcError((await admin()).policy.services.rates({ budgetGroupId: 999_999 }), "NOT_FOUND", policyMessages.cannotLoadBudgetData);
  });
});

describe("policy.services.properties", () => {
  test("attributes with the policy's values; HR sees only attributes visible to HR", async () => {
    const p = await withService("REMOVALS");
    await (await admin()).policy.services.update({ ...p.ref, attributes: { shipmentMode: "Air", volumeAllowanceM3: "30" } });
    const all = await (await admin()).policy.services.properties({ policyId: p.policyId });
    const removals = all.services.find((s) => s.serviceKey === "REMOVALS")!;
    expect(removals.attributes.map((x) => [x.key, x.value])).toEqual([
      ["shipmentMode", "Air"],
      ["volumeAllowanceM3", "30"],
      ["insurance", null],
    ]);
    const hr = await (await hrAcme()).policy.services.properties({ policyId: p.policyId });
    expect(hr.services[0]!.attributes.map((x) => x.key)).toEqual(["shipmentMode", "insurance"]);

    // The details carry the same attributes (attributeGroups) with the same visibility.
    const adminDetails = (await (await admin()).policy.policies.details({ policyVersionId: p.versionId, moveStageId: 1 })).moveStages[0]!.services[0]!;
    expect(adminDetails.attributes).toEqual({ shipmentMode: "Air", volumeAllowanceM3: "30" });
    expect(adminDetails.attributeGroups.find((g) => g.key === "shipmentMode")).toMatchObject({ label: "Shipment mode", inputType: "SELECT", options: ["Sea", "Air", "Road"], dataFillLevel: 1, value: "Air" });
    const hrDetails = (await (await hrAcme()).policy.policies.details({ policyVersionId: p.versionId, moveStageId: 1 })).moveStages[0]!.services[0]!;
    expect(hrDetails.attributes).toEqual({ shipmentMode: "Air" });
    expect(hrDetails.attributeGroups.map((g) => g.key)).toEqual(["shipmentMode", "insurance"]);

    // attributeGroups in a PATCH set and clear values like attributes and propertiesToDelete.
    const patched = await (await admin()).policy.services.update({ ...p.ref, attributeGroups: [{ key: "insurance", value: true }, { key: "shipmentMode", value: null }] });
    expect(patched.service.attributes).toEqual({ volumeAllowanceM3: "30", insurance: "true" });
    await expectTrpcError((await employee()).policy.services.properties({ policyId: p.policyId }), "FORBIDDEN");
    await expectTrpcError((await hrGlobex()).policy.services.properties({ policyId: p.policyId }), "FORBIDDEN");
  });
});

describe("access and input matrix of every services procedure", () => {
  type Caller = Awaited<ReturnType<typeof admin>>;
  type Fixture = { policyId: number; versionId: number; budgetId: number; budgetGroupId: number };
  type Case = { name: string; write: boolean; call: (c: Caller, f: Fixture) => Promise<unknown>; bad: (c: Caller, f: Fixture) => Promise<unknown> };
  const svc = (f: Fixture, serviceKey = "STORAGE") => ({ policyVersionId: f.versionId, moveStage: 1, serviceKey });
  const grp = (f: Fixture) => ({ policyId: f.policyId, moveStage: 1, budgetGroup: 1 });
  const csv = Buffer.from("Country code,City,Description,Currency,Amount,Frequency\n").toString("base64");
  const cases: Case[] = [
    { name: "properties", write: false, call: (c, f) => c.policy.services.properties({ policyId: f.policyId }), bad: (c) => c.policy.services.properties({ policyId: "p" as never }) },
    { name: "add", write: true, call: (c, f) => c.policy.services.add(svc(f, "COLA")), bad: (c, f) => c.policy.services.add({ ...svc(f), moveStage: 9 }) },
    { name: "remove", write: true, call: (c, f) => c.policy.services.remove(svc(f)), bad: (c, f) => c.policy.services.remove({ ...svc(f), budgetGroupId: 50 }) },
    { name: "update", write: true, call: (c, f) => c.policy.services.update({ ...svc(f), note: "n" }), bad: (c, f) => c.policy.services.update({ ...svc(f), rateFrequency: "HOURLY" as never }) },
    { name: "setBudgetGroup", write: true, call: (c, f) => c.policy.services.setBudgetGroup({ ...svc(f), budgetGroup: 1 }), bad: (c, f) => c.policy.services.setBudgetGroup({ ...svc(f), budgetGroup: 0 }) },
    { name: "copyStage", write: true, call: (c, f) => c.policy.services.copyStage({ policyVersionId: f.versionId, moveStageIdFrom: 1, moveStageIdTo: 2 }), bad: (c, f) => c.policy.services.copyStage({ policyVersionId: f.versionId, moveStageIdFrom: 1, moveStageIdTo: 4 }) },
    { name: "addBudget", write: true, call: (c, f) => c.policy.services.addBudget({ ...grp(f), currency: "GBP", amount: "1" }), bad: (c, f) => c.policy.services.addBudget({ ...grp(f), currency: "EUR", amount: "1", minAmount: "2" }) },
    { name: "updateBudget", write: true, call: (c, f) => c.policy.services.updateBudget({ ...grp(f), budgetId: f.budgetId, amount: "3" }), bad: (c, f) => c.policy.services.updateBudget({ ...grp(f), budgetId: f.budgetId, amount: "three" }) },
    { name: "deleteBudget", write: true, call: (c, f) => c.policy.services.deleteBudget({ ...grp(f), budgetId: f.budgetId }), bad: (c, f) => c.policy.services.deleteBudget({ ...grp(f), budgetId: 0 }) },
    { name: "updateBudgetGroup", write: true, call: (c, f) => c.policy.services.updateBudgetGroup({ ...grp(f), authType: "NONE" }), bad: (c, f) => c.policy.services.updateBudgetGroup({ ...grp(f), authType: "ANYONE" as never }) },
    { name: "rates", write: false, call: (c, f) => c.policy.services.rates({ budgetGroupId: f.budgetGroupId }), bad: (c) => c.policy.services.rates({ budgetGroupId: -3 }) },
    { name: "uploadRates", write: true, call: (c, f) => c.policy.services.uploadRates({ budgetGroupId: f.budgetGroupId, policyId: f.policyId, fileName: "r.csv", content: csv }), bad: (c, f) => c.policy.services.uploadRates({ budgetGroupId: f.budgetGroupId, policyId: f.policyId, fileName: "", content: csv }) },
  ];

  for (const c of cases) {
    test(`${c.name}: bad input is BAD_REQUEST; ${c.write ? "HR," : ""} employees and another group's HR are FORBIDDEN`, async () => {
      const p = await withService("STORAGE");
      const a = await admin();
      await a.policy.services.setBudgetGroup({ ...p.ref, budgetGroup: 1 });
      const budget = await a.policy.services.addBudget({ policyId: p.policyId, moveStage: 1, budgetGroup: 1, currency: "EUR", amount: "5" });
      const group = await t.db.selectFrom("budget_groups").select("id").where("policy_version_id", "=", p.versionId).executeTakeFirstOrThrow();
      const f: Fixture = { policyId: p.policyId, versionId: p.versionId, budgetId: budget.budget.id, budgetGroupId: group.id };
      const before = await countOf(t.db, "audit_log");
      await expectTrpcError(c.bad(a, f), "BAD_REQUEST");
      const refused = c.write ? [await hrAcme(), await employee(), await hrGlobex()] : [await employee(), await hrGlobex()];
      for (const caller of refused) await expectTrpcError(c.call(caller, f), "FORBIDDEN");
      await expectTrpcError(c.call(await callerFor(t.db, null), f), "UNAUTHORIZED");
      expect(await countOf(t.db, "audit_log")).toBe(before);
      if (!c.write) await c.call(await hrAcme(), f);
      else await c.call(a, f);
    });
  }
});

describe("one budget per currency in a budget group", () => {
  test("a second budget in a currency the group holds is refused with its field; changing a budget to a taken currency too; other currencies are fine", async () => {
    const p = await withService("STORAGE");
    const a = await admin();
    const ref = { policyId: p.policyId, moveStage: 1, budgetGroup: 3 };
    const usd = await a.policy.services.addBudget({ ...ref, currency: "USD", amount: "1000" });
    const chf = await a.policy.services.addBudget({ ...ref, currency: "CHF", amount: "1000" });
    const e = await expectTrpcError(a.policy.services.addBudget({ ...ref, currency: "USD", amount: "5" }), "CONFLICT", policyMessages.budgetCurrencyTaken("USD"));
    expect((e.cause as { fields?: Record<string, string> }).fields?.currency).toBe(policyMessages.budgetCurrencyTaken("USD"));
    await expectTrpcError(a.policy.services.updateBudget({ ...ref, budgetId: chf.budget.id, currency: "USD" }), "CONFLICT", policyMessages.budgetCurrencyTaken("USD"));
    // the budget keeps its own currency when other fields change
    await a.policy.services.updateBudget({ ...ref, budgetId: usd.budget.id, currency: "USD", amount: "1200" });
    const budgets = await t.db.selectFrom("budgets").select(["currency", "amount"]).where("id", "in", [usd.budget.id, chf.budget.id]).orderBy("currency").execute();
    expect(budgets).toEqual([{ currency: "CHF", amount: 100000 }, { currency: "USD", amount: 120000 }]);
  });
});
