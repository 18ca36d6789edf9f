import type { Page } from "@playwright/test";
import { demo, expect, expectAccessible, test } from "../fixtures.ts";

/**
 * Cost-estimate admin pages (part 1 §2 "Cost-estimate group admin", §7, §8, §9): the per-group
 * switch and billing status on /admin/cost-estimates, and the city index import on /admin/mercer.
 * The flag test works on Initech (no estimate specs use it) and puts it back afterwards; the
 * import uses cities no demo move goes to, so the balance sheets of other specs do not change.
 */
const INITECH = "Initech";

/** Puts Initech back as the demo seeds it: cost estimates on, not billable. */
async function restoreInitech(page: Page, baseURL: string | undefined) {
  const groups = await page.request.get("/trpc/estimate.admin.groups");
  if (!groups.ok()) return;
  const list = ((await groups.json()) as { result?: { data?: { groups: Array<{ groupId: number; name: string }> } } }).result?.data?.groups ?? [];
  const initech = list.find((g) => g.name === "initech");
  if (!initech) return;
  const headers = { Origin: baseURL ?? "" };
  await page.request.put("/admin/costEstimates", { data: { groupId: initech.groupId, costEstimateFlag: true }, headers });
  await page.request.put("/admin/costEstimates/billing", { data: { groupId: initech.groupId, billingStatus: "NOT_BILLABLE" }, headers });
}

test.describe("cost-estimate admin", () => {
  test("an admin switches a group's cost estimates off, changes its billing status, and both persist", async ({ page, loginAs, baseURL }) => {
    // Two reloads and two axe runs: more than the default 30 s on a busy machine.
    test.setTimeout(60_000);
    await loginAs(demo.admin);
    try {
      await flagAndBilling(page);
    } finally {
      await restoreInitech(page, baseURL);
    }
  });

  async function flagAndBilling(page: Page) {
    await page.goto("/admin");
    await page.getByRole("button", { name: "Estimates" }).click();
    await page.getByRole("link", { name: "Cost estimates" }).first().click();
    await expect(page).toHaveURL(/\/admin\/cost-estimates$/);
    await expect(page.getByRole("heading", { level: 1, name: "Cost estimates" })).toBeVisible();
    const table = page.getByRole("table", { name: "Cost-estimate settings per group" });
    await expect(table).toContainText("Acme Corp");
    await expectAccessible(page);

    const row = page.getByTestId("group-initech");
    // The group's display name, never its URL name.
    await expect(row).toContainText(INITECH);
    await expect(row).not.toContainText("initech ·");
    const flag = row.getByRole("switch", { name: `Cost estimates for ${INITECH}` });
    const billing = row.getByRole("combobox", { name: `Billing status for ${INITECH}` });
    await expect(flag).toBeChecked();
    await expect(billing).toHaveValue("NOT_BILLABLE");
    await expect(row).toContainText("Authorised");

    // Keyboard: focus the switch and press Space.
    await flag.focus();
    await page.keyboard.press("Space");
    await expect(page.getByTestId("estimate-admin-outcome")).toHaveText(`Cost estimates are now off for ${INITECH}.`);
    await expect(flag).not.toBeChecked();
    await expect(row).toContainText("Not authorised");

    await billing.selectOption("SUSPENDED");
    await expect(page.getByTestId("estimate-admin-outcome")).toHaveText(`The billing status of ${INITECH} is now Suspended.`);
    await expectAccessible(page);

    await page.reload();
    await expect(flag).not.toBeChecked();
    await expect(billing).toHaveValue("SUSPENDED");

    // Back on, and the authorisation follows the billing status.
    await flag.click();
    await expect(flag).toBeChecked();
    await expect(page.getByTestId("estimate-admin-outcome")).toHaveText(`Cost estimates are now on for ${INITECH}.`);
    await expect(row).toContainText("Not authorised");
    await billing.selectOption("TRIAL");
    await expect(row).toContainText("Authorised");
    // The row follows the choice at once; the reload waits for the server's answer (a reload before it
    // would abort the save on a busy machine).
    await expect(page.getByTestId("estimate-admin-outcome")).toHaveText(`The billing status of ${INITECH} is now Trial.`);
    await page.reload();
    await expect(flag).toBeChecked();
    await expect(billing).toHaveValue("TRIAL");
  }

  test("a failed update shows the server's message and reverts", async ({ page, loginAs }) => {
    await loginAs(demo.admin);
    await page.goto("/admin/cost-estimates");
    // Globex: the other test changes Initech at the same time; nothing here reaches the server.
    const flag = page.getByTestId("group-globex").getByRole("switch", { name: "Cost estimates for Globex Inc" });
    await expect(flag).toBeChecked();
    // The server refuses (as it would for a group deleted meanwhile).
    await page.route("**/trpc/estimate.admin.setFlag**", (route) =>
      route.fulfill({
        status: 404,
        contentType: "application/json",
        body: JSON.stringify([{ error: { message: "Not found.", code: -32004, data: { code: "NOT_FOUND", httpStatus: 404, appCode: "NOT_FOUND", path: "estimate.admin.setFlag" } } }]),
      }),
    );
    await flag.click();
    await expect(page.getByRole("alert").filter({ hasText: "Not found." })).toBeVisible();
    await expect(flag).toBeChecked();

    // The server cannot be reached.
    await page.unroute("**/trpc/estimate.admin.setFlag**");
    await page.route("**/trpc/estimate.admin.setFlag**", (route) => route.abort("failed"));
    await flag.click();
    await expect(page.getByRole("alert").filter({ hasText: "Error! Please contact customer support or your Client Success Manager..." })).toBeVisible();
    await expect(flag).toBeChecked();
    await expectAccessible(page);
  });

  test("an admin imports a CSV with one bad row and sees the result", async ({ page, loginAs }) => {
    await loginAs(demo.admin);
    await page.goto("/admin");
    await page.getByRole("button", { name: "Estimates" }).click();
    await page.getByRole("link", { name: "City indices" }).first().click();
    await expect(page).toHaveURL(/\/admin\/mercer$/);
    await expect(page.getByRole("heading", { level: 1, name: "Cost-of-living indices" })).toBeVisible();
    await expect(page.getByTestId("demo-rows")).not.toHaveText("0");
    await expect(page.getByRole("link", { name: "Download template" })).toHaveAttribute("href", "/admin/mercer/template");
    await expect(page.getByRole("table", { name: "Columns of the index file" })).toContainText("Monthly rent");
    const importButton = page.getByRole("button", { name: "Import" });
    await expect(importButton).toBeDisabled();
    await expectAccessible(page);

    const csv = [
      "Country code,City,Currency,Cost of living index,Housing index,Monthly rent,As of",
      "IS,Reykjavík,ISK,88,55,450000,2026-06-01",
      "IS,Akureyri,ISK,70,35,280000,2026-06-01",
      "IS,Hafnarfjörður,ISK,abc,40,300000,2026-06-01",
    ].join("\n");
    await page.getByLabel("Index file (.xlsx or .csv, at most 20 MB)").setInputFiles({ name: "indices.csv", mimeType: "text/csv", buffer: Buffer.from(csv) });
    await expect(importButton).toBeEnabled();
    await importButton.click();
    await expect(page.getByTestId("import-outcome")).toHaveText("The import has started. This page updates when it finishes.");
    // A running import is polled every 5 s.
    await expect(page.getByTestId("import-state")).toHaveText("Completed with errors", { timeout: 15_000 });
    await expect(page.getByTestId("import-message")).toHaveText(
      '2 city indices imported. Row 4: the cost of living index "abc" must be a positive decimal number.',
    );
    await expect(page.getByTestId("imported-rows")).toHaveText("2");
    await expect(importButton).toBeDisabled();
    await expectAccessible(page);

    // The template downloads as a spreadsheet.
    const template = await page.request.get("/admin/mercer/template");
    expect(template.status()).toBe(200);
    expect(template.headers()["content-type"]).toBe("application/vnd.openxmlformats-officedocument.spreadsheetml.sheet");
  });

  test("HR gets the 403 page for both admin pages", async ({ page, loginAs }) => {
    await loginAs(demo.acmeHr);
    for (const path of ["/admin/cost-estimates", "/admin/mercer"]) {
      const response = await page.goto(path);
      expect(response?.status()).toBe(403);
      await expect(page.getByRole("heading", { level: 1, name: "You do not have access to this page" })).toBeVisible();
    }
    await expectAccessible(page);
    await expect(page.getByRole("link", { name: "City indices" })).toHaveCount(0);
  });
});
