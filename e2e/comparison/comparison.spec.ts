import type { Page } from "@playwright/test";
import { demo, expect, expectAccessible, test } from "../fixtures.ts";
import { overflowing } from "../layout/overflow.ts";
import { openMoveTab } from "../move-file/tabs.ts";

/**
 * The comparison page (issue 14; part 2 §2 "comparison page (onshore, international or all filter, map
 * toggle, details dropdown, book button)"; part 2 §7 booking-estimate with quoteId) at 1366 and 390 px:
 * - Grace (employee@globex.test) compares her seeded Berlin quotes: the filter lives in the URL, the map
 *   toggle lists the locations, the details open and close (read-only, both sizes).
 * - Emma (employee@acme.test) books: at 1366 px a flat-search quote over her budget (the overdraft popup
 *   asks first; the other open flat-search quotes are declined; the expired one never offers Book), at
 *   390 px a removals quote within budget (a plain confirmation). Different services, so the two sizes
 *   never book the same thing.
 * - HR adds a quote on the move page; Emma sees it.
 * Demo quotes: src/db/seed-quotes.ts.
 */

async function fits(page: Page, width: number) {
  const result = await overflowing(page);
  expect(result.offenders).toEqual([]);
  expect(result.scrollWidth).toBeLessThanOrEqual(width);
}

const quote = (page: Page, company: string) => page.locator(`li[data-quote="${company}"]`);

for (const size of [
  { width: 1366, height: 900 },
  { width: 390, height: 844 },
]) {
  test(`comparison at ${size.width} px: filter in the URL, locations, details`, async ({ page, loginAs }) => {
    await page.setViewportSize(size);
    await loginAs(demo.globexEmployee);
    await page.goto("/comparison");
    await expect(page.getByRole("heading", { level: 1, name: "Compare supplier quotes" })).toBeVisible();
    await expect(quote(page, "Berlin Wohnungsservice")).toBeVisible();
    await expect(quote(page, "EuroHome International")).toBeVisible();
    await expect(quote(page, "Berlin Wohnungsservice")).toContainText("EUR 1,200.00");
    await expectAccessible(page);
    await fits(page, size.width);

    const filter = page.getByRole("group", { name: "Scope" });
    await filter.getByRole("button", { name: "Onshore" }).click();
    await expect(page).toHaveURL(/\/comparison\?scope=onshore$/);
    await expect(filter.getByRole("button", { name: "Onshore" })).toHaveAttribute("aria-pressed", "true");
    await expect(quote(page, "Hauptstadt Relocation")).toBeVisible();
    await expect(quote(page, "EuroHome International")).toHaveCount(0);
    await expect(quote(page, "Santa Fe Relocation")).toHaveCount(0);

    await page.goto("/comparison?scope=international");
    await expect(quote(page, "Santa Fe Relocation")).toBeVisible();
    await expect(quote(page, "Berlin Wohnungsservice")).toHaveCount(0);
    await page.getByRole("group", { name: "Scope" }).getByRole("button", { name: "All" }).click();
    await expect(page).toHaveURL(/\/comparison$/);
    await expect(quote(page, "Berlin Wohnungsservice")).toBeVisible();

    // The map toggle: the quotes' locations with their coordinates.
    const toggle = page.getByRole("button", { name: "Show locations" });
    await toggle.click();
    await expect(toggle).toHaveAttribute("aria-pressed", "true");
    const locations = page.getByTestId("quote-locations");
    await expect(locations).toContainText("Mitte, Berlin");
    await expect(locations.getByRole("link", { name: "Open Berlin Wohnungsservice on OpenStreetMap" })).toHaveAttribute("href", /mlat=52\.52&mlon=13\.405/);

    // The details dropdown.
    const item = quote(page, "Hauptstadt Relocation");
    const details = item.getByRole("button", { name: "Details" });
    await expect(details).toHaveAttribute("aria-expanded", "false");
    await details.click();
    await expect(details).toHaveAttribute("aria-expanded", "true");
    await expect(item.getByText("Four viewing days, SCHUFA guidance, handover protocol.")).toBeVisible();
    await expectAccessible(page);
    await fits(page, size.width);
    await details.press("Enter");
    await expect(item.getByText("Four viewing days, SCHUFA guidance, handover protocol.")).toBeHidden();
  });
}

test("comparison at 1366 px: a booking over budget asks in the overdraft popup, books once, declines the others", async ({ page, loginAs }) => {
  await page.setViewportSize({ width: 1366, height: 900 });
  await loginAs(demo.acmeEmployee);
  await page.goto("/comparison");
  // The expired quote offers no Book button.
  await expect(quote(page, "Hudson Apartment Scouts")).toContainText("Expired on");
  await expect(quote(page, "Hudson Apartment Scouts").getByRole("button", { name: /^Book/ })).toHaveCount(0);

  await quote(page, "Atlas Global Homes").getByRole("button", { name: "Book Atlas Global Homes" }).click();
  const dialog = page.getByRole("alertdialog");
  await expect(dialog.getByRole("heading", { name: "This booking is over your budget" })).toBeVisible();
  await expect(dialog).toContainText("this booking of USD 5,200.00 is");
  await expectAccessible(page);
  // Going back books nothing.
  await dialog.getByRole("button", { name: "Go back" }).click();
  await expect(quote(page, "Atlas Global Homes")).toContainText("Open");

  await quote(page, "Atlas Global Homes").getByRole("button", { name: "Book Atlas Global Homes" }).click();
  await page.getByRole("alertdialog").getByRole("button", { name: "Book anyway" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Booked Atlas Global Homes" })).toBeVisible();
  await expect(quote(page, "Atlas Global Homes")).toContainText("Booked");
  await expect(quote(page, "Manhattan Home Finders")).toContainText("Declined");
  await expect(quote(page, "Brooklyn Bridge Relocation")).toContainText("Declined");
  await expect(quote(page, "Manhattan Home Finders").getByRole("button", { name: /^Book/ })).toHaveCount(0);
  await expectAccessible(page);
  await fits(page, 1366);
});

test("comparison at 390 px: a booking within budget asks for confirmation, then books", async ({ page, loginAs }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await loginAs(demo.acmeEmployee);
  await page.goto("/comparison?scope=onshore");
  await expect(quote(page, "Crown Worldwide Movers")).toHaveCount(0);
  await quote(page, "Empire State Van Lines").getByRole("button", { name: "Book Empire State Van Lines" }).click();
  const dialog = page.getByRole("alertdialog");
  await expect(dialog.getByRole("heading", { name: "Book Empire State Van Lines?" })).toBeVisible();
  await expect(dialog).toContainText("USD 3,100.00");
  await expectAccessible(page);
  await fits(page, 390);
  await dialog.getByRole("button", { name: "Book", exact: true }).click();
  await expect(page.getByRole("status").filter({ hasText: "Booked Empire State Van Lines" })).toBeVisible();
  await expect(quote(page, "Empire State Van Lines")).toContainText("Booked");
  await page.goto("/comparison?scope=international");
  await expect(quote(page, "Crown Worldwide Movers")).toContainText("Declined");
  await fits(page, 390);
});

for (const size of [
  { width: 1366, height: 900 },
  { width: 390, height: 844 },
]) {
  test(`HR adds a quote on the move page at ${size.width} px; the employee sees it`, async ({ page, loginAs }) => {
    const company = `Harbour Suites ${size.width}-${Date.now()}`;
    await page.setViewportSize(size);
    await loginAs(demo.acmeHr);
    await page.goto("/acme/home?moves_q=Lindqvist");
    const row = page.getByTestId("move-row").filter({ hasText: "Emma Lindqvist" }).first();
    await row.getByRole("link", { name: "Emma Lindqvist", exact: true }).click();
    await openMoveTab(page, "Budget and money");
    const panel = page.getByTestId("quotes-panel");
    await expect(panel.getByRole("heading", { name: "Supplier quotes" })).toBeVisible();
    const service = panel.getByRole("combobox", { name: "Service" });
    const option = await service.locator("option", { hasText: "Pre-Departure" }).filter({ hasText: /accommodation/i }).first().getAttribute("value");
    await service.selectOption(option!);
    await panel.getByRole("textbox", { name: "Supplier", exact: true }).fill(company);
    await panel.getByRole("combobox", { name: "Scope" }).selectOption("INTERNATIONAL");
    await panel.getByRole("textbox", { name: "Amount" }).fill("2450.50");
    await panel.getByRole("textbox", { name: "Location" }).fill("Battery Park, New York");
    await panel.getByLabel("Latitude").fill("40.7033");
    await panel.getByLabel("Longitude").fill("-74.017");
    await panel.getByRole("textbox", { name: "Details" }).fill("30 nights, serviced apartment");
    await panel.getByRole("button", { name: "Add quote" }).click();
    await expect(panel.getByRole("status")).toHaveText("The quote was added.");
    await expect(panel.locator(`li[data-quote="${company}"]`)).toContainText("USD 2,450.50");
    await expectAccessible(page);
    await fits(page, size.width);

    await page.context().clearCookies();
    await loginAs(demo.acmeEmployee);
    await page.goto("/comparison?scope=international");
    await expect(quote(page, company)).toContainText("USD 2,450.50");
    await quote(page, company).getByRole("button", { name: "Details" }).click();
    await expect(quote(page, company)).toContainText("30 nights, serviced apartment");
  });
}
