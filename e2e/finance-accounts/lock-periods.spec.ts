import type { Page } from "@playwright/test";
import { demo, expect, expectAccessible, test } from "../fixtures.ts";

/**
 * Lock periods (issue 16; part 2 §2 "Lock periods screen", §5 "Please fill in both period name and lock
 * date"): finance adds a period with a unique name and an old date (so no other spec's dates become locked)
 * and sees it listed; a missing field shows the spec's text. Axe; fits at 1366 and 390 px.
 */
async function expectFits(page: Page) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
}

for (const size of [
  { width: 1366, height: 900 },
  { width: 390, height: 844 },
]) {
  test.describe(`lock periods at ${size.width} px`, () => {
    test.use({ viewport: size });

    test("add a lock period; both fields are required", async ({ page, loginAs }) => {
      const name = `1990-${size.width}-${Date.now().toString(36)}`;
      await loginAs(demo.finance);
      await page.goto("/finance/lock-periods");
      await expect(page.getByRole("heading", { level: 1, name: "Lock periods" })).toBeVisible();
      await expectAccessible(page);
      await page.getByLabel("Period name").fill(name);
      await page.getByRole("button", { name: "Add lock period" }).click();
      await expect(page.getByText("Please fill in both period name and lock date")).toBeVisible();
      await page.getByLabel("Lock date").fill("1990-01-31");
      await page.getByRole("button", { name: "Add lock period" }).click();
      await expect(page.getByRole("status").getByText(`Lock period ${name} added.`)).toBeVisible();
      await expect(page.getByRole("row").filter({ hasText: name })).toBeVisible();
      await expectAccessible(page);
      await expectFits(page);
    });
  });
}
