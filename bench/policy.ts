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
 * Knobs: BENCH_ITERATIONS (measured rounds, default 1000), BENCH_WARMUP_ITERATIONS (200),
 * BENCH_MAX_SECONDS (bound on the measured phase, default 40; it stops early and says so).
 * BENCH_QUERIES=1 prints the SQL of one call of each row (to look for N+1 queries).
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { SqliteQueryCompiler, type KyselyPlugin, type PluginTransformQueryArgs, type PluginTransformResultArgs, type QueryResult, type RootOperationNode, type UnknownRow } from "kysely";
import { readConfig } from "../src/config.ts";
import { openDatabase, type DB } from "../src/db/index.ts";
import { migrateToLatest } from "../src/db/migrate.ts";
import { seedAll } from "../src/db/seed.ts";
import { insertSession } from "../src/db/queries/sessions.ts";
import { findUserByEmail } from "../src/db/queries/users.ts";
import { createCaller } from "../src/routers/_app.ts";
import { newSessionToken, resolveSession, sessionIdFor } from "../src/services/auth.ts";
import { createContextInner } from "../src/trpc.ts";
import { median } from "./lib/harness.ts";

const ADMIN = "admin@meridian.test";
const DETAILS_POLICY = "Global Long-Term Assignment";
const COPY_POLICY = "Short-Term Assignment";

function num(name: string, fallback: number): number {
  const raw = process.env[name];
  const n = raw === undefined || raw === "" ? fallback : Number(raw);
  if (!Number.isFinite(n) || n < 0) throw new Error(`${name} must be a non-negative number, not ${raw}`);
  return n;
}
const ITERATIONS = Math.max(1, Math.round(num("BENCH_ITERATIONS", 1000)));
const WARMUP = Math.round(num("BENCH_WARMUP_ITERATIONS", 200));
const MAX_MS = Math.max(1, num("BENCH_MAX_SECONDS", 40)) * 1000;
const SHOW_QUERIES = process.env.BENCH_QUERIES === "1";

/**
 * Counts every query run through the wrapped Kysely (in transformResult, which also sees the
 * queries of src/db/prepared.ts: those are compiled once and then only executed). With
 * BENCH_QUERIES=1 it also records the SQL of each query compiled (a prepared query that was
 * compiled before is counted but not listed).
 */
class QueryCounter implements KyselyPlugin {
  count = 0;
  sql: string[] = [];
  record = false;
  readonly #compiler = new SqliteQueryCompiler();
  transformQuery(args: PluginTransformQueryArgs): RootOperationNode {
    if (this.record) this.sql.push(this.#compiler.compileQuery(args.node, args.queryId).sql);
    return args.node;
  }
  async transformResult(args: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
    this.count++;
    return args.result;
  }
}

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}
const ms = (n: number) => (n >= 10 ? n.toFixed(1) : n >= 1 ? n.toFixed(2) : n.toFixed(3));

const dir = mkdtempSync(join(tmpdir(), "meridian-bench-"));
const config = readConfig({ DATABASE_URL: join(dir, "bench.sqlite"), LOG_REQUESTS: "0" });
const { db, close } = openDatabase(config.databaseUrl);

try {
  // --- database: fresh, migrated, demo seed (no cities: not needed here)
  await migrateToLatest(db);
  await seedAll(db, { demo: true, reference: { cities: "none" } });

  // --- a session for the admin, inserted the way login does (no argon2); every call resolves it from the token
  const admin = await findUserByEmail(db, ADMIN);
  if (!admin) throw new Error(`no demo user ${ADMIN}`);
  const token = newSessionToken();
  const now = new Date();
  await insertSession(db, {
    id: sessionIdFor(token),
    user_id: admin.id,
    created_at: now.toISOString(),
    last_seen_at: now.toISOString(),
    expires_at: new Date(now.getTime() + config.session.maxHours * 3_600_000).toISOString(),
    ip: "127.0.0.1",
    user_agent: "bench",
    timezone_offset: null,
  });

  /** A caller as the tRPC handler builds it for one request: session from the token, fresh context. */
  const callerOn = async (on: DB) => {
    const session = await resolveSession(on, token, config.session);
    if (!session) throw new Error("the bench session did not resolve");
    return createCaller(createContextInner({ db: on, config, session, ip: "127.0.0.1", userAgent: "bench" }));
  };

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

  type Row = { key: string; label: string; what: string; target: number | null; run: (c: Awaited<ReturnType<typeof callerOn>>) => Promise<unknown> };
  /** Pending draft ids between e→f and g→h (the create returns the id the delete uses). */
  let draftShort = 0;
  let draftLong = 0;
  const rows: Row[] = [
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

  // --- queries per call (session resolution included), counted once per row outside the timed loop
  const counter = new QueryCounter();
  const counted = db.withPlugin(counter);
  const queries = new Map<string, number>();
  for (const row of rows) {
    counter.count = 0;
    counter.sql = [];
    counter.record = SHOW_QUERIES;
    await row.run(await callerOn(counted));
    queries.set(row.key, counter.count);
    if (SHOW_QUERIES) {
      console.log(`-- ${row.key} ${row.label}: ${counter.count} queries`);
      for (const q of counter.sql) console.log(`   ${q.length > 200 ? `${q.slice(0, 200)}…` : q}`);
    }
  }

  console.log(
    `policy bench: Bun ${Bun.version}, SQLite file, in-process callers as ${ADMIN}; details: ${details.moveStages.length} stages, ` +
      `${detailServices} services; validation: ${validation.errors.length} errors; benefits.list: ${benefits.services.length} services, ${benefitSets} sets; ` +
      `${WARMUP} warm-up + ${ITERATIONS} measured rounds (a…h in turn)`,
  );

  // --- warm-up, then measured rounds; each round runs every row once
  const samples = new Map<string, number[]>(rows.map((r) => [r.key, []]));
  const round = async (keep: boolean) => {
    for (const row of rows) {
      const t0 = performance.now();
      await row.run(await callerOn(db));
      const dt = performance.now() - t0;
      if (keep) samples.get(row.key)!.push(dt);
    }
  };
  for (let i = 0; i < WARMUP; i++) await round(false);
  const started = performance.now();
  let done = 0;
  while (done < ITERATIONS) {
    await round(true);
    done++;
    if (performance.now() - started > MAX_MS) break;
  }
  const seconds = (performance.now() - started) / 1000;
  if (done < ITERATIONS) console.log(`policy bench: stopped after ${done} of ${ITERATIONS} rounds (BENCH_MAX_SECONDS ${MAX_MS / 1000})`);

  // --- table, summary, warnings
  const stats = new Map(
    rows.map((r) => {
      const s = [...samples.get(r.key)!].sort((x, y) => x - y);
      return [r.key, { p50: median(s), p95: percentile(s, 95) }] as const;
    }),
  );
  const base = stats.get("a")!;
  const ratio = (key: string) => (base.p50 > 0 ? stats.get(key)!.p50 / base.p50 : Infinity);
  console.log(`  ${"".padEnd(2)}${"row".padEnd(22)}${"p50 ms".padStart(9)}${"p95 ms".padStart(9)}${"× a (p50)".padStart(11)}${"target".padStart(9)}${"queries".padStart(9)}  what`);
  for (const r of rows) {
    const s = stats.get(r.key)!;
    const x = r.key === "a" ? "1.0" : ratio(r.key).toFixed(1);
    const target = r.target === null ? "" : `≤ ${r.target}`;
    console.log(
      `  ${r.key} ${r.label.padEnd(21)}${ms(s.p50).padStart(9)}${ms(s.p95).padStart(9)}${x.padStart(11)}${target.padStart(9)}${String(queries.get(r.key)).padStart(9)}  ${r.what}`,
    );
  }
  console.log(`  (${done} rounds in ${seconds.toFixed(1)} s; queries per call include the session read)`);

  const part = (key: string, label: string) => `${label} p50 ${ms(stats.get(key)!.p50)} ms (${ratio(key).toFixed(1)}×)`;
  console.log(
    `policy: auth.me p50 ${ms(base.p50)} ms; ${part("b", "details")}; ${part("c", "validation")}; ${part("d", "benefits.list")}; ` +
      `${part("e", "version copy")}; ${part("g", "version copy 3-stage")}`,
  );
  for (const r of rows) {
    if (r.target === null) continue;
    const x = ratio(r.key);
    if (x > r.target) {
      console.log(`WARN policy: ${r.label} p50 is ${x.toFixed(1)}× auth.me, above the target ${r.target}× (${queries.get(r.key)} queries per call)`);
    }
  }
} finally {
  await close();
  rmSync(dir, { recursive: true, force: true });
}
