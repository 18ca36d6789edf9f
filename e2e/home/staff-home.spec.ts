import { demo, expect, expectAccessible, test } from "../fixtures.ts";

test.describe("staff homes", () => {
  test("finance sees its pages and the client groups; each card opens its page", async ({ page, loginAs }) => {
    await loginAs(demo.finance);
    await page.goto("/finance");
    await expect(page.getByRole("heading", { level: 1, name: "Welcome, Fiona" })).toBeVisible();
    const work = page.getByRole("region", { name: "Your work" });
    for (const name of ["Bill approval", "Bill management", "Accounts", "Bank accounts", "Lock periods", "Employee expenses", "External spend", "Ad-hoc charge"]) {
      await expect(work.getByRole("link", { name: new RegExp(`^${name}`) })).toBeVisible();
    }
    const groups = page.getByRole("region", { name: "Client groups" });
    await expect(groups).toContainText("Acme Corp");
    await expect(groups).toContainText("Globex Inc");
    // Counts, not fixed numbers: the wizard seed's demo employees (and other browser tests) add users.
    await expect(groups).toContainText(/Acme Corp\d+ users/);
    await expectAccessible(page);
    await work.getByRole("link", { name: /^Lock periods/ }).click();
    await expect(page).toHaveURL("/finance/lock-periods");
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  });

  test("finance's navigation groups its pages; on a phone they sit behind the menu", async ({ page, loginAs }) => {
    await page.setViewportSize({ width: 390, height: 800 });
    await loginAs(demo.finance);
    await page.goto("/finance");
    await page.getByRole("button", { name: "Open menu" }).click();
    await page.getByRole("navigation").getByRole("link", { name: "Bill management", exact: true }).click();
    await expect(page).toHaveURL(/\/finance\/bill-management/);
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await expectAccessible(page);
  });

  test("CRM sees the ad-hoc charge and the client groups, and no area that is not built yet", async ({ page, loginAs }) => {
    await loginAs(demo.crm);
    await page.goto("/crm");
    await expect(page.getByRole("heading", { level: 1, name: "Welcome, Carl" })).toBeVisible();
    await expect(page.getByRole("region", { name: "Your work" }).getByRole("link", { name: /^Ad-hoc charge/ })).toBeVisible();
    await expect(page.getByText(/Welcome calls:|CRM notes|Reminders:/)).toHaveCount(0);
    await expect(page.getByRole("region", { name: "Client groups" })).toContainText("Globex Inc");
    await expectAccessible(page);
  });

  test("the admin groups table links to each group's home", async ({ page, loginAs }) => {
    await loginAs(demo.admin);
    await page.goto("/admin");
    const table = page.getByRole("table", { name: "Client groups" });
    // The header and the three demo groups (acme, globex, initech), plus any group another spec adds meanwhile.
    await expect(table.getByRole("link", { name: "/acme/home" })).toBeVisible();
    await expect(table.getByRole("link", { name: "/globex/home" })).toBeVisible();
    await expect(table.getByRole("link", { name: "/initech/home" })).toBeVisible();
    expect(await table.getByRole("row").count()).toBeGreaterThanOrEqual(4);
    await table.getByRole("link", { name: "/acme/home" }).click();
    await expect(page).toHaveURL("/acme/home");
    await expect(page.getByRole("heading", { level: 1, name: "Acme Corp" })).toBeVisible();
  });

  test("the employee home shows the open move, not the empty move state (issue 14)", async ({ page, loginAs }) => {
    await loginAs(demo.globexEmployee);
    await page.goto("/");
    await expect(page.getByText("Your relocation with Globex Inc")).toBeVisible();
    await expect(page.getByRole("region", { name: "Your move" })).toBeVisible();
    await expect(page.getByRole("heading", { name: "Your move has not started yet" })).toHaveCount(0);
    await expectAccessible(page);
  });
});

test.describe("keyboard and small screens", () => {
  test("the skip link moves focus to the main content", async ({ page, loginAs }) => {
    await loginAs(demo.acmeEmployee);
    await page.goto("/");
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await page.keyboard.press("Tab");
    const skip = page.getByRole("link", { name: "Skip to main content" });
    await expect(skip).toBeFocused();
    await page.keyboard.press("Enter");
    await expect(page.locator("main")).toBeFocused();
  });

  test("below 768 px the navigation sits behind a menu button", async ({ page, loginAs }) => {
    await page.setViewportSize({ width: 390, height: 800 });
    await loginAs(demo.admin);
    await page.goto("/admin");
    const open = page.getByRole("button", { name: "Open menu" });
    await expect(open).toBeVisible();
    await expect(page.getByRole("link", { name: "Finance" })).toBeHidden();
    await open.click();
    await expect(page.getByRole("button", { name: "Close menu" })).toHaveAttribute("aria-expanded", "true");
    await page.getByRole("link", { name: "Finance" }).click();
    await expect(page).toHaveURL("/finance");
    await expect(page.getByRole("button", { name: "Open menu" })).toBeVisible();
    await expectAccessible(page);
  });
});
