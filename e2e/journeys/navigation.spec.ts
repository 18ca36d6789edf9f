import type { Page } from "@playwright/test";
import { demo, expect, expectAccessible, test } from "../fixtures.ts";
import { SIZES, fits } from "./journey.ts";

/**
 * Issue 24 §4 and §6 "Everyone can get where they need to go", at 1366×900 and 390×844 with axe:
 * - the employee's navigation (the header at 1366, the menu at 390) lists their pages and each link opens its
 *   page; the account menu has the account page, the notification settings and sign out;
 * - HR's moves list and the manager dashboard fit 1366 px (the table's scrollWidth ≤ its clientWidth, no page
 *   scroll) with their Actions column visible; the dashboard's other columns are behind each row's "More";
 * - HR's move page is divided into tabs under a sticky summary: arrow keys move between the tabs, the open tab is
 *   in the URL (a reload keeps it), every panel is in one tab, and the page is much shorter than one page of all.
 */

const EMPLOYEE_PAGES = [
  { name: "Home", path: /\/$/ },
  { name: "Move hub", path: /\/movehub$/ },
  { name: "Expenses", path: /\/expenses$/ },
  { name: "Files", path: /\/files$/ },
  { name: "Quotes", path: /\/comparison$/ },
  { name: "Overview", path: /\/overview$/ },
  { name: "Connections", path: /\/connections$/ },
  { name: "Account", path: /\/user\/sign-in-methods$/ },
] as const;

/** The table's own box: everything inside it, no horizontal scroll. */
async function tableFits(page: Page, testId: string) {
  const box = await page.getByTestId(testId).evaluate((table) => {
    const scroller = table.parentElement!;
    return { scrollWidth: scroller.scrollWidth, clientWidth: scroller.clientWidth };
  });
  console.log(`${testId}: scrollWidth ${box.scrollWidth}, clientWidth ${box.clientWidth}`);
  expect(box.scrollWidth).toBeLessThanOrEqual(box.clientWidth);
}

for (const size of SIZES) {
  test(`the employee's navigation lists their pages and each opens (${size.width} px)`, async ({ page, loginAs }) => {
    test.setTimeout(120_000);
    await page.setViewportSize(size);
    await loginAs(demo.acmeEmployee);
    await page.goto("/");
    const phone = size.width < 1200;
    const nav = page.getByRole("navigation", { name: "Main navigation" }).filter({ visible: true });
    for (const target of EMPLOYEE_PAGES) {
      if (phone) await page.getByRole("button", { name: "Open menu" }).click();
      const link = nav.getByRole("link", { name: target.name, exact: true });
      await expect(link).toBeVisible({ timeout: 20_000 });
      await link.click();
      await expect(page).toHaveURL(target.path);
      await expect(page.getByRole("heading", { level: 1 }).first()).toBeVisible({ timeout: 20_000 });
    }
    await fits(page, size.width);
    await expectAccessible(page);
    // The account menu: the account page and sign out.
    await page.getByRole("button", { name: /^Account menu/ }).click();
    const menu = page.getByRole("menu");
    await expect(menu.getByRole("menuitem", { name: "Account" })).toBeVisible();
    await expect(menu.getByRole("menuitem", { name: "Sign out" })).toBeVisible();
    await menu.getByRole("menuitem", { name: "Notification settings" }).click();
    await expect(page).toHaveURL(/\/notifications\/settings$/);
    await expect(page.getByRole("heading", { name: "Notification settings" })).toBeVisible({ timeout: 20_000 });
  });
}

test("HR's moves list and the manager dashboard fit 1366 px with their Actions column", async ({ page, loginAs }) => {
  test.setTimeout(90_000);
  await page.setViewportSize(SIZES[0]);
  await loginAs(demo.acmeHr);
  await page.goto("/acme/home");
  const moves = page.getByTestId("moves-table");
  await expect(moves.getByTestId("move-row").first()).toBeVisible({ timeout: 20_000 });
  await expect(moves.getByRole("columnheader", { name: "Actions" })).toBeVisible();
  await tableFits(page, "moves-table");
  await fits(page, 1366);

  await page.goto("/acme/managerDashboard");
  const dashboard = page.getByTestId("dashboard-table");
  await expect(dashboard.getByTestId("dashboard-row").first()).toBeVisible({ timeout: 20_000 });
  await expect(dashboard.getByRole("columnheader", { name: "Actions" })).toBeVisible();
  await expect(dashboard.getByTestId("dashboard-open-move").first()).toBeVisible();
  await tableFits(page, "dashboard-table");
  await fits(page, 1366);
  // The other columns behind the row's "More".
  await expect(dashboard.getByRole("columnheader", { name: "Extension reason" })).toBeHidden();
  const more = dashboard.getByTestId("dashboard-more").first();
  await more.click();
  await expect(more).toHaveAttribute("aria-expanded", "true");
  const detail = dashboard.getByTestId("dashboard-detail").first();
  await expect(detail).toContainText("Extension reason");
  await expect(detail).toContainText("End-assignment reason");
  await tableFits(page, "dashboard-table");
  await expectAccessible(page);
});

for (const size of SIZES) {
  test(`HR's move page: tabs under a sticky summary, keyboard and URL (${size.width} px)`, async ({ page, loginAs }) => {
    test.setTimeout(90_000);
    await page.setViewportSize(size);
    await loginAs(demo.acmeHr);
    await page.goto("/acme/home");
    const link = page.getByTestId("move-file-link").first();
    await expect(link).toBeVisible({ timeout: 20_000 });
    await link.click();
    await expect(page.getByTestId("move-file")).toBeVisible({ timeout: 20_000 });
    await expect(page.getByTestId("move-file-summary")).toBeVisible();
    const tabs = page.getByRole("tablist", { name: "Parts of the move page" });
    await expect(tabs.getByRole("tab")).toHaveText(["Overview", "Budget and money", "Notes", "Incidents", "Files", "History"]);
    await expect(tabs.getByRole("tab", { name: "Overview" })).toHaveAttribute("aria-selected", "true");
    await expect(page.getByTestId("panel-person")).toBeVisible();
    await expect(page.getByTestId("panel-timeline")).toHaveCount(0);
    if (size.width === 1366) {
      const height = await page.evaluate(() => document.documentElement.scrollHeight);
      console.log(`move page height at 1366 px, overview tab: ${height}`);
      expect(height).toBeLessThan(3000);
    }

    // Keyboard: focus the open tab, arrow right to the next ones (Radix: automatic activation).
    await tabs.getByRole("tab", { name: "Overview" }).focus();
    await page.keyboard.press("ArrowRight");
    await expect(tabs.getByRole("tab", { name: "Budget and money" })).toBeFocused();
    await expect(tabs.getByRole("tab", { name: "Budget and money" })).toHaveAttribute("aria-selected", "true");
    await expect(page).toHaveURL(/[?&]tab=money/);
    await expect(page.getByTestId("budgets-panel")).toBeVisible({ timeout: 20_000 });
    await page.keyboard.press("ArrowRight");
    await expect(page).toHaveURL(/[?&]tab=notes/);
    await expect(page.getByTestId("panel-hr-notes")).toBeVisible();
    await expect(page.getByTestId("panel-manager-notes")).toBeVisible();
    await page.keyboard.press("End");
    await expect(tabs.getByRole("tab", { name: "History" })).toBeFocused();
    await expect(page).toHaveURL(/[?&]tab=history/);
    await expect(page.getByTestId("panel-timeline")).toBeVisible();

    // Deep link: a reload keeps the tab; the summary stays in sight when the page scrolls.
    await page.reload();
    await expect(tabs.getByRole("tab", { name: "History" })).toHaveAttribute("aria-selected", "true", { timeout: 20_000 });
    await page.mouse.wheel(0, 2000);
    await expect(page.getByTestId("move-file-summary")).toBeInViewport();
    await fits(page, size.width);
    await expectAccessible(page);
  });
}
