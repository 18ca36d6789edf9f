import { readFile } from "node:fs/promises";
import ExcelJS from "exceljs";
import type { Page } from "@playwright/test";
import { demo, expect, expectAccessible, test } from "../fixtures.ts";
import { insertReportingManager } from "./reporting-manager.ts";

/**
 * The report library pages (issue 26; part 2 §2 report download, report preview, report generation form; §4
 * "Reports: tabs recommended vs custom; favourites toggle; filters show or hide"; §5 filter rules; §6 the admin
 * picks a group first, admins keep no favourites; §8 texts): HR at 1366 and 390 px switches tabs and views,
 * searches, filters by category and keeps a favourite; opens a recommended report, sets its filters, previews
 * it, saves the defaults and downloads it as CSV and XLSX (the files carry the header row); a filter that
 * breaks a §5 rule is refused with its text; a manager sees the page; an admin picks the group first. axe on
 * every page, no horizontal overflow.
 */

async function expectFits(page: Page) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
}

const item = (page: Page, name: string) => page.getByTestId("report-item").filter({ has: page.getByRole("heading", { name, exact: true }) });

for (const size of [
  { width: 1366, height: 900 },
  { width: 390, height: 844 },
]) {
  const phone = size.width < 768;
  test.describe(`report library at ${size.width} px`, () => {
    test.use({ viewport: size });

    test("HR switches tabs and views, searches, filters by category and keeps a favourite", async ({ page, loginAs }) => {
      await loginAs(demo.acmeHr);
      await page.goto("/acme/home");
      // The navigation leads to the reports (the phone menu on a phone).
      // The header's "Reporting" menu on a desktop.
      await page.getByRole("button", { name: phone ? "Open menu" : "Reporting" }).click();
      await page.getByRole("link", { name: "Reports", exact: true }).first().click();
      await expect(page).toHaveURL(/\/acme\/reports$/);
      await expect(page.getByRole("heading", { level: 1, name: "Reports" })).toBeVisible();
      await expect(page.getByText("Reporting · Acme Corp")).toBeVisible();
      await expect(page.getByRole("tab", { name: "Recommended", selected: true })).toBeVisible();
      await expect(item(page, "Moves by status and stage")).toBeVisible();
      await expect(item(page, "Payments by period and currency")).toBeVisible();
      // Names, not keys: the category reads as its name.
      await expect(item(page, "Moves by status and stage").getByText("Moves", { exact: true })).toBeVisible();
      await expectAccessible(page);
      await expectFits(page);

      // Search (in the URL).
      await page.getByRole("searchbox", { name: "Search reports" }).fill("status");
      await expect(page).toHaveURL(/q=status/);
      await expect(item(page, "Moves by status and stage")).toBeVisible();
      await expect(item(page, "Payments by period and currency")).toHaveCount(0);
      await page.getByRole("searchbox", { name: "Search reports" }).fill("");
      await expect(item(page, "Payments by period and currency")).toBeVisible();

      // Category filter.
      await page.getByLabel("Category", { exact: true }).selectOption({ label: "Payments" });
      await expect(item(page, "Payments by period and currency")).toBeVisible();
      await expect(item(page, "Moves by status and stage")).toHaveCount(0);
      await page.getByLabel("Category", { exact: true }).selectOption({ label: "All categories" });
      await expect(item(page, "Moves by status and stage")).toBeVisible();

      // Thumbnails, remembered after a reload; then the list again.
      await page.getByRole("button", { name: "Thumbnails" }).click();
      await expect(page.getByTestId("reports-thumbnails")).toBeVisible();
      await expect(page.getByRole("button", { name: "Thumbnails" })).toHaveAttribute("aria-pressed", "true");
      await expectAccessible(page);
      await expectFits(page);
      await page.reload();
      await expect(page.getByTestId("reports-thumbnails")).toBeVisible();
      await page.getByRole("button", { name: "List", exact: true }).click();
      await expect(page.getByTestId("reports-list")).toBeVisible();

      // A favourite (each size its own report: the two run in parallel for one HR user).
      const favourite = phone ? "Activation funnel" : "Welcome calls";
      const star = item(page, favourite).getByRole("button", { name: `Favourite: ${favourite}` });
      if ((await star.getAttribute("aria-pressed")) === "true") {
        await star.click();
        await expect(page.getByText("The report was removed from your favourites.")).toBeVisible();
      }
      await star.click();
      await expect(page.getByText("The report was added to your favourites.")).toBeVisible();
      await expect(star).toHaveAttribute("aria-pressed", "true");
      await page.getByLabel("Favourites only").check();
      await expect(page).toHaveURL(/fav=true/);
      await expect(item(page, favourite)).toBeVisible();
      await expect(item(page, "Payments by period and currency")).toHaveCount(0);
      await page.reload();
      await expect(item(page, favourite).getByRole("button", { name: `Favourite: ${favourite}` })).toHaveAttribute("aria-pressed", "true");
      await item(page, favourite).getByRole("button", { name: `Favourite: ${favourite}` }).click();
      await expect(page.getByText("The report was removed from your favourites.")).toBeVisible();
      await page.getByLabel("Favourites only").uncheck();

      // The custom tab (keyboard: arrows move between the tabs).
      await page.getByRole("tab", { name: "Recommended" }).focus();
      await page.keyboard.press("ArrowRight");
      await expect(page.getByRole("tab", { name: "Custom", selected: true })).toBeVisible();
      await expect(page).toHaveURL(/tab=custom/);
      await expect(page.getByTestId("reports-list").or(page.getByText("This group has no custom reports yet."))).toBeVisible();
      await expect(item(page, "Moves by status and stage")).toHaveCount(0);
      await expectAccessible(page);
      await expectFits(page);
    });

    test("HR opens a recommended report, sets filters, previews, saves defaults and downloads CSV and XLSX", async ({ page, loginAs }) => {
      await loginAs(demo.acmeHr);
      await page.goto("/acme/reports");
      await item(page, "Moves by status and stage").getByRole("link", { name: "Preview Moves by status and stage and set its filters" }).click();
      await expect(page).toHaveURL(/\/acme\/reports\/\d+$/);
      await expect(page.getByRole("heading", { level: 1, name: "Moves by status and stage" })).toBeVisible();
      await expect(page.getByLabel("Report", { exact: true })).toHaveValue(/\d+/);

      // The filters: a date range (start and end), a policy (dynamic), a status (dd), each with its rule.
      const filters = page.getByTestId("report-filters");
      await expect(filters.getByRole("group", { name: /Created between/ })).toBeVisible();
      await expect(filters.getByText("Start and end no later than today; a start after the end moves the end to it.")).toBeVisible();
      await expectAccessible(page);
      await expectFits(page);

      // Hide and show (part 2 §4).
      await page.getByRole("button", { name: "Hide filters" }).click();
      await expect(filters).toBeHidden();
      await page.getByRole("button", { name: "Show filters" }).click();
      await expect(filters).toBeVisible();

      // A start after the end moves the end to it (part 2 §5 "auto-adjusted").
      await filters.getByLabel("Created between: end").fill("2021-01-01");
      await filters.getByLabel("Created between: start").fill("2022-03-04");
      await expect(filters.getByLabel("Created between: end")).toHaveValue("2022-03-04");
      await filters.getByLabel("Created between: start").fill("2015-01-01");
      const today = new Date().toISOString().slice(0, 10);
      await filters.getByLabel("Created between: end").fill(today);

      await page.getByRole("button", { name: "Preview", exact: true }).click();
      const table = page.getByTestId("report-preview-table");
      await expect(table).toBeVisible();
      await expect(table.getByRole("columnheader", { name: "Policy" })).toBeVisible();
      await expect(page.getByTestId("report-preview-row").first()).toBeVisible();
      if (phone) {
        // Priority columns: the rest in the row's details.
        await expect(table.getByRole("columnheader", { name: "Moves" })).toBeHidden();
        await page.getByTestId("report-row-details-toggle").first().click();
        await expect(page.getByTestId("report-row-details").first()).toContainText("Moves");
      } else {
        await expect(table.getByRole("columnheader", { name: "Moves" })).toBeVisible();
      }
      await expectAccessible(page);
      await expectFits(page);

      // Save the defaults (part 2 §8 success text); they come back on the next visit.
      await page.getByRole("button", { name: "Save filter defaults" }).click();
      await expect(page.getByTestId("report-notice")).toHaveText("Filter defaults saved.");
      await page.reload();
      await expect(page.getByTestId("report-filters").getByLabel("Created between: start")).toHaveValue("2015-01-01");

      // Downloads: CSV and XLSX, each with the header row.
      const csvDownload = page.waitForEvent("download");
      await page.getByRole("button", { name: "Download Moves by status and stage as CSV" }).click();
      const csv = await csvDownload;
      expect(csv.suggestedFilename()).toMatch(/\.csv$/);
      const text = (await readFile((await csv.path())!, "utf8")).replace(/^\uFEFF/, "");
      expect(text.split(/\r?\n/)[0]).toContain("Policy");
      expect(text.split(/\r?\n/)[0]).toContain("Moves");
      await expect(page.getByTestId("report-download-done")).toContainText(csv.suggestedFilename());

      const xlsxDownload = page.waitForEvent("download");
      await page.getByRole("button", { name: "Download Moves by status and stage as Excel (XLSX)" }).click();
      const xlsx = await xlsxDownload;
      expect(xlsx.suggestedFilename()).toMatch(/\.xlsx$/);
      const workbook = new ExcelJS.Workbook();
      await workbook.xlsx.load((await readFile((await xlsx.path())!)) as unknown as ArrayBuffer);
      const sheet = workbook.worksheets[0]!;
      const header = (sheet.getRow(1).values as unknown[]).filter((v) => v !== undefined && v !== null).map(String);
      expect(header).toContain("Policy");
      expect(header).toContain("Moves");

      // The report select opens another report with its own filters.
      await page.getByLabel("Report", { exact: true }).selectOption({ label: "Cost per move against budget and estimate" });
      await expect(page.getByRole("heading", { level: 1, name: "Cost per move against budget and estimate" })).toBeVisible();
      const ids = page.getByTestId("report-filters").getByLabel(/Move ids/);
      await expect(ids).toBeVisible();
      await expect(page.getByTestId("report-filters").getByText("Digits and commas only, for example 12,15,40.")).toBeVisible();
      // A list of ids with a letter breaks a §5 rule: refused with its text, before any request.
      await ids.fill("12,1a");
      await page.getByRole("button", { name: "Preview", exact: true }).click();
      await expect(page.getByTestId("report-notice")).toContainText("Error applying filters...");
      await expect(page.getByTestId("report-notice")).toContainText("Move ids may contain only digits and commas.");
      await expect(ids).toHaveAttribute("aria-invalid", "true");
      await expectAccessible(page);
      await expectFits(page);
    });
  });
}

test("a manager with reporting on sees and previews the reports; one without is told so", async ({ page, loginAs }, testInfo) => {
  const email = `reports-manager-${testInfo.workerIndex}-${Date.now()}@acme.test`;
  insertReportingManager(email);
  await loginAs(email);
  await page.goto("/acme/reports");
  await expect(page.getByRole("heading", { level: 1, name: "Reports" })).toBeVisible();
  await expect(item(page, "Moves by status and stage")).toBeVisible();
  await expect(item(page, "Moves by status and stage").getByRole("button", { name: "Favourite: Moves by status and stage" })).toBeVisible();
  await expectAccessible(page);
  await item(page, "Moves by status and stage").getByRole("link", { name: "Preview Moves by status and stage and set its filters" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Moves by status and stage" })).toBeVisible();
  await page.getByRole("button", { name: "Preview", exact: true }).click();
  await expect(page.getByTestId("report-preview-table").or(page.getByText("No rows match these filters."))).toBeVisible();
  await expectAccessible(page);

  // The demo manager keeps reporting off: the server's text, nothing to retry.
  await page.context().clearCookies();
  await loginAs(demo.acmeManager);
  await page.goto("/acme/reports");
  await expect(page.getByRole("alert").filter({ hasText: "Reporting is not enabled for your account." })).toBeVisible();
  await expect(page.getByRole("button", { name: "Try again" })).toHaveCount(0);
  await expectAccessible(page);
});

test("an admin picks the group first, then sees its reports without favourites", async ({ page, loginAs }) => {
  await loginAs(demo.admin);
  await page.goto("/admin/reports");
  await expect(page.getByRole("heading", { level: 1, name: "Reports" })).toBeVisible();
  await expect(page.getByTestId("reports-select-group")).toHaveText("Please select a group first.");
  await expect(page.getByRole("tab")).toHaveCount(0);
  await expectAccessible(page);
  await page.getByLabel("Group").selectOption({ label: "Acme Corp" });
  await expect(page).toHaveURL(/group=acme/);
  await expect(item(page, "Moves by status and stage")).toBeVisible();
  await expect(page.getByTestId("report-favourite")).toHaveCount(0);
  await expect(page.getByLabel("Favourites only")).toHaveCount(0);
  await expectAccessible(page);
  await expectFits(page);
});

test("HR cannot open the admin's reports page", async ({ page, loginAs }) => {
  await loginAs(demo.acmeHr);
  const response = await page.goto("/admin/reports");
  expect(response?.status()).toBe(403);
});
