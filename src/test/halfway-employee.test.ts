import { afterAll, beforeAll, describe, expect, spyOn, test } from "bun:test";
import { mkdtemp, readdir, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Config } from "../config.ts";
import type { DB } from "../db/index.ts";
import { MAX_FILE_BYTES } from "../domain/employee/files/limits.ts";
import { completeUpload, deleteFile } from "../services/employee/files/files.ts";
import { localFileStore, type FileStore } from "../services/employee/files/store.ts";
import { releasedVersionOf, validItems } from "../services/moves/wizard/initiation-testing.ts";
import { callerFor, contextFor, testConfig } from "./db.ts";
import { failingWrites, InjectedFailure } from "./fail-midway.ts";
import { DEMO, demoEmployeeMove, useTestDatabase } from "./fixtures.ts";

/**
 * Half-way failures of the employee area's multi-write calls (issue 14): each call runs on a
 * database handle (src/test/fail-midway.ts) or a file store that fails after some of its writes
 * have run — the last write of the transaction, or one in the middle — and the test finds nothing
 * written: rows counted and compared, audit rows unchanged, no blob and no temporary file left.
 * SQLite and (TEST_DB=postgres) PostgreSQL.
 */
const t = useTestDatabase();
let dir: string;
let config: Config;
let store: FileStore;
let employeeId: number;
let moveId: number;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), "meridian-halfway-"));
  config = testConfig({ FILES_DIR: dir });
  store = localFileStore(dir);
  ({ moveId, employeeId } = await demoEmployeeMove(t.db));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

type Counted = "expenses" | "audit_log" | "move_budget_edits" | "move_hub_items" | "employee_files" | "users" | "moves";
async function count(table: Counted): Promise<number> {
  return Number((await t.db.selectFrom(table).select((eb) => eb.fn.countAll().as("n")).executeTakeFirstOrThrow()).n);
}
async function counts(...tables: Counted[]): Promise<Record<string, number>> {
  return Object.fromEntries(await Promise.all(tables.map(async (name) => [name, await count(name)] as const)));
}
async function blobs(): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true }).catch(() => []);
  return entries.filter((e) => e.isFile() && !e.parentPath.endsWith("tmp")).map((e) => e.name).sort();
}
async function temporaryFiles(): Promise<number> {
  return (await readdir(join(dir, "tmp")).catch(() => [])).length;
}
const pdf = (text: string) => new TextEncoder().encode(`%PDF-1.4\n${text}\n%%EOF\n`);
function formData(fields: Record<string, string>, bytes: Uint8Array, name = "doc.pdf") {
  const fd = new FormData();
  for (const [k, v] of Object.entries(fields)) fd.append(k, v);
  fd.append("file", new File([new Uint8Array(bytes)], name));
  return fd;
}
const caller = (db: DB, email: string) => callerFor(db, email, { config });
const userOf = async (email: string) => (await contextFor(t.db, email, { config })).session!.user;

/** Runs `call`, which must fail with the injected failure (logged errors silenced). */
async function failsHalfway(call: () => Promise<unknown>, fired: () => boolean) {
  const quiet = spyOn(console, "error").mockImplementation(() => {});
  try {
    await expect(call()).rejects.toThrow(/injected failure|InjectedFailure|store failed/);
  } finally {
    quiet.mockRestore();
  }
  expect(fired()).toBe(true);
}

describe("expenses: submit with a receipt", () => {
  const input = (receiptFileId: number) => ({
    serviceName: "SETTLINGIN", moveStageId: 1, category: "TRAVEL" as const, expenseDate: "2026-11-20", currency: "USD", gross: "75.00", receiptFileId,
  });

  test.each([
    ["the audit row (its last write)", { table: "audit_log", kind: "insert" as const }],
    ["the expense row itself", { table: "expenses", kind: "insert" as const }],
  ])("failing after %s: no expense, no audit row, the receipt untouched", async (_label, target) => {
    const receipt = await (await caller(t.db, DEMO.EMPLOYEE)).files.upload(formData({ categoryId: "6" }, pdf(`receipt ${crypto.randomUUID()}`), "receipt.pdf"));
    const fileBefore = await t.db.selectFrom("employee_files").selectAll().where("id", "=", receipt.fileID!).executeTakeFirstOrThrow();
    const before = await counts("expenses", "audit_log", "employee_files");
    const broken = failingWrites(t.db, target);
    await failsHalfway(async () => (await caller(broken.db, DEMO.EMPLOYEE)).expenses.submit(input(receipt.fileID!)), broken.fired);
    expect(await counts("expenses", "audit_log", "employee_files")).toEqual(before);
    expect(await t.db.selectFrom("employee_files").selectAll().where("id", "=", receipt.fileID!).executeTakeFirstOrThrow()).toEqual(fileBefore);
    // The same call on a healthy database goes through (the failure was the only reason).
    expect((await (await caller(t.db, DEMO.EMPLOYEE)).expenses.submit(input(receipt.fileID!))).success).toBe(true);
  });
});

describe("budgets: HR budget save", () => {
  test("failing at the audit row after the budget edit was written: no edit kept, the budget unchanged", async () => {
    const save = { group: "acme", employeeId, budgetGroupId: 1, moveStageId: 1, currency: "USD", amount: "4321" };
    const hr = await caller(t.db, DEMO.HR);
    const load = () => hr.budgets.editBudgetLoad({ group: "acme", employeeId, budgetGroupId: 1, moveStageId: 1 });
    const budgetBefore = (await load()).response[0];
    const editsBefore = await t.db.selectFrom("move_budget_edits").selectAll().orderBy("id").execute();
    const before = await counts("audit_log", "move_budget_edits");
    const broken = failingWrites(t.db, { table: "audit_log", kind: "insert" });
    await failsHalfway(async () => (await caller(broken.db, DEMO.HR)).budgets.editBudgetSave(save), broken.fired);
    expect(await counts("audit_log", "move_budget_edits")).toEqual(before);
    expect(await t.db.selectFrom("move_budget_edits").selectAll().orderBy("id").execute()).toEqual(editsBefore);
    expect((await load()).response[0]).toEqual(budgetBefore);
  });
});

describe("move hub", () => {
  const hubRows = () =>
    t.db.selectFrom("move_hub_items").select(["id", "section", "sort_order", "is_done", "title", "updated_at"]).where("move_id", "=", moveId).orderBy("id").execute();

  test("a reorder across sections failing after its first updates: every task keeps its section and place", async () => {
    const me = await caller(t.db, DEMO.EMPLOYEE);
    const hub = await me.movehub.prepare({});
    const item = hub.sections[0]!.items[0]!;
    expect(hub.sections.length).toBeGreaterThan(1);
    const before = await hubRows();
    const audits = await count("audit_log");
    // The move shifts the tasks of both sections: fail on the second of those updates.
    const broken = failingWrites(t.db, { table: "move_hub_items", kind: "update", nth: 2 });
    await failsHalfway(async () => (await caller(broken.db, DEMO.EMPLOYEE)).movehub.updateStatus({ type: "ORDER", itemId: item.id, section: 2, order: 0 }), broken.fired);
    expect(await hubRows()).toEqual(before);
    expect(await count("audit_log")).toBe(audits);
  });

  test("a custom task added at the top of a section, failing after the insert while the others shift: no task added, none moved", async () => {
    const before = await hubRows();
    const audits = await count("audit_log");
    const broken = failingWrites(t.db, { table: "move_hub_items", kind: "update", nth: 1 });
    await failsHalfway(
      async () => (await caller(broken.db, DEMO.EMPLOYEE)).movehub.saveItem({ moveId, title: `Half-way ${crypto.randomUUID()}`, section: 1, order: 0 }),
      broken.fired,
    );
    expect(await hubRows()).toEqual(before);
    expect(await count("audit_log")).toBe(audits);
  });
});

describe("files: upload (row + blob) and delete", () => {
  async function staged(text: string) {
    return { name: "half.pdf", staged: await store.stage(new Blob([pdf(text)]).stream(), MAX_FILE_BYTES) };
  }
  const failingStore = (over: Partial<FileStore>): { store: FileStore; fired: () => boolean } => {
    let fired = false;
    const wrap = <A extends unknown[], R>(f: ((...a: A) => Promise<R>) | undefined, orig: (...a: A) => Promise<R>) =>
      f
        ? async (...a: A) => {
            fired = true;
            return f(...a);
          }
        : orig;
    return {
      store: {
        ...store,
        commit: wrap(over.commit, store.commit),
        remove: wrap(over.remove, store.remove),
      },
      fired: () => fired,
    };
  };

  test("the row written, then placing the blob fails: no row, no blob, no temporary file", async () => {
    const user = await userOf(DEMO.EMPLOYEE);
    const before = await counts("employee_files", "audit_log");
    const blobsBefore = await blobs();
    const broken = failingStore({ commit: async () => { throw new Error("store failed"); } });
    const file = await staged(`blob fails ${crypto.randomUUID()}`);
    await failsHalfway(() => completeUpload(t.db, broken.store, user, { categoryId: 1 }, file), broken.fired);
    expect(await counts("employee_files", "audit_log")).toEqual(before);
    expect(await blobs()).toEqual(blobsBefore);
    expect(await temporaryFiles()).toBe(0);
  });

  test("the blob placed, then the transaction fails: no row and no blob left behind", async () => {
    const user = await userOf(DEMO.EMPLOYEE);
    const before = await counts("employee_files", "audit_log");
    const blobsBefore = await blobs();
    const broken = failingStore({
      commit: async (s) => {
        await store.commit(s);
        throw new Error("store failed after placing the blob");
      },
    });
    const file = await staged(`placed then fails ${crypto.randomUUID()}`);
    await failsHalfway(() => completeUpload(t.db, broken.store, user, { categoryId: 1 }, file), broken.fired);
    expect(await counts("employee_files", "audit_log")).toEqual(before);
    expect(await blobs()).toEqual(blobsBefore);
    expect(await temporaryFiles()).toBe(0);
  });

  test("the same, when the bytes were already stored for another row: that row keeps its blob", async () => {
    const user = await userOf(DEMO.EMPLOYEE);
    const text = `shared bytes ${crypto.randomUUID()}`;
    const kept = await completeUpload(t.db, store, user, {}, await staged(text));
    const before = await counts("employee_files", "audit_log");
    const blobsBefore = await blobs();
    const broken = failingStore({
      commit: async (s) => {
        await store.commit(s);
        throw new Error("store failed after placing the blob");
      },
    });
    const again = { name: "again.pdf", staged: (await staged(text)).staged };
    await failsHalfway(() => completeUpload(t.db, broken.store, user, {}, again), broken.fired);
    expect(await counts("employee_files", "audit_log")).toEqual(before);
    expect(await blobs()).toEqual(blobsBefore);
    expect(await store.exists(kept.hash!)).toBe(true);
  });

  test("the row insert itself fails: nothing written, the staged bytes dropped", async () => {
    const user = await userOf(DEMO.EMPLOYEE);
    const before = await counts("employee_files", "audit_log");
    const blobsBefore = await blobs();
    const broken = failingWrites(t.db, { table: "employee_files", kind: "insert" });
    const file = await staged(`insert fails ${crypto.randomUUID()}`);
    await failsHalfway(() => completeUpload(broken.db, store, user, {}, file), broken.fired);
    expect(await counts("employee_files", "audit_log")).toEqual(before);
    expect(await blobs()).toEqual(blobsBefore);
    expect(await temporaryFiles()).toBe(0);
  });

  test("a delete whose blob removal fails: the row and the blob are both still there", async () => {
    const user = await userOf(DEMO.EMPLOYEE);
    const up = await completeUpload(t.db, store, user, {}, await staged(`to delete ${crypto.randomUUID()}`));
    const before = await counts("employee_files", "audit_log");
    const broken = failingStore({ remove: async () => { throw new Error("store failed"); } });
    await failsHalfway(() => deleteFile(t.db, broken.store, user, up.fileID!), broken.fired);
    expect(await counts("employee_files", "audit_log")).toEqual(before);
    expect(await store.exists(up.hash!)).toBe(true);
    // And the delete goes through once the store works.
    await deleteFile(t.db, store, user, up.fileID!);
    expect(await store.exists(up.hash!)).toBe(false);
  });

  test("a delete failing after the row was deleted: the row and the blob are both still there", async () => {
    const user = await userOf(DEMO.EMPLOYEE);
    const up = await completeUpload(t.db, store, user, {}, await staged(`delete fails ${crypto.randomUUID()}`));
    const before = await counts("employee_files", "audit_log");
    const broken = failingWrites(t.db, { table: "employee_files", kind: "delete" });
    await failsHalfway(() => deleteFile(broken.db, store, user, up.fileID!), broken.fired);
    expect(await counts("employee_files", "audit_log")).toEqual(before);
    expect(await store.exists(up.hash!)).toBe(true);
  });
});

describe("wizard: createNewEmployee attaching the temporary files", () => {
  test("failing at the attachment (after the employee and move were written): no employee, no move, the files still temporary", async () => {
    const uuid = crypto.randomUUID();
    const hr = await caller(t.db, DEMO.HR);
    const up = await hr.files.upload(formData({ empTempFileUUID: uuid, categoryId: "4" }, pdf(`offer ${crypto.randomUUID()}`)));
    const lta = await releasedVersionOf(t.db, "Global Long-Term Assignment");
    const built = await validItems(t.db, { group: "acme", versionId: lta.versionId });
    const before = await counts("users", "moves", "employee_files", "audit_log");
    const broken = failingWrites(t.db, { table: "employee_files", kind: "update" });
    await failsHalfway(
      async () => (await caller(broken.db, DEMO.HR)).wizard.createNewEmployee({ group: "acme", policyVersionId: lta.versionId, items: built.items, empTempFileUUID: uuid, skipCE: false, saveAsDraft: true }),
      broken.fired,
    );
    expect(await counts("users", "moves", "employee_files", "audit_log")).toEqual(before);
    const row = await t.db.selectFrom("employee_files").selectAll().where("id", "=", up.fileID!).executeTakeFirstOrThrow();
    expect({ employee: row.employee_user_id, move: row.move_id, temp: row.temp_uuid }).toEqual({ employee: null, move: null, temp: uuid });
    // The same call without the failure attaches the file.
    const created = await hr.wizard.createNewEmployee({ group: "acme", policyVersionId: lta.versionId, items: built.items, empTempFileUUID: uuid, skipCE: false, saveAsDraft: true });
    expect(created.success).toBe(true);
    expect((await t.db.selectFrom("employee_files").select("temp_uuid").where("id", "=", up.fileID!).executeTakeFirstOrThrow()).temp_uuid).toBeNull();
  });
});

test("the injected failure is what the calls above fail with", () => {
  expect(new InjectedFailure("insert #1 on x").message).toBe("injected failure after insert #1 on x");
});
