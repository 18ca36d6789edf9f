import { describe, expect, test } from "bun:test";
import ExcelJS from "exceljs";
import { InsertQueryNode, type KyselyPlugin } from "kysely";
import type { DB } from "../../db/index.ts";
import { countCityIndicesBySource, findCityIndex } from "../../db/queries/estimate/city-indices.ts";
import { findJob } from "../../db/queries/jobs.ts";
import { DEMO_CITY_INDICES } from "../../db/seed-estimate.ts";
import { CITY_INDEX_COLUMNS } from "../../domain/estimate/schemas.ts";
import { estimateMessages } from "../../domain/estimate/messages.ts";
import { auditRows, testConfig } from "../../test/db.ts";
import { DEMO, useTestDatabase } from "../../test/fixtures.ts";
import { expectAudit } from "../../test/audit.ts";
import { mailerFor } from "../../trpc.ts";
import { runPendingJobs, settleJobs, type JobDeps } from "../jobs/queue.ts";
import {
  CITY_INDEX_IMPORT_JOB,
  cityIndexImportState,
  cityIndexTemplate,
  indexImportMessages,
  startCityIndexImport,
  validateIndexRows,
} from "./indices.ts";

const t = useTestDatabase();
const config = testConfig();
const depsOf = (db: DB): JobDeps => ({ db, config, mailer: mailerFor(config) });
const adminId = async () => (await t.db.selectFrom("users").select("id").where("email", "=", DEMO.ADMIN).executeTakeFirstOrThrow()).id;

const HEADER = CITY_INDEX_COLUMNS.join(",");
const csv = (...rows: string[]) => new TextEncoder().encode([HEADER, ...rows].join("\r\n"));

/** Starts an import and drains the queue: this call and the queue's own drain (woken by the enqueue) both finish. */
async function importFile(fileName: string, bytes: Uint8Array, db: DB = t.db) {
  const deps = depsOf(db);
  const id = await startCityIndexImport(deps, { userId: await adminId() }, { fileName, bytes });
  await runPendingJobs(deps, [CITY_INDEX_IMPORT_JOB]);
  await settleJobs();
  const job = await findJob(t.db, id);
  if (!job || (job.status !== "DONE" && job.status !== "FAILED")) throw new Error(`import ${id} did not finish: ${job?.status}`);
  return { id, job, state: await cityIndexImportState(t.db) };
}

describe("city index lookups and the demo rows", () => {
  test("the demo seed filled the table; lookups ignore case, accents, spaces and a trailing City", async () => {
    expect(await countCityIndicesBySource(t.db)).toEqual({ DEMO: DEMO_CITY_INDICES.length, IMPORT: 0 });
    expect((await findCityIndex(t.db, "ch", "  ZURICH "))?.city_name).toBe("Zürich");
    expect((await findCityIndex(t.db, "US", "New York"))?.city_name).toBe("New York City");
    expect((await findCityIndex(t.db, "US", "new york city"))?.col_index).toBe("100");
    expect((await findCityIndex(t.db, "MX", "Mexico"))?.city_name).toBe("Mexico City");
    expect(await findCityIndex(t.db, "GB", "Zürich")).toBeUndefined();
    expect(await findCityIndex(t.db, "GB", "  ")).toBeUndefined();
    const tokyo = await findCityIndex(t.db, "JP", "Tokyo");
    expect(tokyo).toMatchObject({ currency: "JPY", monthly_rent: 450_000, source: "DEMO", as_of: "2026-01-01" });
    expect((await findCityIndex(t.db, "GB", "London"))?.monthly_rent).toBe(460_000);
  });

  test("the state before any import: IDLE with the demo count", async () => {
    expect(await cityIndexImportState(t.db)).toEqual({ importState: "IDLE", importResultMessage: null, rows: 0, demoRows: DEMO_CITY_INDICES.length, importedAt: null });
  });
});

describe("validateIndexRows", () => {
  const now = new Date("2026-03-01T00:00:00Z");
  const countries = new Set(["GB", "US", "JP", "CH"]);
  test("valid rows become IMPORT rows in minor units; every kind of bad cell is a numbered problem", () => {
    const { rows, problems } = validateIndexRows(
      [
        ["gb", " London ", "gbp", "87,50", "080", "4,750.50", "2026-02-01"],
        ["JP", "Tokyo", "JPY", "74", "44", "455000", "2026-02-01"],
        ["XX", "Nowhere", "USD", "1", "1", "1", "2026-02-01"],
        ["US", "", "USD", "1", "1", "1", "2026-02-01"],
        ["US", "Austin", "XYZ", "1", "1", "1", "2026-02-01"],
        ["US", "Austin", "USD", "0", "1", "1", "2026-02-01"],
        ["US", "Austin", "USD", "1", "-3", "1", "2026-02-01"],
        ["US", "Austin", "USD", "1", "1", "12.345", "2026-02-01"],
        ["US", "Austin", "USD", "1", "1", "0", "2026-02-01"],
        ["US", "Austin", "USD", "1", "1", "100", "2026-02-30"],
        ["GB", "LONDON", "GBP", "80", "80", "4000", "2026-02-01"],
        ["JP", "Osaka", "JPY", "60", "30", "99999999999999", "2026-02-01"],
      ],
      countries,
      now,
    );
    expect(rows).toEqual([
      { country_code: "GB", city_name: "London", currency: "GBP", col_index: "87.5", housing_index: "80", monthly_rent: 475_050, as_of: "2026-02-01", source: "IMPORT", updated_at: now.toISOString() },
      { country_code: "JP", city_name: "Tokyo", currency: "JPY", col_index: "74", housing_index: "44", monthly_rent: 455_000, as_of: "2026-02-01", source: "IMPORT", updated_at: now.toISOString() },
    ]);
    expect(problems.map((p) => p.message)).toEqual([
      'Row 4: the country code "XX" is not a two-letter country code.',
      "Row 5: the city is missing or longer than 200 characters.",
      'Row 6: the currency "XYZ" is not an ISO 4217 currency code.',
      'Row 7: the cost of living index "0" must be a positive decimal number.',
      'Row 8: the housing index "-3" must be a positive decimal number.',
      'Row 9: the monthly rent "12.345" must be a positive amount in USD: At most 2 decimal places are allowed for USD.',
      'Row 10: the monthly rent "0" must be a positive amount in USD: it must be more than zero.',
      'Row 11: the date "2026-02-30" must be a date (YYYY-MM-DD).',
      "Row 12: LONDON (GB) appears more than once; row 2 is used.",
      'Row 13: the monthly rent "99999999999999" must be a positive amount in JPY: The amount is too large.',
    ]);
    expect(problems.map((p) => p.row)).toEqual([4, 5, 6, 7, 8, 9, 10, 11, 12, 13]);
  });
});

describe("startCityIndexImport and the import job", () => {
  test("a CSV with good and bad rows: the good ones replace the demo rows, the bad ones are listed", async () => {
    const demoBefore = (await countCityIndicesBySource(t.db)).DEMO;
    const { job, state } = await importFile(
      "indices.csv",
      csv(
        "GB,London,GBP,88.5,79,\"4,800.00\",2026-03-01",
        "FR,Lyon,EUR,64,30,1900,2026-03-01",
        "ZZ,Atlantis,EUR,1,1,1,2026-03-01",
        "DE,Berlin,EUR,66,40,2600,03/01/2026",
      ),
    );
    expect(job.status).toBe("DONE");
    expect({ success: job.success_count, failure: job.failure_count }).toEqual({ success: 2, failure: 2 });
    expect(state.importState).toBe("COMPLETED_WITH_ERRORS");
    expect(state.importResultMessage).toBe(
      '2 city indices imported. Row 4: the country code "ZZ" is not a two-letter country code. Row 5: the date "03/01/2026" must be a date (YYYY-MM-DD).',
    );
    expect(state.rows).toBe(2);
    expect(state.demoRows).toBe(demoBefore - 1);
    expect(state.importedAt).not.toBeNull();
    expect(await findCityIndex(t.db, "GB", "london")).toMatchObject({ source: "IMPORT", col_index: "88.5", housing_index: "79", monthly_rent: 480_000, as_of: "2026-03-01" });
    expect(await findCityIndex(t.db, "FR", "Lyon")).toMatchObject({ source: "IMPORT", currency: "EUR", monthly_rent: 190_000 });
    expect(await findCityIndex(t.db, "DE", "Berlin")).toMatchObject({ source: "DEMO" });
    const result = JSON.parse(job.result!);
    expect(result).toMatchObject({ fileName: "indices.csv", imported: 2, failed: 2 });
    expect(result.problems).toHaveLength(2);
    const audit = (await auditRows(t.db, "estimate.indicesImported")).at(-1)!;
    expect(audit.actor_user_id).toBe(await adminId());
    expect(JSON.parse(audit.new_values!)).toEqual({ fileName: "indices.csv", imported: 2, failed: 2 });
    await expectAudit(t.db, { action: "estimate.indicesImported", actor: DEMO.ADMIN, groupId: null, entity: "cityIndices", entityId: job.id, oldValues: null, newValues: { fileName: "indices.csv", imported: 2, failed: 2 } });
  });

  test("the template round trip: the .xlsx template imports its two example rows", async () => {
    const template = await cityIndexTemplate();
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(template.buffer.slice(template.byteOffset, template.byteOffset + template.byteLength) as ArrayBuffer);
    const sheet = workbook.worksheets[0]!;
    expect(sheet.getRow(1).values).toEqual([undefined, ...CITY_INDEX_COLUMNS]);
    expect(sheet.rowCount).toBe(3);
    const { state } = await importFile("template.xlsx", template);
    expect(state.importState).toBe("COMPLETED");
    expect(state.importResultMessage).toBe("2 city indices imported.");
    expect(await findCityIndex(t.db, "US", "New York City")).toMatchObject({ source: "IMPORT", monthly_rent: 750_000 });
    expect(await findCityIndex(t.db, "GB", "London")).toMatchObject({ source: "IMPORT", col_index: "86", monthly_rent: 460_000, as_of: "2026-01-01" });
  });

  test("an .xlsx with numbers and date cells is read like text", async () => {
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet("Indices");
    sheet.addRow([...CITY_INDEX_COLUMNS]);
    sheet.addRow(["SG", "Singapore", "SGD", 90.25, 91, 8100.5, new Date(Date.UTC(2026, 3, 1))]);
    const bytes = new Uint8Array((await workbook.xlsx.writeBuffer()) as ArrayBuffer);
    const { state } = await importFile("numbers.XLSX", bytes);
    expect(state.importState).toBe("COMPLETED");
    expect(await findCityIndex(t.db, "SG", "Singapore")).toMatchObject({ source: "IMPORT", col_index: "90.25", housing_index: "91", monthly_rent: 810_050, as_of: "2026-04-01" });
  });

  test("files that cannot be imported: wrong type refused at once; a wrong header, no rows or a broken file fail the job", async () => {
    const deps = depsOf(t.db);
    const actor = { userId: await adminId() };
    await expect(startCityIndexImport(deps, actor, { fileName: "indices.txt", bytes: csv("GB,London,GBP,1,1,1,2026-01-01") })).rejects.toMatchObject({ code: "VALIDATION", message: indexImportMessages.fileType });
    await expect(startCityIndexImport(deps, actor, { fileName: "empty.csv", bytes: new Uint8Array() })).rejects.toMatchObject({ code: "VALIDATION", message: estimateMessages.importEmpty });
    await expect(startCityIndexImport(deps, actor, { fileName: "big.csv", bytes: new Uint8Array(20_971_521) })).rejects.toMatchObject({ code: "PAYLOAD_TOO_LARGE" });

    const header = await importFile("header.csv", new TextEncoder().encode("City,Country code\nLondon,GB"));
    expect(header.state).toMatchObject({ importState: "FAILED", importResultMessage: indexImportMessages.header });
    const empty = await importFile("empty.csv", csv());
    expect(empty.state).toMatchObject({ importState: "FAILED", importResultMessage: estimateMessages.importEmpty });
    const broken = await importFile("broken.xlsx", new TextEncoder().encode("not a zip"));
    expect(broken.state).toMatchObject({ importState: "FAILED", importResultMessage: indexImportMessages.fileUnreadable });
    // A permanent failure is not retried.
    expect(broken.job.attempts).toBe(1);
  });

  test("a second import is refused while one is running; the earlier file's bytes are dropped once finished", async () => {
    const deps = depsOf(t.db);
    const actor = { userId: await adminId() };
    // A job another worker holds (a live lease), so no drain here picks it up.
    const id = crypto.randomUUID();
    const now = new Date();
    const at = now.toISOString();
    const payload = JSON.stringify({ fileName: "a.csv", base64: Buffer.from(csv("IE,Cork,EUR,60,30,1800,2026-01-01")).toString("base64"), size: 1 });
    await t.db
      .insertInto("jobs")
      .values({ id, kind: CITY_INDEX_IMPORT_JOB, group_id: null, created_by: actor.userId, status: "RUNNING", payload, result: null, error: null, locked_until: new Date(now.getTime() + 60_000).toISOString(), created_at: at, updated_at: at, finished_at: null })
      .execute();
    expect((await cityIndexImportState(t.db)).importState).toBe("RUNNING");
    await expect(startCityIndexImport(deps, actor, { fileName: "b.csv", bytes: csv("IE,Cork,EUR,60,30,1800,2026-01-01") })).rejects.toMatchObject({ code: "CONFLICT", message: estimateMessages.importRunning });
    // The worker died: its lease runs out and the job is resumed.
    await t.db.updateTable("jobs").set({ locked_until: new Date(now.getTime() - 1000).toISOString() }).where("id", "=", id).execute();
    await runPendingJobs(deps, [CITY_INDEX_IMPORT_JOB]);
    expect((await findJob(t.db, id))?.status).toBe("DONE");
    expect(await findCityIndex(t.db, "IE", "Cork")).toMatchObject({ source: "IMPORT" });
    await importFile("c.csv", csv("IE,Galway,EUR,58,28,1600,2026-01-01"));
    expect(JSON.parse((await findJob(t.db, id))!.payload)).toEqual({ pruned: true });
  });

  test("a failed import writes nothing: a failure inside the transaction rolls every row back", async () => {
    const before = await t.db.selectFrom("city_indices").selectAll().orderBy("id").execute();
    // The audit insert comes after the rows, inside the same transaction: make it fail.
    const failAudit: KyselyPlugin = {
      transformQuery(args) {
        const node = args.node;
        if (InsertQueryNode.is(node) && node.into?.table.identifier.name === "audit_log") throw new Error("disk full");
        return node;
      },
      transformResult: async (args) => args.result,
    };
    const failing = t.db.withPlugin(failAudit);
    const { job, state } = await importFile("crash.csv", csv("GB,London,GBP,99,99,9999,2026-05-01", "NZ,Auckland,NZD,70,50,4000,2026-05-01"), failing);
    expect(job.status).toBe("FAILED");
    expect(job.attempts).toBe(3);
    // The internal reason stays in the job row; the page shows the generic text.
    expect(job.error).toBe("disk full");
    expect(state).toMatchObject({ importState: "FAILED", importResultMessage: estimateMessages.generic });
    expect(await t.db.selectFrom("city_indices").selectAll().orderBy("id").execute()).toEqual(before);
    expect(await findCityIndex(t.db, "NZ", "Auckland")).toBeUndefined();
  });
});
