import { demo, expect, expectAccessible, test } from "../fixtures.ts";

/**
 * Issue 23 items 17 and 21 on the overview page (part 1 §2, §5; part 2 §9): the property search's min and
 * max price (Enter does not search when max is below min), the social, weather and feedback boxes on the
 * page after the search, and the property popup's photo carousel (5 s interval, 500 ms fade). Read-only:
 * Grace's overview (Berlin) is only looked at, never saved.
 */
test("min and max price; Enter does not search when max is below min", async ({ page, loginAs }) => {
  await loginAs(demo.globexEmployee);
  await page.goto("/overview");
  const search = page.getByRole("region", { name: "Property search" });
  const cards = search.getByTestId("properties").locator("li");
  await expect(cards).toHaveCount(4);

  let searches = 0;
  page.on("request", (r) => {
    if (r.url().includes("overview.searchProperty")) searches++;
  });
  await search.getByLabel("Min price a month").fill("2000");
  const max = search.getByLabel("Max price a month");
  await max.fill("1000");
  await max.press("Enter");
  await expect(search.getByText("The maximum price must be at least the minimum price.")).toBeVisible();
  await expect(max).toHaveAttribute("aria-invalid", "true");
  // Nothing was asked and the results stay.
  await page.waitForTimeout(300);
  expect(searches).toBe(0);
  await expect(cards).toHaveCount(4);
  await expectAccessible(page);

  // A max at or above the min searches; only listings from 1,900 to 2,200 a month remain (1,950 and 2,100).
  await search.getByLabel("Min price a month").fill("1900");
  await max.fill("2200");
  const asked = page.waitForRequest((r) => r.url().includes("overview.searchProperty"));
  await max.press("Enter");
  const url = decodeURIComponent((await asked).url());
  expect(url).toContain('"minPrice":1900');
  expect(url).toContain('"maxPrice":2200');
  await expect(cards).toHaveCount(2);
  await expect(search.getByText("The maximum price must be at least the minimum price.")).toHaveCount(0);
  await expect(cards.nth(0)).toContainText("1,950.00");
  await expect(cards.nth(1)).toContainText("2,100.00");
});

for (const size of [{ width: 1366, height: 900 }, { width: 390, height: 844 }]) {
  test(`the social, weather and feedback boxes are on the overview page, after the property search (${size.width} px)`, async ({ page, loginAs }) => {
    await page.setViewportSize(size);
    await loginAs(demo.globexEmployee);
    await page.goto("/overview");
    const boxes = page.getByTestId("overview-boxes");
    await expect(boxes.getByRole("region", { name: "Connections at your destination" })).toBeVisible();
    await expect(boxes.getByRole("region", { name: "Weather", exact: true })).toBeVisible();
    await expect(boxes.getByRole("region", { name: "Feedback", exact: true })).toBeVisible();
    // The spec's order: property search, then social, weather and feedback.
    const top = async (name: string) => (await page.getByRole("region", { name }).first().boundingBox())!.y;
    expect(await top("Property search")).toBeLessThan(await top("Connections at your destination"));
    expect(await page.getByRole("region", { name: "Weather", exact: true }).count()).toBe(1);
    await expectAccessible(page);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(size.width);
  });
}

test("the property popup's photos: a carousel that moves on after 5 s", async ({ page, loginAs }) => {
  await page.clock.install();
  await loginAs(demo.globexEmployee);
  await page.goto("/overview");
  const search = page.getByRole("region", { name: "Property search" });
  const cards = search.getByTestId("properties").locator("li");
  await expect(cards).toHaveCount(4);
  // From here the page's time moves only when the test says so.
  await page.clock.pauseAt(Date.now() + 2_000);
  await cards.nth(1).getByRole("button", { name: /^Details/ }).click();
  const dialog = page.getByRole("dialog");
  const carousel = dialog.getByTestId("carousel");
  // The pointer off the photos (hovering pauses the carousel).
  await page.mouse.move(1, 1);
  await expect(carousel).toHaveAttribute("data-interval-ms", "5000");
  await expect(carousel).toHaveAttribute("data-fade-ms", "500");
  const active = carousel.locator("img[data-active]");
  await expect(active).toHaveAttribute("aria-label", "Photo 1 of 3");
  await expect(active).toHaveCSS("transition-duration", "0.5s");
  await page.clock.runFor(4_900);
  await expect(active).toHaveAttribute("aria-label", "Photo 1 of 3");
  await page.clock.runFor(200);
  await expect(active).toHaveAttribute("aria-label", "Photo 2 of 3");
  // The buttons move it too (keyboard reachable).
  await carousel.getByRole("button", { name: "Next photo" }).click();
  await expect(active).toHaveAttribute("aria-label", "Photo 3 of 3");
  // axe needs the page's timers.
  await page.clock.resume();
  await expectAccessible(page);
});
