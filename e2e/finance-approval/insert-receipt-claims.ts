import { execFileSync } from "node:child_process";
import { join } from "node:path";

/**
 * Two pending expenses of a fresh acme employee (a copy of the demo employee and their move, so the demo
 * employee's budgets stay untouched), written into the e2e server's SQLite file: the first with an image
 * receipt, the second the same claim again (same amount, date and category, no receipt). The receipt is an
 * employee_files row of the fresh employee naming bytes the file store already holds (the demo passport
 * scan, a PNG, filed under its SHA-256 by the demo seed).
 */
export function insertReceiptClaims(a: { tag: string; gross: number }): { withReceipt: number; again: number } {
  const root = process.cwd();
  const script = `
    import { openDatabase } from ${JSON.stringify(join(root, "src/db/index.ts"))};
    const a = JSON.parse(process.env.E2E_ITEM);
    const { db, close } = openDatabase(process.env.E2E_DATABASE_URL);
    const now = new Date().toISOString();
    const employee = await db.selectFrom("users").selectAll().where("email", "=", "employee@acme.test").executeTakeFirstOrThrow();
    const move = await db.selectFrom("moves").selectAll().where("employee_user_id", "=", employee.id).where("status", "=", "open").orderBy("id", "desc").executeTakeFirstOrThrow();
    const png = await db.selectFrom("employee_files").selectAll().where("employee_user_id", "=", employee.id).where("original_name", "=", "passport-scan.png").executeTakeFirstOrThrow();
    const { id: _u, ...user } = employee;
    const userId = (await db.insertInto("users").values({ ...user, email: "e2e-receipt-" + a.tag + "@acme.test", first_name: "Riley", last_name: "Receipt" }).returning("id").executeTakeFirstOrThrow()).id;
    const { id: _m, ...copy } = move;
    const moveId = (await db.insertInto("moves").values({ ...copy, employee_user_id: userId }).returning("id").executeTakeFirstOrThrow()).id;
    const fileId = (await db.insertInto("employee_files").values({
      group_id: move.group_id, employee_user_id: userId, move_id: moveId, temp_uuid: null, hash: png.hash, original_name: "taxi-receipt.png",
      size_bytes: png.size_bytes, content_type: "image/png", category_id: 6, notes: "", share_mg: 0, share_hr: 0, uploaded_by: userId,
      uploaded_by_role: "EMPLOYEE", created_at: now, updated_at: now,
    }).returning("id").executeTakeFirstOrThrow()).id;
    const claim = (description, receipt) => db.insertInto("expenses").values({
      group_id: move.group_id, move_id: moveId, employee_user_id: userId, service_key: "SETTLINGIN", move_stage: 1, budget_group: 1,
      category: "TRANSPORT", category_other: null, description, expense_date: now.slice(0, 10), currency: "USD",
      net_amount: a.gross, tax_amount: 0, gross_amount: a.gross, budget_currency: null, budget_amount: null, exchange_rate: null,
      receipt_file_id: receipt, status: receipt ? "SUBMITTED" : "SUBMITTED_WITHOUT_RECEIPT", request_id: null, created_at: now, updated_at: now,
    }).returning("id").executeTakeFirstOrThrow();
    const withReceipt = (await claim(a.tag + " taxi to the office", fileId)).id;
    const again = (await claim(a.tag + " office taxi", null)).id;
    await close();
    console.log(JSON.stringify({ withReceipt, again }));
  `;
  const out = execFileSync(join(root, "node_modules", ".bin", "bun"), ["-e", script], { env: { ...process.env, E2E_ITEM: JSON.stringify(a) }, encoding: "utf8" });
  return JSON.parse(out.trim().split("\n").at(-1) ?? "{}") as { withReceipt: number; again: number };
}
