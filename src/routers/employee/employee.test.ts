/**
 * employee.home (issue 14 "Employee home") on the test database (SQLite, or PostgreSQL with
 * TEST_DB=postgres): the employee's own move at a glance with tasks, budgets, expenses and files;
 * another employee of the same group sees only their own; other roles FORBIDDEN; signed out
 * UNAUTHORIZED; no move: move null. The query writes nothing.
 */
import { describe, expect, test } from "bun:test";
import type { DB } from "../../db/index.ts";
import { callerFor, insertTestUser } from "../../test/db.ts";
import { expectTrpcError } from "../../test/errors.ts";
import { DEMO, useTestDatabase } from "../../test/fixtures.ts";

const t = useTestDatabase();

let seq = 0;
/** A new employee of `group` with an open move on the demo employee's policy, from Berlin to London, initiated by hr@acme.test. */
async function newEmployeeWithMove(db: DB, group = "acme"): Promise<{ email: string; userId: number; moveId: number }> {
  const email = `home-${Date.now()}-${++seq}@${group}.test`;
  const userId = await insertTestUser(db, { email, group, firstName: "Home", lastName: `Tester${seq}` });
  const owner = await db.selectFrom("users").select("id").where("email", "=", DEMO.EMPLOYEE).executeTakeFirstOrThrow();
  const hr = await db.selectFrom("users").select("id").where("email", "=", DEMO.HR).executeTakeFirstOrThrow();
  const model = await db.selectFrom("moves").selectAll().where("employee_user_id", "=", owner.id).orderBy("id").limit(1).executeTakeFirstOrThrow();
  const now = new Date().toISOString();
  const row = await db
    .insertInto("moves")
    .values({
      group_id: model.group_id,
      employee_user_id: userId,
      policy_id: model.policy_id,
      policy_version_id: model.policy_version_id,
      status: "open",
      current_move_stage: 1,
      created_at: now,
      updated_at: now,
      initiated_at: now,
      initiated_by: hr.id,
      origin_country_code: "DE",
      origin_state: "BE",
      origin_city_name: "Berlin",
      destination_country_code: "GB",
      destination_state: "ENG",
      destination_city_name: "London",
      move_date: "2020-01-15",
      assignment_start_date: "2099-02-01",
      assignment_end_date: "2099-12-31",
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  return { email, userId, moveId: row.id };
}

const submitInput = (over: Record<string, unknown> = {}) => ({
  serviceName: "SETTLINGIN",
  moveStageId: 1,
  category: "TRAVEL" as const,
  expenseDate: "2026-11-20",
  currency: "USD",
  gross: "100.00",
  ...over,
});

const countRows = async (db: DB, table: "move_hub_items" | "expenses" | "audit_log") =>
  Number((await db.selectFrom(table).select((eb) => eb.fn.countAll<number>().as("n")).executeTakeFirstOrThrow()).n);

describe("employee.home: happy", () => {
  test("an employee with a move sees their move, tasks, budgets, expenses and files; the query writes nothing", async () => {
    const { email, moveId } = await newEmployeeWithMove(t.db);
    const me = await callerFor(t.db, email);

    const before = { items: await countRows(t.db, "move_hub_items"), audit: await countRows(t.db, "audit_log") };
    const first = await me.employee.home();
    expect(await countRows(t.db, "move_hub_items")).toBe(before.items);
    expect(await countRows(t.db, "audit_log")).toBe(before.audit);

    const move = first.move!;
    expect(move.id).toBe(moveId);
    expect(move.status).toBe("open");
    expect(move.currentMoveStage).toBe(1);
    expect(move.moveStageName.length).toBeGreaterThan(0);
    expect(move.origin).toMatch(/^Berlin, .+, Germany$/);
    expect(move.destination).toMatch(/^London, England, United Kingdom/);
    expect(move.moveDate).toBe("2020-01-15");
    expect(move.assignmentStartDate).toBe("2099-02-01");
    expect(move.consultant).toEqual({ name: expect.any(String), email: DEMO.HR });
    const policy = await t.db.selectFrom("moves as m").innerJoin("policies as p", "p.id", "m.policy_id").select("p.name").where("m.id", "=", moveId).executeTakeFirstOrThrow();
    expect(move.policyName).toBe(policy.name);

    // Tasks: not yet generated, then prepared through the hub's own mutation.
    expect(first.tasks!.prepared).toBe(false);
    const hub = await me.movehub.prepare({});
    const home = await me.employee.home();
    expect(home.tasks!.prepared).toBe(true);
    expect(home.tasks!.counts).toEqual(hub.counts);
    expect(home.tasks!.next.length).toBe(Math.min(5, hub.counts.open));
    // move_date 2020-01-15 is past: its tasks are overdue and come first.
    if (hub.counts.overdue > 0) expect(home.tasks!.next[0]!.completeStatus).toBe("OVERDUE");
    const statuses = home.tasks!.next.map((n) => n.completeStatus);
    expect(statuses).toEqual([...statuses].sort((a, b) => Number(b === "OVERDUE") - Number(a === "OVERDUE")));
    expect(statuses).not.toContain("DONE");

    // Budgets: exactly those budgets.forMove shows the employee (budgetSeenByEmployee).
    const budgets = await me.budgets.forMove({});
    expect(home.budgets.map((b) => [b.moveStageId, b.budgetGroupId, b.amount, b.spentAmount, b.remainingAmount])).toEqual(
      budgets.budgets.map((b) => [b.moveStageId, b.budgetGroupId, b.amount, b.spentAmount, b.remainingAmount]),
    );
    expect(budgets.budgets.every((b) => b.budgetSeenByEmployee)).toBe(true);
    const titles = new Map((await me.expenses.list({})).services.map((x) => [x.serviceName, x.title]));
    expect(home.budgets.map((b) => b.services)).toEqual(budgets.budgets.map((b) => b.services.map((key) => titles.get(key) ?? key)));

    // Expenses: the newest five, newest first, with status.
    expect(home.expenses).toEqual({ total: 0, recent: [] });
    const ids: number[] = [];
    for (let i = 0; i < 6; i++) ids.push((await me.expenses.submit(submitInput({ gross: `${10 + i}.00` }))).id);
    const after = await me.employee.home();
    expect(after.expenses.total).toBe(6);
    expect(after.expenses.recent.map((e) => e.id)).toEqual(ids.slice(1).reverse());
    expect(after.expenses.recent[0]).toMatchObject({ gross: "15.00", currency: "USD", status: "SUBMITTED_WITHOUT_RECEIPT" });
    const list = await me.expenses.list({});
    expect(after.expenses.recent).toEqual(
      list.expenses.slice(0, 5).map((e) => ({ id: e.id, serviceTitle: e.serviceTitle, moveStageName: e.moveStageName, expenseDate: e.expenseDate, currency: e.currency, gross: e.gross, status: e.status, lifecycle: e.lifecycle })),
    );
    // The spent amounts follow the new expenses, as budgets.forMove computes them.
    const budgetsAfter = await me.budgets.forMove({});
    expect(after.budgets.map((b) => [b.spentAmount, b.remainingAmount, b.progressPercentage])).toEqual(budgetsAfter.budgets.map((b) => [b.spentAmount, b.remainingAmount, b.progressPercentage]));
    expect(after.files).toEqual({ count: 0, newest: [] });
  });

  test("files: the count and the three newest of the employee's own", async () => {
    const { email, userId, moveId } = await newEmployeeWithMove(t.db);
    const { groupId } = await t.db.selectFrom("users").select("group_id as groupId").where("id", "=", userId).executeTakeFirstOrThrow();
    const now = new Date().toISOString();
    for (let i = 0; i < 4; i++) {
      await t.db
        .insertInto("employee_files")
        .values({
          group_id: groupId!, employee_user_id: userId, move_id: moveId, temp_uuid: null, hash: `${String(i).repeat(64)}`, original_name: `home-${i}.pdf`,
          size_bytes: 10, content_type: "application/pdf", category_id: null, uploaded_by: userId, uploaded_by_role: "EMPLOYEE", created_at: now, updated_at: now,
        })
        .execute();
    }
    // Another employee's file is not counted.
    const other = await newEmployeeWithMove(t.db);
    await t.db
      .insertInto("employee_files")
      .values({
        group_id: groupId!, employee_user_id: other.userId, move_id: other.moveId, temp_uuid: null, hash: "f".repeat(64), original_name: "other.pdf",
        size_bytes: 10, content_type: "application/pdf", category_id: null, uploaded_by: other.userId, uploaded_by_role: "EMPLOYEE", created_at: now, updated_at: now,
      })
      .execute();
    const home = await (await callerFor(t.db, email)).employee.home();
    expect(home.files.count).toBe(4);
    expect(home.files.newest.map((f) => f.name)).toEqual(["home-3.pdf", "home-2.pdf", "home-1.pdf"]);
  });

  test("the demo employee sees their living move", async () => {
    const home = await (await callerFor(t.db, DEMO.EMPLOYEE)).employee.home();
    expect(home.move).not.toBeNull();
    expect(home.move!.status).toMatch(/^(open|on_assignment|completed)$/);
  });
});

describe("employee.home: isolation and access", () => {
  test("another employee of the same group sees only their own move and expenses", async () => {
    const a = await newEmployeeWithMove(t.db);
    const b = await newEmployeeWithMove(t.db);
    const callerA = await callerFor(t.db, a.email);
    const callerB = await callerFor(t.db, b.email);
    const expense = await callerA.expenses.submit(submitInput({ gross: "42.00" }));
    const homeA = await callerA.employee.home();
    const homeB = await callerB.employee.home();
    expect(homeA.move!.id).toBe(a.moveId);
    expect(homeB.move!.id).toBe(b.moveId);
    expect(homeA.expenses.recent.map((e) => e.id)).toContain(expense.id);
    expect(homeB.expenses.recent.map((e) => e.id)).not.toContain(expense.id);
    expect(homeB.expenses.total).toBe(0);
  });

  test("an employee without a move gets move: null and empty parts", async () => {
    const email = `home-none-${Date.now()}@acme.test`;
    await insertTestUser(t.db, { email, group: "acme", firstName: "No", lastName: "Move" });
    const home = await (await callerFor(t.db, email)).employee.home();
    expect(home).toEqual({ move: null, tasks: null, budgets: [], expenses: { total: 0, recent: [] }, files: { count: 0, newest: [] } });
  });

  test("a cancelled move is no move", async () => {
    const { email, moveId } = await newEmployeeWithMove(t.db);
    await t.db.updateTable("moves").set({ status: "cancelled" }).where("id", "=", moveId).execute();
    expect((await (await callerFor(t.db, email)).employee.home()).move).toBeNull();
  });

  test("HR and admins are FORBIDDEN; signed out is UNAUTHORIZED", async () => {
    await expectTrpcError((await t.hrAcme()).employee.home(), "FORBIDDEN");
    await expectTrpcError((await t.admin()).employee.home(), "FORBIDDEN");
    await expectTrpcError((await callerFor(t.db, DEMO.FINANCE)).employee.home(), "FORBIDDEN");
    await expectTrpcError((await callerFor(t.db, null)).employee.home(), "UNAUTHORIZED");
  });
});
