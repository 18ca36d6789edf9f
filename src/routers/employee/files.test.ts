import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Config } from "../../config.ts";
import { fileMessages } from "../../domain/employee/files/messages.ts";
import { appFor, cookieFor, jsonOf, send } from "../../test/app.ts";
import { callerFor, insertTestUser, testConfig } from "../../test/db.ts";
import { expectTrpcError } from "../../test/errors.ts";
import { DEMO, useTestDatabase } from "../../test/fixtures.ts";

/** The `files` router (issue 14) through createCaller: the same services as the files API; happy, error and security cases. */
const t = useTestDatabase();
let dir: string;
let config: Config;
let employeeId: number;
const OTHER = "files-router-other@acme.test";

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), "meridian-files-router-"));
  config = testConfig({ FILES_DIR: dir });
  await insertTestUser(t.db, { email: OTHER, role: "EMPLOYEE", group: "acme" });
  employeeId = (await t.db.selectFrom("users").select("id").where("email", "=", DEMO.EMPLOYEE).executeTakeFirstOrThrow()).id;
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

const caller = (email: string) => callerFor(t.db, email, { config });
function formData(fields: Record<string, string>, bytes?: Uint8Array, name = "scan.pdf") {
  const fd = new FormData();
  for (const [k, v] of Object.entries(fields)) fd.append(k, v);
  if (bytes) fd.append("file", new File([new Uint8Array(bytes)], name));
  return fd;
}
const pdf = (text: string) => new TextEncoder().encode(`%PDF-1.7\n${text}`);

describe("happy path", () => {
  test("upload, list, info, change each field, download check, delete", async () => {
    const employee = await caller(DEMO.EMPLOYEE);
    const up = await employee.files.upload(formData({ categoryId: "5", notes: "lease" }, pdf("lease")));
    expect(up.success).toBe(true);
    const list = await employee.files.list({});
    expect(list.files[0]).toMatchObject({ id: up.fileID, category: { fileCategoryId: 5 }, notes: "lease", shareWith: ["MG", "HR"] });
    expect((await employee.files.info({ fileId: up.fileID! })).file?.name).toBe("scan.pdf");
    expect((await employee.files.changeCategory({ fileId: up.fileID!, categoryId: 6 })).file?.category?.fileCategoryId).toBe(6);
    expect((await employee.files.changeNotes({ fileId: up.fileID!, notes: "lease 2026" })).file?.notes).toBe("lease 2026");
    expect((await employee.files.changeSharePermissions({ fileId: up.fileID!, shareWith: ["MG"] })).file?.shareWith).toEqual(["MG"]);
    expect((await employee.files.changeData({ fileId: up.fileID!, categoryId: null, shareWith: ["HR", "MG"] })).file).toMatchObject({ category: null, shareWith: ["MG", "HR"] });
    expect((await employee.files.download({ hash: up.hash! })).file.id).toBe(up.fileID!);
    const hr = await caller(DEMO.HR);
    expect((await hr.files.list({ employeeId })).files.some((f) => f.id === up.fileID)).toBe(true);
    expect(await employee.files.delete({ fileId: up.fileID! })).toEqual({ success: true, errorMessage: null });
    await expectTrpcError(employee.files.info({ fileId: up.fileID! }), "NOT_FOUND", fileMessages.fileNotFound);
  });

  test("categories, default permissions and temporary uploads", async () => {
    const hr = await caller(DEMO.HR);
    expect((await hr.files.categories()).at(-1)).toEqual({ id: 10, label: "Other" });
    expect(await hr.files.defaultPermissions()).toEqual({ success: true, shareWith: ["MG", "HR"] });
    const uuid = crypto.randomUUID();
    const up = await hr.files.upload(formData({ empTempFileUUID: uuid }, pdf("offer")));
    expect((await hr.files.tempFiles({ fileTempUUID: uuid })).files.map((f) => f.id)).toEqual([up.fileID!]);
    const admin = await caller(DEMO.ADMIN);
    const adminUp = await admin.files.upload(formData({ empTempFileUUID: uuid, group: "acme" }, pdf("admin offer")));
    expect((await hr.files.tempFiles({ fileTempUUID: uuid })).files.map((f) => f.id)).toEqual([adminUp.fileID!, up.fileID!]);
  });
});

test("files.upload over HTTP takes multipart FormData (the same fields and file part)", async () => {
  const app = appFor(t.db, { config });
  const cookie = await cookieFor(t.db, DEMO.EMPLOYEE, config);
  const { status, body } = await jsonOf(await send(app, "POST", "/trpc/files.upload", formData({ notes: "over http" }, pdf("http")), { cookie }));
  expect(status).toBe(200);
  expect(body.result.data).toMatchObject({ success: true, errorMessage: null });
  expect((await (await caller(DEMO.EMPLOYEE)).files.info({ fileId: body.result.data.fileID })).file?.notes).toBe("over http");
});

describe("errors", () => {
  test("bad input: no file, unknown category, bad ids, bad hash, a temp upload by ADMIN without its group", async () => {
    const employee = await caller(DEMO.EMPLOYEE);
    await expectTrpcError(employee.files.upload(formData({})), "BAD_REQUEST", fileMessages.fileMandatory);
    await expectTrpcError(employee.files.upload(formData({ categoryId: "77" }, pdf("x"))), "BAD_REQUEST", fileMessages.categoryNotFound);
    await expectTrpcError(employee.files.info({ fileId: 0 }), "BAD_REQUEST");
    await expectTrpcError(employee.files.download({ hash: "abc" }), "BAD_REQUEST");
    await expectTrpcError(employee.files.changeNotes({ fileId: 1, notes: "x".repeat(2001) }), "BAD_REQUEST");
    await expectTrpcError((await caller(DEMO.ADMIN)).files.upload(formData({ empTempFileUUID: crypto.randomUUID() }, pdf("x"))), "BAD_REQUEST");
  });
});

describe("security", () => {
  test("wrong role, other group, another employee of the same group, hash guessing", async () => {
    const employee = await caller(DEMO.EMPLOYEE);
    const up = await employee.files.upload(formData({}, pdf(`mine ${crypto.randomUUID()}`)));
    const other = await caller(OTHER);
    await expectTrpcError(other.files.info({ fileId: up.fileID! }), "NOT_FOUND");
    await expectTrpcError(other.files.download({ hash: up.hash! }), "NOT_FOUND");
    await expectTrpcError(other.files.list({ employeeId }), "NOT_FOUND");
    await expectTrpcError(other.files.delete({ fileId: up.fileID! }), "NOT_FOUND");
    const globex = await caller(DEMO.GLOBEX);
    await expectTrpcError(globex.files.list({ employeeId }), "NOT_FOUND");
    await expectTrpcError(globex.files.download({ hash: up.hash! }), "NOT_FOUND");
    await expectTrpcError(globex.files.upload(formData({ empId: String(employeeId) }, pdf("x"))), "NOT_FOUND");
    const finance = await caller(DEMO.FINANCE);
    await expectTrpcError(finance.files.categories(), "FORBIDDEN");
    await expectTrpcError(finance.files.info({ fileId: up.fileID! }), "FORBIDDEN");
    await expectTrpcError((await callerFor(t.db, null, { config })).files.list({}), "UNAUTHORIZED");
    expect((await employee.files.info({ fileId: up.fileID! })).file?.id).toBe(up.fileID!);
  });
});
