import { execFileSync } from "node:child_process";
import { join } from "node:path";

/**
 * An expense of a move written straight into the e2e server's SQLite file (E2E_DATABASE_URL), for the
 * expenses management spec: submitted without a receipt (so finance may still delete it), with a
 * description unique to the test.
 */
export function insertExpense(a: { moveId: number; description: string; gross: number; currency?: string }): { expenseId: number } {
  const script = `
    import { Database } from "bun:sqlite";
    const db = new Database(process.env.E2E_DATABASE_URL);
    db.exec("PRAGMA busy_timeout = 5000");
    const a = JSON.parse(process.env.E2E_EXPENSE);
    const move = db.query("SELECT id, group_id, employee_user_id FROM moves WHERE id = ?").get(a.moveId);
    const now = new Date().toISOString();
    const row = db.query(
      "INSERT INTO expenses (group_id, move_id, employee_user_id, service_key, move_stage, budget_group, category, category_other, description, expense_date, currency, net_amount, tax_amount, gross_amount, status, created_at, updated_at) " +
      "VALUES (?, ?, ?, 'TRAVEL', 1, 1, 'MEALS', NULL, ?, '2026-11-10', ?, ?, 0, ?, 'SUBMITTED_WITHOUT_RECEIPT', ?, ?) RETURNING id",
    ).get(move.group_id, move.id, move.employee_user_id, a.description, a.currency, a.gross, a.gross, now, now);
    console.log(JSON.stringify({ expenseId: row.id }));
  `;
  const out = execFileSync(join(process.cwd(), "node_modules", ".bin", "bun"), ["-e", script], {
    env: { ...process.env, E2E_EXPENSE: JSON.stringify({ currency: "EUR", ...a }) },
    encoding: "utf8",
  });
  return JSON.parse(out.trim().split("\n").at(-1) ?? "{}") as { expenseId: number };
}
