import type { Page } from "@playwright/test";
import { demo, expect, expectAccessible, test } from "../fixtures.ts";
import { insertFinanceEmployee } from "./insert.ts";

/**
 * Employee bank accounts (issue 16; part 2 §4 "locked or unlocked toggle; unlocking a paid account warns to
 * relock, and is allowed only when the page's allow-unlock-paid-account flag is set"; §8 texts): finance
 * finds an employee of the test's own, locks the open account after confirming, and cannot unlock the paid
 * one (the e2e server runs without FINANCE_ALLOW_UNLOCK_PAID_ACCOUNT). Axe; fits at 1366 and 390 px.
 */
async function expectFits(page: Page) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
}

for (const size of [
  { width: 1366, height: 900 },
  { width: 390, height: 844 },
]) {
  test.describe(`bank accounts at ${size.width} px`, () => {
    test.use({ viewport: size });

    test("find an employee's bank accounts, lock one after confirming; a paid one cannot be unlocked", async ({ page, loginAs }) => {
      test.setTimeout(60_000);
      const who = insertFinanceEmployee();
      await loginAs(demo.finance);
      await page.goto("/finance/bank-accounts");
      await expect(page.getByRole("heading", { level: 1, name: "Employee bank accounts" })).toBeVisible();
      await expectAccessible(page);
      await page.getByLabel("Employee user id").fill(String(who.userId));
      await page.getByRole("button", { name: "Find" }).click();
      const open = page.getByRole("row").filter({ hasText: who.openAlias });
      const paid = page.getByRole("row").filter({ hasText: who.paidAlias });
      await expect(open).toContainText("Unlocked");
      await expect(open).toContainText("Not confirmed");
      await expect(paid).toContainText("Locked");
      await expect(paid).toContainText("Paid");
      await expect(paid.getByRole("button", { name: `Unlock ${who.paidAlias}` })).toBeDisabled();
      await expect(paid.getByText("Unlocking a paid bank account is not enabled.")).toBeVisible();
      await expectAccessible(page);
      await expectFits(page);

      // Cancel first: nothing changes; then lock.
      await open.getByRole("button", { name: `Lock ${who.openAlias}` }).click();
      let confirm = page.getByRole("alertdialog", { name: `Lock ${who.openAlias}?` });
      await expect(confirm).toBeVisible();
      await expectAccessible(page);
      await confirm.getByRole("button", { name: "Cancel" }).click();
      await expect(open).toContainText("Unlocked");
      await open.getByRole("button", { name: `Lock ${who.openAlias}` }).click();
      confirm = page.getByRole("alertdialog", { name: `Lock ${who.openAlias}?` });
      await confirm.getByRole("button", { name: "Lock" }).click();
      await expect(page.getByRole("status").getByText(`${who.openAlias} is locked.`)).toBeVisible();
      await expect(open.getByRole("button", { name: `Unlock ${who.openAlias}` })).toBeVisible();
      await expectAccessible(page);
    });

    test("an employee without bank accounts: the spec's text", async ({ page, loginAs }) => {
      await loginAs(demo.finance);
      await page.goto("/finance/bank-accounts?employeeId=999999999");
      await expect(page.getByText("Employee has no accounts")).toBeVisible();
      await expectAccessible(page);
    });
  });
}
