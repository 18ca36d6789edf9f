import type { Page } from "@playwright/test";
import { demo, expect, expectAccessible, test } from "../fixtures.ts";
import { openMoveTab } from "../move-file/tabs.ts";
import { insertOverviewGroup } from "./insert-overview.ts";

/**
 * The HR overview (issue 26): the group home opens on what needs attention; each tile leads to its work (clicked
 * one by one), estimate accuracy shows on the overview (median and 90th percentile), on HR's move page (per
 * service) and on finance's accuracy page; 1366 and 390 px without horizontal overflow; axe.
 * Each test plants its own group (insert-overview.ts), so no other spec's data shows.
 */

async function expectFits(page: Page) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
}

const TILES: { key: string; count: string; url: RegExp }[] = [
  { key: "drafts", count: "1", url: /\/home\?.*moves_status=draft/ },
  { key: "activations", count: "0", url: /\/home\?.*role=EMPLOYEE/ },
  { key: "estimatesAwaiting", count: "0", url: /\/managerDashboard\?.*status=open/ },
  { key: "movesStarting", count: "1", url: /\/home\?.*moves_status=open/ },
  { key: "assignmentsEnding", count: "1", url: /\/employees$/ },
  { key: "expensesOutOfPolicy", count: "0", url: /\/managerDashboard\?.*status=open/ },
  { key: "openIncidents", count: "1", url: /\/managerDashboard\?.*status=open/ },
  { key: "openExceptions", count: "0", url: /\/managerDashboard\?.*status=open/ },
];

for (const size of [
  { width: 1366, height: 900 },
  { width: 390, height: 844 },
]) {
  test.describe(`HR overview at ${size.width} px`, () => {
    test.use({ viewport: size });

    test("the tiles count the group's work and each leads to it; accuracy and spend show", async ({ page, loginAs }) => {
      const g = insertOverviewGroup("ovw");
      await loginAs(g.hrEmail);
      await page.goto(`/${g.name}/home`);
      const overview = page.getByTestId("programme-overview");
      await expect(overview.getByRole("heading", { level: 2, name: "What needs attention" })).toBeVisible();
      for (const tile of TILES) await expect(page.getByTestId(`tile-count-${tile.key}`)).toHaveText(tile.count);
      const headline = page.getByTestId("programme-accuracy-headline");
      await expect(headline.getByTestId("programme-accuracy-headline-median")).toHaveText("12.5 %");
      await expect(headline.getByTestId("programme-accuracy-headline-p90")).toHaveText("20 %");
      await expect(page.getByTestId("programme-accuracy-services")).toContainText("Flat search");
      await expect(page.getByTestId("programme-spend")).toBeVisible();
      await expectFits(page);
      await expectAccessible(page);
      await expect(page.locator("body")).not.toContainText(/estimatesAwaiting|expensesOutOfPolicy|programme\.|accuracy\./);

      for (const tile of TILES) {
        await page.goto(`/${g.name}/home`);
        await page.getByTestId(`tile-${tile.key}`).click();
        await expect(page).toHaveURL(tile.url);
        await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
      }
    });

    test("HR's move page shows the move's estimate accuracy per service", async ({ page, loginAs }) => {
      const g = insertOverviewGroup("ovm");
      await loginAs(g.hrEmail);
      await page.goto(`/${g.name}/employeefile/summaryView?employeeId=${g.employeeId}&moveId=${g.completedMoveId}`);
      await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
      await openMoveTab(page, "Budget and money");
      const panel = page.getByTestId("move-accuracy-panel");
      await panel.scrollIntoViewIfNeeded();
      await expect(panel.getByTestId("move-accuracy-headline-median")).toHaveText("12.5 %");
      const lines = panel.getByTestId("move-accuracy-lines");
      await expect(lines.getByText("Flat search").locator("visible=true").first()).toBeVisible();
      await expect(lines.getByText("+20 %").locator("visible=true").first()).toBeVisible();
      await expect(lines.getByText("−5 %").locator("visible=true").first()).toBeVisible();
      await expectFits(page);
      await expectAccessible(page);
    });

    test("finance's accuracy page", async ({ page, loginAs }) => {
      await loginAs(demo.finance);
      await page.goto("/finance/accuracy");
      await expect(page.getByRole("heading", { level: 1, name: "Estimate accuracy" })).toBeVisible();
      await expect(page.getByTestId("finance-accuracy-headline-median")).toHaveText(/%$/);
      await expect(page.getByTestId("finance-accuracy-services")).toBeVisible();
      await page.getByLabel("Periods").selectOption("month");
      await expect(page.getByTestId("finance-accuracy-periods")).toContainText(/\d{4}-\d{2}/);
      await expectFits(page);
      await expectAccessible(page);
    });
  });
}
