/**
 * Cost-estimate benchmark: what an estimate costs, as a multiple of a trivial authenticated call
 * measured in the same run.
 *
 *   (a) auth.me                       baseline: the trivial call (session → user, no further query)
 *   (b) compute (7 years + sheet)     the pure engine alone: a 7-year ADVANCED estimate with its
 *                                     balance sheet, from inputs already loaded (no I/O)
 *   (c) estimationView                stage 4 load of the current version (stored view, parsed)
 *   (d) calculateTax                  live tax of edited rows (loads the inputs, computes, stores nothing),
 *                                     the call alone
 *   (e) recalculation round trip      recalculate (persisted job) → status poll 1 → asyncResult;
 *                                     a new version is computed and stored each time
 *
 * In process, no HTTP, signed in as hr@acme.test (bench/lib/in-process.ts has the method and the
 * knobs). The move is acme's "Global Long-Term Assignment" London → New York with 7 years and a
 * family of three. It also reports how often the estimate was ready at the first poll (the job is
 * started by the in-process worker as soon as it is posted; a poll that finds it still waiting
 * runs it itself and answers Forced, so "ready" counts Done and Forced alike; Forced alone is
 * printed too). Targets: compute ≤ 0.1× auth.me, reads ≤ 10×, round trip ≤ 50×.
 */
import { findMoveWithPolicy } from "../src/db/queries/moves/moves.ts";
import { computeFor } from "../src/services/estimate/compute.ts";
import { currentSettings } from "../src/services/estimate/estimates.ts";
import { loadEstimateSource } from "../src/services/estimate/source.ts";
import { settleJobs } from "../src/services/jobs/queue.ts";
import { insertTestUser } from "../src/test/db.ts";
import { measureRows, ms, openBenchDatabase, reportRatios, type BenchRow } from "./lib/in-process.ts";

const HR = "hr@acme.test";
const POLICY = "Global Long-Term Assignment";

const bench = await openBenchDatabase(HR);
const { callerOn, db } = bench;

try {
  // A move straight into the tables, then its stage-6 inputs and a first estimate through the API.
  const employeeId = await insertTestUser(db, { email: "bench.estimate@acme.test", role: "EMPLOYEE", group: "acme" });
  const policy = await db
    .selectFrom("policies as p")
    .innerJoin("policy_versions as v", "v.policy_id", "p.id")
    .select(["p.id as policyId", "p.group_id as groupId", "v.id as versionId"])
    .where("p.name", "=", POLICY)
    .where("v.status", "=", "RELEASED")
    .executeTakeFirstOrThrow();
  const now = new Date().toISOString();
  const { id: moveId } = await db
    .insertInto("moves")
    .values({
      group_id: policy.groupId, employee_user_id: employeeId, policy_id: policy.policyId, policy_version_id: policy.versionId, status: "draft",
      wizard_stage: 4, created_at: now, updated_at: now,
      origin_country_code: "GB", origin_state: "ENG", origin_city_id: 0, origin_city_name: "London",
      destination_country_code: "US", destination_state: "NY", destination_city_id: 0, destination_city_name: "New York",
      move_date: "2027-03-01", assignment_start_date: "2027-03-01", assignment_end_date: "2033-02-28",
      form_values: JSON.stringify({ "properties['annualSalary']": { formType: "money", formValue: "120000", currency: "GBP", formValueId: null, rateFrequency: "ANNUAL", countryCode: null, state: null } }),
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  const ref = { employeeId, moveId };
  const setup = await callerOn(db);
  const stage6 = await setup.estimate.advanceCeDetails({ ...ref, group: "acme" });
  await setup.estimate.saveAdvanceCeDetails({
    ...ref, group: "acme", ...stage6.details, years: 7, filingStatus: "MARRIED_JOINT",
    home: { ...stage6.details.home, region: null, familySize: 3, numberOfDependants: 2 },
    host: { ...stage6.details.host, region: "NY", familySize: 3, numberOfDependants: 2 },
    familyMembers: [
      { relationship: "PARTNER", firstName: "Alex", dateOfBirth: "1986-02-11" },
      { relationship: "CHILD", firstName: "Robin", dateOfBirth: "2016-07-30" },
    ],
  });
  const first = (await setup.estimate.openEstimationView(ref)).costEstimate!;
  if (first.years !== 7) throw new Error(`expected 7 year columns, got ${first.years}`);
  const costEstimateId = () => first.costEstimateId;

  // (b): the engine alone, on inputs loaded once.
  const move = (await findMoveWithPolicy(db, moveId))!;
  const source = await loadEstimateSource(db, move);
  const settings = await currentSettings(db, move);
  const meta = { costEstimateId: first.costEstimateId, versionNumber: 1, current: true, createdAt: now, createdBy: null };
  const computed = computeFor(source, settings, meta);
  const items = computed.view.sections.reduce((n, s) => n + s.items.length, 0);
  if (!computed.balanceSheet) throw new Error("the balance sheet was not computed");

  let polls = 0;
  let readyAtFirstPoll = 0;
  let forced = 0;
  const rows: BenchRow[] = [
    { key: "a", label: "auth.me", what: "baseline", target: null, run: (c) => c.auth.me() },
    {
      key: "b", label: "compute (7y + sheet)", what: `pure engine: ${items} items × 7 years, balance sheet ${computed.balanceSheet.lines.length} lines`, target: 0.1, pure: true,
      run: async () => computeFor(source, settings, meta),
    },
    { key: "c", label: "estimationView", what: "stage 4 load of the current version", target: 10, run: (c) => c.estimate.estimationView(ref) },
    {
      key: "d", label: "calculateTax", what: "live tax of an edited row (no save)", target: 10,
      // The call alone: calculate-tax accepts any kept version of the move, so the first version's id
      // stays valid while (e) adds versions (before, each call also timed an estimationView).
      run: (c) =>
        c.estimate.calculateTax({ ...ref, costEstimateId: first.costEstimateId, services: [], customServices: [{ serviceName: "Bench item", amount: "1000", currency: "GBP", taxability: "TAXABLE" }], taxRateOverride: null }),
    },
    {
      key: "e", label: "recalculation trip", what: "recalculate → poll 1 → asyncResult (a new version)", target: 50,
      run: async (c) => {
        const posted = await c.estimate.recalculate({ ...ref, costEstimateId: costEstimateId(), estimationView: "CostEstimate", stageAction: "ON_ALT_CALC" });
        const uuid = posted.costEstimateUIDTOs[0]!.uuid;
        let status = await c.estimate.asyncStatus({ uuid, pollNumber: 1 });
        polls++;
        if (status.status === "Done" || status.status === "Forced") readyAtFirstPoll++;
        if (status.status === "Forced") forced++;
        for (let n = 2; status.status !== "Done" && status.status !== "Forced"; n++) {
          if (status.status === "Failed" || n > 60) throw new Error(`recalculation ${status.status}: ${status.message}`);
          await Bun.sleep(5);
          status = await c.estimate.asyncStatus({ uuid, pollNumber: n });
        }
        return c.estimate.asyncResult({ uuid });
      },
    },
  ];

  const stats = await measureRows("estimate", bench, rows, `estimate bench: Bun ${Bun.version}, SQLite file, in-process callers as ${HR}; ${POLICY}, London → New York, 7 years`);
  reportRatios("estimate", rows, stats, ["b", "c", "d", "e"]);
  const trip = stats.get("e")!.p50 / stats.get("a")!.p50;
  console.log(`estimate: round trip / auth.me = ${trip.toFixed(1)}; compute / auth.me = ${(stats.get("b")!.p50 / stats.get("a")!.p50).toFixed(3)} (compute p50 ${ms(stats.get("b")!.p50)} ms)`);
  console.log(`estimate: ready at the first poll in ${readyAtFirstPoll} of ${polls} round trips (${forced} answered Forced: the poll ran the waiting job)`);
  if (readyAtFirstPoll < polls) console.log(`WARN estimate: ${polls - readyAtFirstPoll} round trips needed more than one poll`);
} finally {
  await settleJobs();
  await bench.close();
}
