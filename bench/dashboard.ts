/**
 * Manager dashboard benchmark (issue 15 "Speed": 100,000 moves, a manager with three geographic rules, one
 * sorted page of 25 against a bare indexed select of 25 rows: ≤ 3× its time), on SQLite and, when
 * TEST_DATABASE_URL is set, on PostgreSQL (a private schema, dropped at the end).
 *
 *   (a) bare select      select id, employee_user_id, status from moves where group_id = ? order by id limit 25
 *                        (one statement, no join, no count; the planner's choice of index)
 *   (b) dashboard page   dashboardRows as the manager (src/services/manager/dashboard.ts): the access check, the
 *                        manager's rules and the group's data version (one statement), then the page (restrictions in SQL,
 *                        joins with users, policies, notes and assignment actions, sorted by assignment end date,
 *                        page 0 of 25) and the count of every row the manager may see (the pager needs it)
 *   (c) dashboard page   the same sorted by last name
 *
 * The count comes from a cache validated by the group's data version (src/db/queries/manager/dashboard.ts), so two
 * figures per page: "warm", the typical request (nothing changed in the group since the last one: the count is
 * reused), and "cold", the first request after a write to one of the group's moves (timed after the write,
 * which bumps the version: the count is recomputed). The target is judged on the typical (warm) request; the
 * cold figure is printed beside it.
 *
 * Data: the demo groups, 1,000 extra acme employees and 100,000 acme moves spread over 8 countries (so the
 * three routes GB→US, US→US and FR→DE match about 3 in 64 of them), inserted in batches, then ANALYZE (no
 * VACUUM: PostgreSQL's visibility map is as a bulk load leaves it). Rounds alternate the rows; each figure is
 * the median. Knobs: BENCH_MOVES (100000), BENCH_ITERATIONS (100).
 */
import { sql } from "kysely";
import type { DB } from "../src/db/index.ts";
import type { TDashboardRequest } from "../src/domain/manager/dashboard/schemas.ts";
import type { SessionUser } from "../src/services/identity/auth.ts";
import { dashboardRows } from "../src/services/manager/dashboard.ts";
import { createTestDatabase, type TestDatabase } from "../src/test/db.ts";

const MOVES = Number(process.env.BENCH_MOVES ?? 100_000);
const ITERATIONS = Number(process.env.BENCH_ITERATIONS ?? 100);
const COUNTRIES = ["GB", "US", "FR", "DE", "LU", "CA", "JP", "ES"];
const TARGET = 3;

async function fill(db: DB): Promise<{ manager: SessionUser; groupId: number }> {
  const group = await db.selectFrom("groups").select("id").where("name", "=", "acme").executeTakeFirstOrThrow();
  const policy = await db.selectFrom("policies as p").innerJoin("policy_versions as v", "v.policy_id", "p.id").select(["p.id", "v.id as versionId"]).where("p.group_id", "=", group.id).executeTakeFirstOrThrow();
  const now = new Date().toISOString();
  const employees: number[] = [];
  for (let b = 0; b < 10; b++) {
    const rows = Array.from({ length: 100 }, (_, i) => ({
      email: `bench.${b * 100 + i}@acme.test`, first_name: `First${(b * 100 + i) % 97}`, last_name: `Last${(b * 100 + i) % 89}`, role: "EMPLOYEE" as const,
      group_id: group.id, is_sso_user: 0, activation_state: "ACTIVE" as const, created_at: now, updated_at: now,
    }));
    const ids = await db.insertInto("users").values(rows).returning("id").execute();
    employees.push(...ids.map((r) => r.id));
  }
  const BATCH = 500;
  for (let start = 0; start < MOVES; start += BATCH) {
    const rows = Array.from({ length: Math.min(BATCH, MOVES - start) }, (_, k) => {
      const i = start + k;
      const day = String((i % 28) + 1).padStart(2, "0");
      const month = String(((i >> 5) % 12) + 1).padStart(2, "0");
      return {
        group_id: group.id, employee_user_id: employees[i % employees.length]!, policy_id: policy.id, policy_version_id: policy.versionId,
        status: "open" as const, origin_country_code: COUNTRIES[i % 8]!, destination_country_code: COUNTRIES[(i >> 3) % 8]!,
        assignment_end_date: `2027-${month}-${day}`, created_at: now, updated_at: now,
      };
    });
    await db.insertInto("moves").values(rows).execute();
  }
  const m = await db
    .insertInto("users")
    .values({ email: "bench.manager@acme.test", first_name: "Bench", last_name: "Manager", role: "MANAGER", group_id: group.id, is_sso_user: 0, activation_state: "ACTIVE", created_at: now, updated_at: now })
    .returning("id")
    .executeTakeFirstOrThrow();
  await db.insertInto("manager_restrictions").values({ user_id: m.id, group_id: group.id, view_restriction: "ALL", dashboard_restriction: "ON", updated_at: now }).execute();
  for (const [o, d] of [["GB", "US"], ["US", "US"], ["FR", "DE"]] as const) {
    await db.insertInto("manager_geo_restrictions").values({
      group_id: group.id, manager_user_id: m.id, origin_type: "COUNTRY", origin_ref: o, origin_country_code: o, origin_state_code: null, origin_city_id: null,
      destination_type: "COUNTRY", destination_ref: d, destination_country_code: d, destination_state_code: null, destination_city_id: null, created_at: now,
    }).execute();
  }
  // Fresh statistics for the planner (both databases take a bare ANALYZE).
  await sql`analyze`.execute(db);
  const manager: SessionUser = { id: m.id, email: "bench.manager@acme.test", firstName: "Bench", lastName: "Manager", role: "MANAGER", groupId: group.id, groupName: "acme", groupDisplayName: "Acme", termsAccepted: true };
  return { manager, groupId: group.id };
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

async function runOn(label: string, open: () => Promise<TestDatabase>) {
  const t0 = performance.now();
  const t = await open();
  try {
    const { manager, groupId } = await fill(t.db);
    console.log(`${label}: ${MOVES} moves ready in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
    const group = { id: groupId, name: "acme" };
    const input = (sort: TDashboardRequest["sort"]): TDashboardRequest => ({ group: "acme", filters: {}, page: 0, numberOfRows: 25, sort, dir: "asc" });
    const rows = [
      { key: "a", what: "bare indexed select of 25", run: () => t.db.selectFrom("moves").select(["id", "employee_user_id", "status"]).where("group_id", "=", groupId).orderBy("id").limit(25).execute() },
      { key: "b", what: "dashboard page 0 of 25 by assignment end date (+ count), warm", run: () => dashboardRows(t.db, manager, group, input("assignmentEndDate")) },
      { key: "c", what: "dashboard page 0 of 25 by last name (+ count), warm", run: () => dashboardRows(t.db, manager, group, input("lastName")) },
      { key: "b-cold", what: "the same by end date, first request after a write", write: true, run: () => dashboardRows(t.db, manager, group, input("assignmentEndDate")) },
      { key: "c-cold", what: "the same by last name, first request after a write", write: true, run: () => dashboardRows(t.db, manager, group, input("lastName")) },
    ];
    const first = await dashboardRows(t.db, manager, group, input("assignmentEndDate"));
    if (first.rows.length !== 25) throw new Error(`the manager's page has ${first.rows.length} rows`);
    // The write before a cold request: one move's end date set to itself (a committed change the count reads:
    // the group's data version moves on, so the cached count is not reused). Not timed.
    const touched = await t.db.selectFrom("moves").select("id").where("group_id", "=", groupId).orderBy("id", "desc").limit(1).executeTakeFirstOrThrow();
    const write = () => t.db.updateTable("moves").set((eb) => ({ assignment_end_date: eb.ref("assignment_end_date") })).where("id", "=", touched.id).execute();
    const times = new Map(rows.map((r) => [r.key, [] as number[]]));
    for (let i = 0; i < ITERATIONS + 10; i++) {
      for (const r of rows) {
        if (r.write) await write();
        const s = performance.now();
        await r.run();
        if (i >= 10) times.get(r.key)!.push(performance.now() - s);
      }
    }
    const a = median(times.get("a")!);
    for (const r of rows) {
      const p50 = median(times.get(r.key)!);
      console.log(`  ${r.key.padEnd(6)} ${r.what.padEnd(66)} p50 ${p50.toFixed(3)} ms  ${r.key === "a" ? "" : `${(p50 / a).toFixed(1)}× a`}`);
    }
    for (const key of ["b", "c"]) {
      const ratio = median(times.get(key)!) / a;
      const cold = median(times.get(`${key}-cold`)!) / a;
      console.log(`dashboard ${label}: ratio ${key}/a = ${ratio.toFixed(1)} (target <= ${TARGET}, the typical request; first request after a write ${cold.toFixed(1)}); the manager sees ${first.total} of ${MOVES} moves`);
      if (ratio > TARGET) console.log(`WARN dashboard ${label}: ${key}/a ${ratio.toFixed(1)} is above the target ${TARGET}`);
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
  console.log("dashboard: TEST_DATABASE_URL is not set, PostgreSQL skipped");
}
