import type { Page } from "@playwright/test";
import { demo, expect, expectAccessible, test } from "../fixtures.ts";
import { insertGroup } from "./insert-group.ts";

/** Nothing wider than the viewport outside a box that scrolls. */
async function expectFits(page: Page) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
}

for (const size of [
  { width: 1366, height: 900 },
  { width: 390, height: 844 },
]) {
  test.describe(`tags admin at ${size.width} px`, () => {
    test.use({ viewport: size });

    test("associate a tag with a group, give it to a policy and a manager, change its status, disassociate it after confirming", async ({ page, loginAs }) => {
      test.setTimeout(90_000);
      const g = insertGroup("tags");
      await loginAs(demo.admin);
      await page.goto(`/admin/tags/manage?group=${g.name}`);
      await expect(page.getByRole("heading", { level: 1, name: "Tags" })).toBeVisible();
      const associated = page.getByRole("heading", { name: "Tags of this group" }).locator("..");
      await expect(associated.getByText("There are no tags available...")).toBeVisible();
      await expectAccessible(page);
      await expectFits(page);

      await page.getByLabel("Tag", { exact: true }).selectOption({ label: "EMEA" });
      await page.getByRole("button", { name: "Associate" }).click();
      await expect(page.getByRole("status").getByText("Tag EMEA is now Active for this group.")).toBeVisible();
      const row = page.getByTestId("tag-association").filter({ hasText: "EMEA" });
      await expect(row).toBeVisible();

      // Allocate to the policy and to the manager (keyboard: Space toggles a focused checkbox).
      const policyBox = page.getByRole("group", { name: `Tags of ${g.policy}` }).getByLabel("EMEA");
      await policyBox.focus();
      await page.keyboard.press("Space");
      await expect(page.getByRole("status").getByText(`Tags of ${g.policy} saved.`)).toBeVisible();
      await expect(policyBox).toBeChecked();
      const managerBox = page.getByRole("group", { name: new RegExp(`Tags of ${g.manager}`) }).getByLabel("EMEA");
      await managerBox.click();
      await expect(page.getByRole("status").getByText(`Tags of ${g.manager} saved.`)).toBeVisible();
      await expect(managerBox).toBeChecked();

      // Inactive: kept where it is held.
      await row.getByLabel("Status: EMEA").selectOption("INACTIVE");
      await expect(page.getByRole("status").getByText("Tag EMEA is now Inactive for this group.")).toBeVisible();
      await expect(policyBox).toBeChecked();
      await expectAccessible(page);
      await expectFits(page);

      await row.getByRole("button", { name: "Disassociate EMEA" }).click();
      const dialog = page.getByRole("alertdialog", { name: "Disassociate EMEA?" });
      await expect(dialog).toBeVisible();
      await expectAccessible(page);
      await dialog.getByRole("button", { name: "Disassociate" }).click();
      await expect(page.getByRole("status").getByText("Tag EMEA is no longer associated with this group.")).toBeVisible();
      await expect(page.getByTestId("tag-association")).toHaveCount(0);
      await expect(page.getByRole("group", { name: `Tags of ${g.policy}` }).getByText("There are no tags available...")).toBeVisible();
    });
  });
}

test("a failed load shows the spec's text with a retry", async ({ page, loginAs }) => {
  const g = insertGroup("tagsfail");
  await loginAs(demo.admin);
  await page.route(/\/trpc\/[^?]*tags\.targets/, (route) => route.fulfill({ status: 500, contentType: "text/plain", body: "broken" }));
  await page.goto(`/admin/tags/manage?group=${g.name}`);
  await expect(page.getByRole("alert").getByText("Failure to load the available tags for this group.")).toBeVisible();
  await expect(page.getByRole("button", { name: "Try again" })).toBeVisible();
  await expectAccessible(page);
});
