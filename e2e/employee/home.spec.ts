import type { Page } from "@playwright/test";
import { demo, expect, expectAccessible, test } from "../fixtures.ts";
import { overflowing } from "../layout/overflow.ts";

/**
 * The employee home ("/", issue 14 "Employee home"): employee@acme.test, whose demo move is open
 * (src/db/seed-movehub.ts, src/db/seed-expenses.ts), sees the move card (status, stage, places,
 * consultant with a mailto), the next tasks, the budgets with spent / remaining, recent expenses and
 * files — never "Your move has not started yet" — at 1366×900 and 390×844, axe clean, nothing wider
 * than the viewport. The page only reads, so both sizes may share the employee.
 */

async function fits(page: Page, width: number) {
  const result = await overflowing(page);
  expect(result.offenders).toEqual([]);
  expect(result.scrollWidth).toBeLessThanOrEqual(width);
}

for (const size of [
  { width: 1366, height: 900 },
  { width: 390, height: 844 },
]) {
  test.describe(`employee home at ${size.width} px`, () => {
    test.beforeEach(async ({ page, loginAs }) => {
      await page.setViewportSize({ width: size.width, height: size.height });
      await loginAs(demo.acmeEmployee);
    });

    test("the move card, next tasks, budgets and recent expenses of the open move", async ({ page }) => {
      await page.goto("/");
      const move = page.getByRole("region", { name: "Your move" });
      await expect(move).toBeVisible();
      await expect(move.getByTestId("move-status")).toHaveText(/^(Open|On assignment|Completed)$/);
      await expect(move.getByText(/^Stage: /)).toBeVisible();
      await expect(move.getByTestId("move-route")).toContainText(/\S/);
      await expect(move.getByText("Policy", { exact: true })).toBeVisible();
      const mail = move.getByRole("link", { name: /@/ });
      await expect(mail).toHaveAttribute("href", /^mailto:.+@.+/);
      await expect(page.getByRole("heading", { name: "Your move has not started yet" })).toHaveCount(0);

      await expect(page.getByRole("heading", { name: "Next tasks" })).toBeVisible();
      await expect(page.getByTestId("next-tasks").getByRole("listitem").first()).toBeVisible();
      expect(await page.getByTestId("next-tasks").getByRole("listitem").count()).toBeLessThanOrEqual(5);
      await expect(page.getByTestId("next-tasks").getByText("Overdue").first()).toBeVisible();

      await expect(page.getByRole("heading", { name: "Budgets" })).toBeVisible();
      await expect(page.getByRole("progressbar").first()).toBeVisible();
      // The budget figures (issue 24 §2): the same four labels on every screen, amounts with thousands separators.
      const figures = page.getByTestId("budgets").getByTestId("budget-figures").first();
      for (const label of ["Budget", "Committed", "Spent", "Remaining"]) await expect(figures.getByText(label, { exact: true })).toBeVisible();
      await expect(figures.getByTestId("budget-figure-remaining-value")).toHaveText(/^[A-Z]{3} -?\d{1,3}(,\d{3})*(\.\d+)?( \(Over budget\))?$/); // over after the comparison spec books over budget

      await expect(page.getByRole("heading", { name: "Recent expenses" })).toBeVisible();
      await expect(page.getByTestId("recent-expenses").getByRole("listitem").first()).toBeVisible();
      await expect(page.getByRole("heading", { name: "Files" })).toBeVisible();

      await expectAccessible(page);
      await fits(page, size.width);
    });

    test("the links lead to the move hub and the expenses", async ({ page }) => {
      await page.goto("/");
      await page.getByRole("link", { name: "Open your move hub" }).click();
      await expect(page).toHaveURL(/\/movehub$/);
      await page.goto("/");
      await page.getByRole("link", { name: "All expenses" }).click();
      await expect(page).toHaveURL(/\/expenses$/);
    });

    test("an error shows a retry that loads the home", async ({ page }) => {
      // The client batches queries and retries a 5xx once: the first two answers of employee.home fail,
      // the other procedures of the same batch keep their real answers.
      let failures = 0;
      await page.route(/\/trpc\/[^?]*employee\.home/, async (route) => {
        const response = await route.fetch();
        if (failures >= 2) return route.fulfill({ response });
        failures++;
        const names = decodeURIComponent(new URL(route.request().url()).pathname.replace(/^\/trpc\//, "")).split(",");
        const body = (await response.json()) as unknown[];
        body[names.indexOf("employee.home")] = { error: { message: "Something went wrong", code: -32603, data: { code: "INTERNAL_SERVER_ERROR", httpStatus: 500 } } };
        await route.fulfill({ response, status: names.length > 1 ? 207 : 500, json: body });
      });
      await page.goto("/");
      const alert = page.getByRole("alert").filter({ hasText: /went wrong|could not be loaded/ });
      await expect(alert).toBeVisible();
      await alert.getByRole("button", { name: "Try again" }).click();
      await expect(page.getByRole("region", { name: "Your move" })).toBeVisible();
    });
  });
}
