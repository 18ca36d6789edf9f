/**
 * Every audited write of the policy area leaves its audit row, read back field by field (actor, group,
 * entity, entity id, action, old and new values): issue 23 item 24 ("deleting the audit row written
 * when a policy service is removed fails no test"). One test per family: services of a stage, budgets
 * and budget groups, rates, policies and their settings, versions. SQLite and PostgreSQL
 * (TEST_DB=postgres).
 */
import { describe, expect, test } from "bun:test";
import { createTestPolicy } from "../../services/policy/testing.ts";
import { expectAudit, groupIdOf } from "../../test/audit.ts";
import { DEMO, useTestDatabase } from "../../test/fixtures.ts";

const t = useTestDatabase();
const ADMIN = DEMO.ADMIN;

async function serviceRow(versionId: number, stage: number, key: string) {
  return t.db
    .selectFrom("policy_services")
    .selectAll()
    .where("policy_version_id", "=", versionId)
    .where("move_stage", "=", stage)
    .where("service_key", "=", key)
    .executeTakeFirstOrThrow();
}

describe("policy services of a stage", () => {
  test("add, budget group, update, remove and copy each leave their row", async () => {
    const p = await createTestPolicy(t.db);
    const acme = await groupIdOf(t.db, "acme");
    const admin = await t.admin();
    const ref = { policyVersionId: p.versionId, moveStage: 1, serviceKey: "STORAGE" };

    await admin.policy.services.add(ref);
    const added = await serviceRow(p.versionId, 1, "STORAGE");
    await expectAudit(t.db, {
      action: "policyServiceAdded", actor: ADMIN, groupId: acme, entity: "policy_service", entityId: added.id,
      oldValues: null, newValues: { policyVersionId: p.versionId, moveStage: 1, serviceKey: "STORAGE" },
    });

    await admin.policy.services.setBudgetGroup({ ...ref, budgetGroup: 7 });
    await expectAudit(t.db, {
      action: "policyServiceBudgetGroup", actor: ADMIN, groupId: acme, entity: "policy_service", entityId: added.id,
      oldValues: { budgetGroup: added.budget_group }, newValues: { budgetGroup: 7 },
    });

    const before = await serviceRow(p.versionId, 1, "STORAGE");
    await admin.policy.services.update({ ...ref, note: "Audited note", addable: true });
    const state = (r: typeof before) => ({
      title: r.title, service_policy_type: r.service_policy_type, budget_group: r.budget_group, budget_type: r.budget_type,
      authorization_type: r.authorization_type, note: r.note, currency: r.currency, rate_frequency: r.rate_frequency, amount: r.amount,
      min_amount: r.min_amount, max_amount: r.max_amount, amount_can_be_negative: r.amount_can_be_negative, addable: r.addable,
      move_hub: r.move_hub, provided: r.provided, cash_service: r.cash_service, show_as_move_hub_budget: r.show_as_move_hub_budget, attributes: r.attributes,
    });
    const after = await serviceRow(p.versionId, 1, "STORAGE");
    expect(after).toMatchObject({ note: "Audited note", addable: 1 });
    await expectAudit(t.db, {
      action: "policyServiceUpdated", actor: ADMIN, groupId: acme, entity: "policy_service", entityId: added.id,
      oldValues: JSON.parse(JSON.stringify(state(before))), newValues: JSON.parse(JSON.stringify(state(after))),
    });

    // Copy stage 1 onto stage 2: one service, one budget group.
    const copied = await admin.policy.services.copyStage({ policyVersionId: p.versionId, moveStageIdFrom: 1, moveStageIdTo: 2 });
    await expectAudit(t.db, {
      action: "policyStageCopied", actor: ADMIN, groupId: acme, entity: "policy_version", entityId: p.versionId,
      oldValues: null, newValues: { moveStageIdFrom: 1, moveStageIdTo: 2, services: copied.services, budgetGroups: copied.budgetGroups },
    });

    // Remove (the case): the whole service row as it was, and whether its budget group went with it.
    const gone = await serviceRow(p.versionId, 1, "STORAGE");
    await admin.policy.services.remove({ ...ref, budgetGroupId: 7 });
    expect(await t.db.selectFrom("policy_services").select("id").where("id", "=", gone.id).executeTakeFirst()).toBeUndefined();
    await expectAudit(t.db, {
      action: "policyServiceRemoved", actor: ADMIN, groupId: acme, entity: "policy_service", entityId: gone.id,
      oldValues: JSON.parse(JSON.stringify(gone)), newValues: { budgetGroupDeleted: true },
    });
  });
});

describe("budgets and budget groups of a draft", () => {
  test("add, update, delete a budget; the group's settings; rates uploaded", async () => {
    const p = await createTestPolicy(t.db);
    const acme = await groupIdOf(t.db, "acme");
    const admin = await t.admin();
    await admin.policy.services.add({ policyVersionId: p.versionId, moveStage: 1, serviceKey: "STORAGE" });
    await admin.policy.services.setBudgetGroup({ policyVersionId: p.versionId, moveStage: 1, serviceKey: "STORAGE", budgetGroup: 3 });
    const group = { policyId: p.policyId, moveStage: 1, budgetGroup: 3 };

    const added = await admin.policy.services.addBudget({ ...group, currency: "EUR", amount: "4,000", minAmount: "1,000", maxAmount: "6,000" });
    const budgetId = added.budget.id;
    await expectAudit(t.db, {
      action: "budgetAdded", actor: ADMIN, groupId: acme, entity: "budget", entityId: budgetId,
      oldValues: null, newValues: { policyVersionId: p.versionId, moveStage: 1, budgetGroup: 3, currency: "EUR", amount: 4_000_00, minAmount: 1_000_00, maxAmount: 6_000_00 },
    });

    await admin.policy.services.updateBudget({ ...group, budgetId, amount: "5,000" });
    await expectAudit(t.db, {
      action: "budgetUpdated", actor: ADMIN, groupId: acme, entity: "budget", entityId: budgetId,
      oldValues: { currency: "EUR", amount: 4_000_00, minAmount: 1_000_00, maxAmount: 6_000_00 },
      newValues: { currency: "EUR", amount: 5_000_00, minAmount: 1_000_00, maxAmount: 6_000_00 },
    });

    const settings = await admin.policy.services.updateBudgetGroup({ ...group, authType: "HR_APPROVAL", complexity: "complex" });
    const before = { authType: "NONE", complexity: "simple", budgetType: "H", allowOutsideRange: false };
    const groupRow = await t.db.selectFrom("budget_groups").selectAll().where("id", "=", settings.budgetGroup.rowId).executeTakeFirstOrThrow();
    await expectAudit(t.db, {
      action: "budgetGroupUpdated", actor: ADMIN, groupId: acme, entity: "budget", entityId: `group:${groupRow.id}`,
      oldValues: before, newValues: { ...before, authType: "HR_APPROVAL", complexity: "complex" },
    });

    const csv = "Country code,City,Description,Currency,Amount,Frequency\nDE,Berlin,Hotel night,EUR,\"1,250.50\",DAILY\n";
    await admin.policy.services.uploadRates({ budgetGroupId: groupRow.id, policyId: p.policyId, fileName: "rates.csv", content: Buffer.from(csv).toString("base64") });
    await expectAudit(t.db, {
      action: "budgetRatesUploaded", actor: ADMIN, groupId: acme, entity: "budget", entityId: `group:${groupRow.id}`,
      oldValues: { rows: 0 }, newValues: { rows: 1, file: "rates.csv" },
    });

    await admin.policy.services.deleteBudget({ ...group, budgetId });
    await expectAudit(t.db, {
      action: "budgetDeleted", actor: ADMIN, groupId: acme, entity: "budget", entityId: budgetId,
      oldValues: { currency: "EUR", amount: 5_000_00, minAmount: 1_000_00, maxAmount: 6_000_00 }, newValues: null,
    });
  });
});

describe("policies, settings and versions", () => {
  test("create, settings, tags, group change, versions, release, clone, draft deletion", async () => {
    const acme = await groupIdOf(t.db, "acme");
    const globex = await groupIdOf(t.db, "globex");
    const admin = await t.admin();
    const input = { group: "acme", name: `Audited ${crypto.randomUUID().slice(0, 8)}`, moveType: "INTERNATIONAL" as const, archetype: "LONG_TERM_ASSIGNMENT" as const, moveStagesCount: 2 };
    const created = await admin.policy.policies.create(input);
    const createdRow = await expectAudit(t.db, {
      action: "policyCreated", actor: ADMIN, groupId: acme, entity: "policy", entityId: created.policyId,
      oldValues: null,
      // The request as sent, the order given to it (none asked) and its first version.
      newValues: { ...input, order: null, policyVersionId: created.policyVersionId },
    });
    expect(createdRow.ip).toBeNull(); // createCaller: no address

    await admin.policy.policies.updateSetting({ policyId: created.policyId, setting: "name", value: `${input.name} renamed` });
    await expectAudit(t.db, {
      action: "policySetting", actor: ADMIN, groupId: acme, entity: "policy", entityId: created.policyId,
      oldValues: { name: input.name }, newValues: { name: `${input.name} renamed` },
    });

    const tag = (await t.db.insertInto("group_tags").values({ group_id: acme, name: `audit-${crypto.randomUUID().slice(0, 6)}` }).returning("id").executeTakeFirstOrThrow()).id;
    await admin.policy.policies.updateSetting({ policyId: created.policyId, setting: "tags", value: String(tag) });
    await expectAudit(t.db, {
      action: "policyTagsChanged", actor: ADMIN, groupId: acme, entity: "policy", entityId: created.policyId,
      oldValues: { tags: [] }, newValues: { tags: [tag] },
    });

    // Releasing version 1, then a draft version 2 deleted.
    await admin.policy.policies.complete({ policyVersionId: created.policyVersionId, ignoreMandatory: true });
    await expectAudit(t.db, {
      action: "policyVersionReleased", actor: ADMIN, groupId: acme, entity: "policy_version", entityId: created.policyVersionId,
      oldValues: { status: "DRAFT" }, newValues: { status: "RELEASED", versionNumber: 1, skippedMandatory: false },
    });
    const v2 = (await admin.policy.policies.createVersion({ policyId: created.policyId })).versionId;
    await expectAudit(t.db, {
      action: "policyVersionCreated", actor: ADMIN, groupId: acme, entity: "policy_version", entityId: v2,
      oldValues: null, newValues: { policyId: created.policyId, versionNumber: 2, copiedFrom: created.policyVersionId },
    });
    await admin.policy.policies.deleteDraft({ policyVersionId: v2 });
    await expectAudit(t.db, {
      action: "policyDraftDeleted", actor: ADMIN, groupId: acme, entity: "policy_version", entityId: v2,
      oldValues: { policyId: created.policyId, versionNumber: 2 }, newValues: null,
    });

    const clone = await admin.policy.policies.clone({ policyId: created.policyId, customerName: "acme", name: `${input.name} copy` });
    await expectAudit(t.db, {
      action: "policyCloned", actor: ADMIN, groupId: acme, entity: "policy", entityId: clone.id,
      oldValues: null, newValues: { from: created.policyId, fromVersionId: created.policyVersionId, name: `${input.name} copy`, groupId: acme, policyVersionId: clone.policyVersionId },
    });

    // Moving the clone to another group drops its tags.
    await admin.policy.policies.updateSetting({ policyId: clone.id, setting: "tags", value: String(tag) });
    await admin.policy.policies.updateSetting({ policyId: clone.id, setting: "group", value: String(globex) });
    await expectAudit(t.db, {
      // The row belongs to the group the policy moved to.
      action: "policyGroupChanged", actor: ADMIN, groupId: globex, entity: "policy", entityId: clone.id,
      oldValues: { groupId: acme, tags: [tag] }, newValues: { groupId: globex, tags: [] },
    });
  });
});

describe("benefit sets and options, the service catalogue, group tags (admin)", () => {
  test("add, rename, flag and delete; attribute visibility and configuration; a tag", async () => {
    const acme = await groupIdOf(t.db, "acme");
    const admin = await t.admin();
    const setNumber = 4242;
    const created = await admin.policy.benefits.addOption({ groupId: acme, groupNumber: setNumber, description: "Audited set", optionName: "Audited option", serviceType: "TEMPACCOMMODATION" });
    expect(created.created).toBe(true);
    await expectAudit(t.db, {
      action: "policy.benefit.addOption", actor: ADMIN, groupId: acme, entity: "benefit_option", entityId: created.benefitOptionId,
      oldValues: null, newValues: { serviceKey: "TEMPACCOMMODATION", benefitSetId: created.benefitId, groupNumber: setNumber, setName: "Audited set", optionName: "Audited option" },
    });
    // A second option of the existing set: no set name in the row.
    const second = await admin.policy.benefits.addOption({ groupId: acme, groupNumber: setNumber, description: "", optionName: "Second option", serviceType: "TEMPACCOMMODATION" });
    await expectAudit(t.db, {
      action: "policy.benefit.addOption", actor: ADMIN, groupId: acme, entity: "benefit_option", entityId: second.benefitOptionId,
      oldValues: null, newValues: { serviceKey: "TEMPACCOMMODATION", benefitSetId: created.benefitId, groupNumber: setNumber, optionName: "Second option" },
    });

    await admin.policy.benefits.renameOption({ id: created.benefitOptionId, optionName: "Renamed option" });
    await expectAudit(t.db, {
      action: "policy.benefit.renameOption", actor: ADMIN, groupId: acme, entity: "benefit_option", entityId: created.benefitOptionId,
      oldValues: { name: "Audited option" }, newValues: { name: "Renamed option" },
    });
    await admin.policy.benefits.renameSet({ benefitId: created.benefitId, name: "Renamed set" });
    await expectAudit(t.db, {
      action: "policy.benefit.renameSet", actor: ADMIN, groupId: acme, entity: "benefit_set", entityId: created.benefitId,
      oldValues: { name: "Audited set" }, newValues: { name: "Renamed set" },
    });

    const set = await t.db.selectFrom("benefit_sets").selectAll().where("id", "=", created.benefitId).executeTakeFirstOrThrow();
    await admin.policy.benefits.setFlags({ benefitId: created.benefitId, inactive: true });
    const flags = { inactive: set.inactive, affects_cost_estimate: set.affects_cost_estimate, custom: set.custom, sdc_id: set.sdc_id };
    await expectAudit(t.db, {
      action: "policy.benefit.setFlags", actor: ADMIN, groupId: acme, entity: "benefit_set", entityId: created.benefitId,
      oldValues: flags, newValues: { ...flags, inactive: 1 },
    });

    await admin.policy.benefits.deleteOption({ benefitOptionId: second.benefitOptionId });
    await expectAudit(t.db, {
      action: "policy.benefit.deleteOption", actor: ADMIN, groupId: acme, entity: "benefit_option", entityId: second.benefitOptionId,
      oldValues: { name: "Second option", benefitSetId: created.benefitId }, newValues: null,
    });

    // The catalogue: a global attribute's visibility (no group), then its configuration for acme.
    const attributeId = (
      await t.db.insertInto("service_attributes").values({ service_key: "REMOVALS", attr_key: `audited${setNumber}`, label: "Audited", input_type: "TEXT" }).returning("id").executeTakeFirstOrThrow()
    ).id;
    const attribute = await t.db.selectFrom("service_attributes").selectAll().where("id", "=", attributeId).executeTakeFirstOrThrow();
    await admin.policy.catalogue.setAttributeVisibility({ attributeId, visibleToHr: attribute.visible_to_hr !== 1 });
    await expectAudit(t.db, {
      action: "policy.catalogue.attributeVisibility", actor: ADMIN, groupId: null, entity: "service_attribute", entityId: attributeId,
      oldValues: { visibleToHr: attribute.visible_to_hr === 1 }, newValues: { visibleToHr: attribute.visible_to_hr !== 1 },
    });
    await admin.policy.catalogue.configureAttribute({ serviceType: "regular", attributeId, groupName: "acme", viewableByHR: true });
    await admin.policy.catalogue.configureAttribute({ serviceType: "regular", attributeId, groupName: "acme", viewableByHR: false });
    await expectAudit(t.db, {
      action: "policy.catalogue.configureAttribute", actor: ADMIN, groupId: acme, entity: "service_attribute", entityId: attributeId,
      oldValues: { groupName: "acme", viewableByHR: true }, newValues: { groupName: "acme", viewableByHR: false },
    });

    // A metadata line of the group's option: created, updated, then the group's override removed.
    const saved = await admin.policy.benefits.saveMetadata({ serviceBenefitId: created.benefitOptionId, metadataName: "Audited cost", formula: "nights * 120", groupId: acme });
    const info = { id: saved.metadata.metadataInfoId };
    expect(await t.db.selectFrom("metadata_infos").select("name").where("id", "=", info.id).executeTakeFirstOrThrow()).toEqual({ name: "Audited cost" });
    const line = { benefitOptionId: created.benefitOptionId, metadataInfoId: info.id, scope: "GROUP", policyId: null };
    await expectAudit(t.db, {
      action: "policy.benefit.createMetadata", actor: ADMIN, groupId: acme, entity: "benefit_metadata", entityId: saved.metadata.id,
      oldValues: null, newValues: { ...line, formula: "nights * 120", adjustmentFormula: null },
    });
    await admin.policy.benefits.saveMetadata({ serviceBenefitId: created.benefitOptionId, metadataInfoId: info.id, formula: "nights * 130", adjustmentFormula: "colIndex", groupId: acme });
    await expectAudit(t.db, {
      action: "policy.benefit.updateMetadata", actor: ADMIN, groupId: acme, entity: "benefit_metadata", entityId: saved.metadata.id,
      oldValues: { formula: "nights * 120", adjustmentFormula: null }, newValues: { ...line, formula: "nights * 130", adjustmentFormula: "colIndex" },
    });
    await admin.policy.benefits.deleteMetadataOverride({ metadataInfoId: info.id, groupId: acme, serviceBenefitId: created.benefitOptionId });
    await expectAudit(t.db, {
      action: "policy.benefit.deleteMetadataOverride", actor: ADMIN, groupId: acme, entity: "metadata_info", entityId: info.id,
      oldValues: [{ id: saved.metadata.id, benefitOptionId: created.benefitOptionId, formula: "nights * 130", adjustmentFormula: "colIndex" }],
      newValues: { scope: "GROUP", policyId: null },
    });

    const tag = await admin.policy.catalogue.createTag({ group: "acme", name: ` Audited tag ${setNumber} ` });
    await expectAudit(t.db, {
      action: "policy.catalogue.createTag", actor: ADMIN, groupId: acme, entity: "group_tag", entityId: tag.id,
      oldValues: null, newValues: { name: `Audited tag ${setNumber}` },
    });
  });
});
