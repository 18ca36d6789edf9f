/**
 * bench/import.ts (issue 15): a bulk employee import end to end against the bare parse of the same file.
 *
 * A fresh SQLite database in a temporary directory (migrated, demo seed without cities, plus the two
 * cities the rows name), FILES_DIR beside it. A spreadsheet of BENCH_IMPORT_ROWS (10 000) employee rows
 * is generated from the group's template columns (acme, policy "Global Long-Term Assignment"; every row
 * valid, each a new e-mail address), then:
 *
 * - a: the bare parse of the file (`readBulkSheet`: exceljs load and the rows as text), the baseline;
 * - b: the import end to end: the file into the FileStore, the job registered and run by the job
 *   worker (`runPendingJobs`): parse, column check, and every row through the wizard's stage-2 save
 *   (validation, employee, draft move, audit row) and its per-row result, in batches of 100 rows per
 *   transaction with the job's progress.
 *
 * Prints both times and ratio a/b (target ≥ 0.5): the share of the import's time that is the parse.
 * Below the target it prints WARN and exits 0.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import ExcelJS from "exceljs";
import { readConfig } from "../src/config.ts";
import { openDatabase } from "../src/db/index.ts";
import { migrateToLatest } from "../src/db/migrate.ts";
import { seedAll } from "../src/db/seed.ts";
import { BULK_IMPORT_JOB, columnsOf, readBulkSheet, receiveBulkFormUpload, templateComponents } from "../src/services/bulk/bulk.ts";
import { fileStoreFor } from "../src/services/files/store.ts";
import { runPendingJobs, settleJobs } from "../src/services/jobs/queue.ts";
import { resolveSession } from "../src/services/auth.ts";
import { createSessionFor } from "../src/test/db.ts";
import { mailerFor } from "../src/trpc.ts";

const ROWS = Math.max(1, Number(process.env.BENCH_IMPORT_ROWS ?? 10_000));
const TARGET = 0.5;

const dir = mkdtempSync(join(tmpdir(), "meridian-bench-import-"));
const config = readConfig({ DATABASE_URL: join(dir, "bench.sqlite"), LOG_REQUESTS: "0", FILES_DIR: join(dir, "files") });
const { db, close } = openDatabase(config.databaseUrl);
try {
  await migrateToLatest(db);
  await seedAll(db, { demo: true, reference: { cities: "none" } });
  await db.insertInto("cities").values([
    { country_code: "GB", state_code: "ENG", name: "London", latitude: "51.5072", longitude: "-0.1276" },
    { country_code: "LU", state_code: null, name: "Luxembourg", latitude: "49.6116", longitude: "6.1319" },
  ]).execute();
  const { token } = await createSessionFor(db, "hr@acme.test", config);
  const session = await resolveSession(db, token, config.session);
  if (!session) throw new Error("the bench session did not resolve");

  const group = await db.selectFrom("groups").select("id").where("name", "=", "acme").executeTakeFirstOrThrow();
  const components = await templateComponents(db, group.id);
  const mandatory = new Set(components.filter((c) => c.mandatory).map((c) => c.modelName));
  const columns = columnsOf(components);
  const headers = ["Policy", ...columns.map((c) => c.header)];
  const value = (modelName: string, part: string, i: number): string => {
    if (modelName === "employee.firstName") return `First${i}`;
    if (modelName === "employee.lastName") return `Last${i}`;
    if (modelName === "employee.email") return `bench.import.${i}@example.com`;
    if (modelName === "move.origin") return part === "country" ? "GB" : part === "state" ? "ENG" : part === "city" ? "London" : "";
    if (modelName === "move.destination") return part === "country" ? "LU" : part === "city" ? "Luxembourg" : "";
    if (modelName === "move.moveDate" || modelName === "move.assignmentStartDate") return "2027-03-01";
    if (modelName === "move.assignmentEndDate") return "2028-09-01";
    if (modelName.includes("costCentre")) return `CC-${i % 50}`;
    // Other required fields of the demo form (a text such as the host entity).
    return mandatory.has(modelName) && part === "value" ? `Entity ${i % 7}` : "";
  };
  const wb = new ExcelJS.Workbook();
  const sheet = wb.addWorksheet("Employees");
  sheet.addRow(headers);
  for (let i = 0; i < ROWS; i++) sheet.addRow(["Global Long-Term Assignment", ...columns.map((c) => value(c.modelName, c.part, i))]);
  const bytes = new Uint8Array(await wb.xlsx.writeBuffer());
  console.log(`import: ${ROWS} rows, ${(bytes.byteLength / 1024).toFixed(0)} KB .xlsx`);

  // a: the bare parse (one warm-up, then the measured run).
  await readBulkSheet("bench.xlsx", bytes);
  const a0 = performance.now();
  const parsed = await readBulkSheet("bench.xlsx", bytes);
  const a = performance.now() - a0;
  if (parsed.length !== ROWS + 1) throw new Error(`parsed ${parsed.length} rows`);

  // b: upload into the store, register, run the job to the end.
  const deps = { db, config, mailer: mailerFor(config) };
  const b0 = performance.now();
  const up = await receiveBulkFormUpload(deps, fileStoreFor(config), session.user, { group: "acme", file: new File([bytes], "bench.xlsx") });
  await settleJobs();
  await runPendingJobs(deps, [BULK_IMPORT_JOB]);
  const b = performance.now() - b0;
  const job = await db.selectFrom("jobs").selectAll().where("id", "=", up.jobId).executeTakeFirstOrThrow();
  if (job.success_count !== ROWS) console.log((await db.selectFrom("bulk_import_rows").select("errors").where("job_id", "=", up.jobId).limit(1).execute())[0]);
  if (job.status !== "DONE" || job.success_count !== ROWS) throw new Error(`the import did not finish cleanly: ${job.status} ${job.success_count}/${ROWS} ${job.error ?? ""}`);

  const ratio = a / b;
  console.log(`import: bare parse ${(a / 1000).toFixed(2)} s, import end to end ${(b / 1000).toFixed(2)} s (${((ROWS / b) * 1000).toFixed(0)} rows/s), ratio a/b = ${ratio.toFixed(2)} (target >= ${TARGET})`);
  if (ratio < TARGET) console.log(`WARN import: ratio a/b ${ratio.toFixed(2)} is below the target ${TARGET}`);
} finally {
  await settleJobs();
  await close();
  rmSync(dir, { recursive: true, force: true });
}
