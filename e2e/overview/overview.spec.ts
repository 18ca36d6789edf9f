import type { Page } from "@playwright/test";
import { demo, expect, expectAccessible, test } from "../fixtures.ts";
import { overflowing } from "../layout/overflow.ts";

/**
 * The employee's overview page (issue 14; part 1 §2, §3, §7, §8, §9) at 1366×900 and 390×844 with axe:
 * the neighbourhoods near the destination (Overpass), the static map (its image loads: the CSP allows the
 * configured map origin), the tabs about (Wikipedia), amenities (Overpass), commute (OSRM, after the office
 * address is geocoded by Nominatim), sample properties and the property search (RentCast) with its popup
 * (title cut at 30 characters) and "Error! No data found" after about 5 s with no results. The providers are
 * the local server playwright.config.ts starts (e2e/overview/providers-server.ts). Each size signs in as a
 * different employee (Grace moves to Berlin, Emma to New York City), since favourites and the office are saved.
 * (Not configured, provider failures and other roles: src/routers/employee/overview.test.ts.)
 */

async function fits(page: Page, width: number) {
  const result = await overflowing(page);
  expect(result.offenders).toEqual([]);
  expect(result.scrollWidth).toBeLessThanOrEqual(width);
}

for (const [size, who, city] of [
  [{ width: 1366, height: 900 }, demo.globexEmployee, "Berlin"],
  [{ width: 390, height: 844 }, demo.acmeEmployee, "New York City"],
] as const) {
  test(`overview at ${size.width} px: neighbourhoods, map, tabs, office, property search`, async ({ page, loginAs }) => {
    test.setTimeout(60_000);
    await page.setViewportSize(size);
    await loginAs(who);
    const visit = page.waitForResponse((r) => r.url().includes("overview.serviceVisit") && r.request().method() === "POST");
    await page.goto("/overview");
    await expect(page.getByRole("heading", { level: 1, name: "Overview" })).toBeVisible();
    expect((await visit).status()).toBe(200);

    const list = page.getByTestId("neighbourhoods");
    await expect(list.locator("li")).toHaveCount(3);
    await expect(list.locator("li").first()).toContainText("Mitte");
    await expect(page.getByText(new RegExp(`Within 100 km of ${city}`))).toBeVisible();
    const map = page.getByTestId("static-map");
    await expect(map).toBeVisible();
    await expect.poll(() => map.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);

    // About (the first neighbourhood is selected).
    const tabs = page.getByRole("region", { name: "Mitte" });
    await expect(tabs.getByText("Mitte is a neighbourhood described by the test encyclopedia.")).toBeVisible();
    await expect(tabs.getByRole("link", { name: /Source: Wikipedia, Mitte/ })).toHaveAttribute("href", "https://en.wikipedia.org/wiki/Mitte");
    await expectAccessible(page);
    await fits(page, size.width);

    // Amenities, reached with the keyboard (Radix tabs: arrow keys move between tabs).
    await tabs.getByRole("tab", { name: "About" }).focus();
    await page.keyboard.press("ArrowRight");
    await expect(tabs.getByRole("tab", { name: "Amenities" })).toHaveAttribute("aria-selected", "true");
    const amenities = tabs.getByTestId("amenities");
    await expect(amenities).toContainText("Schools2");
    await expect(amenities).toContainText("Public transport stops3");

    // Commute: first the office address.
    await tabs.getByRole("tab", { name: "Commute" }).click();
    await expect(tabs.getByText("Enter your office address to see commute times.")).toBeVisible();
    const office = page.getByRole("region", { name: "Your office" });
    await office.getByLabel("Office address").fill("Alexanderplatz 1");
    await office.getByRole("button", { name: "Save office" }).click();
    await expect(office.getByRole("status")).toHaveText("Saved.");
    await expect(office.getByTestId("office-label")).toHaveText("Alexanderplatz 1, Mitte, Berlin, Germany");
    await expect(tabs.getByTestId("commute")).toContainText(/km by car, about \d+ min to Alexanderplatz 1/);

    // Sample properties.
    await tabs.getByRole("tab", { name: "Sample properties" }).click();
    await expect(tabs.getByTestId("properties").locator("li")).toHaveCount(4);

    // Favourite toggle, kept across a reload.
    const star = page.getByRole("button", { name: "Favourite: Kreuzberg" });
    await expect(star).toHaveAttribute("aria-pressed", "false");
    const saved = page.waitForResponse((r) => r.url().includes("overview.storeNeighbourhoodFavourites"));
    await star.click();
    expect((await saved).status()).toBe(200);
    await expect(star).toHaveAttribute("aria-pressed", "true");
    await page.reload();
    await expect(page.getByRole("button", { name: "Favourite: Kreuzberg" })).toHaveAttribute("aria-pressed", "true");
    await expect(page.getByRole("button", { name: "Favourite: Mitte" })).toHaveAttribute("aria-pressed", "false");

    // Property search: default radius 100 km; cards, apartment types and the popup.
    const search = page.getByRole("region", { name: "Property search" });
    await expect(search.getByLabel("Radius (km)")).toHaveValue("100");
    const cards = search.getByTestId("properties").locator("li");
    await expect(cards).toHaveCount(4);
    await expect(search.getByTestId("apartment-types")).toContainText(/1 bed: [^–]*1,600\.00 – [^–]*2,100\.00/);
    await expect(cards.first()).toContainText("1 Test Street With A Rather Lo…");
    const clicked = page.waitForResponse((r) => r.url().includes("overview.click"));
    await cards.first().getByRole("button", { name: /^Details/ }).click();
    const dialog = page.getByRole("dialog");
    await expect(dialog.getByRole("heading", { name: "1 Test Street With A Rather Lo…" })).toBeVisible();
    await expect(dialog.getByTestId("popup-overview")).toHaveText("Apartment, 1 bedroom, 1 bathroom, 700 sq ft, listed 2026-11-01.");
    await expect(dialog.getByText("Listing from RentCast")).toBeVisible();
    expect((await clicked).status()).toBe(200);
    await expectAccessible(page);
    await page.keyboard.press("Escape");
    await expect(dialog).toHaveCount(0);
    await fits(page, size.width);

    // No results: "Error! No data found" after about 5 s.
    await search.getByLabel("Bedrooms").selectOption("9");
    await search.getByRole("button", { name: "Search" }).click();
    await expect(search.getByTestId("properties")).toHaveCount(0);
    await expect(search.getByRole("alert")).toHaveText("Error! No data found", { timeout: 10_000 });
    await fits(page, size.width);
  });
}

test("the employee home links to the overview page", async ({ page, loginAs }) => {
  await loginAs(demo.globexEmployee);
  await page.goto("/");
  await page.getByRole("link", { name: "Neighbourhoods, commute and homes to rent" }).click();
  await expect(page).toHaveURL(/\/overview$/);
  await expect(page.getByRole("heading", { level: 1, name: "Overview" })).toBeVisible();
});

test("another role is refused the overview page", async ({ page, loginAs }) => {
  await loginAs(demo.globexHr);
  const res = await page.goto("/overview");
  expect(res?.status()).toBe(403);
});
