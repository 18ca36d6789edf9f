/**
 * A move keeps the policy version it started on (issue 13, item 1; ARCHITECTURE "moves.policy_version_id:
 * the version an employee started on (never rewritten)"): after an admin releases a newer version of the
 * move's policy through the real policy services, resuming stage 2, the stage-3 overrides, the estimate,
 * the summary and the completion all work on the move's own version; only a new move takes the newer one.
 */
import { beforeAll, describe, expect, test } from "bun:test";
import type { TPolicyOverridesResponse } from "../../../domain/moves/wizard/override-schemas.ts";
import { runPendingJobs, settleJobs } from "../../../services/jobs/queue.ts";
import { createMailer } from "../../../services/mail.ts";
import { createTestMove, releasedVersionOf, validItems } from "../../../services/moves/wizard/initiation-testing.ts";
import { appFor, cookieFor, get } from "../../../test/app.ts";
import { testConfig } from "../../../test/db.ts";
import { DEMO, useTestDatabase } from "../../../test/fixtures.ts";
import { ASYNC_POLL_MAX } from "../../../domain/estimate/schemas.ts";

const t = useTestDatabase();
const { admin, hrAcme } = t;
const POLICY = "Global Long-Term Assignment";
const ref = (m: { employeeId: number; moveId: number }) => ({ employeeId: m.employeeId, moveId: m.moveId });
const jobDeps = () => ({ db: t.db, config: testConfig(), mailer: createMailer({ smtpUrl: undefined, mailFrom: "Meridian <no-reply@meridian.local>" }) });

const stageOne = (r: TPolicyOverridesResponse) => r.moveStageSections[0]!.sections[0]!;
const listed = (r: TPolicyOverridesResponse, label: string) => stageOne(r).components.find((c) => c.label === label)?.servicesList ?? [];
const services = (r: TPolicyOverridesResponse) => [...listed(r, "Included"), ...listed(r, "Available to add")].map((c) => c.service);

/**
 * Releases a new version of the policy as the admin does: a draft cloned from the released version
 * (the demo's own draft is dropped first), IMMIGRATION's amount raised to 7,000, CULTURALTRAINING
 * removed, then confirmed. Returns the new version's id.
 */
async function releaseNewVersion(policyId: number): Promise<number> {
  const a = await admin();
  const existing = await t.db.selectFrom("policy_versions").select("id").where("policy_id", "=", policyId).where("status", "=", "DRAFT").executeTakeFirst();
  if (existing) await a.policy.policies.deleteDraft({ policyVersionId: existing.id });
  const draft = await a.policy.policies.createVersion({ policyId });
  await a.policy.services.update({ policyVersionId: draft.versionId, moveStage: 1, serviceKey: "IMMIGRATION", amount: "7000" });
  await a.policy.services.remove({ policyVersionId: draft.versionId, moveStage: 1, serviceKey: "CULTURALTRAINING" });
  const done = await a.policy.policies.complete({ policyVersionId: draft.versionId, ignoreMandatory: true });
  expect(done.success).toBe(true);
  return draft.versionId;
}

let v1: { versionId: number; policyId: number };
let v2: number;
/** A draft saved at stage 2 on v1 (before the release), another saved at stage 2 and sent on to stage 3. */
let draft: Awaited<ReturnType<typeof createTestMove>>;
let atStage3: Awaited<ReturnType<typeof createTestMove>>;

beforeAll(async () => {
  v1 = await releasedVersionOf(t.db, POLICY);
  draft = await createTestMove(t.db, { saveAsDraft: true });
  atStage3 = await createTestMove(t.db);
  expect(atStage3.versionId).toBe(v1.versionId);
  v2 = await releaseNewVersion(v1.policyId);
  expect(v2).not.toBe(v1.versionId);
  expect((await releasedVersionOf(t.db, POLICY)).versionId).toBe(v2);
});

const versionOfMove = async (moveId: number) =>
  (await t.db.selectFrom("moves").select("policy_version_id").where("id", "=", moveId).executeTakeFirstOrThrow()).policy_version_id;

describe("a move keeps its policy version after a newer one is released", () => {
  test("stage 1: a new move is offered the newest version; a resumed move finds its own version among the choices", async () => {
    const hr = await hrAcme();
    const fresh = await hr.wizard.policySelectForm({ group: "acme" });
    const offered = fresh.policies.filter((p) => p.policyId === v1.policyId).map((p) => p.policyVersionId);
    expect(offered).toEqual([v2]);

    for (const m of [draft, atStage3]) {
      const resumed = await hr.wizard.policySelectForm({ group: "acme", ...ref(m) });
      expect(resumed.selectedPolicyVersionId).toBe(v1.versionId);
      const own = resumed.policies.filter((p) => p.policyId === v1.policyId);
      expect(own.map((p) => [p.policyVersionId, p.versionNumber])).toEqual([[v1.versionId, 1]]);
      // The other policies are listed as for a new move.
      expect(resumed.policies.map((p) => p.policyId)).toEqual(fresh.policies.map((p) => p.policyId));
    }
  });

  test("stage 2: the resumed form and its save stay on v1, even when the newer version of the same policy is sent", async () => {
    const hr = await hrAcme();
    const form = await hr.wizard.initiationForm({ group: "acme", policyVersionId: v1.versionId, ...ref(draft) });
    expect(form).toMatchObject({ policyVersionId: v1.versionId, employeeId: draft.employeeId, moveId: draft.moveId });
    const saved = await hr.wizard.createNewEmployee({ group: "acme", policyVersionId: v1.versionId, items: draft.items, saveAsDraft: false, ...ref(draft) });
    expect(saved).toMatchObject({ success: true, moveId: draft.moveId, nextStage: 3 });
    expect(await versionOfMove(draft.moveId)).toBe(v1.versionId);

    // A client still holding the newer version of the move's policy (the new-move list) does not move it.
    const newer = await hr.wizard.initiationForm({ group: "acme", policyVersionId: v2, ...ref(draft) });
    expect(newer.policyVersionId).toBe(v1.versionId);
    const again = await hr.wizard.createNewEmployee({ group: "acme", policyVersionId: v2, items: draft.items, saveAsDraft: false, ...ref(draft) });
    expect(again.success).toBe(true);
    expect(await versionOfMove(draft.moveId)).toBe(v1.versionId);

    // A new move takes the newest version.
    const built = await validItems(t.db, { group: "acme", versionId: v2 });
    const created = await hr.wizard.createNewEmployee({ group: "acme", policyVersionId: v2, items: built.items, saveAsDraft: true });
    expect(created.success).toBe(true);
    expect(await versionOfMove(created.moveId!)).toBe(v2);
  });

  test("stage 3, estimate, summary, completion: v1's services and amounts throughout", async () => {
    const hr = await hrAcme();
    const m = ref(atStage3);
    const overrides = await hr.wizard.policyOverrides(m);
    expect(overrides.success).toBe(true);
    expect(services(overrides)).toContain("CULTURALTRAINING"); // removed in v2
    const immigration = listed(overrides, "Included").find((c) => c.service === "IMMIGRATION")!;
    expect(immigration.fields[0]).toMatchObject({ type: "money-amount", amount: "6000.00", currency: "USD" });
    const cultural = listed(overrides, "Available to add").find((c) => c.service === "CULTURALTRAINING")!;
    const option = (cultural.fields[0] as { benefits: Array<{ id: number }> }).benefits[0]!.id;
    const stored = await hr.wizard.storePolicyOverrides({
      ...m,
      moveStageSections: [{ moveStageId: 1, services: [{ service: "CULTURALTRAINING", selected: true, selectedBenefitId: option }], budgets: [] }],
    });
    expect(stored).toMatchObject({ success: true, errors: {}, message: null });
    expect(listed(await hr.wizard.policyOverrides(m), "Included").map((c) => c.service)).toContain("CULTURALTRAINING");

    // Stage 4/6: the estimate opens and recalculates on v1.
    const opened = (await hr.estimate.openEstimationView(m)).costEstimate!;
    const codes = opened.servicesEstimation.servicesEstimations.map((s) => s.serviceCode);
    expect(codes).toContain("CULTURALTRAINING");
    expect(opened.servicesEstimation.servicesEstimations.find((s) => s.serviceCode === "IMMIGRATION")).toMatchObject({ originalAmount: 600000, currency: "USD" });
    expect((await hr.estimate.advanceCeDetails({ group: "acme", ...m })).success).toBe(true);
    const posted = await hr.estimate.recalculate({ ...m, costEstimateId: opened.costEstimateId, estimationView: "CostEstimate" });
    const uuid = posted.costEstimateUIDTOs[0]!.uuid;
    await runPendingJobs(jobDeps());
    let status = await hr.estimate.asyncStatus({ uuid, pollNumber: 1 });
    for (let poll = 2; (status.status === "Processing" || status.status === "Pending") && poll <= ASYNC_POLL_MAX; poll++) {
      await Bun.sleep(20);
      status = await hr.estimate.asyncStatus({ uuid, pollNumber: poll });
    }
    expect(["Done", "Forced"]).toContain(status.status);
    const recalculated = (await hr.estimate.asyncResult({ uuid })).costEstimate!;
    // Nothing changed since it opened: the recalculation keeps that version (a changed figure would store version 2).
    expect(recalculated.versionNumber).toBe(opened.versionNumber);
    expect(recalculated.costEstimateId).toBe(opened.costEstimateId);
    expect(recalculated.servicesEstimation.servicesEstimations.map((s) => s.serviceCode)).toContain("CULTURALTRAINING");

    // Stage 5 and completion.
    const summary = await hr.wizard.initiationSummary({ ...m, benefits: true });
    expect(summary.policy).toMatchObject({ versionId: v1.versionId, versionNumber: 1 });
    const first = summary.moveStageSections![0]!;
    expect(first.services.find((s) => s.service === "IMMIGRATION")!.detail).toBe("USD 6,000.00");
    expect(first.services.map((s) => s.service)).toContain("CULTURALTRAINING");
    const completed = await hr.wizard.completeInitiation({ group: "acme", ...m });
    expect(completed.success).toBe(true);
    expect(await versionOfMove(atStage3.moveId)).toBe(v1.versionId);

    // The open move: its estimate, the HR list's link and the employee's policy view stay on v1.
    expect((await hr.estimate.estimationView(m)).costEstimate?.costEstimateId).toBeDefined();
    const again = await hr.estimate.recalculate({ ...m, costEstimateId: recalculated.costEstimateId, estimationView: "CostEstimate" });
    await runPendingJobs(jobDeps());
    await settleJobs();
    expect(again.success).toBe(true);
    const list = await hr.wizard.moves({ group: "acme", q: atStage3.email });
    expect(list.rows.find((r) => r.moveId === atStage3.moveId)?.policyVersionId).toBe(v1.versionId);
    const view = await hr.policy.catalogue.employeePolicy({ employeeId: atStage3.employeeId });
    expect(view.policy).toMatchObject({ policyVersionId: v1.versionId, versionNumber: 1 });
  });

  test("the legacy paths: the policy choice, the resumed form and the summary answer the move's version", async () => {
    const app = appFor(t.db);
    const cookie = await cookieFor(t.db, DEMO.HR);
    const q = (o: Record<string, string | number>) => new URLSearchParams(Object.entries(o).map(([k, v]) => [k, String(v)])).toString();
    const m = { employeeId: draft.employeeId, moveId: draft.moveId };
    const choice = await get(app, `/hr/json/getPolicySelectForm?${q({ group: "acme", ...m })}`, { cookie });
    expect(choice.status).toBe(200);
    const body = (await choice.json()) as { selectedPolicyVersionId: number; policies: Array<{ policyId: number; policyVersionId: number }> };
    expect(body.selectedPolicyVersionId).toBe(v1.versionId);
    expect(body.policies.filter((p) => p.policyId === v1.policyId).map((p) => p.policyVersionId)).toEqual([v1.versionId]);
    const form = await get(app, `/hr/json/getInitiationForm?${q({ group: "acme", policyVersionId: v2, ...m })}`, { cookie });
    expect(form.status).toBe(200);
    expect(((await form.json()) as { policyVersionId: number }).policyVersionId).toBe(v1.versionId);
    const summary = await get(app, `/hr/json/getInitiationSummary?${q({ group: "acme", ...m })}`, { cookie });
    expect(summary.status).toBe(200);
    expect(((await summary.json()) as { policy: { versionId: number } }).policy.versionId).toBe(v1.versionId);
  });
});
