import type { Page } from "@playwright/test";
import { demo, expect as baseExpect, expectAccessible, test } from "../fixtures.ts";

/** A loaded machine (the whole suite in parallel) can take longer than the default 7 s to save and load. */
const expect = baseExpect.configure({ timeout: 15_000 });

/**
 * External spend creation (issue 16; part 2 §2 "External spend creation"): HR of acme records money paid
 * outside Meridian against a service of a newcomer's move (unique to the test) and sees it recorded.
 */

async function expectFits(page: Page) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
}

for (const size of [
  { width: 1366, height: 900 },
  { width: 390, height: 844 },
]) {
  test.describe(`external spend at ${size.width} px`, () => {
    test.use({ viewport: size });

    test("HR records an external spend against a service of a move", async ({ page, loginAs, newMovingEmployee }) => {
      test.setTimeout(90_000);
      const employee = await newMovingEmployee("acme");
      await loginAs(demo.acmeHr);
      await page.goto("/finance/external-spend/new");
      await expect(page.getByRole("heading", { level: 1, name: "New external spend" })).toBeVisible();
      await expect(page.getByTestId("own-group")).toHaveText("Acme Corp");
      await expectAccessible(page);
      await expectFits(page);

      await page.getByTestId("move-search").fill(employee.email);
      const move = page.getByTestId("move-select");
      await expect(move.locator("option", { hasText: employee.email })).toHaveCount(1);
      const value = await move.locator("option", { hasText: employee.email }).getAttribute("value");
      await move.selectOption(value!);
      const service = page.getByTestId("service-select");
      await expect(service.locator("option")).not.toHaveCount(1);
      const first = await service.locator("option").nth(1).getAttribute("value");
      await service.selectOption(first!);
      await page.getByTestId("vendor").fill("City Storage Ltd");
      await page.getByTestId("gross").fill("0");
      await page.getByTestId("submit-spend").click();
      await expect(page.getByText("The amount cannot be zero").first()).toBeVisible();
      await page.getByTestId("gross").fill("120.50");
      await page.getByTestId("submit-spend").click();
      await expect(page.getByTestId("spend-created")).toContainText("120.50");
      await expect(page.getByTestId("recent-spends")).toContainText("City Storage Ltd");
      await expectAccessible(page);
      await expectFits(page);
    });
  });
}
