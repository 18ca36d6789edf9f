import { demo, expect, expectAccessible, test } from "../fixtures.ts";
import { insertExpense } from "./insert-item.ts";

/**
 * Bill Approval (issue 16; part 2 §2, §4 Approval, §8): approve an expense through the out-of-policy and
 * out-of-budget (ManagedBudget) confirms; hold and unhold (held items blocked with the spec's text); the
 * rejection popup's mandatory reason; axe at desktop and phone widths. Each test makes its own expenses
 * (unique descriptions) and finds them by search.
 */
const unique = (label: string) => `E2E-${label}-${Date.now()}-${Math.floor(Math.random() * 1e6)}`;

test.describe("bill approval", () => {
  test.beforeEach(async ({ loginAs }) => {
    await loginAs(demo.finance);
  });

  test("approve an expense through the out-of-policy and out-of-budget confirms; the row leaves the list", async ({ page }) => {
    await page.setViewportSize({ width: 1366, height: 900 });
    const description = unique("OOB");
    const { expenseId } = insertExpense({ description, gross: 4_200, managedBudget: true });
    await page.goto(`/finance/bill-approval?q=${description}`);
    await expect(page.getByRole("heading", { name: "Bill approval" })).toBeVisible();
    const row = page.getByTestId(`approval-expense-${expenseId}`);
    await expect(row).toBeVisible();
    await expect(row).toContainText("N/A");
    await expect(row).toContainText("Out of policy");
    await expectAccessible(page);
    await row.getByRole("button", { name: `Approve Expense ${expenseId}` }).click();
    await expect(page.getByRole("alertdialog")).toContainText("outside the employee's policy");
    await page.getByRole("alertdialog").getByRole("button", { name: "Approve" }).click();
    await expect(page.getByRole("alertdialog")).toContainText("not covered by a budget of this managed-budget programme");
    await expectAccessible(page);
    await page.getByRole("alertdialog").getByRole("button", { name: "Approve" }).click();
    await expect(page.getByRole("status").filter({ hasText: `Expense ${expenseId} approved` }).first()).toBeVisible();
    await expect(row).toHaveCount(0);
  });

  test("hold and unhold: a held expense cannot be approved (the spec's text); released, it can be rejected with a reason", async ({ page }) => {
    await page.setViewportSize({ width: 1366, height: 900 });
    const description = unique("HOLD");
    const { expenseId } = insertExpense({ description, gross: 1_500 });
    await page.goto(`/finance/bill-approval?q=${description}`);
    const row = page.getByTestId(`approval-expense-${expenseId}`);
    await row.getByRole("button", { name: `More actions for Expense ${expenseId}` }).click();
    await page.getByRole("menuitem", { name: "Hold" }).click();
    const dialog = page.getByRole("dialog", { name: `Hold Expense ${expenseId}` });
    await dialog.getByRole("button", { name: "Hold" }).click();
    await expect(dialog).toContainText("Please select a hold reason");
    await dialog.getByLabel("Hold reason").selectOption("Info Requested - HR");
    await dialog.getByRole("button", { name: "Hold" }).click();
    await expect(row).toContainText("On hold: Info Requested - HR");
    // Blocked (§8): the button says so, and pressing it anyway shows the spec's text.
    await expect(row).toContainText("This expense cannot be approved, because it is on hold");
    await row.getByRole("button", { name: `Approve Expense ${expenseId}` }).click({ force: true });
    await expect(page.getByRole("alert").filter({ hasText: "This expense cannot be approved, because it is on hold" }).first()).toBeVisible();
    await row.getByRole("button", { name: `More actions for Expense ${expenseId}` }).click();
    await page.getByRole("menuitem", { name: "Unhold" }).click();
    await expect(page.getByRole("status").filter({ hasText: `Expense ${expenseId} is no longer on hold` }).first()).toBeVisible();
    await expect(row).not.toContainText("On hold");
    await row.getByRole("button", { name: `More actions for Expense ${expenseId}` }).click();
    await page.getByRole("menuitem", { name: "Reject" }).click();
    const reject = page.getByRole("dialog", { name: `Reject Expense ${expenseId}` });
    await reject.getByRole("button", { name: "Reject" }).click();
    await expect(reject).toContainText("It is mandatory to select a rejection reason");
    await expectAccessible(page);
    await reject.getByLabel("Rejection reason").selectOption({ label: "Missing or unreadable receipt" });
    await reject.getByRole("button", { name: "Reject" }).click();
    await expect(page.getByRole("status").filter({ hasText: `Expense ${expenseId} rejected` }).first()).toBeVisible();
    await expect(row).toHaveCount(0);
  });

  test("phone width: items as cards, no horizontal scroll, accessible", async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    const description = unique("PHONE");
    const { expenseId } = insertExpense({ description, gross: 990 });
    await page.goto(`/finance/bill-approval?q=${description}`);
    const card = page.getByTestId(`approval-card-expense-${expenseId}`);
    await expect(card).toBeVisible();
    await expect(card).toContainText(/\$9\.90|USD\s9\.90/);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await expectAccessible(page);
  });

  test("HR cannot open bill approval", async ({ page, loginAs }) => {
    await loginAs(demo.acmeHr);
    const response = await page.goto("/finance/bill-approval");
    expect(response?.status()).toBe(403);
  });
});
