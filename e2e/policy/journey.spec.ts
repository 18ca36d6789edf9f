import type { Page } from "@playwright/test";
import { demo, expect, expectAccessible, test } from "../fixtures.ts";

/** The step's "Next" (a button or a link, depending on the page). */
const next = (page: Page) => page.getByRole("button", { name: "Next", exact: true }).or(page.getByRole("link", { name: "Next", exact: true })).first();

/**
 * The whole policy journey of issue 4 in one browser session, as an administrator would do it:
 * create a policy in setup, add a service with a budget and a benefit in details, see validation
 * mark the stage, fix it, pass the popup step, release the version on the confirm page, and clone
 * the released policy from the search.
 */
test("an admin creates a policy from setup to confirm, releases it and clones it", async ({ page, loginAs }) => {
  test.setTimeout(60_000);
  const name = `E2E Journey ${Date.now()}`;
  await loginAs(demo.admin);

  // Setup: a new one-stage policy.
  await page.goto("/policy/setup?group=acme");
  await page.getByLabel("Policy name").fill(name);
  await page.getByLabel("Move type").selectOption({ label: "International" });
  await page.getByLabel("Archetype").selectOption({ label: "Long-term assignment" });
  await page.getByLabel("Number of move stages").selectOption("1");
  await page.getByRole("button", { name: "Create policy" }).click();
  await expect(page).toHaveURL(/\/policy\/setup\?policyId=\d+&editDraft=true$/);
  const policyId = Number(new URL(page.url()).searchParams.get("policyId"));
  await expectAccessible(page);

  // Details: Home Finding as a currency budget (type 1) without an amount fails validation.
  await next(page).click();
  await expect(page).toHaveURL(new RegExp(`/policy/details\\?policyId=${policyId}`));
  await page.getByLabel("Add a service to Relocation").selectOption({ label: "Home Finding" });
  await page.getByRole("button", { name: "Add service" }).first().click();
  const service = page.getByTestId("service-1-FLATSEARCH");
  await expect(service.getByLabel("Policy type")).toBeVisible();
  await service.getByLabel("Policy type").selectOption("1");
  await page.getByRole("button", { name: "Validate" }).click();
  await expect(page.getByText("Please set budget amount for Home Finding").first()).toBeVisible();
  await expect(page.getByText("Please select a value of the Search days for Home Finding").first()).toBeVisible();
  await expect(page.getByTestId("stage-1")).toHaveAttribute("data-invalid", "true");
  await expectAccessible(page);

  // Fix: a budget in budget group 1, and a benefit on a second service.
  await service.getByLabel("Budget group", { exact: true }).selectOption("1");
  const group = service.getByTestId("budget-group-1-1");
  await group.getByRole("button", { name: "Add budget" }).click();
  await group.getByLabel("Currency, new budget").selectOption("EUR");
  await group.getByLabel("Amount, new budget").fill("4,500");
  await group.getByLabel("Amount, new budget").blur();
  await expect(group.getByLabel("Amount, budget 1")).toHaveValue(/4,?500/);
  await service.getByRole("textbox", { name: "Search days", exact: true }).fill("3");
  await service.getByRole("textbox", { name: "Search days", exact: true }).blur();

  await page.getByLabel("Add a service to Relocation").selectOption({ label: "Temporary Accommodation" });
  await page.getByRole("button", { name: "Add service" }).first().click();
  const temp = page.getByTestId("service-1-TEMPACCOMMODATION");
  await temp.getByLabel("Policy type").selectOption("3");
  await temp.getByLabel("30 nights").check();
  await expect(temp.getByLabel("30 nights")).toBeChecked();
  await temp.getByRole("textbox", { name: "Nights", exact: true }).fill("30");
  await temp.getByRole("textbox", { name: "Nights", exact: true }).blur();

  await page.getByRole("button", { name: "Validate" }).click();
  await expect(page.getByText("Please set budget amount for Home Finding")).toHaveCount(0);
  await expect(page.getByText("Please select a value of the Search days for Home Finding")).toHaveCount(0);
  await expect(page.getByTestId("stage-1")).not.toHaveAttribute("data-invalid", "true");

  // Popup step, then confirm.
  await next(page).click();
  await expect(page).toHaveURL(/\/policy\/details\/next\?policyId=/);
  await next(page).click();
  await expect(page).toHaveURL(/\/policy\/confirm\?policyId=/);
  await expect(page.getByText("No errors: this version is ready to be released.")).toBeVisible();
  await expect(page.getByText("Home Finding").first()).toBeVisible();
  await expectAccessible(page);
  await page.getByRole("button", { name: "Confirm and release" }).click();
  await page.getByRole("alertdialog").getByRole("button", { name: "Release" }).click();
  await expect(page).toHaveURL(new RegExp(`/policy/setup\\?policyId=${policyId}&editDraft=false&released=1$`));

  // The search shows it released (version 1), and it can be cloned into another group.
  await page.goto(`/policy/search?group=acme&q=${encodeURIComponent(name)}`);
  const row = page.getByRole("row").filter({ hasText: name });
  await expect(row).toBeVisible();
  await expect(row).not.toContainText("Draft");
  await page.getByRole("button", { name: `Actions for ${name}` }).click();
  await page.getByRole("menuitem", { name: "Clone" }).click();
  const dialog = page.getByRole("dialog", { name: `Clone ${name}` });
  await dialog.getByLabel("New policy name").fill(`${name} Globex`);
  await dialog.getByLabel("Customer group").selectOption({ label: "Globex Inc" });
  await dialog.getByRole("button", { name: "Clone policy" }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByTestId("policy-notice")).toHaveText(`${name} was cloned as ${name} Globex.`);
  await page.goto(`/policy/search?group=globex&q=${encodeURIComponent(`${name} Globex`)}`);
  await expect(page.getByRole("row").filter({ hasText: `${name} Globex` })).toBeVisible();
  await expectAccessible(page);
});
