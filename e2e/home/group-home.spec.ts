import { PEOPLE_PAGE_SIZE } from "../../src/domain/admin/groups/schemas.ts";
import { demo, expect, expectAccessible, test } from "../fixtures.ts";

test.describe("group home", () => {
  test("HR sees the group's people by role and the people table", async ({ page, loginAs }) => {
    await loginAs(demo.acmeHr);
    await page.goto("/acme/home");
    await expect(page.getByRole("heading", { level: 1, name: "Acme Corp" })).toBeVisible();
    // The demo employees of the wizard seed (and those other browser tests add) count too.
    await expect(page.getByTestId("count-total")).toHaveText(/^\d+$/);
    expect(Number(await page.getByTestId("count-total").textContent())).toBeGreaterThanOrEqual(15);
    // The demo's three managers (issue 15 adds manager-own and manager-geo), and those e2e/managers adds.
    await expect(page.getByTestId("count-MANAGER")).toHaveText(/^\d+$/);
    expect(Number(await page.getByTestId("count-MANAGER").textContent())).toBeGreaterThanOrEqual(3);
    const table = page.getByRole("table", { name: "People in Acme Corp" });
    await expect(table.getByRole("row").nth(15)).toBeVisible();
    await expect(table).toContainText("Marco Bianchi");
    await expect(page.getByRole("button", { name: "Previous" })).toBeDisabled();
    // One page of 25 (PEOPLE_PAGE_SIZE) unless specs running alongside have added people to acme.
    const total = Number(await page.getByTestId("count-total").textContent());
    if (total <= PEOPLE_PAGE_SIZE) await expect(page.getByRole("button", { name: "Next" })).toBeDisabled();
    else await expect(page.getByRole("button", { name: "Next" })).toBeEnabled();
    // The demo employee, found by name (the demo's completed moves add people ahead of her in the order).
    await page.goto("/acme/home?q=Lindqvist");
    await expect(table).toContainText("employee@acme.test");
    await expectAccessible(page);
  });

  test("searching keeps the query in the URL and shows an empty state when nothing matches", async ({ page, loginAs }) => {
    await loginAs(demo.acmeHr);
    await page.goto("/acme/home");
    const search = page.getByRole("searchbox", { name: "Search people" });
    await search.fill("Bianchi");
    await expect(page).toHaveURL(/[?&]q=Bianchi/);
    const table = page.getByRole("table", { name: "People in Acme Corp" });
    await expect(table.getByRole("row")).toHaveCount(2);
    await expect(table).toContainText("Marco Bianchi");

    await search.fill("zzz");
    await expect(page).toHaveURL(/[?&]q=zzz/);
    await expect(page.getByRole("heading", { name: "No people match this search." })).toBeVisible();
    await expectAccessible(page);

    // The URL alone restores the search.
    await page.goto("/acme/home?q=Bianchi");
    await expect(search).toHaveValue("Bianchi");
    await expect(page.getByRole("table", { name: "People in Acme Corp" }).getByRole("row")).toHaveCount(2);
  });

  test("the role filter and pages live in the URL", async ({ page, loginAs }) => {
    await loginAs(demo.acmeManager);
    await page.goto("/acme/home");
    await page.getByLabel("Role", { exact: true }).selectOption("MANAGER");
    await expect(page).toHaveURL(/[?&]role=MANAGER/);
    const table = page.getByRole("table", { name: "People in Acme Corp" });
    await expect(table).toContainText("Marco Bianchi");
    await expect(table).toContainText("Owen Ortiz");
    await expect(table).toContainText("Gina Geller");
    await expect(table).not.toContainText("Emma Lindqvist");
    await page.getByLabel("Role", { exact: true }).selectOption("EMPLOYEE");
    await expect(page).toHaveURL(/[?&]role=EMPLOYEE/);
    await expect(table).toContainText("Emma Lindqvist");
    await expect(table).not.toContainText("Marco Bianchi");

    // A page past the end: empty, with the way back.
    await page.goto("/acme/home?role=MANAGER&page=1");
    await expect(page.getByText("Page 2")).toBeVisible();
    await expect(page.getByRole("heading", { name: "No people match this search." })).toBeVisible();
    await page.getByRole("button", { name: "Previous" }).click();
    await expect(page).toHaveURL("/acme/home?role=MANAGER");
    await expect(page.getByText("Page 1")).toBeVisible();
    await expect(page.getByRole("table", { name: "People in Acme Corp" })).toContainText("Marco Bianchi");
  });

  test("HR of another group gets 403 and the Forbidden page", async ({ page, loginAs }) => {
    await loginAs(demo.acmeHr);
    const response = await page.goto("/globex/home");
    expect(response?.status()).toBe(403);
    await expect(page.getByRole("heading", { level: 1, name: "You do not have access to this page" })).toBeVisible();
    await expect(page.getByRole("link", { name: "Go to my home page" })).toHaveAttribute("href", "/acme/home");
    await expectAccessible(page);
  });

  test("a platform admin may open any group's home", async ({ page, loginAs }) => {
    await loginAs(demo.admin);
    const response = await page.goto("/globex/home");
    expect(response?.status()).toBe(200);
    await expect(page.getByRole("heading", { level: 1, name: "Globex Inc" })).toBeVisible();
    await expect(page.getByRole("table", { name: "People in Globex Inc" })).toContainText("Grace Okafor");
  });
});

test.describe("access and unknown pages", () => {
  test("an employee opening /admin gets 403 and the Forbidden page", async ({ page, loginAs }) => {
    await loginAs(demo.acmeEmployee);
    const response = await page.goto("/admin");
    expect(response?.status()).toBe(403);
    await expect(page.getByRole("heading", { level: 1, name: "You do not have access to this page" })).toBeVisible();
  });

  test("an unknown page answers 404 with the Not found page", async ({ page, loginAs }) => {
    await loginAs(demo.acmeHr);
    const response = await page.goto("/no/such/page");
    expect(response?.status()).toBe(404);
    await expect(page.getByRole("heading", { level: 1, name: "Page not found" })).toBeVisible();
    await expectAccessible(page);
  });

  test("a group that does not exist answers 404", async ({ page, loginAs }) => {
    await loginAs(demo.admin);
    const response = await page.goto("/umbrella/home");
    expect(response?.status()).toBe(404);
    await expect(page.getByRole("heading", { level: 1, name: "Page not found" })).toBeVisible();
  });

  test("HR and managers are sent from / to their group home", async ({ page, loginAs }) => {
    await loginAs(demo.globexHr);
    await page.goto("/");
    await expect(page).toHaveURL("/globex/home");
  });
});

test.describe("group home: employee policy", () => {
  test("HR opens an employee's policy from the people table", async ({ page, loginAs }) => {
    await loginAs(demo.acmeHr);
    await page.goto("/acme/home?q=Lindqvist");
    await page.getByRole("link", { name: "View the policy of Emma Lindqvist" }).click();
    await expect(page).toHaveURL(/\/admin\/policy\/view\?employeeId=\d+/);
    await expect(page.getByRole("heading", { level: 1, name: "Employee policy" })).toBeVisible();
    await expect(page.getByText("Global Long-Term Assignment")).toBeVisible();
    await expect(page.getByTestId("policy-employee")).toContainText("Emma Lindqvist (employee@acme.test)");
    await expectAccessible(page);
  });
});
