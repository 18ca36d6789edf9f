import { demo, expect, expectAccessible, test } from "../fixtures.ts";

/**
 * Policy group setup's per-service employee data list (part 2 §2; issue 23 item 16): the service's table
 * lists the group's employees whose moves have it, with a link to each move, on a desktop and a phone.
 */
test.describe("policy group setup: employee data list", () => {
  for (const size of [{ width: 1366, height: 900 }, { width: 390, height: 844 }]) {
    test(`Emma's move has Settling-in Services (${size.width} px)`, async ({ page, loginAs }) => {
      await page.setViewportSize(size);
      await loginAs(demo.admin);
      await page.goto("/admin/policy/group-setup?group=acme");
      await expect(page.getByRole("heading", { level: 1, name: "Policy group setup" })).toBeVisible();
      await page.getByLabel("Service", { exact: true }).selectOption({ label: "Settling-in Services" });
      const list = page.getByTestId("service-employees-SETTLINGIN");
      await expect(list.getByRole("heading", { name: /Employee data/ })).toBeVisible();
      // One service shown: its list is open at once.
      await expect(list.getByRole("button", { name: "Hide employee data" })).toHaveAttribute("aria-expanded", "true");
      const emma = list.getByRole("link", { name: "Emma Lindqvist" }).filter({ visible: true }).first();
      await expect(emma).toBeVisible();
      await expect(list.getByText("employee@acme.test").filter({ visible: true }).first()).toBeVisible();
      await expectAccessible(page);
      // The page fits the width (no sideways scrolling).
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(size.width);
      await list.getByRole("button", { name: "Hide employee data" }).click();
      await expect(list.getByRole("button", { name: "Show employee data" })).toHaveAttribute("aria-expanded", "false");
      await list.getByRole("button", { name: "Show employee data" }).click();
      await emma.click();
      await expect(page).toHaveURL(/\/acme\/employeefile\/summaryView\?employeeId=\d+&moveId=\d+/);
    });
  }
});
