/**
 * Chart benchmark (issue 26 "Speed": "A chart over 100,000 moves against its bare aggregate query: ≤ 3×"), on
 * SQLite and, when TEST_DATABASE_URL is set, on PostgreSQL (a private schema, dropped at the end).
 *
 *   (a)  bare aggregate     select substr(initiated_at, 1, 7), status, count(*) from moves where group_id = ? and
 *                           initiated_at in the period group by both (one statement, no join)
 *   (b)  Moves by month     chartData as HR (src/services/reporting/charts.ts): the chart and the group's chart
 *                           permissions, the caller's restriction scope, the same aggregate through restrictMoves,
 *                           and the §3 data shape (months filled, series split)
 *   (a2) bare aggregate     the same by destination country
 *   (c)  Moves by destination (marker map) chartData by destinationCountry: the aggregate, the countries' names
 *                           and coordinates, the data shape
 *
 * Data: the demo groups and 100,000 acme moves initiated over the last 12 months (8 destinations, 3 statuses),
 * inserted in batches, then ANALYZE. Rounds alternate the rows; each figure is the median. Knobs: BENCH_MOVES
 * (100000), BENCH_ITERATIONS (30).
 */
import { sql } from "kysely";
import type { DB } from "../src/db/index.ts";
import { bareMovesByMonth } from "../src/db/queries/reporting/charts.ts";
import { dayAfter, presetRange } from "../src/domain/reporting/charts.ts";
import { chartData } from "../src/services/reporting/charts.ts";
import { createTestDatabase, type TestDatabase } from "../src/test/db.ts";

const MOVES = Number(process.env.BENCH_MOVES ?? 100_000);
const ITERATIONS = Number(process.env.BENCH_ITERATIONS ?? 30);
const COUNTRIES = ["GB", "US", "FR", "DE", "LU", "CA", "JP", "ES"];
const STATUSES = ["open", "on_assignment", "completed"] as const;
const TARGET = 3;
const TODAY = new Date().toISOString().slice(0, 10);
const RANGE = presetRange("last12months", TODAY);

async function fill(db: DB) {
  const group = await db.selectFrom("groups").select(["id", "name"]).where("name", "=", "acme").executeTakeFirstOrThrow();
  const hr = await db.selectFrom("users").select("id").where("email", "=", "hr@acme.test").executeTakeFirstOrThrow();
  const employee = await db.selectFrom("users").select("id").where("email", "=", "employee@acme.test").executeTakeFirstOrThrow();
  const policy = await db.selectFrom("policies as p").innerJoin("policy_versions as v", "v.policy_id", "p.id").select(["p.id", "v.id as versionId"]).where("p.group_id", "=", group.id).executeTakeFirstOrThrow();
  const now = new Date().toISOString();
  const start = Date.parse(`${RANGE.start}T00:00:00Z`);
  const span = Date.parse(`${TODAY}T00:00:00Z`) - start;
  const BATCH = 500;
  for (let first = 0; first < MOVES; first += BATCH) {
    const rows = Array.from({ length: Math.min(BATCH, MOVES - first) }, (_, k) => {
      const i = first + k;
      const initiated = new Date(start + Math.floor((span * ((i * 7919) % MOVES)) / MOVES)).toISOString();
      return {
        group_id: group.id, employee_user_id: employee.id, policy_id: policy.id, policy_version_id: policy.versionId, status: STATUSES[i % 3]!,
        origin_country_code: COUNTRIES[i % 8]!, destination_country_code: COUNTRIES[(i >> 3) % 8]!, initiated_at: initiated, initiated_by: hr.id, created_by: hr.id,
        created_at: now, updated_at: now,
      };
    });
    await db.insertInto("moves").values(rows).execute();
  }
  await sql`analyze`.execute(db);
  return { group, hr: { id: hr.id, role: "HR" as const, groupId: group.id } };
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

async function runOn(label: string, open: () => Promise<TestDatabase>) {
  const t0 = performance.now();
  const t = await open();
  try {
    const { group, hr } = await fill(t.db);
    console.log(`${label}: ${MOVES} moves ready in ${((performance.now() - t0) / 1000).toFixed(1)} s; range ${RANGE.start} to ${RANGE.end}`);
    const until = dayAfter(RANGE.end);
    const bareByCountry = () =>
      t.db.selectFrom("moves").select(["destination_country_code", "status", sql<number>`count(*)`.as("value")]).where("group_id", "=", group.id)
        .where("initiated_at", ">=", RANGE.start).where("initiated_at", "<", until).groupBy(["destination_country_code", "status"]).execute();
    const rows = [
      { key: "a", what: "bare aggregate by month", run: () => bareMovesByMonth(t.db, group.id, RANGE.start, until) },
      { key: "b", what: "chart 1, Moves by month (Stacked), as HR", run: () => chartData(t.db, hr, group, { chartId: 1, ...RANGE, dimension: "month" }) },
      { key: "a2", what: "bare aggregate by destination country", run: bareByCountry },
      { key: "c", what: "chart 2, Moves by destination (MarkerGeoChart), as HR", run: () => chartData(t.db, hr, group, { chartId: 2, ...RANGE, dimension: "destinationCountry" }) },
    ];
    const check = await chartData(t.db, hr, group, { chartId: 1, ...RANGE, dimension: "month" });
    const counted = check.data.reduce((a, d) => a + d.value, 0);
    if (counted < MOVES) throw new Error(`the chart counts ${counted} of ${MOVES} moves`);
    const times = new Map(rows.map((r) => [r.key, [] as number[]]));
    for (let i = 0; i < ITERATIONS + 3; i++) {
      for (const r of rows) {
        const s = performance.now();
        await r.run();
        if (i >= 3) times.get(r.key)!.push(performance.now() - s);
      }
    }
    for (const r of rows) console.log(`  ${r.key.padEnd(3)} ${r.what.padEnd(58)} p50 ${median(times.get(r.key)!).toFixed(3)} ms`);
    for (const [chart, bare] of [["b", "a"], ["c", "a2"]] as const) {
      const ratio = median(times.get(chart)!) / median(times.get(bare)!);
      console.log(`chart ${label}: ratio ${chart}/${bare} = ${ratio.toFixed(2)} (target <= ${TARGET}); the chart counts ${counted} moves`);
      if (ratio > TARGET) console.log(`WARN chart ${label}: ${chart}/${bare} ${ratio.toFixed(2)} is above the target ${TARGET}`);
    }
  } finally {
    await t.close();
  }
}

process.env.TEST_DB = "sqlite";
await runOn("SQLite", () => createTestDatabase({ reference: { cities: [] }, wizardDemo: true }));
if (process.env.TEST_DATABASE_URL) {
  process.env.TEST_DB = "postgres";
  await runOn("PostgreSQL", () => createTestDatabase({ reference: { cities: [] }, wizardDemo: true }));
} else {
  console.log("chart: TEST_DATABASE_URL is not set, PostgreSQL skipped");
}
