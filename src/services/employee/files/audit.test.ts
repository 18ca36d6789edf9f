/**
 * Audit rows of the employee files (issue 14: "every upload, change and delete writes an audit row
 * (actor, old, new) in the same transaction"), read field by field; a refused or no-op call writes none.
 * SQLite and PostgreSQL (TEST_DB=postgres).
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Config } from "../../../config.ts";
import { auditRows, callerFor, testConfig } from "../../../test/db.ts";
import { expectTrpcError } from "../../../test/errors.ts";
import { DEMO, useTestDatabase } from "../../../test/fixtures.ts";
import { expectAudit } from "../../../test/audit.ts";

const t = useTestDatabase();
let dir: string;
let config: Config;
let ids: { employee: number; hr: number; acme: number };

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), "meridian-files-audit-"));
  config = testConfig({ FILES_DIR: dir });
  const id = async (email: string) => (await t.db.selectFrom("users").select("id").where("email", "=", email).executeTakeFirstOrThrow()).id;
  ids = {
    employee: await id(DEMO.EMPLOYEE),
    hr: await id(DEMO.HR),
    acme: (await t.db.selectFrom("groups").select("id").where("name", "=", "acme").executeTakeFirstOrThrow()).id,
  };
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

const caller = (email: string) => callerFor(t.db, email, { config });
function formData(fields: Record<string, string>, bytes: Uint8Array, name = "lease.pdf") {
  const fd = new FormData();
  for (const [k, v] of Object.entries(fields)) fd.append(k, v);
  fd.append("file", new File([new Uint8Array(bytes)], name));
  return fd;
}
const pdf = (text: string) => new TextEncoder().encode(`%PDF-1.7\n${text}`);
const rowsFor = async (action: string, fileId: number) => (await auditRows(t.db, action)).filter((r) => r.entity_id === String(fileId));
const json = (text: string | null) => (text === null ? null : JSON.parse(text));

describe("employee file audit rows", () => {
  test("upload, category, notes, share permissions and delete: one row each with the actor, old and new values", async () => {
    const employee = await caller(DEMO.EMPLOYEE);
    const moveId = (await t.db.selectFrom("moves").select("id").where("employee_user_id", "=", ids.employee).where("status", "!=", "cancelled").orderBy("id", "desc").executeTakeFirstOrThrow()).id;
    const bytes = pdf(`lease ${crypto.randomUUID()}`);
    const up = await employee.files.upload(formData({ categoryId: "5", notes: "lease" }, bytes));
    const fileId = up.fileID!;

    const [upload] = await rowsFor("file-upload", fileId);
    expect(upload).toMatchObject({ actor_user_id: ids.employee, group_id: ids.acme, entity: "employee_file", entity_id: String(fileId), old_values: null });
    expect(json(upload!.new_values)).toEqual({
      name: "lease.pdf",
      hash: up.hash,
      size: bytes.length,
      contentType: "application/pdf",
      categoryId: 5,
      notes: "lease",
      shareWith: ["MG", "HR"],
      employeeId: ids.employee,
      moveId,
      tempUuid: null,
    });

    const hr = await caller(DEMO.HR);
    await employee.files.changeCategory({ fileId, categoryId: 6 });
    await employee.files.changeNotes({ fileId, notes: "lease 2027" });
    await employee.files.changeSharePermissions({ fileId, shareWith: ["MG"] });
    // Unchanged values: no row.
    await employee.files.changeNotes({ fileId, notes: "lease 2027" });
    const changes = await rowsFor("file-change", fileId);
    expect(changes.map((r) => r.actor_user_id)).toEqual([ids.employee, ids.employee, ids.employee]);
    expect(changes.map((r) => [json(r.old_values), json(r.new_values)])).toEqual([
      [{ categoryId: 5, employeeId: ids.employee, moveId }, { categoryId: 6, employeeId: ids.employee, moveId }],
      [{ notes: "lease", employeeId: ids.employee, moveId }, { notes: "lease 2027", employeeId: ids.employee, moveId }],
      [{ shareWith: ["MG", "HR"], employeeId: ids.employee, moveId }, { shareWith: ["MG"], employeeId: ids.employee, moveId }],
    ]);
    await expectAudit(t.db, {
      action: "file-change", actor: DEMO.EMPLOYEE, groupId: ids.acme, entity: "employee_file", entityId: fileId,
      oldValues: { shareWith: ["MG", "HR"], employeeId: ids.employee, moveId }, newValues: { shareWith: ["MG"], employeeId: ids.employee, moveId },
    });

    // A refused change (HR, now that the file is no longer shared with HR) writes none.
    await expectTrpcError(hr.files.changeSharePermissions({ fileId, shareWith: ["MG", "HR"] }), "NOT_FOUND");
    expect(await rowsFor("file-change", fileId)).toHaveLength(3);

    await employee.files.delete({ fileId });
    const [deleted] = await rowsFor("file-delete", fileId);
    expect(deleted).toMatchObject({ actor_user_id: ids.employee, group_id: ids.acme, entity: "employee_file", new_values: null });
    expect(json(deleted!.old_values)).toMatchObject({ name: "lease.pdf", hash: up.hash, categoryId: 6, notes: "lease 2027", shareWith: ["MG"], employeeId: ids.employee, moveId });
    await expectAudit(t.db, {
      action: "file-delete", actor: DEMO.EMPLOYEE, groupId: ids.acme, entity: "employee_file", entityId: fileId, newValues: null,
      oldValues: { name: "lease.pdf", hash: up.hash, size: bytes.length, contentType: "application/pdf", categoryId: 6, notes: "lease 2027", shareWith: ["MG"], employeeId: ids.employee, moveId },
    });
  });

  test("HR's upload for an employee and change of its data: HR is the actor", async () => {
    const hr = await caller(DEMO.HR);
    const up = await hr.files.upload(formData({ empId: String(ids.employee), notes: "contract" }, pdf(`contract ${crypto.randomUUID()}`), "contract.pdf"));
    const [upload] = await rowsFor("file-upload", up.fileID!);
    expect(upload).toMatchObject({ actor_user_id: ids.hr, group_id: ids.acme });
    expect(json(upload!.new_values)).toMatchObject({ name: "contract.pdf", notes: "contract", employeeId: ids.employee });
    await hr.files.changeData({ fileId: up.fileID!, categoryId: 7, notes: "signed contract" });
    const [change] = await rowsFor("file-change", up.fileID!);
    expect(change!.actor_user_id).toBe(ids.hr);
    expect(json(change!.old_values)).toMatchObject({ categoryId: null, notes: "contract" });
    expect(json(change!.new_values)).toMatchObject({ categoryId: 7, notes: "signed contract" });
    await expectAudit(t.db, {
      action: "file-change", actor: DEMO.HR, groupId: ids.acme, entity: "employee_file", entityId: up.fileID!,
      oldValues: { categoryId: null, notes: "contract", employeeId: ids.employee, moveId: json(upload!.new_values).moveId },
      newValues: { categoryId: 7, notes: "signed contract", employeeId: ids.employee, moveId: json(upload!.new_values).moveId },
    });
  });
});
