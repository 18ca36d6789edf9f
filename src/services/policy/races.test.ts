/**
 * Parallel identical "create if missing" writes of the policy setup (DESIGN.md "Data": a guarded
 * write is atomic on both databases): budget groups created on a first edit, benefit sets and
 * metadata lines created on a first save, stage copies and rate uploads that replace rows. One
 * effect (no duplicate rows), never a 500. Runs on SQLite and, with TEST_DB=postgres, on
 * PostgreSQL with a pool wide enough for real parallel transactions.
 */
import { describe, expect, test } from "bun:test";
import { benefitMessages } from "../../domain/policy/benefit-schemas.ts";
import { policyMessages } from "../../domain/policy/messages.ts";
import { auditRows } from "../../test/db.ts";
import { useTestDatabase } from "../../test/fixtures.ts";
import { expectAllSucceed, expectOneEffect, race } from "../../test/race.ts";
import { createTestPolicy } from "./testing.ts";

const t = useTestDatabase({ poolSize: 12 });
const N = 30;

const acmeId = async () => (await t.db.selectFrom("groups").select("id").where("name", "=", "acme").executeTakeFirstOrThrow()).id;
const budgetGroupsOf = (versionId: number) =>
  t.db.selectFrom("budget_groups").select(["id", "move_stage", "group_number", "auth_type"]).where("policy_version_id", "=", versionId).execute();

async function policyWithService(serviceKey: string) {
  const p = await createTestPolicy(t.db);
  const a = await t.admin();
  await a.policy.services.add({ policyVersionId: p.versionId, moveStage: 1, serviceKey });
  return { ...p, ref: { policyVersionId: p.versionId, moveStage: 1, serviceKey } };
}

describe("budget groups created on the first edit", () => {
  test(`${N} × updateBudgetGroup of a group not there yet: one budget group row`, async () => {
    const p = await createTestPolicy(t.db);
    const a = await t.admin();
    const results = await race(N, () => a.policy.services.updateBudgetGroup({ policyId: p.policyId, moveStage: 1, budgetGroup: 5, authType: "HR_APPROVAL" }));
    await expectAllSucceed(results);
    const groups = await budgetGroupsOf(p.versionId);
    expect(groups).toHaveLength(1);
    expect(groups[0]).toMatchObject({ move_stage: 1, group_number: 5, auth_type: "HR_APPROVAL" });
  });

  test(`${N} × addBudget in one currency into a group not there yet: one budget group holding one budget; the others refused`, async () => {
    const p = await createTestPolicy(t.db);
    const a = await t.admin();
    const results = await race(N, () => a.policy.services.addBudget({ policyId: p.policyId, moveStage: 1, budgetGroup: 6, currency: "EUR", amount: "100" }));
    await expectOneEffect(results, { refusal: { code: "CONFLICT", message: policyMessages.budgetCurrencyTaken("EUR") } });
    const groups = await budgetGroupsOf(p.versionId);
    expect(groups).toHaveLength(1);
    const budgets = await t.db.selectFrom("budgets").select("id").where("budget_group_id", "=", groups[0]!.id).execute();
    expect(budgets).toHaveLength(1);
  });

  test(`${N} × addBudget in ${N} different currencies: one budget each`, async () => {
    const p = await createTestPolicy(t.db);
    const a = await t.admin();
    const codes = (await t.db.selectFrom("currencies").select("code").orderBy("code").limit(N).execute()).map((c) => c.code);
    const results = await race(codes.length, (i) => a.policy.services.addBudget({ policyId: p.policyId, moveStage: 1, budgetGroup: 7, currency: codes[i]!, amount: "100" }));
    await expectAllSucceed(results);
    const groups = (await budgetGroupsOf(p.versionId)).filter((g) => g.group_number === 7);
    const budgets = await t.db.selectFrom("budgets").select("currency").where("budget_group_id", "=", groups[0]!.id).execute();
    expect(budgets.map((b) => b.currency).sort()).toEqual([...codes].sort());
  });

  test(`${N} × setBudgetGroup of one service: one budget group row`, async () => {
    const p = await policyWithService("STORAGE");
    const a = await t.admin();
    const results = await race(N, () => a.policy.services.setBudgetGroup({ ...p.ref, budgetGroup: 3 }));
    await expectAllSucceed(results);
    expect(await budgetGroupsOf(p.versionId)).toHaveLength(1);
  });

  test(`${N} × copyStage 1 → 2: stage 2 holds one copy`, async () => {
    const p = await policyWithService("STORAGE");
    const a = await t.admin();
    await a.policy.services.setBudgetGroup({ ...p.ref, budgetGroup: 2 });
    await a.policy.services.addBudget({ policyId: p.policyId, moveStage: 1, budgetGroup: 2, currency: "EUR", amount: "100" });
    const results = await race(N, () => a.policy.services.copyStage({ policyVersionId: p.versionId, moveStageIdFrom: 1, moveStageIdTo: 2 }));
    await expectAllSucceed(results);
    const services = await t.db.selectFrom("policy_services").select("id").where("policy_version_id", "=", p.versionId).where("move_stage", "=", 2).execute();
    expect(services).toHaveLength(1);
    const groups = (await budgetGroupsOf(p.versionId)).filter((g) => g.move_stage === 2);
    expect(groups).toHaveLength(1);
    const budgets = await t.db.selectFrom("budgets").select("id").where("budget_group_id", "=", groups[0]!.id).execute();
    expect(budgets).toHaveLength(1);
  });

  test(`${N} × uploadRates of one file: the rates replaced once, not added up`, async () => {
    const p = await policyWithService("HOUSINGALLOWANCE");
    const a = await t.admin();
    await a.policy.services.setBudgetGroup({ ...p.ref, budgetGroup: 1 });
    const [group] = await budgetGroupsOf(p.versionId);
    const csv = "Country code,City,Description,Currency,Amount,Frequency\nGB,London,Zone 1,GBP,3200,MONTHLY\nLU,,Whole country,EUR,2500,MONTHLY\n";
    const content = Buffer.from(csv).toString("base64");
    const results = await race(N, () => a.policy.services.uploadRates({ budgetGroupId: group!.id, policyId: p.policyId, fileName: "rates.csv", content }));
    await expectAllSucceed(results, { refusedWhen: (v) => (v.success ? null : v.message) });
    const rates = await t.db.selectFrom("budget_group_rates").select("id").where("budget_group_id", "=", group!.id).execute();
    expect(rates).toHaveLength(2);
  });
});

describe("benefit sets and metadata lines created on the first save", () => {
  test(`${N} × addOption to a numbered set the group has not got yet: one set (created once)`, async () => {
    const groupId = await acmeId();
    const a = await t.admin();
    const results = await race(N, () => a.policy.benefits.addOption({ groupId, groupNumber: 4242, description: "Race set", optionName: "Option", serviceType: "TEMPACCOMMODATION" }));
    const outcomes = await expectAllSucceed(results);
    expect(outcomes.filter((o) => (o.value as { created: boolean }).created)).toHaveLength(1);
    const sets = await t.db.selectFrom("benefit_sets").select("id").where("group_id", "=", groupId).where("group_number", "=", 4242).execute();
    expect(sets).toHaveLength(1);
    expect(new Set(outcomes.map((o) => (o.value as { benefitId: number }).benefitId))).toEqual(new Set([sets[0]!.id]));
  });

  test(`${N} × addOption through the "new group" form: ${N} sets, each its own number`, async () => {
    const groupId = await acmeId();
    const a = await t.admin();
    const results = await race(N, (i) => a.policy.benefits.addOption({ groupId, description: `New set ${i}`, optionName: "Option", serviceType: "STORAGE" }));
    const outcomes = await expectAllSucceed(results);
    const numbers = outcomes.map((o) => (o.value as { groupNumber: number }).groupNumber);
    expect(new Set(numbers).size).toBe(N);
  });

  async function acmeSetWithOption() {
    const groupId = await acmeId();
    const a = await t.admin();
    const created = await a.policy.benefits.addOption({ groupId, description: "Metadata race set", optionName: "Option", serviceType: "TEMPACCOMMODATION" });
    return { groupId, setId: created.benefitId, optionId: created.benefitOptionId };
  }

  test(`${N} × saveMetadata of a new line name: one metadata info and one line`, async () => {
    const { groupId, setId, optionId } = await acmeSetWithOption();
    const a = await t.admin();
    const results = await race(N, () => a.policy.benefits.saveMetadata({ serviceBenefitId: optionId, metadataName: "Cap", formula: "days * 20", groupId }));
    await expectAllSucceed(results);
    const infos = await t.db.selectFrom("metadata_infos").select("id").where("benefit_set_id", "=", setId).execute();
    expect(infos).toHaveLength(1);
    const lines = await t.db.selectFrom("benefit_metadata").select("id").where("benefit_option_id", "=", optionId).execute();
    expect(lines).toHaveLength(1);
  });

  test(`${N} × saveMetadata of one line at the group's scope: one line (created once, then updated)`, async () => {
    const { groupId, setId, optionId } = await acmeSetWithOption();
    const a = await t.admin();
    const first = await a.policy.benefits.saveMetadata({ serviceBenefitId: optionId, metadataName: "Nights", formula: "1", groupId });
    await t.db.deleteFrom("benefit_metadata").where("id", "=", first.metadata.id).execute();
    const results = await race(N, (i) => a.policy.benefits.saveMetadata({ serviceBenefitId: optionId, metadataInfoId: first.metadata.metadataInfoId, formula: `nights * ${i + 1}`, groupId }));
    await expectAllSucceed(results);
    const lines = await t.db.selectFrom("benefit_metadata").select("id").where("benefit_option_id", "=", optionId).execute();
    expect(lines).toHaveLength(1);
    expect(await t.db.selectFrom("metadata_infos").select("id").where("benefit_set_id", "=", setId).execute()).toHaveLength(1);
  });
});

describe("benefit options deleted", () => {
  test(`${N} × deleteOption of one option (of three): deleted once (one audit row), the rest NOT_FOUND`, async () => {
    const groupId = await acmeId();
    const a = await t.admin();
    const first = await a.policy.benefits.addOption({ groupId, description: "Delete race set", optionName: "One", serviceType: "STORAGE" });
    const ref = { groupId, groupNumber: first.groupNumber, description: "", serviceType: "STORAGE" as const };
    const second = await a.policy.benefits.addOption({ ...ref, optionName: "Two" });
    await a.policy.benefits.addOption({ ...ref, optionName: "Three" });
    const results = await race(N, () => a.policy.benefits.deleteOption({ benefitOptionId: second.benefitOptionId }));
    await expectOneEffect(results, { refusal: { code: "NOT_FOUND", message: benefitMessages.optionNotFound } });
    const audits = (await auditRows(t.db, "policy.benefit.deleteOption")).filter((r) => r.entity_id === String(second.benefitOptionId));
    expect(audits).toHaveLength(1);
  });

  test(`deleteOption of each of a set's two options at once (${N / 2} each): one stays ("at least one option")`, async () => {
    const groupId = await acmeId();
    const a = await t.admin();
    const first = await a.policy.benefits.addOption({ groupId, description: "Last option race set", optionName: "One", serviceType: "STORAGE" });
    const second = await a.policy.benefits.addOption({ groupId, groupNumber: first.groupNumber, description: "", optionName: "Two", serviceType: "STORAGE" });
    const ids = [first.benefitOptionId, second.benefitOptionId];
    const results = await race(N, (i) => a.policy.benefits.deleteOption({ benefitOptionId: ids[i % 2]! }));
    await expectOneEffect(results, { refusal: { message: new RegExp(`^(${policyMessages.groupNeedsOption}|${benefitMessages.optionNotFound})$`) } });
    const left = await t.db.selectFrom("benefit_options").select("id").where("benefit_set_id", "=", first.benefitId).execute();
    expect(left).toHaveLength(1);
  });
});

describe("policy popup", () => {
  test(`${N} × popup.create of one version: one popup, one audit row`, async () => {
    const p = await createTestPolicy(t.db);
    const a = await t.admin();
    const results = await race(N, () => a.policy.popup.create({ policyVersionId: p.versionId }));
    await expectAllSucceed(results);
    expect(await t.db.selectFrom("policy_popups").select("policy_version_id").where("policy_version_id", "=", p.versionId).execute()).toHaveLength(1);
    expect(await t.db.selectFrom("policy_popup_stages").select("move_stage").where("policy_version_id", "=", p.versionId).execute()).toHaveLength(2);
    const audits = (await auditRows(t.db, "policy.popup.create")).filter((r) => r.entity_id === String(p.versionId));
    expect(audits).toHaveLength(1);
  });
});
