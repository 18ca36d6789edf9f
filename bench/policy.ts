/**
 * Policy benchmark: what the policy area's page loads and the version copy cost, as a multiple of
 * a trivial authenticated call measured in the same run.
 *
 *   (a) auth.me                     baseline: the trivial call (session → user, no further query)
 *   (b) policy.policies.details     the policy details page of the 3-stage demo policy's released v1
 *   (c) policy.policies.validation  the submit errors of the same version
 *   (d) policy.benefits.list        the group setup page of acme (active sets only)
 *   (e) createVersion               "version link": a DRAFT copy of the 1-stage "Short-Term Assignment"
 *   (f) deleteDraft                 deletes that draft again (alternates with e)
 *   (g) createVersion, 3 stages     the same copy of "Global Long-Term Assignment" (its demo draft v2
 *   (h) deleteDraft, 3 stages       is deleted once before measuring), then deleted again
 *
 * In process, no HTTP: each call does what the tRPC handler does for a request with a session
 * cookie — resolve the session from the token (one read of sessions + users + groups), build the
 * context with createContextInner, call the procedure through createCaller (middleware, zod input
 * and output). Signed in as admin@meridian.test. A fresh SQLite file in a temporary directory,
 * migrated, demo seed without cities.
 *
 * Each round runs every row once, in turn (a, b, c, d, e, f, g, h), so drift and GC fall on all rows
 * alike; the figures are p50 / p95 over the measured rounds, after warm-up rounds. Prints a table
 * with each row's queries per call (counted once with a Kysely plugin, outside the timed calls) and
 * one summary line:
 *
 *   policy: auth.me p50 X ms; details p50 Y ms (Y/X = R) ...
 *
 * and a WARN line for every row above its target (exit 0 anyway, like api.ts).
 *
 * Knobs: see bench/lib/in-process.ts (BENCH_ITERATIONS, BENCH_WARMUP_ITERATIONS, BENCH_MAX_SECONDS, BENCH_QUERIES).
 */
import { measureRows, openBenchDatabase, reportRatios, type BenchRow } from "./lib/in-process.ts";

const ADMIN = "admin@meridian.test";
const DETAILS_POLICY = "Global Long-Term Assignment";
const COPY_POLICY = "Short-Term Assignment";

const bench = await openBenchDatabase(ADMIN);
const { db, callerOn } = bench;

try {
  // --- the demo rows the calls use
  const acme = await db.selectFrom("groups").select("id").where("name", "=", "acme").executeTakeFirstOrThrow();
  const policyNamed = (name: string) =>
    db.selectFrom("policies").select(["id", "move_stages_count"]).where("group_id", "=", acme.id).where("name", "=", name).executeTakeFirstOrThrow();
  const versionsOf = (policyId: number) =>
    db.selectFrom("policy_versions").select(["id", "version_number", "status"]).where("policy_id", "=", policyId).orderBy("version_number").execute();
  const detailsPolicy = await policyNamed(DETAILS_POLICY);
  const copyPolicy = await policyNamed(COPY_POLICY);
  const released = (await versionsOf(detailsPolicy.id)).find((v) => v.status === "RELEASED");
  if (!released) throw new Error(`${DETAILS_POLICY} has no released version`);

  // The 3-stage policy's demo draft v2 is deleted once, so its released v1 can be copied too (rows g, h).
  const setup = await callerOn(db);
  for (const v of await versionsOf(detailsPolicy.id)) {
    if (v.status === "DRAFT") await setup.policy.policies.deleteDraft({ policyVersionId: v.id });
  }
  if ((await versionsOf(copyPolicy.id)).some((v) => v.status === "DRAFT")) throw new Error(`${COPY_POLICY} has a draft; the bench needs it without`);

  // --- check what the calls answer, so the figures are of the real work
  const details = await setup.policy.policies.details({ policyVersionId: released.id });
  const detailServices = details.moveStages.reduce((n, s) => n + s.services.length, 0);
  if (details.moveStages.length !== 3 || detailServices < 10) {
    throw new Error(`details answered ${details.moveStages.length} stages / ${detailServices} services, expected the 3-stage demo policy`);
  }
  const validation = await setup.policy.policies.validation({ policyVersionId: released.id });
  const benefits = await setup.policy.benefits.list({ groupId: acme.id, filterInactive: true });
  const benefitSets = benefits.services.reduce((n, s) => n + s.benefits.length, 0);

  /** Pending draft ids between e→f and g→h (the create returns the id the delete uses). */
  let draftShort = 0;
  let draftLong = 0;
  const rows: BenchRow[] = [
    { key: "a", label: "auth.me", what: "baseline", target: null, run: (c) => c.auth.me() },
    { key: "b", label: "details", what: `policies.details, ${DETAILS_POLICY} v${released.version_number}`, target: 10, run: (c) => c.policy.policies.details({ policyVersionId: released.id }) },
    { key: "c", label: "validation", what: "policies.validation, same version", target: 10, run: (c) => c.policy.policies.validation({ policyVersionId: released.id }) },
    { key: "d", label: "benefits.list", what: "benefits.list, acme, active only", target: 10, run: (c) => c.policy.benefits.list({ groupId: acme.id, filterInactive: true }) },
    {
      key: "e", label: "version copy", what: `policies.createVersion, ${COPY_POLICY} (1 stage)`, target: 50,
      run: async (c) => (draftShort = (await c.policy.policies.createVersion({ policyId: copyPolicy.id })).versionId),
    },
    { key: "f", label: "deleteDraft", what: "policies.deleteDraft of that copy", target: 20, run: (c) => c.policy.policies.deleteDraft({ policyVersionId: draftShort }) },
    {
      key: "g", label: "version copy 3-stage", what: `policies.createVersion, ${DETAILS_POLICY} (3 stages)`, target: 50,
      run: async (c) => (draftLong = (await c.policy.policies.createVersion({ policyId: detailsPolicy.id })).versionId),
    },
    { key: "h", label: "deleteDraft 3-stage", what: "policies.deleteDraft of that copy", target: 20, run: (c) => c.policy.policies.deleteDraft({ policyVersionId: draftLong }) },
  ];

  const stats = await measureRows(
    "policy",
    bench,
    rows,
    `policy bench: Bun ${Bun.version}, SQLite file, in-process callers as ${ADMIN}; details: ${details.moveStages.length} stages, ` +
      `${detailServices} services; validation: ${validation.errors.length} errors; benefits.list: ${benefits.services.length} services, ${benefitSets} sets`,
  );
  reportRatios("policy", rows, stats, ["b", "c", "d", "e", "g"]);
} finally {
  await bench.close();
}
