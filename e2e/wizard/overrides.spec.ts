import type { Page } from "@playwright/test";
import { demo, expect, expectAccessible, test } from "../fixtures.ts";
import { choosePolicy, fillAssignment, fillStage2, uniqueEmail } from "./wizard-helpers.ts";

/**
 * Wizard stage 3, policy overrides (part 1 §2 stage 3, §4 add/remove and budget group sharing,
 * §5 stage-3 rules). Each test starts its own move (unique e-mail) through stages 1 and 2.
 */
async function startMove(page: Page, policy: string, name: { first: string; last: string }): Promise<{ employeeId: string; moveId: string }> {
  await page.goto("/acme/new-move");
  await choosePolicy(page, policy);
  await fillStage2(page, { firstName: name.first, lastName: name.last, email: uniqueEmail("ov", "acme.test") });
  if (policy === "Global Long-Term Assignment") {
    await fillAssignment(page);
  }
  await page.getByRole("button", { name: "Continue" }).click();
  await expect(page).toHaveURL(/stage=3/);
  await expect(page.getByRole("heading", { name: "Policy overrides" })).toBeVisible();
  await expect(page.getByTestId("included-services").first()).toBeVisible();
  const url = new URL(page.url());
  return { employeeId: url.searchParams.get("employeeId")!, moveId: url.searchParams.get("moveId")! };
}

const service = (page: Page, title: string) =>
  page.getByTestId("override-service").filter({ has: page.getByTestId("override-service-title").getByText(title, { exact: true }) });
const group = (page: Page, n: number) => page.locator(`[data-testid="budget-group"][data-group="${n}"]`);

test.describe("wizard stage 3: policy overrides", () => {
  test("add and remove benefits, budget group sharing, the checks, then Next stores and goes on", async ({ page, loginAs }) => {
    test.setTimeout(120_000);
    await loginAs(demo.acmeHr);
    const ids = await startMove(page, "Core/Flex Lump Sum", { first: "Olga", last: "Override" });
    await expect(page.getByRole("tab", { name: "Relocation" })).toHaveAttribute("aria-selected", "true");
    const included = page.getByTestId("included-services");
    const available = page.getByTestId("available-services");
    await expect(included.getByTestId("override-service-title").getByText("Cash Flex", { exact: true })).toBeVisible();
    // Mandatory benefits have no X, and say why.
    await expect(page.getByRole("button", { name: "Remove Cash Flex" })).toHaveCount(0);
    await expect(service(page, "Cash Flex")).toContainText("cannot be removed");
    await expect(group(page, 1)).toHaveAttribute("data-shared", "true");
    await expect(group(page, 2)).toContainText("Used by one benefit");
    await expectAccessible(page);

    // Add a benefit of budget group 1: it joins the shared group; focus moves to its X.
    await available.getByRole("button", { name: "Add School Search" }).click();
    await expect(group(page, 1).getByText("School Search", { exact: true })).toBeVisible();
    await expect(group(page, 1)).toContainText("Shared by 3 benefits");
    const removeSchool = page.getByRole("button", { name: "Remove School Search" });
    await expect(removeSchool).toBeFocused();
    // Remove it with the keyboard: back to "Available to add", focus on its Add button.
    await page.keyboard.press("Enter");
    await expect(group(page, 1)).toContainText("Shared by 2 benefits");
    await expect(available.getByRole("button", { name: "Add School Search" })).toBeFocused();

    // Group 2 becomes shared with a second benefit, and drops the shared state again with one.
    await available.getByRole("button", { name: "Add Spouse/Partner Support" }).click();
    await expect(group(page, 2)).toHaveAttribute("data-shared", "true");
    await expect(group(page, 2)).toContainText("Shared budget");
    await page.getByRole("button", { name: "Remove Spouse/Partner Support" }).click();
    await expect(group(page, 2)).toHaveAttribute("data-shared", "false");
    await expect(group(page, 2)).not.toContainText("Shared budget");

    // A required benefit field left empty.
    await available.getByRole("button", { name: "Add Language Training" }).click();
    const hours = service(page, "Language Training").getByRole("combobox");
    await hours.selectOption({ label: "Select…" });
    await page.getByRole("button", { name: /^Next/ }).click();
    await expect(page.getByTestId("overrides-message")).toHaveText("Please fill in all the required benefit fields before proceeding to the next screen");
    await expect(hours).toHaveAttribute("aria-invalid", "true");
    await expect(hours).toBeFocused();
    await hours.selectOption({ index: 1 });
    const chosenHours = await hours.locator("option:checked").innerText();

    // A budget of zero.
    const budget = page.getByLabel("Budget amount (group 1)");
    await budget.fill("0");
    await page.getByRole("button", { name: /^Next/ }).click();
    await expect(group(page, 1).getByTestId("override-error")).toHaveText("Budget must be greater than zero.");
    await expect(budget).toHaveAttribute("aria-invalid", "true");
    await expect(budget).toHaveAccessibleDescription(/Budget must be greater than zero\./);
    await expect(budget).toBeFocused();
    await expectAccessible(page);

    // Above the maximum: the range error.
    await budget.fill("20000");
    await page.getByRole("button", { name: /^Next/ }).click();
    await expect(page.getByTestId("overrides-message")).toHaveText("Error: Budget is outside the range provided.");
    await expect(group(page, 1).getByTestId("override-error")).toContainText("cannot be above the maximum of USD 10,000.00");

    // Fixed: Next stores and goes to the cost estimate (stage 4 for this policy).
    await budget.fill("9000");
    await expect(budget).not.toHaveAttribute("aria-invalid", "true");
    await page.getByRole("button", { name: /^Next/ }).click();
    await expect(page).toHaveURL(/stage=4/);
    await expect(page).toHaveURL(new RegExp(`moveId=${ids.moveId}`));

    // Back on stage 3 the stored choices are there.
    const url = new URL(page.url());
    url.searchParams.set("stage", "3");
    await page.goto(url.toString());
    await expect(page.getByLabel("Budget amount (group 1)")).toHaveValue("9000.00");
    await expect(included.getByText("Language Training", { exact: true })).toBeVisible();
    await expect(service(page, "Language Training").getByRole("combobox").locator("option:checked")).toHaveText(chosenHours);
    await expect(page.getByTestId("available-services").getByText("School Search", { exact: true })).toBeVisible();
  });

  test("a soft budget (type S) outside its range warns and asks instead of refusing; the popup texts are the spec's", async ({ page, loginAs }) => {
    test.setTimeout(120_000);
    await loginAs(demo.acmeHr);
    // Global Long-Term Assignment: On Assignment, budget group 2 is soft, USD 36,000–60,000 (src/db/seed-expenses.ts).
    await startMove(page, "Global Long-Term Assignment", { first: "Sonja", last: `Soft${Date.now()}` });
    await page.getByRole("tab").nth(1).click();
    const budget = page.getByLabel("Budget amount (group 2)");
    await budget.fill("70000");
    await page.getByRole("button", { name: /^Next/ }).click();
    const dialog = page.getByRole("alertdialog", { name: "Budget will be outside the range provided" });
    await expect(dialog).toBeVisible();
    await expect(dialog).toContainText("Warning: Budget is going to be outside the range provided.");
    await expect(page.getByText("Error: Budget is outside the range provided.")).toHaveCount(0);
    await expectAccessible(page);
    // Changing the budget stays on stage 3; confirming stores it and goes on.
    await dialog.getByRole("button", { name: "Change the budget" }).click();
    await expect(dialog).toBeHidden();
    await expect(page).toHaveURL(/stage=3/);
    await page.getByRole("button", { name: /^Next/ }).click();
    await expect(dialog).toBeVisible();
    await dialog.getByRole("button", { name: "Continue" }).click();
    await expect(page).not.toHaveURL(/stage=3/);
    const url = new URL(page.url());
    url.searchParams.set("stage", "3");
    await page.goto(url.toString());
    await page.getByRole("tab").nth(1).click();
    await expect(page.getByLabel("Budget amount (group 2)")).toHaveValue("70000.00");
  });

  test("Cancel deletes the draft: it is gone from the moves list", async ({ page, loginAs }) => {
    test.setTimeout(90_000);
    await loginAs(demo.acmeHr);
    const last = `Cancelled${Date.now()}`;
    await startMove(page, "Global Long-Term Assignment", { first: "Carl", last });
    // Three move stages, the last one the repatriation.
    await expect(page.getByRole("tab")).toHaveCount(3);
    await expect(page.getByRole("tab").nth(2)).toContainText("Repatriation");
    await page.getByRole("button", { name: "Cancel", exact: true }).click();
    const dialog = page.getByRole("alertdialog", { name: "Cancel this new move?" });
    await expect(dialog).toBeVisible();
    await expectAccessible(page);
    await dialog.getByRole("button", { name: "Cancel move" }).click();
    await expect(page).toHaveURL(/\/acme\/home/);
    await page.getByRole("searchbox", { name: "Search moves" }).fill(last);
    await expect(page).toHaveURL(new RegExp(`moves_q=${last}`));
    await expect(page.getByRole("heading", { name: "No moves match your search." })).toBeVisible();
  });

  test("nothing to add says so; a lost connection shows the connection message; Skip cost estimate goes to the summary", async ({ page, loginAs }) => {
    test.setTimeout(90_000);
    await loginAs(demo.acmeHr);
    await startMove(page, "Domestic Homeowner Transfer", { first: "Dora", last: "Domestic" });
    await expect(page.getByTestId("overrides-info")).toHaveText("No additional benefits may be added to this employee's policy");
    await expect(page.getByTestId("available-empty")).toBeVisible();

    await page.route("**/trpc/wizard.storePolicyOverrides**", (route) => route.abort("internetdisconnected"));
    await page.getByRole("button", { name: /^Next/ }).click();
    await expect(page.getByTestId("overrides-message")).toHaveText(
      "Unable to connect to the product. Check your internet connection and if the problem persists contact customer support.",
    );
    await expect(page).toHaveURL(/stage=3/);
    await page.unroute("**/trpc/wizard.storePolicyOverrides**");

    await page.getByRole("button", { name: "Skip cost estimate" }).click();
    await expect(page).toHaveURL(/stage=5/);
    await expect(page).toHaveURL(/skipCE=true/);
  });

  test("a move that can no longer be changed shows its policy read-only", async ({ page, loginAs }) => {
    await loginAs(demo.acmeHr);
    await page.goto("/acme/home?moves_q=O'Connor");
    const link = page.getByRole("link", { name: "Open the move policy of James O'Connor" });
    const href = new URL((await link.getAttribute("href"))!, "http://x").searchParams;
    await page.goto(`/acme/new-move?stage=3&employeeId=${href.get("employeeId")}&moveId=${href.get("moveId")}`);
    await expect(page.getByTestId("overrides-read-only")).toBeVisible();
    await expect(page.getByTestId("override-service").first()).toBeVisible();
    await expect(page.getByRole("button", { name: /^Add / })).toHaveCount(0);
    await expect(page.getByRole("button", { name: /^Remove / })).toHaveCount(0);
    await expect(page.getByRole("textbox")).toHaveCount(0);
    await expectAccessible(page);
  });
});
