/**
 * Bulk import (issue 24 §6) on the test database (SQLite, or PostgreSQL with TEST_DB=postgres), with the
 * United States' reference cities: a row reports every one of its errors (the wizard's checks and the
 * place checks together, through bulk.rows, GET /bulk/rows and the error file), and a place written as
 * "Houston, Texas, United States" in the City cell is the one Houston of Texas; "Houston, United States"
 * names five and is refused with a message that says how to tell them apart.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import ExcelJS from "exceljs";
import type { Config } from "../../config.ts";
import { bulkMessages, bulkText } from "../../domain/moves/bulk/schemas.ts";
import { wizardMessages } from "../../domain/moves/wizard/messages.ts";
import { BULK_IMPORT_JOB } from "../../services/moves/bulk/bulk-job.ts";
import { columnsOf, POLICY_COLUMN, templateComponents } from "../../services/moves/bulk/bulk.ts";
import { runPendingJobs, settleJobs } from "../../services/jobs/queue.ts";
import { cityIdOf, uniqueEmail, validItem } from "../../services/moves/wizard/initiation-testing.ts";
import { appFor, cookieFor, jsonOf, send, type TestApp } from "../../test/app.ts";
import { callerFor, testConfig } from "../../test/db.ts";
import { DEMO, useTestDatabase } from "../../test/fixtures.ts";
import { mailerFor } from "../../trpc.ts";

const t = useTestDatabase({ reference: { cities: ["GB", "LU", "US"] } });
let dir: string;
let config: Config;
let app: TestApp;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), "meridian-bulk-places-"));
  config = testConfig({ FILES_DIR: dir });
  app = appFor(t.db, { config });
});
afterAll(async () => {
  await settleJobs();
  await rm(dir, { recursive: true, force: true });
});

const caller = (email: string) => callerFor(t.db, email, { config });

type Columns = { headers: string[]; origin: string; destination: string; firstName: string; email: string; valid: (email: string) => Record<string, string> };

async function columns(): Promise<Columns> {
  const group = await t.db.selectFrom("groups").select("id").where("name", "=", "acme").executeTakeFirstOrThrow();
  const components = await templateComponents(t.db, group.id);
  const cols = columnsOf(components);
  const places = { london: await cityIdOf(t.db, "GB", "London"), luxembourg: await cityIdOf(t.db, "LU", "Luxembourg") };
  const label = (modelName: string) => components.find((c) => c.modelName === modelName)!.label;
  const header = (modelName: string) => cols.find((c) => c.modelName === modelName && c.part === "value")!.header;
  return {
    headers: [POLICY_COLUMN, ...cols.map((c) => c.header)],
    origin: label("move.origin"),
    destination: label("move.destination"),
    firstName: header("employee.firstName"),
    email: header("employee.email"),
    valid: (email) => {
      const byModel = new Map(components.map((c) => [c.modelName, validItem(c, places, email)]));
      const values: Record<string, string> = { [POLICY_COLUMN]: "Global Long-Term Assignment" };
      for (const col of cols) {
        const item = byModel.get(col.modelName)!;
        values[col.header] = col.part === "country" ? (item.countryCode ?? "") : col.part === "state" ? (item.state ?? "") : col.part === "currency" ? (item.currency ?? "") : (item.formValue ?? "");
      }
      return values;
    },
  };
}

async function upload(headers: string[], rows: Record<string, string>[]) {
  const wb = new ExcelJS.Workbook();
  const sheet = wb.addWorksheet("Employees");
  sheet.addRow(headers);
  for (const r of rows) sheet.addRow(headers.map((h) => r[h] ?? ""));
  const fd = new FormData();
  fd.append("group", "acme");
  fd.append("file", new File([new Uint8Array(await wb.xlsx.writeBuffer())], "places.xlsx"));
  const hr = await caller(DEMO.HR);
  const up = await hr.bulk.upload(fd);
  await settleJobs();
  await runPendingJobs({ db: t.db, config, mailer: mailerFor(config) }, [BULK_IMPORT_JOB]);
  return { hr, jobId: up.jobId };
}

/** The destination written only in the City cell (Country and State left empty). */
const destinationIn = (c: Columns, text: string) => ({ [`${c.destination} - Country`]: "", [`${c.destination} - State`]: "", [`${c.destination} - City`]: text });

describe("bulk import places and errors (issue 24 §6)", () => {
  test("every error of a row; Houston, Texas, United States resolved; an ambiguous or unknown place said plainly", async () => {
    const c = await columns();
    const houstonEmail = uniqueEmail("houston");
    const rows = [
      { ...c.valid(houstonEmail), ...destinationIn(c, "Houston, Texas, United States") },
      { ...c.valid(uniqueEmail("ambiguous")), ...destinationIn(c, "Houston, United States") },
      {
        ...c.valid("not-an-email"),
        [c.firstName]: "",
        [`${c.origin} - Country`]: "Atlantis",
        ...destinationIn(c, "Gotham, Texas, United States"),
      },
      { ...c.valid(uniqueEmail("nopolicy")), [POLICY_COLUMN]: "No Such Policy", ...destinationIn(c, "Houston, Narnia, United States") },
      { ...c.valid(uniqueEmail("lux")), ...destinationIn(c, "Luxembourg, Luxembourg") },
    ];
    const { hr, jobId } = await upload(c.headers, rows);
    const status = await hr.bulk.getStatus({ statusId: jobId });
    expect(status).toMatchObject({ totalCount: 5, successCount: 2, failureCount: 3, importState: "COMPLETED_WITH_ERRORS" });

    // Row 2: the one Houston of Texas.
    const houston = await t.db
      .selectFrom("moves as m")
      .innerJoin("users as u", "u.id", "m.employee_user_id")
      .innerJoin("cities as ci", "ci.id", "m.destination_city_id")
      .select(["m.destination_country_code", "m.destination_state", "ci.name", "ci.state_code"])
      .where("u.email", "=", houstonEmail)
      .executeTakeFirstOrThrow();
    expect(houston).toEqual({ destination_country_code: "US", destination_state: "TX", name: "Houston", state_code: "TX" });

    const view = await hr.bulk.rows({ jobId });
    const failed = new Map(view.rows.filter((r) => r.status === "FAILED").map((r) => [r.rowNumber, r.errors]));
    expect([...failed.keys()]).toEqual([3, 4, 5]);
    // Row 3: "Houston, United States" names cities in five states.
    expect(failed.get(3)).toEqual([
      bulkText(bulkMessages.ambiguousCity, {
        label: c.destination,
        value: "Houston",
        country: "United States",
        regions: "Alaska, Mississippi, Missouri, Pennsylvania, Texas",
        example: "Houston, Alaska, United States",
      }),
    ]);
    // Row 4: four errors at once, the wizard's and the places'.
    const four = failed.get(4)!;
    expect(four).toHaveLength(4);
    expect(four).toContain(wizardText(wizardMessages.cannotBeEmpty, c.firstName));
    expect(four).toContain(wizardText(wizardMessages.notProperFormat, c.email));
    expect(four).toContain(bulkText(bulkMessages.unknownCountry, { label: c.origin, value: "Atlantis" }));
    expect(four).toContain(bulkText(bulkMessages.unknownCity, { label: c.destination, value: "Gotham", place: "Texas, United States" }));
    // Row 5: no policy, and its place checked all the same.
    expect(failed.get(5)).toEqual([
      wizardMessages.policyNotAvailable,
      bulkText(bulkMessages.unknownRegion, { label: c.destination, value: "Narnia", country: "United States" }),
    ]);

    // The documented path answers the same list; the error file has every message of the row.
    const cookie = await cookieFor(t.db, DEMO.HR, config);
    const legacy = await jsonOf(await send(app, "GET", `/bulk/rows?jobId=${jobId}`, null, { cookie }));
    expect(legacy.status).toBe(200);
    expect(legacy.body.rows.find((r: { rowNumber: number }) => r.rowNumber === 4).errors).toEqual(four);
    const file = await hr.bulk.errorFile({ statusId: jobId });
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(Buffer.from(file.base64, "base64") as unknown as ArrayBuffer);
    expect(String(wb.worksheets[0]!.getRow(3).getCell(3).value).split("\n")).toEqual(four);
    const before = await t.db.selectFrom("users").select("id").where("email", "=", "not-an-email").execute();
    expect(before).toEqual([]);
  });
});

const wizardText = (template: string, label: string) => template.replace("{label}", label);
