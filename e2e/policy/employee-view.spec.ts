import type { Page } from "@playwright/test";
import { demo, expect, expectAccessible, test } from "../fixtures.ts";

/** The id of a demo person, looked up the way the group home's people table does (group.people). */
async function personId(page: Page, group: string, email: string): Promise<number> {
  const input = encodeURIComponent(JSON.stringify({ group, search: email, page: 0, pageSize: 10 }));
  const response = await page.request.get(`/trpc/group.people?input=${input}`);
  expect(response.status()).toBe(200);
  const rows = (await response.json()).result.data.rows as { id: number; email: string }[];
  const row = rows.find((r) => r.email === email);
  expect(row, `${email} in ${group}`).toBeDefined();
  return row!.id;
}

test.describe("employee policy view", () => {
  test("an admin sees the demo employee's policy per move stage, removed services struck through", async ({ page, loginAs }) => {
    await loginAs(demo.admin);
    const employeeId = await personId(page, "acme", demo.acmeEmployee);
    await page.goto(`/admin/policy/view?employeeId=${employeeId}`);
    await expect(page.getByRole("heading", { level: 1, name: "Employee policy" })).toBeVisible();
    await expect(page.getByText("Global Long-Term Assignment")).toBeVisible();

    // One accordion section per move stage, open.
    for (const stage of ["Pre-Departure", "On Assignment", "Repatriation"]) {
      await expect(page.getByRole("button", { name: stage })).toHaveAttribute("aria-expanded", "true");
    }
    // Money, frequencies and yes/no attributes read as words, never as stored values.
    const permits = page.getByRole("region", { name: "Work and residence permits" });
    await expect(permits).toContainText("USD 6,000.00");
    await expect(permits).toContainText("Dependants coveredYes");
    await expect(permits).not.toContainText("true");
    await expect(page.getByRole("region", { name: "Cost-of-Living Allowance" })).toContainText("USD 12,000.00 · Annual");

    // REMOVED FROM POLICY: the switched-off service, struck through and marked.
    const removed = page.getByTestId("removed-from-policy").first();
    await expect(removed).toContainText("REMOVED FROM POLICY");
    await expect(removed.locator("del", { hasText: "Tax Briefing" })).toBeVisible();
    await expectAccessible(page);

    // Sections close and open from the keyboard.
    const stage = page.getByRole("button", { name: "Repatriation" });
    await stage.focus();
    await page.keyboard.press("Enter");
    await expect(stage).toHaveAttribute("aria-expanded", "false");
  });

  test("HR of the employee's group and CRM agents see it; HR of another group does not", async ({ page, loginAs, browser, baseURL }) => {
    await loginAs(demo.acmeHr);
    const employeeId = await personId(page, "acme", demo.acmeEmployee);
    await page.goto(`/admin/policy/view?employeeId=${employeeId}`);
    await expect(page.getByRole("button", { name: "Pre-Departure" })).toBeVisible();
    await expectAccessible(page);

    const crm = await browser.newContext({ baseURL });
    const crmPage = await crm.newPage();
    const login = await crmPage.request.post("/login", { form: { email: demo.crm, password: "Demo#2026pass" }, headers: { Origin: baseURL! } });
    expect(login.status()).toBe(200);
    await crmPage.goto(`/admin/policy/view?employeeId=${employeeId}`);
    await expect(crmPage.getByRole("button", { name: "Pre-Departure" })).toBeVisible();
    await crm.close();

    const globex = await browser.newContext({ baseURL });
    const globexPage = await globex.newPage();
    const globexLogin = await globexPage.request.post("/login", { form: { email: demo.globexHr, password: "Demo#2026pass" }, headers: { Origin: baseURL! } });
    expect(globexLogin.status()).toBe(200);
    await globexPage.goto(`/admin/policy/view?employeeId=${employeeId}`);
    await expect(globexPage.getByRole("heading", { level: 1, name: "You do not have access to this page" })).toBeVisible();
    await globex.close();
  });

  test("an employee without a policy gets the error message and the support sentence", async ({ page, loginAs }) => {
    await loginAs(demo.admin);
    const managerId = await personId(page, "acme", demo.acmeManager);
    await page.goto(`/admin/policy/view?employeeId=${managerId}`);
    const error = page.getByTestId("employee-policy-error");
    await expect(error).toContainText("Error message");
    await expect(error).toContainText("This employee has no policy yet.");
    await expect(error).toContainText("Please contact customer support or your Client Success Manager in order to ensure prompt resolution.");
    await expect(error.getByRole("button", { name: "Try again" })).toBeVisible();
    await expectAccessible(page);
  });
});
