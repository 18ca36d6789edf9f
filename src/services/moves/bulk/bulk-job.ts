/**
 * The bulk import job (issue 15; part 1 §3, §4; see bulk.ts): the stored file parsed once, its columns
 * checked, then the rows not yet done in batches, each batch one transaction through the wizard's
 * stage-2 save (batch-save.ts) with its rows' results and the job's progress. Importing this module
 * registers the job's handler (bulk-upload.ts, which enqueues the job, imports it).
 */
import { sql } from "kysely";
import type { DB } from "../../../db/index.ts";
import { findGroupById } from "../../../db/queries/admin/groups.ts";
import { insertRows } from "../../../db/queries/bulk-insert.ts";
import { findCitiesNamed, findReleasedPolicies } from "../../../db/queries/moves/wizard.ts";
import type { GroupRef } from "../../../db/schema.ts";
import { AppError } from "../../../domain/errors.ts";
import { messages } from "../../../domain/messages.ts";
import { bulkMessages, bulkText } from "../../../domain/moves/bulk/schemas.ts";
import { findRegion, pickCity, placeTexts, type CityCandidate, type PlaceCells, type StateRef } from "../../../domain/moves/bulk/places.ts";
import { wizardMessages } from "../../../domain/moves/wizard/messages.ts";
import type { TFormComponentItem, TInitiationComponent } from "../../../domain/moves/wizard/schemas.ts";
import type { SessionUser } from "../../identity/auth.ts";
import type { FileStore } from "../../employee/files/store.ts";
import { fileStoreFor } from "../../employee/files/store.ts";
import { JOB_LEASE_MS, PermanentJobError, registerJobHandler, type Job, type JobDeps } from "../../jobs/queue.ts";
import { notifyBulkImportFinished } from "../../identity/notifications/events.ts";
import { yieldToEventLoop } from "../../jobs/yield.ts";
import { isPostgres } from "../../../db/locks.ts";
import { allComponents, loadForm } from "../wizard/form-load.ts";
import { saveNewEmployees, type BatchSaveOutcome, type NewEmployeeSave } from "../wizard/batch-save.ts";
import { isUniqueViolation } from "../../policy/common.ts";
import { columnsOf, headerIndex, POLICY_COLUMN, readBulkSheet, templateComponents, type BulkColumn, type BulkJobPayload } from "./bulk.ts";

export const BULK_IMPORT_JOB = "bulk.employeeImport";
/**
 * Rows written per transaction at most (each batch commits its rows' results and the job's progress
 * together; tests make it small), and on SQLite the time a batch's transaction should take: there it holds
 * the one connection and the thread, so every other request waits for it (issue 23 item 10). Batches there
 * start at `firstBatchRows` and follow the time each took, towards `batchBudgetMs`. Between batches the job
 * gives the event loop a turn on both databases.
 */
export const bulkImportSettings = { batchRows: 500, firstBatchRows: 50, batchBudgetMs: 30 };
/** SQLite batches never shrink below this (or below `batchRows` when that is smaller). */
const MIN_BATCH_ROWS = 20;
/** Tries of a batch whose insert met an address taken meanwhile (each try plans the batch again). */
const BATCH_ATTEMPTS = 3;
/** The most employee rows one file may hold. */
export const MAX_BULK_ROWS = 20_000;

/** Test hook (kill-and-restart tests): called after each committed batch with the rows done so far. */
export const bulkImportHooks: { afterBatch: ((rowsDone: number) => void | Promise<void>) | null } = { afterBatch: null };

// ── the job ───────────────────────────────────────────────────────────────────────────────────

/** The texts an ABORTED job shows as the file's own problem (XLS_VALIDATION_ERROR); anything else is XLS_IMPORT_ERROR. */
export function isFileProblem(reason: string): boolean {
  return (
    reason === bulkMessages.fileType ||
    reason === bulkMessages.fileUnreadable ||
    reason === bulkMessages.empty ||
    reason.startsWith("The columns do not match the template") ||
    reason.startsWith("The file has more than")
  );
}

function payloadOf(job: Job): BulkJobPayload {
  const p = JSON.parse(job.payload) as Partial<BulkJobPayload>;
  if (typeof p.hash !== "string" || typeof p.fileName !== "string" || typeof p.groupId !== "number" || !p.actor) throw new PermanentJobError(bulkMessages.fileUnreadable);
  return p as BulkJobPayload;
}

/** The stored upload's bytes (none stored: null). */
export async function readStored(store: FileStore, hash: string): Promise<Uint8Array | null> {
  const file = await store.open(hash);
  if (!file) return null;
  return new Uint8Array(await new Response(file.body).arrayBuffer());
}

type RowResult = { status: "SUCCESS" | "FAILED"; errors: string[]; warnings: string[]; employeeId: number | null; moveId: number | null };
type ImportContext = {
  group: GroupRef;
  actor: SessionUser;
  columns: BulkColumn[];
  index: Map<string, number>;
  policies: Map<string, { versionId: number; policyId: number; name: string }>;
  countries: Map<string, string>;
  /** Each country's name by its code (the place messages name the country). */
  countryNames: Map<string, string>;
  /** States of a country and the cities of a (country, lower-case name), read once per job (issue 24 §6). */
  states: Map<string, StateRef[]>;
  cities: Map<string, CityCandidate[]>;
  /** Model names of each version's form (cached per version). */
  versionFields: Map<number, Set<string>>;
  components: Map<string, TInitiationComponent>;
  now: Date;
};

const TRUE_TEXTS = new Set(["true", "yes", "y", "1", "x"]);

/** Cities of one name in a country looked at per place; more than this is reported as ambiguous anyway. */
const CITY_CANDIDATES = 50;

async function statesOf(db: DB, ctx: ImportContext, country: string): Promise<StateRef[]> {
  let states = ctx.states.get(country);
  if (!states) {
    states = await db.selectFrom("states").select(["code", "name"]).where("country_code", "=", country).orderBy("name").execute();
    ctx.states.set(country, states);
  }
  return states;
}

async function citiesOf(db: DB, ctx: ImportContext, country: string, name: string): Promise<CityCandidate[]> {
  const key = `${country}|${name.trim().toLowerCase()}`;
  let cities = ctx.cities.get(key);
  if (!cities) {
    cities = (await findCitiesNamed(db, country, name, CITY_CANDIDATES)).map((c) => ({ id: c.id, name: c.name, state_code: c.state_code }));
    ctx.cities.set(key, cities);
  }
  return cities;
}

/**
 * A place's cells as the wizard's item (country code, state code, the city's own name, which the save then
 * finds as its one city), or the message saying why not: an unknown country or region, no such city, or a
 * name several cities share (issue 24 §6).
 */
async function resolveBulkPlace(db: DB, ctx: ImportContext, label: string, cells: PlaceCells, item: TFormComponentItem): Promise<string | null> {
  const texts = placeTexts(cells, (t) => ctx.countries.has(t.toLowerCase()));
  if (texts.country === "") return texts.city === "" ? null : bulkText(bulkMessages.countryNeeded, { label, value: texts.city });
  const country = ctx.countries.get(texts.country.toLowerCase());
  if (!country) return bulkText(bulkMessages.unknownCountry, { label, value: texts.country });
  const countryName = ctx.countryNames.get(country) ?? country;
  const states = await statesOf(db, ctx, country);
  let region: StateRef | null = null;
  if (texts.region !== "") {
    region = findRegion(states, texts.region);
    if (!region) {
      // A state column the package does not list is kept as typed when no city needs it (as before).
      if (texts.regionFromCity || texts.city !== "") return bulkText(bulkMessages.unknownRegion, { label, value: texts.region, country: countryName });
    }
  }
  item.countryCode = country;
  item.state = region?.code ?? (texts.region === "" ? null : texts.region.slice(0, 100));
  if (texts.city === "") return null;
  const picked = pickCity(label, { city: texts.city, countryName, region }, await citiesOf(db, ctx, country, texts.city), states);
  if (!picked.ok) return picked.message;
  item.state = picked.regionCode;
  item.formValue = picked.city.name;
  return null;
}

/** A row's cells as the wizard's items, with every problem of its cells (each place's, each ignored column's). */
async function itemsOf(
  db: DB,
  ctx: ImportContext,
  cells: string[],
  fields: Set<string>,
  policyName: string,
): Promise<{ items: TFormComponentItem[]; warnings: string[]; errors: Record<string, string> }> {
  const value = (header: string) => (cells[ctx.index.get(header)!] ?? "").trim();
  const items = new Map<string, TFormComponentItem>();
  const places = new Map<string, { label: string; cells: PlaceCells }>();
  const warnings: string[] = [];
  const errors: Record<string, string> = {};
  for (const col of ctx.columns) {
    const text = value(col.header);
    if (!fields.has(col.modelName)) {
      if (text !== "" && policyName !== "") warnings.push(bulkText(bulkMessages.ignoredColumn, { column: col.header, policy: policyName }));
      continue;
    }
    const c = ctx.components.get(col.modelName)!;
    let item = items.get(col.modelName);
    if (!item) {
      item = { modelName: c.modelName, formType: c.formType, formValue: null, formValueId: null, rateFrequency: null, currency: null, countryCode: null, state: null };
      items.set(col.modelName, item);
    }
    if (col.part === "country" || col.part === "state" || col.part === "city") {
      let place = places.get(col.modelName);
      if (!place) places.set(col.modelName, (place = { label: col.label, cells: { country: "", state: "", city: "" } }));
      place.cells[col.part] = text.slice(0, 4000);
      continue;
    }
    if (text === "") continue;
    switch (col.part) {
      case "currency":
        item.currency = text.toUpperCase().slice(0, 3);
        break;
      case "value":
        item.formValue = c.formType === "checkbox" ? (TRUE_TEXTS.has(text.toLowerCase()) ? "true" : "false") : text.slice(0, 4000);
        break;
    }
  }
  for (const [modelName, place] of places) {
    const message = await resolveBulkPlace(db, ctx, place.label, place.cells, items.get(modelName)!);
    if (message) {
      errors[modelName] = message;
      // The save then sees the place as empty: its own word on it is replaced by this one.
      Object.assign(items.get(modelName)!, { countryCode: null, state: null, formValue: null, formValueId: null });
    }
  }
  return { items: [...items.values()], warnings, errors };
}

async function versionFieldsOf(trx: DB, ctx: ImportContext, version: { versionId: number; policyId: number }): Promise<Set<string>> {
  let fields = ctx.versionFields.get(version.versionId);
  if (!fields) {
    fields = new Set(allComponents(await loadForm(trx, ctx.group.id, version, ctx.now)).map((c) => c.modelName));
    ctx.versionFields.set(version.versionId, fields);
  }
  return fields;
}

/** A row checked before the save (policy, columns): the save's input, or the row's failure. */
type RowInput = { save: NewEmployeeSave; warnings: string[] } | { failed: RowResult };

const failedRow = (errors: string[], warnings: string[] = []): RowResult => ({ status: "FAILED", errors, warnings, employeeId: null, moveId: null });

/** The row's policy and cells as the wizard's stage-2 items (the save itself is `saveNewEmployees`). */
async function rowInput(trx: DB, ctx: ImportContext, cells: string[]): Promise<RowInput> {
  const policyName = (cells[ctx.index.get(POLICY_COLUMN)!] ?? "").trim();
  const version = policyName === "" ? undefined : ctx.policies.get(policyName.toLowerCase());
  if (!version) {
    // Without a policy the form is unknown: the row's other cells are still checked where they can be (its places).
    const { errors } = await itemsOf(trx, ctx, cells, new Set(ctx.components.keys()), "");
    return { failed: failedRow([policyName === "" ? bulkMessages.policyRequired : wizardMessages.policyNotAvailable, ...Object.values(errors)]) };
  }
  const fields = await versionFieldsOf(trx, ctx, version);
  const { items, warnings, errors } = await itemsOf(trx, ctx, cells, fields, version.name);
  // Cells with a problem still go through the save's checks, so the row reports every error at once (issue 24 §6).
  return { save: { policyVersionId: version.versionId, items, saveAsDraft: false, skipCE: false, knownErrors: errors }, warnings };
}

/** The row's result from the wizard's answer: its employee and move, or every message it gave. */
function resultOf(outcome: BatchSaveOutcome, warnings: string[]): RowResult {
  if (outcome instanceof AppError) return failedRow([outcome.message], warnings);
  if (outcome.success) return { status: "SUCCESS", errors: [], warnings, employeeId: outcome.employeeId, moveId: outcome.moveId };
  const list = [...Object.values(outcome.errors), ...(outcome.message ? [outcome.message] : [])];
  return failedRow(list.length > 0 ? list : [messages.genericFailure], warnings);
}

/** A batch's rows through the wizard's stage-2 save, many at once (batch-save.ts), inside the batch's transaction. */
async function importRows(trx: DB, ctx: ImportContext, rows: { cells: string[] }[]): Promise<RowResult[]> {
  const inputs: RowInput[] = [];
  for (const row of rows) inputs.push(await rowInput(trx, ctx, row.cells));
  const toSave = inputs.flatMap((input) => ("save" in input ? [input] : []));
  const outcomes = await saveNewEmployees(trx, { user: ctx.actor, ip: null }, ctx.group, toSave.map((input) => input.save), ctx.now);
  const saved = new Map(toSave.map((input, i) => [input, resultOf(outcomes[i]!, input.warnings)] as const));
  return inputs.map((input) => ("failed" in input ? input.failed : saved.get(input)!));
}

/** "Ada Lovelace <ada@example.com>": the row as the error file names it. */
function summaryOf(ctx: ImportContext, cells: string[]): string {
  const of = (modelName: string) => {
    const col = ctx.columns.find((c) => c.modelName === modelName && c.part === "value");
    return col ? (cells[ctx.index.get(col.header)!] ?? "").trim() : "";
  };
  const name = `${of("employee.firstName")} ${of("employee.lastName")}`.trim();
  const email = of("employee.email");
  return (email ? `${name} <${email}>` : name).trim().slice(0, 300);
}

/** The job handler: read the stored file, check its columns, import the rows not yet done, batch by batch. */
export async function runBulkImport(job: Job, deps: JobDeps) {
  const payload = payloadOf(job);
  const store = fileStoreFor(deps.config);
  const bytes = await readStored(store, payload.hash);
  if (!bytes) throw new PermanentJobError(bulkMessages.fileUnreadable);
  const sheet = await readBulkSheet(payload.fileName, bytes);
  const group = await findGroupById(deps.db, payload.groupId);
  if (!group) throw new PermanentJobError(messages.notFound);
  const components = await templateComponents(deps.db, group.id);
  const columns = columnsOf(components);
  const index = headerIndex(sheet[0] ?? [], columns);
  const data = sheet
    .slice(1)
    .map((cells, i) => ({ rowNumber: i + 2, cells }))
    .filter((r) => r.cells.some((c) => c !== ""));
  if (data.length === 0) throw new PermanentJobError(bulkMessages.empty);
  if (data.length > MAX_BULK_ROWS) throw new PermanentJobError(bulkText(bulkMessages.tooManyRows, { max: MAX_BULK_ROWS }));

  const stillOurs = (q: DB) =>
    q.updateTable("jobs").where("id", "=", job.id).where("attempts", "=", job.attempts).where("status", "=", "RUNNING");
  await stillOurs(deps.db).set({ total_count: data.length, updated_at: new Date().toISOString() }).execute();

  const done = new Set(
    (await deps.db.selectFrom("bulk_import_rows").select("row_number").where("job_id", "=", job.id).execute()).map((r) => r.row_number),
  );
  const policies = new Map(
    (await findReleasedPolicies(deps.db, group.id)).map((p) => [p.name.trim().toLowerCase(), { versionId: p.version_id, policyId: p.policy_id, name: p.name }] as const),
  );
  const countries = new Map<string, string>();
  const countryNames = new Map<string, string>();
  for (const c of await deps.db.selectFrom("countries").select(["code", "name"]).execute()) {
    countries.set(c.code.toLowerCase(), c.code);
    countries.set(c.name.toLowerCase(), c.code);
    countryNames.set(c.code, c.name);
  }
  const ctx: ImportContext = {
    group,
    actor: payload.actor,
    columns,
    index,
    policies,
    countries,
    countryNames,
    states: new Map(),
    cities: new Map(),
    versionFields: new Map(),
    components: new Map(components.map((c) => [c.modelName, c])),
    now: new Date(),
  };
  const pending = data.filter((r) => !done.has(r.rowNumber));
  const leaseUntil = () => new Date(Date.now() + JOB_LEASE_MS).toISOString();
  const sizer = batchSizer(isPostgres(deps.db));
  for (let start = 0, size = sizer.first(); start < pending.length; start += size, size = sizer.next()) {
    const batch = pending.slice(start, start + size);
    const writeBatch = async (trx: DB) => {
      const at = new Date().toISOString();
      // Only while the claim is still this worker's (a worker that lost its lease rolls its batch back);
      // on PostgreSQL the update also locks the job's row, so two workers of one job write one at a time.
      const kept = await stillOurs(trx).set({ locked_until: leaseUntil(), updated_at: at }).returning("id").execute();
      if (kept.length === 0) throw new Error(`bulk import ${job.id}: lease lost`);
      const results = await importRows(trx, ctx, batch);
      const success = results.filter((r) => r.status === "SUCCESS").length;
      const rows = batch.map((row, i) => {
        const result = results[i]!;
        return {
          job_id: job.id,
          group_id: group.id,
          row_number: row.rowNumber,
          status: result.status,
          employee_id: result.employeeId,
          move_id: result.moveId,
          errors: JSON.stringify(result.errors),
          warnings: JSON.stringify(result.warnings),
          summary: summaryOf(ctx, row.cells),
          created_at: at,
        };
      });
      await insertRows(trx, "bulk_import_rows", rows);
      // The batch's progress commits with its rows and their results.
      await stillOurs(trx)
        .set({ success_count: sql`success_count + ${success}`, failure_count: sql`failure_count + ${batch.length - success}`, updated_at: at })
        .execute();
    };
    // An address taken by a wizard save between the batch's check and its insert: the batch is planned again.
    for (let attempt = 1; ; attempt++) {
      try {
        const began = performance.now();
        await deps.db.transaction().execute(writeBatch);
        sizer.took(batch.length, performance.now() - began);
        break;
      } catch (error) {
        if (!isUniqueViolation(error) || attempt >= BATCH_ATTEMPTS) throw error;
      }
    }
    await bulkImportHooks.afterBatch?.(done.size + start + batch.length);
    // On SQLite the batch's queries ran synchronously: without this turn no request would be served until the
    // whole import is done. The next batch starts after the requests that arrived meanwhile.
    await yieldToEventLoop();
  }
  const counts = await countRows(deps.db, job.id);
  return { result: { fileName: payload.fileName, ...counts }, successCount: counts.successCount, failureCount: counts.failureCount };
}

/**
 * Rows of the next batch. PostgreSQL: always `batchRows` (a transaction there holds one pooled connection
 * and the thread only for its JavaScript; other requests go on meanwhile). SQLite: the first batch
 * `firstBatchRows` (it also loads the forms and warms up), then as many rows as fit in `batchBudgetMs` at the
 * cost per row seen so far (the slower of the last batch and a running average, so a machine that slows
 * down shrinks the next batch at once), at most doubling per batch, between MIN_BATCH_ROWS and `batchRows`.
 */
function batchSizer(postgres: boolean) {
  const { batchRows, firstBatchRows, batchBudgetMs } = bulkImportSettings;
  const max = Math.max(1, batchRows);
  const min = Math.min(max, MIN_BATCH_ROWS);
  let size = postgres ? max : Math.max(min, Math.min(max, firstBatchRows));
  let average = 0; // ms per row
  return {
    first: () => size,
    took(rows: number, ms: number) {
      if (postgres || rows === 0) return;
      const perRow = ms / rows;
      average = average === 0 ? perRow : 0.7 * average + 0.3 * perRow;
      const fitting = Math.floor(batchBudgetMs / Math.max(perRow, average, 1e-6));
      size = Math.max(min, Math.min(max, rows * 2, fitting));
    },
    next: () => size,
  };
}

async function countRows(db: DB, jobId: string) {
  const rows = await db
    .selectFrom("bulk_import_rows")
    .select(["status", (eb) => eb.fn.countAll<string>().as("n")])
    .where("job_id", "=", jobId)
    .groupBy("status")
    .execute();
  const n = (s: string) => Number(rows.find((r) => r.status === s)?.n ?? 0);
  return { successCount: n("SUCCESS"), failureCount: n("FAILED") };
}

// The uploader is told when the import ends, in the transaction that records its end (issue 24 §3).
registerJobHandler(BULK_IMPORT_JOB, runBulkImport, async (trx, job, _finish, at) => {
  const payload = payloadOf(job);
  const counts = await trx.selectFrom("jobs").select(["success_count", "failure_count"]).where("id", "=", job.id).executeTakeFirst();
  await notifyBulkImportFinished(
    trx,
    { jobId: job.id, groupId: payload.groupId, uploadedBy: payload.actor.id, fileName: payload.fileName, created: Number(counts?.success_count ?? 0), failed: Number(counts?.failure_count ?? 0) },
    at,
  );
});
