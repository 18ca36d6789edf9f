import { afterAll, beforeAll, describe, expect, spyOn, test } from "bun:test";
import { mkdtemp, readdir, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { PDFDocument } from "pdf-lib";
import type { Config } from "../config.ts";
import { localFileStore, type FileStore } from "../services/employee/files/store.ts";
import { callerFor, testConfig } from "../test/db.ts";
import { DEMO, useTestDatabase } from "../test/fixtures.ts";
import { DEMO_FILES, passportPng, seedFilesDemo } from "./seed-files.ts";
import { seedAll } from "./seed.ts";

/** The demo employees' files (seed-files.ts): filed through the store and the upload service, idempotent, visible to the right people. */
const t = useTestDatabase();
let dir: string;
let config: Config;
let store: FileStore;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), "meridian-seed-files-"));
  config = testConfig({ FILES_DIR: dir });
  store = localFileStore(dir);
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

const countRows = async () => Number((await t.db.selectFrom("employee_files").select((eb) => eb.fn.countAll().as("n")).executeTakeFirstOrThrow()).n);
const blobs = async () => (await readdir(dir, { recursive: true })).filter((p) => /[0-9a-f]{64}$/.test(p));

describe("seedFilesDemo", () => {
  test("each demo employee gets a passport scan (PNG), a lease and a receipt (PDF) on the move, stored under their hashes", async () => {
    const before = await countRows();
    expect(await seedFilesDemo(t.db, store)).toBe(2 * DEMO_FILES.length);
    expect(await countRows()).toBe(before + 2 * DEMO_FILES.length);
    expect(await readdir(join(dir, "tmp")).catch(() => [])).toEqual([]);

    for (const email of [DEMO.EMPLOYEE, "employee@globex.test"]) {
      const list = await (await callerFor(t.db, email, { config })).files.list({});
      const byName = Object.fromEntries(list.files.map((f) => [f.name, f]));
      expect(Object.keys(byName).sort()).toEqual(DEMO_FILES.map((f) => f.name).sort());
      expect(byName["passport-scan.png"]!.contentType).toBe("image/png");
      expect(byName["apartment-lease.pdf"]!.contentType).toBe("application/pdf");
      expect(byName["moving-receipt.pdf"]!.contentType).toBe("application/pdf");
      expect(byName["passport-scan.png"]!.shareWith).toEqual(["HR"]);
      expect(byName["moving-receipt.pdf"]!.shareWith).toEqual([]);
      for (const file of list.files) {
        expect(file.moveId).not.toBeNull();
        expect(await store.exists(file.hash)).toBe(true);
      }
      // The lease opens as a PDF with one page.
      const lease = await store.open(byName["apartment-lease.pdf"]!.hash);
      const doc = await PDFDocument.load(await (lease!.body as Blob).arrayBuffer());
      expect(doc.getPageCount()).toBe(1);
    }
  });

  test("HR sees the files shared with HR (passport, lease), not the unshared receipt; another group's HR sees none", async () => {
    const employeeId = (await t.db.selectFrom("users").select("id").where("email", "=", DEMO.EMPLOYEE).executeTakeFirstOrThrow()).id;
    const hr = await callerFor(t.db, DEMO.HR, { config });
    const seen = (await hr.files.list({ employeeId })).files.map((f) => f.name).sort();
    expect(seen).toEqual(["apartment-lease.pdf", "passport-scan.png"]);
    const globex = await callerFor(t.db, DEMO.GLOBEX, { config });
    await expect(globex.files.list({ employeeId })).rejects.toMatchObject({ code: "NOT_FOUND" });
  });

  test("re-seeding adds nothing, and puts back a blob the store lost", async () => {
    const rows = await countRows();
    const stored = await blobs();
    expect(await seedFilesDemo(t.db, store)).toBe(0);
    expect(await countRows()).toBe(rows);
    expect((await blobs()).sort()).toEqual(stored.sort());

    const lost = (await t.db.selectFrom("employee_files").select("hash").where("original_name", "=", "apartment-lease.pdf").executeTakeFirstOrThrow()).hash;
    await store.remove(lost);
    expect(await store.exists(lost)).toBe(false);
    expect(await seedFilesDemo(t.db, store)).toBe(0);
    expect(await store.exists(lost)).toBe(true);
    expect(await countRows()).toBe(rows);
  });

  test("seedAll runs the demo files once, only with a file store", async () => {
    const rows = await countRows();
    await t.db.deleteFrom("reference_data_versions").where("name", "=", "demo-files").execute();
    expect(await seedAll(t.db, { demo: true, reference: { cities: ["GB", "LU"] }, wizardDemo: false })).not.toContain("demo-files");
    expect(await seedAll(t.db, { demo: true, reference: { cities: ["GB", "LU"] }, wizardDemo: false, files: store })).toEqual(["demo-files"]);
    expect(await seedAll(t.db, { demo: true, reference: { cities: ["GB", "LU"] }, wizardDemo: false, files: store })).toEqual([]);
    expect(await countRows()).toBe(rows);
  });

  test("a store that cannot be reached does not stop seedAll (the start); the next run stores the files", async () => {
    await t.db.deleteFrom("reference_data_versions").where("name", "=", "demo-files").execute();
    const down: FileStore = { ...store, stage: async () => { throw new Error("connect ECONNREFUSED"); } };
    const warn = spyOn(console, "warn").mockImplementation(() => {});
    try {
      expect(await seedAll(t.db, { demo: true, reference: { cities: ["GB", "LU"] }, wizardDemo: false, files: down })).toEqual([]);
      expect(warn.mock.calls.join(" ")).toContain("ECONNREFUSED");
    } finally {
      warn.mockRestore();
    }
    expect(await seedAll(t.db, { demo: true, reference: { cities: ["GB", "LU"] }, wizardDemo: false, files: store })).toEqual(["demo-files"]);
  });

  test("the generated passport scan is a valid PNG of the holder, the same bytes every time", () => {
    const a = passportPng({ firstName: "Ana", lastName: "Silva", email: "a@x" });
    expect([...a.subarray(0, 8)]).toEqual([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
    expect(Buffer.compare(a, passportPng({ firstName: "Ana", lastName: "Silva", email: "a@x" }))).toBe(0);
    expect(Buffer.compare(a, passportPng({ firstName: "Bo", lastName: "Chen", email: "b@x" }))).not.toBe(0);
  });
});
