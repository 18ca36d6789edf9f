import { demo, expect, expectAccessible, test } from "../fixtures.ts";

test.describe("policy group setup", () => {
  test("an admin adds a benefit set, an option and a metadata line, then fixes a formula error", async ({ page, loginAs }) => {
    // A long journey (set, option, line, three formula saves, a policy override): more than the default 30 s on a busy machine.
    test.setTimeout(60_000);
    await loginAs(demo.admin);
    await page.goto("/admin/policy/group-setup?group=acme");
    await expect(page.getByRole("heading", { level: 1, name: "Policy group setup" })).toBeVisible();
    await expect(page.getByLabel("Group", { exact: true })).toHaveValue("acme");
    await page.getByLabel("Service", { exact: true }).selectOption({ label: "Language Training" });
    const service = page.getByTestId("service-benefits-LANGUAGETRAINING");
    await expect(service.getByRole("region", { name: "Hours" })).toBeVisible();

    // A new set needs a name and an option.
    await service.getByRole("button", { name: "Add benefit set" }).click();
    await expect(service.getByText("Please enter group Name.")).toBeVisible();
    await expect(service.getByText("The group must have at least one option.")).toBeVisible();

    const setName = `E2E set ${Date.now()}-${Math.random().toString(36).slice(2, 6)}`;
    await service.getByRole("textbox", { name: "Benefit set name" }).fill(setName);
    await service.getByLabel("First option").fill("Basic");
    await service.getByRole("button", { name: "Add benefit set" }).click();
    const set = service.getByRole("region", { name: setName });
    await expect(set).toBeVisible();
    await expect(set.getByRole("row", { name: /Basic/ })).toBeVisible();

    // Add an option (REGULAR set, no policy selected).
    await set.getByRole("button", { name: "Add option" }).click();
    await expect(set.getByText("Please enter benefit option name first.")).toBeVisible();
    await set.getByLabel(`New option in ${setName}`).fill("Premium");
    await set.getByRole("button", { name: "Add option" }).click();
    await expect(set.getByRole("row", { name: /Premium/ })).toBeVisible();

    // Renaming an option to nothing is refused and the old name stays.
    await set.getByRole("button", { name: "Rename option Premium" }).click();
    const rename = set.getByRole("textbox", { name: "Name of option Premium" });
    await rename.fill("");
    await rename.press("Enter");
    await expect(set.getByText("Option name can not be empty.")).toBeVisible();
    await expect(rename).toHaveValue("Premium");
    await rename.press("Escape");
    await expect(set.getByRole("button", { name: "Rename option Premium" })).toBeFocused();

    // A metadata line (column) with a formula for every option.
    await set.getByLabel(`New metadata line in ${setName}`).fill("Cost");
    await set.getByLabel("Formula", { exact: true }).fill("100");
    await set.getByRole("button", { name: "Add metadata line" }).click();
    await expect(set.getByRole("columnheader", { name: "Cost" })).toBeVisible();

    // A broken formula is refused with its position, then fixed.
    await set.getByRole("button", { name: "Edit formula of Basic · Cost" }).click();
    const dialog = page.getByRole("dialog", { name: "Formula: Basic · Cost" });
    await dialog.getByLabel("Formula", { exact: true }).fill("100 + * 2");
    // The save label names the scope (part 2 §1).
    await dialog.getByRole("button", { name: "Save group override" }).click();
    await expect(dialog.getByText(/Invalid formula at character \d+/)).toBeVisible();
    await expectAccessible(page);

    await dialog.getByLabel("Formula", { exact: true }).fill("100 + familySize * 2");
    await dialog.getByRole("button", { name: "Test formula" }).click();
    await dialog.getByLabel("familySize").fill("3");
    await dialog.getByRole("button", { name: "Test formula" }).click();
    await expect(dialog.getByTestId("formula-test-result")).toContainText("106");
    await dialog.getByRole("button", { name: "Save group override" }).click();
    await expect(dialog).toBeHidden();
    await expect(set.getByRole("row", { name: /Basic/ })).toContainText("100 + familySize * 2");
    await expectAccessible(page);

    // With a policy chosen, edits are that policy's overrides and no option can be added (part 2 §6).
    const policy = page.getByLabel("Policy", { exact: true });
    const firstPolicy = await policy.locator("option").nth(1).getAttribute("value");
    await policy.selectOption(firstPolicy!);
    await expect(set.getByRole("row", { name: /Basic/ })).toBeVisible();
    await expect(set.getByRole("button", { name: "Add option" })).toHaveCount(0);
    await expect(service.getByRole("button", { name: "Add benefit set" })).toHaveCount(0);

    // A policy override: saved and reset with labels naming the policy scope.
    await set.getByRole("button", { name: "Edit formula of Basic · Cost" }).click();
    const policyDialog = page.getByRole("dialog", { name: "Formula: Basic · Cost" });
    await policyDialog.getByLabel("Formula", { exact: true }).fill("250");
    await policyDialog.getByRole("button", { name: "Save policy override" }).click();
    await expect(policyDialog).toBeHidden();
    const basic = set.getByRole("row", { name: /Basic/ });
    await expect(basic).toContainText("250");
    await expect(basic).toContainText("Policy override");
    await set.getByRole("button", { name: "Reset the policy override of Basic · Cost" }).click();
    await expect(basic).toContainText("100 + familySize * 2");
    await expect(basic).not.toContainText("Policy override");
  });

  test("the global defaults: every group's sets, saved as the global default", async ({ page, loginAs }) => {
    await loginAs(demo.admin);
    await page.goto("/admin/policy/group-setup");
    await page.getByLabel("Group", { exact: true }).selectOption({ label: "Global defaults (every group)" });
    await expect(page).toHaveURL(/group=_global/);
    await expect(page.getByLabel("Policy", { exact: true })).toHaveCount(0);
    await page.getByLabel("Service", { exact: true }).selectOption({ label: "Temporary Accommodation" });
    const set = page.getByRole("region", { name: /Temporary housing duration/ }).first();
    await expect(set).toBeVisible();
    await expect(set.getByText("Global default").first()).toBeVisible();
    // No group, so no option or set can be added here, and a global default has no reset.
    await expect(set.getByRole("button", { name: "Add option" })).toHaveCount(0);
    await expect(set.getByRole("button", { name: /Reset/ })).toHaveCount(0);

    const edit = set.getByRole("button", { name: "Edit formula of 30 nights · Nights" });
    await edit.click();
    const dialog = page.getByRole("dialog", { name: "Formula: 30 nights · Nights" });
    const formula = dialog.getByLabel("Formula", { exact: true });
    const original = await formula.inputValue();
    await expect(dialog.getByRole("button", { name: "Save global default" })).toBeVisible();
    await expectAccessible(page);
    // Saving the same formula keeps the demo data unchanged for other tests.
    await formula.fill(original);
    await dialog.getByRole("button", { name: "Save global default" }).click();
    await expect(dialog).toBeHidden();
    await expect(set.getByRole("row", { name: /30 nights/ })).toContainText(original);
  });

  test("an admin toggles a benefit set's flags; inactive sets follow the inactive-benefits filter", async ({ page, loginAs }) => {
    await loginAs(demo.admin);
    await page.goto("/admin/policy/group-setup?group=acme");
    await page.getByLabel("Service", { exact: true }).selectOption({ label: "Language Training" });
    const service = page.getByTestId("service-benefits-LANGUAGETRAINING");
    const setName = `E2E flags ${Date.now()}-${Math.random().toString(36).slice(2, 6)}`;
    await service.getByRole("textbox", { name: "Benefit set name" }).fill(setName);
    await service.getByLabel("First option").fill("Basic");
    await service.getByRole("button", { name: "Add benefit set" }).click();
    const set = service.getByRole("region", { name: setName });
    await expect(set).toBeVisible();

    // Each switch is labelled with the set's name and shows the saved value.
    const affects = set.getByRole("switch", { name: `Affects cost estimate (${setName})` });
    const custom = set.getByRole("switch", { name: `Custom (${setName})` });
    const inactive = set.getByRole("switch", { name: `Inactive (${setName})` });
    await expect(affects).not.toBeChecked();
    await expect(custom).not.toBeChecked();
    await expect(inactive).not.toBeChecked();
    await affects.focus();
    await page.keyboard.press("Space");
    await expect(affects).toBeChecked();
    await expect(affects).toBeEnabled();
    await expectAccessible(page);

    // Saved on the server: a reload shows it.
    await page.reload();
    await page.getByLabel("Service", { exact: true }).selectOption({ label: "Language Training" });
    const reloaded = page.getByTestId("service-benefits-LANGUAGETRAINING").getByRole("region", { name: setName });
    await expect(reloaded.getByRole("switch", { name: `Affects cost estimate (${setName})` })).toBeChecked();
    await expect(reloaded.getByRole("switch", { name: `Custom (${setName})` })).not.toBeChecked();

    // An inactive set leaves the page while inactive benefits are hidden, and comes back when shown.
    await reloaded.getByRole("switch", { name: `Inactive (${setName})` }).click();
    await expect(reloaded).toHaveCount(0);
    await expect(page.getByRole("heading", { name: "Language Training" })).toBeFocused();
    await page.getByLabel("Inactive benefits", { exact: true }).selectOption("show");
    await expect(reloaded).toBeVisible();
    await expect(reloaded.getByRole("switch", { name: `Inactive (${setName})` })).toBeChecked();
    await expect(reloaded.getByText("Inactive", { exact: true }).first()).toBeVisible();
    await reloaded.getByRole("switch", { name: `Inactive (${setName})` }).click();
    await expect(reloaded.getByRole("switch", { name: `Inactive (${setName})` })).not.toBeChecked();
    await page.getByLabel("Inactive benefits", { exact: true }).selectOption("hide");
    await expect(reloaded).toBeVisible();

    // A failed update leaves the switch as it was and says so.
    await page.route(/\/trpc\/[^?]*policy\.benefits\.setFlags/, (route) => route.abort());
    const customSwitch = reloaded.getByRole("switch", { name: `Custom (${setName})` });
    await customSwitch.click();
    await expect(reloaded.getByText("The update failed. Please try again.")).toBeVisible();
    await expect(customSwitch).not.toBeChecked();
    await expect(customSwitch).toBeEnabled();
  });
});

test.describe("spend categories and service attributes", () => {
  test("the spend category tree expands and the search needs 3 characters or ***", async ({ page, loginAs }) => {
    await loginAs(demo.admin);
    await page.goto("/admin/policy/spend-categories");
    await expect(page.getByRole("heading", { level: 1, name: "Spend categories" })).toBeVisible();
    const tree = page.getByRole("tree", { name: "Spend categories" });
    await expect(tree.getByRole("treeitem").first()).toBeVisible();
    const first = tree.getByRole("treeitem").first();
    await expect(first).toHaveAttribute("aria-expanded", "false");
    await first.getByRole("button", { name: /^Expand / }).first().click();
    await expect(first).toHaveAttribute("aria-expanded", "true");

    const search = page.getByRole("combobox", { name: "Find a spend category" });
    await search.fill("ho");
    await expect(page.getByText("Please enter at least 3 characters, or *** to list every category.")).toBeVisible();
    await search.fill("***");
    const options = page.getByRole("listbox", { name: "Find a spend category" }).getByRole("option");
    await expect(options.first()).toBeVisible();
    await search.press("ArrowDown");
    await search.press("Enter");
    await expect(page.getByTestId("spend-category-value")).toBeVisible();
    await expectAccessible(page);
  });

  test("an admin switches an attribute's visibility for HR", async ({ page, loginAs }) => {
    await loginAs(demo.admin);
    await page.goto("/admin/policy/service-attributes");
    await expect(page.getByRole("heading", { level: 1, name: "Service attributes" })).toBeVisible();
    // An attribute HR does not see: shown for a moment, then hidden again (other tests see the catalogue as seeded).
    await page.getByLabel("Service", { exact: true }).selectOption({ label: "Immigration & Visas" });
    const toggle = page.getByRole("switch", { name: /Visible to HR: Processing priority/ });
    await expect(toggle).not.toBeChecked();
    await toggle.click();
    await expect(toggle).toBeChecked();
    await expectAccessible(page);
    await toggle.click();
    await expect(toggle).not.toBeChecked();
  });
});
