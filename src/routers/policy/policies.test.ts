import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { ZodError } from "zod";
import { messages } from "../../domain/messages.ts";
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

async function groupId(name: string) {
  return (await t.db.selectFrom("groups").select("id").where("name", "=", name).executeTakeFirstOrThrow()).id;
}

async function addTag(group: string, name: string) {
  const row = await t.db.insertInto("group_tags").values({ group_id: await groupId(group), name }).returning("id").executeTakeFirstOrThrow();
  return row.id;
}

/** A valid released version: one cash-style service with a currency budget. */
async function releaseSimple(policyId: number, versionId: number) {
  const a = await admin();
  await a.policy.services.add({ policyVersionId: versionId, moveStage: 1, serviceKey: "ORIENTATION" });
  await a.policy.services.update({ policyVersionId: versionId, moveStage: 1, serviceKey: "ORIENTATION", servicePolicyType: 4 });
  const done = await a.policy.policies.complete({ policyVersionId: versionId });
  expect(done.success).toBe(true);
  return policyId;
}

describe("policy.policies.create", () => {
  test("creates the policy and its DRAFT version 1 with an audit row", async () => {
    const a = await admin();
    const before = await countOf(t.db, "audit_log");
    const res = await a.policy.policies.create({ group: "acme", name: " Global Mobility ", moveType: "INTERNATIONAL", archetype: "PERMANENT_TRANSFER", moveStagesCount: 3, order: "4" });
    expect(res).toMatchObject({ success: true, redirectUrl: `/policy/setup?policyId=${res.policyId}&editDraft=true` });
    const policy = await t.db.selectFrom("policies").selectAll().where("id", "=", res.policyId).executeTakeFirstOrThrow();
    expect(policy).toMatchObject({ name: "Global Mobility", move_stages_count: 3, sort_order: 4, group_id: await groupId("acme") });
    const version = await t.db.selectFrom("policy_versions").selectAll().where("id", "=", res.policyVersionId).executeTakeFirstOrThrow();
    expect(version).toMatchObject({ policy_id: res.policyId, version_number: 1, status: "DRAFT" });
    expect(await countOf(t.db, "audit_log")).toBe(before + 1);
    expect((await auditRows(t.db, "policyCreated")).at(-1)!.entity_id).toBe(String(res.policyId));
  });

  test("name required and order digits: the spec's texts, nothing written", async () => {
    const a = await admin();
    const before = await countOf(t.db, "policies");
    const e = await expectInputError(a.policy.policies.create({ group: "acme", name: "  ", moveType: "INTERNATIONAL", archetype: "CORE_FLEX", moveStagesCount: 1 }), "name");
    expect((e.cause as ZodError).issues[0]!.message).toBe(policyMessages.policyNameRequired);
    await expectTrpcError(
      a.policy.policies.create({ group: "acme", name: "X", moveType: "INTERNATIONAL", archetype: "CORE_FLEX", moveStagesCount: 1, order: "1a" }),
      "BAD_REQUEST",
      policyMessages.policyOrderDigits,
    );
    expect(await countOf(t.db, "policies")).toBe(before);
  });

  test("HR and employees cannot create policies", async () => {
    const input = { group: "acme", name: "X", moveType: "INTERNATIONAL" as const, archetype: "CORE_FLEX" as const, moveStagesCount: 1 };
    await expectTrpcError((await hrAcme()).policy.policies.create(input), "FORBIDDEN");
    await expectTrpcError((await employee()).policy.policies.create(input), "FORBIDDEN");
  });
});

describe("policy.policies.search", () => {
  test("the group's policies sorted by order then name, with versions and employee counts", async () => {
    const p1 = await createTestPolicy(t.db, { group: "acme", name: "zz Ordered first", order: "0" });
    const p2 = await createTestPolicy(t.db, { group: "acme", name: "aa Unordered" });
    await insertTestMove(t.db, p1.policyId, p1.versionId);
    await insertTestMove(t.db, p1.policyId, p1.versionId, { status: "cancelled", email: "manager@acme.test" });
    const res = await (await admin()).policy.policies.search({ group: "acme" });
    const ids = res.policies.map((p) => p.id);
    expect(ids.indexOf(p1.policyId)).toBeLessThan(ids.indexOf(p2.policyId));
    const first = res.policies.find((p) => p.id === p1.policyId)!;
    expect(first).toMatchObject({ draftVersionId: p1.versionId, releasedVersionId: null, releasedVersionNumber: null, employeeCount: 1, order: 0 });
    const named = await (await hrAcme()).policy.policies.search({ group: "acme", query: "AA UNORD" });
    expect(named.policies.map((p) => p.id)).toEqual([p2.policyId]);
  });

  test("filter by tag and status", async () => {
    const p = await createTestPolicy(t.db);
    const tag = await addTag("acme", `Search tag ${crypto.randomUUID().slice(0, 6)}`);
    await (await admin()).policy.policies.updateSetting({ policyId: p.policyId, setting: "tags", value: String(tag) });
    const res = await (await admin()).policy.policies.search({ group: "acme", tag });
    expect(res.policies.map((x) => x.id)).toEqual([p.policyId]);
    expect(res.policies[0]!.tags.map((x) => x.id)).toEqual([tag]);
    await (await admin()).policy.policies.updateSetting({ policyId: p.policyId, setting: "status", value: "INACTIVE" });
    const inactive = await (await admin()).policy.policies.search({ group: "acme", status: "INACTIVE" });
    expect(inactive.policies.map((x) => x.id)).toContain(p.policyId);
    expect(inactive.policies.every((x) => x.status === "INACTIVE")).toBe(true);
  });

  test("employees are refused; HR only in its own group", async () => {
    await expectTrpcError((await employee()).policy.policies.search({ group: "acme" }), "FORBIDDEN");
    await expectTrpcError((await hrGlobex()).policy.policies.search({ group: "acme" }), "FORBIDDEN", messages.otherGroup);
  });
});

describe("policy.policies.dropdowns", () => {
  test("every select's choices; the policy group's tags; active groups for ADMIN; currencies", async () => {
    const p = await createTestPolicy(t.db);
    const tag = await addTag("acme", `Dropdown tag ${crypto.randomUUID().slice(0, 6)}`);
    const res = await (await admin()).policy.policies.dropdowns({ policyId: p.policyId });
    expect(res.moveTypes.map((o) => o.value)).toEqual(["INTERNATIONAL", "DOMESTIC"]);
    expect(res.moveStagesCounts.map((o) => o.value)).toEqual(["1", "2", "3"]);
    expect(res.tags.map((x) => x.id)).toContain(tag);
    expect(res.groups.map((g) => g.name)).toContain("acme");
    expect(res.currencies.map((c) => c.code)).toContain("EUR");
    const hr = await (await hrAcme()).policy.policies.dropdowns({ groupId: "acme" });
    expect(hr.groups.map((g) => g.name)).toEqual(["acme"]);
    expect(hr.tags.map((x) => x.id)).toContain(tag);
  });

  test("refused for employees and for another group's HR", async () => {
    const p = await createTestPolicy(t.db);
    await expectTrpcError((await employee()).policy.policies.dropdowns({}), "FORBIDDEN");
    await expectTrpcError((await hrGlobex()).policy.policies.dropdowns({ policyId: p.policyId }), "FORBIDDEN");
    await expectTrpcError((await hrGlobex()).policy.policies.dropdowns({ groupId: "acme" }), "FORBIDDEN");
  });
});

describe("policy.policies.get", () => {
  test("every setup field, tags, versions and the three-stage warning", async () => {
    const p = await createTestPolicy(t.db, { moveStagesCount: 3 });
    const a = await admin();
    await a.policy.policies.updateSetting({ policyId: p.policyId, setting: "estimatePackage", value: "PERMANENT_TRANSFER" });
    const res = await a.policy.policies.get({ policyId: p.policyId });
    expect(res).toMatchObject({
      success: true,
      policyId: p.policyId,
      policyVersionId: p.versionId,
      draftVersionId: p.versionId,
      releasedVersionId: null,
      group: "acme",
      moveStagesCount: 3,
      estimatePackage: "PERMANENT_TRANSFER",
      hrDashboard: false,
    });
    expect(res.versions).toEqual([expect.objectContaining({ id: p.versionId, versionNumber: 1, status: "DRAFT" })]);
    expect(res.warnings).toEqual([policyMessages.permanentTransferThreeStages]);
    expect((await (await hrAcme()).policy.policies.get({ policyId: p.policyId })).policyId).toBe(p.policyId);
  });

  test("unknown policy, employee and other group", async () => {
    const p = await createTestPolicy(t.db);
    await expectTrpcError((await admin()).policy.policies.get({ policyId: 999_999 }), "NOT_FOUND", policyMessages.policyNotFound);
    await expectTrpcError((await employee()).policy.policies.get({ policyId: p.policyId }), "FORBIDDEN");
    await expectTrpcError((await hrGlobex()).policy.policies.get({ policyId: p.policyId }), "FORBIDDEN", messages.otherGroup);
  });

  test("an id past the integer column (2^31) or in hex is bad input, not a database error (500 on PostgreSQL)", async () => {
    const a = await admin();
    await expectInputError(a.policy.policies.get({ policyId: 2 ** 31 }), "policyId");
    await expectInputError(a.policy.policies.get({ policyId: 2 ** 53 }), "policyId");
    await expectInputError(a.policy.policies.get({ policyId: "0x10" as never }), "policyId");
    await expectTrpcError(a.policy.policies.get({ policyId: 2 ** 31 - 1 }), "NOT_FOUND", policyMessages.policyNotFound);
  });
});

describe("policy.policies.updateSetting", () => {
  test("switches, enums and the order are saved with an audit row", async () => {
    const p = await createTestPolicy(t.db);
    const a = await admin();
    expect(await a.policy.policies.updateSetting({ policyId: p.policyId, setting: "hrDashboard", value: "true" })).toEqual({ success: true });
    await a.policy.policies.updateSetting({ policyId: p.policyId, setting: "order", value: "12" });
    await a.policy.policies.updateSetting({ policyId: p.policyId, setting: "welcomeCallDuration", value: "45" });
    const row = await t.db.selectFrom("policies").selectAll().where("id", "=", p.policyId).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ hr_dashboard: 1, sort_order: 12, welcome_call_duration: 45 });
    const audit = (await auditRows(t.db, "policySetting")).at(-1)!;
    expect(JSON.parse(audit.new_values!)).toEqual({ welcomeCallDuration: 45 });
    expect(JSON.parse(audit.old_values!)).toEqual({ welcomeCallDuration: null });
  });

  test("name required, order digits, bad values: spec texts and nothing written", async () => {
    const p = await createTestPolicy(t.db, { name: "Keep me" });
    const a = await admin();
    await expectTrpcError(a.policy.policies.updateSetting({ policyId: p.policyId, setting: "name", value: " " }), "BAD_REQUEST", policyMessages.policyNameRequired);
    await expectTrpcError(a.policy.policies.updateSetting({ policyId: p.policyId, setting: "order", value: "x1" }), "BAD_REQUEST", policyMessages.policyOrderDigits);
    await expectTrpcError(a.policy.policies.updateSetting({ policyId: p.policyId, setting: "status", value: "MAYBE" }), "BAD_REQUEST", policyMessages.setupSaveFailed);
    await expectTrpcError(a.policy.policies.updateSetting({ policyId: p.policyId, setting: "nope", value: "1" }), "NOT_FOUND", policyMessages.setupSaveFailed);
    const row = await t.db.selectFrom("policies").selectAll().where("id", "=", p.policyId).executeTakeFirstOrThrow();
    expect(row.name.startsWith("Keep me")).toBe(true);
  });

  test("a move type change reports the affected users (moves not cancelled or completed)", async () => {
    const p = await createTestPolicy(t.db);
    await insertTestMove(t.db, p.policyId, p.versionId);
    await insertTestMove(t.db, p.policyId, p.versionId, { email: "manager@acme.test", status: "completed" });
    const a = await admin();
    expect(await a.policy.policies.moveTypeImpact({ policyId: p.policyId, moveType: "DOMESTIC" })).toEqual({
      affectedUsers: 1,
      message: policyMessages.moveTypeChange(1),
    });
    expect(await a.policy.policies.updateSetting({ policyId: p.policyId, setting: "moveType", value: "DOMESTIC" })).toEqual({ success: true, affectedUsers: 1 });
    await expectTrpcError((await hrAcme()).policy.policies.moveTypeImpact({ policyId: p.policyId, moveType: "DOMESTIC" }), "FORBIDDEN");
  });

  test("a group change moves the policy and removes its tags with the spec's warning", async () => {
    const p = await createTestPolicy(t.db);
    const tag = await addTag("acme", `Move tag ${crypto.randomUUID().slice(0, 6)}`);
    const a = await admin();
    await a.policy.policies.updateSetting({ policyId: p.policyId, setting: "tags", value: `${tag}` });
    const res = await a.policy.policies.updateSetting({ policyId: p.policyId, setting: "group", value: String(await groupId("globex")) });
    expect(res).toEqual({ success: true, warnings: [policyMessages.tagsRemoved] });
    const row = await t.db.selectFrom("policies").select("group_id").where("id", "=", p.policyId).executeTakeFirstOrThrow();
    expect(row.group_id).toBe(await groupId("globex"));
    expect(await t.db.selectFrom("policy_tags").selectAll().where("policy_id", "=", p.policyId).execute()).toEqual([]);
  });

  test("tags must be the group's own", async () => {
    const p = await createTestPolicy(t.db);
    const foreign = await addTag("globex", `Foreign ${crypto.randomUUID().slice(0, 6)}`);
    await expectTrpcError((await admin()).policy.policies.updateSetting({ policyId: p.policyId, setting: "tags", value: `${foreign}` }), "BAD_REQUEST", policyMessages.setupSaveFailed);
  });

  test("fewer move stages delete the draft's services of the dropped stages", async () => {
    const p = await createTestPolicy(t.db, { moveStagesCount: 3 });
    const a = await admin();
    await a.policy.services.add({ policyVersionId: p.versionId, moveStage: 3, serviceKey: "REPATRIATION" });
    await a.policy.services.add({ policyVersionId: p.versionId, moveStage: 1, serviceKey: "REMOVALS" });
    await a.policy.policies.updateSetting({ policyId: p.policyId, setting: "moveStagesCount", value: "2" });
    const left = await t.db.selectFrom("policy_services").select("service_key").where("policy_version_id", "=", p.versionId).execute();
    expect(left.map((s) => s.service_key)).toEqual(["REMOVALS"]);
  });

  test("HR cannot change settings; other roles neither", async () => {
    const p = await createTestPolicy(t.db);
    await expectTrpcError((await hrAcme()).policy.policies.updateSetting({ policyId: p.policyId, setting: "name", value: "x" }), "FORBIDDEN");
    await expectTrpcError((await employee()).policy.policies.updateSetting({ policyId: p.policyId, setting: "name", value: "x" }), "FORBIDDEN");
  });

  test("updateCostEstimatePackage saves both values", async () => {
    const p = await createTestPolicy(t.db);
    const res = await (await admin()).policy.policies.updateCostEstimatePackage({ policyId: p.policyId, estimatePackage: "DOMESTIC", excludeCompensation: "true" });
    expect(res.success).toBe(true);
    const row = await t.db.selectFrom("policies").selectAll().where("id", "=", p.policyId).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ estimate_package: "DOMESTIC", exclude_compensation: 1 });
    await expectTrpcError((await admin()).policy.policies.updateCostEstimatePackage({ policyId: p.policyId, estimatePackage: "BAD", excludeCompensation: "true" }), "BAD_REQUEST", policyMessages.setupSaveFailed);
  });
});

describe("versions: complete, createVersion, deleteDraft, clone", () => {
  test("complete refuses a version with errors and releases a valid one; moves keep their version", async () => {
    const p = await createTestPolicy(t.db);
    const a = await admin();
    await a.policy.services.add({ policyVersionId: p.versionId, moveStage: 1, serviceKey: "REMOVALS" });
    const refused = await a.policy.policies.complete({ policyVersionId: p.versionId });
    expect(refused.success).toBe(false);
    expect(refused.errors.map((e) => e.message)).toContain(policyMessages.budgetCurrencyRequired("Household Goods Removal"));
    expect((await t.db.selectFrom("policy_versions").select("status").where("id", "=", p.versionId).executeTakeFirstOrThrow()).status).toBe("DRAFT");

    await a.policy.services.update({ policyVersionId: p.versionId, moveStage: 1, serviceKey: "REMOVALS", currency: "EUR", amount: "5,000" });
    await a.policy.services.update({ policyVersionId: p.versionId, moveStage: 1, serviceKey: "REMOVALS", attributes: { shipmentMode: "Sea", volumeAllowanceM3: "40" } });
    const moveId = await insertTestMove(t.db, p.policyId, p.versionId);
    const done = await a.policy.policies.complete({ policyVersionId: p.versionId });
    expect(done).toMatchObject({ success: true, errors: [] });
    const version = await t.db.selectFrom("policy_versions").selectAll().where("id", "=", p.versionId).executeTakeFirstOrThrow();
    expect(version.status).toBe("RELEASED");
    expect(version.released_at).not.toBeNull();
    expect((await auditRows(t.db, "policyVersionReleased")).at(-1)!.entity_id).toBe(String(p.versionId));

    // A new draft copies the released rows; the move stays on version 1.
    const draft = await a.policy.policies.createVersion({ policyId: p.policyId });
    expect(draft).toEqual({ success: true, redirectUrl: `/policy/setup?policyId=${p.policyId}&editDraft=true`, versionId: draft.versionId });
    const copied = await t.db.selectFrom("policy_services").selectAll().where("policy_version_id", "=", draft.versionId).execute();
    expect(copied.map((s) => [s.service_key, s.currency, s.amount])).toEqual([["REMOVALS", "EUR", 500000]]);
    expect((await t.db.selectFrom("moves").select("policy_version_id").where("id", "=", moveId).executeTakeFirstOrThrow()).policy_version_id).toBe(p.versionId);
    await expectTrpcError(a.policy.policies.createVersion({ policyId: p.policyId }), "CONFLICT", policyMessages.draftExists);

    // The released version is read-only.
    await expectTrpcError(a.policy.services.add({ policyVersionId: p.versionId, moveStage: 1, serviceKey: "STORAGE" }), "CONFLICT", policyMessages.versionNotEditable);
    await expectTrpcError(a.policy.policies.deleteDraft({ policyVersionId: p.versionId }), "CONFLICT", policyMessages.errorDeletingDraft);
    await expectTrpcError(a.policy.policies.complete({ policyVersionId: p.versionId }), "CONFLICT");

    // Deleting the draft brings the create-version action back.
    expect(await a.policy.policies.deleteDraft({ policyVersionId: draft.versionId })).toEqual({ success: true });
    expect(await t.db.selectFrom("policy_versions").select("id").where("id", "=", draft.versionId).executeTakeFirst()).toBeUndefined();
  });

  test("mandatory-attribute errors can be skipped on early versions only with ignoreMandatory", async () => {
    const p = await createTestPolicy(t.db);
    const a = await admin();
    const ref = { policyVersionId: p.versionId, moveStage: 1, serviceKey: "REMOVALS" };
    await a.policy.services.add(ref);
    await a.policy.services.update({ ...ref, currency: "EUR", amount: "10" });
    const { errors } = await a.policy.policies.validation({ policyVersionId: p.versionId });
    expect(errors.map((e) => e.errorType)).toEqual(["MANDATORY_ATTRIBUTE", "MANDATORY_ATTRIBUTE"]);
    const refused = await a.policy.policies.complete({ policyVersionId: p.versionId });
    expect(refused).toMatchObject({ success: false, canSkipMandatory: true });
    expect((await a.policy.policies.complete({ policyVersionId: p.versionId, ignoreMandatory: true })).success).toBe(true);
  });

  test("ignoreMandatory does not skip other errors", async () => {
    const p = await createTestPolicy(t.db);
    const a = await admin();
    await a.policy.services.add({ policyVersionId: p.versionId, moveStage: 1, serviceKey: "REMOVALS" });
    const refused = await a.policy.policies.complete({ policyVersionId: p.versionId, ignoreMandatory: true });
    expect(refused).toMatchObject({ success: false, canSkipMandatory: false });
    expect((await t.db.selectFrom("policy_versions").select("status").where("id", "=", p.versionId).executeTakeFirstOrThrow()).status).toBe("DRAFT");
  });

  test("two simultaneous version links create one draft", async () => {
    const p = await createTestPolicy(t.db);
    await releaseSimple(p.policyId, p.versionId);
    const a = await admin();
    const results = await Promise.allSettled([a.policy.policies.createVersion({ policyId: p.policyId }), a.policy.policies.createVersion({ policyId: p.policyId })]);
    expect(results.filter((r) => r.status === "fulfilled").length).toBe(1);
    expect((results.find((r) => r.status === "rejected") as PromiseRejectedResult).reason.message).toBe(policyMessages.draftExists);
    const drafts = await t.db.selectFrom("policy_versions").select("id").where("policy_id", "=", p.policyId).where("status", "=", "DRAFT").execute();
    expect(drafts.length).toBe(1);
  });

  test("createVersion, deleteDraft and complete are ADMIN only", async () => {
    const p = await createTestPolicy(t.db);
    for (const caller of [await hrAcme(), await employee(), await hrGlobex()]) {
      await expectTrpcError(caller.policy.policies.createVersion({ policyId: p.policyId }), "FORBIDDEN");
      await expectTrpcError(caller.policy.policies.deleteDraft({ policyVersionId: p.versionId }), "FORBIDDEN");
      await expectTrpcError(caller.policy.policies.complete({ policyVersionId: p.versionId }), "FORBIDDEN");
    }
    expect(await countOf(t.db, "policy_versions")).toBeGreaterThan(0);
  });

  test("clone: a new policy in the customer group with a copy of the latest version as draft v1", async () => {
    const p = await createTestPolicy(t.db);
    const a = await admin();
    const tag = await addTag("acme", `Clone tag ${crypto.randomUUID().slice(0, 6)}`);
    await a.policy.policies.updateSetting({ policyId: p.policyId, setting: "tags", value: String(tag) });
    await a.policy.services.add({ policyVersionId: p.versionId, moveStage: 2, serviceKey: "COLA" });
    const same = await a.policy.policies.clone({ policyId: p.policyId, customerName: "acme", name: "Cloned same group" });
    expect(same.success).toBe(true);
    expect((await t.db.selectFrom("policy_tags").select("tag_id").where("policy_id", "=", same.id).execute()).map((x) => x.tag_id)).toEqual([tag]);
    const other = await a.policy.policies.clone({ policyId: p.policyId, customerName: String(await groupId("globex")), name: "Cloned to globex" });
    const row = await t.db.selectFrom("policies").selectAll().where("id", "=", other.id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ name: "Cloned to globex", group_id: await groupId("globex"), move_stages_count: 2 });
    expect(await t.db.selectFrom("policy_tags").selectAll().where("policy_id", "=", other.id).execute()).toEqual([]);
    const v = await t.db.selectFrom("policy_versions").selectAll().where("policy_id", "=", other.id).execute();
    expect(v.map((x) => [x.version_number, x.status])).toEqual([[1, "DRAFT"]]);
    const services = await t.db.selectFrom("policy_services").select(["service_key", "move_stage"]).where("policy_version_id", "=", v[0]!.id).execute();
    expect(services).toEqual([{ service_key: "COLA", move_stage: 2 }]);
  });

  test("clone requires a name and a customer group; HR refused", async () => {
    const p = await createTestPolicy(t.db);
    const a = await admin();
    const before = await countOf(t.db, "policies");
    await expectTrpcError(a.policy.policies.clone({ policyId: p.policyId, customerName: "acme", name: "" }), "BAD_REQUEST", policyMessages.cloneNameRequired);
    await expectTrpcError(a.policy.policies.clone({ policyId: p.policyId, customerName: "", name: "X" }), "BAD_REQUEST", policyMessages.cloneGroupRequired);
    await expectTrpcError(a.policy.policies.clone({ policyId: p.policyId, customerName: "no-such-group", name: "X" }), "BAD_REQUEST", policyMessages.cloneGroupRequired);
    await expectTrpcError((await hrAcme()).policy.policies.clone({ policyId: p.policyId, customerName: "acme", name: "X" }), "FORBIDDEN");
    expect(await countOf(t.db, "policies")).toBe(before);
  });
});

describe("policy.policies.validation and details", () => {
  test("validation lists the errors; HR of the group may read it", async () => {
    const p = await createTestPolicy(t.db);
    const a = await admin();
    expect(await a.policy.policies.validation({ policyVersionId: p.versionId })).toEqual({ success: true, errors: [] });
    await a.policy.services.add({ policyVersionId: p.versionId, moveStage: 1, serviceKey: "ACCOUNTANTS" });
    const res = await (await hrAcme()).policy.policies.validation({ policyVersionId: p.versionId });
    expect(res.errors).toContainEqual({
      moveStageId: 1,
      service: "ACCOUNTANTS",
      field: "currency",
      message: policyMessages.budgetCurrencyRequired("Tax Return Preparation"),
      errorType: "REQUIRED",
    });
    await expectTrpcError((await employee()).policy.policies.validation({ policyVersionId: p.versionId }), "FORBIDDEN");
    await expectTrpcError((await hrGlobex()).policy.policies.validation({ policyVersionId: p.versionId }), "FORBIDDEN");
    await expectTrpcError(a.policy.policies.validation({ policyVersionId: 999_999 }), "NOT_FOUND", policyMessages.versionNotFound);
  });

  test("details: stages with names, every service field, budget groups and the add-service list", async () => {
    const p = await createTestPolicy(t.db, { moveStagesCount: 2 });
    const a = await admin();
    await a.policy.services.add({ policyVersionId: p.versionId, moveStage: 1, serviceKey: "TEMPACCOMMODATION" });
    await a.policy.services.setBudgetGroup({ policyVersionId: p.versionId, moveStage: 1, serviceKey: "TEMPACCOMMODATION", budgetGroup: 3 });
    await a.policy.services.addBudget({ policyId: p.policyId, moveStage: 1, budgetGroup: 3, currency: "GBP", amount: "1,500.50", minAmount: "100", maxAmount: "2000" });
    const res = await (await hrAcme()).policy.policies.details({ policyVersionId: p.versionId });
    expect(res.moveStages.map((s) => [s.id, s.name])).toEqual([[1, "Relocation"], [2, "Ongoing"]]);
    const stage1 = res.moveStages[0]!;
    expect(stage1.services).toEqual([
      expect.objectContaining({ name: "TEMPACCOMMODATION", servicePolicyType: 2, budgetGroup: 3, moveHub: false, addable: false, provided: true, benefitGroups: [], attributes: {} }),
    ]);
    expect(stage1.budgetGroups).toEqual([
      expect.objectContaining({
        id: 3,
        authType: "NONE",
        complexity: "simple",
        services: ["TEMPACCOMMODATION"],
        budgets: [expect.objectContaining({ currency: "GBP", amount: 150050, amountText: "1500.50", minAmount: 10000, maxAmount: 200000 })],
      }),
    ]);
    expect(stage1.availableServices.map((s) => s.key)).not.toContain("TEMPACCOMMODATION");
    expect(stage1.availableServices.map((s) => s.key)).toContain("REMOVALS");
    const one = await a.policy.policies.details({ policyVersionId: p.versionId, moveStageId: 2 });
    expect(one.moveStages.map((s) => s.id)).toEqual([2]);
    expect(one.readOnly).toBe(false);
    await expectTrpcError(a.policy.policies.details({ policyVersionId: p.versionId, moveStageId: 3 }), "BAD_REQUEST", policyMessages.moveStageOutOfRange);
    await expectTrpcError((await employee()).policy.policies.details({ policyVersionId: p.versionId }), "FORBIDDEN");
    await expectTrpcError((await hrGlobex()).policy.policies.details({ policyVersionId: p.versionId }), "FORBIDDEN");
  });

  test("a released version is reported read-only", async () => {
    const p = await createTestPolicy(t.db);
    await releaseSimple(p.policyId, p.versionId);
    const res = await (await admin()).policy.policies.details({ policyVersionId: p.versionId });
    expect(res).toMatchObject({ status: "RELEASED", readOnly: true });
  });
});

describe("access and input matrix of every policies procedure", () => {
  type Caller = Awaited<ReturnType<typeof admin>>;
  type Case = { name: string; write: boolean; call: (c: Caller, p: { policyId: number; versionId: number }) => Promise<unknown>; bad: (c: Caller, p: { policyId: number; versionId: number }) => Promise<unknown> };
  const cases: Case[] = [
    { name: "search", write: false, call: (c) => c.policy.policies.search({ group: "acme" }), bad: (c) => c.policy.policies.search({ group: "" }) },
    { name: "dropdowns", write: false, call: (c, p) => c.policy.policies.dropdowns({ policyId: p.policyId }), bad: (c) => c.policy.policies.dropdowns({ policyId: "x" as never }) },
    { name: "get", write: false, call: (c, p) => c.policy.policies.get({ policyId: p.policyId }), bad: (c) => c.policy.policies.get({ policyId: 0 }) },
    { name: "create", write: true, call: (c) => c.policy.policies.create({ group: "acme", name: "M", moveType: "DOMESTIC", archetype: "CORE_FLEX", moveStagesCount: 1 }), bad: (c) => c.policy.policies.create({ group: "acme", name: "M", moveType: "SIDEWAYS" as never, archetype: "CORE_FLEX", moveStagesCount: 1 }) },
    { name: "updateSetting", write: true, call: (c, p) => c.policy.policies.updateSetting({ policyId: p.policyId, setting: "hrDashboard", value: "on" }), bad: (c, p) => c.policy.policies.updateSetting({ policyId: p.policyId, setting: "hrDashboard", value: "perhaps" }) },
    { name: "updateCostEstimatePackage", write: true, call: (c, p) => c.policy.policies.updateCostEstimatePackage({ policyId: p.policyId, estimatePackage: "DOMESTIC", excludeCompensation: "false" }), bad: (c, p) => c.policy.policies.updateCostEstimatePackage({ policyId: p.policyId, estimatePackage: "DOMESTIC", excludeCompensation: "maybe" }) },
    { name: "moveTypeImpact", write: true, call: (c, p) => c.policy.policies.moveTypeImpact({ policyId: p.policyId, moveType: "DOMESTIC" }), bad: (c, p) => c.policy.policies.moveTypeImpact({ policyId: p.policyId, moveType: "UP" as never }) },
    { name: "createVersion", write: true, call: (c, p) => c.policy.policies.createVersion({ policyId: p.policyId }), bad: (c) => c.policy.policies.createVersion({ policyId: -1 }) },
    { name: "clone", write: true, call: (c, p) => c.policy.policies.clone({ policyId: p.policyId, customerName: "acme", name: "Matrix clone" }), bad: (c, p) => c.policy.policies.clone({ policyId: p.policyId, customerName: "acme", name: " " }) },
    { name: "deleteDraft", write: true, call: (c, p) => c.policy.policies.deleteDraft({ policyVersionId: p.versionId }), bad: (c) => c.policy.policies.deleteDraft({ policyVersionId: "v" as never }) },
    { name: "complete", write: true, call: (c, p) => c.policy.policies.complete({ policyVersionId: p.versionId }), bad: (c, p) => c.policy.policies.complete({ policyVersionId: p.versionId, ignoreMandatory: "sometimes" as never }) },
    { name: "validation", write: false, call: (c, p) => c.policy.policies.validation({ policyVersionId: p.versionId }), bad: (c) => c.policy.policies.validation({ policyVersionId: 0 }) },
    { name: "details", write: false, call: (c, p) => c.policy.policies.details({ policyVersionId: p.versionId }), bad: (c, p) => c.policy.policies.details({ policyVersionId: p.versionId, moveStageId: 0 }) },
  ];

  for (const c of cases) {
    test(`${c.name}: bad input is BAD_REQUEST; ${c.write ? "HR," : ""} employees and another group's HR are FORBIDDEN`, async () => {
      const p = await createTestPolicy(t.db);
      await expectTrpcError(c.bad(await admin(), p), "BAD_REQUEST");
      const refused = c.write ? [await hrAcme(), await employee(), await hrGlobex()] : [await employee(), await hrGlobex()];
      for (const caller of refused) await expectTrpcError(c.call(caller, p), "FORBIDDEN");
      await expectTrpcError(c.call(await callerFor(t.db, null), p), "UNAUTHORIZED");
      if (!c.write) await c.call(await hrAcme(), p);
    });
  }
});
