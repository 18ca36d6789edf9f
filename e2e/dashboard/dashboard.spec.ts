import type { Page } from "@playwright/test";
import { demo, expect, expectAccessible, test } from "../fixtures.ts";
import { overflowing } from "../layout/overflow.ts";
import { insertManager } from "../managers/insert-manager.ts";
import { insertDashboardManager } from "./dashboard-manager.ts";

/**
 * The manager dashboard page /{group}/managerDashboard (issue 15; part 1 §2 "paginated, sortable by column,
 * zero-based page in the URL, a per-page selector"; §3 the employee row; §7 addEmployeeNote), at 1366×900 and
 * 390×844 with axe on every page:
 * - manager-geo@acme.test opens it from the group home, sorts by last name (descending) and by assignment end
 *   date, changes the rows per page; reload keeps the view;
 * - a manager (made for the test, dashboard ON, every acme move) pages to page 2: the URL says page=1, reload and
 *   back/forward keep it (manager-geo's five moves fit on the smallest page, and acme gets no new moves here);
 * - a manager made for the test has no dashboard (OFF: no link, the server's text on the page); the admin turns
 *   it ON and adds a route on the managers admin page, and the manager's dashboard total shrinks;
 * - manager-geo saves a note (Saving…, a failed save with Retry, Saved), shown in the row after a reload.
 */

const SIZES = [
  { width: 1366, height: 900 },
  { width: 390, height: 844 },
] as const;
const GEO = "manager-geo@acme.test";

async function fits(page: Page, width: number) {
  const result = await overflowing(page);
  expect(result.offenders).toEqual([]);
  expect(result.scrollWidth).toBeLessThanOrEqual(width);
}

/** The dashboard's "Showing a–b of n". */
async function showing(page: Page): Promise<{ from: number; to: number; total: number }> {
  // Read once the answer for the URL's view is on screen (not the previous one, kept while loading).
  await expect(page.locator('[data-testid="dashboard-table"][aria-busy="true"]')).toHaveCount(0);
  const text = page.getByTestId("dashboard-showing");
  await expect(text).toHaveText(/^Showing \d+–\d+ of \d+$/);
  const [, from, to, total] = /^Showing (\d+)–(\d+) of (\d+)$/.exec((await text.textContent()) ?? "")!;
  return { from: Number(from), to: Number(to), total: Number(total) };
}

/** The rows' cells of one column, once the table is at rest (not loading a new page). */
async function column(page: Page, key: string): Promise<string[]> {
  await expect(page.getByTestId("dashboard-table")).not.toHaveAttribute("aria-busy", "true");
  // The value only: on phones each cell also carries its column's name (hidden from assistive technology).
  return page.getByTestId("dashboard-row").locator(`td[data-column="${key}"] > [data-value]`).allTextContents();
}

/** After a load: the rows are there (a busy machine can take a while to boot the page). */
async function rowsShown(page: Page) {
  await expect(page.getByTestId("dashboard-row").first()).toBeVisible({ timeout: 20_000 });
}

async function openFromHome(page: Page) {
  await page.goto("/acme/home");
  await page.getByTestId("dashboard-link").click();
  await expect(page).toHaveURL(/\/acme\/managerDashboard$/);
  await expect(page.getByRole("heading", { level: 1, name: "Manager dashboard" })).toBeVisible({ timeout: 20_000 });
  await rowsShown(page);
}

const byName = (a: string, b: string) => a.localeCompare(b, "en", { sensitivity: "base" });
/** Every column sorts; from 768 to 1535 px four of them wait behind each row's "More" (issue 24 §6), so 7 headers show. */
const sortButtons = (width: number) => (width >= 768 && width < 1536 ? 7 : 11);

for (const size of SIZES) {
  test(`a manager opens the dashboard from the home, sorts by column and sets the rows per page (${size.width} px)`, async ({ page, loginAs }) => {
    test.setTimeout(60_000);
    await page.setViewportSize(size);
    await loginAs(GEO);
    await openFromHome(page);
    // Sorted by last name ascending until told otherwise; every column header is a sort button.
    const table = page.getByRole("table", { name: "Employees and their moves" });
    const lastName = table.getByRole("columnheader", { name: "Last name" });
    await expect(lastName).toHaveAttribute("aria-sort", "ascending");
    await expect(table.getByRole("columnheader").getByRole("button")).toHaveCount(sortButtons(size.width));
    await expect(table.getByRole("columnheader", { name: "Note" })).toHaveAttribute("aria-sort", "none");
    const { total } = await showing(page);
    // manager-geo's routes (into the United States) hide acme's European and Asian moves.
    expect(total).toBeGreaterThanOrEqual(3);
    await expectAccessible(page);
    await fits(page, size.width);

    // Last name, descending.
    await lastName.getByRole("button").click();
    await expect(page).toHaveURL(/[?&]sort=lastName/);
    await expect(page).toHaveURL(/[?&]dir=desc/);
    await expect(lastName).toHaveAttribute("aria-sort", "descending");
    const names = await column(page, "lastName");
    // The first page's rows (the demo's completed moves make more than one page at the default size).
    const shown = await showing(page);
    expect(shown.total).toBe(total);
    expect(names.length).toBe(shown.to - shown.from + 1);
    expect(names).toEqual([...names].sort(byName).reverse());

    // Assignment end date, ascending: the dates that are set come in order.
    const endDate = table.getByRole("columnheader", { name: "Assignment end date" });
    await endDate.getByRole("button").click();
    await expect(page).toHaveURL(/[?&]sort=assignmentEndDate/);
    await expect(endDate).toHaveAttribute("aria-sort", "ascending");
    await expect(lastName).toHaveAttribute("aria-sort", "none");
    await expect(table.getByRole("columnheader").getByRole("button")).toHaveCount(sortButtons(size.width));
    await showing(page); // the rows of the new order (not the previous ones, kept while loading)
    const dates = await page.getByTestId("dashboard-row").locator('td[data-column="assignmentEndDate"] time').evaluateAll((els) => els.map((e) => e.getAttribute("datetime") ?? ""));
    expect(dates.length).toBeGreaterThan(0);
    expect(dates).toEqual([...dates].sort());

    // Ten rows a page: in the URL, the page back at the start.
    await page.getByLabel("Rows per page").selectOption("10");
    await expect(page).toHaveURL(/[?&]numberOfRows=10/);
    expect((await showing(page)).to).toBeLessThanOrEqual(10);

    // Filters: the status, the name search (debounced), the assignment end-date range; each in the URL.
    // (Polled: the URL changes a moment before the table asks for the new rows.)
    const all = async (key: string, value: string) => {
      const cells = await column(page, key);
      return cells.length > 0 && cells.every((c) => c === value);
    };
    await page.getByLabel("Move status").selectOption("open");
    await expect(page).toHaveURL(/[?&]status=open/);
    await expect.poll(() => all("moveStatus", "Open")).toBe(true);
    await page.getByLabel("Move status").selectOption("");
    await expect(page).not.toHaveURL(/[?&]status=/);
    await page.getByLabel("Search by name").fill(names[0]!);
    await expect(page).toHaveURL(/[?&]q=/);
    await expect.poll(() => all("lastName", names[0]!)).toBe(true);
    await page.getByLabel("Search by name").fill("");
    await expect(page).not.toHaveURL(/[?&]q=/);
    await page.getByLabel("Assignment ends from").fill(dates[0]!);
    await page.getByLabel("Assignment ends by").fill(dates[0]!);
    await expect(page).toHaveURL(/[?&]endTo=/);
    const endDates = () => page.getByTestId("dashboard-row").locator('td[data-column="assignmentEndDate"] time').evaluateAll((els) => els.map((e) => e.getAttribute("datetime")));
    await expect.poll(async () => {
      const inRange = await endDates();
      return (await page.getByTestId("dashboard-row").count()) === inRange.length && inRange.length > 0 && inRange.every((d) => d === dates[0]);
    }).toBe(true);
    await page.getByLabel("Assignment ends from").fill("");
    await page.getByLabel("Assignment ends by").fill("");
    await expect(page).not.toHaveURL(/[?&]end(From|To)=/);

    // A reload restores the view from the URL.
    await page.reload();
    await rowsShown(page);
    await expect(page.getByLabel("Rows per page")).toHaveValue("10");
    await expect(page.getByRole("table", { name: "Employees and their moves" }).getByRole("columnheader", { name: "Assignment end date" })).toHaveAttribute("aria-sort", "ascending");
    expect((await showing(page)).total).toBe(total);
    await expectAccessible(page);
    await fits(page, size.width);

    // From the keyboard: a header's sort button takes Enter.
    await page.getByTestId("sort-firstName").focus();
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL(/[?&]sort=firstName/);
    await expect(page.getByRole("table", { name: "Employees and their moves" }).getByRole("columnheader", { name: "First name" })).toHaveAttribute("aria-sort", "ascending");
    const firstNames = await column(page, "firstName");
    expect(firstNames).toEqual([...firstNames].sort(byName));
  });

  test(`a manager pages the dashboard: the zero-based page is in the URL and survives reload and back (${size.width} px)`, async ({ page, loginAs }) => {
    test.setTimeout(60_000);
    await page.setViewportSize(size);
    const email = `dash-pager-${size.width}-${Date.now()}@acme.test`;
    insertDashboardManager(email);
    await loginAs(email);
    await openFromHome(page);
    await page.getByLabel("Rows per page").selectOption("10");
    await expect(page).toHaveURL(/[?&]numberOfRows=10/);
    const range = page.getByTestId("dashboard-showing");
    const pages = page.getByRole("navigation", { name: "Dashboard pages" });
    const current = (n: number) => expect(pages.getByRole("button", { name: `Page ${n}`, exact: true })).toHaveAttribute("aria-current", "page");
    await expect(range).toHaveText(/^Showing 1–10 of \d+$/);
    const { total } = await showing(page);
    expect(total).toBeGreaterThan(10);
    await expect(pages.getByRole("button", { name: "Previous page" })).toBeDisabled();
    await current(1);
    const firstPageIds = await column(page, "id");

    await pages.getByRole("button", { name: "Page 2", exact: true }).click();
    await expect(page).toHaveURL(/[?&]page=1(&|$)/);
    await current(2);
    await expect(range).toHaveText(new RegExp(`^Showing 11–${Math.min(20, total)} of ${total}$`));
    const secondPageIds = await column(page, "id");
    expect(secondPageIds.length).toBe(Math.min(20, total) - 10);
    expect(secondPageIds.filter((id) => firstPageIds.includes(id))).toEqual([]);
    await expectAccessible(page);
    await fits(page, size.width);

    // Reload: still page 2 of 10 rows.
    await page.reload();
    await rowsShown(page);
    await expect(page).toHaveURL(/[?&]page=1(&|$)/);
    await current(2);
    await expect(range).toHaveText(/^Showing 11–/);
    await expect(page.getByLabel("Rows per page")).toHaveValue("10");
    expect(await column(page, "id")).toEqual(secondPageIds);

    // Back to page 1, forward to page 2; Previous goes back too.
    await page.goBack();
    await expect(page).not.toHaveURL(/[?&]page=/);
    await current(1);
    await expect(range).toHaveText(/^Showing 1–10 of/);
    expect(await column(page, "id")).toEqual(firstPageIds);
    await page.goForward();
    await expect(page).toHaveURL(/[?&]page=1(&|$)/);
    await current(2);
    await expect(range).toHaveText(/^Showing 11–/);
    await pages.getByRole("button", { name: "Previous page" }).click();
    await expect(page).not.toHaveURL(/[?&]page=/);
    await current(1);
    await expect(range).toHaveText(/^Showing 1–10 of/);
  });

  test(`an admin turns the dashboard on and adds a route, and the manager's dashboard shrinks (${size.width} px)`, async ({ page, loginAs, context }) => {
    test.setTimeout(120_000);
    await page.setViewportSize(size);
    const email = `dash-geo-${size.width}-${Date.now()}@acme.test`;
    const managerId = insertManager(email);

    // Dashboard restriction OFF (the default): no link on the home, the server's text on the page.
    await loginAs(email);
    await page.goto("/acme/home");
    await expect(page.getByTestId("employees-link")).toBeVisible({ timeout: 20_000 });
    await expect(page.getByTestId("dashboard-link")).toHaveCount(0);
    await page.goto("/acme/managerDashboard");
    await expect(page.getByRole("heading", { name: "The dashboard is not available to you." })).toBeVisible({ timeout: 20_000 });
    await expect(page.getByTestId("dashboard-table")).toHaveCount(0);
    await expectAccessible(page);
    await fits(page, size.width);
    await context.clearCookies();

    // The admin turns the dashboard ON.
    await loginAs(demo.admin);
    await page.goto(`/admin/managers/${managerId}`);
    await expect(page.getByRole("heading", { name: "Greta Geo", level: 1 })).toBeVisible();
    await page.getByLabel("Dashboard restriction").selectOption("ON");
    await expect(page.getByText("Dashboard restriction updated successfully.")).toBeVisible();
    await context.clearCookies();

    // The manager reaches the dashboard from the home and sees every acme move.
    await loginAs(email);
    await openFromHome(page);
    const before = (await showing(page)).total;
    expect(before).toBeGreaterThan(2);
    await expectAccessible(page);
    await context.clearCookies();

    // The admin adds the route United States → United States.
    await loginAs(demo.admin);
    await page.goto(`/admin/managers/${managerId}`);
    await page.getByRole("button", { name: "Add route" }).click();
    const dialog = page.getByRole("dialog", { name: "Add a route" });
    await dialog.getByRole("group", { name: "Origin" }).getByLabel("Country").selectOption({ label: "United States" });
    await dialog.getByRole("group", { name: "Destination" }).getByLabel("Country").selectOption({ label: "United States" });
    await dialog.getByRole("button", { name: "Save route" }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByRole("status").filter({ hasText: "Route added." })).toBeVisible();
    await expectAccessible(page);
    await fits(page, size.width);
    await context.clearCookies();

    // The manager's dashboard now lists only those moves.
    await loginAs(email);
    await page.goto("/acme/managerDashboard");
    await rowsShown(page);
    const after = (await showing(page)).total;
    expect(after).toBeGreaterThan(0);
    expect(after).toBeLessThan(before);
    await expectAccessible(page);
    await fits(page, size.width);
  });

  test(`loading, a failed load with its retry, no match with its way back (${size.width} px)`, async ({ page, loginAs }) => {
    test.setTimeout(60_000);
    await page.setViewportSize(size);
    await loginAs(GEO);
    // The answer is held back (the skeleton rows show), then fails, also on the client's one automatic retry;
    // the Try again button gets the rows.
    let calls = 0;
    await page.route(
      (url) => url.pathname.includes("dashboard.rows"),
      async (route) => {
        if (++calls > 2) return route.continue();
        await new Promise((r) => setTimeout(r, 800));
        await route.fulfill({ status: 500, contentType: "text/plain", body: "unavailable" });
      },
    );
    await page.goto("/acme/managerDashboard");
    await expect(page.locator('[data-testid="dashboard-table"][aria-busy="true"]')).toBeVisible({ timeout: 20_000 });
    const failure = page.getByRole("alert").filter({ hasText: "The dashboard could not be loaded." });
    await expect(failure).toBeVisible({ timeout: 20_000 });
    await expectAccessible(page);
    await failure.getByRole("button", { name: "Try again" }).click();
    await rowsShown(page);
    await expect(failure).toHaveCount(0);

    // A search nothing matches: the empty state clears the filters.
    await page.getByLabel("Search by name").fill("nobody-matches-this");
    await expect(page.getByRole("heading", { name: "No move matches these filters" })).toBeVisible();
    await expect(page.getByTestId("dashboard-showing")).toHaveCount(0);
    await expectAccessible(page);
    await fits(page, size.width);
    await page.getByRole("button", { name: "Clear filters" }).click();
    await expect(page).not.toHaveURL(/[?&]q=/);
    await expect(page.getByLabel("Search by name")).toHaveValue("");
    await rowsShown(page);
  });

  test(`a manager saves a note: Saving…, a failure with Retry, Saved (${size.width} px)`, async ({ page, loginAs }) => {
    test.setTimeout(60_000);
    await page.setViewportSize(size);
    await loginAs(GEO);
    await page.goto("/acme/managerDashboard");
    await rowsShown(page);
    // Each size notes its own row (the two may run at once).
    const row = page.getByTestId("dashboard-row").nth(size.width === 1366 ? 0 : 1);
    await expect(row).toBeVisible({ timeout: 20_000 });
    const moveId = await row.getAttribute("data-move");
    const name = `${(await row.locator('td[data-column="firstName"] > [data-value]').textContent())?.trim()} ${(await row.locator('td[data-column="lastName"] > [data-value]').textContent())?.trim()}`;
    await row.getByRole("button", { name: `Edit the note of ${name}` }).click();
    const dialog = page.getByRole("dialog", { name: `Note for ${name}` });
    await expect(dialog).toBeVisible();
    const note = `Check the school start date (${size.width} px, ${Date.now()}).`;
    await dialog.getByLabel("Note", { exact: true }).fill(note);
    await expect(dialog.getByText(`${note.length} of`)).toBeVisible();
    await expectAccessible(page);

    // The first save fails (the answer held back a moment, then an error): Saving…, the failure and Retry.
    let failed = false;
    await page.route(
      (url) => url.pathname.includes("dashboard.addNote"),
      async (route) => {
        if (failed) return route.continue();
        failed = true;
        await new Promise((r) => setTimeout(r, 600));
        await route.fulfill({ status: 500, contentType: "text/plain", body: "unavailable" });
      },
    );
    await dialog.getByRole("button", { name: "Save note" }).click();
    await expect(dialog.getByTestId("dashboard-note-status")).toHaveText("Saving…");
    await expect(dialog.getByRole("alert")).toContainText("The note could not be saved.");
    await expectAccessible(page);
    await dialog.getByRole("button", { name: "Retry" }).click();
    await expect(dialog.getByTestId("dashboard-note-status")).toHaveText("Saved");
    await expect(dialog.getByText("The note could not be saved.")).toHaveCount(0);
    await page.keyboard.press("Escape");
    await expect(dialog).toBeHidden();
    // Focus returns to the row's edit button.
    await expect(page.locator(`[data-testid="dashboard-row"][data-move="${moveId}"]`).getByRole("button", { name: `Edit the note of ${name}` })).toBeFocused();
    await expect(page.locator(`[data-testid="dashboard-row"][data-move="${moveId}"]`).getByTestId("dashboard-note")).toHaveText(note);

    // The note is the move's: still there after a reload.
    await page.reload();
    await rowsShown(page);
    await expect(page.locator(`[data-testid="dashboard-row"][data-move="${moveId}"]`).getByTestId("dashboard-note")).toHaveText(note);
    await expectAccessible(page);
    await fits(page, size.width);
  });
}
