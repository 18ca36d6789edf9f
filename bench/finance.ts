/**
 * Finance benchmark (issue 16 "Speed"): guarded finance writes under contention, against a plain
 * single-row update in the same run, on SQLite and, when TEST_DATABASE_URL is set, on PostgreSQL (a
 * private schema, dropped at the end).
 *
 *   (a) plain update     50 concurrent `update bills set updated_at = ? where id = ?` on 50 distinct bills
 *                        (one statement each, no transaction of ours): the baseline throughput
 *   (b) approvals        50 concurrent approvals of 50 distinct pending booking costs (approveItem,
 *                        src/services/finance/approval.ts: budget facts, one transaction with the idempotency
 *                        key, the item's guarded update, the bill, its lines, the charge entry, the audit row)
 *   (c) contested pay    50 concurrent payments of ONE PaymentPending bill (updateBillStatus,
 *                        src/services/finance/bills-payments.ts): exactly one payment row and one payment ledger entry
 *                        must result; the other 49 answer "This bill has already been paid" (or "changed")
 *
 * Each figure is the median over the rounds of the wall time of the 50 calls, printed as calls per second.
 * The count of effects on the contested bill is checked every round (a count other than 1 is a FAIL line and
 * exit 1). Knobs: BENCH_ROUNDS (5), BENCH_CONCURRENCY (50).
 */
import type { DB } from "../src/db/index.ts";
import { financeActorOf, makeBill } from "../src/db/seed-finance-bills.ts";
import { approveItem } from "../src/services/finance/approval.ts";
import { updateBillStatus } from "../src/services/finance/bills-payments.ts";
import { todayUtc, type FinanceActor } from "../src/services/finance/core.ts";
import { createTestDatabase, type TestDatabase } from "../src/test/db.ts";

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
const N = Number(process.env.BENCH_CONCURRENCY ?? 50);
let failed = false;

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

async function timed<T>(calls: (() => Promise<T>)[]): Promise<{ ms: number; results: PromiseSettledResult<T>[] }> {
  const gate = Promise.withResolvers<void>();
  const running = calls.map((c) => gate.promise.then(c));
  const t0 = performance.now();
  gate.resolve();
  const results = await Promise.allSettled(running);
  return { ms: performance.now() - t0, results };
}

async function pendingBookingCosts(db: DB, n: number, round: number): Promise<number[]> {
  const move = await db
    .selectFrom("moves as m")
    .innerJoin("users as u", "u.id", "m.employee_user_id")
    .select(["m.id", "m.group_id", "m.employee_user_id"])
    .where("u.email", "=", "employee@acme.test")
    .orderBy("m.id", "desc")
    .executeTakeFirst();
  const employee = await db.selectFrom("users").select(["id", "group_id"]).where("email", "=", "employee@acme.test").executeTakeFirstOrThrow();
  const now = new Date().toISOString();
  const rows = Array.from({ length: n }, (_, i) => ({
    kind: "bookingCost" as const,
    group_id: move?.group_id ?? employee.group_id!,
    move_id: move?.id ?? null,
    employee_user_id: move?.employee_user_id ?? employee.id,
    service_key: "SETTLINGIN",
    move_stage: 1,
    budget_group: 1,
    vendor_name: `Bench Movers ${round}-${i}`,
    description: "Bench booking",
    currency: "USD",
    net_amount: 100 + i,
    tax_amount: 0,
    gross_amount: 100 + i,
    created_at: now,
    updated_at: now,
  }));
  const ids = await db.insertInto("finance_items").values(rows).returning("id").execute();
  return ids.map((r) => r.id);
}

async function runOn(label: string, open: () => Promise<TestDatabase>) {
  const t = await open();
  try {
    const db = t.db;
    const actor: FinanceActor = await financeActorOf(db, "finance@meridian.test");
    const plain: number[] = [];
    const approvals: number[] = [];
    const pays: number[] = [];
    let approvalOk = 0;
    let approvalFailure: string | null = null;
    for (let round = 0; round < ROUNDS; round++) {
      // (a) the baseline: distinct rows, one plain update each.
      const bills: number[] = [];
      for (let i = 0; i < N; i++) bills.push((await makeBill(db, actor, { employeeEmail: "employee@acme.test", gross: 1_000 + i, reference: `BENCH-${round}-${i}` })).billId);
      const at = new Date().toISOString();
      plain.push((await timed(bills.map((id) => () => db.updateTable("bills").set({ updated_at: at }).where("id", "=", id).execute()))).ms);

      // (b) approvals of distinct items.
      const items = await pendingBookingCosts(db, N, round);
      const a = await timed(items.map((id) => () => approveItem(db, actor, "bookingCost", { id })));
      approvals.push(a.ms);
      approvalOk += a.results.filter((r) => r.status === "fulfilled").length;
      const firstRefusal = a.results.find((r) => r.status === "rejected");
      if (firstRefusal && approvalFailure === null) approvalFailure = String((firstRefusal as PromiseRejectedResult).reason?.message ?? firstRefusal);

      // (c) one bill paid by 50 callers at once.
      const contested = bills[0]!;
      await updateBillStatus(db, actor, [{ id: contested, status: "PaymentPending" }]);
      const p = await timed(Array.from({ length: N }, () => () => updateBillStatus(db, actor, [{ id: contested, status: "Paid", paymentDate: todayUtc() }])));
      pays.push(p.ms);
      const crashed = p.results.filter((r) => r.status === "rejected").length;
      const succeeded = p.results.filter((r) => r.status === "fulfilled" && r.value[0]!.success).length;
      const payments = (await db.selectFrom("payments").select("id").where("bill_id", "=", contested).execute()).length;
      const entries = (await db.selectFrom("finance_entries").select("id").where("bill_id", "=", contested).where("kind", "=", "payment").execute()).length;
      if (payments !== 1 || entries !== 1 || succeeded !== 1 || crashed !== 0) {
        failed = true;
        console.log(`FAIL finance ${label}: contested bill round ${round}: ${succeeded} successes, ${crashed} errors, ${payments} payment rows, ${entries} payment entries (each must be 1, errors 0)`);
      }
    }
    const rate = (ms: number) => (N / (ms / 1000)).toFixed(0);
    const a = median(plain);
    const b = median(approvals);
    const c = median(pays);
    console.log(`finance ${label}: ${N} concurrent calls, median of ${ROUNDS} rounds`);
    console.log(`  (a) plain single-row update      ${a.toFixed(1).padStart(8)} ms  ${rate(a).padStart(6)} calls/s`);
    console.log(`  (b) approvals of distinct items  ${b.toFixed(1).padStart(8)} ms  ${rate(b).padStart(6)} calls/s  ${(b / a).toFixed(1)}× a; ${approvalOk}/${N * ROUNDS} approved${approvalFailure ? ` (first refusal: ${approvalFailure})` : ""}`);
    console.log(`  (c) payments of one bill         ${c.toFixed(1).padStart(8)} ms  ${rate(c).padStart(6)} calls/s  ${(c / a).toFixed(1)}× a; effects on the contested bill: 1 per round (checked)`);
  } finally {
    await t.close();
  }
}

process.env.TEST_DB = "sqlite";
await runOn("SQLite", () => createTestDatabase({ reference: { cities: [] }, wizardDemo: true }));
if (process.env.TEST_DATABASE_URL) {
  process.env.TEST_DB = "postgres";
  await runOn("PostgreSQL", () => createTestDatabase({ reference: { cities: [] }, wizardDemo: true, poolSize: N }));
} else {
  console.log("finance: TEST_DATABASE_URL is not set, PostgreSQL skipped");
}
if (failed) process.exit(1);
