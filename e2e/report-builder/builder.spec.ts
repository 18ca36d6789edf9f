import type { Locator, Page } from "@playwright/test";
import { demo, expect, expectAccessible, test } from "../fixtures.ts";

/**
 * The custom report builder (issue 26 "Playwright: build a custom report by dragging three fields, preview and
 * download it"; part 2 §2 report edit, save-report popup, permissions page, fields-edit page, the reporting table's
 * enable/disable-all checkbox): HR at 1366 and 390 px drags three fields into the columns with the mouse, sees the
 * preview, saves the report and downloads it as CSV through /reporting/download; on the desktop a fourth field goes
 * in with the keyboard (Space, arrows, Space). The reporting table's select-all box follows its rows; the
 * fields-edit page shows every subject. axe on every page, no horizontal overflow.
 */

async function expectFits(page: Page) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
}

/** A real mouse drag of `handle` onto the bottom of `target` (both brought into view first). */
async function drag(page: Page, handle: Locator, target: Locator) {
  const viewport = page.viewportSize()!;
  const onScreen = (b: { y: number; height: number } | null) => b !== null && b.y >= 0 && b.y + b.height <= viewport.height;
  // Side by side (desktop): the drop list at the top; stacked (phone): the handle at the top, the list below it.
  await target.evaluate((el) => el.scrollIntoView({ block: "start" }));
  await page.evaluate(() => window.scrollBy(0, -100));
  if (!onScreen(await handle.boundingBox())) {
    await handle.evaluate((el) => el.scrollIntoView({ block: "start" }));
    await page.evaluate(() => window.scrollBy(0, -80));
  }
  const from = await handle.boundingBox();
  const to = await target.boundingBox();
  expect(onScreen(from), "drag handle on screen").toBe(true);
  expect(to!.y, "drop list on screen").toBeGreaterThanOrEqual(0);
  expect(from && to, "drag handle and drop list on screen").toBeTruthy();
  expect(to!.y + 20, "drop list inside the window").toBeLessThan(viewport.height);
  const dropY = Math.min(to!.y + to!.height - 12, viewport.height - 8);
  await page.mouse.move(from!.x + from!.width / 2, from!.y + from!.height / 2);
  await page.mouse.down();
  await page.mouse.move(from!.x + from!.width / 2 + 10, from!.y + from!.height / 2 + 10, { steps: 5 });
  await page.mouse.move(to!.x + to!.width / 2, dropY, { steps: 20 });
  await page.mouse.move(to!.x + to!.width / 2, dropY + 2, { steps: 3 });
  await page.mouse.up();
}

for (const size of [
  { width: 1366, height: 900 },
  { width: 390, height: 844 },
]) {
  const phone = size.width < 768;
  test.describe(`report builder at ${size.width} px`, () => {
    test.use({ viewport: size });

    test("HR drags three fields into a report, previews it, saves it and downloads it as CSV", async ({ page, loginAs, baseURL }) => {
      test.setTimeout(120_000);
      await loginAs(demo.acmeHr);
      await page.goto("/acme/reports/builder");
      await expect(page.getByRole("heading", { level: 1, name: "Report builder" })).toBeVisible();
      await expect(page.getByText("Add at least one column to see a preview.")).toBeVisible();
      await expectAccessible(page);
      await expectFits(page);

      const columns = page.getByTestId("list-columns");
      for (const id of ["moves.status", "moves.destinationCountry", "moves.moveDate"]) {
        await drag(page, page.getByTestId(`drag-avail:${id}`), columns);
        await expect(columns.getByTestId(`column-${id}`)).toBeVisible();
      }
      // Dragged, not added with the buttons: three columns in drop order.
      await expect(columns.locator("[data-testid^=column-]")).toHaveCount(3);
      const titles = await columns.getByRole("textbox").evaluateAll((els) => els.map((e) => (e as HTMLInputElement).value));
      expect(titles).toEqual(["Move status", "Destination country", "Move date"]);

      if (!phone) {
        // The keyboard: Space picks the field up, the arrow moves it over the columns, Space drops it.
        const handle = page.getByTestId("drag-avail:moves.originCountry");
        const live = page.locator("[id^=DndLiveRegion]");
        await handle.focus();
        await page.keyboard.press("Space");
        await expect(live).toHaveText("Picked up Origin country.");
        await page.keyboard.press("ArrowRight");
        await expect(live).toHaveText("Origin country is over the columns.");
        await page.keyboard.press("Space");
        await expect(columns.getByTestId("column-moves.originCountry")).toBeVisible();
        // …and the plain button takes it out again.
        await page.getByRole("button", { name: "Remove the column Origin country" }).click();
        await expect(columns.locator("[data-testid^=column-]")).toHaveCount(3);
      }

      // Rename a column; the preview follows.
      await page.getByLabel("Title of the column Move date").fill("When");
      const preview = page.getByTestId("preview-table");
      await expect(preview.getByRole("columnheader")).toHaveText(["Move status", "Destination country", "When"]);
      await expect(preview.getByRole("row")).not.toHaveCount(1);
      await expectAccessible(page);
      await expectFits(page);

      // Save with a name.
      const name = `E2E builder ${size.width} ${Date.now()}`;
      await page.getByTestId("open-save").click();
      const dialog = page.getByRole("dialog");
      await dialog.getByRole("button", { name: "Save report" }).click();
      await expect(dialog.getByText("Please enter a report name.")).toBeVisible();
      await dialog.getByLabel("Report name").fill(name);
      await expectAccessible(page);
      await dialog.getByRole("button", { name: "Save report" }).click();
      await expect(page).toHaveURL(/\/acme\/reports\/builder\/\d+$/);
      await expect(page.getByRole("heading", { level: 1, name: `Edit report: ${name}` })).toBeVisible();
      const reportId = page.url().split("/").pop()!;
      await expect(page.getByTestId("list-columns").locator("[data-testid^=column-]")).toHaveCount(3);
      await expectAccessible(page);
      await expectFits(page);

      // Download it as CSV (the library's form post, the saved report's id).
      const csv = await page.request.post("/reporting/download", { form: { reportId, group: "acme", format: "csv" }, headers: { Origin: baseURL ?? "" } });
      expect(csv.status()).toBe(200);
      expect(csv.headers()["content-type"]).toContain("text/csv");
      const header = (await csv.text()).replace(/^\uFEFF/, "").split(/\r?\n/)[0]!;
      expect(header).toContain("Move status");
      expect(header).toContain("Destination country");
      expect(header).toContain("When");
    });

    test("the reporting table's select-all box follows its rows; the fields page lists every subject", async ({ page, loginAs }) => {
      await loginAs(demo.acmeHr);
      // A report of our own so the table has a row we may toggle.
      await page.goto("/acme/reports/permissions");
      await expect(page.getByRole("heading", { level: 1, name: "Reporting table" })).toBeVisible();
      const table = page.getByTestId("permissions-reports");
      await expect(table).toBeVisible();
      const all = page.getByTestId("enable-all-reports");
      const rows = table.locator("tbody").getByRole("checkbox");
      // Start from every row enabled (select-all checked), then one row off: not checked.
      if ((await all.getAttribute("aria-checked")) !== "true") await all.click();
      if ((await all.getAttribute("aria-checked")) !== "true") await all.click();
      await expect(all).toHaveAttribute("aria-checked", "true");
      await rows.first().click();
      await expect(all).toHaveAttribute("aria-checked", "mixed");
      await all.click();
      await expect(all).toHaveAttribute("aria-checked", "true");
      await all.click();
      await expect(all).toHaveAttribute("aria-checked", "false");
      await expectAccessible(page);
      await expectFits(page);

      await page.goto("/acme/reports/fields");
      await expect(page.getByRole("heading", { level: 1, name: "Report fields" })).toBeVisible();
      for (const subject of ["Moves", "Estimates", "Expenses", "Bills", "Payments", "Budgets"]) await expect(page.getByRole("heading", { name: subject, exact: true })).toBeVisible();
      // An enabled field needs a title (checked before saving, nothing is sent).
      await page.getByLabel("Title of Vendor").fill("");
      await page.getByRole("button", { name: "Save" }).click();
      await expect(page.getByRole("alert").filter({ hasText: "An enabled field needs a title." })).toBeVisible();
      await expectAccessible(page);
      await expectFits(page);
    });
  });
}

test("a manager is refused the builder pages", async ({ page, loginAs }) => {
  await loginAs(demo.acmeManager);
  const res = await page.goto("/acme/reports/builder");
  expect(res?.status()).toBe(403);
});
