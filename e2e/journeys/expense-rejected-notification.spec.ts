import { execFileSync } from "node:child_process";
import { join } from "node:path";
import { demo, expect, expectAccessible, test } from "../fixtures.ts";
import { insertMovingEmployee } from "../moving-employee.ts";
import { SIZES, fits, signedIn } from "./journey.ts";

/**
 * Issue 24 §3: finance rejects an employee's expense with a reason → the employee's bell counts it, the
 * notification says the reason, and opening it lands on that expense (`/expenses?expense=`), marked read.
 * At 1366×900 and then 390×844, axe on each page, nothing wider than the viewport.
 */

/** A submitted expense of the employee's move (a copy of the group demo employee's first expense), and a REJECT reason id. */
function insertSubmittedExpense(userId: number, moveId: number, description: string): { expenseId: number; reasonId: number } {
  const script = `
    import { Database } from "bun:sqlite";
    const db = new Database(process.env.E2E_DATABASE_URL);
    db.exec("PRAGMA busy_timeout = 5000");
    const userId = Number(process.env.E2E_USER), moveId = Number(process.env.E2E_MOVE);
    const now = new Date().toISOString();
    const move = db.query("SELECT group_id FROM moves WHERE id = ?").get(moveId);
    const demo = db.query("SELECT e.* FROM expenses e JOIN users u ON u.id = e.employee_user_id WHERE u.email = 'employee@acme.test' ORDER BY e.id LIMIT 1").get();
    const row = { ...demo };
    delete row.id;
    Object.assign(row, { group_id: move.group_id, move_id: moveId, employee_user_id: userId, description: process.env.E2E_DESC, status: "SUBMITTED", hold_reason: null,
      rejection_reason: null, receipt_file_id: null, request_id: null, version: 1, expense_date: now.slice(0, 10), created_at: now, updated_at: now });
    const columns = Object.keys(row);
    const inserted = db.query("INSERT INTO expenses (" + columns.join(", ") + ") VALUES (" + columns.map(() => "?").join(", ") + ") RETURNING id").get(...columns.map((c) => row[c]));
    const reason = db.query("SELECT id FROM finance_rejection_reasons WHERE scope = 'REJECT' ORDER BY id LIMIT 1").get();
    console.log(JSON.stringify({ expenseId: inserted.id, reasonId: reason.id }));
  `;
  const out = execFileSync(join(process.cwd(), "node_modules", ".bin", "bun"), ["-e", script], {
    env: { ...process.env, E2E_USER: String(userId), E2E_MOVE: String(moveId), E2E_DESC: description },
    encoding: "utf8",
  });
  return JSON.parse(out.trim().split("\n").at(-1) ?? "{}") as { expenseId: number; reasonId: number };
}

test("finance rejects an expense with a reason: the employee's bell tells them and opens the expense (1366 and 390 px)", async ({ browser, baseURL }, testInfo) => {
  test.setTimeout(180_000);
  for (const size of SIZES) {
    const email = `rejected-${testInfo.workerIndex}-${size.width}-${Date.now()}@acme.test`;
    const { userId, moveId } = insertMovingEmployee(email);
    const description = `Hotel night ${size.width}`;
    const { expenseId, reasonId } = insertSubmittedExpense(userId, moveId, description);
    const reasonNote = "The receipt does not show the hotel's name";

    // Finance rejects it with a reason (the Bill Approval call).
    const finance = await signedIn(browser, baseURL, demo.finance, size);
    const res = await finance.page.request.post("/trpc/finance.approval.reject", {
      data: { kind: "expense", id: expenseId, rejectionId: reasonId, rejectionReason: reasonNote },
      headers: { Origin: baseURL ?? "" },
    });
    expect(res.status(), await res.text()).toBe(200);
    await finance.context.close();

    // The employee: the bell counts it; the line says the reason; opening it lands on the expense.
    const employee = await signedIn(browser, baseURL, email, size);
    const e = employee.page;
    await e.goto("/notifications");
    await expect(e.getByRole("heading", { level: 1, name: "Notifications" })).toBeVisible({ timeout: 20_000 });
    const bell = e.getByTestId("notification-bell");
    await expect(bell).toHaveAccessibleName("Notifications, 1 unread", { timeout: 20_000 });
    const line = e.getByRole("link", { name: new RegExp(`Your expense ${description} .* was rejected\\. Reason: .*${reasonNote}`) });
    await expect(line).toBeVisible();
    await expectAccessible(e);
    await fits(e, size.width);

    await bell.click();
    const item = e.getByRole("menuitem", { name: new RegExp(`Your expense ${description} .* was rejected\\. Reason: .*${reasonNote}`) });
    await expect(item).toBeVisible();
    await expectAccessible(e);
    await item.click();
    await expect(e).toHaveURL(new RegExp(`/expenses\\?expense=${expenseId}$`));
    const row = e.locator(`[data-expense-id="${expenseId}"]`);
    await expect(row).toBeVisible({ timeout: 20_000 });
    await expect(row).toHaveAttribute("data-focused", "true");
    await expect(row).toContainText(description);
    await expect(row).toContainText(/Rejected/i);
    // Opened = read.
    await expect(bell).toHaveAccessibleName("Notifications", { timeout: 20_000 });
    await expectAccessible(e);
    await fits(e, size.width);
    await employee.context.close();
  }
});
