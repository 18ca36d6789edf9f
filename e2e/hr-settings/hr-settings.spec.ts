import type { Page } from "@playwright/test";
import { demo, expect, expectAccessible, test } from "../fixtures.ts";
import { insertGroup } from "../tags/insert-group.ts";

async function expectFits(page: Page) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
}

for (const size of [
  { width: 1366, height: 900 },
  { width: 390, height: 844 },
]) {
  test.describe(`HR settings at ${size.width} px`, () => {
    test.use({ viewport: size });

    test("extension reasons: add, the §5 refusals, choose the default, enable, rename, remove", async ({ page, loginAs }) => {
      test.setTimeout(90_000);
      const g = insertGroup("hrs");
      await loginAs(demo.admin);
      await page.goto(`/admin/hr-settings?group=${g.name}`);
      await expect(page.getByRole("heading", { level: 1, name: "HR settings" })).toBeVisible();
      await expect(page.getByText("No extension reasons yet.")).toBeVisible();
      await expectAccessible(page);
      await expectFits(page);
      const status = page.getByRole("status").filter({ hasText: /./ });
      const toggle = page.getByRole("switch", { name: "Ask for an extension reason" });

      await toggle.click();
      await expect(status.getByText("Please add at least one extension reason first.")).toBeVisible();
      await expect(toggle).not.toBeChecked();

      const input = page.getByLabel("New extension reason");
      await page.getByRole("button", { name: "Add" }).click();
      await expect(status.getByText("The extension reason cannot be blank.")).toBeVisible();
      await input.fill("Project extended");
      await input.press("Enter");
      await expect(status.getByText("Settings saved.")).toBeVisible();
      await input.fill("Business need");
      await page.getByRole("button", { name: "Add" }).click();
      await expect(page.getByTestId("extension-reason")).toHaveCount(2);

      await toggle.click();
      await expect(status.getByText("Please select a default value.")).toBeVisible();
      await page.getByLabel("Make Business need the default").click();
      await expect(page.getByTestId("extension-reason").filter({ hasText: "Business need" }).getByText("Default")).toBeVisible();
      await toggle.click();
      await expect(toggle).toBeChecked();
      await expect(status.getByText("Settings saved.")).toBeVisible();

      await page.getByRole("button", { name: "Rename Project extended" }).click();
      const rename = page.getByLabel("Rename Project extended");
      await rename.fill("Project extension");
      await rename.press("Enter");
      await expect(page.getByTestId("extension-reason").filter({ hasText: "Project extension" })).toBeVisible();
      await page.getByRole("button", { name: "Remove Project extension" }).click();
      await expect(page.getByTestId("extension-reason")).toHaveCount(1);
      // The default cannot go while reasons are required.
      await page.getByRole("button", { name: "Remove Business need" }).click();
      await expect(status.getByText("Please add at least one extension reason first.")).toBeVisible();
      await expectAccessible(page);
      await expectFits(page);

      await page.reload();
      await expect(toggle).toBeChecked();
      await expect(page.getByTestId("extension-reason")).toHaveCount(1);
    });
  });
}

test("a failed load shows the spec's text with a retry", async ({ page, loginAs }) => {
  const g = insertGroup("hrsfail");
  await loginAs(demo.admin);
  await page.route(/\/trpc\/[^?]*hrSettings\.extensionReasons/, (route) => route.fulfill({ status: 500, contentType: "text/plain", body: "broken" }));
  await page.goto(`/admin/hr-settings?group=${g.name}`);
  await expect(page.getByRole("alert").getByText("Sorry, an error occurred while loading screen.")).toBeVisible();
  await expectAccessible(page);
});
