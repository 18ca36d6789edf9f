import { demo, expect, expectAccessible, test } from "../fixtures.ts";
import { overflowing } from "../layout/overflow.ts";

/**
 * The employee's expenses (part 1 §2 "My move: expense items with a delete popup", §3 statuses, §8):
 * a new acme employee on Emma's (employee@acme.test) policy submits an expense with a receipt photo against Settling-in (stage 1,
 * budget group 1, USD) and sees the remaining budget drop by it; the new row reads Submitted with its
 * receipt; she deletes it through the popup and the budget comes back. Phone (390) and desktop (1366).
 */
test.describe.configure({ mode: "serial" });

// A 1×1 PNG: the files API checks the type from the bytes.
const PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8DwHwAFBQIAX8jx0gAAAABJRU5ErkJggg==",
  "base64",
);

const money = (text: string) => Number(text.replace(/[^0-9.-]/g, ""));
/** "USD 1,234.50": the shared money format, with thousands separators (issue 24 §2). */
const usd = (n: number) => `USD ${n.toLocaleString("en-US", { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;

for (const size of [
  { name: "desktop", width: 1366, height: 900, gross: "25.40", net: "21.17", tax: "4.23" },
  { name: "phone", width: 390, height: 844, gross: "13.75", net: "11.46", tax: "2.29" },
]) {
  test(`submit with a receipt, the remaining budget drops, delete through the popup (${size.name})`, async ({ page, loginAs, newMovingEmployee }) => {
    await page.setViewportSize({ width: size.width, height: size.height });
    // An acme employee of its own on Emma's policy: other specs spend Emma's budgets in parallel (a booked
    // quote counts against its budget since issue 16), and this one reads the remaining budget to the cent.
    const employee = await newMovingEmployee("acme");
    await loginAs(employee.email);
    await page.goto("/expenses");
    await expect(page.getByRole("heading", { level: 1, name: "My expenses" })).toBeVisible();

    await page.getByTestId("expense-stage").selectOption("1");
    await page.getByTestId("expense-service").selectOption("SETTLINGIN");
    const remaining = page.getByTestId("remaining-budget-value");
    await expect(remaining).toHaveText(/^USD -?\d{1,3}(,\d{3})*\.\d{2}$/);
    const before = money((await remaining.textContent()) ?? "");

    await page.getByTestId("expense-category").selectOption("OTHER");
    await page.getByTestId("expense-category-other").fill(`Registration ${size.name}`);
    await page.getByTestId("expense-currency").selectOption("USD");
    await page.getByTestId("expense-gross").fill(size.gross);
    await page.getByTestId("expense-net").fill(size.net);
    await page.getByTestId("expense-tax").fill(size.tax);
    const receipt = page.getByTestId("expense-receipt");
    await expect(receipt).toHaveAttribute("accept", "image/*,application/pdf");
    await expect(receipt).toHaveAttribute("capture", "environment");
    await receipt.setInputFiles({ name: `receipt-${size.name}.png`, mimeType: "image/png", buffer: PNG });
    await page.getByTestId("expense-submit").click();
    await expect(page.getByTestId("expense-done")).toHaveText("Expense submitted.");

    await expect(remaining).toHaveText(usd(before - Number(size.gross)));
    const row = page.getByTestId("expense-row").filter({ hasText: `Registration ${size.name}` });
    await expect(row.getByTestId("expense-status")).toHaveText("Submitted");
    // Net / tax / gross in the expense's currency (issue 14).
    await expect(row.getByTestId("expense-amount")).toHaveText(`USD ${size.gross}`);
    await expect(row.getByTestId("expense-breakdown")).toHaveText(`Net USD ${size.net} · Tax USD ${size.tax}`);
    await expect(row.getByRole("link", { name: new RegExp(`Receipt: receipt-${size.name}\\.png`) })).toBeVisible();
    await expectAccessible(page);
    const { offenders } = await overflowing(page);
    expect(offenders, offenders.join("\n")).toEqual([]);

    // Delete through the popup (keyboard: the dialog's buttons are focusable).
    await row.getByTestId("expense-delete").click();
    const dialog = page.getByRole("alertdialog");
    await expect(dialog).toContainText("Delete this expense?");
    await expectAccessible(page);
    await dialog.getByRole("button", { name: "Delete expense" }).click();
    await expect(page.getByTestId("expense-list-status")).toHaveText("Expense deleted.");
    await expect(page.getByTestId("expense-row").filter({ hasText: `Registration ${size.name}` })).toHaveCount(0);
    await expect(remaining).toHaveText(usd(before));
  });
}

test("an expense finance is processing has no delete button; a service without budget shows N/A", async ({ page, loginAs }) => {
  await loginAs(demo.acmeEmployee);
  await page.goto("/expenses");
  // Demo data: one expense of Emma's is being processed by finance.
  const processing = page.getByTestId("expense-row").filter({ hasText: "Being processed by finance" });
  await expect(processing.first()).toBeVisible();
  await expect(processing.first().getByTestId("expense-delete")).toHaveCount(0);
  await page.getByTestId("expense-stage").selectOption("1");
  await page.getByTestId("expense-service").selectOption("IMMIGRATION");
  await expect(page.getByTestId("remaining-budget-value")).toHaveText("N/A");
});

test("failures read as the spec's texts: upload, submit and the hard-limit check (no technical message)", async ({ page, loginAs, newMovingEmployee }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  // An employee of its own: Emma's budget may be spent by other specs meanwhile (the hard-limit popup would come first).
  await loginAs((await newMovingEmployee("acme")).email);
  await page.goto("/expenses");
  await page.getByTestId("expense-stage").selectOption("1");
  await page.getByTestId("expense-service").selectOption("SETTLINGIN");
  await expect(page.getByTestId("remaining-budget-value")).toHaveText(/^USD -?\d{1,3}(,\d{3})*\.\d{2}$/);
  await page.getByTestId("expense-gross").fill("1.00");
  const error = page.getByTestId("expense-error");

  // The receipt's upload never reaches the server.
  await page.getByTestId("expense-receipt").setInputFiles({ name: "receipt-offline.png", mimeType: "image/png", buffer: PNG });
  await page.route("**/hr/json/employee/files/upload", (route) => route.abort("internetdisconnected"));
  await page.getByTestId("expense-submit").click();
  await expect(error).toHaveText("Cannot upload file. Please contact customer support...");
  await page.unroute("**/hr/json/employee/files/upload");
  await page.getByTestId("expense-receipt").setInputFiles([]);

  // The submit itself fails on the way.
  await page.route("**/trpc/expenses.submit**", (route) => route.abort("internetdisconnected"));
  await page.getByTestId("expense-submit").click();
  await expect(error).toHaveText(
    "There was an issue processing your request. Please contact customer support or your Client Success Manager in order to ensure prompt resolution.",
  );
  await page.unroute("**/trpc/expenses.submit**");

  // The hard-limit check fails: part 1 §8's text (another amount, so the check is asked again).
  await page.route("**/trpc/budgets.checkHardLimit**", (route) => route.abort("internetdisconnected"));
  await page.getByTestId("expense-gross").fill("2.00");
  await page.getByTestId("expense-submit").click();
  await expect(error).toHaveText("Error getting data! Please contact our customer support.");
  await page.unroute("**/trpc/budgets.checkHardLimit**");
  await expectAccessible(page);
  await expect(page.getByTestId("expense-done")).toHaveCount(0);
});
