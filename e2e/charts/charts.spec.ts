import { readFile } from "node:fs/promises";
import type { Page } from "@playwright/test";
import { demo, expect, expectAccessible, test } from "../fixtures.ts";

/**
 * Charts (issue 26; part 2 §2 "HR charts and reports page", §4 chart tags, §5 chart range, §8 "No data
 * available for chart.", §9 presets): HR at 1366 and 390 px opens /acme/summary/chart, switches the period to
 * YTD (and is told a custom range needs its dates), reads the moves chart as a table, downloads its CSV, saves a
 * chart to their own dashboard and finds it there (then removes it), and switches to the reports. axe on each
 * page, no horizontal overflow.
 */

async function expectFits(page: Page) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
}

const card = (page: Page, title: string) => page.getByTestId("chart-card").filter({ has: page.getByRole("heading", { name: title, exact: true }) });

/** Every chart card finished loading (a drawing, a table or the no-data text). */
async function chartsSettled(page: Page) {
  await expect(page.getByTestId("chart-card").first()).toBeVisible();
  await expect(async () => {
    const cards = await page.getByTestId("chart-card").count();
    const done = await page.locator('[data-testid="chart-card"]:has([data-testid="chart-canvas"], [data-testid="chart-table"], h3)').count();
    expect(done).toBe(cards);
  }).toPass({ timeout: 20_000 });
}

const pad = (n: number) => String(n).padStart(2, "0");

for (const size of [
  { width: 1366, height: 900 },
  { width: 390, height: 844 },
]) {
  const phone = size.width < 768;
  test.describe(`charts at ${size.width} px`, () => {
    test.use({ viewport: size });
    // Ten charts, axe three times and a download: more than the default 30 s on a busy machine.
    test.setTimeout(120_000);

    test("HR switches to YTD, reads a chart as a table, downloads its CSV and saves a chart to their dashboard", async ({ page, loginAs, newMovingEmployee }) => {
      // A move of this test's own, so the moves chart has data this year.
      await newMovingEmployee("acme");
      await loginAs(demo.acmeHr);
      await page.goto("/acme/summary/chart");
      await expect(page.getByRole("heading", { level: 1, name: "Charts" })).toBeVisible();
      await chartsSettled(page);
      const moves = card(page, "Moves initiated by month");
      await expect(moves.getByTestId("chart-canvas")).toBeVisible();
      // ECharts' ARIA description is on the drawing.
      await expect(moves.getByTestId("chart-canvas")).toHaveAttribute("aria-label", /\S/);
      await expectAccessible(page);
      await expectFits(page);

      // A custom period needs both dates (part 2 §5).
      await page.getByLabel("Time period").selectOption("custom");
      await expect(page).toHaveURL(/period=custom/);
      await page.getByLabel("Start date").fill("");
      await page.getByRole("button", { name: "Apply" }).click();
      await expect(page.getByText("Please select a value for start date")).toBeVisible();

      // Year to date: from 1 January (part 2 §9).
      await page.getByLabel("Time period").selectOption("ytd");
      await expect(page).toHaveURL(/period=ytd/);
      const now = new Date();
      const today = `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
      await expect(page.getByTestId("chart-range")).toHaveText(`${now.getFullYear()}-01-01 to ${today}`);
      await chartsSettled(page);

      // The moves chart as a table: its months from January, and a total.
      await moves.getByRole("button", { name: "View as table" }).click();
      await expect(moves.getByRole("button", { name: "View as table" })).toHaveAttribute("aria-pressed", "true");
      const table = moves.getByRole("table");
      await expect(table).toBeVisible();
      await expect(table.getByRole("columnheader", { name: "By month" })).toBeVisible();
      await expect(table.getByRole("cell", { name: `${now.getFullYear()}-01`, exact: true }).first()).toBeVisible();
      await expect(table.getByRole("row").last()).toContainText("Total");
      await expectAccessible(page);
      await expectFits(page);

      // Download CSV: the same rows, built in the browser.
      const [download] = await Promise.all([page.waitForEvent("download"), moves.getByRole("button", { name: "Download CSV" }).click()]);
      expect(download.suggestedFilename()).toMatch(/^moves-initiated-by-month-\d{4}-01-01-\d{4}-\d{2}-\d{2}\.csv$/);
      const csv = await readFile((await download.path())!, "utf8");
      const lines = csv.trim().split("\r\n");
      expect(lines[0]).toMatch(/^By month,(Series,)?Value,Currency$/);
      expect(lines.some((l) => l.startsWith(`${now.getFullYear()}-01,`))).toBe(true);

      // Save a chart to the own dashboard (each size its own chart: the two run in parallel for one HR user).
      const title = phone ? "Welcome call enquiries by month" : "Escalations by month";
      await card(page, title).getByRole("button", { name: "Save to my dashboard" }).click();
      await expect(card(page, title).getByText("The chart is on your dashboard.")).toBeVisible();

      await page.getByRole("link", { name: "My dashboard" }).click();
      await expect(page).toHaveURL(/\/acme\/my-dashboard$/);
      await expect(page.getByRole("heading", { level: 1, name: "My dashboard" })).toBeVisible();
      await expect(card(page, title)).toBeVisible();
      await chartsSettled(page);
      await expectAccessible(page);
      await expectFits(page);
      await card(page, title).getByRole("button", { name: `Remove from dashboard: ${title}` }).click();
      await expect(card(page, title)).toHaveCount(0);

      // The switch to the reports.
      await page.goto("/acme/summary/chart");
      await page.getByRole("link", { name: "Switch to reports" }).click();
      await expect(page).toHaveURL(/\/acme\/reports$/);
    });
  });
}
