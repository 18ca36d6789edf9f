/**
 * Shared pieces of the in-process benchmarks (bench/policy.ts, bench/wizard.ts): a fresh seeded
 * SQLite database, callers that resolve a session from its token the way the tRPC handler does,
 * a query counter, and the round-robin measuring loop with its table and ratio lines.
 *
 * Each round runs every row once, in turn, so drift and GC fall on all rows alike; the figures are
 * p50 / p95 over the measured rounds, after warm-up rounds. Row "a" is the baseline every other
 * row is divided by.
 *
 * Knobs: BENCH_ITERATIONS (measured rounds, default 1000), BENCH_WARMUP_ITERATIONS (200),
 * BENCH_MAX_SECONDS (bound on the measured phase, default 40; it stops early and says so).
 * BENCH_QUERIES=1 prints the SQL of one call of each row (to look for N+1 queries).
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { SqliteQueryCompiler, type KyselyPlugin, type PluginTransformQueryArgs, type PluginTransformResultArgs, type QueryResult, type RootOperationNode, type UnknownRow } from "kysely";
import { readConfig, type Config } from "../../src/config.ts";
import { openDatabase, type DB } from "../../src/db/index.ts";
import { migrateToLatest } from "../../src/db/migrate.ts";
import { seedAll } from "../../src/db/seed.ts";
import { createCaller } from "../../src/routers/_app.ts";
import { resolveSession } from "../../src/services/identity/auth.ts";
import { createSessionFor } from "../../src/test/db.ts";
import { createContextInner } from "../../src/trpc.ts";
import { median } from "./harness.ts";

function num(name: string, fallback: number): number {
  const raw = process.env[name];
  const n = raw === undefined || raw === "" ? fallback : Number(raw);
  if (!Number.isFinite(n) || n < 0) throw new Error(`${name} must be a non-negative number, not ${raw}`);
  return n;
}
export const ITERATIONS = Math.max(1, Math.round(num("BENCH_ITERATIONS", 1000)));
export const WARMUP = Math.round(num("BENCH_WARMUP_ITERATIONS", 200));
const MAX_MS = Math.max(1, num("BENCH_MAX_SECONDS", 40)) * 1000;
const SHOW_QUERIES = process.env.BENCH_QUERIES === "1";

/**
 * Counts every query run through the wrapped Kysely (in transformResult, which also sees the
 * queries of src/db/prepared.ts: those are compiled once and then only executed). With
 * BENCH_QUERIES=1 it also records the SQL of each query compiled.
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
export const ms = (n: number) => (n >= 10 ? n.toFixed(1) : n >= 1 ? n.toFixed(2) : n.toFixed(3));

export type Caller = ReturnType<typeof createCaller>;
export type BenchDb = { db: DB; config: Config; callerOn: (on: DB) => Promise<Caller>; close: () => Promise<void> };

/** A fresh SQLite file in a temporary directory, migrated, demo seed without cities, and a session for `email`. */
export async function openBenchDatabase(email: string): Promise<BenchDb> {
  const dir = mkdtempSync(join(tmpdir(), "meridian-bench-"));
  const config = readConfig({ DATABASE_URL: join(dir, "bench.sqlite"), LOG_REQUESTS: "0" });
  const { db, close } = openDatabase(config.databaseUrl);
  await migrateToLatest(db);
  await seedAll(db, { demo: true, reference: { cities: "none" } });

  // A session inserted the way login does (no argon2); every call resolves it from the token.
  const { token } = await createSessionFor(db, email, config);

  /** A caller as the tRPC handler builds it for one request: session from the token, fresh context. */
  const callerOn = async (on: DB) => {
    const session = await resolveSession(on, token, config.session);
    if (!session) throw new Error("the bench session did not resolve");
    return createCaller(createContextInner({ db: on, config, session, ip: "127.0.0.1", userAgent: "bench" }));
  };
  return {
    db,
    config,
    callerOn,
    close: async () => {
      await close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** `pure`: the row calls no procedure, so no caller (session read) is built inside its timing. */
export type BenchRow = { key: string; label: string; what: string; target: number | null; pure?: boolean; run: (c: Caller) => Promise<unknown> };
export type RowStats = { p50: number; p95: number; queries: number };

/**
 * Counts each row's queries once, then runs warm-up and measured rounds (every row once per
 * round, in order), prints the table and returns the stats by row key. Row "a" is the baseline.
 */
export async function measureRows(name: string, bench: BenchDb, rows: BenchRow[], intro: string): Promise<Map<string, RowStats>> {
  const counter = new QueryCounter();
  const counted = bench.db.withPlugin(counter);
  const queries = new Map<string, number>();
  for (const row of rows) {
    counter.count = 0;
    counter.sql = [];
    counter.record = SHOW_QUERIES;
    await row.run(row.pure ? (undefined as never) : await bench.callerOn(counted));
    queries.set(row.key, counter.count);
    if (SHOW_QUERIES) {
      console.log(`-- ${row.key} ${row.label}: ${counter.count} queries`);
      for (const q of counter.sql) console.log(`   ${q.length > 200 ? `${q.slice(0, 200)}…` : q}`);
    }
  }
  console.log(`${intro}; ${WARMUP} warm-up + ${ITERATIONS} measured rounds (${rows.map((r) => r.key).join(", ")} in turn)`);

  const samples = new Map<string, number[]>(rows.map((r) => [r.key, []]));
  const round = async (keep: boolean) => {
    for (const row of rows) {
      const t0 = performance.now();
      await row.run(row.pure ? (undefined as never) : await bench.callerOn(bench.db));
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
  if (done < ITERATIONS) console.log(`${name} bench: stopped after ${done} of ${ITERATIONS} rounds (BENCH_MAX_SECONDS ${MAX_MS / 1000})`);

  const stats = new Map<string, RowStats>(
    rows.map((r) => {
      const s = [...samples.get(r.key)!].sort((x, y) => x - y);
      return [r.key, { p50: median(s), p95: percentile(s, 95), queries: queries.get(r.key) ?? 0 }] as const;
    }),
  );
  const base = stats.get(rows[0]!.key)!;
  const ratio = (key: string) => (base.p50 > 0 ? stats.get(key)!.p50 / base.p50 : Infinity);
  console.log(`  ${"".padEnd(2)}${"row".padEnd(22)}${"p50 ms".padStart(9)}${"p95 ms".padStart(9)}${"× a (p50)".padStart(11)}${"target".padStart(9)}${"queries".padStart(9)}  what`);
  for (const r of rows) {
    const s = stats.get(r.key)!;
    const x = r.key === rows[0]!.key ? "1.0" : ratio(r.key).toFixed(1);
    const target = r.target === null ? "" : `≤ ${r.target}`;
    console.log(`  ${r.key} ${r.label.padEnd(21)}${ms(s.p50).padStart(9)}${ms(s.p95).padStart(9)}${x.padStart(11)}${target.padStart(9)}${String(s.queries).padStart(9)}  ${r.what}`);
  }
  console.log(`  (${done} rounds in ${seconds.toFixed(1)} s; queries per call include the session read)`);
  return stats;
}

/** The summary line (`name: a p50 X ms; label p50 Y ms (R×); …`) and a WARN line for every row above its target. */
export function reportRatios(name: string, rows: BenchRow[], stats: Map<string, RowStats>, summaryKeys: string[]) {
  const baseRow = rows[0]!;
  const base = stats.get(baseRow.key)!;
  const ratio = (key: string) => (base.p50 > 0 ? stats.get(key)!.p50 / base.p50 : Infinity);
  const label = (key: string) => rows.find((r) => r.key === key)!.label;
  const parts = summaryKeys.map((key) => `${label(key)} p50 ${ms(stats.get(key)!.p50)} ms (${ratio(key).toFixed(1)}×)`);
  console.log(`${name}: ${baseRow.label} p50 ${ms(base.p50)} ms; ${parts.join("; ")}`);
  for (const r of rows) {
    if (r.target === null) continue;
    const x = ratio(r.key);
    if (x > r.target) {
      console.log(`WARN ${name}: ${r.label} p50 is ${x.toFixed(1)}× ${baseRow.label}, above the target ${r.target}× (${stats.get(r.key)!.queries} queries per call)`);
    }
  }
}
