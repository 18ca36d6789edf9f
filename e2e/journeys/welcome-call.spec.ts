import type { Locator, Page } from "@playwright/test";
import { demo, expect, expectAccessible, test } from "../fixtures.ts";
import { insertMovingEmployee } from "../moving-employee.ts";
import { SIZES, fits, signedIn } from "./journey.ts";

/**
 * Issue 24 §3 journey, end to end in one test at 1366×900 and then 390×844 (axe on every page, nothing
 * wider than the viewport): a new employee requests a welcome call from their home (the dialog on a
 * desktop, the full page on a phone) → the home card shows the request as Requested → HR sees it on the
 * move page and has a notification in the bell that opens the move → a CRM agent finds it in the CRM
 * list of requested calls, linked from the CRM home, and books it → the employee's home card says Booked
 * and their bell tells them.
 */

/** A day `days` from now as YYYY-MM-DD (the browser runs in UTC). */
const dayFromNow = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

/** The bell in the header: its unread count is in its name; opening it lists the newest. */
async function openBell(page: Page): Promise<Locator> {
  const bell = page.getByTestId("notification-bell");
  await expect(bell).toHaveAccessibleName(/Notifications, \d+ unread/, { timeout: 20_000 });
  await bell.click();
  const menu = page.getByRole("menu");
  await expect(menu).toBeVisible();
  return menu;
}

test("an employee requests a welcome call on home; HR sees it with a notification, the CRM lists and books it (1366 and 390 px)", async ({ browser, baseURL }, testInfo) => {
  test.setTimeout(600_000);
  for (const size of SIZES) {
    const email = `welcome-journey-${testInfo.workerIndex}-${size.width}-${Date.now()}@acme.test`;
    const { userId, moveId } = insertMovingEmployee(email);

    // The employee requests the call from the home: a dialog at 1366 px, the full page at 390 px.
    const employee = await signedIn(browser, baseURL, email, size);
    const e = employee.page;
    await e.goto("/");
    const scope = size.width >= 640 ? e.getByRole("dialog", { name: "Your welcome call" }) : e.getByRole("main");
    if (size.width < 640) await expect(e).toHaveURL(/\/common\/welcomeCallPopup$/, { timeout: 20_000 });
    await expect(scope.getByTestId("welcome-step")).toHaveText("Step 1 of 3", { timeout: 20_000 });
    await scope.getByRole("button", { name: "Next" }).click();
    await expect(scope.getByTestId("welcome-step")).toHaveText("Step 2 of 3");
    await scope.getByLabel("Preferred date").fill(dayFromNow(4));
    await scope.getByLabel("Preferred time").fill("11:15");
    await scope.getByLabel("Phone number").fill("+44 20 7946 0958");
    const interest = scope.locator("label:has(input[type=checkbox])").first();
    const interestName = (await interest.innerText()).trim();
    expect(interestName.length).toBeGreaterThan(0);
    await interest.locator("input[type=checkbox]").check();
    await scope.getByRole("button", { name: "Request the call" }).click();
    await expect(scope.getByTestId("welcome-step")).toHaveText("Step 3 of 3");
    await scope.getByRole("button", { name: "Done" }).click();
    await expect(e).toHaveURL(/\/$/);

    // The home card shows the request and its state.
    const card = e.getByRole("region", { name: "Welcome call" });
    await expect(card).toBeVisible({ timeout: 20_000 });
    await expect(card.getByTestId("welcome-call-status")).toContainText("Requested");
    await expect(card).toContainText("Requested for");
    await expectAccessible(e);
    await fits(e, size.width);

    // HR: a notification in the bell that opens the move page, where the request shows.
    const hr = await signedIn(browser, baseURL, demo.acmeHr, size);
    const h = hr.page;
    await h.goto("/acme/home");
    const hrMenu = await openBell(h);
    const hrItem = hrMenu.getByRole("menuitem", { name: /Nora Newcomer requested a welcome call for/ }).first();
    await expect(hrItem).toBeVisible({ timeout: 20_000 });
    await expectAccessible(h);
    await hrItem.click();
    await expect(h).toHaveURL(new RegExp(`/acme/employeefile/summaryView\\?employeeId=${userId}&moveId=${moveId}`));
    const panel = h.getByTestId("panel-welcome-call");
    await expect(panel).toBeVisible({ timeout: 20_000 });
    await expect(panel).toContainText("Requested");
    await expect(panel).toContainText("+442079460958");
    await expect(panel).toContainText(interestName);
    await expectAccessible(h);
    await fits(h, size.width);

    // The CRM agent: the list is linked from the CRM home; the request is there with its slot and interests.
    const crm = await signedIn(browser, baseURL, demo.crm, size);
    const c = crm.page;
    await c.goto("/crm");
    await c.getByRole("link", { name: /Requested welcome calls/ }).click();
    await expect(c).toHaveURL(/\/crm\/welcome-calls$/);
    await expect(c.getByRole("heading", { level: 1, name: "Requested welcome calls" })).toBeVisible({ timeout: 20_000 });
    const entry = c.getByRole("listitem").filter({ hasText: email });
    await expect(entry).toBeVisible({ timeout: 20_000 });
    await expect(entry).toContainText("Nora Newcomer");
    await expect(entry).toContainText("Requested");
    await expect(entry).toContainText("11:15");
    await expect(entry).toContainText(interestName);
    await expectAccessible(c);
    await fits(c, size.width);
    await entry.getByRole("button", { name: "Book the call" }).click();
    await expect(entry.getByRole("button", { name: "Book the call" })).toHaveCount(0, { timeout: 20_000 });
    await expect(entry).toContainText("Booked");

    // The employee: Booked on the home card, and told in the bell.
    await e.reload();
    await expect(card.getByTestId("welcome-call-status")).toContainText("Booked", { timeout: 20_000 });
    const empMenu = await openBell(e);
    await expect(empMenu.getByRole("menuitem", { name: /Your welcome call is booked for/ })).toBeVisible({ timeout: 20_000 });
    await e.keyboard.press("Escape");

    await employee.context.close();
    await hr.context.close();
    await crm.context.close();
  }
});
