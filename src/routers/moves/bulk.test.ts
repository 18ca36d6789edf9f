/**
 * bulk.* procedures and the /bulk/… paths (issue 15; part 1 §1, §3, §4, §7; part 2 §3, §4, §5, §7) on the
 * test database (SQLite, or PostgreSQL with TEST_DB=postgres): the template, an upload with good and bad
 * rows through the wizard's own stage-2 save, status, error file, input file; bad input, wrong role,
 * another group's job; a job killed mid-way (a crash after a batch, an expired lease) resumed with no
 * row imported twice.
 */
import { afterAll, afterEach, beforeAll, describe, expect, test } from "bun:test";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import ExcelJS from "exceljs";
import { sql } from "kysely";
import type { Config } from "../../config.ts";
import type { DB } from "../../db/index.ts";
import { bulkMessages } from "../../domain/moves/bulk/schemas.ts";
import { messages } from "../../domain/messages.ts";
import { wizardMessages } from "../../domain/moves/wizard/messages.ts";
import { bulkImportHooks, bulkImportSettings, BULK_IMPORT_JOB } from "../../services/moves/bulk/bulk-job.ts";
import { columnsOf, POLICY_COLUMN, templateComponents } from "../../services/moves/bulk/bulk.ts";
import { runPendingJobs, settleJobs } from "../../services/jobs/queue.ts";
import { mailerFor } from "../../trpc.ts";
import { appFor, cookieFor, jsonOf, send, trpcQuery, type TestApp } from "../../test/app.ts";
import { isPostgres } from "../../db/locks.ts";
import { callerFor, testConfig } from "../../test/db.ts";
import { expectLegacyFailure, expectTrpcError } from "../../test/errors.ts";
import { DEMO, useTestDatabase } from "../../test/fixtures.ts";
import { cityIdOf, uniqueEmail, validItem } from "../../services/moves/wizard/initiation-testing.ts";
import { toComponent } from "../../services/moves/wizard/initiation-rules.ts";
import { findFormFields } from "../../db/queries/policy/forms.ts";

const t = useTestDatabase();
let dir: string;
let config: Config;
let app: TestApp;
const POLICY = "Global Long-Term Assignment";

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), "meridian-bulk-"));
  config = testConfig({ FILES_DIR: dir });
  app = appFor(t.db, { config });
});
afterAll(async () => {
  await settleJobs();
  await rm(dir, { recursive: true, force: true });
});
afterEach(() => {
  bulkImportHooks.afterBatch = null;
  Object.assign(bulkImportSettings, { batchRows: 100, firstBatchRows: 50, batchBudgetMs: 30 });
});

const caller = (email: string) => callerFor(t.db, email, { config });
const deps = () => ({ db: t.db, config, mailer: mailerFor(config) });

/** A valid spreadsheet row per the template's columns (the wizard test helper's valid values), with overrides by header. */
async function rowValues(db: DB, email: string, overrides: Record<string, string> = {}) {
  const group = await db.selectFrom("groups").select("id").where("name", "=", "acme").executeTakeFirstOrThrow();
  const components = await templateComponents(db, group.id);
  const places = { london: await cityIdOf(db, "GB", "London"), luxembourg: await cityIdOf(db, "LU", "Luxembourg") };
  const byModel = new Map(components.map((c) => [c.modelName, validItem(c, places, email)]));
  const values: Record<string, string> = { [POLICY_COLUMN]: POLICY };
  for (const col of columnsOf(components)) {
    const item = byModel.get(col.modelName)!;
    values[col.header] =
      col.part === "country" ? (item.countryCode ?? "") : col.part === "state" ? (item.state ?? "") : col.part === "currency" ? (item.currency ?? "") : (item.formValue ?? "");
  }
  return { ...values, ...overrides };
}

async function workbook(headers: string[], rows: Record<string, string>[]): Promise<Uint8Array> {
  const wb = new ExcelJS.Workbook();
  const sheet = wb.addWorksheet("Employees");
  sheet.addRow(headers);
  for (const r of rows) sheet.addRow(headers.map((h) => r[h] ?? ""));
  return new Uint8Array(await wb.xlsx.writeBuffer());
}

async function templateHeaders(): Promise<string[]> {
  const file = await (await caller(DEMO.HR)).bulk.template({ group: "acme" });
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(Buffer.from(file.base64, "base64") as unknown as ArrayBuffer);
  const row = wb.worksheets[0]!.getRow(1);
  const headers: string[] = [];
  row.eachCell((cell) => headers.push(String(cell.value)));
  return headers;
}

function form(group: string, bytes?: Uint8Array, name = "employees.xlsx") {
  const fd = new FormData();
  fd.append("group", group);
  if (bytes) fd.append("file", new File([new Uint8Array(bytes)], name));
  return fd;
}

async function finish(): Promise<void> {
  await settleJobs();
  await runPendingJobs(deps(), [BULK_IMPORT_JOB]);
}

/** A file of `n` valid rows, each a new e-mail address. */
async function rowsFile(n: number) {
  const headers = await templateHeaders();
  const emails = Array.from({ length: n }, () => uniqueEmail("resume"));
  const rows = await Promise.all(emails.map((e) => rowValues(t.db, e)));
  return { emails, bytes: await workbook(headers, rows) };
}

const usersWith = async (emails: string[]) => (await t.db.selectFrom("users").select("email").where("email", "in", emails).execute()).length;

describe("template", () => {
  test("has the Policy column and a column per field of the initiation form (places in three, money in two)", async () => {
    const headers = await templateHeaders();
    expect(headers[0]).toBe(POLICY_COLUMN);
    const group = await t.db.selectFrom("groups").select("id").where("name", "=", "acme").executeTakeFirstOrThrow();
    const fields = (await findFormFields(t.db, group.id)).map((f) => toComponent(f));
    const first = fields.find((f) => f.modelName === "employee.firstName")!;
    expect(headers).toContain(first.label);
    const origin = fields.find((f) => f.modelName === "move.origin")!;
    expect(headers).toContain(`${origin.label} - Country`);
    expect(headers).toContain(`${origin.label} - City`);
    expect(new Set(headers).size).toBe(headers.length);
  });

  test("wrong role and other group are refused", async () => {
    await expectTrpcError((await caller(DEMO.EMPLOYEE)).bulk.template({ group: "acme" }), "FORBIDDEN");
    await expectTrpcError((await caller(DEMO.GLOBEX)).bulk.template({ group: "acme" }), "FORBIDDEN");
    await expectTrpcError((await caller(DEMO.HR)).bulk.template({ group: "no-such-group" }), "NOT_FOUND");
  });
});

describe("import (tRPC)", () => {
  test("good and bad rows: PROCESSED, COMPLETED_WITH_ERRORS, the error file lists each failed row with its messages", async () => {
    const headers = await templateHeaders();
    const good = [uniqueEmail("bulk"), uniqueEmail("bulk"), uniqueEmail("bulk")];
    const bad = uniqueEmail("bulk");
    const firstNameHeader = headers.find((h) => h.toLowerCase().includes("first"))!;
    const rows = [
      await rowValues(t.db, good[0]!),
      await rowValues(t.db, bad, { [firstNameHeader]: "" }),
      await rowValues(t.db, good[1]!),
      await rowValues(t.db, "not-an-email"),
      await rowValues(t.db, uniqueEmail("bulk"), { [POLICY_COLUMN]: "No Such Policy" }),
      await rowValues(t.db, good[2]!),
      await rowValues(t.db, good[0]!), // the same address again: the wizard's "already exists"
    ];
    const hr = await caller(DEMO.HR);
    const up = await hr.bulk.upload(form("acme", await workbook(headers, rows)));
    expect(up.success).toBe(true);
    expect(up.statusId).toBe(up.jobId);
    const first = await hr.bulk.getStatus({ statusId: up.jobId });
    expect(["REGISTERED", "UNDER_PROCESSING", "PROCESSED"]).toContain(first.status);
    await finish();

    const status = await hr.bulk.getStatus({ statusId: up.jobId });
    expect(status).toMatchObject({ registrationId: up.jobId, totalCount: 7, successCount: 3, failureCount: 4, status: "PROCESSED", importState: "COMPLETED_WITH_ERRORS", failureReason: null });
    const job = await hr.bulk.jobStatus({ jobId: up.jobId });
    expect(job.success).toBe(true);
    expect(job.uploadDTO).toMatchObject({ jobId: up.jobId, totalCount: 7, successCount: 3, failureCount: 4, status: "PROCESSED" });
    expect(job.resultMessage).toBe("3 employees imported, 4 rows failed.");

    // The wizard's employees and draft moves exist, once each.
    expect(await usersWith(good)).toBe(3);
    expect(await usersWith([bad])).toBe(0);
    const moves = await t.db
      .selectFrom("moves as m")
      .innerJoin("users as u", "u.id", "m.employee_user_id")
      .select(["m.status", "u.email"])
      .where("u.email", "in", good)
      .execute();
    expect(moves.length).toBe(3);
    for (const m of moves) expect(m.status).toBe("draft");

    const rowsView = await hr.bulk.rows({ jobId: up.jobId });
    const failed = rowsView.rows.filter((r) => r.status === "FAILED");
    expect(failed.map((r) => r.rowNumber)).toEqual([3, 5, 6, 8]);
    expect(failed[0]!.errors.join(" ")).toContain("cannot be empty");
    expect(failed[2]!.errors).toEqual([wizardMessages.policyNotAvailable]);
    expect(failed[3]!.errors.join(" ")).toContain(wizardMessages.emailNotAvailable);

    for (const file of [await hr.bulk.errorFile({ statusId: up.jobId }), await hr.bulk.downloadErrorFile({ jobId: up.jobId })]) {
      const wb = new ExcelJS.Workbook();
      await wb.xlsx.load(Buffer.from(file.base64, "base64") as unknown as ArrayBuffer);
      const sheet = wb.worksheets[0]!;
      expect(sheet.getRow(1).values).toEqual([undefined, "Row", "Employee", "Errors", "Warnings"]);
      expect(sheet.rowCount).toBe(5);
      expect(sheet.getRow(2).getCell(1).value).toBe(3);
      expect(String(sheet.getRow(4).getCell(3).value)).toBe(wizardMessages.policyNotAvailable);
    }
    const input = await hr.bulk.downloadInputFile({ jobId: up.jobId });
    expect(input.fileName).toBe("employees.xlsx");
    expect(Buffer.from(input.base64, "base64").byteLength).toBeGreaterThan(1000);
    const listed = await hr.bulk.jobs({ group: "acme" });
    expect(listed.some((j) => j.registrationId === up.jobId)).toBe(true);
  });

  test("all good rows: COMPLETED; no error file", async () => {
    const headers = await templateHeaders();
    const hr = await caller(DEMO.HR);
    const up = await hr.bulk.upload(form("acme", await workbook(headers, [await rowValues(t.db, uniqueEmail("bulk"))])));
    await finish();
    expect((await hr.bulk.getStatus({ statusId: up.jobId })).importState).toBe("COMPLETED");
    expect((await hr.bulk.jobStatus({ jobId: up.jobId })).resultMessage).toBe("1 employees imported.");
    await expectTrpcError(hr.bulk.errorFile({ statusId: up.jobId }), "NOT_FOUND", bulkMessages.noErrors);
  });

  test("a value for a field the row's policy does not show is a warning (hover message), not an error", async () => {
    const group = await t.db.selectFrom("groups").select("id").where("name", "=", "acme").executeTakeFirstOrThrow();
    const version = await t.db
      .selectFrom("policy_versions as v")
      .innerJoin("policies as p", "p.id", "v.policy_id")
      .select("v.id")
      .where("p.name", "=", POLICY)
      .where("v.status", "=", "RELEASED")
      .executeTakeFirstOrThrow();
    const components = await templateComponents(t.db, group.id);
    const extra = components.find((c) => !c.modelName.startsWith("employee.") && !c.modelName.startsWith("move.") && !c.mandatory && c.formType !== "countryStateCity" && c.formType !== "money");
    expect(extra).toBeDefined();
    const headers = await templateHeaders();
    const header = columnsOf(components).find((c) => c.modelName === extra!.modelName)!.header;
    const row = await rowValues(t.db, uniqueEmail("warn"));
    await t.db.updateTable("form_fields").set({ excluded_policy_version_ids: JSON.stringify([version.id]) }).where("group_id", "=", group.id).where("model_name", "=", extra!.modelName).execute();
    try {
      const hr = await caller(DEMO.HR);
      const up = await hr.bulk.upload(form("acme", await workbook(headers, [{ ...row, [header]: row[header] || "1" }])));
      await finish();
      const rows = await hr.bulk.rows({ jobId: up.jobId });
      expect(rows.rows.length).toBe(1);
      expect(rows.rows[0]).toMatchObject({ rowNumber: 2, status: "SUCCESS", errors: [] });
      expect(rows.rows[0]!.warnings).toEqual([`${header}: ignored, the field does not apply to policy ${POLICY}.`]);
    } finally {
      await t.db.updateTable("form_fields").set({ excluded_policy_version_ids: "[]" }).where("group_id", "=", group.id).where("model_name", "=", extra!.modelName).execute();
    }
  });
});

describe("bad input", () => {
  test("no file: \"Please choose file!\"; another type refused; nothing registered", async () => {
    const hr = await caller(DEMO.HR);
    const before = await t.db.selectFrom("jobs").select("id").where("kind", "=", BULK_IMPORT_JOB).execute();
    await expectTrpcError(hr.bulk.upload(form("acme")), "BAD_REQUEST", bulkMessages.chooseFile);
    await expectTrpcError(hr.bulk.upload(form("acme", new TextEncoder().encode("hello"), "notes.txt")), "BAD_REQUEST", bulkMessages.fileType);
    const after = await t.db.selectFrom("jobs").select("id").where("kind", "=", BULK_IMPORT_JOB).execute();
    expect(after.length).toBe(before.length);
    await expectTrpcError(hr.bulk.getStatus({ statusId: "not-a-uuid" }), "BAD_REQUEST");
    await expectTrpcError(hr.bulk.getStatus({ statusId: crypto.randomUUID() }), "NOT_FOUND", bulkMessages.jobNotFound);
  });

  test("wrong columns or an unreadable file: ABORTED, XLS_VALIDATION_ERROR with the reason", async () => {
    const hr = await caller(DEMO.HR);
    const wrong = await hr.bulk.upload(form("acme", await workbook(["Policy", "Shoe size"], [{ Policy: POLICY, "Shoe size": "42" }])));
    const junk = await hr.bulk.upload(form("acme", new TextEncoder().encode("not a zip"), "broken.xlsx"));
    await finish();
    const w = await hr.bulk.getStatus({ statusId: wrong.jobId });
    expect(w).toMatchObject({ status: "ABORTED", importState: "XLS_VALIDATION_ERROR" });
    expect(w.failureReason).toContain("The columns do not match the template: unknown column \"Shoe size\"");
    const j = await hr.bulk.jobStatus({ jobId: junk.jobId });
    expect(j.success).toBe(false);
    expect(j.uploadDTO.status).toBe("ABORTED");
    expect(j.resultMessage).toBe(bulkMessages.fileUnreadable);
    await expectTrpcError(hr.bulk.errorFile({ statusId: wrong.jobId }), "CONFLICT", bulkMessages.notFinished);
  });
});

describe("access", () => {
  test("an employee, a manager of another group's job and another group's HR are refused; ADMIN may read", async () => {
    const headers = await templateHeaders();
    const hr = await caller(DEMO.HR);
    const up = await hr.bulk.upload(form("acme", await workbook(headers, [await rowValues(t.db, "bad")])));
    await finish();
    const employee = await caller(DEMO.EMPLOYEE);
    await expectTrpcError(employee.bulk.getStatus({ statusId: up.jobId }), "FORBIDDEN");
    await expectTrpcError(employee.bulk.upload(form("acme", await workbook(headers, []))), "FORBIDDEN");
    const globex = await caller(DEMO.GLOBEX);
    await expectTrpcError(globex.bulk.getStatus({ statusId: up.jobId }), "NOT_FOUND", bulkMessages.jobNotFound);
    await expectTrpcError(globex.bulk.jobStatus({ jobId: up.jobId }), "NOT_FOUND");
    await expectTrpcError(globex.bulk.errorFile({ statusId: up.jobId }), "NOT_FOUND");
    await expectTrpcError(globex.bulk.downloadErrorFile({ jobId: up.jobId }), "NOT_FOUND");
    await expectTrpcError(globex.bulk.downloadInputFile({ jobId: up.jobId }), "NOT_FOUND");
    await expectTrpcError(globex.bulk.rows({ jobId: up.jobId }), "NOT_FOUND");
    await expectTrpcError(globex.bulk.upload(form("acme", await workbook(headers, []))), "FORBIDDEN", messages.otherGroup);
    expect((await (await caller(DEMO.ADMIN)).bulk.getStatus({ statusId: up.jobId })).status).toBe("PROCESSED");
    // A job of another kind (an estimate recalculation, a city index import) is no bulk job.
    const other = await t.db.selectFrom("jobs").select("id").where("kind", "!=", BULK_IMPORT_JOB).executeTakeFirst();
    if (other) await expectTrpcError(hr.bulk.getStatus({ statusId: other.id }), "NOT_FOUND");
  });
});

describe("kill and restart", () => {
  const jobRow = (id: string) => t.db.selectFrom("jobs").selectAll().where("id", "=", id).executeTakeFirstOrThrow();
  const rowNumbers = async (id: string) =>
    (await t.db.selectFrom("bulk_import_rows").select("row_number").where("job_id", "=", id).orderBy("row_number").execute()).map((r) => r.row_number);

  test("a crash after two batches: the job is claimed again, resumes after the done rows and finishes; every row once", async () => {
    const { emails, bytes } = await rowsFile(8);
    bulkImportSettings.batchRows = 3;
    let batches = 0;
    let seenAtCrash = -1;
    bulkImportHooks.afterBatch = (rowsDone) => {
      batches += 1;
      if (batches === 2) {
        seenAtCrash = rowsDone;
        throw new Error("worker killed");
      }
    };
    const up = await (await caller(DEMO.HR)).bulk.upload(form("acme", bytes));
    await finish();
    expect(seenAtCrash).toBe(6);
    const job = await jobRow(up.jobId);
    // Two claims: the killed one and the one that resumed at row 8; the counts are not counted twice.
    expect(job).toMatchObject({ status: "DONE", attempts: 2, total_count: 8, success_count: 8, failure_count: 0 });
    expect(batches).toBe(3);
    expect(await usersWith(emails)).toBe(8);
    expect(await rowNumbers(up.jobId)).toEqual([2, 3, 4, 5, 6, 7, 8, 9]);
    expect((await (await caller(DEMO.HR)).bulk.getStatus({ statusId: up.jobId })).importState).toBe("COMPLETED");
  });

  test("a worker whose lease was taken over: its next batch rolls back; a later worker finishes with no duplicate", async () => {
    const { emails, bytes } = await rowsFile(7);
    bulkImportSettings.batchRows = 3;
    let jobId = "";
    let batches = 0;
    bulkImportHooks.afterBatch = async () => {
      batches += 1;
      // After the first batch another worker claims the job (its lease looked expired): a new attempt number.
      if (batches === 1) await t.db.updateTable("jobs").set({ attempts: sql`attempts + 1` }).where("id", "=", jobId).execute();
    };
    const hr = await caller(DEMO.HR);
    const up = await hr.bulk.upload(form("acme", bytes));
    jobId = up.jobId;
    await settleJobs();
    // The first worker's second batch found the claim gone and rolled back: only batch one is kept.
    expect(await rowNumbers(jobId)).toEqual([2, 3, 4]);
    expect((await jobRow(jobId)).success_count).toBe(3);
    expect((await hr.bulk.getStatus({ statusId: jobId })).status).toBe("UNDER_PROCESSING");
    // The taking-over worker died too: its lease expires and the queue claims the job again.
    bulkImportHooks.afterBatch = null;
    await t.db.updateTable("jobs").set({ locked_until: "2000-01-01T00:00:00.000Z" }).where("id", "=", jobId).execute();
    await runPendingJobs(deps(), [BULK_IMPORT_JOB]);
    expect(await jobRow(jobId)).toMatchObject({ status: "DONE", success_count: 7, failure_count: 0, total_count: 7 });
    expect(await rowNumbers(jobId)).toEqual([2, 3, 4, 5, 6, 7, 8]);
    expect(await usersWith(emails)).toBe(7);
  });

  test("the unique (job, row) key refuses a second result for a row", async () => {
    const job = await t.db.selectFrom("bulk_import_rows").select(["job_id", "row_number", "group_id"]).executeTakeFirstOrThrow();
    const insert = () =>
      t.db.insertInto("bulk_import_rows").values({ job_id: job.job_id, group_id: job.group_id, row_number: job.row_number, status: "SUCCESS", employee_id: null, move_id: null, created_at: new Date().toISOString() }).execute();
    await expect(insert()).rejects.toThrow();
  });
});

describe("service for everyone while an import runs (issue 23 item 10)", () => {
  const jobRow = (id: string) =>
    t.db.selectFrom("jobs").select(["status", "success_count", "failure_count", "total_count"]).where("id", "=", id).executeTakeFirstOrThrow();
  /** Rows of each committed batch, from the rows done the job reports after each commit. */
  function recordBatches(): number[] {
    const sizes: number[] = [];
    let last = 0;
    bulkImportHooks.afterBatch = (rowsDone) => {
      sizes.push(rowsDone - last);
      last = rowsDone;
    };
    return sizes;
  }

  test("the import yields between batches: requests made while it runs are answered before it ends and see its progress batch by batch", async () => {
    const { emails, bytes } = await rowsFile(20);
    bulkImportSettings.batchRows = 4;
    const sizes = recordBatches();
    const otherGroup = await cookieFor(t.db, DEMO.GLOBEX);
    const up = await (await caller(DEMO.HR)).bulk.upload(form("acme", bytes));
    // Another group's user keeps calling, each call a new macrotask as a request from the network is. Before
    // issue 23, on SQLite the job ran every batch without giving the event loop a turn: no call was answered
    // until the import was over (and then it was DONE).
    const seen: number[] = [];
    for (let i = 0; i < 5000; i++) {
      await new Promise((resolve) => setTimeout(resolve, 0));
      const me = await trpcQuery(app, "auth.me", undefined, { cookie: otherGroup });
      expect(me.status).toBe(200);
      const job = await jobRow(up.jobId);
      if (job.status === "DONE") break;
      seen.push(job.success_count + job.failure_count);
    }
    await finish();
    expect(await jobRow(up.jobId)).toMatchObject({ status: "DONE", success_count: 20, failure_count: 0, total_count: 20 });
    // Calls answered while the job was half done: it yielded between its batches.
    expect(seen.some((n) => n > 0 && n < 20)).toBe(true);
    // Each count a caller saw is a whole number of batches: a batch's rows and its progress commit together.
    expect(seen.filter((n) => n % 4 !== 0)).toEqual([]);
    // At most batchRows rows per transaction.
    expect(sizes).toEqual([4, 4, 4, 4, 4]);
    expect(await usersWith(emails)).toBe(20);
  });

  test("SQLite: a batch holds the writer only about batchBudgetMs (slow batches make the next ones smaller, not below 20 rows); PostgreSQL: batchRows", async () => {
    const { emails, bytes } = await rowsFile(70);
    // A budget no batch can meet: after the first batch SQLite takes the smallest batch.
    Object.assign(bulkImportSettings, { batchRows: 30, firstBatchRows: 30, batchBudgetMs: 0.000001 });
    const sizes = recordBatches();
    const up = await (await caller(DEMO.HR)).bulk.upload(form("acme", bytes));
    await finish();
    expect(await jobRow(up.jobId)).toMatchObject({ status: "DONE", success_count: 70, total_count: 70 });
    expect(sizes).toEqual(isPostgres(t.db) ? [30, 30, 10] : [30, 20, 20]);
    expect(await usersWith(emails)).toBe(70);
  });

  test("a crash after a batch while batches follow the time budget: resumed after a restart, every row once", async () => {
    const { emails, bytes } = await rowsFile(45);
    Object.assign(bulkImportSettings, { batchRows: 25, firstBatchRows: 25, batchBudgetMs: 0.000001 });
    let batches = 0;
    const sizes: number[] = [];
    let last = 0;
    bulkImportHooks.afterBatch = (rowsDone) => {
      sizes.push(rowsDone - last);
      last = rowsDone;
      if (++batches === 1) throw new Error("worker killed");
    };
    const up = await (await caller(DEMO.HR)).bulk.upload(form("acme", bytes));
    await finish();
    expect(await t.db.selectFrom("jobs").select(["status", "attempts", "success_count", "total_count"]).where("id", "=", up.jobId).executeTakeFirstOrThrow()).toMatchObject({
      status: "DONE",
      attempts: 2,
      success_count: 45,
      total_count: 45,
    });
    // The first attempt committed 25 rows and died; the second started from row 27 (rows done counted from the job's results).
    expect(sizes[0]).toBe(25);
    expect(last).toBe(45);
    const numbers = (await t.db.selectFrom("bulk_import_rows").select("row_number").where("job_id", "=", up.jobId).orderBy("row_number").execute()).map((r) => r.row_number);
    expect(numbers).toEqual(Array.from({ length: 45 }, (_, i) => i + 2));
    expect(await usersWith(emails)).toBe(45);
  });
});

describe("legacy paths", () => {
  test("template, upload, getStatus, get-status, errorFile, download-error-file, download-input-file; other group 404, employee 403", async () => {
    const hrCookie = await cookieFor(t.db, DEMO.HR);
    const globexCookie = await cookieFor(t.db, DEMO.GLOBEX);
    const employeeCookie = await cookieFor(t.db, DEMO.EMPLOYEE);
    const tpl = await send(app, "GET", "/bulk/template?group=acme", null, { cookie: hrCookie });
    expect(tpl.status).toBe(200);
    expect(tpl.headers.get("content-disposition")).toContain("acme-employee-import-template.xlsx");
    const headers = await templateHeaders();
    const bytes = await workbook(headers, [await rowValues(t.db, uniqueEmail("legacy")), await rowValues(t.db, "broken-address")]);
    const up = await send(app, "POST", "/bulk/upload", form("acme", bytes), { cookie: hrCookie });
    const { status, body } = await jsonOf(up);
    expect(status).toBe(200);
    expect(body.success).toBe(true);
    const jobId = body.jobId as string;
    await finish();

    const s = await jsonOf(await send(app, "GET", `/bulk/getStatus?statusId=${jobId}`, null, { cookie: hrCookie }));
    expect(s.body).toMatchObject({ registrationId: jobId, totalCount: 2, successCount: 1, failureCount: 1, status: "PROCESSED" });
    const g = await jsonOf(await send(app, "GET", `/bulk/get-status?jobId=${jobId}`, null, { cookie: hrCookie }));
    expect(g.body).toMatchObject({ success: true, uploadDTO: { jobId, status: "PROCESSED" } });
    for (const path of [`/bulk/errorFile?statusId=${jobId}`, `/bulk/download-error-file?jobId=${jobId}`, `/bulk/download-input-file?jobId=${jobId}`]) {
      const res = await send(app, "GET", path, null, { cookie: hrCookie });
      expect(res.status).toBe(200);
      expect(res.headers.get("content-type")).toContain("spreadsheetml");
      expect((await res.arrayBuffer()).byteLength).toBeGreaterThan(500);
      await expectLegacyFailure(await send(app, "GET", path, null, { cookie: globexCookie }), 404, { message: bulkMessages.jobNotFound });
      await expectLegacyFailure(await send(app, "GET", path, null, { cookie: employeeCookie }), 403);
    }
    const rows = await jsonOf(await send(app, "GET", `/bulk/rows?jobId=${jobId}`, null, { cookie: hrCookie }));
    expect(rows.body.rows[0].rowNumber).toBe(3);
    const jobs = await jsonOf(await send(app, "GET", `/bulk/jobs?group=acme`, null, { cookie: hrCookie }));
    expect(jobs.body[0].registrationId).toBeDefined();

    await expectLegacyFailure(await send(app, "POST", "/bulk/upload", form("acme"), { cookie: hrCookie }), 400, { message: bulkMessages.chooseFile });
    await expectLegacyFailure(await send(app, "POST", "/bulk/upload", form("acme", bytes), { cookie: globexCookie }), 403);
    await expectLegacyFailure(await send(app, "POST", "/bulk/upload", form("acme", bytes)), 401);
    await expectLegacyFailure(await send(app, "GET", "/bulk/getStatus?statusId=nope", null, { cookie: hrCookie }), 400);
    await expectLegacyFailure(await send(app, "GET", "/bulk/template?group=acme", null, { cookie: globexCookie }), 403);
  });
});
