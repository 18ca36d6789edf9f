import { execFileSync } from "node:child_process";
import { join } from "node:path";

/**
 * A pending expense written into the e2e server's SQLite file (E2E_DATABASE_URL), with a description
 * unique to the test so the spec finds its own rows whatever other specs add, on a move of its own (a fresh
 * acme employee with a copy of the demo employee's move). `managedBudget` puts that move under a copy of the
 * demo policy whose programme type is ManagedBudget, for a service that is not on the policy: out of policy
 * and out of budget.
 */
export function insertExpense(a: { description: string; gross: number; managedBudget?: boolean }): { expenseId: number } {
  const root = process.cwd();
  const script = `
    import { openDatabase } from ${JSON.stringify(join(root, "src/db/index.ts"))};
    const a = JSON.parse(process.env.E2E_ITEM);
    const { db, close } = openDatabase(process.env.E2E_DATABASE_URL);
    const now = new Date().toISOString();
    const employee = await db.selectFrom("users").selectAll().where("email", "=", "employee@acme.test").executeTakeFirstOrThrow();
    let move = await db.selectFrom("moves").selectAll().where("employee_user_id", "=", employee.id).where("status", "=", "open").orderBy("id", "desc").executeTakeFirstOrThrow();
    let service = "SETTLINGIN";
    let group = 1;
    // Always on a move of its own (a fresh acme employee with a copy of Emma's move), so the demo employee's
    // budgets, which other specs read and change (e2e/expenses), are never touched from here.
    const tag = Date.now() + "-" + Math.floor(Math.random() * 1e6);
    const { id: _u, ...user } = employee;
    const userId = (await db.insertInto("users").values({ ...user, email: "e2e-approval-" + tag + "@acme.test", first_name: "Morgan", last_name: a.managedBudget ? "Managed" : "Approval" }).returning("id").executeTakeFirstOrThrow()).id;
    let policyId = move.policy_id;
    if (a.managedBudget) {
      const { id: _p, ...policy } = await db.selectFrom("policies").selectAll().where("id", "=", move.policy_id).executeTakeFirstOrThrow();
      policyId = (await db.insertInto("policies").values({ ...policy, name: "E2E managed-budget programme " + tag, programme_type: "ManagedBudget" }).returning("id").executeTakeFirstOrThrow()).id;
      service = "NOTONPOLICY";
      group = 99;
    }
    const { id: _m, ...copy } = move;
    const moveId = (await db.insertInto("moves").values({ ...copy, employee_user_id: userId, policy_id: policyId }).returning("id").executeTakeFirstOrThrow()).id;
    move = { ...move, id: moveId, employee_user_id: userId };
    const row = await db.insertInto("expenses").values({
      group_id: move.group_id, move_id: move.id, employee_user_id: move.employee_user_id, service_key: service, move_stage: 1, budget_group: group,
      category: "TRAVEL", category_other: null, description: a.description, expense_date: now.slice(0, 10), currency: "USD",
      net_amount: a.gross, tax_amount: 0, gross_amount: a.gross, budget_currency: null, budget_amount: null, exchange_rate: null,
      receipt_file_id: null, status: "SUBMITTED_WITHOUT_RECEIPT", request_id: null, created_at: now, updated_at: now,
    }).returning("id").executeTakeFirstOrThrow();
    await close();
    console.log(JSON.stringify({ expenseId: row.id }));
  `;
  const out = execFileSync(join(root, "node_modules", ".bin", "bun"), ["-e", script], { env: { ...process.env, E2E_ITEM: JSON.stringify(a) }, encoding: "utf8" });
  return JSON.parse(out.trim().split("\n").at(-1) ?? "{}") as { expenseId: number };
}
