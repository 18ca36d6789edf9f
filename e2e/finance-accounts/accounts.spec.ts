import type { Page } from "@playwright/test";
import { demo, expect, expectAccessible, test } from "../fixtures.ts";
import { insertFinanceEmployee } from "./insert.ts";

/**
 * Account management (issue 16; part 2 §2 "search, create and edit accounts, manual adjustment popup"):
 * finance creates an Employee account for an employee of the test's own with an opening balance, finds it
 * by type and user id (the search lives in the URL), opens it, adds a manual adjustment seeing the balance
 * before and after, sees both entries with their running balances, and edits the billing type. Axe at
 * every step; nothing wider than the viewport at 1366 and 390 px.
 */
async function expectFits(page: Page) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
}

for (const size of [
  { width: 1366, height: 900 },
  { width: 390, height: 844 },
]) {
  test.describe(`finance accounts at ${size.width} px`, () => {
    test.use({ viewport: size });

    test("create, search, open, adjust and edit an account", async ({ page, loginAs }) => {
      test.setTimeout(90_000);
      const who = insertFinanceEmployee();
      await loginAs(demo.finance);
      await page.goto("/finance/accounts");
      await expect(page.getByRole("heading", { level: 1, name: "Accounts" })).toBeVisible();
      await expect(page.getByText("Choose a type and search to see accounts.")).toBeVisible();
      await expectAccessible(page);
      await expectFits(page);

      // The search form asks for what the spec requires.
      await page.getByRole("button", { name: "Search" }).click();
      await expect(page.getByText("Please select a type")).toBeVisible();
      await page.getByLabel("Type").first().selectOption("Employee");
      await page.getByRole("button", { name: "Search" }).click();
      await expect(page.getByText("Please enter a user id")).toBeVisible();

      // Create: a bad balance first (the spec's text), then a good one.
      await page.getByRole("button", { name: "Create account" }).click();
      const dialog = page.getByRole("dialog", { name: "Create an account" });
      await expect(dialog).toBeVisible();
      await dialog.getByLabel("Name").fill(`Ledger ${who.userId}`);
      await dialog.getByLabel("Type").selectOption("Employee");
      await dialog.getByLabel("Currency").selectOption("USD");
      await dialog.getByLabel("User id").fill(String(who.userId));
      await dialog.getByLabel("Opening balance").fill("12.345");
      await dialog.getByRole("button", { name: "Create account" }).click();
      await expect(dialog.getByText("Please enter a valid balance")).toBeVisible();
      await expectAccessible(page);
      await dialog.getByLabel("Opening balance").fill("100");
      await dialog.getByRole("button", { name: "Create account" }).click();
      await expect(dialog).toBeHidden();
      await expect(page.getByRole("status").getByText(`Account Ledger ${who.userId} created.`)).toBeVisible();

      // Search by type and user id: the row with its balance, and the totals per currency.
      await page.getByLabel("User id").fill(String(who.userId));
      await page.getByRole("button", { name: "Search" }).click();
      await expect(page).toHaveURL(new RegExp(`userId=${who.userId}`));
      const row = page.getByRole("row").filter({ hasText: `Ledger ${who.userId}` });
      await expect(row).toContainText("USD 100.00");
      await expectAccessible(page);
      await expectFits(page);

      // Open it: details and the opening entry.
      await row.getByRole("link", { name: `Ledger ${who.userId}` }).click();
      await expect(page.getByRole("heading", { level: 1, name: `Ledger ${who.userId}` })).toBeVisible();
      await expect(page.getByText("1 entries, newest first")).toBeVisible();
      await expectAccessible(page);
      await expectFits(page);

      // Manual adjustment: the dialog shows the balance before and after.
      await page.getByRole("button", { name: "Manual adjustment" }).click();
      const adjust = page.getByRole("dialog", { name: "Manual adjustment" });
      await adjust.getByLabel("Amount (USD)").fill("-25.5");
      await expect(adjust.getByText("USD 74.50")).toBeVisible();
      await expectAccessible(page);
      await adjust.getByRole("button", { name: "Add adjustment" }).click();
      await expect(adjust).toBeHidden();
      await expect(page.getByRole("status").getByText("Adjustment added: the balance is now 74.50.")).toBeVisible();
      await expect(page.getByText("2 entries, newest first")).toBeVisible();
      // A table at 1366 px, one card per entry at 390 px: the entries in view either way, newest first.
      const entries = page.getByTestId("entry").filter({ visible: true });
      await expect(entries).toHaveCount(2);
      await expect(entries.nth(0)).toContainText("USD -25.50");
      await expect(entries.nth(0)).toContainText("USD 74.50");
      await expect(entries.nth(1)).toContainText("USD 100.00");

      // Edit the billing type (sent with the version read).
      await page.getByLabel("Billing type").selectOption("Drawdown");
      await page.getByRole("button", { name: "Save changes" }).click();
      await expect(page.getByRole("status").getByText("Changes saved.")).toBeVisible();
      await expectAccessible(page);
      await expectFits(page);
    });

    test("an account that does not exist says so", async ({ page, loginAs }) => {
      await loginAs(demo.finance);
      await page.goto("/finance/accounts/999999999");
      await expect(page.getByText("This account does not exist.")).toBeVisible();
      await expectAccessible(page);
    });
  });
}
