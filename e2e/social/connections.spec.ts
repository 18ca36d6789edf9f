import type { Page } from "@playwright/test";
import { demo, expect, expectAccessible, test } from "../fixtures.ts";
import { overflowing } from "../layout/overflow.ts";

/**
 * Connections at the destination (issue 14; part 1 §7 and part 2 §7 /social/connections.json and
 * /social/connection-count; part 2 §2 connections page): the employee links their handle on the
 * Mastodon instance playwright.config.ts points SOCIAL_API_URL at (a local server speaking the Mastodon
 * API with Link-header pagination, e2e/social/mastodon-server.ts), sees who they follow mentions their
 * destination, and the home's box shows the count and links the page. Grace (employee@globex.test,
 * Berlin) at 1366 px and Emma (employee@acme.test, New York City) at 390 px: each links their own handle
 * once, so the two sizes never share a person. (Not configured and provider failures are covered by
 * src/routers/employee/social.test.ts.)
 */

async function fits(page: Page, width: number) {
  const result = await overflowing(page);
  expect(result.offenders).toEqual([]);
  expect(result.scrollWidth).toBeLessThanOrEqual(width);
}

const cases = [
  { size: { width: 1366, height: 900 }, who: demo.globexEmployee, handle: "grace@social.example", place: "Berlin, Germany", people: ["Lena Vogel", "Mika", "Jo in Berlin"], others: ["Tom Baker", "Sam"] },
  { size: { width: 390, height: 844 }, who: demo.acmeEmployee, handle: "emma@social.example", place: "New York City, United States", people: ["Ana Ruiz", "Ben"], others: ["Li Wei", "Kim"] },
];

for (const c of cases) {
  test(`connections at ${c.size.width} px: link a handle, see who mentions the destination, the home box counts them`, async ({ page, loginAs }) => {
    await page.setViewportSize(c.size);
    await loginAs(c.who);
    await page.goto("/connections");
    await expect(page.getByRole("heading", { level: 1, name: "Connections at your destination" })).toBeVisible();
    // No handle yet: the page says so plainly and lists nobody.
    await expect(page.getByRole("heading", { name: "Link your social account to see who you know at your destination." })).toBeVisible();
    await expectAccessible(page);
    await fits(page, c.size.width);

    // An unknown handle: the network knows no such account — said, nobody invented.
    const handle = page.getByLabel("Your handle");
    await handle.fill("nobody@social.example");
    await page.getByRole("button", { name: "Link account" }).click();
    await expect(page.getByRole("heading", { name: "No account with this handle was found." })).toBeVisible();
    await expect(page.getByTestId("connections")).toHaveCount(0);

    // A bad handle is refused before it is sent.
    await page.getByRole("button", { name: "Change account" }).click();
    await page.getByLabel("Your handle").fill("not a handle");
    await page.getByRole("button", { name: "Link account" }).click();
    await expect(page.getByText("Enter your handle as user@instance (or user on this server's instance).")).toBeVisible();

    await page.getByLabel("Your handle").fill(`@${c.handle}`);
    await page.getByRole("button", { name: "Link account" }).click();
    await expect(page.getByTestId("linked-handle")).toHaveText(`Linked as @${c.handle}`);
    const list = page.getByTestId("connections");
    await expect(page.getByRole("heading", { name: `People you follow who mention ${c.place}` })).toBeVisible();
    await expect(list.locator("li")).toHaveCount(c.people.length);
    for (const name of c.people) await expect(list.getByText(name, { exact: true })).toBeVisible();
    for (const name of c.others) await expect(list.getByText(name, { exact: true })).toHaveCount(0);
    await expect(list.locator("li").first()).toContainText(/In their (bio|display name|Location|Home)/);
    await expectAccessible(page);
    await fits(page, c.size.width);

    // The home's box: the count, linking the page.
    await page.goto("/");
    const box = page.getByRole("region", { name: "Connections at your destination" });
    await expect(box.getByTestId("connection-count")).toHaveText(`${c.people.length} people you follow mention ${c.place}.`);
    await expectAccessible(page);
    await fits(page, c.size.width);
    await box.getByRole("link", { name: "See your connections" }).click();
    await expect(page).toHaveURL(/\/connections$/);
    await expect(page.getByTestId("connections").locator("li")).toHaveCount(c.people.length);
  });
}
