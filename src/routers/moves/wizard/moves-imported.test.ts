/**
 * Part 1 §2 new-move `externalImport` (issue 23 item 22): the HR home's moves list marks a move a bulk
 * (external) import made, so its resume link opens the wizard with `externalImport=true`; a move the
 * wizard made, or a failed import row, is not marked. On the dialect under test.
 */
import { beforeAll, describe, expect, test } from "bun:test";
import { callerFor, createTestDatabase, type TestDatabase } from "../../../test/db.ts";

let t: TestDatabase;
let imported: number;
let other: number;

beforeAll(async () => {
  t = await createTestDatabase();
  const acme = (await t.db.selectFrom("groups").select("id").where("name", "=", "acme").executeTakeFirstOrThrow()).id;
  const now = new Date().toISOString();
  const model = await t.db.selectFrom("moves").selectAll().where("group_id", "=", acme).orderBy("id").limit(1).executeTakeFirstOrThrow();
  // Two draft moves of the demo employee, as an import and the wizard leave them.
  const draft = () =>
    t.db
      .insertInto("moves")
      .values({ group_id: acme, employee_user_id: model.employee_user_id, policy_id: model.policy_id, policy_version_id: model.policy_version_id, status: "draft", created_at: now, updated_at: now })
      .returning(["id", "employee_user_id"])
      .executeTakeFirstOrThrow();
  const moves = [await draft(), await draft()];
  [imported, other] = [moves[0]!.id, moves[1]!.id];
  const job = `import-${Date.now()}`;
  await t.db.insertInto("jobs").values({ id: job, kind: "bulk.employeeImport", group_id: acme, created_by: null, status: "DONE", payload: "{}", result: null, error: null, locked_until: null, created_at: now, updated_at: now, finished_at: now }).execute();
  await t.db
    .insertInto("bulk_import_rows")
    .values([
      { job_id: job, group_id: acme, row_number: 1, status: "SUCCESS", employee_id: moves[0]!.employee_user_id, move_id: imported, created_at: now },
      // A failed row naming the other move (it never made it) does not mark it.
      { job_id: job, group_id: acme, row_number: 2, status: "FAILED", employee_id: null, move_id: other, created_at: now },
    ])
    .execute();
}, 60_000);

describe("wizard.moves: externalImport", () => {
  test("a move a bulk import made is marked; the others are not", async () => {
    const hr = await callerFor(t.db, "hr@acme.test");
    const rows = [];
    for (let page = 0; ; page++) {
      const res = await hr.wizard.moves({ group: "acme", page });
      rows.push(...res.rows);
      if ((page + 1) * res.pageSize >= res.total) break;
    }
    expect(rows.find((r) => r.moveId === imported)?.externalImport).toBe(true);
    expect(rows.find((r) => r.moveId === other)?.externalImport).toBe(false);
    expect(rows.filter((r) => r.externalImport).map((r) => r.moveId)).toEqual([imported]);
  });
});
