/**
 * Parallel identical estimate writes (DESIGN.md "Data": guarded writes are atomic on both
 * databases): a version is superseded once (one CURRENT per move, partial unique index), losers
 * answer CONFLICT with the area's text, never a 500. Runs on SQLite and, with TEST_DB=postgres,
 * on PostgreSQL with a pool wide enough for real parallel transactions.
 */
import { describe, expect, test } from "bun:test";
import { estimateMessages } from "../../domain/estimate/messages.ts";
import { createMailer } from "../mail.ts";
import { runPendingJobs, settleJobs } from "../jobs/queue.ts";
import { createTestMove } from "../moves/wizard/initiation-testing.ts";
import { testConfig } from "../../test/db.ts";
import { useTestDatabase } from "../../test/fixtures.ts";
import { expectAllSucceed, expectOneEffect, race } from "../../test/race.ts";
import "./recalculate.ts";

const t = useTestDatabase({ poolSize: 12 });
const N = 30;

const ref = (m: { employeeId: number; moveId: number }) => ({ employeeId: m.employeeId, moveId: m.moveId });
const jobDeps = () => ({ db: t.db, config: testConfig(), mailer: createMailer({ smtpUrl: undefined, mailFrom: "Meridian <no-reply@meridian.local>" }) });

async function versions(moveId: number) {
  return t.db.selectFrom("cost_estimates").select(["id", "status", "version_number"]).where("move_id", "=", moveId).orderBy("version_number").execute();
}

async function expectOneCurrent(moveId: number) {
  const rows = await versions(moveId);
  expect(rows.filter((r) => r.status === "CURRENT")).toHaveLength(1);
  // Version numbers stay unique and dense.
  expect(rows.map((r) => r.version_number)).toEqual(rows.map((_, i) => i + 1));
  return rows;
}

async function auditCount(action: string, moveId: number) {
  const rows = await t.db.selectFrom("audit_log").select("id").where("action", "=", action).where("entity_id", "=", String(moveId)).execute();
  return rows.length;
}

describe("estimate versions under parallel writes", () => {
  test(`${N} × updateAdvanced of one version: one new version, the rest CONFLICT`, async () => {
    const move = await createTestMove(t.db);
    const hr = await t.hrAcme();
    const view = (await hr.estimate.openEstimationView(ref(move))).costEstimate!;
    const results = await race(N, () =>
      hr.estimate.updateAdvanced({ ...ref(move), costEstimateId: view.costEstimateId, displayCurrency: view.displayCurrency, manualTaxSection: { taxRateOverride: 30, taxYearOverrides: [] } }),
    );
    await expectOneEffect(results, { refusal: { code: "CONFLICT", message: estimateMessages.saveFailure } });
    const rows = await expectOneCurrent(move.moveId);
    expect(rows).toHaveLength(2);
    expect(await auditCount("estimate.ON_SAVE", move.moveId)).toBe(1);
  });

  test(`${N} × saveEstimate (basic) of one version: one new version, the rest CONFLICT`, async () => {
    const move = await createTestMove(t.db, { policy: "Short-Term Assignment" });
    const hr = await t.hrAcme();
    const view = (await hr.estimate.openEstimationView(ref(move))).costEstimate!;
    const results = await race(N, () =>
      hr.estimate.saveEstimate({ ...ref(move), costEstimateID: view.costEstimateId, type: "STA", displayCurrency: view.displayCurrency, taxRateOverride: 20 }),
    );
    await expectOneEffect(results, { refusal: { code: "CONFLICT", message: estimateMessages.saveFailure } });
    expect(await expectOneCurrent(move.moveId)).toHaveLength(2);
  });

  test(`${N} × first load (estimationView createIfNecessary): one version 1, every caller sees it`, async () => {
    const move = await createTestMove(t.db);
    const hr = await t.hrAcme();
    const results = await race(N, () => hr.estimate.openEstimationView(ref(move)));
    const outcomes = await expectAllSucceed(results);
    const rows = await expectOneCurrent(move.moveId);
    expect(rows).toHaveLength(1);
    const ids = new Set(outcomes.map((o) => (o.value as { costEstimate: { costEstimateId: number } }).costEstimate.costEstimateId));
    expect([...ids]).toEqual([rows[0]!.id]);
  });

  test(`${N} × recalculateEstimationView view on one version: every version stored once, one CURRENT`, async () => {
    const move = await createTestMove(t.db);
    const hr = await t.hrAcme();
    const view = (await hr.estimate.openEstimationView(ref(move))).costEstimate!;
    const recalculated = await race(N, () => hr.estimate.openEstimationView({ ...ref(move), recalculateEstimationView: true }));
    await expectAllSucceed(recalculated);
    const rows = await expectOneCurrent(move.moveId);
    expect(rows.length).toBeGreaterThanOrEqual(2);
    expect(rows[0]!.id).toBe(view.costEstimateId);
  });

  test(`${N} recalculation jobs finished by parallel workers: each job runs once, no job fails, one CURRENT`, async () => {
    const move = await createTestMove(t.db);
    const hr = await t.hrAcme();
    const view = (await hr.estimate.openEstimationView(ref(move))).costEstimate!;
    const uuids: string[] = [];
    // Queue them without the in-process worker draining in between: insert the jobs, then race the drains.
    for (let i = 0; i < N; i++) {
      const posted = await hr.estimate.recalculate({ ...ref(move), costEstimateId: view.costEstimateId, taxRateOverride: 10 + (i % 50), estimationView: "CostEstimate" });
      uuids.push(posted.costEstimateUIDTOs[0]!.uuid);
    }
    const drains = await race(6, () => runPendingJobs(jobDeps()));
    await expectAllSucceed(drains);
    await runPendingJobs(jobDeps());
    await settleJobs(); // the in-process worker woken by each post may still be finishing one
    const jobs = await t.db.selectFrom("jobs").select(["id", "status", "error"]).where("id", "in", uuids).execute();
    expect(jobs.filter((j) => j.status !== "DONE")).toEqual([]);
    expect(jobs).toHaveLength(N);
    const rows = await expectOneCurrent(move.moveId);
    expect(rows).toHaveLength(N + 1);
  });

  test(`${N} identical recalculations posted at once: one new version (the others keep it), every job DONE`, async () => {
    const move = await createTestMove(t.db);
    const hr = await t.hrAcme();
    const view = (await hr.estimate.openEstimationView(ref(move))).costEstimate!;
    const posted = await race(N, () => hr.estimate.recalculate({ ...ref(move), costEstimateId: view.costEstimateId, taxRateOverride: 17, estimationView: "CostEstimate" }));
    const outcomes = await expectAllSucceed(posted);
    const uuids = outcomes.map((o) => (o.value as { costEstimateUIDTOs: { uuid: string }[] }).costEstimateUIDTOs[0]!.uuid);
    await race(4, () => runPendingJobs(jobDeps()));
    await runPendingJobs(jobDeps());
    await settleJobs();
    const jobs = await t.db.selectFrom("jobs").select(["status", "result"]).where("id", "in", uuids).execute();
    expect(jobs.filter((j) => j.status !== "DONE")).toEqual([]);
    const rows = await expectOneCurrent(move.moveId);
    expect(rows).toHaveLength(2);
    // every job answers the one version its figures are in
    expect(new Set(jobs.map((j) => (JSON.parse(j.result ?? "{}") as { costEstimateId?: number }).costEstimateId))).toEqual(new Set([rows[1]!.id]));
    // a recalculation with other figures still stores its own version
    await hr.estimate.recalculate({ ...ref(move), costEstimateId: rows[1]!.id, taxRateOverride: 18, estimationView: "CostEstimate" });
    await runPendingJobs(jobDeps());
    await settleJobs();
    expect(await expectOneCurrent(move.moveId)).toHaveLength(3);
  });

  test(`${N} × softDelete: every version deleted once, one audit row`, async () => {
    const move = await createTestMove(t.db);
    const hr = await t.hrAcme();
    await hr.estimate.openEstimationView(ref(move));
    const results = await race(N, () => hr.estimate.softDelete(ref(move)));
    const outcomes = await expectAllSucceed(results);
    expect(outcomes.reduce((n, o) => n + (o.value as { deleted: number }).deleted, 0)).toBe(1);
    expect((await versions(move.moveId)).every((r) => r.status === "DELETED")).toBe(true);
    expect(await auditCount("estimate.softDelete", move.moveId)).toBe(1);
  });

  test(`${N} × saveAdvanceCeDetails (stage 6) of a move without details: one row, no duplicate key`, async () => {
    const move = await createTestMove(t.db);
    const hr = await t.hrAcme();
    const got = await hr.estimate.advanceCeDetails({ ...ref(move), group: "acme" });
    const details = { ...got.details, years: 4, familyMembers: [{ relationship: "PARTNER" as const, firstName: "Sam", dateOfBirth: "1988-04-02" }] };
    const results = await race(N, () => hr.estimate.saveAdvanceCeDetails({ ...ref(move), group: "acme", ...details }));
    await expectAllSucceed(results);
    const rows = await t.db.selectFrom("move_estimate_details").select("move_id").where("move_id", "=", move.moveId).execute();
    expect(rows).toHaveLength(1);
    const family = await t.db.selectFrom("move_family_members").select("id").where("move_id", "=", move.moveId).execute();
    expect(family).toHaveLength(1);
  });

  test(`${N} × admin setFlag to the same value: one change, one audit row`, async () => {
    const admin = await t.admin();
    const group = await t.db.selectFrom("groups").select(["id", "cost_estimate_enabled"]).where("name", "=", "globex").executeTakeFirstOrThrow();
    const target = group.cost_estimate_enabled !== 1;
    const before = (await t.db.selectFrom("audit_log").select("id").where("action", "=", "estimate.setFlag").execute()).length;
    const results = await race(N, () => admin.estimate.admin.setFlag({ groupId: group.id, costEstimateFlag: target }));
    await expectAllSucceed(results);
    const after = (await t.db.selectFrom("audit_log").select("id").where("action", "=", "estimate.setFlag").execute()).length;
    expect(after - before).toBe(1);
  });
});
