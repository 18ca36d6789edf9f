/**
 * Parallel identical writes of the new-move wizard, the form builder and policy versions
 * (DESIGN.md "Data": a guarded write is atomic on both databases): one effect and clear refusals,
 * or last-writer-wins saves that queue, never a 500 or a deadlock. Runs on SQLite and, with
 * TEST_DB=postgres, on PostgreSQL with a pool wide enough for real parallel transactions.
 */
import { describe, expect, test } from "bun:test";
import { policyMessages } from "../../../domain/policy/messages.ts";
import { wizardMessages } from "../../../domain/moves/wizard/messages.ts";
import { createTestPolicy } from "../../policy/testing.ts";
import { auditRows } from "../../../test/db.ts";
import { useTestDatabase } from "../../../test/fixtures.ts";
import { expectAllSucceed, expectOneEffect, expectSuccessOrRefusal, race } from "../../../test/race.ts";
import { createTestMove, insertWizardMove, releasedVersionOf, validItems } from "./initiation-testing.ts";

const t = useTestDatabase({ poolSize: 12 });
const N = 30;

const refusedResult = (v: { success: boolean; errors?: Record<string, string>; message?: string | null }) =>
  v.success ? null : (Object.values(v.errors ?? {})[0] ?? v.message ?? "refused");
const movesOf = (employeeId: number) => t.db.selectFrom("moves").select(["id", "status"]).where("employee_user_id", "=", employeeId).execute();
const auditsOf = async (action: string, entityId: number) => (await auditRows(t.db, action)).filter((a) => a.entity_id === String(entityId)).length;

describe("new-move wizard", () => {
  test(`${N} × createNewEmployee of one new address: one employee and one move, the rest "already exists"`, async () => {
    const { versionId } = await releasedVersionOf(t.db, "Global Long-Term Assignment");
    const { items, email } = await validItems(t.db, { group: "acme", versionId });
    const hr = await t.hrAcme();
    const results = await race(N, () => hr.wizard.createNewEmployee({ group: "acme", policyVersionId: versionId, items, saveAsDraft: true }));
    await expectOneEffect(results, { refusedWhen: refusedResult, refusal: { code: "REFUSED", message: wizardMessages.emailNotAvailable } });
    const users = await t.db.selectFrom("users").select("id").where("email", "=", email).execute();
    expect(users).toHaveLength(1);
    expect(await movesOf(users[0]!.id)).toHaveLength(1);
  });

  test(`${N} × createNewEmployee of one new address from two groups at once: one employee; the other group is not told where it is`, async () => {
    const acme = await releasedVersionOf(t.db, "Global Long-Term Assignment");
    const globex = await releasedVersionOf(t.db, "Globex Permanent Transfer");
    const email = `race-two-groups-${crypto.randomUUID().slice(0, 8)}@example.test`;
    const acmeItems = (await validItems(t.db, { group: "acme", versionId: acme.versionId, email })).items;
    const globexItems = (await validItems(t.db, { group: "globex", versionId: globex.versionId, email })).items;
    const [hrAcme, hrGlobex] = [await t.hrAcme(), await t.hrGlobex()];
    const results = await race(N, (i) =>
      i % 2 === 0
        ? hrAcme.wizard.createNewEmployee({ group: "acme", policyVersionId: acme.versionId, items: acmeItems, saveAsDraft: true })
        : hrGlobex.wizard.createNewEmployee({ group: "globex", policyVersionId: globex.versionId, items: globexItems, saveAsDraft: true }),
    );
    const outcomes = await expectOneEffect(results, {
      refusedWhen: refusedResult,
      refusal: { code: "REFUSED", message: wizardMessages.emailNotAvailable },
    });
    const users = await t.db.selectFrom("users").select(["id", "group_id"]).where("email", "=", email).execute();
    expect(users).toHaveLength(1);
    expect(await movesOf(users[0]!.id)).toHaveLength(1);
    // Every refusal has the one text, whichever group won (issue 23 item 12).
    for (const o of outcomes) if (!o.ok) expect(o.message).toBe(wizardMessages.emailNotAvailable);
  });

  test(`${N} × createNewEmployee resuming one draft: every save lands on the one move`, async () => {
    const move = await createTestMove(t.db, { saveAsDraft: true });
    const hr = await t.hrAcme();
    const results = await race(N, () =>
      hr.wizard.createNewEmployee({ group: "acme", policyVersionId: move.versionId, items: move.items, saveAsDraft: true, employeeId: move.employeeId, moveId: move.moveId }),
    );
    await expectAllSucceed(results, { refusedWhen: refusedResult });
    expect(await movesOf(move.employeeId)).toEqual([{ id: move.moveId, status: "draft" }]);
  });

  test(`${N} × completeInitiation of one draft: opened once, one welcome mail, the rest CONFLICT`, async () => {
    const move = await createTestMove(t.db);
    const hr = await t.hrAcme();
    const results = await race(N, () => hr.wizard.completeInitiation({ group: "acme", employeeId: move.employeeId, moveId: move.moveId }));
    await expectOneEffect(results, { refusal: { code: "CONFLICT", message: wizardMessages.moveNotDraft } });
    expect(await auditsOf("initiate", move.moveId)).toBe(1);
    const mails = await t.db.selectFrom("outbox").select("id").where("to_address", "=", move.email).where("template", "=", "welcome").execute();
    expect(mails).toHaveLength(1);
  });

  test(`${N} × cancelNewEmployee of one draft: cancelled once (one audit row), the rest refused`, async () => {
    const move = await createTestMove(t.db, { saveAsDraft: true });
    const hr = await t.hrAcme();
    const results = await race(N, () => hr.wizard.cancelNewEmployee({ employeeId: move.employeeId, moveId: move.moveId }));
    await expectOneEffect(results, { refusal: { message: new RegExp(`^(${wizardMessages.moveNotDraft}|${wizardMessages.moveNotFound})$`) } });
    expect(await auditsOf("cancel", move.moveId)).toBe(1);
    expect(await movesOf(move.employeeId)).toHaveLength(0);
  });

  test(`cancel and complete of one draft at once (${N / 2} each): exactly one of them wins`, async () => {
    const move = await createTestMove(t.db);
    const hr = await t.hrAcme();
    const ref = { employeeId: move.employeeId, moveId: move.moveId };
    const results = await race(N, (i) => (i % 2 === 0 ? hr.wizard.cancelNewEmployee(ref) : hr.wizard.completeInitiation({ group: "acme", ...ref })));
    await expectOneEffect(results, { refusal: { message: new RegExp(`^(${wizardMessages.moveNotDraft}|${wizardMessages.moveNotFound})$`) } });
    expect((await auditsOf("cancel", move.moveId)) + (await auditsOf("initiate", move.moveId))).toBe(1);
  });

  test(`${N} × storePolicyOverrides of one move: the rows replaced, never duplicated`, async () => {
    const m = await insertWizardMove(t.db);
    const hr = await t.hrAcme();
    const sections = [{ moveStageId: 1, services: [{ service: "IMMIGRATION", selected: true, amount: "6,500.50", currency: "EUR" }], budgets: [{ budgetGroupId: 1, amount: "4500", currency: "USD" }] }];
    const results = await race(N, () => hr.wizard.storePolicyOverrides({ ...m, moveStageSections: sections }));
    await expectAllSucceed(results, { refusedWhen: refusedResult });
    const services = await t.db.selectFrom("move_service_overrides").select("move_id").where("move_id", "=", m.moveId).execute();
    const budgets = await t.db.selectFrom("move_budget_overrides").select("move_id").where("move_id", "=", m.moveId).execute();
    expect(services).toHaveLength(1);
    expect(budgets).toHaveLength(1);
  });
});

describe("form builder", () => {
  test(`${N} × formBuilder.submitForm of one group's form: the saves queue (last one wins), no deadlock`, async () => {
    const admin = await t.admin();
    const form = await admin.formBuilder.groupForm({ groupName: "globex" });
    const before = (await auditRows(t.db, "formBuilder.submitForm")).length;
    const results = await race(N, (i) =>
      admin.formBuilder.submitForm({
        groupName: "globex",
        // Two editors: half the saves list the sections (and so write their rows) in the opposite order.
        sections: (i % 2 === 0 ? form.sections : [...form.sections].reverse()).map((s, j) =>
          j === 0 ? { ...s, fields: s.fields.map((f, k) => (k === 0 ? { ...f, label: `Label ${i}` } : f)) } : s,
        ),
        availableSections: form.availableSections,
      }),
    );
    await expectAllSucceed(results, { refusedWhen: (v) => (v.success ? null : v.resultMessage) });
    expect((await auditRows(t.db, "formBuilder.submitForm")).length - before).toBe(N);
    const after = await admin.formBuilder.groupForm({ groupName: "globex" });
    expect(after.sections.map((s) => s.fields.length).sort()).toEqual(form.sections.map((s) => s.fields.length).sort());
  });
});

describe("policy versions", () => {
  async function releasedPolicy() {
    const p = await createTestPolicy(t.db);
    const a = await t.admin();
    await a.policy.services.add({ policyVersionId: p.versionId, moveStage: 1, serviceKey: "ORIENTATION" });
    await a.policy.services.update({ policyVersionId: p.versionId, moveStage: 1, serviceKey: "ORIENTATION", servicePolicyType: 4 });
    expect((await a.policy.policies.complete({ policyVersionId: p.versionId })).success).toBe(true);
    return p;
  }

  test(`${N} × createVersion ("version link"): one draft, the rest CONFLICT "draft exists"`, async () => {
    const p = await releasedPolicy();
    const a = await t.admin();
    const results = await race(N, () => a.policy.policies.createVersion({ policyId: p.policyId }));
    await expectOneEffect(results, { refusal: { code: "CONFLICT", message: policyMessages.draftExists } });
    const drafts = await t.db.selectFrom("policy_versions").select("id").where("policy_id", "=", p.policyId).where("status", "=", "DRAFT").execute();
    expect(drafts).toHaveLength(1);
  });

  test(`${N} × complete of one draft: released once, the rest refused`, async () => {
    const p = await releasedPolicy();
    const a = await t.admin();
    const draft = await a.policy.policies.createVersion({ policyId: p.policyId });
    const results = await race(N, () => a.policy.policies.complete({ policyVersionId: draft.versionId }));
    await expectOneEffect(results, { refusal: { code: "CONFLICT", message: policyMessages.versionNotEditable } });
    expect(await auditsOf("policyVersionReleased", draft.versionId)).toBe(1);
  });

  test(`${N} × deleteDraft of one draft: deleted once, the rest refused`, async () => {
    const p = await releasedPolicy();
    const a = await t.admin();
    const draft = await a.policy.policies.createVersion({ policyId: p.policyId });
    const results = await race(N, () => a.policy.policies.deleteDraft({ policyVersionId: draft.versionId }));
    await expectSuccessOrRefusal(results, { refusal: { message: /./ } });
    await expectOneEffect(results, { refusal: {} });
    expect(await auditsOf("policyDraftDeleted", draft.versionId)).toBe(1);
  });
});

describe("stage 2: an address someone already has", () => {
  async function save(address: string) {
    const { versionId } = await releasedVersionOf(t.db, "Global Long-Term Assignment");
    const { items } = await validItems(t.db, { group: "acme", versionId, email: address });
    return (await t.hrAcme()).wizard.createNewEmployee({ group: "acme", policyVersionId: versionId, items, saveAsDraft: true });
  }

  test("a person of the own group: the same neutral refusal as any other owner", async () => {
    const res = await save("employee@acme.test");
    expect(res.success).toBe(false);
    expect(Object.values(res.errors)).toEqual([wizardMessages.emailNotAvailable]);
  });

  test("a person of another group or platform staff: a neutral refusal that does not say where the address exists", async () => {
    for (const address of ["employee@globex.test", "HR@Globex.test", "admin@meridian.test", "finance@meridian.test"]) {
      const res = await save(address);
      expect(res.success).toBe(false);
      expect(Object.values(res.errors)).toEqual([wizardMessages.emailNotAvailable]);
      expect(JSON.stringify(res)).not.toMatch(/exist|globex|meridian\.test|staff|group/i);
    }
    const users = await t.db.selectFrom("users").select("id").where("email", "in", ["employee@globex.test", "hr@globex.test"]).execute();
    expect(users).toHaveLength(2);
  });
});
