import type { Page } from "@playwright/test";
import { demo, expect, expectAccessible, test } from "../fixtures.ts";
import { insertEligibleEmployees } from "./insert-employees.ts";

async function expectFits(page: Page) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
}

for (const size of [
  { width: 1366, height: 900 },
  { width: 390, height: 844 },
]) {
  test.describe(`Employees and assignments at ${size.width} px`, () => {
    test.use({ viewport: size });

    test("HR extends two assignments through the actions popup (part 1 §4)", async ({ page, loginAs }) => {
      test.setTimeout(90_000);
      const [ada, ben] = insertEligibleEmployees(`X${size.width}`) as [{ name: string; endDate: string }, { name: string; endDate: string }];
      await loginAs(demo.acmeHr);
      await page.goto("/acme/home");
      await page.getByTestId("employees-link").click();
      await expect(page).toHaveURL(/\/acme\/employees$/);
      await expect(page.getByRole("heading", { level: 1, name: "Employees" })).toBeVisible();
      await expectAccessible(page);
      await expectFits(page);

      // Nothing selected: the spec's text.
      await page.getByTestId("assignment-actions").click();
      await page.getByRole("menuitem", { name: "Extend assignment" }).click();
      await expect(page.getByRole("status").getByText("No employees were selected!")).toBeVisible();

      await page.getByRole("checkbox", { name: `Select ${ada.name}` }).check();
      await page.getByRole("checkbox", { name: `Select ${ben.name}` }).check();
      await page.getByTestId("assignment-actions").click();
      await page.getByRole("menuitem", { name: "Extend assignment" }).click();
      const dialog = page.getByRole("dialog");
      await expect(dialog.getByTestId("popup-names")).toHaveText(`For ${ada.name}, ${ben.name}`);
      await expect(dialog.getByTestId("popup-step")).toContainText(`Employee 1 of 2: ${ada.name}`);
      await expectAccessible(page);

      // The same date is refused before the call (§5).
      await dialog.getByLabel("New end date").fill(ada.endDate);
      await dialog.getByRole("button", { name: "Next" }).click();
      await expect(dialog.getByText("The new end date must differ from the current one.")).toBeVisible();
      await dialog.getByLabel("New end date").fill("2031-04-30");
      const reason = dialog.getByLabel("Extension reason");
      if (await reason.isVisible()) await reason.selectOption({ index: 1 });
      await dialog.getByRole("button", { name: "Next" }).click();
      await expect(dialog.getByTestId("popup-step")).toContainText(`Employee 2 of 2: ${ben.name}`);
      // Previous goes back and keeps what was typed.
      await dialog.getByRole("button", { name: "Previous" }).click();
      await expect(dialog.getByLabel("New end date")).toHaveValue("2031-04-30");
      await dialog.getByRole("button", { name: "Next" }).click();
      await dialog.getByLabel("New end date").fill("2031-05-31");
      if (await reason.isVisible()) await reason.selectOption({ index: 1 });
      await dialog.getByRole("button", { name: "Confirm" }).click();
      await expect(dialog.getByText("The assignments were extended.")).toBeVisible();
      await expectAccessible(page);
      await expectFits(page);
      await dialog.getByRole("button", { name: "Close" }).first().click();
      await expect(page.getByRole("dialog")).toHaveCount(0);
      await expect(page.getByRole("row", { name: new RegExp(ada.name) }).getByTestId("end-date")).toHaveText("2031-04-30");
      await expect(page.getByRole("row", { name: new RegExp(ben.name) }).getByTestId("end-date")).toHaveText("2031-05-31");
    });
  });
}

test("a failed call shows \"We were unable to process data.\" and the buttons work again (§8)", async ({ page, loginAs }) => {
  const [ada] = insertEligibleEmployees("F");
  await loginAs(demo.acmeHr);
  await page.goto("/acme/employees");
  await page.getByRole("checkbox", { name: `Select ${ada!.name}` }).check();
  await page.getByTestId("assignment-actions").click();
  await page.getByRole("menuitem", { name: "Extend assignment" }).click();
  const dialog = page.getByRole("dialog");
  await dialog.getByLabel("New end date").fill("2031-04-30");
  const reason = dialog.getByLabel("Extension reason");
  if (await reason.isVisible()) await reason.selectOption({ index: 1 });
  await page.route(/\/trpc\/[^?]*assignments\.extend/, (route) => route.fulfill({ status: 500, contentType: "text/plain", body: "broken" }));
  await dialog.getByRole("button", { name: "Confirm" }).click();
  await expect(dialog.getByRole("alert").getByText("We were unable to process data.")).toBeVisible();
  await expect(dialog.getByRole("button", { name: "Confirm" })).toBeEnabled();
  await expectAccessible(page);
});
