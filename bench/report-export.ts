/**
 * Report export benchmark (issue 26 "Speed": "1,000,000 bill lines exported as CSV against a bare streamed select
 * of the same rows: ≥ 0.5×, peak RSS ≤ 256 MB"), on SQLite and, when TEST_DATABASE_URL is set, on PostgreSQL (a
 * private schema, dropped at the end).
 *
 *   (a) bare streamed select  the same bill lines joined to their bills, read in the same keyset batches
 *                             (bareBillLineBatch, src/db/queries/reporting/library-base.ts), rows counted
 *   (b) CSV export            the BASE report "Bills by status" as HR through runReport (access, the group's
 *                             permissions, the filters' §5 checks, billStateOf per row) and csvStream
 *                             (src/services/reporting/export.ts): RFC 4180, formula-safe, money in major units;
 *                             the bytes are counted and dropped as they come (a client reading the download)
 *
 * Each measurement runs in its own fresh Bun process on a database the parent filled (SQLite: a file, as the
 * server's; PostgreSQL: a private schema), as a server process answering the download would: (a) and (b)
 * alternate over BENCH_ROUNDS rounds and the best of each counts. Ratio = throughput(b) / throughput(a) (rows
 * per second), target ≥ 0.5. Peak RSS of the (b) process is sampled every 20 ms and compared with 256 MB.
 * Knobs: BENCH_LINES (1000000), BENCH_LINES_PER_BILL (50), BENCH_ROUNDS (2).
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { sql } from "kysely";
import pg from "pg";
import { openDatabase, type DB } from "../src/db/index.ts";
import { migrateToLatest } from "../src/db/migrate.ts";
import { seedAll } from "../src/db/seed.ts";
import { bareBillLineBatch, keysetRows } from "../src/db/queries/reporting/library-base.ts";
import { csvStream } from "../src/services/reporting/export.ts";
import { runReport } from "../src/services/reporting/run.ts";

const LINES = Number(process.env.BENCH_LINES ?? 1_000_000);
const PER_BILL = Number(process.env.BENCH_LINES_PER_BILL ?? 50);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 2);
const TARGET_RATIO = 0.5;
const RSS_LIMIT_MB = 256;
const STATUSES = ["Open", "PaymentPending", "Paid", "PaidPendingAudit", "Void"] as const;

async function fill(db: DB) {
  const group = await db.selectFrom("groups").select(["id", "name"]).where("name", "=", "acme").executeTakeFirstOrThrow();
  const category = await db.selectFrom("spend_categories").select("id").orderBy("id").limit(1).executeTakeFirstOrThrow();
  const now = new Date().toISOString();
  const bills = Math.ceil(LINES / PER_BILL);
  const BILL_BATCH = 500;
  const billIds: number[] = [];
  for (let first = 0; first < bills; first += BILL_BATCH) {
    const rows = Array.from({ length: Math.min(BILL_BATCH, bills - first) }, (_, k) => {
      const i = first + k;
      return {
        group_id: group.id, bill_type: "VendorBooking" as const, status: STATUSES[i % STATUSES.length]!, audited: i % 10 === 0 ? 1 : 0,
        source_kind: "bench", source_id: i + 1, vendor_name: `Vendor ${i % 97}`, currency: i % 3 === 0 ? "JPY" : i % 3 === 1 ? "EUR" : "USD",
        gross_amount: 100_000, net_amount: 90_000, tax_amount: 10_000, reference: i % 50 === 0 ? `=SUM(A${i})` : `INV-${i}`,
        bill_date: `2026-${String((i % 11) + 1).padStart(2, "0")}-15`, due_date: `2026-12-${String((i % 28) + 1).padStart(2, "0")}`, created_at: now, updated_at: now,
      };
    });
    const ids = await db.insertInto("bills").values(rows).returning("id").execute();
    billIds.push(...ids.map((r) => r.id));
  }
  const LINE_BATCH = 1000;
  for (let first = 0; first < LINES; first += LINE_BATCH) {
    const rows = Array.from({ length: Math.min(LINE_BATCH, LINES - first) }, (_, k) => {
      const i = first + k;
      return {
        bill_id: billIds[Math.floor(i / PER_BILL)]!, group_id: group.id, position: (i % PER_BILL) + 1, name: i % 7 === 0 ? `Line, "quoted" ${i}` : `Line ${i}`,
        gross_amount: 2000 + (i % 1000), net_amount: 1800, tax_amount: 200 + (i % 1000), spend_category_id: category.id,
      };
    });
    await db.insertInto("bill_lines").values(rows).execute();
  }
  await sql`analyze`.execute(db);
}

// ── one measurement, in a fresh process ─────────────────────────────────────────────────────────────────

async function measure(mode: "bare" | "csv"): Promise<void> {
  const { db, close } = openDatabase(process.env.BENCH_DB_URL!, process.env.BENCH_SCHEMA ? { searchPath: process.env.BENCH_SCHEMA, poolSize: 2 } : {});
  const group = await db.selectFrom("groups").select("id").where("name", "=", "acme").executeTakeFirstOrThrow();
  const hr = await db.selectFrom("users").select("id").where("email", "=", "hr@acme.test").executeTakeFirstOrThrow();
  const report = await db.selectFrom("reports").select("id").where("report_key", "=", "bills-by-status").executeTakeFirstOrThrow();
  const startRss = process.memoryUsage().rss;
  let peak = startRss;
  const sampler = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage().rss);
  }, 20);
  const start = performance.now();
  let rows = 0;
  let bytes = 0;
  if (mode === "bare") {
    for await (const _ of keysetRows(bareBillLineBatch(db, group.id), (r) => r.line_id)) rows++;
  } else {
    const result = await runReport(db, { userId: hr.id, role: "HR", groupId: group.id, lang: "en" }, report.id, { currency: "ALL", dueDays: "ALL" });
    const reader = csvStream(result).getReader();
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      bytes += value.byteLength;
      for (let i = value.indexOf(10); i !== -1; i = value.indexOf(10, i + 1)) rows++;
    }
    rows -= 1; // the header line
  }
  const ms = performance.now() - start;
  clearInterval(sampler);
  peak = Math.max(peak, process.memoryUsage().rss);
  await close();
  console.log(JSON.stringify({ rows, bytes, ms, peakRss: peak, startRss }));
}

type Measured = { rows: number; bytes: number; ms: number; peakRss: number; startRss: number };

async function child(mode: "bare" | "csv", env: Record<string, string>): Promise<Measured> {
  const proc = Bun.spawn([process.execPath, import.meta.path], { env: { ...process.env, ...env, BENCH_MODE: mode }, stdout: "pipe", stderr: "inherit" });
  const out = await new Response(proc.stdout).text();
  if ((await proc.exited) !== 0) throw new Error(`the ${mode} measurement failed`);
  return JSON.parse(out.trim().split("\n").at(-1)!) as Measured;
}

async function runOn(label: string, env: Record<string, string>) {
  const bare: Measured[] = [];
  const csv: Measured[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    bare.push(await child("bare", env));
    csv.push(await child("csv", env));
    const a = bare.at(-1)!;
    const b = csv.at(-1)!;
    if (a.rows !== LINES || b.rows !== LINES) throw new Error(`rows read: bare ${a.rows}, CSV ${b.rows}, expected ${LINES}`);
    console.log(`  round ${round + 1}: bare ${(a.ms / 1000).toFixed(2)} s, CSV ${(b.ms / 1000).toFixed(2)} s (${(b.bytes / 2 ** 20).toFixed(0)} MB of CSV, RSS ${(b.startRss / 2 ** 20).toFixed(0)} MB before, peak ${(b.peakRss / 2 ** 20).toFixed(0)} MB)`);
  }
  const bareRate = LINES / (Math.min(...bare.map((m) => m.ms)) / 1000);
  const csvRate = LINES / (Math.min(...csv.map((m) => m.ms)) / 1000);
  const ratio = csvRate / bareRate;
  const peakMb = Math.max(...csv.map((m) => m.peakRss)) / 2 ** 20;
  console.log(`  a bare streamed select   ${Math.round(bareRate).toLocaleString("en")} rows/s`);
  console.log(`  b CSV export (HR)        ${Math.round(csvRate).toLocaleString("en")} rows/s`);
  console.log(`report-export ${label}: ratio b/a = ${ratio.toFixed(2)} (target >= ${TARGET_RATIO}); peak RSS ${peakMb.toFixed(0)} MB (limit ${RSS_LIMIT_MB} MB)`);
  if (ratio < TARGET_RATIO) console.log(`WARN report-export ${label}: ratio ${ratio.toFixed(2)} is below the target ${TARGET_RATIO}`);
  if (peakMb > RSS_LIMIT_MB) console.log(`WARN report-export ${label}: peak RSS ${peakMb.toFixed(0)} MB is above ${RSS_LIMIT_MB} MB`);
}

async function prepare(db: DB) {
  await migrateToLatest(db);
  await seedAll(db, { demo: true, reference: { cities: [] }, wizardDemo: true, financeDemo: false });
  await fill(db);
}

if (process.env.BENCH_MODE === "bare" || process.env.BENCH_MODE === "csv") {
  await measure(process.env.BENCH_MODE);
} else {
  const dir = mkdtempSync(join(tmpdir(), "meridian-report-export-"));
  try {
    const file = join(dir, "bench.sqlite");
    const t0 = performance.now();
    const opened = openDatabase(file);
    await prepare(opened.db);
    await opened.close();
    console.log(`SQLite: ${LINES} bill lines ready in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
    await runOn("SQLite", { BENCH_DB_URL: file });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  const url = process.env.TEST_DATABASE_URL;
  if (url) {
    const schema = `bench_${crypto.randomUUID().replaceAll("-", "").slice(0, 12)}`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`CREATE SCHEMA "${schema}"`);
    try {
      const t0 = performance.now();
      const opened = openDatabase(url, { searchPath: schema });
      await prepare(opened.db);
      await opened.close();
      console.log(`PostgreSQL: ${LINES} bill lines ready in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
      await runOn("PostgreSQL", { BENCH_DB_URL: url, BENCH_SCHEMA: schema });
    } finally {
      await admin.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
      await admin.end();
    }
  } else {
    console.log("report-export: TEST_DATABASE_URL is not set, PostgreSQL skipped");
  }
}
