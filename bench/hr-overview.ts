/**
 * HR overview benchmark (issue 26 "Speed": the HR overview with 100,000 moves in the group ≤ 10× auth.me), on a
 * fresh seeded SQLite file (bench/lib/in-process.ts has the method and the knobs).
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
import { measureRows, openBenchDatabase, reportRatios, type BenchRow } from "./lib/in-process.ts";

const MOVES = Number(process.env.BENCH_MOVES ?? 100_000);
const HR = "hr@acme.test";
const bench = await openBenchDatabase(HR);
const { db } = bench;

const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

try {
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

  const rows: BenchRow[] = [
    { key: "a", label: "auth.me", what: "baseline (in process)", target: null, run: (c) => c.auth.me() },
    { key: "b", label: "programme.overview", what: `the HR overview's tiles over ${MOVES} acme moves (in process)`, target: 10, run: (c) => c.programme.overview({ group: "acme" }) },
  ];
  const stats = await measureRows("hr-overview", bench, rows, `hr-overview bench: Bun ${Bun.version}, SQLite file, as ${HR}; ${MOVES} moves in acme`);
  reportRatios("hr-overview", rows, stats, ["b"]);
} finally {
  await bench.close();
}
