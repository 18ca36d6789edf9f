/**
 * HR overview benchmark (issue 26 "Speed": the HR overview with 100,000 moves in the group ≤ 10× auth.me), on a
 * fresh seeded SQLite file (bench/lib/in-process.ts has the method and the knobs) and, when TEST_DATABASE_URL is
 * set, on PostgreSQL (a private schema, dropped at the end; a caller per call with its session read, the two calls alternating, medians).
 *
 *   (a) auth.me              baseline, in-process tRPC caller (session → user)
 *   (b) programme.overview   the group home's tiles as hr@acme.test (target ≤ 10× a): drafts, activations
 *                            pending, estimates awaiting approval (and the oldest), moves starting in 30 days,
 *                            assignments ending in 90, expenses out of policy, open incidents, open exceptions
 *
 * Data: the demo groups plus 1,000 acme employees (50 not activated) and BENCH_MOVES (100,000) acme moves: 60 %
 * completed, 20 % open (move dates over the past and next year), 15 % on assignment (end dates over the next two
 * years), 5 % drafts; inserted in batches, then ANALYZE. The accuracy figures are not part of this call (the page
 * loads them beside the tiles: programme.accuracy reads at most 300 moves).
 */
import { sql } from "kysely";
import type { DB } from "../src/db/index.ts";
import { readConfig } from "../src/config.ts";
import { createCaller } from "../src/routers/_app.ts";
import { resolveSession } from "../src/services/identity/auth.ts";
import { createSessionFor, createTestDatabase } from "../src/test/db.ts";
import { createContextInner } from "../src/trpc.ts";
import { median } from "./lib/harness.ts";
import { measureRows, openBenchDatabase, reportRatios, type BenchRow } from "./lib/in-process.ts";

const MOVES = Number(process.env.BENCH_MOVES ?? 100_000);
const HR = "hr@acme.test";
const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

/** BENCH_MOVES acme moves and 1,000 acme employees (see the header), then ANALYZE. */
async function fill(db: DB) {
  const group = await db.selectFrom("groups").select("id").where("name", "=", "acme").executeTakeFirstOrThrow();
  const policy = await db.selectFrom("policies as p").innerJoin("policy_versions as v", "v.policy_id", "p.id").select(["p.id", "v.id as versionId"]).where("p.group_id", "=", group.id).executeTakeFirstOrThrow();
  const now = new Date().toISOString();
  const employees: number[] = [];
  for (let b = 0; b < 10; b++) {
    const rows = Array.from({ length: 100 }, (_, i) => ({
      email: `bench.overview.${b * 100 + i}@acme.test`, first_name: `First${i}`, last_name: `Last${b}`, role: "EMPLOYEE" as const,
      group_id: group.id, is_sso_user: 0, activation_state: (b * 100 + i) % 20 === 0 ? ("PENDING" as const) : ("ACTIVE" as const), created_at: now, updated_at: now,
    }));
    const ids = await db.insertInto("users").values(rows).returning("id").execute();
    employees.push(...ids.map((r) => r.id));
  }
  const BATCH = 500;
  for (let start = 0; start < MOVES; start += BATCH) {
    const rows = Array.from({ length: Math.min(BATCH, MOVES - start) }, (_, k) => {
      const i = start + k;
      const r = i % 20;
      const status = r < 12 ? ("completed" as const) : r < 16 ? ("open" as const) : r < 19 ? ("on_assignment" as const) : ("draft" as const);
      return {
        group_id: group.id, employee_user_id: employees[i % employees.length]!, policy_id: policy.id, policy_version_id: policy.versionId, status,
        move_date: day((i % 730) - 365), assignment_end_date: status === "draft" ? null : day((i % 730) - (status === "completed" ? 730 : 0)),
        created_at: now, updated_at: now,
      };
    });
    await db.insertInto("moves").values(rows).execute();
  }
  await sql`ANALYZE`.execute(db);
}

const bench = await openBenchDatabase(HR);
try {
  await fill(bench.db);
  const rows: BenchRow[] = [
    { key: "a", label: "auth.me", what: "baseline (in process)", target: null, run: (c) => c.auth.me() },
    { key: "b", label: "programme.overview", what: `the HR overview's tiles over ${MOVES} acme moves (in process)`, target: 10, run: (c) => c.programme.overview({ group: "acme" }) },
  ];
  const stats = await measureRows("hr-overview", bench, rows, `hr-overview bench: Bun ${Bun.version}, SQLite file, as ${HR}; ${MOVES} moves in acme`);
  reportRatios("hr-overview", rows, stats, ["b"]);
} finally {
  await bench.close();
}

// PostgreSQL (when TEST_DATABASE_URL is set): the same data in a private schema; rounds alternate the two calls.
if (process.env.TEST_DATABASE_URL) {
  process.env.TEST_DB = "postgres";
  const pg = await createTestDatabase({ wizardDemo: false });
  try {
    await fill(pg.db);
    // A caller per call, as the tRPC handler builds one per request (the session read from its token), as bench/lib/in-process.ts does.
    const config = readConfig({ DATABASE_URL: process.env.TEST_DATABASE_URL, LOG_REQUESTS: "0" });
    const { token } = await createSessionFor(pg.db, HR, config);
    const callerNow = async () => {
      const session = await resolveSession(pg.db, token, config.session);
      if (!session) throw new Error("the bench session did not resolve");
      return createCaller(createContextInner({ db: pg.db, config, session, ip: "127.0.0.1", userAgent: "bench" }));
    };
    const a: number[] = [];
    const b: number[] = [];
    const rounds = Number(process.env.BENCH_ITERATIONS ?? 200);
    for (let i = 0; i < rounds + 20; i++) {
      let t0 = performance.now();
      await (await callerNow()).auth.me();
      const ta = performance.now() - t0;
      t0 = performance.now();
      await (await callerNow()).programme.overview({ group: "acme" });
      const tb = performance.now() - t0;
      if (i >= 20) {
        a.push(ta);
        b.push(tb);
      }
    }
    const ma = median([...a].sort((x, y) => x - y));
    const mb = median([...b].sort((x, y) => x - y));
    console.log(`hr-overview (PostgreSQL): auth.me p50 ${ma.toFixed(3)} ms; programme.overview p50 ${mb.toFixed(3)} ms (${(mb / ma).toFixed(1)}×, target ≤ 10)`);
    if (mb / ma > 10) console.log(`WARN hr-overview (PostgreSQL): programme.overview is ${(mb / ma).toFixed(1)}× auth.me, above the target 10×`);
  } finally {
    await pg.close();
  }
}
