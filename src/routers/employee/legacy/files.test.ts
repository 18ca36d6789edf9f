import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { mkdtemp, readdir, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Config } from "../../../config.ts";
import { fileMessages } from "../../../domain/employee/files/messages.ts";
import { MAX_FILE_BYTES } from "../../../domain/employee/files/limits.ts";
import { appFor, cookieFor, get, jsonOf, send, type TestApp } from "../../../test/app.ts";
import { insertTestUser, testConfig } from "../../../test/db.ts";
import { expectLegacyFailure } from "../../../test/errors.ts";
import { releasedVersionOf, validItems } from "../../../services/moves/wizard/initiation-testing.ts";
import { DEMO, useTestDatabase } from "../../../test/fixtures.ts";

/**
 * The files API (part 1 §7, part 2 §7) through its documented paths on a FILES_DIR of its own:
 * happy path, bad input, wrong role, other group, another employee of the same group, hash
 * guessing, the 20 MB limit enforced while the bytes arrive, an interrupted upload, parallel
 * identical uploads. Runs on SQLite and (TEST_DB=postgres) PostgreSQL.
 */
const t = useTestDatabase();
let dir: string;
let config: Config;
let app: TestApp;
const cookies: Record<string, string> = {};
const OTHER = "emma2@acme.test";
const GLOBEX_EMPLOYEE = "employee@globex.test";
const MANAGER = "manager@acme.test";
let employeeId: number;
let otherId: number;
let globexEmployeeId: number;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), "meridian-files-"));
  config = testConfig({ FILES_DIR: dir });
  app = appFor(t.db, { config });
  otherId = await insertTestUser(t.db, { email: OTHER, role: "EMPLOYEE", group: "acme" });
  for (const email of [...Object.values(DEMO), OTHER, GLOBEX_EMPLOYEE, MANAGER]) cookies[email] = await cookieFor(t.db, email, config);
  const id = async (email: string) => (await t.db.selectFrom("users").select("id").where("email", "=", email).executeTakeFirstOrThrow()).id;
  employeeId = await id(DEMO.EMPLOYEE);
  globexEmployeeId = await id(GLOBEX_EMPLOYEE);
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

const as = (email: string) => ({ cookie: cookies[email]! });
const PDF = (text = "hello") => new TextEncoder().encode(`%PDF-1.4\n${text}\n%%EOF\n`);
const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]);

function form(fields: Record<string, string>, file?: { bytes: Uint8Array; name: string }) {
  const fd = new FormData();
  for (const [k, v] of Object.entries(fields)) fd.append(k, v);
  if (file) fd.append("file", new File([new Uint8Array(file.bytes)], file.name));
  return fd;
}
const upload = (email: string, fields: Record<string, string>, file?: { bytes: Uint8Array; name: string }) =>
  send(app, "POST", "/hr/json/employee/files/upload", form(fields, file), as(email));
const fileRows = () => t.db.selectFrom("employee_files").selectAll().orderBy("id").execute();
async function blobCount(): Promise<number> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  return entries.filter((e) => e.isFile() && !e.parentPath.endsWith("tmp")).length;
}
async function tmpCount(): Promise<number> {
  return (await readdir(join(dir, "tmp")).catch(() => [])).length;
}
async function uploaded(email: string, fields: Record<string, string>, file = { bytes: PDF(crypto.randomUUID()), name: "doc.pdf" }) {
  const { status, body } = await jsonOf(await upload(email, fields, file));
  expect({ status, success: body.success, errorMessage: body.errorMessage }).toEqual({ status: 200, success: true, errorMessage: null });
  return body as { fileID: number; hash: string };
}

describe("happy path", () => {
  test("an employee uploads, lists, updates, downloads and deletes their own file", async () => {
    const bytes = PDF("passport scan");
    const { fileID, hash } = await uploaded(DEMO.EMPLOYEE, { categoryId: "1", notes: "front page" }, { bytes, name: "passport.pdf" });
    expect(hash).toBe(new Bun.CryptoHasher("sha256").update(bytes).digest("hex"));

    const list = await jsonOf(await get(app, "/hr/json/files", as(DEMO.EMPLOYEE)));
    const mine = list.body.files.find((f: any) => f.id === fileID);
    expect(mine).toMatchObject({
      fileID,
      hash,
      name: "passport.pdf",
      size: bytes.byteLength,
      contentType: "application/pdf",
      category: { fileCategoryId: 1, label: "Passport and identity" },
      notes: "front page",
      shareWith: ["MG", "HR"],
      employeeId,
      uploadedByRole: "EMPLOYEE",
      canEdit: true,
      canShare: true,
      downloadUrl: `/download?hash=${hash}`,
      errorMessage: null,
    });

    const changed = await jsonOf(await send(app, "POST", "/hr/json/employee/changeData", JSON.stringify({ fileId: fileID, categoryId: 2, notes: "both pages", shareWith: ["HR"] }), as(DEMO.EMPLOYEE), "application/json"));
    expect(changed.body.file).toMatchObject({ category: { fileCategoryId: 2 }, notes: "both pages", shareWith: ["HR"] });
    expect((await jsonOf(await send(app, "POST", "/hr/json/changeCategory", JSON.stringify({ fileId: fileID, categoryId: 7 }), as(DEMO.EMPLOYEE), "application/json"))).body.file.category.fileCategoryId).toBe(7);
    expect((await jsonOf(await send(app, "POST", "/hr/json/changeNotes", new URLSearchParams({ fileId: String(fileID), notes: "n" }), as(DEMO.EMPLOYEE), "application/x-www-form-urlencoded"))).body.file.notes).toBe("n");
    expect((await jsonOf(await send(app, "POST", "/hr/json/changeSharePermissions", JSON.stringify({ fileId: fileID, shareWith: ["MG", "HR"] }), as(DEMO.EMPLOYEE), "application/json"))).body.file.shareWith).toEqual(["MG", "HR"]);

    const info = await jsonOf(await get(app, `/hr/json/fileInformationByFileId?fileId=${fileID}`, as(DEMO.EMPLOYEE)));
    expect(info.body.file.id).toBe(fileID);
    expect((await jsonOf(await get(app, `/hr/json/employee/fileInfo?id=${fileID}`, as(DEMO.HR)))).body.file.notes).toBe("n");

    const download = await get(app, `/download?hash=${hash}`, as(DEMO.EMPLOYEE));
    expect(download.status).toBe(200);
    expect(download.headers.get("content-type")).toBe("application/pdf");
    expect(download.headers.get("content-disposition")).toContain('filename="passport.pdf"');
    expect(new Uint8Array(await download.arrayBuffer())).toEqual(bytes);

    const deleted = await jsonOf(await send(app, "DELETE", `/hr/json/fileDelete?fileId=${fileID}&empId=${employeeId}`, null, as(DEMO.EMPLOYEE)));
    expect(deleted).toEqual({ status: 200, body: { success: true, errorMessage: null } });
    expect((await get(app, `/download?hash=${hash}`, as(DEMO.EMPLOYEE))).status).toBe(404);
  });

  test("categories and the default upload permissions", async () => {
    const categories = await jsonOf(await get(app, "/hr/json/fileCategories", as(DEMO.HR)));
    expect(categories.body.length).toBeGreaterThan(3);
    expect(categories.body[0]).toEqual({ id: 1, label: "Passport and identity" });
    expect((await jsonOf(await get(app, "/api/v1/all/getDefaultUploadPermissions", as(DEMO.EMPLOYEE)))).body).toEqual({ success: true, shareWith: ["MG", "HR"] });
  });

  test("HR files for an employee, who sees it but may not change it; HR sees it in the employee's list", async () => {
    const { fileID } = await uploaded(DEMO.HR, { empId: String(employeeId), categoryId: "3", shareWith: "HR" });
    const hrList = await jsonOf(await get(app, `/hr/json/employeeFileInformationByEmployeeID?employeeId=${employeeId}`, as(DEMO.HR)));
    expect(hrList.body.files.find((f: any) => f.id === fileID)).toMatchObject({ uploadedByRole: "HR", canEdit: true, canShare: true });
    const own = await jsonOf(await get(app, "/hr/json/files", as(DEMO.EMPLOYEE)));
    expect(own.body.files.find((f: any) => f.id === fileID)).toMatchObject({ canEdit: false, canShare: false });
    await expectLegacyFailure(await send(app, "DELETE", `/hr/json/fileDelete?fileId=${fileID}`, null, as(DEMO.EMPLOYEE)), 403);
    await expectLegacyFailure(await send(app, "POST", "/hr/json/changeNotes", JSON.stringify({ fileId: fileID, notes: "x" }), as(DEMO.EMPLOYEE), "application/json"), 403);
  });

  test("an employee's file not shared with HR is not HR's to see; sharing makes it visible; HR may not change the sharing", async () => {
    const { fileID, hash } = await uploaded(DEMO.EMPLOYEE, { shareWith: "" });
    await expectLegacyFailure(await get(app, `/hr/json/fileInformationByFileId?fileId=${fileID}`, as(DEMO.HR)), 404, { message: fileMessages.fileNotFound });
    expect((await get(app, `/download?hash=${hash}`, as(DEMO.HR))).status).toBe(404);
    expect((await get(app, `/download?hash=${hash}`, as(DEMO.ADMIN))).status).toBe(404);
    await send(app, "POST", "/hr/json/changeSharePermissions", new URLSearchParams([["fileId", String(fileID)], ["shareWith", "HR"]]), as(DEMO.EMPLOYEE), "application/x-www-form-urlencoded");
    expect((await get(app, `/download?hash=${hash}`, as(DEMO.HR))).status).toBe(200);
    expect((await get(app, `/download?hash=${hash}`, as(DEMO.ADMIN))).status).toBe(404);
    await expectLegacyFailure(await send(app, "POST", "/hr/json/changeSharePermissions", JSON.stringify({ fileId: fileID, shareWith: ["MG", "HR"] }), as(DEMO.HR), "application/json"), 403, { message: fileMessages.shareNotYours });
    // HR may categorise and delete what was shared with it.
    expect((await send(app, "POST", "/hr/json/changeCategory", JSON.stringify({ fileId: fileID, categoryId: 10 }), as(DEMO.HR), "application/json")).status).toBe(200);
    expect((await send(app, "DELETE", `/hr/json/fileDelete?fileId=${fileID}`, null, as(DEMO.HR))).status).toBe(200);
  });

  test("temporary uploads during initiation: listed by the temp UUID, attached by createNewEmployee", async () => {
    const uuid = crypto.randomUUID();
    const { fileID } = await uploaded(DEMO.HR, { empTempFileUUID: uuid, categoryId: "4" });
    const temp = await jsonOf(await get(app, `/hr/json/employeeFileInformationByFileTempUUID?fileTempUUID=${uuid}`, as(DEMO.HR)));
    expect(temp.body.files.map((f: any) => f.id)).toEqual([fileID]);
    expect(temp.body.files[0].employeeId).toBeNull();
    // Another group's HR neither lists nor downloads it; an employee may not upload temporary files.
    expect((await jsonOf(await get(app, `/hr/json/employeeFileInformationByFileTempUUID?fileTempUUID=${uuid}`, as(DEMO.GLOBEX)))).body.files).toEqual([]);
    await expectLegacyFailure(await upload(DEMO.EMPLOYEE, { empTempFileUUID: uuid }, { bytes: PDF(), name: "x.pdf" }), 403);
    await expectLegacyFailure(await upload(DEMO.GLOBEX, { empTempFileUUID: uuid, group: "acme" }, { bytes: PDF(), name: "x.pdf" }), 403);

    // createNewEmployee with the same empTempFileUUID attaches it to the new employee and move, in its transaction.
    const lta = await releasedVersionOf(t.db, "Global Long-Term Assignment");
    const built = await validItems(t.db, { group: "acme", versionId: lta.versionId });
    const created = await jsonOf(await send(app, "POST", "/hr/json/createNewEmployee", JSON.stringify({ group: "acme", policyVersionId: lta.versionId, items: built.items, empTempFileUUID: uuid, skipCE: false, saveAsDraft: true }), as(DEMO.HR), "application/json"));
    expect(created.body.success).toBe(true);
    const row = await t.db.selectFrom("employee_files").selectAll().where("id", "=", fileID).executeTakeFirstOrThrow();
    expect({ employee: row.employee_user_id, move: row.move_id, temp: row.temp_uuid }).toEqual({ employee: created.body.employeeId, move: created.body.moveId, temp: null });
    expect((await jsonOf(await get(app, `/hr/json/employeeFileInformationByFileTempUUID?fileTempUUID=${uuid}`, as(DEMO.HR)))).body.files).toEqual([]);
    expect((await jsonOf(await get(app, `/hr/json/files?empId=${created.body.employeeId}`, as(DEMO.HR)))).body.files.map((f: any) => f.id)).toEqual([fileID]);
  });

  test("a createNewEmployee that fails attaches nothing", async () => {
    const uuid = crypto.randomUUID();
    const { fileID } = await uploaded(DEMO.HR, { empTempFileUUID: uuid });
    const lta = await releasedVersionOf(t.db, "Global Long-Term Assignment");
    const built = await validItems(t.db, { group: "acme", versionId: lta.versionId, overrides: { "employee.email": { formValue: "not an address" } } });
    const created = await jsonOf(await send(app, "POST", "/hr/json/createNewEmployee", JSON.stringify({ group: "acme", policyVersionId: lta.versionId, items: built.items, empTempFileUUID: uuid, skipCE: false, saveAsDraft: true }), as(DEMO.HR), "application/json"));
    expect(created.body.success).toBe(false);
    const row = await t.db.selectFrom("employee_files").selectAll().where("id", "=", fileID).executeTakeFirstOrThrow();
    expect({ employee: row.employee_user_id, temp: row.temp_uuid }).toEqual({ employee: null, temp: uuid });
  });
});

describe("bad input: a clear message and nothing written", () => {
  test("no file part, an empty file, a refused type, an unknown category, bad ids and shares", async () => {
    const before = (await fileRows()).length;
    await expectLegacyFailure(await upload(DEMO.EMPLOYEE, { categoryId: "1" }), 400, { message: fileMessages.fileMandatory });
    await expectLegacyFailure(await upload(DEMO.EMPLOYEE, {}, { bytes: new Uint8Array(), name: "empty.pdf" }), 400, { message: fileMessages.fileMandatory });
    await expectLegacyFailure(await send(app, "POST", "/hr/json/employee/files/upload", "x=1", as(DEMO.EMPLOYEE), "application/x-www-form-urlencoded"), 400, { message: fileMessages.fileMandatory });
    await expectLegacyFailure(await upload(DEMO.EMPLOYEE, {}, { bytes: new Uint8Array([0x4d, 0x5a, 0x90, 0, 3, 0, 0, 0]), name: "setup.pdf" }), 400, { message: fileMessages.typeNotAllowed });
    await expectLegacyFailure(await upload(DEMO.EMPLOYEE, {}, { bytes: new Uint8Array([0x50, 0x4b, 0x03, 0x04, 1, 2]), name: "archive.zip" }), 400, { message: fileMessages.typeNotAllowed });
    await expectLegacyFailure(await upload(DEMO.EMPLOYEE, { categoryId: "999" }, { bytes: PDF(), name: "a.pdf" }), 400, { message: fileMessages.categoryNotFound });
    await expectLegacyFailure(await upload(DEMO.EMPLOYEE, { shareWith: "EVERYONE" }, { bytes: PDF(), name: "a.pdf" }), 400);
    await expectLegacyFailure(await upload(DEMO.EMPLOYEE, { notes: "a\u0000b" }, { bytes: PDF(), name: "a.pdf" }), 400);
    await expectLegacyFailure(await upload(DEMO.HR, {}, { bytes: PDF(), name: "a.pdf" }), 400);
    await expectLegacyFailure(await get(app, "/hr/json/fileInformationByFileId?fileId=abc", as(DEMO.EMPLOYEE)), 400);
    await expectLegacyFailure(await get(app, "/hr/json/fileInformationByFileId?fileId=99999999999", as(DEMO.EMPLOYEE)), 400);
    await expectLegacyFailure(await get(app, "/download?hash=../../etc/passwd", as(DEMO.EMPLOYEE)), 400);
    await expectLegacyFailure(await send(app, "POST", "/hr/json/employee/files/upload", "--x\r\nContent-Disposition: form-data; name=\"file\"; filename=\"a.pdf\"\r\n\r\n%PDF-", as(DEMO.EMPLOYEE), "multipart/form-data; boundary=x"), 400);
    expect((await fileRows()).length).toBe(before);
    expect(await tmpCount()).toBe(0);
  });

  test("each type on the allow-list is recognised from its bytes", async () => {
    const { fileID } = await uploaded(DEMO.EMPLOYEE, {}, { bytes: PNG, name: "photo.jpg" });
    expect((await jsonOf(await get(app, `/hr/json/fileInformationByFileId?fileId=${fileID}`, as(DEMO.EMPLOYEE)))).body.file.contentType).toBe("image/png");
    const text = await uploaded(DEMO.EMPLOYEE, {}, { bytes: new TextEncoder().encode("Flat 3, Straße 12\n"), name: "address.txt" });
    expect((await jsonOf(await get(app, `/hr/json/fileInformationByFileId?fileId=${text.fileID}`, as(DEMO.EMPLOYEE)))).body.file.contentType).toBe("text/plain");
  });
});

describe("access", () => {
  test("signed out, and roles without files (MANAGER, FINANCE), are refused on every call", async () => {
    const { fileID, hash } = await uploaded(DEMO.EMPLOYEE, {});
    expect((await get(app, "/hr/json/files", {})).status).toBe(401);
    expect((await get(app, `/download?hash=${hash}`, {})).status).toBe(401);
    for (const email of [MANAGER, DEMO.FINANCE]) {
      await expectLegacyFailure(await get(app, `/hr/json/fileInformationByFileId?fileId=${fileID}`, as(email)), 403);
      await expectLegacyFailure(await get(app, `/download?hash=${hash}`, as(email)), 403);
      await expectLegacyFailure(await upload(email, { empId: String(employeeId) }, { bytes: PDF(), name: "a.pdf" }), 403);
      await expectLegacyFailure(await send(app, "DELETE", `/hr/json/fileDelete?fileId=${fileID}`, null, as(email)), 403);
    }
  });

  test("another employee of the same group: not listed, not readable, not changeable, not deletable, not downloadable by hash", async () => {
    const bytes = PDF("private");
    const { fileID, hash } = await uploaded(DEMO.EMPLOYEE, {}, { bytes, name: "private.pdf" });
    const before = await fileRows();
    expect((await jsonOf(await get(app, "/hr/json/files", as(OTHER)))).body.files.some((f: any) => f.id === fileID)).toBe(false);
    await expectLegacyFailure(await get(app, `/hr/json/files?empId=${employeeId}`, as(OTHER)), 404);
    await expectLegacyFailure(await get(app, `/hr/json/fileInformationByFileId?fileId=${fileID}`, as(OTHER)), 404, { message: fileMessages.fileNotFound });
    await expectLegacyFailure(await send(app, "POST", "/hr/json/changeNotes", JSON.stringify({ fileId: fileID, notes: "mine" }), as(OTHER), "application/json"), 404);
    await expectLegacyFailure(await send(app, "DELETE", `/hr/json/fileDelete?fileId=${fileID}`, null, as(OTHER)), 404);
    await expectLegacyFailure(await upload(OTHER, { empId: String(employeeId) }, { bytes: PDF(), name: "a.pdf" }), 404);
    // Guessing the hash (it is just SHA-256 of bytes one might know) gives nothing.
    expect((await get(app, `/download?hash=${hash}`, as(OTHER))).status).toBe(404);
    expect(await fileRows()).toEqual(before);
  });

  test("the same bytes uploaded by two employees: one blob, a row each, each downloads their own and not through the other's row", async () => {
    const bytes = PDF("the same contract");
    const blobsBefore = await blobCount();
    const a = await uploaded(DEMO.EMPLOYEE, { notes: "mine" }, { bytes, name: "contract-a.pdf" });
    const b = await uploaded(OTHER, { notes: "also mine" }, { bytes, name: "contract-b.pdf" });
    expect(a.hash).toBe(b.hash);
    expect(a.fileID).not.toBe(b.fileID);
    expect(await blobCount()).toBe(blobsBefore + 1);
    const other = await get(app, `/download?hash=${b.hash}`, as(OTHER));
    expect(other.headers.get("content-disposition")).toContain("contract-b.pdf");
    await expectLegacyFailure(await get(app, `/hr/json/fileInformationByFileId?fileId=${a.fileID}`, as(OTHER)), 404);
    // Deleting one keeps the blob for the other; deleting the last removes it.
    await send(app, "DELETE", `/hr/json/fileDelete?fileId=${a.fileID}`, null, as(DEMO.EMPLOYEE));
    expect((await get(app, `/download?hash=${b.hash}`, as(DEMO.EMPLOYEE))).status).toBe(404);
    expect((await get(app, `/download?hash=${b.hash}`, as(OTHER))).status).toBe(200);
    await send(app, "DELETE", `/hr/json/fileDelete?fileId=${b.fileID}`, null, as(OTHER));
    expect(await blobCount()).toBe(blobsBefore);
  });

  test("another group's HR and employee: refused, nothing read or written", async () => {
    const { fileID, hash } = await uploaded(DEMO.HR, { empId: String(employeeId) });
    const before = await fileRows();
    for (const email of [DEMO.GLOBEX, GLOBEX_EMPLOYEE]) {
      await expectLegacyFailure(await get(app, `/hr/json/fileInformationByFileId?fileId=${fileID}`, as(email)), 404);
      expect((await get(app, `/download?hash=${hash}`, as(email))).status).toBe(404);
      await expectLegacyFailure(await send(app, "POST", "/hr/json/employee/changeData", JSON.stringify({ fileId: fileID, notes: "x" }), as(email), "application/json"), 404);
      await expectLegacyFailure(await send(app, "DELETE", `/hr/json/fileDelete?fileId=${fileID}`, null, as(email)), 404);
    }
    await expectLegacyFailure(await get(app, `/hr/json/files?empId=${employeeId}`, as(DEMO.GLOBEX)), 404);
    await expectLegacyFailure(await upload(DEMO.GLOBEX, { empId: String(employeeId) }, { bytes: PDF(), name: "a.pdf" }), 404);
    await expectLegacyFailure(await upload(DEMO.HR, { empId: String(globexEmployeeId) }, { bytes: PDF(), name: "a.pdf" }), 404);
    expect(await fileRows()).toEqual(before);
    // The platform admin reaches the staff-filed file in any group.
    expect((await get(app, `/download?hash=${hash}`, as(DEMO.ADMIN))).status).toBe(200);
  });

  test("a delete naming another employee (empId) is refused", async () => {
    const { fileID } = await uploaded(DEMO.HR, { empId: String(employeeId) });
    await expectLegacyFailure(await send(app, "DELETE", `/hr/json/fileDelete?fileId=${fileID}&empId=${otherId}`, null, as(DEMO.HR)), 404);
  });
});

/** A multipart body streamed in 64 KiB chunks: the file part carries `size` bytes of a PDF; `fail` errors the stream after that many file bytes. */
function streamedUpload(size: number, o: { fail?: number } = {}) {
  const boundary = "----meridian-test-boundary";
  const head = new TextEncoder().encode(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="big.pdf"\r\nContent-Type: application/pdf\r\n\r\n%PDF-1.4\n`);
  const tail = new TextEncoder().encode(`\r\n--${boundary}--\r\n`);
  const chunk = new Uint8Array(64 * 1024).fill(0x41);
  let sent = 0;
  let pulled = 0;
  let phase: "head" | "body" | "tail" | "done" = "head";
  const body = new ReadableStream<Uint8Array>({
    pull(controller) {
      pulled++;
      if (phase === "head") {
        controller.enqueue(head);
        phase = "body";
      } else if (phase === "body") {
        if (o.fail !== undefined && sent >= o.fail) {
          controller.error(new Error("connection reset"));
          return;
        }
        const n = Math.min(chunk.byteLength, size - sent);
        controller.enqueue(chunk.subarray(0, n));
        sent += n;
        if (sent >= size) phase = "tail";
      } else if (phase === "tail") {
        controller.enqueue(tail);
        phase = "done";
      } else controller.close();
    },
  });
  return { body, contentType: `multipart/form-data; boundary=${boundary}`, sentBytes: () => sent, pulls: () => pulled };
}

describe("limits and failures", () => {
  test("a file over 20 971 520 bytes is refused while it arrives, before it is stored; one of exactly the limit is taken", async () => {
    const rows = (await fileRows()).length;
    const blobs = await blobCount();
    const over = streamedUpload(MAX_FILE_BYTES + 1024 * 1024);
    const res = await app.request("/hr/json/employee/files/upload", { method: "POST", body: over.body, headers: { "Content-Type": over.contentType, Cookie: cookies[DEMO.EMPLOYEE]! } });
    await expectLegacyFailure(res, 413, { message: fileMessages.fileTooLarge });
    expect(over.sentBytes()).toBeLessThan(MAX_FILE_BYTES + 1024 * 1024);
    expect((await fileRows()).length).toBe(rows);
    expect(await blobCount()).toBe(blobs);
    expect(await tmpCount()).toBe(0);

    // Announced too large: refused before reading a byte.
    const announced = streamedUpload(16);
    const early = await app.request("/hr/json/employee/files/upload", { method: "POST", body: announced.body, headers: { "Content-Type": announced.contentType, "Content-Length": String(MAX_FILE_BYTES * 2), Cookie: cookies[DEMO.EMPLOYEE]! } });
    expect(early.status).toBe(413);

    const exact = streamedUpload(MAX_FILE_BYTES - "%PDF-1.4\n".length);
    const ok = await jsonOf(await app.request("/hr/json/employee/files/upload", { method: "POST", body: exact.body, headers: { "Content-Type": exact.contentType, Cookie: cookies[DEMO.EMPLOYEE]! } }));
    expect(ok.body.success).toBe(true);
    const row = await t.db.selectFrom("employee_files").select("size_bytes").where("id", "=", ok.body.fileID).executeTakeFirstOrThrow();
    expect(row.size_bytes).toBe(MAX_FILE_BYTES);
    await send(app, "DELETE", `/hr/json/fileDelete?fileId=${ok.body.fileID}`, null, as(DEMO.EMPLOYEE));
  });

  test("an interrupted upload leaves nothing: no row, no blob, no temporary file", async () => {
    const rows = (await fileRows()).length;
    const blobs = await blobCount();
    const cut = streamedUpload(4 * 1024 * 1024, { fail: 1024 * 1024 });
    const res = await Promise.resolve(app.request("/hr/json/employee/files/upload", { method: "POST", body: cut.body, headers: { "Content-Type": cut.contentType, Cookie: cookies[DEMO.EMPLOYEE]! } })).catch(() => null);
    if (res) expect(res.status).toBeGreaterThanOrEqual(400);
    expect((await fileRows()).length).toBe(rows);
    expect(await blobCount()).toBe(blobs);
    expect(await tmpCount()).toBe(0);
  });

  test("parallel identical uploads: one blob, one row per request, no failure", async () => {
    const bytes = PDF(`parallel ${crypto.randomUUID()}`);
    const blobs = await blobCount();
    const rows = (await fileRows()).length;
    const results = await Promise.all(Array.from({ length: 8 }, () => Promise.resolve(upload(DEMO.EMPLOYEE, {}, { bytes, name: "same.pdf" })).then(jsonOf)));
    expect(results.every((r) => r.status === 200 && r.body.success)).toBe(true);
    expect(new Set(results.map((r) => r.body.hash)).size).toBe(1);
    expect(new Set(results.map((r) => r.body.fileID)).size).toBe(8);
    expect((await fileRows()).length).toBe(rows + 8);
    expect(await blobCount()).toBe(blobs + 1);
    expect(await tmpCount()).toBe(0);
    // Parallel deletes of one file: one succeeds, the others are told it is gone.
    const id = results[0]!.body.fileID;
    const deletes = await Promise.all(Array.from({ length: 4 }, () => send(app, "DELETE", `/hr/json/fileDelete?fileId=${id}`, null, as(DEMO.EMPLOYEE))));
    expect(deletes.map((r) => r.status).sort()).toEqual([200, 404, 404, 404]);
  });
});
