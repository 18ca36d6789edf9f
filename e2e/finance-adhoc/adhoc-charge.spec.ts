import type { Page } from "@playwright/test";
import { demo, expect as baseExpect, expectAccessible, test } from "../fixtures.ts";

/** A loaded machine (the whole suite in parallel) can take longer than the default 7 s to save and load. */
const expect = baseExpect.configure({ timeout: 15_000 });

/**
 * Ad-hoc charge creation (issue 16; part 2 §2 "Ad-hoc charge creation (CRM), including type
 * CashAllowanceRecurring with a recurring payment schedule calculator"; §5 Recurring): CRM picks a group and
 * a newcomer's move (unique to the test), builds a 6-month schedule for a recurring cash allowance, edits two
 * rows (the difference to the gross follows), confirms, and sees the stored schedule on the charge's page.
 */

async function expectFits(page: Page) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
}

for (const size of [
  { width: 1366, height: 900 },
  { width: 390, height: 844 },
]) {
  test.describe(`ad-hoc charges at ${size.width} px`, () => {
    test.use({ viewport: size });

    test("CRM creates a recurring cash allowance with a 6-month schedule and sees it", async ({ page, loginAs, newMovingEmployee }) => {
      test.setTimeout(90_000);
      const employee = await newMovingEmployee("acme");
      await loginAs(demo.crm);
      await page.goto("/crm/adhoc-charges/new");
      await expect(page.getByRole("heading", { level: 1, name: "New ad-hoc charge" })).toBeVisible();
      await expectAccessible(page);
      await expectFits(page);

      // Nothing chosen: the form says what is missing.
      await page.getByTestId("submit-charge").click();
      await expect(page.getByText("Please enter an amount").first()).toBeVisible();

      await page.getByTestId("group-select").selectOption("acme");
      await page.getByTestId("move-search").fill(employee.email);
      const move = page.getByTestId("move-select");
      await expect(move.locator("option", { hasText: employee.email })).toHaveCount(1);
      await move.selectOption((await move.locator("option", { hasText: employee.email }).getAttribute("value"))!);
      await page.getByLabel("Type").selectOption("CashAllowanceRecurring");
      await page.getByTestId("amount").fill("1000");
      await page.getByTestId("notes").fill("Monthly housing allowance");

      // The calculator: 6 months from 15 Jan 2027; the last instalment absorbs the rounding.
      const calculator = page.getByTestId("schedule-calculator");
      await calculator.getByTestId("recurrence-count").fill("6");
      await calculator.getByTestId("first-due-date").fill("2027-01-15");
      await calculator.getByTestId("calculate-schedule").click();
      const rows = calculator.getByTestId("schedule-row");
      await expect(rows).toHaveCount(6);
      await expect(rows.nth(5).getByLabel("Amount of payment 6")).toHaveValue("166.70");
      await expect(rows.nth(5).getByLabel("Due date of payment 6")).toHaveValue("2027-06-15");
      await expect(calculator.getByTestId("schedule-total")).toContainText("1,000.00");
      await expect(calculator.getByTestId("schedule-difference")).toContainText("0.00");

      // Edit a row: the difference follows; a schedule that does not add up is refused before submitting.
      await rows.nth(0).getByLabel("Amount of payment 1").fill("200.00");
      await expect(calculator.getByTestId("schedule-difference")).toContainText("-33.34");
      await page.getByTestId("submit-charge").click();
      await expect(page.getByText("The instalments do not sum up to the gross amount").first()).toBeVisible();
      await rows.nth(5).getByLabel("Amount of payment 6").fill("133.36");
      await expect(calculator.getByTestId("schedule-difference")).toContainText("0.00");
      await expectAccessible(page);
      await expectFits(page);

      // Confirm before submitting.
      await page.getByTestId("submit-charge").click();
      const confirm = page.getByRole("alertdialog", { name: "Create this recurring allowance?" });
      await expect(confirm).toBeVisible();
      await expect(confirm).toContainText("6 payments");
      await expectAccessible(page);
      await confirm.getByRole("button", { name: "Create" }).click();

      // The charge's page with its schedule.
      await expect(page).toHaveURL(/\/crm\/adhoc-charges\/\d+$/);
      await expect(page.getByRole("heading", { level: 1, name: /Ad-hoc charge #\d+/ })).toBeVisible();
      const schedule = page.getByTestId("item-schedule-row");
      await expect(schedule).toHaveCount(6);
      await expect(schedule.nth(0)).toContainText("15 January 2027");
      await expect(schedule.nth(0)).toContainText("200.00");
      await expect(schedule.nth(5)).toContainText("133.36");
      await expect(page.getByTestId("item-details")).toContainText("Submitted");
      await expect(page.getByTestId("item-details")).toContainText("Nora Newcomer");
      await expectAccessible(page);
      await expectFits(page);
    });
  });
}
