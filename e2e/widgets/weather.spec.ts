import type { Page } from "@playwright/test";
import { demo, expect, expectAccessible, test } from "../fixtures.ts";
import { overflowing } from "../layout/overflow.ts";

/**
 * The weather widget on the employee home (issue 14; part 1 §7 /json/weather?when&units): the forecast
 * at the destination of the employee's move through the real Open-Meteo adapter, asking the local
 * server speaking Open-Meteo's format that playwright.config.ts starts (WEATHER_API_URL). Grace
 * (employee@globex.test) moves to Berlin: 7 days, °C, then °F; Emma (employee@acme.test) sees New York
 * City's. Read-only, so both sizes may use the same employees. (The not-configured, no-destination and
 * provider-failure states are covered by src/routers/employee/widgets-weather.test.ts.)
 */

const box = (page: Page) => page.getByRole("region", { name: "Weather" });

async function fits(page: Page, width: number) {
  const result = await overflowing(page);
  expect(result.offenders).toEqual([]);
  expect(result.scrollWidth).toBeLessThanOrEqual(width);
}

for (const size of [
  { width: 1366, height: 900 },
  { width: 390, height: 844 },
]) {
  test(`weather at ${size.width} px: the forecast at the destination, °C and °F`, async ({ page, loginAs }) => {
    await page.setViewportSize(size);
    await loginAs(demo.globexEmployee);
    await page.goto("/");
    const b = box(page);
    await expect(b.getByText(/^At Berlin, DE$/)).toBeVisible();
    await expect(b.locator("li[data-date]")).toHaveCount(7);
    const first = b.locator("li[data-date]").first();
    await expect(first).toContainText("Clear sky");
    await expect(first).toContainText("21°C / 10°C");
    await expect(b.locator("li[data-date]").nth(2)).toContainText("Rain");
    await expectAccessible(page);
    await fits(page, size.width);

    await b.getByRole("button", { name: "°F" }).click();
    await expect(b.getByRole("button", { name: "°F" })).toHaveAttribute("aria-pressed", "true");
    await expect(first).toContainText("70°F / 50°F");
    await fits(page, size.width);
  });

  test(`weather at ${size.width} px: each employee sees their own destination`, async ({ page, loginAs }) => {
    await page.setViewportSize(size);
    await loginAs(demo.acmeEmployee);
    await page.goto("/");
    const b = box(page);
    await expect(b.getByText(/^At New York City, US$/)).toBeVisible();
    await expect(b.getByText(/Berlin/)).toHaveCount(0);
    await expect(b.locator("li[data-date]")).toHaveCount(7);
    await expectAccessible(page);
    await fits(page, size.width);
  });
}
