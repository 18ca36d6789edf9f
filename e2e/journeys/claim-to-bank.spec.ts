import { execFileSync } from "node:child_process";
import { join } from "node:path";
import { demo, expect, expectAccessible, test } from "../fixtures.ts";
import { insertMovingEmployee } from "../moving-employee.ts";
import { PNG, SIZES, fits, signedIn } from "./journey.ts";

/**
 * Issue 24 §1 and §5, the employee's money from claim to bank, end to end in one test at 1366×900 and then
 * 390×844: the employee claims an expense with a receipt → finance sees the receipt in Bill Approval and
 * approves → in Bill Management the bill is marked payment pending and exported; the export is refused
 * while the employee's bank account has no usable details (the message names her), finance enters her IBAN
 * and BIC on the Bank accounts page, the export goes through (a pain.001 with her IBAN) → on the payment
 * file history finance marks the file paid → the employee sees Paid with the date on her expenses page,
 * her bell tells her, and the e-mail is in the outbox. axe on each page, nothing wider than the viewport.
 */

/** Runs a small script on the e2e server's SQLite file (E2E_DATABASE_URL); answers its last line as JSON. */
function onDatabase<T>(body: string, env: Record<string, string>): T {
  const script = `
    import { Database } from "bun:sqlite";
    const db = new Database(process.env.E2E_DATABASE_URL);
    db.exec("PRAGMA busy_timeout = 5000");
    ${body}
  `;
  const out = execFileSync(join(process.cwd(), "node_modules", ".bin", "bun"), ["-e", script], { env: { ...process.env, ...env }, encoding: "utf8" });
  return JSON.parse(out.trim().split("\n").at(-1) ?? "null") as T;
}

/** The employee's salary account in USD, as the payment system created it: no bank details yet. */
const insertBankAccount = (userId: number) =>
  onDatabase<{ id: number }>(
    `const u = db.query("SELECT group_id FROM users WHERE id = ?").get(Number(process.env.E2E_USER));
     const now = new Date().toISOString();
     const row = db.query("INSERT INTO employee_bank_accounts (group_id, employee_user_id, account_alias, account_number, account_currency, created_at, updated_at) VALUES (?, ?, 'Salary account', '', 'USD', ?, ?) RETURNING id").get(u.group_id, Number(process.env.E2E_USER), now, now);
     console.log(JSON.stringify(row));`,
    { E2E_USER: String(userId) },
  );

/** The bill approval made of the expense. */
const billOf = (expenseId: number) =>
  onDatabase<{ id: number } | null>(`console.log(JSON.stringify(db.query("SELECT id FROM bills WHERE source_kind = 'expense' AND source_id = ?").get(Number(process.env.E2E_EXPENSE)) ?? null));`, { E2E_EXPENSE: String(expenseId) });

/** The e-mails sent to the address (subjects). */
const mailsTo = (email: string) => onDatabase<string[]>(`console.log(JSON.stringify(db.query("SELECT subject FROM outbox WHERE to_address = ? ORDER BY id").all(process.env.E2E_TO).map((r) => r.subject)));`, { E2E_TO: email });

test("the employee's money from claim to bank: claim with a receipt, approval, a bank-ready payment file, paid, Paid on the employee's page (1366 and 390 px)", async ({ browser, baseURL }, testInfo) => {
  test.setTimeout(600_000);
  for (const size of SIZES) {
    const email = `claim-to-bank-${testInfo.workerIndex}-${size.width}-${Date.now()}@acme.test`;
    const { userId } = insertMovingEmployee(email);
    insertBankAccount(userId);
    const description = `Registration fee ${size.width}-${Date.now() % 100_000}`;

    // 1. The employee claims an expense with a receipt.
    const employee = await signedIn(browser, baseURL, email, size);
    const e = employee.page;
    await e.goto("/expenses");
    await expect(e.getByRole("heading", { level: 1, name: "My expenses" })).toBeVisible({ timeout: 30_000 });
    await e.getByTestId("expense-stage").selectOption("1");
    await e.getByTestId("expense-service").selectOption("SETTLINGIN");
    await e.getByTestId("expense-category").selectOption("OTHER");
    await e.getByTestId("expense-category-other").fill(description);
    await e.getByTestId("expense-currency").selectOption("USD");
    await e.getByTestId("expense-gross").fill("42.10");
    await e.getByTestId("expense-net").fill("35.08");
    await e.getByTestId("expense-tax").fill("7.02");
    await e.getByTestId("expense-receipt").setInputFiles({ name: `receipt-${size.width}.png`, mimeType: "image/png", buffer: PNG });
    await e.getByTestId("expense-submit").click();
    await expect(e.getByTestId("expense-done")).toHaveText("Expense submitted.");
    const row = e.getByTestId("expense-row").filter({ hasText: description });
    await expect(row.getByTestId("expense-status")).toHaveText("Submitted");
    const expenseId = Number(await row.getAttribute("data-expense-id"));
    expect(expenseId).toBeGreaterThan(0);
    await fits(e, size.width);

    // 2. Finance sees the receipt beside the item in Bill Approval and approves.
    const finance = await signedIn(browser, baseURL, demo.finance, size);
    const f = finance.page;
    await f.goto(`/finance/bill-approval?q=${encodeURIComponent(description)}`);
    // A table row at 1366 px, a card at 390 px.
    const item = f.getByTestId(size.width >= 992 ? `approval-expense-${expenseId}` : `approval-card-expense-${expenseId}`);
    await expect(item).toBeVisible({ timeout: 30_000 });
    await expect(item.getByRole("img").or(item.getByRole("link", { name: /receipt/i })).first()).toBeVisible();
    await expectAccessible(f);
    await item.getByRole("button", { name: `Approve Expense ${expenseId}` }).click();
    // Out-of-policy or out-of-budget confirmations, when the item needs them.
    for (let i = 0; i < 3; i++) {
      const confirm = f.getByRole("alertdialog");
      if (!(await confirm.isVisible({ timeout: 1_500 }).catch(() => false))) break;
      await confirm.getByRole("button", { name: "Approve" }).click();
    }
    await expect(f.getByRole("status").filter({ hasText: `Expense ${expenseId} approved` })).toBeVisible({ timeout: 30_000 });
    const bill = billOf(expenseId);
    expect(bill).not.toBeNull();
    const billId = bill!.id;

    // 3. Bill Management: payment pending, selected, exported. Refused first: her account has no bank details.
    await f.goto(`/finance/bill-management?q=${billId}`);
    const actionsFor = () => f.getByRole("button", { name: `Actions for bill ${billId}` });
    await actionsFor().click();
    await f.getByRole("menuitem", { name: "Mark as payment pending" }).click();
    await expect(f.getByRole("status").first()).toContainText(`Bill ${billId}: Payment pending.`);
    await f.goto(`/finance/bill-management?status=PaymentPending&q=${billId}`);
    await f.getByRole("checkbox", { name: `Select bill ${billId}` }).click();
    await f.getByRole("button", { name: "Export selected" }).click();
    await expect(f.getByText(new RegExp(`Nora Newcomer has no bank account a payment file can use .* bill ${billId}`))).toBeVisible({ timeout: 30_000 });
    await fits(f, size.width);

    // Finance enters her IBAN and BIC on the Bank accounts page.
    await f.goto(`/finance/bank-accounts?employeeId=${userId}`);
    await expect(f.getByText("Not usable for payment files")).toBeVisible({ timeout: 30_000 });
    await f.getByRole("button", { name: "Edit the bank details of Salary account" }).click();
    const bank = f.getByRole("dialog", { name: "Bank details of Salary account" });
    await bank.getByLabel("IBAN").fill("GB82 WEST 1234 5698 7654 33");
    await bank.getByLabel("BIC").fill("WESTGB2L");
    await bank.getByRole("button", { name: "Save bank details" }).click();
    await expect(bank.getByText("This IBAN's check digits are wrong; please check the number")).toBeVisible();
    await expect(bank.getByLabel("IBAN")).toHaveAttribute("aria-invalid", "true");
    await bank.getByLabel("IBAN").fill("GB82 WEST 1234 5698 7654 32");
    await expectAccessible(f);
    await bank.getByRole("button", { name: "Save bank details" }).click();
    await expect(bank).toBeHidden();
    await expect(f.getByText("IBAN GB82 WEST 1234 5698 7654 32 · BIC WESTGB2L")).toBeVisible();
    await fits(f, size.width);

    // The export now goes through: a bank-ready pain.001 naming her IBAN.
    await f.goto(`/finance/bill-management?status=PaymentPending&q=${billId}`);
    const select = f.getByRole("checkbox", { name: `Select bill ${billId}` });
    if (!(await select.isChecked())) await select.click();
    await f.getByRole("button", { name: "Export selected" }).click();
    const done = f.getByText(/^Export MER-[0-9A-Z-]+: 1 bills\.$/);
    await expect(done).toBeVisible({ timeout: 30_000 });
    const messageId = /Export (MER-[0-9A-Z-]+):/.exec((await done.textContent()) ?? "")![1]!;

    // 4. The payment file history: the file downloads again with her account; finance marks it paid.
    await f.getByRole("region", { name: "Payment files" }).getByRole("link", { name: "Payment file history" }).click();
    const file = f.getByRole("region", { name: new RegExp(messageId) });
    await expect(file).toContainText("Sent to bank", { timeout: 30_000 });
    await expect(file.getByTestId(`history-bill-${billId}`)).toContainText("Nora Newcomer");
    const xml = await f.request.get((await file.getByRole("link", { name: `Download the pain.001 XML of ${messageId}` }).getAttribute("href")) ?? "");
    expect(xml.status()).toBe(200);
    const body = await xml.text();
    expect(body).toContain("<CdtrAcct><Id><IBAN>GB82WEST12345698765432</IBAN></Id></CdtrAcct>");
    expect(body).toContain("<CdtrAgt><FinInstnId><BIC>WESTGB2L</BIC></FinInstnId></CdtrAgt>");
    expect(body).toContain("<DbtrAgt>");
    await expectAccessible(f);
    await file.getByRole("button", { name: `Mark payment file ${messageId} paid` }).click();
    await f.getByRole("dialog", { name: `Mark ${messageId} paid?` }).getByRole("button", { name: "Mark paid" }).click();
    await expect(f.getByRole("status").filter({ hasText: `Payment file ${messageId} is marked paid.` })).toBeVisible({ timeout: 30_000 });
    await expect(file.getByTestId(`history-bill-${billId}`)).toContainText("Paid");
    await fits(f, size.width);
    await finance.context.close();

    // 5. The employee sees Paid with the date, her bell tells her, and the e-mail went out.
    await e.goto("/expenses");
    const paidRow = e.locator(`[data-expense-id="${expenseId}"]`);
    await expect(paidRow.getByTestId("expense-status")).toHaveText("Paid", { timeout: 30_000 });
    await expect(paidRow).toContainText(/paid on \d{1,2} \w+ \d{4}|paid on \d{2}\/\d{2}\/\d{4}/);
    await expectAccessible(e);
    await fits(e, size.width);
    await e.goto("/notifications");
    await expect(e.getByRole("link", { name: /Your expense .* was paid: USD 42\.10 on / })).toBeVisible({ timeout: 30_000 });
    expect(mailsTo(email)).toContain("Your expense was paid");
    await employee.context.close();
  }
});
