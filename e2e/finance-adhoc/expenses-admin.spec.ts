import type { Page } from "@playwright/test";
import { demo, expect as baseExpect, expectAccessible, test } from "../fixtures.ts";
import { insertExpense } from "./insert-expense.ts";

/** A loaded machine (the whole suite in parallel) can take longer than the default 7 s to save and load. */
const expect = baseExpect.configure({ timeout: 15_000 });

/**
 * Employee expenses management (issue 16): finance finds a newcomer's expense (unique description), edits
 * its internal note (255 at most), and deletes another one finance has not started on. A table from 768 px,
 * cards below.
 */

async function expectFits(page: Page) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
}

for (const size of [
  { width: 1366, height: 900 },
  { width: 390, height: 844 },
]) {
  test.describe(`expenses management at ${size.width} px`, () => {
    test.use({ viewport: size });

    test("finance searches, notes and deletes employees' expenses", async ({ page, loginAs, newMovingEmployee }) => {
      test.setTimeout(90_000);
      const employee = await newMovingEmployee("acme");
      const tag = `kiwi-${size.width}-${Date.now()}`;
      insertExpense({ moveId: employee.moveId, description: `Dinner ${tag}`, gross: 4250 });
      insertExpense({ moveId: employee.moveId, description: `Taxi ${tag}`, gross: 1800 });
      await loginAs(demo.finance);
      await page.goto("/finance/expenses");
      await expect(page.getByRole("heading", { level: 1, name: "Employee expenses" })).toBeVisible();
      await page.getByTestId("expenses-search").fill(tag);
      const list = size.width >= 768 ? page.getByTestId("expenses-table") : page.getByTestId("expenses-cards");
      await expect(list.getByText(`Dinner ${tag}`)).toBeVisible();
      await expect(list.getByText(`Taxi ${tag}`)).toBeVisible();
      await expect(page.getByTestId("expenses-totals")).toContainText("60.50");
      await expectAccessible(page);
      await expectFits(page);

      // The internal note.
      const dinner = (size.width >= 768 ? list.getByTestId("expense-row") : list.locator("li")).filter({ hasText: `Dinner ${tag}` });
      await dinner.getByTestId("edit-note").click();
      const dialog = page.getByRole("dialog", { name: "Internal note" });
      await expect(dialog).toBeVisible();
      await dialog.getByTestId("note-text").fill("x".repeat(256));
      await expect(dialog.getByText("You have exceeded the maximum notes length...")).toBeVisible();
      await expectAccessible(page);
      await dialog.getByTestId("note-text").fill("Receipt requested by e-mail");
      await dialog.getByTestId("save-note").click();
      await expect(dialog).toBeHidden();
      await expect(dinner).toContainText("Receipt requested by e-mail");

      // Delete the taxi after confirming.
      const taxi = (size.width >= 768 ? list.getByTestId("expense-row") : list.locator("li")).filter({ hasText: `Taxi ${tag}` });
      await taxi.getByTestId("delete-expense").click();
      const confirm = page.getByRole("alertdialog", { name: "Delete this expense?" });
      await expect(confirm).toBeVisible();
      await confirm.getByRole("button", { name: "Delete" }).click();
      await expect(page.getByTestId("expenses-notice")).toContainText("deleted");
      await expect(list.getByText(`Taxi ${tag}`)).toHaveCount(0);
      await expect(page.getByTestId("expenses-totals")).toContainText("42.50");
      await expectAccessible(page);
      await expectFits(page);
    });
  });
}
